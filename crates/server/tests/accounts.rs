//! Accounts over HTTP, on either store: registering, the session cookie,
//! stored hashes, logins that never tell whether a name exists and are
//! limited per address and per name, password changes that end the other
//! sessions, sessions that expire (on a clock the test moves), logging out
//! and deleting the account.

mod common;

use std::time::Duration;

use alquerque_server::time::Time;
use common::*;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// A server whose time the test moves, allowing `logins_per_minute` per
/// name (twice that per address), and trusting 127.0.0.1 to name each
/// browser's address.
async fn server(database: &str, logins_per_minute: u32) -> (std::net::SocketAddr, Time) {
    let time = Time::manual(1_800_000_000_000);
    let clock = time.clone();
    let addr = start_adjusted(database, move |config| {
        config.time = clock;
        config.logins_per_minute = logins_per_minute;
        config.session_lifetime = Duration::from_secs(7 * 24 * 60 * 60);
        config.proxies =
            alquerque_server::http::limits::Proxies(vec!["127.0.0.1/32".parse().expect("a net")]);
    })
    .await;
    (addr, time)
}

const ANA: &str = r#"{"name":"Ana","password":"correct horse"}"#;

#[tokio::test]
async fn accounts_in_sqlite() {
    let database = fresh_database();
    accounts(&database).await;
}

#[tokio::test]
async fn accounts_in_postgresql() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("accounts").await;
    accounts(&url).await;
}

async fn accounts(database: &str) {
    let (addr, time) = server(database, 30).await;
    let mut first = browser(addr, "192.0.2.1");
    assert_eq!(first.me().await, None, "a guest");

    // Registering signs in, with a cookie the page's scripts cannot read.
    let reply = first.call("POST", "/api/account/register", ANA).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["name"], "Ana");
    let set = reply.headers("set-cookie").join("\n");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=604800"] {
        assert!(set.contains(part), "{part} in {set}");
    }
    assert!(!set.contains("Secure"), "served over plain HTTP here");
    assert_eq!(first.me().await.as_deref(), Some("Ana"));

    // One account per name, whatever its case; names and passwords have
    // their forms; only JSON is taken.
    let mut other = browser(addr, "192.0.2.2");
    let taken = other
        .call(
            "POST",
            "/api/account/register",
            r#"{"name":"ANA","password":"another one"}"#,
        )
        .await;
    assert_eq!(
        (taken.status, taken.refused().as_str()),
        (409, "name_taken")
    );
    let bad = other
        .call(
            "POST",
            "/api/account/register",
            r#"{"name":"1ana","password":"another one"}"#,
        )
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("starts with a letter"), "{}", bad.body);
    let short = other
        .call(
            "POST",
            "/api/account/register",
            r#"{"name":"Bea","password":"short"}"#,
        )
        .await;
    assert_eq!(
        (short.status, short.refused().as_str()),
        (400, "bad_new_password")
    );
    let form = request(
        addr,
        "POST",
        "/api/account/login",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        "name=Ana&password=correct+horse",
    )
    .await;
    assert_eq!(form.status, 415, "{}", form.body);
    let garbled = other.call("POST", "/api/account/login", "{\"name\":").await;
    assert_eq!(garbled.status, 400);
    assert_eq!(other.me().await, None);

    // The store keeps an argon2id hash, never the password.
    let (db, opening) = alquerque_server::storage::Db::open(database, Duration::from_secs(5));
    opening.await.expect("opens").expect("opens");
    let stored = db.user("ana").await.expect("reads").expect("Ana");
    assert_eq!(stored.name, "Ana");
    assert!(stored.hash.starts_with("$argon2id$"), "{}", stored.hash);
    assert!(!stored.hash.contains("correct horse"));

    // A wrong password and an unknown name get the same answer.
    let wrong = other
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"ana","password":"wrong horse"}"#,
        )
        .await;
    let nobody = other
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"nobody","password":"wrong horse"}"#,
        )
        .await;
    assert_eq!(
        (wrong.status, wrong.refused().as_str()),
        (401, "wrong_login")
    );
    assert_eq!((nobody.status, &nobody.body), (wrong.status, &wrong.body));
    assert!(nobody.headers("set-cookie").is_empty());

    // A second browser logs in (any case of the name): two sessions.
    let mut second = browser(addr, "192.0.2.3");
    let login = second
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"aNa","password":"correct horse"}"#,
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    assert_eq!(second.me().await.as_deref(), Some("Ana"));
    assert_ne!(first.cookie, second.cookie);

    // Changing the password needs the old one, and ends the other sessions.
    let refused = first
        .call(
            "POST",
            "/api/account/password",
            r#"{"password":"wrong horse","new_password":"battery staple"}"#,
        )
        .await;
    assert_eq!(refused.status, 403);
    let changed = first
        .call(
            "POST",
            "/api/account/password",
            r#"{"password":"correct horse","new_password":"battery staple"}"#,
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(first.me().await.as_deref(), Some("Ana"));
    assert_eq!(second.me().await, None, "the other session ended");
    let mut third = browser(addr, "192.0.2.4");
    let old = third.call("POST", "/api/account/login", ANA).await;
    assert_eq!(old.status, 401);
    let new = third
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"Ana","password":"battery staple"}"#,
        )
        .await;
    assert_eq!(new.status, 200, "{}", new.body);

    // Sessions expire: still in a day before, out a second after.
    time.advance(6 * DAY_MS);
    assert_eq!(third.me().await.as_deref(), Some("Ana"));
    time.advance(DAY_MS + 1000);
    assert_eq!(third.me().await, None, "expired");
    assert_eq!(first.me().await, None, "expired");

    // Logging out ends the session on the server, not only in the browser.
    let mut fourth = browser(addr, "192.0.2.5");
    let login = fourth
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"Ana","password":"battery staple"}"#,
        )
        .await;
    assert_eq!(login.status, 200);
    let kept = fourth.cookie.clone();
    let out = fourth.call("POST", "/api/account/logout", "").await;
    assert_eq!(out.status, 200);
    assert_eq!(fourth.cookie, None, "the cookie is removed");
    fourth.cookie = kept;
    assert_eq!(fourth.me().await, None, "and the session is over");

    // Deleting needs the password, and takes the account and its sessions.
    let mut fifth = browser(addr, "192.0.2.6");
    fifth
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"Ana","password":"battery staple"}"#,
        )
        .await;
    let kept = fifth.cookie.clone();
    let refused = fifth
        .call(
            "POST",
            "/api/account/delete",
            r#"{"password":"correct horse"}"#,
        )
        .await;
    assert_eq!(refused.status, 403);
    let deleted = fifth
        .call(
            "POST",
            "/api/account/delete",
            r#"{"password":"battery staple"}"#,
        )
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    fifth.cookie = kept;
    assert_eq!(fifth.me().await, None);
    assert_eq!(db.user("ana").await.expect("reads"), None);
    let gone = fifth
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"Ana","password":"battery staple"}"#,
        )
        .await;
    assert_eq!(gone.status, 401);
    // The name is free again.
    let again = fifth.call("POST", "/api/account/register", ANA).await;
    assert_eq!(again.status, 200, "{}", again.body);
}

