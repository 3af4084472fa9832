//! Following players (`GET`/`POST /api/follows`): kept on the account, on
//! either store. A follow is refused between players one of whom blocked
//! the other, and one made before a block is no longer listed. A followed
//! player is online when a page of theirs followed the lobby's socket in
//! the last two minutes (each signed-in page says so once a minute), or
//! when they play; their game in play is there to watch.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{self, FollowChange, Followed, Follows, Refusal};
use rusqlite::params;

use crate::accounts::routes::{body, signed_in};
use crate::http::error::{ApiError, OrUnavailable};
use crate::http::App;
use crate::lobby::routes::{Answer, LOBBY};
use crate::storage::numbered;
use crate::storage::sqlite::StoreError;

/// How long after a page last said so a player counts as online.
pub(crate) const ONLINE_FOR: i64 = 120;
/// How often a signed-in page's lobby socket says its player is there.
pub(crate) const SEEN_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

const FOLLOW: &str = "INSERT INTO follows (follower, followed, since) VALUES (?1, ?2, ?3)
     ON CONFLICT (follower, followed) DO NOTHING";
const UNFOLLOW: &str = "DELETE FROM follows WHERE follower = ?1 AND followed = ?2";
const FOLLOWED: &str = "SELECT u.key, u.name, u.bot, u.seen FROM follows f
     JOIN users u ON u.key = f.followed WHERE f.follower = ?1 ORDER BY u.key";
const SEEN: &str = "UPDATE users SET seen = ?2 WHERE key = ?1";

/// A followed account as stored: key, name, bot, last seen.
pub type FollowedRow = (String, String, bool, Option<i64>);

/// Follows, on either store.
#[async_trait::async_trait]
pub trait FollowStore: Send + Sync {
    /// `follower` follows `followed` from `now` (`on`), or stops.
    async fn follow(
        &self,
        follower: &str,
        followed: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError>;
    /// The accounts `follower` follows, by key.
    async fn followed(&self, follower: &str) -> Result<Vec<FollowedRow>, StoreError>;
    /// `user` was on a page of the site at `now`.
    async fn user_seen(&self, user: &str, now: i64) -> Result<(), StoreError>;
}

#[async_trait::async_trait]
impl FollowStore for crate::storage::Sqlite {
    async fn follow(
        &self,
        follower: &str,
        followed: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let (a, b) = (follower.to_string(), followed.to_string());
        self.write(move |store| {
            if on {
                store.db.execute(FOLLOW, params![a, b, now])?;
            } else {
                store.db.execute(UNFOLLOW, params![a, b])?;
            }
            Ok(())
        })
        .await
    }

    async fn followed(&self, follower: &str) -> Result<Vec<FollowedRow>, StoreError> {
        let follower = follower.to_string();
        self.read(move |store| {
            let mut statement = store.db.prepare_cached(FOLLOWED)?;
            let rows = statement
                .query_map([follower], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                })?
                .collect::<rusqlite::Result<Vec<FollowedRow>>>()?;
            Ok(rows)
        })
        .await
    }

    async fn user_seen(&self, user: &str, now: i64) -> Result<(), StoreError> {
        let user = user.to_string();
        self.write(move |store| {
            store.db.execute(SEEN, params![user, now])?;
            Ok(())
        })
        .await
    }
}

#[async_trait::async_trait]
impl FollowStore for crate::storage::Postgres {
    async fn follow(
        &self,
        follower: &str,
        followed: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        if on {
            pg.execute(&numbered(FOLLOW), &[&follower, &followed, &now])
                .await?;
        } else {
            pg.execute(&numbered(UNFOLLOW), &[&follower, &followed])
                .await?;
        }
        Ok(())
    }

    async fn followed(&self, follower: &str) -> Result<Vec<FollowedRow>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(FOLLOWED), &[&follower]).await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
            .collect())
    }

    async fn user_seen(&self, user: &str, now: i64) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(SEEN), &[&user, &now]).await?;
        Ok(())
    }
}

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route(api::FOLLOWS.route, get(list).post(change))
}

/// The signed-in player's key, or the refusal to ask them to log in.
pub(crate) async fn me(app: &App, jar: &CookieJar) -> Result<String, ApiError> {
    Ok(signed_in(app, jar)
        .await?
        .ok_or_else(|| ApiError::from(Refusal::LogInFirst))?
        .key)
}

async fn list(State(app): State<Arc<App>>, jar: CookieJar) -> Answer {
    let me = me(&app, &jar).await?;
    Ok(Json(follows_of(&app, &me).await?).into_response())
}

async fn change(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    read: Result<Json<FollowChange>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"player\", \"on\"}")?;
    let me = me(&app, &jar).await?;
    let db = app.hub.db();
    let not_found = || ApiError::from(Refusal::NoSuchPlayer);
    let key = crate::accounts::name_key(asked.player.trim()).map_err(|_| not_found())?;
    db.user(&key)
        .await
        .or_unavailable(LOBBY)?
        .ok_or_else(not_found)?;
    if key == me {
        return Err(ApiError::from(Refusal::Yourself));
    }
    if asked.on {
        let apart = db.kept_apart(&me).await.or_unavailable(LOBBY)?;
        if apart.contains(&key) {
            return Err(ApiError::from(Refusal::Blocked));
        }
    }
    db.follow(&me, &key, asked.on, app.hub.time.now())
        .await
        .or_unavailable(LOBBY)?;
    Ok(Json(follows_of(&app, &me).await?).into_response())
}

/// The players `user` follows as now, those kept apart by a block left out.
pub(crate) async fn follows_of(app: &App, user: &str) -> Result<Follows, ApiError> {
    let db = app.hub.db();
    let apart = db.kept_apart(user).await.or_unavailable(LOBBY)?;
    let now = app.hub.time.now();
    let mut players = Vec::new();
    for (key, name, bot, seen) in db.followed(user).await.or_unavailable(LOBBY)? {
        if apart.contains(&key) {
            continue;
        }
        let playing = db
            .playing(&key)
            .await
            .or_unavailable(LOBBY)?
            .into_iter()
            .next();
        players.push(Followed {
            name,
            bot,
            online: playing.is_some() || seen.is_some_and(|s| s >= now - ONLINE_FOR),
            playing,
        });
    }
    Ok(Follows { players })
}
