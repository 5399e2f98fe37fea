//! Abuse refused: requests from other sites (CSRF, and WebSockets opened by another site's
//! page), sign-ins guessed by brute force, accounts made in bulk, and a session planted before
//! a sign-in. Each refusal says why and changes nothing.

mod common;

use common::*;
use std::net::SocketAddr;
use tokio_tungstenite::tungstenite::Error as WsError;

/// One request with more headers.
async fn ask(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> Answer {
    let r = wire::HttpRequest {
        method,
        path,
        cookie: None,
        body,
        headers,
    };
    wire::request(addr, r).await.unwrap()
}

fn credentials(name: &str, password: &str) -> String {
    serde_json::json!({ "name": name, "password": password }).to_string()
}

/// `POST /api/session` with `name` and `password`, from the server's own page.
async fn sign_in(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = credentials(name, password);
    ask(addr, "POST", "/api/session", Some(&body), &[]).await
}

/// `POST /api/account` with `name` and `password`, from the server's own page.
async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = credentials(name, password);
    ask(addr, "POST", "/api/account", Some(&body), &[]).await
}

#[tokio::test]
async fn another_sites_requests_and_sockets_are_refused() {
    let dir = TempDir::new();
    let server = start_with(&dir.db().await, |c| {
        c.allow_origins = vec!["https://club.example".into()];
    })
    .await;
    let addr = server.addr;
    let anna = credentials("anna", "password1");
    // The wire client's Host is `localhost`.
    let evil = [("Origin", "https://evil.example")];
    let a = ask(addr, "POST", "/api/account", Some(&anna), &evil).await;
    assert_eq!(a.status, 403, "{}", a.body);
    assert!(
        a.body.contains("another site (https://evil.example)"),
        "{}",
        a.body
    );
    assert_eq!(a.cookie("dama_session"), None);
    // Nothing was made: signing in finds no account.
    let a = ask(addr, "POST", "/api/session", Some(&anna), &[]).await;
    assert_eq!(a.status, 401, "{}", a.body);
    // Without Origin, a browser's word that the request is cross-site is enough.
    let cross = [("Sec-Fetch-Site", "cross-site")];
    let a = ask(addr, "POST", "/api/account", Some(&anna), &cross).await;
    assert_eq!(a.status, 403, "{}", a.body);
    // The server's own page, and a site it was told to allow, pass.
    let own = [
        ("Origin", "http://localhost"),
        ("Sec-Fetch-Site", "same-origin"),
    ];
    let a = ask(addr, "POST", "/api/account", Some(&anna), &own).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let club = [("Origin", "https://club.example")];
    let bruno = credentials("bruno", "password1");
    assert_eq!(
        ask(addr, "POST", "/api/account", Some(&bruno), &club)
            .await
            .status,
        201
    );
    // Reading stays open to everyone: a link from anywhere opens a game or the archive.
    assert_eq!(
        ask(addr, "GET", "/api/games/live", None, &evil)
            .await
            .status,
        200
    );
    // A WebSocket opened by another site's page is refused at the upgrade; the server's own
    // page's opens.
    let mut req = ws_request(addr, None);
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(WsError::Http(answer)) => assert_eq!(answer.status(), 403),
        other => panic!(
            "a cross-site socket was not refused: {:?}",
            other.map(|_| ())
        ),
    }
    let mut req = ws_request(addr, None);
    let own = format!("http://{addr}");
    req.headers_mut().insert("origin", own.parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
    server.stop().await;
}

