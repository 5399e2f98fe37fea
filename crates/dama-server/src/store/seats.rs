//! Seats: which of the transport's players holds each side of a game. A player without an
//! account is known only by a token in one browser, so this is what lets a restarted server
//! hand each returning page its side again.

use super::error::{Result, StoreError};
use super::games::{insert_game, NewGame};
use super::Store;

/// The longest seat key: `anon:` and a 64-character hash.
const SEAT_MAX: usize = 80;

fn check(key: &str) -> Result<&str> {
    if (1..=SEAT_MAX).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(key)
    } else {
        Err(StoreError::Corrupt(format!(
            "seat key of {} bytes",
            key.len()
        )))
    }
}

impl Store {
    /// Stores a new game with the keys of the players holding White and Black, in one
    /// transaction (a game is never stored without its seats); returns its id.
    pub async fn start_game(&self, game: &NewGame, white: &str, black: &str) -> Result<String> {
        let (white, black) = (check(white)?, check(black)?);
        let mut tx = self.pool.begin().await?;
        let id = insert_game(&mut tx, game).await?;
        sqlx::query("INSERT INTO seats (game_id, white, black) VALUES ($1, $2, $3)")
            .bind(&id)
            .bind(white)
            .bind(black)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The keys of the players holding White and Black in game `id`.
    pub async fn seats(&self, id: &str) -> Result<(String, String)> {
        sqlx::query_as("SELECT white, black FROM seats WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoGame)
    }
}
