//! `dama-server`: the dama server on its own, options from the command line and the
//! environment (see `dama-server --help`), stopped gracefully by SIGTERM or ctrl-c.

use clap::Parser;
use dama_server::app;
use dama_server::config::Config;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    let site = config.site.clone();
    let database = config.location().map(|l| l.to_string()).unwrap_or_default();
    let server = match app::start(config).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("dama-server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    println!(
        "dama-server: serving {} on http://{}/ with the {database} ({} games resumed; ctrl-c to stop)",
        site.display(),
        server.addr,
        server.resumed
    );
    stop_signal().await;
    println!("dama-server: stopping");
    server.stop().await;
    std::process::ExitCode::SUCCESS
}

/// Ctrl-c, or SIGTERM (what a service manager sends).
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
