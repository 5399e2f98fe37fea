//! The HTTP side: the JSON endpoints (accounts and sessions, challenges, games), the
//! WebSocket's door, and the static site for every other path.

mod accounts;
mod error;
mod games;
mod guard;
mod site;

pub use accounts::Limits;
pub use error::{ApiCode, ApiError};
pub use guard::from_elsewhere;

use crate::app::App;
use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post};
use axum::Router;
use std::sync::Arc;

/// The largest request body: a JSON object of a few short fields.
const BODY_MAX: usize = 16 * 1024;

/// The file every page's menu reads to know whether live games are here: on a static host it
/// is the site's own file (`static`); the server answers it itself. A file both hosts have, so
/// neither answers a 404 (an error in the page's console); not in the service worker's cache,
/// so the answer is always the host's.
const SERVED_BY: &str = "/www/online/served-by.txt";

/// The server's answer to [`SERVED_BY`].
async fn served_by() -> impl axum::response::IntoResponse {
    (
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/plain; charset=utf-8",
            ),
            (axum::http::header::CACHE_CONTROL, "no-store"),
        ],
        "dama-server\n",
    )
}

/// A request's handler, its body read included, within [`crate::listen::REQUEST_TIMEOUT`]: else
/// 408 (a body sent a byte at a time holds nothing for long).
async fn within_time(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let limit = crate::listen::REQUEST_TIMEOUT;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(answer) => answer,
        Err(_) => ApiError::new(
            ApiCode::TimedOut,
            format!("the request took longer than {} s", limit.as_secs()),
        )
        .into_response(),
    }
}

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
        .route(SERVED_BY, get(served_by))
        .route("/api/challenge", post(games::challenge))
        .route("/api/games/live", get(games::live))
        .route("/api/games/{id}", get(games::game))
        .route("/api/games/{id}/pdn", get(games::pdn))
        .route("/api/players/{name}/games", get(games::of_player))
        .fallback(site::serve)
        .layer(DefaultBodyLimit::max(BODY_MAX))
        .layer(axum::middleware::from_fn(within_time))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            guard::same_site,
        ))
        .with_state(app)
}
