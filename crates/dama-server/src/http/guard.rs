//! Requests from other sites refused. A request that changes something (any method but GET,
//! HEAD and OPTIONS) and the WebSocket's upgrade must come from the server's own pages: a page
//! elsewhere must not ride the player's cookies to sign them out, delete their account, or play
//! in their name (CSRF, and cross-site WebSocket hijacking, which SameSite cookies alone do not
//! stop in every browser). The browser says where a request comes from: `Origin`, or
//! `Sec-Fetch-Site` when it sends no `Origin`. A request from another site is refused with 403
//! before its handler runs. One with neither header is no browser's (a browser sends `Origin`
//! with every cross-origin request and every WebSocket), carries no cookie a browser added on its
//! own, and passes.

use crate::app::App;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The middleware: refuses a cross-site request that changes something, or opens a socket.
pub async fn same_site(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let reads = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if reads && request.uri().path() != "/ws" {
        return next.run(request).await;
    }
    match from_elsewhere(request.headers(), &app.config.allow_origins) {
        None => next.run(request).await,
        Some(origin) => super::ApiError::new(
            super::ApiCode::OtherSite,
            format!("refused: a request from another site ({origin})"),
        )
        .into_response(),
    }
}

/// The other site a request comes from, if it comes from one: its `Origin` when that names
/// neither this server (its `Host`, or the `X-Forwarded-Host` a proxy in front passed) nor one
/// of `allowed`; else `cross-site` when the browser sent no `Origin` but said so.
pub fn from_elsewhere(headers: &HeaderMap, allowed: &[String]) -> Option<String> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let Some(origin) = headers.get("origin") else {
        return (header("sec-fetch-site") == Some("cross-site")).then(|| "cross-site".into());
    };
    let Ok(origin) = origin.to_str() else {
        return Some("an unreadable Origin".into());
    };
    let shown: String = origin.chars().take(100).collect();
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(origin)) {
        return None;
    }
    // scheme://host[:port], nothing after: a page's origin (`null` from a sandbox or a file).
    let Some(authority) = origin
        .split_once("://")
        .map(|(_, rest)| rest)
        .filter(|a| !a.is_empty() && !a.contains('/'))
    else {
        return Some(shown);
    };
    let ours = [header("host"), header("x-forwarded-host")];
    let same = ours
        .into_iter()
        .flatten()
        .any(|host| host.trim().eq_ignore_ascii_case(authority));
    (!same).then_some(shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn from(pairs: &[(&'static str, &'static str)], allowed: &[&str]) -> Option<String> {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        let allowed: Vec<String> = allowed.iter().map(|a| a.to_string()).collect();
        from_elsewhere(&h, &allowed)
    }

    #[test]
    fn the_servers_own_pages_pass() {
        let host = ("host", "dama.example");
        assert_eq!(from(&[host, ("origin", "https://dama.example")], &[]), None);
        assert_eq!(from(&[host, ("origin", "https://DAMA.example")], &[]), None);
        let local = ("host", "localhost:8000");
        assert_eq!(
            from(&[local, ("origin", "http://localhost:8000")], &[]),
            None
        );
        // Behind a proxy that passes the public name apart.
        let proxied = [
            ("host", "127.0.0.1:8000"),
            ("x-forwarded-host", "dama.example"),
            ("origin", "https://dama.example"),
        ];
        assert_eq!(from(&proxied, &[]), None);
        // No Origin, or a same-site fetch: no browser's cross-site request.
        assert_eq!(from(&[host], &[]), None);
        assert_eq!(from(&[host, ("sec-fetch-site", "same-origin")], &[]), None);
    }

    #[test]
    fn other_sites_are_refused_and_named() {
        let host = ("host", "dama.example");
        assert_eq!(
            from(&[host, ("origin", "https://evil.example")], &[]).as_deref(),
            Some("https://evil.example")
        );
        // A port is part of the origin; a look-alike name is another.
        assert!(from(&[host, ("origin", "https://dama.example:8443")], &[]).is_some());
        assert!(from(
            &[host, ("origin", "https://dama.example.evil.example")],
            &[]
        )
        .is_some());
        assert!(from(&[host, ("origin", "null")], &[]).is_some());
        assert!(from(&[host, ("origin", "https://")], &[]).is_some());
        assert!(from(&[host, ("origin", "https://dama.example/x")], &[]).is_some());
        assert!(
            from(&[("origin", "https://dama.example")], &[]).is_some(),
            "no Host"
        );
        assert_eq!(
            from(&[host, ("sec-fetch-site", "cross-site")], &[]).as_deref(),
            Some("cross-site")
        );
        // Unless the server was told to allow it.
        let club = "https://club.example";
        assert_eq!(
            from(&[host, ("origin", "https://club.example")], &[club]),
            None
        );
    }
}
