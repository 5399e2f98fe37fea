//! Draw offers and declines, stored at their versions before they are sent (as moves are),
//! so that a restart neither forgets a standing offer nor numbers the events differently.

use super::error::{Result, StoreError};
use super::Store;
use crate::room::OfferRecord;
use dama::Color;

/// The most events a game may have before its offers are refused: far past any real game
/// (plies are bounded at 10,000 and offers are throttled).
const VERSION_MAX: u32 = 100_000;

fn side_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Store {
    /// Stores `offer` of game `game_id`, being played; returns once committed. Refused when
    /// the game is unknown or over, or the version is taken (an offer stored twice).
    pub async fn append_offer(&self, game_id: &str, offer: &OfferRecord) -> Result<()> {
        if offer.v > VERSION_MAX {
            return Err(super::Invalid::Number("version").into());
        }
        let inserted = sqlx::query(
            "INSERT INTO offers (game_id, v, side, declined, at) \
             SELECT $1, $2, $3, $4, $5 WHERE \
             EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'playing') \
             ON CONFLICT DO NOTHING",
        )
        .bind(game_id)
        .bind(i64::from(offer.v))
        .bind(side_id(offer.by))
        .bind(offer.declined)
        .bind(offer.at as i64)
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::GameOver)
        }
    }

    /// The stored offers and declines of game `game_id`, by version.
    pub async fn offers(&self, game_id: &str) -> Result<Vec<OfferRecord>> {
        // A BOOLEAN is read as a number: the `Any` driver does not read SQLite's.
        let rows: Vec<(i64, String, i64, i64)> = sqlx::query_as(
            "SELECT v, side, CASE WHEN declined THEN 1 ELSE 0 END, at FROM offers \
             WHERE game_id = $1 ORDER BY v",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(v, side, declined, at)| {
                let by = match side.as_str() {
                    "white" => Color::White,
                    "black" => Color::Black,
                    other => return Err(StoreError::Corrupt(format!("offer side {other:?}"))),
                };
                let v =
                    u32::try_from(v).map_err(|_| StoreError::Corrupt("offer version".into()))?;
                Ok(OfferRecord {
                    v,
                    by,
                    declined: declined != 0,
                    at: at.max(0) as u64,
                })
            })
            .collect()
    }
}
