//! The store's tests, each on its own SQLite file in a temporary folder.

mod accounts;
mod games;
mod writer;

use super::{now_ms, NewGame, NewMove, Player, Store};
use dama::Variant;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A temporary folder for one test's database, removed when the test ends.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "dama-store-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn db(&self) -> PathBuf {
        self.0.join("dama.sqlite")
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub async fn open() -> (TempDir, Store) {
    let dir = TempDir::new();
    let store = Store::open(&dir.db()).await.unwrap();
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
