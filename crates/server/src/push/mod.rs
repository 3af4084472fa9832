//! Web Push: calling a signed-in player back in a browser they turned
//! notifications on in, when a correspondence opponent moved, a challenge
//! came, or a correspondence clock is about to run out.
//!
//! - The VAPID key pair is made once and kept in the store ([`store`]), so
//!   every process signs with the key the browsers subscribed with.
//! - Each push is a [`PushNotice`] in JSON, encrypted for the browser alone
//!   as RFC 8291 says and signed as RFC 8292 says (by `web-push-native`),
//!   and posted to the browser's push service; the page's service worker
//!   words it in the subscription's language.
//! - A subscription its push service calls gone (404, 410) is forgotten.
//! - Pushes go out in the background: a move or a challenge never waits
//!   for a push service.
//!
//! [`routes`] keeps and forgets subscriptions.

pub mod routes;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding};
use online_play::api::{PushKind, PushNotice};
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::{p256, Auth, WebPushBuilder};

use crate::storage::Db;
use store::Subscription;

/// How Web Push is set up for a server.
#[derive(Clone, Debug)]
pub struct PushConfig {
    /// Who push services may write to about this server (`mailto:…` or
    /// `https://…`), sent in every signature.
    pub contact: String,
    /// Whether push service addresses on this machine over plain HTTP are
    /// taken (a test's own push service); never on a site.
    pub loopback: bool,
}

impl Default for PushConfig {
    fn default() -> PushConfig {
        PushConfig {
            contact: "mailto:operator@localhost".to_string(),
            loopback: false,
        }
    }
}

/// What a push is about, before it is addressed to a browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub kind: PushKind,
    pub id: String,
    pub from: String,
    pub url: String,
}

impl Notice {
    /// How long a push service keeps it for a browser that is away: a
    /// warning of a clock is stale once the clock ran out anyway.
    fn lifetime(&self) -> Duration {
        match self.kind {
            PushKind::Clock => Duration::from_secs(6 * 60 * 60),
            _ => Duration::from_secs(24 * 60 * 60),
        }
    }
}

/// How a push went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    Delivered,
    /// The push service says the subscription is gone: it was forgotten.
    Gone,
    Failed,
}

/// Sends the server's pushes.
pub struct Pusher {
    db: Db,
    config: PushConfig,
    client: reqwest::Client,
    key: tokio::sync::OnceCell<Arc<ES256KeyPair>>,
}

impl std::fmt::Debug for Pusher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pusher")
            .field("config", &self.config)
            .finish()
    }
}

impl Pusher {
    pub fn new(db: Db, config: PushConfig) -> Pusher {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .connect_timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("an HTTP client with TLS built in");
        Pusher {
            db,
            config,
            client,
            key: tokio::sync::OnceCell::new(),
        }
    }

    pub fn config(&self) -> &PushConfig {
        &self.config
    }

    /// The key pair every process signs with: made by the first to ask.
    pub async fn key(&self) -> Result<Arc<ES256KeyPair>, crate::StoreError> {
        self.key
            .get_or_try_init(|| async {
                let fresh = Base64UrlUnpadded::encode_string(&ES256KeyPair::generate().to_bytes());
                let kept = self.db.push_key(&fresh).await?;
                let bytes = Base64UrlUnpadded::decode_vec(&kept).map_err(|_| {
                    crate::StoreError::Foreign("a VAPID key that is not base64url".into())
                })?;
                let pair = ES256KeyPair::from_bytes(&bytes).map_err(|_| {
                    crate::StoreError::Foreign("a VAPID key that is not one".into())
                })?;
                Ok(Arc::new(pair))
            })
            .await
            .cloned()
    }

    /// The public key browsers subscribe with, in unpadded base64url.
    pub async fn public_key(&self) -> Result<String, crate::StoreError> {
        let pair = self.key().await?;
        Ok(Base64UrlUnpadded::encode_string(
            &pair.public_key().public_key().to_bytes_uncompressed(),
        ))
    }

