//! Accounts and sessions: create an account (and be signed in), sign in and out (here or
//! everywhere), delete the account, and who am I. The session is an HttpOnly, SameSite=Lax
//! cookie, `Secure` unless served over plain HTTP on the loopback ([`identity::secure`]), and a
//! new one at every sign-in (the session the browser held before is ended: a session planted
//! before the sign-in is worth nothing after it).
//!
//! Sign-ins are limited per name (failed ones, whether the name has an account or not, so the
//! refusal tells nothing about the name) and per address, and accounts made per address
//! ([`Limits`]).

use super::{ApiCode, ApiError};
use crate::app::App;
use crate::config::Config;
use crate::identity::{self, SESSION_COOKIE};
use crate::store::Account;
use crate::throttle::{minutes, Throttle};
use axum::extract::{ConnectInfo, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The sign-in window: failed sign-ins per name and sign-ins per address are counted in it.
const SIGN_IN_WINDOW: Duration = Duration::from_secs(15 * 60);
/// The window accounts made per address are counted in.
const ACCOUNT_WINDOW: Duration = Duration::from_secs(60 * 60);
/// The most characters of a name a throttle keeps as its key (names are at most 20).
const NAME_KEY_CHARS: usize = 32;

/// The limits on sign-ins and new accounts.
pub struct Limits {
    by_name: Throttle,
    by_addr: Throttle,
    accounts: Throttle,
}

impl Limits {
    /// The limits the options set.
    pub fn new(config: &Config) -> Limits {
        Limits {
            by_name: Throttle::new(config.sign_ins_per_name, SIGN_IN_WINDOW),
            by_addr: Throttle::new(config.sign_ins_per_addr, SIGN_IN_WINDOW),
            accounts: Throttle::new(config.accounts_per_addr, ACCOUNT_WINDOW),
        }
    }
}

fn too_many(what: &str, wait: Duration) -> ApiError {
    let n = minutes(wait);
    let unit = if n == 1 { "minute" } else { "minutes" };
    ApiError::new(
        ApiCode::TooMany,
        format!("too many {what}: try again in {n} {unit}"),
    )
}

/// The key a name's sign-ins are counted by: as names are matched, without case.
fn name_key(name: &str) -> String {
    name.chars()
        .take(NAME_KEY_CHARS)
        .collect::<String>()
        .to_lowercase()
}

/// A name and a password.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

fn account_json(a: &Account) -> serde_json::Value {
    serde_json::json!({ "name": a.name, "created_at": a.created_at })
}

/// Answers `body` with a new session's cookie for `account`.
async fn signed_in(
    app: &App,
    headers: &HeaderMap,
    account: Account,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let ttl = app.config.session_ttl();
    let token = app.store.create_session(&account.id, ttl).await?;
    if let Some(old) = identity::cookie(headers, SESSION_COOKIE) {
        app.store.sign_out(old).await?;
    }
    let cookie = identity::set_cookie(
        SESSION_COOKIE,
        &token,
        ttl.as_secs(),
        identity::secure(headers),
    );
    Ok((status, [(SET_COOKIE, cookie)], Json(account_json(&account))).into_response())
}

fn signed_out(headers: &HeaderMap) -> Response {
    let cookie = identity::set_cookie(SESSION_COOKIE, "", 0, identity::secure(headers));
    (StatusCode::NO_CONTENT, [(SET_COOKIE, cookie)]).into_response()
}

/// `POST /api/account`: makes an account (name 2-20 letters, digits, `_`, `-`; password
/// 8-256 bytes) and signs it in.
pub async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let addr = peer.ip().to_string();
    (app.limits.accounts.hit(&addr, Instant::now()))
        .map_err(|wait| too_many("accounts made from your address", wait))?;
    let account = app.store.create_account(&c.name, &c.password).await?;
    signed_in(&app, &headers, account, StatusCode::CREATED).await
}

/// `POST /api/session`: signs in.
pub async fn sign_in(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let now = Instant::now();
    let limits = &app.limits;
    let addr = peer.ip().to_string();
    let name = name_key(&c.name);
    (limits.by_addr.hit(&addr, now))
        .map_err(|wait| too_many("sign-ins from your address", wait))?;
    // Counted before the password is checked, so that attempts sent at once all count.
    (limits.by_name.hit(&name, now)).map_err(|wait| too_many("sign-ins for this name", wait))?;
    let account = app.store.verify_password(&c.name, &c.password).await?;
    // The right password: the name's count starts afresh.
    limits.by_name.clear(&name);
    signed_in(&app, &headers, account, StatusCode::OK).await
}

/// `DELETE /api/session`: signs out in this browser.
pub async fn sign_out(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = identity::cookie(&headers, SESSION_COOKIE) {
        app.store.sign_out(token).await?;
    }
    Ok(signed_out(&headers))
}

/// `DELETE /api/sessions`: signs out everywhere (needs a valid session).
pub async fn sign_out_everywhere(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let account = identity::session(&app.store, &headers).await?;
    app.store.sign_out_everywhere(&account.id).await?;
    Ok(signed_out(&headers))
}

/// `DELETE /api/account`: deletes the signed-in account (its games stay, anonymised).
pub async fn delete(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = identity::session(&app.store, &headers).await?;
    app.store.delete_account(&account.id).await?;
    Ok(signed_out(&headers))
}

/// `GET /api/me`: the signed-in account, or none (and why: no session, or an expired one);
/// a browser without the anonymous cookie is given one, so that it can play without an
/// account.
pub async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let (account, session) = match identity::session(&app.store, &headers).await {
        Ok(a) => (Some(account_json(&a)), "valid".to_owned()),
        Err(e) if identity::cookie(&headers, SESSION_COOKIE).is_some() => (None, e.to_string()),
        Err(_) => (None, "none".to_owned()),
    };
    let body = Json(serde_json::json!({ "account": account, "session": session }));
    match identity::cookie(&headers, identity::ANON_COOKIE).filter(|t| identity::well_formed(t)) {
        Some(_) => body.into_response(),
        None => {
            let cookie = identity::anon_cookie(&identity::new_token(), identity::secure(&headers));
            ([(SET_COOKIE, cookie)], body).into_response()
        }
    }
}
