//! The HTTP side: the JSON endpoints (accounts and sessions, challenges, games), the
//! WebSocket's door, and the static site for every other path.

mod accounts;
mod error;
mod games;
mod site;

pub use error::ApiError;

use crate::app::App;
use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post};
use axum::Router;
use std::sync::Arc;

/// The largest request body: a JSON object of a few short fields.
const BODY_MAX: usize = 16 * 1024;

/// Every route of the server.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/ws", get(crate::ws::upgrade))
        .route(
            "/api/account",
            post(accounts::create).delete(accounts::delete),
        )
        .route(
            "/api/session",
            post(accounts::sign_in).delete(accounts::sign_out),
        )
        .route("/api/sessions", delete(accounts::sign_out_everywhere))
        .route("/api/me", get(accounts::me))
        .route("/api/challenge", post(games::challenge))
        .route("/api/games/live", get(games::live))
        .route("/api/games/{id}", get(games::game))
        .route("/api/games/{id}/pdn", get(games::pdn))
        .route("/api/players/{name}/games", get(games::of_player))
        .fallback(site::serve)
        .layer(DefaultBodyLimit::max(BODY_MAX))
        .with_state(app)
}
