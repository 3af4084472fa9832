//! Accepting connections: caps on the connections one address, and all
//! together, may hold open; a deadline for a request's headers; and the
//! graceful stop. (`axum::serve` has none of the first two: a client that
//! connects and sends nothing, or trickles its headers, was kept for ever,
//! and a few hundred such sockets from one address starved the server.)

use std::net::{IpAddr, SocketAddr};
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::{Extension, Router};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify};
use tower::ServiceExt;

use crate::http::limits::{Held, Holders, Proxies};

/// What the listener allows.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Connections one address may hold open (an IPv6 address counts by
    /// its /64, as [`crate::http::limits`] does).
    pub per_address: usize,
    /// Connections held open in all.
    pub total: usize,
    /// How long a request's headers may take to arrive, once the
    /// connection is open or the previous request answered.
    pub headers_within: Duration,
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            per_address: 64,
            total: 4096,
            headers_within: Duration::from_secs(10),
        }
    }
}

/// The connections open: by address (up to the cap per address) and in
/// all, with the wake-up for when none are left.
#[derive(Debug)]
struct Open {
    by_address: Arc<Holders>,
    total: Mutex<usize>,
    none_left: Notify,
}

/// One connection's place among the open ones, given back when dropped.
struct Slot {
    open: Arc<Open>,
    _by_address: Option<Held>,
}

impl Open {
    fn new(caps: Caps) -> Arc<Open> {
        Arc::new(Open {
            by_address: Holders::new(caps.per_address),
            total: Mutex::new(0),
            none_left: Notify::new(),
        })
    }

    fn total(&self) -> MutexGuard<'_, usize> {
        self.total.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place for a connection from `ip`, unless everyone has `cap`
    /// open, or the address its own cap. A trusted proxy carries many
    /// clients: only the total applies to it.
    fn take(self: &Arc<Open>, ip: IpAddr, trusted: bool, cap: usize) -> Option<Slot> {
        let mut total = self.total();
        if *total >= cap {
            return None;
        }
        let by_address = match trusted {
            true => None,
            false => Some(self.by_address.hold(ip)?),
        };
        *total += 1;
        Some(Slot {
            open: self.clone(),
            _by_address: by_address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut total = self.open.total();
        *total -= 1;
        if *total == 0 {
            self.open.none_left.notify_waiters();
        }
    }
}

/// Serves `router` on `listener` until `stopping` turns true; then lets
/// each connection finish its request (game sockets close themselves) and
/// returns once none is left. Bound the wait from outside.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    caps: Caps,
    proxies: Proxies,
    mut stopping: watch::Receiver<bool>,
) {
    let open = Open::new(caps);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopping.wait_for(|stopping| *stopping) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, say: wait a moment and go on.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Small frames (a move, a clock) go out at once instead of waiting
        // for the last one's acknowledgement (Nagle's algorithm held them
        // up to 40 ms).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::warn!(error = %e, "cannot set TCP_NODELAY");
        }
        let trusted = proxies.trust(peer.ip());
        let Some(slot) = open.take(peer.ip(), trusted, caps.total) else {
            // Closed at once: this address, or everyone, has enough open.
            drop(stream);
            continue;
        };
        let service = router
            .clone()
            .layer(Extension(ConnectInfo::<SocketAddr>(peer)))
            .map_request(|request: hyper::Request<Incoming>| request.map(Body::new));
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(caps.headers_within)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            let mut connection = pin!(connection);
            let mut asked_to_stop = false;
            loop {
                tokio::select! {
                    _ = connection.as_mut() => break,
                    _ = stopping.wait_for(|stopping| *stopping), if !asked_to_stop => {
                        asked_to_stop = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
            drop(slot);
        });
    }
    drop(listener);
    // Registered before looking, so a last connection ending in between
    // is not missed.
    let mut none_left = pin!(open.none_left.notified());
    none_left.as_mut().enable();
    let left = *open.total();
    if left > 0 {
        none_left.await;
    }
}
