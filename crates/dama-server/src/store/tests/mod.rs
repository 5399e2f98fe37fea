//! The store's tests, each on its own database: a SQLite file in a temporary folder, or a new
//! PostgreSQL database when `DAMA_TEST_POSTGRES` names a server ([`TempDir`]).

mod accounts;
mod games;
mod writer;

use super::{now_ms, Location, NewGame, NewMove, Player, Store};
use dama::Variant;

#[path = "../../../tests/common/temp_db.rs"]
mod temp_db;
pub use temp_db::TempDir;

/// Where `dir`'s database is, as the store takes it.
pub async fn at(dir: &TempDir) -> Location {
    Location::parse(&dir.db().await).unwrap()
}

pub async fn open() -> (TempDir, Store) {
    let dir = TempDir::new();
    let store = Store::open(&at(&dir).await).await.unwrap();
    (dir, store)
}

pub fn anonymous(name: &str) -> Player {
    Player {
        account: None,
        name: name.into(),
    }
}

pub fn member(account: &super::Account) -> Player {
    Player {
        account: Some(account.id.clone()),
        name: account.name.clone(),
    }
}

/// A casual 5'+3" Italian game between two anonymous players.
pub fn casual() -> NewGame {
    NewGame {
        variant: Variant::Italian,
        white: anonymous("Anna"),
        black: anonymous("Bruno"),
        base_ms: 300_000,
        increment_ms: 3_000,
        rated: false,
        started_at: now_ms(),
    }
}

pub fn mv(game_id: &str, ply: u64, text: &str) -> NewMove {
    NewMove {
        game_id: game_id.into(),
        ply,
        text: text.into(),
        clock_ms: 300_000 - ply * 1000,
        played_at: now_ms(),
    }
}
