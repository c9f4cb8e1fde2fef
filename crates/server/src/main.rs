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
    #[command(flatten)]
    Content(sound_atlas_content::cli::Command),
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
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
        Some(Command::Content(command)) => return run_command(&config, command).await,
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

/// Importers and enrichment: against the configured database, then a summary.
async fn run_command(
    config: &sound_atlas::config::Config,
    command: sound_atlas_content::cli::Command,
) -> std::process::ExitCode {
    let db = match sound_atlas::db::connect(config).await {
        Ok(db) => db,
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match sound_atlas_content::cli::run(&db, command).await {
        Ok(report) => {
            // Running servers on this PostgreSQL reread at once.
            if let Err(err) = sound_atlas::changes::announce(&db).await {
                eprintln!("sound-atlas: imported, but could not notify running servers: {err}");
            }
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
