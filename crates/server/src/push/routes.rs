//! Web Push over HTTP: the server's public key (`GET /api/push/key`), and a
//! signed-in player's subscriptions kept (`POST /api/push/subscribe`) and
//! forgotten (`POST /api/push/unsubscribe`). A subscription is checked
//! before it is kept: an address of a push service over HTTPS (never this
//! machine's nor a private network's, which the server would then post
//! to), a browser key that is a P-256 point, a 16-byte secret, and one of
//! the site's languages.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{
    self, PushKey, PushSubscribe, PushUnsubscribe, Refusal, Unavailable as Area,
    PUSH_ENDPOINT_LENGTH, PUSH_SUBSCRIPTIONS,
};

use super::store::Subscription;
use super::{browser_keys, PushConfig};
use crate::accounts::routes::body;
use crate::http::error::{ApiError, OrUnavailable};
use crate::http::App;
use crate::lobby::follows::me;
use crate::lobby::routes::Answer;

/// The languages a notification may be worded in (the page's).
pub const LANGUAGES: [&str; 6] = ["en", "es", "fr", "ru", "tr", "ar"];

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::PUSH_KEY.route, get(key))
        .route(api::PUSH_SUBSCRIBE.route, post(subscribe))
        .route(api::PUSH_UNSUBSCRIBE.route, post(unsubscribe))
}

async fn key(State(app): State<Arc<App>>) -> Answer {
    let key = app
        .hub
        .push
        .public_key()
        .await
        .or_unavailable(Area::Accounts)?;
    Ok(Json(PushKey { key }).into_response())
}

fn refused(field: &str) -> ApiError {
    ApiError::from(Refusal::BadSubscription {
        field: field.to_string(),
    })
}

