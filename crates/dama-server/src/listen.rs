//! Accepting connections, with their bounds: at most so many open at once from one address
//! (past it a new one is closed at once), and a request's head read within a stated time (a
//! connection that sends nothing, trickles its head a byte at a time, or sits idle between
//! requests is closed after [`HEAD_TIMEOUT`]: slowloris). A request's handler, body included,
//! has [`REQUEST_TIMEOUT`]. A WebSocket, once upgraded, keeps its own watch on silence (`ws`).
//!
//! The connections are HTTP/1.1 through hyper, as `axum::serve` makes them, which sets no
//! timer and so no timeout at all.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_service::Service;

/// How long a connection may take to send a request's head, counted from its opening or from
/// the end of its previous answer.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request's handler may take, reading the body included: every endpoint answers
/// in milliseconds, so only a body sent slowly on purpose meets it.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The connections open per address.
#[derive(Default)]
struct Open(Mutex<HashMap<IpAddr, u32>>);

impl Open {
    fn take(&self, ip: IpAddr, max: u32) -> bool {
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(ip).or_insert(0);
        if *n >= max {
            return false;
        }
        *n += 1;
        true
    }

    fn give_back(&self, ip: IpAddr) {
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&ip);
            }
        }
    }
}

/// Serves `router` on `listener` until `stop` turns true, then waits for the connections to end
/// (each finishes the request it is answering; the sockets close themselves on the same
/// signal). At most `per_addr` connections at once from one address.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    per_addr: u32,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let open = Arc::new(Open::default());
    // Each connection holds a receiver of `alive`; once all are dropped, every one has ended.
    let (alive, _) = watch::channel(());
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of file descriptors and the like: wait a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        if !open.take(peer.ip(), per_addr) {
            drop(stream); // closed at once: the address has enough open
            continue;
        }
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let open = open.clone();
        let mut stop = stop.clone();
        let alive = alive.subscribe();
        tokio::spawn(async move {
            let service =
                hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    let mut router = router.clone();
                    async move {
                        let request = request.map(axum::body::Body::new);
                        router.call(request).await
                    }
                });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT);
            let conn = builder
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(conn);
            let mut stopping = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = stop.changed(), if !stopping => {
                        stopping = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
            open.give_back(peer.ip());
            drop(alive);
        });
    }
    drop(listener);
    alive.closed().await;
    Ok(())
}
