//! Games: created when they start, their moves appended one by one (see [`super::writer`]),
//! finished with the result and how it ended (and, when rated, both ratings changed in the
//! same transaction), listed per player, loaded whole, and the unfinished ones loaded at
//! start so that a restarted server resumes them.

use super::error::{Invalid, Result, StoreError};
use super::{bounds, random, ratings, Store};
use crate::rating::{self, RatingChange, RatingError, Speed};
use dama::{Color, Outcome, Variant};
use sqlx::any::AnyRow;
use sqlx::AnyConnection;
use sqlx::{FromRow, Row};

/// A side's player: an account (its id and name) or an anonymous name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The account's id, or `None` for a player without one (and for a deleted account).
    pub account: Option<String>,
    /// The name shown.
    pub name: String,
}

/// A game about to start.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Which game.
    pub variant: Variant,
    /// White's player (White moves first).
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// Each side's starting time, in milliseconds.
    pub base_ms: u64,
    /// Each side's Fischer increment, in milliseconds.
    pub increment_ms: u64,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// When it started, in Unix milliseconds.
    pub started_at: i64,
}

/// A move to store: the game's `ply`-th (from 0), acknowledged once written.
#[derive(Clone, Debug)]
pub struct NewMove {
    /// The game.
    pub game_id: String,
    /// Its index in the game, from 0; must be the game's next.
    pub ply: u64,
    /// The move in the core's notation.
    pub text: String,
    /// The mover's clock after the move (increment included), in milliseconds.
    pub clock_ms: u64,
    /// When the server received it, in Unix milliseconds.
    pub played_at: i64,
}

/// A stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// Its index in the game, from 0.
    pub ply: i64,
    /// The move in the core's notation.
    pub text: String,
    /// The mover's clock after the move, in milliseconds.
    pub clock_ms: i64,
    /// When it was played, in Unix milliseconds.
    pub played_at: i64,
}

impl<'r> FromRow<'r, AnyRow> for StoredMove {
    fn from_row(row: &'r AnyRow) -> std::result::Result<Self, sqlx::Error> {
        Ok(StoredMove {
            ply: row.try_get("ply")?,
            text: row.try_get("text")?,
            clock_ms: row.try_get("clock_ms")?,
            played_at: row.try_get("played_at")?,
        })
    }
}

/// How a game ends.
#[derive(Clone, Debug)]
pub struct Finish {
    /// Who won, a draw, or `None` for a game aborted without a result (rated or not, an
    /// aborted game changes no rating).
    pub outcome: Option<Outcome>,
    /// How: the core's reason id (`no-moves`, `repetition`, `resignation`, `time`...) or the
    /// server's own (`abort`, `disconnect`...).
    pub ended_by: String,
    /// When, in Unix milliseconds.
    pub at: i64,
}

/// A game finished: the rating changes to show, if the game was rated.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// White's and Black's rating changes; `None` for a casual or aborted game, or when a
    /// stored rating was refused.
    pub changes: Option<(RatingChange, RatingChange)>,
    /// Why a rated game changed no rating: a stored rating the bounds refused (the result is
    /// stored all the same; the ratings are left as they were).
    pub refused: Option<RatingError>,
}

/// A game without its moves: what a list of games shows.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// Its id (8 letters and digits, for links).
    pub id: String,
    /// Which game.
    pub variant: Variant,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// Each side's starting time, in milliseconds.
    pub base_ms: i64,
    /// The increment, in milliseconds.
    pub increment_ms: i64,
    /// Whether it is rated.
    pub rated: bool,
    /// When it started, in Unix milliseconds.
    pub started_at: i64,
    /// Whether it is still being played.
    pub playing: bool,
    /// Its result, once finished with one (`None` while playing and for an aborted game).
    pub outcome: Option<Outcome>,
    /// How it ended, once over.
    pub ended_by: Option<String>,
    /// When it ended, once over.
    pub finished_at: Option<i64>,
    /// White's rating before and after, for a rated game that changed ratings.
    pub white_rating: Option<(f64, f64)>,
    /// Black's rating before and after.
    pub black_rating: Option<(f64, f64)>,
    /// White's rating deviation after the game (whether the new rating is provisional).
    pub white_deviation: Option<f64>,
    /// Black's rating deviation after the game.
    pub black_deviation: Option<f64>,
}

