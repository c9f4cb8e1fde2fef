//! `sound-atlas`: with no arguments, serves the site (settings from the environment,
//! see the README). Subcommands import and enrich data (`sound-atlas --help`).

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "sound-atlas",
    version,
    about = "Sound Atlas: serves the site; subcommands import and enrich data."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Write a consistent copy of the SQLite database to FILE, also while the server runs
    /// (restore: see docs/operations-and-scaling.md).
    Backup {
        /// The copy's path (must not exist yet).
        file: std::path::PathBuf,
    },
    /// Import artists or content. Re-running updates rows in place; bad rows are
    /// reported with their line and skipped; the import commits whole or not at all.
    Import {
        #[command(subcommand)]
        what: Import,
    },
    #[command(flatten)]
    Catalog(sound_atlas_catalog_import::cli::Command),
}

/// `sound-atlas import …`: each feature's importers, under one subcommand.
#[derive(Subcommand)]
enum Import {
    #[command(flatten)]
    Catalog(sound_atlas_catalog_import::cli::Import),
    #[command(flatten)]
    Content(sound_atlas_content::cli::Import),
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    sound_atlas_accounts::password::return_hash_memory();
    let cli = Cli::parse();
    sound_atlas::telemetry::init();
    let config = match sound_atlas::config::Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            return std::process::ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Import { what }) => return run_command(&config, Task::Import(what)).await,
        Some(Command::Catalog(command)) => {
            return run_command(&config, Task::Catalog(command)).await
        }
        Some(Command::Backup { file }) => return backup(&config, &file).await,
        None => {}
    }
    match sound_atlas::serve(config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A subcommand that changes the data: an import, or the catalogue's enrichment.
enum Task {
    Import(Import),
    Catalog(sound_atlas_catalog_import::cli::Command),
}

/// Importers and enrichment: against the configured database, then a summary.
async fn run_command(config: &sound_atlas::config::Config, task: Task) -> std::process::ExitCode {
    let dry_run = matches!(&task, Task::Import(Import::Catalog(what)) if what.dry_run());
    let db = match dry_run {
        true => sound_atlas::db::connect_dry_run(config).await,
        false => sound_atlas::db::connect(config).await,
    };
    let db = match db {
        Ok(db) => db,
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let outcome = match task {
        Task::Import(Import::Catalog(what)) => {
            sound_atlas_catalog_import::cli::import(&db, what).await
        }
        Task::Import(Import::Content(what)) => sound_atlas_content::cli::import(&db, what).await,
        Task::Catalog(command) => sound_atlas_catalog_import::cli::run(&db, command).await,
    };
    if outcome.is_ok() {
        // Running servers on this PostgreSQL reread at once.
        if let Err(err) = sound_atlas::changes::announce(&db).await {
            eprintln!("sound-atlas: imported, but could not notify running servers: {err}");
        }
    }
    sound_atlas::db::close(db).await;
    match outcome {
        Ok(report) => {
            println!("{}", report.summary());
            std::process::ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// `sound-atlas backup FILE`. Opens the database without
/// migrating it (a backup must not change the schema under a running server).
async fn backup(
    config: &sound_atlas::config::Config,
    file: &std::path::Path,
) -> std::process::ExitCode {
    let db = match sound_atlas::db::open(config).await {
        Ok(db) => db,
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match sound_atlas::backup::backup(&db, file).await {
        Ok(()) => {
            println!("backed up to {}", file.display());
            std::process::ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