#[tokio::test]
async fn sign_ins_are_limited_per_name_saying_nothing_about_the_name_and_per_address() {
    let dir = TempDir::new();
    let server = start_with(&dir.db().await, |c| {
        c.sign_ins_per_name = 3;
        c.sign_ins_per_addr = 13;
    })
    .await;
    let addr = server.addr;
    let made = sign_up(addr, "Anna", "password1");
    assert_eq!(made.await.status, 201);
    let mut refusals = Vec::new();
    for name in ["anna", "nobody"] {
        for _ in 0..3 {
            let a = sign_in(addr, name, "guess-1234");
            assert_eq!(a.await.status, 401);
        }
        // Past the limit even the right password is refused, and the refusal is the same
        // whether the name has an account or not.
        let a = sign_in(addr, name, "password1").await;
        assert_eq!(a.status, 429, "{}", a.body);
        assert_eq!(a.cookie("dama_session"), None);
        assert_eq!(a.json()["code"], "too-many");
        refusals.push(a.json()["error"].as_str().unwrap().to_owned());
    }
    assert_eq!(refusals[0], refusals[1]);
    assert_eq!(
        refusals[0],
        "too many sign-ins for this name: try again in 15 minutes"
    );
    // The count is per name without case; another name is free, and a right password starts
    // its count afresh.
    let a = sign_in(addr, "ANNA", "password1").await;
    assert_eq!(a.status, 429);
    let made = sign_up(addr, "bruno", "password1");
    assert_eq!(made.await.status, 201);
    for _ in 0..2 {
        let a = sign_in(addr, "bruno", "guess-1234");
        assert_eq!(a.await.status, 401);
    }
    let a = sign_in(addr, "bruno", "password1");
    assert_eq!(a.await.status, 200);
    let a = sign_in(addr, "bruno", "guess-1234");
    assert_eq!(
        a.await.status,
        401,
        "a fresh count after the right password"
    );
    // 13 sign-ins from this address so far (every try counts, refused or not): the address is
    // held now, whatever the name.
    let a = sign_in(addr, "carla", "guess-1234").await;
    assert_eq!(a.status, 429, "{}", a.body);
    assert!(a.body.contains("sign-ins from your address"), "{}", a.body);
    server.stop().await;
}

#[tokio::test]
async fn accounts_made_per_address_are_limited() {
    let dir = TempDir::new();
    let server = start_with(&dir.db().await, |c| c.accounts_per_addr = 2).await;
    let addr = server.addr;
    for name in ["anna", "bruno"] {
        let a = sign_up(addr, name, "password1");
        assert_eq!(a.await.status, 201);
    }
    let a = sign_up(addr, "carla", "password1").await;
    assert_eq!(a.status, 429, "{}", a.body);
    assert!(
        a.body
            .contains("accounts made from your address: try again in 60 minutes"),
        "{}",
        a.body
    );
    let a = sign_in(addr, "carla", "password1");
    assert_eq!(a.await.status, 401, "no account was made");
    server.stop().await;
}

#[tokio::test]
async fn a_sign_in_ends_the_session_the_browser_held_before() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let anna = credentials("anna", "password1");
    let first = http(addr, "POST", "/api/account", None, Some(&anna)).await;
    let first = first.cookie("dama_session").unwrap();
    let me = http(addr, "GET", "/api/me", Some(&first), None)
        .await
        .json();
    assert_eq!(me["account"]["name"], "anna");
    // Signing in again from the same browser: a new session, the old one ended.
    let second = http(addr, "POST", "/api/session", Some(&first), Some(&anna)).await;
    assert_eq!(second.status, 200);
    let second = second.cookie("dama_session").unwrap();
    assert_ne!(first, second);
    let me = http(addr, "GET", "/api/me", Some(&first), None)
        .await
        .json();
    assert_eq!(me["account"], serde_json::Value::Null);
    let me = http(addr, "GET", "/api/me", Some(&second), None)
        .await
        .json();
    assert_eq!(me["account"]["name"], "anna");
    server.stop().await;
}

/// Reads until the server closes the connection; how long that took, and what it sent.
async fn until_closed(mut s: tokio::net::TcpStream) -> (std::time::Duration, String) {
    use tokio::io::AsyncReadExt;
    let start = std::time::Instant::now();
    let mut got = Vec::new();
    let read = tokio::time::timeout(GUARD, s.read_to_end(&mut got)).await;
    assert!(read.is_ok(), "the server never closed the connection");
    (start.elapsed(), String::from_utf8_lossy(&got).into_owned())
}

