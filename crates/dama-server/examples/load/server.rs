//! The server under load as a process of its own (so that its memory and CPU are its own):
//! started from its binary over a temporary SQLite file (or the database given), its address read from its first
//! line, stopped by SIGTERM.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `dama-server`.
pub struct ServerProcess {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl ServerProcess {
    /// Starts `binary` on an ephemeral port of the loopback over `database` (by default
    /// `dir/dama.sqlite`), allowing `sockets` connections from the one address the players
    /// share.
    pub fn start(
        binary: &Path,
        dir: &Path,
        sockets: usize,
        database: Option<&str>,
        extra: &[String],
    ) -> Result<ServerProcess, String> {
        std::fs::create_dir_all(dir.join("site")).map_err(|e| e.to_string())?;
        let sqlite = format!("sqlite://{}", dir.join("dama.sqlite").display());
        let mut child = Command::new(binary)
            .arg("--addr")
            .arg("127.0.0.1:0")
            .arg("--database")
            .arg(database.unwrap_or(&sqlite))
            .arg("--max-connections-per-addr")
            .arg(sockets.to_string())
            .arg("--site")
            .arg(dir.join("site"))
            .arg("--max-sockets-per-addr")
            .arg(sockets.to_string())
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        let first = lines
            .next()
            .and_then(|l| l.ok())
            .ok_or("the server said nothing")?;
        // "dama-server: serving SITE on http://ADDR/ (...)"
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("no address in: {first}"))?;
        // The rest of its output, passed on (and its pipe kept from filling).
        std::thread::spawn(move || lines.map_while(Result::ok).for_each(|l| println!("{l}")));
        Ok(ServerProcess { child, addr })
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stops it gracefully (SIGTERM, as a service manager does), killing it after 10 s.
    pub fn stop(mut self) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
