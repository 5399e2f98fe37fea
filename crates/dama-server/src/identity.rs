//! Who is asking: a signed-in account (the session cookie) or a player without one (a random
//! token cookie kept by the browser, so that a page coming back finds its game), read from
//! the request's cookies, and the cookies that carry them.

use crate::store::{Account, Store};
use axum::http::header::{COOKIE, HOST};
use axum::http::HeaderMap;

/// The session cookie: the token of a signed-in account.
pub const SESSION_COOKIE: &str = "dama_session";
/// The anonymous cookie: a random token naming a player without an account in one browser.
pub const ANON_COOKIE: &str = "dama_anon";
/// How long the anonymous cookie lasts: a year (it holds no secret beyond the player's games).
const ANON_MAX_AGE_SECS: u64 = 365 * 86_400;

/// A player as the transport knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    /// A signed-in account.
    Account(Account),
    /// A browser without an account, by the SHA-256 of its token (the token is never kept).
    Anonymous(String),
}

impl Identity {
    /// The key a game's seat keeps: `account:<id>` or `anon:<token hash>`.
    pub fn key(&self) -> String {
        match self {
            Identity::Account(a) => format!("account:{}", a.id),
            Identity::Anonymous(hash) => format!("anon:{hash}"),
        }
    }

    /// The account, if signed in.
    pub fn account(&self) -> Option<&Account> {
        match self {
            Identity::Account(a) => Some(a),
            Identity::Anonymous(_) => None,
        }
    }
}

/// The value of cookie `name` in the request, if sent.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// Whether `token` has the shape of our tokens (64 hex characters): anything else is ignored.
pub fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A new anonymous token: 32 random bytes from the OS, in hex (as a session's).
pub use crate::store::random::token as new_token;
/// The SHA-256 of an anonymous token, in hex: what the server keeps of it (as of a session's).
pub use crate::store::random::token_hash as anon_hash;

/// Who sent the request: the account of a valid session cookie, else the anonymous cookie's
/// player, else nobody. A session that is unknown or expired counts as none (and the
/// refusal, for the endpoints that need an account, says so: see [`session`]).
pub async fn identify(store: &Store, headers: &HeaderMap) -> Option<Identity> {
    if let Ok(account) = session(store, headers).await {
        return Some(Identity::Account(account));
    }
    cookie(headers, ANON_COOKIE)
        .filter(|t| well_formed(t))
        .map(|t| Identity::Anonymous(anon_hash(t)))
}

/// The account of the request's session cookie, or the store's refusal (not signed in,
/// expired).
pub async fn session(store: &Store, headers: &HeaderMap) -> crate::store::Result<Account> {
    let token = cookie(headers, SESSION_COOKIE).ok_or(crate::store::StoreError::NoSession)?;
    store.session(token).await
}

/// Whether a cookie set in answer to this request must be `Secure`: always, except when the
/// page was asked for over plain HTTP on the loopback (`localhost`, `127.x`, `[::1]` as the
/// Host, and no `X-Forwarded-Proto: https` from a proxy in front), where browsers would
/// otherwise be given a cookie for a site that is not HTTPS. A server reached by any other
/// name is assumed to sit behind TLS.
pub fn secure(headers: &HeaderMap) -> bool {
    let forwarded_https = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"));
    let host = headers
        .get(HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    let loopback =
        name.eq_ignore_ascii_case("localhost") || name.starts_with("127.") || name == "::1";
    forwarded_https || !loopback
}

/// A `Set-Cookie` value: HttpOnly (no script reads it), SameSite=Lax (sent on a link from
/// another site, never on its forms or scripts), for the whole site, `Secure` as [`secure`]
/// decides; `max_age` 0 removes it.
pub fn set_cookie(name: &str, value: &str, max_age_secs: u64, secure: bool) -> String {
    format!(
        "{name}={value}; Path=/; Max-Age={max_age_secs}; HttpOnly; SameSite=Lax{}",
        if secure { "; Secure" } else { "" }
    )
}

/// The anonymous cookie for `token`.
pub fn anon_cookie(token: &str, secure: bool) -> String {
    set_cookie(ANON_COOKIE, token, ANON_MAX_AGE_SECS, secure)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn cookies_are_read_by_name() {
        let h = headers(&[("cookie", "a=1; dama_anon=xyz ; b=2"), ("cookie", "c=3")]);
        assert_eq!(cookie(&h, ANON_COOKIE), Some("xyz"));
        assert_eq!(cookie(&h, "c"), Some("3"));
        assert_eq!(cookie(&h, SESSION_COOKIE), None);
    }

    #[test]
    fn secure_except_on_plain_loopback() {
        assert!(!secure(&headers(&[("host", "localhost:8000")])));
        assert!(!secure(&headers(&[("host", "127.0.0.1:8000")])));
        assert!(!secure(&headers(&[("host", "[::1]:8000")])));
        assert!(secure(&headers(&[("host", "dama.example")])));
        assert!(secure(&headers(&[
            ("host", "localhost:8000"),
            ("x-forwarded-proto", "https")
        ])));
        assert!(secure(&headers(&[])));
        let c = set_cookie(SESSION_COOKIE, "t", 60, true);
        assert_eq!(
            c,
            "dama_session=t; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure"
        );
    }
}