/// A game with its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The game.
    pub game: GameSummary,
    /// Its moves in order.
    pub moves: Vec<StoredMove>,
}

const PLAYING: &str = "playing";
const FINISHED: &str = "finished";
const ABORTED: &str = "aborted";

/// A query of whole game rows, its conditions appended (a macro, so that the query stays a
/// `&'static str`, the only text sqlx takes as SQL without an assertion).
macro_rules! select_game {
    ($rest:literal) => {
        concat!(
            "SELECT id, variant, white_account, white_name, black_account, black_name, \
             base_ms, increment_ms, CASE WHEN rated THEN 1 ELSE 0 END AS rated, started_at, status, result, ended_by, finished_at, \
             white_rating_before, white_rating_after, black_rating_before, black_rating_after, \
             white_deviation_after, black_deviation_after FROM games ",
            $rest
        )
    };
}

struct GameRow {
    id: String,
    variant: String,
    white_account: Option<String>,
    white_name: String,
    black_account: Option<String>,
    black_name: String,
    base_ms: i64,
    increment_ms: i64,
    rated: bool,
    started_at: i64,
    status: String,
    result: Option<String>,
    ended_by: Option<String>,
    finished_at: Option<i64>,
    white_rating_before: Option<f64>,
    white_rating_after: Option<f64>,
    black_rating_before: Option<f64>,
    black_rating_after: Option<f64>,
    white_deviation_after: Option<f64>,
    black_deviation_after: Option<f64>,
}

impl<'r> FromRow<'r, AnyRow> for GameRow {
    fn from_row(row: &'r AnyRow) -> std::result::Result<Self, sqlx::Error> {
        Ok(GameRow {
            id: row.try_get("id")?,
            variant: row.try_get("variant")?,
            white_account: row.try_get("white_account")?,
            white_name: row.try_get("white_name")?,
            black_account: row.try_get("black_account")?,
            black_name: row.try_get("black_name")?,
            base_ms: row.try_get("base_ms")?,
            increment_ms: row.try_get("increment_ms")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            started_at: row.try_get("started_at")?,
            status: row.try_get("status")?,
            result: row.try_get("result")?,
            ended_by: row.try_get("ended_by")?,
            finished_at: row.try_get("finished_at")?,
            white_rating_before: row.try_get("white_rating_before")?,
            white_rating_after: row.try_get("white_rating_after")?,
            black_rating_before: row.try_get("black_rating_before")?,
            black_rating_after: row.try_get("black_rating_after")?,
            white_deviation_after: row.try_get("white_deviation_after")?,
            black_deviation_after: row.try_get("black_deviation_after")?,
        })
    }
}

