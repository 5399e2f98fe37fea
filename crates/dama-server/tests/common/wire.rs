//! The client side of the wire, shared by the tests and the load benchmark
//! (`examples/load/`, which includes this file by path): a bare HTTP/1.1 client, the
//! anonymous cookie and the challenge a page asks for, and the WebSocket request with a
//! cookie. Failures are `Err` here; the tests' wrappers in `mod.rs` unwrap them.

#![allow(dead_code)] // each user takes its own part

use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::handshake::client::Request;

/// The longest an HTTP request may take before it is called failed.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The `name=value` of the cookie the answer sets, if any.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
            .map(|(_, v)| v.split(';').next().unwrap_or("").to_owned())
            .find(|c| c.starts_with(&format!("{name}=")))
    }
}

/// What an HTTP request asks.
#[derive(Clone, Copy, Debug)]
pub struct HttpRequest<'a> {
    pub method: &'a str,
    pub path: &'a str,
    /// The `Cookie` header's value.
    pub cookie: Option<&'a str>,
    /// A JSON body.
    pub body: Option<&'a str>,
    /// More headers (`Origin`, `Sec-Fetch-Site`...).
    pub headers: &'a [(&'a str, &'a str)],
}

impl<'a> HttpRequest<'a> {
    /// A `GET` of `path`, without cookie.
    pub fn get(path: &'a str) -> HttpRequest<'a> {
        HttpRequest {
            method: "GET",
            path,
            cookie: None,
            body: None,
            headers: &[],
        }
    }
}

/// One HTTP/1.1 request (the connection closed after it), within [`HTTP_TIMEOUT`].
pub async fn request(addr: SocketAddr, r: HttpRequest<'_>) -> Result<Answer, String> {
    let (method, path) = (r.method, r.path);
    tokio::time::timeout(HTTP_TIMEOUT, exchange(addr, r))
        .await
        .map_err(|_| format!("{method} {path}: no answer in {HTTP_TIMEOUT:?}"))?
        .map_err(|e| format!("{method} {path}: {e}"))
}

async fn exchange(addr: SocketAddr, r: HttpRequest<'_>) -> Result<Answer, String> {
    let HttpRequest {
        method,
        path,
        cookie,
        body,
        headers: more,
    } = r;
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(c) = cookie {
        req.push_str(&format!("Cookie: {c}\r\n"));
    }
    for (k, v) in more {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() {
        req.push_str("Content-Type: application/json\r\n");
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").ok_or("no header end")?;
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or("no status line")?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect::<Vec<_>>();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        unchunk(rest)
    } else {
        rest.to_owned()
    };
    Ok(Answer {
        status,
        headers,
        body,
    })
}

fn unchunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n + 2 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A browser without an account: the anonymous cookie `GET /api/me` gives.
pub async fn new_anonymous(addr: SocketAddr) -> Result<String, String> {
    let a = request(addr, HttpRequest::get("/api/me")).await?;
    a.cookie("dama_anon")
        .ok_or_else(|| format!("no anonymous cookie: {} {}", a.status, a.body))
}

/// A challenge by `cookie`'s player (`body` the JSON of `POST /api/challenge`): its id.
pub async fn new_challenge(addr: SocketAddr, cookie: &str, body: &str) -> Result<String, String> {
    let post = HttpRequest {
        method: "POST",
        path: "/api/challenge",
        cookie: Some(cookie),
        body: Some(body),
        headers: &[],
    };
    let a = request(addr, post).await?;
    if a.status != 201 {
        return Err(format!("challenge: {} {}", a.status, a.body));
    }
    serde_json::from_str::<serde_json::Value>(&a.body)
        .ok()
        .and_then(|v| v["id"].as_str().map(str::to_owned))
        .ok_or_else(|| format!("challenge: no id in {}", a.body))
}

/// The WebSocket upgrade request to `addr`'s `/ws`, with `cookie` if any.
pub fn ws_request(addr: SocketAddr, cookie: Option<&str>) -> Request {
    let mut req = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a well-formed URL");
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("cookie", c.parse().expect("a cookie is a header value"));
    }
    req
}
