//! Web Push against a push service of the test's own on loopback: it takes
//! the server's posts, checks their VAPID signature against the server's
//! public key, and decrypts them with the keys of the browser it stands
//! for (RFC 8291), then checks what they say. On SQLite with a clock the
//! test moves, and across three processes on PostgreSQL.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use base64ct::{Base64UrlUnpadded, Encoding};
use common::postgres::Postgres;
use common::*;
use online_play::api::{PushKind, PushNotice};
use tokio::sync::mpsc;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256PublicKey};
use web_push_native::jwt_simple::claims::NoCustomClaims;
use web_push_native::jwt_simple::common::VerificationOptions;
use web_push_native::p256;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;

/// A post the push service took: its path and what it carried.
#[derive(Debug)]
struct Posted {
    path: String,
    headers: HeaderMap,
    body: Bytes,
}

/// The test's push service: `/gone/…` answers 410, anything else 201.
struct PushService {
    addr: SocketAddr,
    posted: mpsc::UnboundedReceiver<Posted>,
}

async fn take(
    State(posts): State<mpsc::UnboundedSender<Posted>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let path = uri.path().to_string();
    let gone = path.starts_with("/gone/");
    let _ = posts.send(Posted {
        path,
        headers,
        body,
    });
    if gone {
        StatusCode::GONE
    } else {
        StatusCode::CREATED
    }
}

impl PushService {
    async fn start() -> PushService {
        let (sender, posted) = mpsc::unbounded_channel();
        let app = axum::Router::new()
            .fallback(axum::routing::post(take))
            .with_state(sender);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        tokio::spawn(async move { axum::serve(listener, app).await });
        PushService { addr, posted }
    }

    /// The next post, within a few seconds.
    async fn next(&mut self) -> Posted {
        tokio::time::timeout(Duration::from_secs(10), self.posted.recv())
            .await
            .expect("a push in time")
            .expect("the service runs")
    }

    /// Whether nothing more comes for `wait`.
    async fn quiet(&mut self, wait: Duration) -> bool {
        match tokio::time::timeout(wait, self.posted.recv()).await {
            Ok(Some(post)) => panic!("an unexpected push to {}", post.path),
            _ => true,
        }
    }
}

/// A browser's side of a subscription: its keys, and where it is reached.
struct Subscriber {
    secret: p256::SecretKey,
    auth: [u8; 16],
    endpoint: String,
}

impl Subscriber {
    fn new(service: &PushService, path: &str) -> Subscriber {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("random bytes");
        let secret = p256::SecretKey::from_slice(&bytes).expect("a scalar");
        let mut auth = [0u8; 16];
        getrandom::fill(&mut auth).expect("random bytes");
        Subscriber {
            secret,
            auth,
            endpoint: format!("http://{}{path}", service.addr),
        }
    }

    fn body(&self, lang: &str) -> String {
        let public = self.secret.public_key().to_encoded_point(false);
        serde_json::json!({
            "endpoint": self.endpoint,
            "keys": {
                "p256dh": Base64UrlUnpadded::encode_string(public.as_bytes()),
                "auth": Base64UrlUnpadded::encode_string(&self.auth),
            },
            "lang": lang,
        })
        .to_string()
    }

    /// What a post for this browser says, once its signature is checked
    /// against the server's `key` and it is decrypted.
    fn read(&self, post: &Posted, key: &str) -> PushNotice {
        assert_eq!(post.headers["content-encoding"], "aes128gcm");
        let ttl: u64 = post.headers["ttl"]
            .to_str()
            .ok()
            .and_then(|t| t.parse().ok())
            .expect("a TTL in seconds");
        assert!(ttl >= 60 * 60, "{ttl}");
        let authorization = post.headers["authorization"].to_str().expect("text");
        let rest = authorization
            .strip_prefix("vapid t=")
            .expect("a VAPID signature");
        let (token, signer) = rest.split_once(", k=").expect("a token and a key");
        assert_eq!(
            signer, key,
            "signed with the key the browser subscribed with"
        );
        let public =
            ES256PublicKey::from_bytes(&Base64UrlUnpadded::decode_vec(key).expect("base64url"))
                .expect("a public key");
        let options = VerificationOptions {
            allowed_audiences: Some(["http://127.0.0.1".to_string()].into()),
            ..VerificationOptions::default()
        };
        let claims = public
            .verify_token::<NoCustomClaims>(token, Some(options))
            .expect("a valid signature");
        assert_eq!(claims.subject.as_deref(), Some("mailto:operator@localhost"));
        let auth = web_push_native::Auth::clone_from_slice(&self.auth);
        let plain = web_push_native::decrypt(post.body.to_vec(), &self.secret, &auth)
            .expect("decrypted with the browser's keys");
        serde_json::from_slice(&plain).expect("a notice")
    }
}

