//! A page's lobby socket, as the tests open it.

use futures_util::SinkExt;
use online_play::api::LobbyFollow;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use super::{Browser, Socket};

/// A lobby socket opened with `browser`'s session cookie, following
/// `follow`.
pub async fn follower(browser: &Browser, follow: &LobbyFollow) -> Socket {
    let mut request = format!("ws://{}/api/lobby/socket", browser.addr)
        .into_client_request()
        .expect("a request");
    let cookie = format!("alq_session={}", browser.cookie.as_deref().unwrap_or(""));
    request
        .headers_mut()
        .insert("Cookie", cookie.parse().expect("a header"));
    let mut ws = tokio_tungstenite::connect_async(request)
        .await
        .expect("a socket")
        .0;
    let text = serde_json::to_string(follow).expect("writes");
    ws.send(Message::Text(text.into())).await.expect("sent");
    ws
}
