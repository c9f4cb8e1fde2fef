//! Password hashes give their working memory back: after two rounds of hashes on
//! several threads at once, the process holds little more than before. (Its own test
//! binary: no other test allocates in the process meanwhile.)

use sound_atlas_accounts::password;

/// The process's resident memory, in MiB.
fn resident_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: f64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches(" kB").parse().ok())
        .unwrap();
    kb / 1024.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hashes_on_many_threads_give_their_memory_back() {
    password::return_hash_memory();
    let before = resident_mib();
    // The first round's blocks are mapped on their own either way; after it, glibc's
    // raised bound would keep the second round's in eight arenas (about 150 MiB).
    for _ in 0..2 {
        let hashes = (0..8).map(|n| password::hash(format!("a password of test {n}")));
        for hash in futures_util::future::join_all(hashes).await {
            hash.unwrap();
        }
    }
    let grown = resident_mib() - before;
    assert!(
        grown < 40.0,
        "the process holds {grown:.0} MiB more after 16 hashes"
    );
}