/// Three tries a minute per name and six per address (the test server's
/// allowance): a name under attack from many addresses is shut, and so is
/// an address trying many names, and the right password does not pass a
/// shut door. The refusal is the same for a name that does not exist.
#[tokio::test]
async fn logins_are_limited_per_name_and_per_address() {
    let (addr, _time) = server(&fresh_database(), 3).await;
    let mut owner = browser(addr, "198.51.100.1");
    owner.registers(ANA).await;
    let wrong = r#"{"name":"ana","password":"wrong horse"}"#;
    for (i, address) in ["203.0.113.1", "203.0.113.2", "203.0.113.3"]
        .iter()
        .enumerate()
    {
        let reply = browser(addr, address)
            .call("POST", "/api/account/login", wrong)
            .await;
        assert_eq!(reply.status, 401, "try {i}");
    }
    let shut = browser(addr, "203.0.113.4")
        .call("POST", "/api/account/login", ANA)
        .await;
    assert_eq!(shut.status, 429, "{}", shut.body);
    assert!(shut.headers("set-cookie").is_empty());
    // Another name is still open, from anywhere.
    let bea = r#"{"name":"Bea","password":"some password"}"#;
    assert_eq!(
        browser(addr, "203.0.113.5")
            .call("POST", "/api/account/login", bea)
            .await
            .status,
        401
    );

    // One address trying one name after another.
    let mut prowler = browser(addr, "203.0.113.9");
    let mut statuses = Vec::new();
    for name in ["cid", "dan", "eve", "fay", "gus", "hal", "ian"] {
        let body = format!(r#"{{"name":"{name}","password":"some password"}}"#);
        statuses.push(
            prowler
                .call("POST", "/api/account/login", &body)
                .await
                .status,
        );
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 401, 429]);
}