async fn subscribe(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    read: Result<Json<PushSubscribe>, JsonRejection>,
) -> Answer {
    let asked = body(
        read,
        "{\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}, \"lang\"}",
    )?;
    let me = me(&app, &jar).await?;
    let subscription = checked(&asked, app.hub.push.config()).map_err(|field| refused(&field))?;
    let db = app.hub.db();
    db.subscribe(&me, &subscription, app.hub.time.now(), PUSH_SUBSCRIPTIONS)
        .await
        .or_unavailable(Area::Accounts)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn unsubscribe(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    read: Result<Json<PushUnsubscribe>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"endpoint\"}")?;
    let me = me(&app, &jar).await?;
    app.hub
        .db()
        .unsubscribe(&me, &asked.endpoint)
        .await
        .or_unavailable(Area::Accounts)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The subscription to keep, or the field that is wrong.
pub fn checked(asked: &PushSubscribe, config: &PushConfig) -> Result<Subscription, String> {
    if asked.endpoint.len() > PUSH_ENDPOINT_LENGTH || !endpoint_taken(&asked.endpoint, config) {
        return Err("endpoint".to_string());
    }
    browser_keys(&asked.keys.p256dh, &asked.keys.auth)?;
    if !LANGUAGES.contains(&asked.lang.as_str()) {
        return Err("lang".to_string());
    }
    Ok(Subscription {
        endpoint: asked.endpoint.clone(),
        p256dh: asked.keys.p256dh.clone(),
        auth: asked.keys.auth.clone(),
        lang: asked.lang.clone(),
    })
}

/// Whether the server may post to `endpoint`: HTTPS to a named host or a
/// public address; plain HTTP to this machine only when the server was told
/// to (a test's push service).
fn endpoint_taken(endpoint: &str, config: &PushConfig) -> bool {
    let Ok(uri) = endpoint.parse::<Uri>() else {
        return false;
    };
    let Some(host) = uri.host() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let address = host.parse::<IpAddr>().ok();
    let here = host.eq_ignore_ascii_case("localhost") || address.is_some_and(|a| a.is_loopback());
    match uri.scheme_str() {
        Some("https") => !here && !address.is_some_and(private),
        Some("http") => config.loopback && here,
        _ => false,
    }
}

/// An address of a private, link-local or unspecified network.
fn private(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => {
            v4.is_private() || v4.is_link_local() || v4.is_unspecified() || v4.is_broadcast()
        }
        IpAddr::V6(v6) => {
            v6.is_unspecified()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| private(IpAddr::V4(v4)) || v4.is_loopback())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P256DH: &str =
        "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
    const AUTH: &str = "_ordMnz7uTCmrpBTeUV4Bw";

    fn asked(endpoint: &str, p256dh: &str, auth: &str, lang: &str) -> PushSubscribe {
        PushSubscribe {
            endpoint: endpoint.to_string(),
            keys: api::PushKeys {
                p256dh: p256dh.to_string(),
                auth: auth.to_string(),
            },
            lang: lang.to_string(),
        }
    }

    fn field(endpoint: &str, p256dh: &str, auth: &str, lang: &str, loopback: bool) -> String {
        let config = PushConfig {
            loopback,
            ..PushConfig::default()
        };
        match checked(&asked(endpoint, p256dh, auth, lang), &config) {
            Ok(_) => "kept".to_string(),
            Err(field) => field,
        }
    }

    #[test]
    fn a_push_services_subscription_is_kept() {
        let fcm = "https://fcm.googleapis.com/fcm/send/abc:def";
        assert_eq!(field(fcm, P256DH, AUTH, "fr", false), "kept");
        let mozilla = "https://updates.push.services.mozilla.com/wpush/v2/gAAA";
        assert_eq!(field(mozilla, P256DH, AUTH, "ar", false), "kept");
        // Padded base64url, as some browsers give it.
        assert_eq!(
            field(fcm, P256DH, "_ordMnz7uTCmrpBTeUV4Bw==", "en", false),
            "kept"
        );
    }

    #[test]
    fn the_server_never_posts_to_this_machine_or_a_private_network() {
        for endpoint in [
            "http://push.example.com/x",
            "https://localhost/x",
            "https://127.0.0.1/x",
            "https://10.1.2.3/x",
            "https://192.168.0.4:8443/x",
            "https://169.254.169.254/latest",
            "https://[::1]/x",
            "https://[fd00::1]/x",
            "https://[::ffff:127.0.0.1]/x",
            "https://0.0.0.0/x",
            "ftp://push.example.com/x",
            "not an address",
            "/relative/path",
        ] {
            assert_eq!(
                field(endpoint, P256DH, AUTH, "en", false),
                "endpoint",
                "{endpoint}"
            );
        }
        // A test's own push service, when the server is told to take it.
        assert_eq!(
            field("http://127.0.0.1:9/x", P256DH, AUTH, "en", false),
            "endpoint"
        );
        assert_eq!(
            field("http://127.0.0.1:9/x", P256DH, AUTH, "en", true),
            "kept"
        );
        assert_eq!(
            field("http://10.0.0.1:9/x", P256DH, AUTH, "en", true),
            "endpoint"
        );
        let long = format!(
            "https://push.example.com/{}",
            "a".repeat(PUSH_ENDPOINT_LENGTH)
        );
        assert_eq!(field(&long, P256DH, AUTH, "en", false), "endpoint");
    }

    #[test]
    fn keys_and_language_are_checked() {
        let fcm = "https://fcm.googleapis.com/fcm/send/abc";
        assert_eq!(field(fcm, "BLn9b", AUTH, "en", false), "keys.p256dh");
        // 65 bytes that are not a point of the curve.
        let off_curve = Base64UrlUnpadded::encode_string(&[4u8; 65]);
        assert_eq!(field(fcm, &off_curve, AUTH, "en", false), "keys.p256dh");
        assert_eq!(field(fcm, P256DH, "c2hvcnQ", "en", false), "keys.auth");
        assert_eq!(field(fcm, P256DH, AUTH, "de", false), "lang");
        assert_eq!(field(fcm, P256DH, AUTH, "", false), "lang");
    }

    use base64ct::{Base64UrlUnpadded, Encoding};
}
