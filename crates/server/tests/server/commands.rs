//! The binary's data commands on the default SQLite file.

/// A command closes the database, so SQLite folds its write-ahead log into the file: a
/// log left as large as an import is what the next start (and every read until a
/// checkpoint) would go through.
#[tokio::test]
async fn an_import_leaves_no_write_ahead_log_behind() {
    let dir = std::env::temp_dir().join(format!("sa-commands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut csv = String::from("title,kind,genres,bio,bioSourceLink\n");
    for i in 0..2000 {
        csv += &format!(
            "Test Band {i},band,\"[\"\"Rock\"\"]\",A test band.,https://example.org/{i}\n"
        );
    }
    let file = dir.join("artists.csv");
    std::fs::write(&file, csv).unwrap();
    let output = import(&dir, &["artists", file.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("2000 inserted"));
    let log = std::fs::metadata(dir.join("sound-atlas.db-wal")).map_or(0, |m| m.len());
    assert_eq!(log, 0, "the import left {log} bytes of write-ahead log");
    std::fs::remove_dir_all(&dir).ok();
}

/// A dry run counts what an import would write and writes nothing: where no database
/// exists yet, it creates neither the data directory nor a database.
#[tokio::test]
async fn a_dry_run_leaves_no_file_behind() {
    let dir = std::env::temp_dir().join(format!("sa-dry-run-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let dump = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/catalog-import/tests/testdata/wikidata-dump.json"
    );
    let output = import(&dir, &["wikidata-dump", dump, "--dry-run"]);
    let summary = String::from_utf8_lossy(&output.stdout);
    assert!(summary.contains("dry run"), "{summary}");
    assert!(summary.contains("inserted"), "{summary}");
    assert!(!dir.exists(), "the dry run created {}", dir.display());
}

/// `sound-atlas import <args>` on SQLite in `dir`, which must succeed; its output.
fn import(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sound-atlas"))
        .arg("import")
        .args(args)
        .env("SOUND_ATLAS_DATA", dir)
        .env("RUST_LOG", "error")
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}
