//! The server's binary run as a child process (killed with SIGKILL, or one of several
//! instances): on an ephemeral port of the loopback, its address read from its first line,
//! killed when dropped.

use super::{site, GUARD};
use std::net::SocketAddr;
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// Starts the binary over `db` with the environment `env` added; the child and its address.
pub async fn spawn(db: &str, env: &[(&str, &str)]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama-server"))
        .args(["--addr", "127.0.0.1:0", "--site"])
        .arg(site())
        .env("DATABASE_URL", db)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = tokio::time::timeout(GUARD, lines.next_line())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    (child, addr)
}
