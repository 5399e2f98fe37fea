//! Accounts and sessions: create an account (and be signed in), sign in and out (here or
//! everywhere), delete the account, and who am I. The session is an HttpOnly, SameSite=Lax
//! cookie, `Secure` unless served over plain HTTP on the loopback ([`identity::secure`]).

use super::ApiError;
use crate::app::App;
use crate::identity::{self, SESSION_COOKIE};
use crate::store::Account;
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;

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
    headers: HeaderMap,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let account = app.store.create_account(&c.name, &c.password).await?;
    signed_in(&app, &headers, account, StatusCode::CREATED).await
}

/// `POST /api/session`: signs in.
pub async fn sign_in(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let account = app.store.verify_password(&c.name, &c.password).await?;
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