async fn server_key(browser: &mut Browser) -> String {
    let reply = browser.call("GET", "/api/push/key", "").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let key = reply.json()["key"].as_str().expect("a key").to_string();
    let bytes = Base64UrlUnpadded::decode_vec(&key).expect("base64url");
    assert_eq!(
        (bytes.len(), bytes[0]),
        (65, 4),
        "an uncompressed P-256 point"
    );
    key
}

async fn subscribe(player: &mut Player, subscriber: &Subscriber, lang: &str) {
    let reply = player
        .browser
        .call("POST", "/api/push/subscribe", &subscriber.body(lang))
        .await;
    assert_eq!(reply.status, 204, "{}", reply.body);
}

/// Ana challenges Bob to a one-day correspondence game; its id.
async fn challenge(ana: &mut Player) -> String {
    let fields = r#""to":"Bob","game":"classic","clock":"1d","rated":false,"side":"white","#;
    let made = ana.post("/api/challenges", fields).await;
    assert_eq!(made.status, 200, "{}", made.body);
    made.json()["id"].as_str().expect("an id").to_string()
}

async fn accepted(bob: &mut Player, id: &str) -> String {
    let reply = bob.post(&format!("/api/challenges/{id}/accept"), "").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["game"].as_str().expect("a game").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pushes_are_signed_encrypted_worded_for_the_browser_and_dropped_when_gone() {
    let mut service = PushService::start().await;
    let (addr, time) = start_timed(&fresh_database(), |config| {
        config.per_minute = 200;
        config.push.loopback = true;
    })
    .await;
    let mut ana = account(addr, "Ana").await;
    let mut bob = account(addr, "Bob").await;
    let key = server_key(&mut ana.browser).await;
    assert_eq!(server_key(&mut bob.browser).await, key, "one key, kept");

    // Refused: a guest, and what is not a subscription, by its field.
    let bobs = Subscriber::new(&service, "/push/bob");
    let mut visitor = guest(addr, "Visitor");
    let reply = visitor
        .browser
        .call("POST", "/api/push/subscribe", &bobs.body("fr"))
        .await;
    assert_eq!(
        (reply.status, reply.refused()),
        (401, "log_in_first".into())
    );
    let elsewhere = bobs
        .body("fr")
        .replace(&service.addr.to_string(), "10.0.0.1");
    let reply = bob
        .browser
        .call("POST", "/api/push/subscribe", &elsewhere)
        .await;
    assert_eq!(
        (reply.status, reply.refused()),
        (400, "bad_subscription".into())
    );
    assert_eq!(reply.json()["field"], "endpoint");
    let klingon = bobs.body("tlh");
    let reply = bob
        .browser
        .call("POST", "/api/push/subscribe", &klingon)
        .await;
    assert_eq!(reply.json()["field"], "lang");

    // Bob's two browsers: one in French, one whose subscription is gone.
    subscribe(&mut bob, &bobs, "fr").await;
    let gone = Subscriber::new(&service, "/gone/bob");
    subscribe(&mut bob, &gone, "en").await;

    // A challenge: each of Bob's browsers is told, in its language.
    let id = challenge(&mut ana).await;
    let mut posts = [service.next().await, service.next().await];
    posts.sort_by(|a, b| a.path.cmp(&b.path));
    assert_eq!(posts[0].path, "/gone/bob");
    let gone_said = gone.read(&posts[0], &key);
    assert_eq!(
        (gone_said.kind, gone_said.lang.as_str()),
        (PushKind::Challenge, "en")
    );
    let said = bobs.read(&posts[1], &key);
    let expected = PushNotice {
        kind: PushKind::Challenge,
        id: id.clone(),
        from: "Ana".into(),
        lang: "fr".into(),
        url: "./?lobby".into(),
    };
    assert_eq!(said, expected);
    // Bob's other browser cannot read it.
    assert!(web_push_native::decrypt(
        posts[1].body.to_vec(),
        &gone.secret,
        &web_push_native::Auth::clone_from_slice(&gone.auth)
    )
    .is_err());

    // Ana's move in the correspondence game: Bob, away, is told; the gone
    // subscription was dropped.
    let game = accepted(&mut bob, &id).await;
    let (mut white, _) = ana.sit(addr, &game).await;
    send(&mut white, &mv(0, "c2-c3")).await;
    let said = bobs.read(&service.next().await, &key);
    assert_eq!((said.kind, said.from.as_str()), (PushKind::Moved, "Ana"));
    assert_eq!(
        (said.id.as_str(), said.url),
        (game.as_str(), format!("./?watch={game}"))
    );
    assert!(service.quiet(Duration::from_millis(500)).await);

    // Bob answers while Ana watches the game: Ana is not told.
    let anas = Subscriber::new(&service, "/push/ana");
    subscribe(&mut ana, &anas, "ar").await;
    let (mut black, _) = bob.sit(addr, &game).await;
    next_where(&mut white, |m| format!("{m:?}").contains("Moved")).await;
    send(&mut black, &mv(1, "c4xc2")).await;
    assert!(service.quiet(Duration::from_millis(500)).await);

    // Six hours before her day runs out, Ana is warned, once.
    time.advance(18 * 60 * 60 * 1000 - 60_000);
    assert!(service.quiet(Duration::from_millis(500)).await);
    time.advance(120_000);
    let said = anas.read(&service.next().await, &key);
    assert_eq!(
        (said.kind, said.from.as_str(), said.lang.as_str()),
        (PushKind::Clock, "Bob", "ar")
    );
    time.advance(60_000);
    assert!(service.quiet(Duration::from_millis(500)).await);

    // Turned off: Bob is told no more.
    let off = format!(r#"{{"endpoint":"{}"}}"#, bobs.endpoint);
    let reply = bob
        .browser
        .call("POST", "/api/push/unsubscribe", &off)
        .await;
    assert_eq!(reply.status, 204, "{}", reply.body);
    challenge(&mut ana).await;
    assert!(service.quiet(Duration::from_millis(500)).await);

    // Eleven browsers: the oldest is let go.
    let many: Vec<Subscriber> = (0..11)
        .map(|i| Subscriber::new(&service, &format!("/push/many-{i:02}")))
        .collect();
    for subscriber in &many {
        subscribe(&mut bob, subscriber, "en").await;
        time.advance(1000);
    }
    challenge(&mut ana).await;
    let mut paths = Vec::new();
    for _ in 0..10 {
        paths.push(service.next().await.path);
    }
    paths.sort();
    let newest: Vec<String> = (1..11).map(|i| format!("/push/many-{i:02}")).collect();
    assert_eq!(paths, newest);
    assert!(service.quiet(Duration::from_millis(500)).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_on_postgres_sign_with_one_key() {
    let mut service = PushService::start().await;
    let postgres = Postgres::start();
    let url = postgres.database("push").await;
    let options = [
        "--per-minute",
        "200",
        "--trusted-proxy",
        "127.0.0.1",
        "--push-loopback",
    ];
    let (_processes, addrs) = spawn_servers(&url, 3, &options).await;
    // Each process asks for the key at once: one is made and kept.
    let keys = futures_util::future::join_all(
        addrs
            .iter()
            .map(|&addr| async move { server_key(&mut Browser::new(addr)).await }),
    )
    .await;
    assert!(keys.iter().all(|k| *k == keys[0]), "{keys:?}");

    let mut ana = account(addrs[0], "Ana").await;
    let mut bob = account(addrs[1], "Bob").await;
    let bobs = Subscriber::new(&service, "/push/bob");
    subscribe(&mut bob, &bobs, "tr").await;
    ana.browser.addr = addrs[2];
    let id = challenge(&mut ana).await;
    let said = bobs.read(&service.next().await, &keys[0]);
    assert_eq!(
        (said.kind, said.id.as_str(), said.lang.as_str()),
        (PushKind::Challenge, id.as_str(), "tr")
    );

    // The move is made through a third process, Bob away: told once.
    bob.browser.addr = addrs[2];
    let game = accepted(&mut bob, &id).await;
    let (mut white, _) = ana.sit(addrs[0], &game).await;
    send(&mut white, &mv(0, "c2-c3")).await;
    let said = bobs.read(&service.next().await, &keys[0]);
    assert_eq!((said.kind, said.id), (PushKind::Moved, game));
    assert!(service.quiet(Duration::from_secs(1)).await);
}
