//! The server's options: each a command-line flag and an environment variable (clap), with
//! defaults that make `dama-server` in the repository's root serve the site on
//! http://127.0.0.1:8000/ with a SQLite file beside it.

use crate::store::{BadLocation, Location};
use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The dama server: live Italian and Brazilian draughts between people, and the static site.
#[derive(Clone, Debug, Parser)]
#[command(name = "dama-server", version, about)]
pub struct Config {
    /// The address and port to listen on.
    #[arg(long, env = "DAMA_ADDR", default_value = "127.0.0.1:8000")]
    pub addr: SocketAddr,
    /// The database: `sqlite://FILE` (or a bare file path), created and migrated at the
    /// first start; or `postgres://USER:PASSWORD@HOST:PORT/DATABASE`, an existing database
    /// that several servers may share, migrated at the first start.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://dama.sqlite")]
    pub database: String,
    /// The bus between the instances of one site: `redis://HOST:PORT`. Several servers on
    /// the same PostgreSQL database and the same Redis serve the same games, links and
    /// players; without it the server serves alone.
    #[arg(long, env = "REDIS_URL")]
    pub redis: Option<String>,
    /// This instance's name on the bus (letters, digits, `-` and `_`, at most 64; a random
    /// one when not given).
    #[arg(long, env = "DAMA_INSTANCE", value_parser = instance_name)]
    pub instance: Option<String>,
    /// The folder of static files served at `/` (the repository's root holds index.html
    /// and www/).
    #[arg(long, env = "DAMA_SITE", default_value = ".")]
    pub site: PathBuf,
    /// WebSocket connections at once from one address (behind a proxy every player shares
    /// the proxy's address: raise it there).
    #[arg(long, env = "DAMA_MAX_SOCKETS_PER_ADDR", default_value_t = 20)]
    pub max_sockets_per_addr: u32,
    /// HTTP connections open at once from one address (a WebSocket, once open, counts apart:
    /// `--max-sockets-per-addr`); past it a new one is closed at once (behind a proxy every
    /// player shares the proxy's address: raise it there).
    #[arg(long, env = "DAMA_MAX_CONNECTIONS_PER_ADDR", default_value_t = 100)]
    pub max_connections_per_addr: u32,
    /// Seconds after which a socket that sent nothing (not even a ping) is closed.
    #[arg(long, env = "DAMA_IDLE_SECS", default_value_t = 20)]
    pub idle_secs: u64,
    /// Challenges waiting at once (all players together); each player may hold a few.
    #[arg(long, env = "DAMA_MAX_CHALLENGES", default_value_t = 10_000)]
    pub max_challenges: usize,
    /// Days a signed-in session lasts.
    #[arg(long, env = "DAMA_SESSION_DAYS", default_value_t = 30)]
    pub session_days: u64,
    /// Failed sign-ins per name in 15 minutes, whether the name has an account or not (0: no
    /// limit).
    #[arg(long, env = "DAMA_SIGN_INS_PER_NAME", default_value_t = 10)]
    pub sign_ins_per_name: u32,
    /// Sign-ins per address in 15 minutes (behind a proxy every player shares the proxy's
    /// address: raise it there; 0: no limit).
    #[arg(long, env = "DAMA_SIGN_INS_PER_ADDR", default_value_t = 60)]
    pub sign_ins_per_addr: u32,
    /// Accounts made per address in an hour (0: no limit).
    #[arg(long, env = "DAMA_ACCOUNTS_PER_ADDR", default_value_t = 10)]
    pub accounts_per_addr: u32,
    /// Other sites whose pages may use this server (an origin such as
    /// `https://club.example`; repeat the flag, or separate them by commas). Requests that
    /// change something and WebSockets from any other site are refused.
    #[arg(
        long = "allow-origin",
        env = "DAMA_ALLOW_ORIGINS",
        value_delimiter = ','
    )]
    pub allow_origins: Vec<String>,
}

impl Config {
    /// The database the database option names, or why it names none.
    pub fn location(&self) -> Result<Location, BadLocation> {
        Location::parse(&self.database)
    }

    /// How long a silent socket is kept.
    pub fn idle(&self) -> Duration {
        Duration::from_secs(self.idle_secs.max(1))
    }

    /// How long a session lasts.
    pub fn session_ttl(&self) -> Duration {
        Duration::from_secs(self.session_days.max(1) * 86_400)
    }

    /// The options for a test or an embedding: the defaults with `database` (a URL or a
    /// path, as the option takes) and `site`, listening on an ephemeral port of the loopback.
    pub fn local(database: &str, site: PathBuf) -> Config {
        let mut c = Config::parse_from(["dama-server"]);
        c.addr = SocketAddr::from(([127, 0, 0, 1], 0));
        c.database = database.to_string();
        c.site = site;
        c
    }
}

/// An instance's name: letters, digits, `-` and `_`, 1 to 64 of them (it is part of the bus's
/// channel names).
fn instance_name(s: &str) -> Result<String, String> {
    let ok = (1..=64).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(s.to_owned())
    } else {
        Err("1 to 64 letters, digits, - or _".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_database_is_a_sqlite_file_beside_the_server() {
        let c = Config::parse_from(["dama-server"]);
        assert_eq!(
            c.location(),
            Ok(Location::Sqlite(PathBuf::from("dama.sqlite")))
        );
        let c = Config::parse_from(["dama-server", "--database", "mysql://db/dama"]);
        assert!(c.location().unwrap_err().to_string().contains("mysql"));
    }

    #[test]
    fn instance_names_are_bounded() {
        assert_eq!(instance_name("east-1_b"), Ok("east-1_b".into()));
        assert!(instance_name("").is_err());
        assert!(instance_name("a b").is_err());
        assert!(instance_name("dama:i:x").is_err());
        assert!(instance_name(&"x".repeat(65)).is_err());
    }
}
