//! `sound-atlas`: with no arguments, serves the site (settings from the environment,
//! see the README).

#[tokio::main]
async fn main() -> std::process::ExitCode {
    sound_atlas::telemetry::init();
    match sound_atlas::config::Config::from_env() {
        Ok(config) => match sound_atlas::serve(config).await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(err) => {
                tracing::error!("{err}");
                std::process::ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("sound-atlas: {err}");
            std::process::ExitCode::from(2)
        }
    }
}
