//! Bot accounts in either store: an account becomes a bot, for good, only
//! while it has played no game (its results were a person's).

use rusqlite::params;

use crate::storage::numbered;
use crate::storage::sqlite::StoreError;

/// Makes `?1` a bot, unless it played a game.
const MAKE_BOT: &str = "UPDATE users SET bot = TRUE WHERE key = ?1 AND NOT EXISTS
     (SELECT 1 FROM games WHERE white_user = ?1 OR black_user = ?1)";

/// Bot accounts, on either store.
#[async_trait::async_trait]
pub trait BotStore: Send + Sync {
    /// Makes the account `key` a bot; `false` when it has played games.
    async fn make_bot(&self, key: &str) -> Result<bool, StoreError>;
}

#[async_trait::async_trait]
impl BotStore for crate::storage::Sqlite {
    async fn make_bot(&self, key: &str) -> Result<bool, StoreError> {
        let key = key.to_string();
        self.write(move |store| Ok(store.db.execute(MAKE_BOT, params![key])? == 1))
            .await
    }
}

#[async_trait::async_trait]
impl BotStore for crate::storage::Postgres {
    async fn make_bot(&self, key: &str) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        Ok(pg.execute(&numbered(MAKE_BOT), &[&key]).await? == 1)
    }
}