    /// Tells `user` on every browser they subscribed, in the background.
    pub fn tell(self: &Arc<Self>, user: &str, notice: Notice) {
        let (pusher, user) = (self.clone(), user.to_string());
        tokio::spawn(async move {
            pusher.tell_now(&user, &notice).await;
        });
    }

    /// Tells `user` on every browser they subscribed; how each went.
    pub async fn tell_now(&self, user: &str, notice: &Notice) -> Vec<Sent> {
        let subscriptions = match self.db.subscriptions(user).await {
            Ok(subscriptions) => subscriptions,
            Err(e) => {
                tracing::error!(error = %e, "push subscriptions could not be read");
                return Vec::new();
            }
        };
        let mut sent = Vec::new();
        for subscription in subscriptions {
            sent.push(self.send(&subscription, notice).await);
        }
        sent
    }

    async fn send(&self, subscription: &Subscription, notice: &Notice) -> Sent {
        let request = match self.request(subscription, notice).await {
            Ok(request) => request,
            Err(why) => {
                tracing::warn!(endpoint = %subscription.endpoint, why, "push not made");
                return Sent::Failed;
            }
        };
        match self.client.execute(request).await {
            Ok(answer) if answer.status().is_success() => Sent::Delivered,
            Ok(answer) if matches!(answer.status().as_u16(), 404 | 410) => {
                if let Err(e) = self.db.subscription_gone(&subscription.endpoint).await {
                    tracing::error!(error = %e, "a gone push subscription could not be forgotten");
                }
                Sent::Gone
            }
            Ok(answer) => {
                tracing::warn!(endpoint = %subscription.endpoint, status = %answer.status(), "push refused");
                Sent::Failed
            }
            Err(e) => {
                tracing::warn!(endpoint = %subscription.endpoint, error = %e, "push not delivered");
                Sent::Failed
            }
        }
    }

    /// The encrypted, signed request for one browser.
    async fn request(
        &self,
        subscription: &Subscription,
        notice: &Notice,
    ) -> Result<reqwest::Request, String> {
        let pair = self.key().await.map_err(|e| e.to_string())?;
        let endpoint = subscription
            .endpoint
            .parse()
            .map_err(|_| "an endpoint that is not an address".to_string())?;
        let (public, auth) = browser_keys(&subscription.p256dh, &subscription.auth)?;
        let body = serde_json::to_vec(&PushNotice {
            kind: notice.kind,
            id: notice.id.clone(),
            from: notice.from.clone(),
            lang: subscription.lang.clone(),
            url: notice.url.clone(),
        })
        .map_err(|e| e.to_string())?;
        let mut request = WebPushBuilder::new(endpoint, public, auth)
            .with_valid_duration(notice.lifetime())
            .with_vapid(&pair, &self.config.contact)
            .build(body)
            .map_err(|e| e.to_string())?;
        request
            .headers_mut()
            .insert("urgency", reqwest::header::HeaderValue::from_static("high"));
        reqwest::Request::try_from(request).map_err(|e| e.to_string())
    }
}

/// A browser's public key and secret, from their base64url.
pub fn browser_keys(p256dh: &str, auth: &str) -> Result<(p256::PublicKey, Auth), String> {
    let public = Base64UrlUnpadded::decode_vec(p256dh.trim_end_matches('='))
        .ok()
        .filter(|bytes| bytes.len() == 65)
        .and_then(|bytes| p256::PublicKey::from_sec1_bytes(&bytes).ok())
        .ok_or_else(|| "keys.p256dh".to_string())?;
    let secret = Base64UrlUnpadded::decode_vec(auth.trim_end_matches('='))
        .ok()
        .filter(|bytes| bytes.len() == 16)
        .ok_or_else(|| "keys.auth".to_string())?;
    Ok((public, Auth::clone_from_slice(&secret)))
}