fn result_token(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Color::White) => "1-0",
        Outcome::Win(Color::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

fn parse_result(token: &str) -> Result<Outcome> {
    match token {
        "1-0" => Ok(Outcome::Win(Color::White)),
        "0-1" => Ok(Outcome::Win(Color::Black)),
        "1/2-1/2" => Ok(Outcome::Draw),
        other => Err(StoreError::Corrupt(format!("result {other:?}"))),
    }
}

impl TryFrom<GameRow> for GameSummary {
    type Error = StoreError;

    fn try_from(r: GameRow) -> Result<GameSummary> {
        let variant = Variant::from_id(&r.variant)
            .map_err(|_| StoreError::Corrupt(format!("game {:?}", r.variant)))?;
        Ok(GameSummary {
            id: r.id,
            variant,
            white: Player {
                account: r.white_account,
                name: r.white_name,
            },
            black: Player {
                account: r.black_account,
                name: r.black_name,
            },
            base_ms: r.base_ms,
            increment_ms: r.increment_ms,
            rated: r.rated,
            started_at: r.started_at,
            playing: r.status == PLAYING,
            outcome: r.result.as_deref().map(parse_result).transpose()?,
            ended_by: r.ended_by,
            finished_at: r.finished_at,
            white_rating: r.white_rating_before.zip(r.white_rating_after),
            black_rating: r.black_rating_before.zip(r.black_rating_after),
            white_deviation: r.white_deviation_after,
            black_deviation: r.black_deviation_after,
        })
    }
}

fn check_new_game(g: &NewGame) -> Result<()> {
    bounds::name(&g.white.name)?;
    bounds::name(&g.black.name)?;
    let max = bounds::TIME_CONTROL_MAX_MS;
    let base = bounds::number("base time", g.base_ms, max)?;
    let increment = bounds::number("increment", g.increment_ms, max)?;
    if base == 0 && increment == 0 {
        return Err(Invalid::Number("time control").into());
    }
    if g.rated {
        match (&g.white.account, &g.black.account) {
            (Some(w), Some(b)) if w != b => {}
            _ => return Err(Invalid::RatedNeedsTwoAccounts.into()),
        }
    }
    Ok(())
}

/// Inserts a new game, being played, on `conn`; returns its id.
pub(super) async fn insert_game(conn: &mut AnyConnection, game: &NewGame) -> Result<String> {
    check_new_game(game)?;
    let id = random::id(8);
    sqlx::query(
        "INSERT INTO games (id, variant, white_account, white_name, black_account, \
         black_name, base_ms, increment_ms, rated, started_at, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&id)
    .bind(game.variant.id())
    .bind(&game.white.account)
    .bind(&game.white.name)
    .bind(&game.black.account)
    .bind(&game.black.name)
    .bind(game.base_ms as i64) // within bounds::TIME_CONTROL_MAX_MS, checked above
    .bind(game.increment_ms as i64)
    .bind(game.rated)
    .bind(game.started_at)
    .bind(PLAYING)
    .execute(conn)
    .await?;
    Ok(id)
}

/// The moves of game `id`, in order.
async fn moves_of(conn: &mut AnyConnection, id: &str) -> Result<Vec<StoredMove>> {
    Ok(sqlx::query_as(
        "SELECT ply, text, clock_ms, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
    )
    .bind(id)
    .fetch_all(conn)
    .await?)
}

/// Changes both players' ratings after rated game `game` ended with `outcome`, on `conn`
/// (the finishing transaction), and records them in the game.
async fn rate_players(
    conn: &mut AnyConnection,
    game: &GameSummary,
    outcome: Outcome,
    at: i64,
) -> Result<Finished> {
    let unrated = |refused| Finished {
        changes: None,
        refused,
    };
    let (Some(w), Some(b)) = (&game.white.account, &game.black.account) else {
        return Ok(unrated(None)); // an account deleted during the game
    };
    let speed = Speed::of_ms(game.base_ms as u64, game.increment_ms as u64);
    let white = match ratings::read(conn, w, game.variant, speed).await? {
        Ok(r) => r,
        Err(e) => return Ok(unrated(Some(e))),
    };
    let black = match ratings::read(conn, b, game.variant, speed).await? {
        Ok(r) => r,
        Err(e) => return Ok(unrated(Some(e))),
    };
    let (cw, cb) = match rating::rate_game(white.glicko, black.glicko, outcome) {
        Ok(changes) => changes,
        Err(e) => return Ok(unrated(Some(e))),
    };
    ratings::write(conn, w, &white.after(cw.after), at).await?;
    ratings::write(conn, b, &black.after(cb.after), at).await?;
    sqlx::query(
        "UPDATE games SET white_rating_before = $2, white_rating_after = $3, \
         black_rating_before = $4, black_rating_after = $5, white_deviation_after = $6, \
         black_deviation_after = $7 WHERE id = $1",
    )
    .bind(&game.id)
    .bind(cw.before.rating)
    .bind(cw.after.rating)
    .bind(cb.before.rating)
    .bind(cb.after.rating)
    .bind(cw.after.deviation)
    .bind(cb.after.deviation)
    .execute(conn)
    .await?;
    Ok(Finished {
        changes: Some((cw, cb)),
        refused: None,
    })
}

impl Store {
    /// Stores a new game, being played; returns its id.
    pub async fn create_game(&self, game: &NewGame) -> Result<String> {
        let mut conn = self.pool.acquire().await?;
        insert_game(&mut conn, game).await
    }

    /// Ends game `id`. A rated game with a result changes both players' ratings (their
    /// game's and speed class's) in the same transaction, so a result is never stored without
    /// its rating change or the other way round.
    pub async fn finish_game(&self, id: &str, finish: &Finish) -> Result<Finished> {
        let ended_by = bounds::ended_by(&finish.ended_by)?;
        let (status, result) = match finish.outcome {
            Some(o) => (FINISHED, Some(result_token(o))),
            None => (ABORTED, None),
        };
        let mut tx = self.pool.begin().await?;
        // The write comes first so that SQLite takes its write lock before the ratings are
        // read: no other game's result can change them between the read and the write.
        let updated = sqlx::query(
            "UPDATE games SET status = $2, result = $3, ended_by = $4, finished_at = $5 \
             WHERE id = $1 AND status = $6",
        )
        .bind(id)
        .bind(status)
        .bind(result)
        .bind(ended_by)
        .bind(finish.at)
        .bind(PLAYING)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            let exists: Option<(String,)> = sqlx::query_as("SELECT id FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return Err(if exists.is_some() {
                StoreError::GameOver
            } else {
                StoreError::NoGame
            });
        }
        let row: GameRow = sqlx::query_as(select_game!("WHERE id = $1"))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let game = GameSummary::try_from(row)?;
        let finished = match (game.rated, finish.outcome) {
            (true, Some(outcome)) => rate_players(&mut tx, &game, outcome, finish.at).await?,
            _ => Finished {
                changes: None,
                refused: None,
            },
        };
        tx.commit().await?;
        Ok(finished)
    }

    /// The games of account `account_id`, newest first: at most `limit` (up to
    /// [`bounds::LIST_MAX`]) started before `before` (Unix milliseconds; `None` for the
    /// newest), so a page of games is fetched after the last one shown.
    pub async fn games_of(
        &self,
        account_id: &str,
        limit: u32,
        before: Option<i64>,
    ) -> Result<Vec<GameSummary>> {
        let limit = bounds::number("list size", u64::from(limit), u64::from(bounds::LIST_MAX))?;
        let rows: Vec<GameRow> = sqlx::query_as(select_game!(
            "WHERE (white_account = $1 OR black_account = $1) \
             AND started_at < $2 ORDER BY started_at DESC, id LIMIT $3"
        ))
        .bind(account_id)
        .bind(before.unwrap_or(i64::MAX))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(GameSummary::try_from).collect()
    }

    /// Game `id` with its moves.
    pub async fn load_game(&self, id: &str) -> Result<StoredGame> {
        let mut conn = self.pool.acquire().await?;
        let row: GameRow = sqlx::query_as(select_game!("WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or(StoreError::NoGame)?;
        Ok(StoredGame {
            game: row.try_into()?,
            moves: moves_of(&mut conn, id).await?,
        })
    }

    /// The ids of the games still being played (at most [`bounds::LIVE_MAX`]).
    pub async fn unfinished_ids(&self) -> Result<Vec<String>> {
        let rows: Vec<(String,)> =
            sqlx::query_as("SELECT id FROM games WHERE status = $1 LIMIT $2")
                .bind(PLAYING)
                .bind(bounds::LIVE_MAX)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Every game still being played, with its moves, oldest first: what a restarted server
    /// resumes.
    pub async fn unfinished_games(&self) -> Result<Vec<StoredGame>> {
        let mut conn = self.pool.acquire().await?;
        let rows: Vec<GameRow> =
            sqlx::query_as(select_game!("WHERE status = $1 ORDER BY started_at, id"))
                .bind(PLAYING)
                .fetch_all(&mut *conn)
                .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            let game = GameSummary::try_from(row)?;
            let moves = moves_of(&mut conn, &game.id).await?;
            games.push(StoredGame { game, moves });
        }
        Ok(games)
    }
}
