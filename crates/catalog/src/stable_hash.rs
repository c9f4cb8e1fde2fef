//! Hashes that are the same on every run and machine: the quiz's sample for a seed
//! depends on them, and the catalogue's snapshot keeps each artist's.

/// The hash of an external id the sample ranks by (kept in the catalogue's snapshot).
pub fn external_key(external_id: &str) -> u64 {
    fnv1a(external_id.bytes())
}

/// FNV-1a.
pub fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// splitmix64's finalizer: spreads a hash's bits (so seed and id both move every bit).
pub fn spread(mut h: u64) -> u64 {
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}
