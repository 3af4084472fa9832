//! Accounts over HTTP: registering, logging in and out, changing the
//! password and deleting the account, and who the browser is signed in as
//! (`GET /api/me`).
//!
//! A session is a random token in an HttpOnly, SameSite=Lax cookie that
//! expires; the server keeps only its hash. Every request that changes
//! something is JSON (`Content-Type: application/json`), which a page on
//! another site cannot send without the server's consent, and the cookie
//! is not sent from other sites' frames or forms anyway.
//!
//! A failed login says the same, and takes the same time, whether or not
//! the username exists. Logins are limited per address and per username,
//! or, from a browser that signed in to the account before (its device
//! cookie, [`crate::accounts::devices`]), per browser.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use online_play::api::{self, Credentials, Me, NewPassword, Password, Refusal};

use crate::accounts;
use crate::accounts::users::User;
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;

/// The session cookie's name.
pub const COOKIE: &str = "alq_session";

/// The device cookie's name ([`crate::accounts::devices`]).
pub const DEVICE_COOKIE: &str = "alq_device";

/// How long a browser is remembered after it last signed in.
const DEVICE_LIFETIME: std::time::Duration = std::time::Duration::from_secs(365 * 24 * 60 * 60);

/// The routes, under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::REGISTER.route, post(register))
        .route(api::LOGIN.route, post(login))
        .route(api::LOGOUT.route, post(logout))
        .route(api::PASSWORD.route, post(change_password))
        .route(api::DELETE.route, post(delete))
        .route(api::ME.route, get(me))
        .route(api::NOTICES_READ.route, post(notices_read))
}

/// What the account routes need besides the store.
#[derive(Debug)]
pub(crate) struct Doors {
    pub session_lifetime: std::time::Duration,
    pub secure_cookies: bool,
    /// Logins and registrations per address, and logins per username
    /// from browsers it has not signed in from; per device token, from
    /// browsers it has.
    pub per_address: crate::http::limits::PerAddress,
    pub per_name: crate::http::limits::PerName,
    pub per_device: crate::http::limits::PerName,
    /// Password hashes computed at once (each takes memory and a core).
    pub hashing: tokio::sync::Semaphore,
}

impl Doors {
    pub fn new(
        session_lifetime: std::time::Duration,
        secure_cookies: bool,
        per_minute: u32,
    ) -> Doors {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Doors {
            session_lifetime,
            secure_cookies,
            per_address: crate::http::limits::PerAddress::per_minute(per_minute.saturating_mul(2)),
            per_name: crate::http::limits::PerName::per_minute(per_minute),
            per_device: crate::http::limits::PerName::per_minute(per_minute),
            hashing: tokio::sync::Semaphore::new(cores),
        }
    }

    pub fn forget_idle(&self) {
        self.per_address.forget_idle();
        self.per_name.forget_idle();
        self.per_device.forget_idle();
    }
}

/// What the account routes answer.
type Answer = Result<Response, ApiError>;

/// Whether a request says its body is JSON: a page on another site (or on
/// another port of this host) cannot send that without the server's
/// consent, so every request that changes something must.
pub(crate) fn says_json(headers: &HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// The refusal of a changing request that is not JSON.
pub(crate) fn not_json() -> ApiError {
    ApiError::from(Refusal::NotJson)
}

/// A JSON body, or the reason it is not one (for the API's routes).
pub(crate) fn body<T>(read: Result<Json<T>, JsonRejection>, expected: &str) -> Result<T, ApiError> {
    match read {
        Ok(Json(value)) => Ok(value),
        Err(JsonRejection::MissingJsonContentType(_)) => Err(not_json()),
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(ApiError::from(Refusal::TooLarge))
        }
        Err(rejection)
            if rejection
                .body_text()
                .contains(crate::http::deadline::TOO_SLOW) =>
        {
            Err(Refusal::TooSlow.into())
        }
        Err(_) => Err(Refusal::Malformed {
            expected: expected.to_string(),
        }
        .into()),
    }
}

