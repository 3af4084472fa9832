//! A house bot's connection to its own server: an HTTP connection served by
//! the server's router over an in-memory pipe, upgraded to the game socket
//! as a browser's would be. Every request on it carries [`Inside`], so it is
//! not counted against an address's allowance of sockets (all the house
//! bots' games would otherwise come from one address).

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::{Extension, Router};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::DuplexStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::WebSocketStream;
use tower::ServiceExt;

use crate::bots::Inside;

/// A game socket as a house bot holds it.
pub(crate) type Socket = WebSocketStream<DuplexStream>;

/// Bytes the pipe holds each way.
const PIPE_BYTES: usize = 16 * 1024;

/// Opens the game socket through `router`, signed in with `session`.
pub(crate) async fn game_socket(router: &Router, session: &str) -> Result<Socket, String> {
    let (client, server) = tokio::io::duplex(PIPE_BYTES);
    let service = router
        .clone()
        .layer(Extension(Inside))
        .layer(Extension(ConnectInfo(SocketAddr::from((
            [127, 0, 0, 1],
            0,
        )))))
        .map_request(|request: hyper::Request<Incoming>| request.map(Body::new));
    tokio::spawn(async move {
        let _ = hyper::server::conn::http1::Builder::new()
            .serve_connection(TokioIo::new(server), TowerToHyperService::new(service))
            .with_upgrades()
            .await;
    });
    let mut request = "ws://house/ws"
        .into_client_request()
        .map_err(|e| e.to_string())?;
    let cookie = format!("{}={session}", crate::accounts::routes::COOKIE);
    request.headers_mut().insert(
        "Cookie",
        cookie.parse().map_err(|_| "a session that is no header")?,
    );
    let (socket, _) = tokio_tungstenite::client_async(request, client)
        .await
        .map_err(|e| e.to_string())?;
    Ok(socket)
}
