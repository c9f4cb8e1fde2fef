//! Blocks of a few MiB (a page's compression takes about 2 MiB) stay in the allocator's
//! arenas once the process has set its bounds for password hashes' blocks: freed and
//! taken again, they cost no page faults. (Its own test binary: the bounds are the
//! process's.)

#![cfg(all(target_os = "linux", target_env = "gnu"))]

use sound_atlas_accounts::password;

/// Minor page faults of this thread so far.
fn page_faults() -> i64 {
    // SAFETY: getrusage writes one `rusage` into the zeroed one it is given.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_THREAD, &mut usage), 0);
        usage.ru_minflt
    }
}

/// A block of `size` bytes, every page of it written, then freed.
fn use_block(size: usize) {
    let mut block = Vec::<u8>::with_capacity(size);
    block.resize(size, 1);
    std::hint::black_box(&block);
}

#[test]
fn blocks_of_a_few_mib_are_reused_not_mapped_anew() {
    password::return_hash_memory();
    const SIZE: usize = 2 << 20;
    use_block(SIZE);
    let before = page_faults();
    for _ in 0..20 {
        use_block(SIZE);
    }
    let faults = page_faults() - before;
    // Mapped anew each time, every block's 512 pages would fault.
    assert!(faults < 100, "20 blocks of 2 MiB cost {faults} page faults");
}