/// Runs argon2 away from the async threads, a few at a time.
async fn hashing<T: Send + 'static>(app: &App, work: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = app.doors.hashing.acquire().await;
    match tokio::task::spawn_blocking(work).await {
        Ok(done) => done,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

/// The signed-in account behind a request's cookie, if any.
pub(crate) async fn signed_in(app: &App, jar: &CookieJar) -> Result<Option<User>, ApiError> {
    let Some(token) = jar.get(COOKIE).map(|c| c.value().to_string()) else {
        return Ok(None);
    };
    let hash = crate::ids::token_hash(&token);
    let now = app.hub.time.now();
    let db = app.hub.db();
    let Some(key) = db.session_user(&hash, now).await.or_unavailable(ACCOUNTS)? else {
        return Ok(None);
    };
    db.user(&key).await.or_unavailable(ACCOUNTS)
}

/// Starts a session for `user`, whose password hash `user.hash` was just
/// checked: stores it, unless the account was deleted or its password
/// changed meanwhile (then the login fails as a wrong password does), and
/// sets the cookie.
async fn start_session(app: &App, jar: CookieJar, user: &User) -> Answer {
    let (token, hash) = accounts::session_token();
    let lifetime = app.doors.session_lifetime;
    let expires = app.hub.time.now() + lifetime.as_secs() as i64;
    let added = app
        .hub
        .db()
        .add_session(&hash, &user.key, &user.hash, expires)
        .await
        .or_unavailable(ACCOUNTS)?;
    if !added {
        return Err(ApiError::from(Refusal::WrongLogin));
    }
    let cookie = Cookie::build((COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(app.doors.secure_cookies)
        .max_age(cookie::time::Duration::seconds(lifetime.as_secs() as i64));
    let jar = remember_device(app, jar.add(cookie), &user.key).await;
    let me = me_of(app, user).await?;
    Ok((jar, Json(me)).into_response())
}

/// The browser's device token (its hash), if it sent one of the right
/// form.
pub(crate) fn device_of(jar: &CookieJar) -> Option<String> {
    jar.get(DEVICE_COOKIE)
        .map(|c| c.value())
        .filter(|token| online_play::is_seat_token(token))
        .map(crate::ids::token_hash)
}

/// Remembers that this browser signed in to `key`: its device token (a
/// new one if it has none), kept for a year from now. A failure to store
/// it costs only the convenience, so it is logged and the sign-in stands.
async fn remember_device(app: &App, jar: CookieJar, key: &str) -> CookieJar {
    let (jar, hash) = match device_of(&jar) {
        Some(hash) => (jar, hash),
        None => {
            let (token, hash) = accounts::session_token();
            let cookie = Cookie::build((DEVICE_COOKIE, token))
                .path("/api")
                .http_only(true)
                .same_site(SameSite::Strict)
                .secure(app.doors.secure_cookies)
                .max_age(cookie::time::Duration::seconds(
                    DEVICE_LIFETIME.as_secs() as i64
                ));
            (jar.add(cookie), hash)
        }
    };
    let expires = app.hub.time.now() + DEVICE_LIFETIME.as_secs() as i64;
    if let Err(e) = app.hub.db().remember_device(&hash, key, expires).await {
        tracing::warn!(error = %e, "device not remembered");
    }
    jar
}

/// The cookie, removed.
fn without_session(jar: CookieJar) -> CookieJar {
    jar.remove(Cookie::build(COOKIE).path("/"))
}

/// Whether this address and this username may try again now. A browser
/// that has signed in to the account before counts against its own
/// allowance instead of the username's, so wrong passwords tried from
/// elsewhere never lock the owner out.
async fn may_try(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    jar: &CookieJar,
    key: Option<&str>,
) -> bool {
    let ip = app.proxies.client(peer.ip(), headers);
    if !app.doors.per_address.allow(ip) {
        return false;
    }
    let Some(key) = key else {
        return true;
    };
    if let Some(device) = device_of(jar) {
        let now = app.hub.time.now();
        if let Ok(true) = app.hub.db().knows_device(&device, key, now).await {
            return app.doors.per_device.allow_key(&device);
        }
    }
    app.doors.per_name.allow_key(&key.to_string())
}

fn too_many() -> ApiError {
    ApiError::from(Refusal::TooManyAttempts)
}

/// Where a failed store call leaves these routes.
const ACCOUNTS: Area = Area::Accounts;

const CREDENTIALS: &str = "{\"name\": ..., \"password\": ...}";

async fn register(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<Credentials>, JsonRejection>,
) -> Answer {
    let asked = body(read, CREDENTIALS)?;
    if !may_try(&app, peer, &headers, &jar, None).await {
        return Err(too_many());
    }
    let bad = |why: accounts::AccountError| ApiError::from(why.refusal());
    let key = accounts::name_key(&asked.name).map_err(bad)?;
    accounts::check_password(&asked.password).map_err(bad)?;
    let password = asked.password;
    let hash = hashing(&app, move || accounts::hash_password(&password)).await;
    let user = User {
        key,
        name: asked.name,
        hash,
        bot: false,
    };
    let created = app
        .hub
        .db()
        .create_user(&user, app.hub.time.now())
        .await
        .or_unavailable(ACCOUNTS)?;
    if !created {
        return Err(ApiError::from(Refusal::NameTaken));
    }
    tracing::info!(user = %user.key, "registered");
    start_session(&app, jar, &user).await
}

/// Checks a password against an account (or, for no account, spends the
/// same time and fails).
async fn password_matches(app: &App, user: Option<&User>, password: String) -> bool {
    let stored = user.map(|u| u.hash.clone());
    hashing(app, move || match stored {
        Some(stored) => accounts::verify_password(&password, &stored),
        None => accounts::verify_nobody(&password),
    })
    .await
}

async fn login(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<Credentials>, JsonRejection>,
) -> Answer {
    let asked = body(read, CREDENTIALS)?;
    // Any name counts against its own allowance, so a name that is not a
    // username behaves as an unknown one.
    let key = accounts::name_key(&asked.name).unwrap_or_else(|_| asked.name.to_ascii_lowercase());
    if !may_try(&app, peer, &headers, &jar, Some(&key)).await {
        return Err(too_many());
    }
    let user = app.hub.db().user(&key).await.or_unavailable(ACCOUNTS)?;
    let wrong = || ApiError::from(Refusal::WrongLogin);
    if !password_matches(&app, user.as_ref(), asked.password).await {
        return Err(wrong());
    }
    let user = user.ok_or_else(wrong)?;
    let now = app.hub.time.now();
    let closed = app
        .hub
        .db()
        .sanction_of(&user.key, crate::safety::moderation::CLOSED, now)
        .await
        .or_unavailable(ACCOUNTS)?;
    if let Some((reason, _)) = closed {
        return Err(Refusal::AccountClosed { reason }.into());
    }
    start_session(&app, jar, &user).await
}

async fn logout(State(app): State<Arc<App>>, headers: HeaderMap, jar: CookieJar) -> Answer {
    // Not from a bare form or a script of another page: as every changing
    // request, JSON only.
    if !says_json(&headers) {
        return Err(not_json());
    }
    if let Some(token) = jar.get(COOKIE).map(|c| c.value().to_string()) {
        app.hub
            .db()
            .end_session(&crate::ids::token_hash(&token))
            .await
            .or_unavailable(ACCOUNTS)?;
    }
    Ok((without_session(jar), Json(Me::default())).into_response())
}

/// The signed-in account, and the password it was just asked for checked;
/// or the answer that ends the request.
pub(crate) async fn confirmed(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    jar: &CookieJar,
    password: String,
) -> Result<User, ApiError> {
    let Some(user) = signed_in(app, jar).await? else {
        return Err(ApiError::from(Refusal::LogInFirst));
    };
    if !may_try(app, peer, headers, jar, Some(&user.key)).await {
        return Err(too_many());
    }
    if !password_matches(app, Some(&user), password).await {
        return Err(ApiError::from(Refusal::WrongPassword));
    }
    Ok(user)
}

async fn change_password(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<NewPassword>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"password\": ..., \"new_password\": ...}")?;
    accounts::check_password(&asked.new_password).map_err(|why| ApiError::from(why.refusal()))?;
    let user = confirmed(&app, peer, &headers, &jar, asked.password).await?;
    let new_password = asked.new_password;
    let hash = hashing(&app, move || accounts::hash_password(&new_password)).await;
    let this = jar.get(COOKIE).map(|c| crate::ids::token_hash(c.value()));
    let ended = app
        .hub
        .db()
        .change_hash(&user.key, &user.hash, &hash, this.as_deref())
        .await
        .or_unavailable(ACCOUNTS)?
        .ok_or_else(|| ApiError::from(Refusal::AccountChanged))?;
    tracing::info!(user = %user.key, ended, "password changed");
    Ok(Json(me_of(&app, &user).await?).into_response())
}

async fn delete(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<Password>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"password\": ...}")?;
    let user = confirmed(&app, peer, &headers, &jar, asked.password).await?;
    app.hub
        .db()
        .delete_user(&user.key)
        .await
        .or_unavailable(ACCOUNTS)?;
    tracing::info!(user = %user.key, "account deleted");
    Ok((without_session(jar), Json(Me::default())).into_response())
}

async fn me(State(app): State<Arc<App>>, jar: CookieJar) -> Result<Json<Me>, ApiError> {
    match signed_in(&app, &jar).await? {
        Some(user) => Ok(Json(me_of(&app, &user).await?)),
        None => Ok(Json(Me::default())),
    }
}

/// What `/api/me` says of `user`: their name, whether they moderate, and
/// what they are to be told.
async fn me_of(app: &App, user: &User) -> Result<Me, ApiError> {
    let db = app.hub.db();
    let now = app.hub.time.now();
    Ok(Me {
        name: Some(user.name.clone()),
        moderator: db.is_moderator(&user.key).await.or_unavailable(ACCOUNTS)?,
        notices: db.notices(&user.key, now).await.or_unavailable(ACCOUNTS)?,
    })
}

/// `POST /api/notices/read`: the player read what they were told.
async fn notices_read(State(app): State<Arc<App>>, jar: CookieJar) -> Result<Json<Me>, ApiError> {
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    let now = app.hub.time.now();
    app.hub
        .db()
        .notices_read(&user.key, now)
        .await
        .or_unavailable(ACCOUNTS)?;
    Ok(Json(me_of(&app, &user).await?))
}
