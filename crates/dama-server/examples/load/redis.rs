//! The bus of a benchmark of several instances: a redis-server of the benchmark's own on a
//! free port of the loopback, keeping nothing on disk, stopped when dropped.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running redis-server.
pub struct Redis {
    child: Child,
    port: u16,
}

impl Redis {
    /// Starts one, waiting (at most 5 s) until it listens.
    pub fn start() -> Result<Redis, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        let redis = Redis { child, port };
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(redis);
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        Err(format!("redis-server did not listen on {port}"))
    }

    /// Its URL.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
