//! Generates the route contract's TypeScript into `ui/src/generated/` (from
//! `crates/contract`), then bundles `ui/` with esbuild (through `ui/build.mjs`) into `$OUT_DIR/ui`:
//! `client/` (hashed browser files), `manifest.json` (what the shell links) and
//! `server.js` (the one script the embedded engine runs). The binary embeds them.
//! Needs Node.js and npm; installs `ui/node_modules` from the lockfile if missing.

use std::path::Path;
use std::process::Command;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let ui = Path::new(&root).join("ui");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("ui");
    for watched in [
        "src",
        "build.mjs",
        "critical-css.mjs",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={}", ui.join(watched).display());
    }
    // The UI's payload types, API paths, routes, titles and limits come from the Rust
    // contract; written only when they change, so an unchanged contract rebuilds nothing.
    let written = sound_atlas_contract::codegen::write_if_changed(&ui.join("src/generated"))
        .expect("writing ui/src/generated");
    for name in written {
        println!(
            "cargo:warning=regenerated ui/src/generated/{name} from crates/contract: commit it"
        );
    }
    if node_modules_outdated(&ui) {
        // `npm install` rather than `npm ci`: it installs the locked versions all the
        // same, but tolerates the lockfile lacking optional packages of other platforms
        // (rollup's, for vitest), which a registry mirror may not carry.
        run(
            Command::new("npm")
                .args(["install", "--no-audit", "--no-fund"])
                .current_dir(&ui),
            "npm install (ui/)",
        );
        // npm leaves the stamp alone when nothing changed: mark the install as current.
        if let Ok(stamp) = std::fs::File::options()
            .write(true)
            .open(ui.join("node_modules/.package-lock.json"))
        {
            let _ = stamp.set_modified(std::time::SystemTime::now());
        }
    }
    run(
        Command::new("node")
            .arg(ui.join("build.mjs"))
            .arg("--outdir")
            .arg(&out)
            .current_dir(&ui),
        "bundling ui/",
    );
}

/// True when `ui/node_modules` is missing or older than the lockfile (npm stamps
/// `node_modules/.package-lock.json` on every install), e.g. after a merge added a package.
fn node_modules_outdated(ui: &Path) -> bool {
    let modified =
        |path: std::path::PathBuf| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    match (
        modified(ui.join("node_modules/.package-lock.json")),
        modified(ui.join("package-lock.json")),
    ) {
        (Some(installed), Some(locked)) => installed < locked,
        _ => true,
    }
}

fn run(command: &mut Command, what: &str) {
    match command.status() {
        Ok(status) if status.success() => {}
        Ok(status) => panic!("{what} failed ({status}); see the output above"),
        Err(err) => panic!(
            "{what}: could not start {:?}: {err} (is Node.js installed?)",
            command.get_program()
        ),
    }
}
