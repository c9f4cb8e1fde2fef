//! `sound-atlas`: with no arguments, serves the site (settings from the environment,
//! see the README). Subcommands import and enrich data (`sound-atlas --help`).

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "sound-atlas",
    version,
    about = "Sound Atlas: serves the site; subcommands import and enrich data."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<sound_atlas_content::cli::Command>,
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
    if let Some(command) = cli.command {
        return run_command(&config, command).await;
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
            println!("{}", report.summary());
            std::process::ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