#[tokio::test]
async fn silent_trickling_and_slow_connections_are_closed_in_a_stated_time() {
    use dama_server::listen::{HEAD_TIMEOUT, REQUEST_TIMEOUT};
    use tokio::io::AsyncWriteExt;
    use tokio::net::TcpStream;
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    // Nothing sent.
    let silent = async { until_closed(TcpStream::connect(addr).await.unwrap()).await };
    // A head a byte a second (slowloris).
    let trickle = async {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let head = b"GET /api/games/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
        let start = std::time::Instant::now();
        for b in head {
            if s.write_all(&[*b]).await.is_err() {
                break; // closed under us: what we wait for
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            if start.elapsed() > HEAD_TIMEOUT + std::time::Duration::from_secs(5) {
                break;
            }
        }
        (start.elapsed(), String::new())
    };
    // A head in time, then a body promised and never finished.
    let slow_body = async {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let head = "POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\":";
        s.write_all(head.as_bytes()).await.unwrap();
        until_closed(s).await
    };
    let ((silent_took, _), (trickle_took, _), (body_took, body_answer)) =
        tokio::join!(silent, trickle, slow_body);
    let slack = std::time::Duration::from_secs(3);
    assert!(
        silent_took >= HEAD_TIMEOUT && silent_took < HEAD_TIMEOUT + slack,
        "{silent_took:?}"
    );
    assert!(
        trickle_took < HEAD_TIMEOUT + slack,
        "a trickled head held on for {trickle_took:?}"
    );
    assert!(
        body_took >= REQUEST_TIMEOUT && body_took < REQUEST_TIMEOUT + slack,
        "{body_took:?}"
    );
    assert!(body_answer.starts_with("HTTP/1.1 408"), "{body_answer}");
    // The server serves on.
    assert_eq!(
        http(addr, "GET", "/api/games/live", None, None)
            .await
            .status,
        200
    );
    server.stop().await;
}

#[tokio::test]
async fn a_websocket_frame_trickled_a_byte_a_second_is_closed_when_the_idle_time_is_up() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = TempDir::new();
    let server = start_with(&dir.db().await, |c| c.idle_secs = 3).await;
    let mut s = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        server.addr
    );
    s.write_all(upgrade.as_bytes()).await.unwrap();
    let mut head = [0u8; 12];
    s.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 101");
    let (mut read, mut write) = s.into_split();
    // A masked text frame of 30 bytes, sent a byte a second: never a whole message.
    let mut frame = vec![0x81, 0x80 | 30, 1, 2, 3, 4];
    frame.extend(std::iter::repeat_n(b'x' ^ 1, 30));
    let trickle = tokio::spawn(async move {
        for b in frame {
            if write.write_all(&[b]).await.is_err() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    });
    let start = std::time::Instant::now();
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(GUARD, read.read_to_end(&mut rest)).await;
    let took = start.elapsed();
    trickle.abort();
    assert!(closed.is_ok(), "the server never closed the socket");
    // Closed at the idle time (3 s here, 20 s by default), not after the whole frame (36 s).
    let idle = std::time::Duration::from_secs(3);
    assert!(
        took >= idle - std::time::Duration::from_millis(500) && took < idle * 3,
        "{took:?}"
    );
    assert!(
        String::from_utf8_lossy(&rest).contains("no message for 3 s"),
        "{:?}",
        String::from_utf8_lossy(&rest)
    );
    server.stop().await;
}

#[tokio::test]
async fn connections_per_address_are_bounded() {
    use tokio::net::TcpStream;
    let dir = TempDir::new();
    let server = start_with(&dir.db().await, |c| c.max_connections_per_addr = 3).await;
    let addr = server.addr;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    // The connections are counted as they are accepted: wait until the three are.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let (took, answer) = until_closed(TcpStream::connect(addr).await.unwrap()).await;
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
    assert_eq!(answer, "", "closed at once, unanswered");
    drop(held.pop());
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(
        http(addr, "GET", "/api/games/live", None, None)
            .await
            .status,
        200
    );
    server.stop().await;
}
