//! A TCP relay that a test can cut: the server reaches its database or its bus through it,
//! and the test takes the way away (every connection closed, new ones refused) and gives it
//! back, as a restarted database or a partition between machines would.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tokio::io::copy_bidirectional;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// The relay: connect to [`Cut::addr`] to reach the upstream.
pub struct Cut {
    pub addr: SocketAddr,
    open: Arc<AtomicBool>,
    /// Bumped at each cut: the connections of an earlier generation close.
    generation: watch::Sender<u64>,
    task: tokio::task::JoinHandle<()>,
    pub refused: Arc<AtomicU64>,
}

impl Cut {
    /// A relay to `upstream`.
    pub async fn to(upstream: SocketAddr) -> Cut {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let open = Arc::new(AtomicBool::new(true));
        let refused = Arc::new(AtomicU64::new(0));
        let (generation, _) = watch::channel(0u64);
        let (o, r, g) = (open.clone(), refused.clone(), generation.clone());
        let task = tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else {
                    return;
                };
                if !o.load(Ordering::SeqCst) {
                    r.fetch_add(1, Ordering::Relaxed);
                    drop(inbound);
                    continue;
                }
                let mut cut = g.subscribe();
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(upstream).await else {
                        return;
                    };
                    tokio::select! {
                        _ = copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Cut {
            addr,
            open,
            generation,
            task,
            refused,
        }
    }

    /// Closes every connection through the relay and refuses new ones.
    pub fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        self.generation.send_modify(|g| *g += 1);
    }

    /// Lets connections through again.
    pub fn mend(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

impl Drop for Cut {
    fn drop(&mut self) {
        self.task.abort();
        self.cut();
    }
}
