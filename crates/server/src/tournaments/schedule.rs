//! The site's recurring tournaments: the operator's file is read once at
//! start (refused whole, with every reason, when it has a mistake), and
//! each process adds the next of each a while before it starts. Each has
//! a key of its name and start, so processes adding it at once make one.

use std::sync::Arc;
use std::time::Duration;

use alquerque_tournament::schedule::{Format, Recurring};

use super::rows::TournamentRow;
use crate::http::App;

/// How long before its start a scheduled tournament is made (and shown in
/// the lobby).
pub const AHEAD: i64 = 60 * 60;
/// How often the schedule is looked at.
const EVERY: Duration = Duration::from_secs(20);

/// The row of `r`'s tournament starting at `start`.
pub fn row_of(r: &Recurring, start: i64, now: i64) -> TournamentRow {
    let (kind, minutes, rounds) = match r.format {
        Format::Arena { minutes } => ("arena", Some(i64::from(minutes)), None),
        Format::Swiss { rounds } => ("swiss", None, Some(i64::from(rounds))),
    };
    TournamentRow {
        id: crate::ids::game_id(),
        kind: kind.to_string(),
        name: r.name.clone(),
        header: r.game.to_string(),
        clock: r.clock.to_string(),
        rated: r.rated,
        minutes,
        rounds,
        starts: start,
        ends: minutes.map(|m| start + 60 * m),
        status: "starting".to_string(),
        password: None,
        min_rated_games: None,
        rating_low: None,
        rating_high: None,
        max_players: None,
        creator: None,
        schedule_key: Some(format!("{}@{start}", r.name)),
        version: 0,
        created: now,
    }
}

/// Makes each scheduled tournament as it comes due, for as long as the
/// process runs.
pub(crate) async fn run(app: Arc<App>, schedule: Vec<Recurring>) {
    loop {
        let now = app.hub.time.now();
        for r in &schedule {
            for start in r.starts_due(now, AHEAD) {
                match app.hub.db().add_tournament(&row_of(r, start, now)).await {
                    Ok(true) => {
                        tracing::info!(name = %r.name, start, "scheduled tournament made");
                        app.tournaments.poked.notify_one();
                    }
                    Ok(false) => {}
                    Err(e) => tracing::error!(error = %e, "storage failed"),
                }
            }
        }
        tokio::time::sleep(EVERY).await;
    }
}
