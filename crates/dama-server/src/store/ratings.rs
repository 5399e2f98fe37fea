//! Ratings: one row per account, game and speed class; a player without a row has the start
//! rating. Every rating read is checked ([`Glicko::checked`]) before it is used or shown.

use super::error::{Result, StoreError};
use super::{now_ms, Store};
use crate::rating::{Glicko, RatingError, Speed, LICHESS};
use dama::Variant;
use sqlx::AnyConnection;

/// An account's rating in one game and speed class.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    /// Which game.
    pub variant: Variant,
    /// Which speed class.
    pub speed: Speed,
    /// The rating.
    pub glicko: Glicko,
    /// Rated games played in this game and class.
    pub games: u64,
}

impl StoredRating {
    /// This rating after one more game, which left it at `glicko`.
    pub fn after(&self, glicko: Glicko) -> StoredRating {
        StoredRating {
            glicko,
            games: self.games + 1,
            ..*self
        }
    }
}

type Row = (String, String, f64, f64, f64, i64);

fn from_row((variant, speed, rating, deviation, volatility, games): Row) -> Result<StoredRating> {
    let variant =
        Variant::from_id(&variant).map_err(|_| StoreError::Corrupt(format!("game {variant:?}")))?;
    let speed = Speed::from_id(&speed).ok_or(StoreError::Corrupt(format!("speed {speed:?}")))?;
    let glicko = Glicko {
        rating,
        deviation,
        volatility,
    }
    .checked(&LICHESS)?;
    Ok(StoredRating {
        variant,
        speed,
        glicko,
        games: u64::try_from(games).map_err(|_| StoreError::Corrupt("games".into()))?,
    })
}

/// The rating of `account` in `variant` and `speed` (the start rating if it has none), or
/// the reason its stored rating is refused.
pub(super) async fn read(
    conn: &mut AnyConnection,
    account: &str,
    variant: Variant,
    speed: Speed,
) -> Result<std::result::Result<StoredRating, RatingError>> {
    let row: Option<Row> = sqlx::query_as(
        "SELECT variant, speed, rating, deviation, volatility, games FROM ratings \
         WHERE account_id = $1 AND variant = $2 AND speed = $3",
    )
    .bind(account)
    .bind(variant.id())
    .bind(speed.id())
    .fetch_optional(conn)
    .await?;
    match row.map(from_row) {
        None => Ok(Ok(StoredRating {
            variant,
            speed,
            glicko: LICHESS.start,
            games: 0,
        })),
        Some(Ok(r)) => Ok(Ok(r)),
        Some(Err(StoreError::Rating(e))) => Ok(Err(e)),
        Some(Err(e)) => Err(e),
    }
}

/// Writes `rating` as `account`'s (inserted or replaced).
pub(super) async fn write(
    conn: &mut AnyConnection,
    account: &str,
    rating: &StoredRating,
    at: i64,
) -> Result<()> {
    let g = rating.glicko.checked(&LICHESS)?;
    let games = i64::try_from(rating.games).map_err(|_| StoreError::Corrupt("games".into()))?;
    sqlx::query(
        "INSERT INTO ratings (account_id, variant, speed, rating, deviation, volatility, games, \
         updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (account_id, variant, speed) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, \
         games = excluded.games, updated_at = excluded.updated_at",
    )
    .bind(account)
    .bind(rating.variant.id())
    .bind(rating.speed.id())
    .bind(g.rating)
    .bind(g.deviation)
    .bind(g.volatility)
    .bind(games)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

impl Store {
    /// The rating of account `account_id` in `variant` and `speed`: the start rating when it
    /// has played no rated game there; refused ([`StoreError::Rating`]) when the stored one
    /// is not a believable rating.
    pub async fn rating(
        &self,
        account_id: &str,
        variant: Variant,
        speed: Speed,
    ) -> Result<StoredRating> {
        let mut conn = self.pool.acquire().await?;
        Ok(read(&mut conn, account_id, variant, speed).await??)
    }

    /// Every rating account `account_id` has played for, refusing any stored rating that is
    /// not believable.
    pub async fn ratings_of(&self, account_id: &str) -> Result<Vec<StoredRating>> {
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT variant, speed, rating, deviation, volatility, games FROM ratings \
             WHERE account_id = $1 ORDER BY variant, speed",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(from_row).collect()
    }

    /// Sets the rating of account `account_id` (for imports and corrections; games change
    /// ratings through [`Store::finish_game`]); a rating the bounds refuse is not stored.
    pub async fn set_rating(&self, account_id: &str, rating: &StoredRating) -> Result<()> {
        let mut conn = self.pool.acquire().await?;
        write(&mut conn, account_id, rating, now_ms()).await
    }
}
