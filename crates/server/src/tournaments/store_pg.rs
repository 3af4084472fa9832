//! PostgreSQL's side of [`TournamentStore`].

use super::*;

#[async_trait::async_trait]
impl TournamentStore for crate::storage::Postgres {
    async fn add_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let added = pg
            .execute(
                &numbered(rows::ADD),
                &[
                    &t.id,
                    &t.kind,
                    &t.name,
                    &t.header,
                    &t.clock,
                    &t.rated,
                    &t.minutes,
                    &t.rounds,
                    &t.starts,
                    &t.ends,
                    &t.status,
                    &t.password,
                    &t.min_rated_games,
                    &t.rating_low,
                    &t.rating_high,
                    &t.max_players,
                    &t.creator,
                    &t.schedule_key,
                    &t.version,
                    &t.created,
                ],
            )
            .await?;
        Ok(added == 1)
    }

    async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let pg = self.opened().await?;
        let sql = format!(
            "SELECT {} FROM tournaments WHERE id = $1",
            rows::TOURNAMENT_COLUMNS
        );
        Ok(pg
            .query_opt(&sql, &[&id])
            .await?
            .as_ref()
            .map(pg_tournament_of))
    }

    async fn listed_tournaments(
        &self,
        since: i64,
    ) -> Result<Vec<(TournamentRow, i64)>, StoreError> {
        let pg = self.opened().await?;
        let sql = numbered(&format!(
            "SELECT {}, (SELECT count(*) FROM tournament_players p WHERE p.tournament = id)
             FROM tournaments {}",
            rows::TOURNAMENT_COLUMNS,
            rows::LISTED
        ));
        let found = pg.query(&sql, &[&since]).await?;
        Ok(found
            .iter()
            .map(|r| (pg_tournament_of(r), r.get(20)))
            .collect())
    }

    async fn made_since(&self, user: &str, since: i64) -> Result<i64, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(&numbered(rows::MADE_SINCE), &[&user, &since])
            .await?;
        Ok(row.map_or(0, |r| r.get(0)))
    }

    async fn entries(&self, id: &str) -> Result<Vec<EntryRow>, StoreError> {
        let pg = self.opened().await?;
        let found = pg.query(&numbered(rows::ENTRIES), &[&id]).await?;
        Ok(found.iter().map(pg_entry_of).collect())
    }

    async fn pairings(&self, id: &str) -> Result<Vec<PairingRow>, StoreError> {
        let pg = self.opened().await?;
        let found = pg.query(&numbered(rows::PAIRINGS), &[&id]).await?;
        Ok(found.iter().map(pg_pairing_of).collect())
    }

    async fn join_tournament(
        &self,
        id: &str,
        user: &str,
        token: &str,
        rating: i64,
        now: i64,
        max: i64,
    ) -> Result<Joined, StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        // Joins to one tournament take turns (its row locked), so the
        // count and the seq hold.
        tx.execute("SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE", &[&id])
            .await
            .map_err(storage)?;
        let had = tx
            .query_opt(&numbered(rows::ENTRY_OF), &[&id, &user])
            .await
            .map_err(storage)?
            .map(|r| (r.get::<_, bool>(0), r.get::<_, bool>(1)));
        let joined = match had {
            Some((false, false)) => return Ok(Joined::Already),
            Some(_) => {
                tx.execute(&numbered(rows::COME_BACK), &[&id, &user, &false, &token])
                    .await
                    .map_err(storage)?;
                Joined::Back
            }
            None => {
                let n: i64 = tx
                    .query_one(&numbered(rows::PLAYER_COUNT), &[&id])
                    .await
                    .map_err(storage)?
                    .get(0);
                if n >= max {
                    return Ok(Joined::Full);
                }
                tx.execute(
                    &numbered(rows::ADD_ENTRY),
                    &[&id, &n, &user, &token, &rating, &false, &now],
                )
                .await
                .map_err(storage)?;
                Joined::Joined
            }
        };
        tx.execute(&numbered(rows::BUMP), &[&id])
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(joined)
    }

    async fn set_entry(
        &self,
        id: &str,
        user: &str,
        withdraw: bool,
        on: bool,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        let sql = if withdraw {
            rows::SET_WITHDRAWN
        } else {
            rows::SET_PAUSED
        };
        let changed = tx
            .execute(&numbered(sql), &[&id, &user, &on])
            .await
            .map_err(storage)?;
        tx.execute(&numbered(rows::BUMP), &[&id])
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(changed == 1)
    }

    async fn lease(&self, id: &str, me: &str, now: i64, until: i64) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        Ok(pg
            .execute(&numbered(rows::LEASE), &[&id, &me, &now, &until])
            .await?
            == 1)
    }

    async fn to_direct(&self, now: i64) -> Result<Vec<String>, StoreError> {
        let pg = self.opened().await?;
        let found = pg.query(&numbered(rows::TO_DIRECT), &[&now]).await?;
        Ok(found.iter().map(|r| r.get(0)).collect())
    }

    async fn pair_tournament(
        &self,
        id: &str,
        me: &str,
        now: i64,
        pairings: Vec<NewPairing>,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        // The fence locks the tournament's row to the commit: pairings of
        // one tournament take turns.
        if tx
            .execute(&numbered(rows::FENCE), &[&id, &me, &now])
            .await
            .map_err(storage)?
            == 0
        {
            return Ok(false);
        }
        tx.execute(
            "UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = 'starting'",
            &[&id],
        )
        .await
        .map_err(storage)?;
        for p in &pairings {
            let r = &p.row;
            if let Some(black) = r.black {
                let busy: i64 = tx
                    .query_one(&numbered(rows::BUSY), &[&id, &r.white, &black])
                    .await
                    .map_err(storage)?
                    .get(0);
                if busy > 0 {
                    return Ok(false);
                }
            }
            if let Some((game, events)) = &p.game {
                crate::storage::postgres::insert_game_in(&tx, game).await?;
                crate::storage::postgres::append_in(&tx, &game.id, 1, events).await?;
            }
            tx.execute(
                &numbered(rows::ADD_PAIRING),
                &[
                    &id,
                    &r.round,
                    &r.white,
                    &r.black,
                    &r.game,
                    &r.ending,
                    &r.plies,
                    &r.berserk[0],
                    &r.berserk[1],
                    &r.started,
                ],
            )
            .await
            .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }

    async fn record_ending(
        &self,
        id: &str,
        game: &str,
        ending: &str,
        plies: i64,
        berserk: [bool; 2],
        pause: Option<i64>,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        let recorded = tx
            .execute(
                &numbered(rows::RECORD),
                &[&id, &game, &ending, &plies, &berserk[0], &berserk[1]],
            )
            .await
            .map_err(storage)?;
        if recorded == 0 {
            return Ok(false);
        }
        if let Some(seq) = pause {
            tx.execute(&numbered(rows::PAUSE_SEQ), &[&id, &seq, &true])
                .await
                .map_err(storage)?;
        }
        tx.execute(&numbered(rows::BUMP), &[&id])
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }

    async fn unrecorded(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let pg = self.opened().await?;
        let found = pg.query(&numbered(rows::UNRECORDED), &[&id]).await?;
        Ok(found.iter().map(|r| r.get(0)).collect())
    }

    async fn set_status(
        &self,
        id: &str,
        me: &str,
        now: i64,
        status: &str,
        ends: Option<i64>,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        if tx
            .execute(&numbered(rows::FENCE), &[&id, &me, &now])
            .await
            .map_err(storage)?
            == 0
        {
            return Ok(false);
        }
        tx.execute(&numbered(rows::SET_STATUS), &[&id, &status, &ends])
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }

    async fn tournament_version(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let pg = self.opened().await?;
        let row = pg.query_opt(&numbered(rows::VERSION), &[&id]).await?;
        Ok(row.map(|r| r.get(0)))
    }

    async fn tournaments_of(&self, user: &str) -> Result<Vec<(TournamentRow, i64)>, StoreError> {
        let pg = self.opened().await?;
        let sql = numbered(&format!(
            "SELECT {}, p.seq {}",
            rows::TOURNAMENT_COLUMNS,
            rows::OF_PLAYER
        ));
        let found = pg.query(&sql, &[&user]).await?;
        Ok(found
            .iter()
            .map(|r| (pg_tournament_of(r), r.get(20)))
            .collect())
    }

    async fn say(&self, id: &str, user: &str, at: i64, line: &str) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        tx.execute(&numbered(rows::SAY), &[&id, &at, &user, &line])
            .await
            .map_err(storage)?;
        tx.execute(&numbered(rows::BUMP), &[&id])
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(())
    }

    async fn tournament_chat(&self, id: &str) -> Result<Vec<(String, String, i64)>, StoreError> {
        let pg = self.opened().await?;
        let found = pg.query(&numbered(rows::CHAT), &[&id]).await?;
        let mut lines: Vec<(String, String, i64)> = found
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
        lines.reverse();
        Ok(lines)
    }

    async fn last_said(&self, id: &str, user: &str) -> Result<Option<i64>, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(&numbered(rows::LAST_SAID), &[&id, &user])
            .await?;
        Ok(row.and_then(|r| r.get(0)))
    }

    async fn blocks_in(&self, id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let pg = self.opened().await?;
        let found = pg.query(&numbered(rows::BLOCKS_IN), &[&id]).await?;
        Ok(found.iter().map(|r| (r.get(0), r.get(1))).collect())
    }
}
