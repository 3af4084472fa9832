//! Accepting connections: caps on the connections one address, and all
//! together, may hold open; a deadline for a request's headers; and the
//! graceful stop. (`axum::serve` has none of the first two: a client that
//! connects and sends nothing, or trickles its headers, was kept for ever,
//! and a few hundred such sockets from one address starved the server.)

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::pin;
use std::sync::{Arc, Mutex};
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

use crate::limits::{bucket, Proxies};

/// What the listener allows.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Connections one address may hold open (an IPv6 address counts by
    /// its /64, as [`crate::limits`] does).
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

/// The connections open, by address, and the wake-up for when none are.
#[derive(Debug, Default)]
struct Open {
    by_address: Mutex<(usize, HashMap<IpAddr, usize>)>,
    none_left: Notify,
}

/// One connection's place among the open ones, given back when dropped.
struct Slot {
    open: Arc<Open>,
    address: IpAddr,
}

impl Open {
    fn take(self: &Arc<Open>, address: IpAddr, cap: usize, per_address: usize) -> Option<Slot> {
        let mut guard = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        let (total, by_address) = &mut *guard;
        let mine = by_address.entry(address).or_insert(0);
        if *total >= cap || *mine >= per_address {
            if *mine == 0 {
                by_address.remove(&address);
            }
            return None;
        }
        *mine += 1;
        *total += 1;
        Some(Slot {
            open: self.clone(),
            address,
        })
    }

    fn total(&self) -> usize {
        self.by_address.lock().unwrap_or_else(|p| p.into_inner()).0
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut guard = self
            .open
            .by_address
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let (total, by_address) = &mut *guard;
        *total -= 1;
        if let Some(mine) = by_address.get_mut(&self.address) {
            *mine -= 1;
            if *mine == 0 {
                by_address.remove(&self.address);
            }
        }
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
    let open = Arc::new(Open::default());
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
        // A trusted proxy carries many clients: only the total applies.
        let per_address = if proxies.trust(peer.ip()) {
            usize::MAX
        } else {
            caps.per_address
        };
        let Some(slot) = open.take(bucket(peer.ip()), caps.total, per_address) else {
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
    if open.total() > 0 {
        none_left.await;
    }
}
