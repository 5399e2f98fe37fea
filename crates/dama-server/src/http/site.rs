//! The static site: every path the API does not take is a file under the site folder, sent
//! with the headers a wasm site needs: the MIME types,
//! `Cache-Control: no-cache` (each file revalidated, here by its ETag), and cross-origin
//! isolation (COOP same-origin, COEP require-corp) so the engine can search on several threads.

use crate::app::App;
use axum::body::Body;
use axum::extract::State;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, ETAG, IF_NONE_MATCH, LOCATION,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::UNIX_EPOCH;

/// The types that matter, set here rather than guessed from the machine: .wasm must be
/// application/wasm for streaming instantiation, modules text/javascript.
fn mime(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "webmanifest" => "application/manifest+json",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// The headers every file gets.
fn site_headers(h: &mut HeaderMap) {
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        HeaderName::from_static("cross-origin-embedder-policy"),
        HeaderValue::from_static("require-corp"),
    );
}

/// The path's `%XX` escapes decoded; `None` when they do not make UTF-8.
fn decode(path: &str) -> Option<String> {
    let b = path.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The file a URL path names under the site folder: its segments, none of them empty of
/// meaning (`.`, `..`), hidden (`.git`) or holding a separator.
fn file_of(root: &std::path::Path, path: &str) -> Option<PathBuf> {
    let path = decode(path)?;
    let mut file = root.to_path_buf();
    for seg in path.split('/').filter(|s| !s.is_empty()) {
        if seg.starts_with('.') || seg.contains(['\\', '\0']) {
            return None;
        }
        file.push(seg);
    }
    Some(file)
}

fn status(code: StatusCode, text: &'static str) -> Response {
    let mut r = (code, text).into_response();
    site_headers(r.headers_mut());
    r
}

/// Serves the file at the request's path (a folder's index.html; a folder asked for
/// without its `/` is redirected to it, so that relative links work).
pub async fn serve(
    State(app): State<Arc<App>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return status(StatusCode::METHOD_NOT_ALLOWED, "GET or HEAD only");
    }
    let Some(mut file) = file_of(&app.config.site, uri.path()) else {
        return status(StatusCode::NOT_FOUND, "not found");
    };
    let Ok(mut meta) = tokio::fs::metadata(&file).await else {
        return status(StatusCode::NOT_FOUND, "not found");
    };
    if meta.is_dir() {
        if !uri.path().ends_with('/') {
            let mut r = status(StatusCode::MOVED_PERMANENTLY, "");
            let to = format!("{}/", uri.path());
            if let Ok(v) = HeaderValue::from_str(&to) {
                r.headers_mut().insert(LOCATION, v);
            }
            return r;
        }
        file.push("index.html");
        match tokio::fs::metadata(&file).await {
            Ok(m) if m.is_file() => meta = m,
            _ => return status(StatusCode::NOT_FOUND, "not found"),
        }
    }
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let etag = format!("\"{modified:x}-{:x}\"", meta.len());
    let mut h = HeaderMap::new();
    site_headers(&mut h);
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(ETAG, v);
    }
    let fresh = headers
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    if fresh {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    h.insert(
        CONTENT_TYPE,
        HeaderValue::from_static(mime(&file.to_string_lossy())),
    );
    h.insert(CONTENT_LENGTH, HeaderValue::from(meta.len()));
    if method == Method::HEAD {
        return (StatusCode::OK, h).into_response();
    }
    match tokio::fs::read(&file).await {
        Ok(bytes) => (StatusCode::OK, h, Body::from(bytes)).into_response(),
        Err(_) => status(StatusCode::NOT_FOUND, "not found"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn paths_stay_inside_the_site() {
        let root = Path::new("/site");
        assert_eq!(
            file_of(root, "/www/a.js"),
            Some(PathBuf::from("/site/www/a.js"))
        );
        assert_eq!(
            file_of(root, "/a%20b.txt"),
            Some(PathBuf::from("/site/a b.txt"))
        );
        assert_eq!(file_of(root, "/"), Some(PathBuf::from("/site")));
        assert_eq!(file_of(root, "/../etc/passwd"), None);
        assert_eq!(file_of(root, "/www/%2e%2e/x"), None);
        assert_eq!(file_of(root, "/.git/config"), None);
        assert_eq!(file_of(root, "/a%5cb"), None);
        assert_eq!(file_of(root, "/bad%zz"), None);
        assert_eq!(mime("x/engine_bg.wasm"), "application/wasm");
        assert_eq!(mime("index.html"), "text/html; charset=utf-8");
    }
}
