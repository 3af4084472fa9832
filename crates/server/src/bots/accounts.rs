//! The house bots' accounts: made on first start, marked as bots, with a
//! stored hash no password matches (nobody signs in as a house bot), and
//! a session of this process's own that the bot's connection carries, so
//! the game socket seats it by its account as it would a person signed in
//! on another device. A name a person registered first stays theirs: that
//! bot is left out, and the log says so.

use crate::accounts::users::User;
use crate::bots::{HouseBot, HOUSE};
use crate::http::App;
use crate::storage::sqlite::StoreError;

/// How long a house bot's session lasts: longer than any process runs.
const SESSION_SECONDS: i64 = 10 * 365 * 24 * 60 * 60;

/// A house bot, ready to play.
#[derive(Clone, Debug)]
pub(crate) struct Bot {
    pub house: HouseBot,
    /// Its account's key and name.
    pub key: String,
    pub name: String,
    /// Its session's token, for its connections.
    pub session: String,
}

/// The house bots, their accounts made if need be and each given a
/// session; an error when the store cannot be reached (try again later).
pub(crate) async fn ready(app: &App) -> Result<Vec<Bot>, StoreError> {
    let db = app.hub.db();
    let now = app.hub.time.now();
    let mut bots = Vec::new();
    for house in HOUSE {
        let Ok(key) = crate::accounts::name_key(house.name) else {
            continue;
        };
        let user = match db.user(&key).await? {
            Some(user) if user.bot => user,
            Some(_) => {
                tracing::warn!(name = house.name, "a player holds a house bot's name");
                continue;
            }
            None => {
                let made = User {
                    key: key.clone(),
                    name: house.name.to_string(),
                    // Not a password hash: no password matches it.
                    hash: format!("house-bot-{}", crate::ids::seat_token()),
                    bot: true,
                };
                // Another process may have made it meanwhile: read it back.
                db.create_user(&made, now).await?;
                match db.user(&key).await? {
                    Some(user) if user.bot => user,
                    _ => continue,
                }
            }
        };
        let (session, hash) = crate::accounts::session_token();
        if !db
            .add_session(&hash, &key, &user.hash, now + SESSION_SECONDS)
            .await?
        {
            continue;
        }
        bots.push(Bot {
            house,
            key,
            name: user.name,
            session,
        });
    }
    Ok(bots)
}
