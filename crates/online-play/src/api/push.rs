//! Web Push: a signed-in player turns notifications on from a browser (on
//! their own press), and the server calls them back there when a
//! correspondence opponent moved, a challenge came, or a correspondence
//! clock is about to run out. The push itself ([`PushNotice`]) is
//! encrypted for the browser alone; its service worker words it in the
//! player's language.

use serde::{Deserialize, Serialize};

use super::Endpoint;

/// The server's VAPID public key, for `pushManager.subscribe`: [`PushKey`].
pub const PUSH_KEY: Endpoint = Endpoint::get("/api/push/key");
/// Keeps a browser's subscription for the signed-in player
/// ([`PushSubscribe`]); answers 204.
pub const PUSH_SUBSCRIBE: Endpoint = Endpoint::post("/api/push/subscribe");
/// Forgets a browser's subscription ([`PushUnsubscribe`]); answers 204.
pub const PUSH_UNSUBSCRIBE: Endpoint = Endpoint::post("/api/push/unsubscribe");

/// Subscriptions one account may hold (a browser each); the oldest goes
/// when another comes.
pub const PUSH_SUBSCRIPTIONS: usize = 10;
/// The longest push service address taken.
pub const PUSH_ENDPOINT_LENGTH: usize = 1000;

/// The server's application key: an uncompressed P-256 point, in
/// unpadded base64url.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKey {
    pub key: String,
}

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it,
/// and the language its notifications are worded in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscribe {
    pub endpoint: String,
    pub keys: PushKeys,
    pub lang: String,
}

/// The browser's keys: its P-256 public key and its 16-byte secret, both
/// in unpadded base64url.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKeys {
    pub p256dh: String,
    pub auth: String,
}

/// The subscription to forget, by its push service address.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushUnsubscribe {
    pub endpoint: String,
}

/// The address, beside the site's page, that opens the online game `id`.
pub fn game_url(id: &str) -> String {
    format!("./?watch={id}")
}

/// What a push says, as data: the service worker words it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushNotice {
    pub kind: PushKind,
    /// The game or challenge it is about.
    pub id: String,
    /// The other player's name.
    pub from: String,
    /// The language the subscription asked for.
    pub lang: String,
    /// The address to open when the notification is pressed.
    pub url: String,
}

/// Why a player is called back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PushKind {
    /// The correspondence opponent moved: the player's move.
    Moved,
    /// A challenge came.
    Challenge,
    /// The correspondence clock of the player on move is running out.
    Clock,
}
