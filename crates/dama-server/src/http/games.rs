//! Games: a challenge by link, the games being played, one game's public record (live or
//! finished) and its PDN, and a player's games. Public data only: names, never account ids
//! or seats.

use super::{ApiCode, ApiError};
use crate::app::App;
use crate::challenge::{Challenge, ChallengeRequest};
use crate::hub::anonymous_name;
use crate::identity::{self, Identity, SESSION_COOKIE};
use crate::protocol::RatingShown;
use crate::store::{GameSummary, Player, StoredGame};
use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// How many games a player's list gives at once.
const PAGE: u32 = 50;

/// `POST /api/challenge`: holds a challenge; the answer is its id, for the link. A rated one
/// needs an account; a player without one is given the anonymous cookie if they had none.
pub async fn challenge(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Json(req): Json<ChallengeRequest>,
) -> Result<Response, ApiError> {
    let (variant, control) = req.game().map_err(|e| ApiError::new(ApiCode::Invalid, e))?;
    let mut new_cookie = None;
    let who = match identity::session(&app.store, &headers).await {
        Ok(account) => Identity::Account(account),
        // A session cookie that is no longer valid is said so, not silently ignored.
        Err(e) if identity::cookie(&headers, SESSION_COOKIE).is_some() => return Err(e.into()),
        Err(_) => match identity::cookie(&headers, identity::ANON_COOKIE)
            .filter(|t| identity::well_formed(t))
        {
            Some(t) => Identity::Anonymous(identity::anon_hash(t)),
            None => {
                let token = identity::new_token();
                let id = Identity::Anonymous(identity::anon_hash(&token));
                new_cookie = Some(identity::anon_cookie(&token, identity::secure(&headers)));
                id
            }
        },
    };
    if req.rated && who.account().is_none() {
        return Err(ApiError::new(
            ApiCode::NeedsAccount,
            "a rated game needs an account: sign in",
        ));
    }
    let name = match who.account() {
        Some(a) => a.name.clone(),
        None => anonymous_name(req.name.as_deref())
            .map_err(|r| ApiError::new(ApiCode::Invalid, r.text))?,
    };
    let c = Challenge {
        variant,
        control,
        color: req.color,
        rated: req.rated,
        sender_key: who.key(),
        sender_account: who.account().map(|a| a.id.clone()),
        sender_name: name,
    };
    let id = app
        .hub
        .challenge(c)
        .await
        .map_err(|e| ApiError::new(ApiCode::TooMany, e))?;
    let body = (StatusCode::CREATED, Json(json!({ "id": id })));
    Ok(match new_cookie {
        Some(c) => ([(SET_COOKIE, c)], body).into_response(),
        None => body.into_response(),
    })
}

/// `GET /api/games/live`: the games being played now (with a bus, every instance's; the
/// plies played are known of this instance's only).
pub async fn live(State(app): State<Arc<App>>) -> Json<Value> {
    let games: Vec<_> = app
        .hub
        .live()
        .into_iter()
        .filter(|g| !g.over.load(Ordering::Relaxed))
        .collect();
    let mut list: Vec<Value> = games
        .iter()
        .map(|g| {
            json!({
                "id": g.id, "variant": g.variant, "white": g.players[0].name,
                "black": g.players[1].name, "base_secs": g.control.base_secs,
                "increment_secs": g.control.increment_secs, "rated": g.rated,
                "ply": g.ply.load(Ordering::Relaxed),
                "spectators": g.spectators.load(Ordering::Relaxed),
            })
        })
        .collect();
    list.extend(app.hub.remote_listed().into_iter().map(|g| {
        json!({
            "id": g.id, "variant": g.variant, "white": g.white, "black": g.black,
            "base_secs": g.control.base_secs, "increment_secs": g.control.increment_secs,
            "rated": g.rated, "ply": null, "spectators": g.spectators,
        })
    }));
    list.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    Json(Value::Array(list))
}

fn player(p: &Player) -> Value {
    json!({ "name": p.name, "account": p.account.is_some() })
}

/// A rating change as the archive shows it, with the game-end message's shape.
fn rating(change: Option<(f64, f64)>, deviation: Option<f64>) -> Value {
    match change {
        Some((before, after)) => {
            // A game stored before deviations were kept counts as provisional: unknown.
            let shown = RatingShown::new(before, after, deviation.unwrap_or(f64::INFINITY));
            serde_json::to_value(shown).unwrap_or(Value::Null)
        }
        None => Value::Null,
    }
}

fn summary(g: &GameSummary) -> Value {
    json!({
        "id": g.id, "variant": g.variant.id(), "white": player(&g.white),
        "black": player(&g.black), "base_ms": g.base_ms, "increment_ms": g.increment_ms,
        "rated": g.rated, "started_at": g.started_at, "playing": g.playing,
        "result": g.outcome.map(crate::pdn::result), "ended_by": g.ended_by,
        "finished_at": g.finished_at, "white_rating": rating(g.white_rating, g.white_deviation),
        "black_rating": rating(g.black_rating, g.black_deviation),
    })
}

/// `GET /api/games/{id}`: a game's public record, live or finished, with its moves and the
/// mover's clock after each.
pub async fn game(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let g: StoredGame = app.store.load_game(&id).await?;
    let mut v = summary(&g.game);
    v["moves"] = g
        .moves
        .iter()
        .map(|m| json!({ "ply": m.ply, "text": m.text, "clock_ms": m.clock_ms, "played_at": m.played_at }))
        .collect();
    Ok(Json(v))
}

/// `GET /api/games/{id}/pdn`: the game in PDN, each move's clock in a `%clk` comment.
pub async fn pdn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let g = app.store.load_game(&id).await?;
    let text = crate::pdn::write(&g).map_err(|e| ApiError::new(ApiCode::ServerError, e))?;
    let file = format!("attachment; filename=\"dama-{}.pdn\"", g.game.id);
    Ok((
        [
            (
                CONTENT_TYPE,
                "application/x-draughts-pdn; charset=utf-8".to_owned(),
            ),
            (CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

/// The page of a player's games to list.
#[derive(Deserialize)]
pub struct Before {
    /// Games started before this instant (Unix ms), for the next page.
    before: Option<i64>,
}

/// `GET /api/players/{name}/games`: an account's games, newest first, 50 at a time.
pub async fn of_player(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(q): Query<Before>,
) -> Result<Json<Value>, ApiError> {
    let account = app.store.account_named(&name).await?;
    let games = app.store.games_of(&account.id, PAGE, q.before).await?;
    Ok(Json(games.iter().map(summary).collect()))
}
