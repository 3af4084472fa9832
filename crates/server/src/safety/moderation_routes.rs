//! Moderation over HTTP, for moderators only (401 for a guest, 403 for
//! anyone else): `GET /api/moderation/reports` lists the open reports,
//! oldest first, with their chat; `POST /api/moderation/actions` takes an
//! action on a report's player (dismiss, warn, mute for a while, delete
//! their chat, rename, mark as a cheater, close the account), logged with
//! the moderator and the reason; `GET /api/moderation/players/{name}`
//! gives a player's history (the actions taken on them, the reports made
//! on them); `GET /api/moderation/flags` and
//! `POST /api/moderation/flags/{id}/dismiss` show and dismiss fair play's
//! flags ([`super::flags`]).

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{
    Acted, Flags, LoggedAction, ModAction, ModRequest, OpenReport, OpenReports, PastReport,
    PlayerFile, Refusal, ReportReason, ReportedLine, MOD_ACT, MOD_DISMISS_FLAG, MOD_FLAGS,
    MOD_PLAYER, MOD_REPORTS, MUTE_MINUTES,
};

use super::moderation::{Action, Effect, Outcome, RenameRefused, Sanction, CHEATER, CLOSED, MUTED};
use crate::accounts::routes::{body, signed_in};
use crate::accounts::users::User;
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;

const REPORTS: Area = Area::Reports;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(MOD_REPORTS.route, get(open_reports))
        .route(MOD_ACT.route, post(act))
        .route(MOD_PLAYER.route, get(player_file))
        .route(MOD_FLAGS.route, get(open_flags))
        .route(MOD_DISMISS_FLAG.route, post(dismiss_flag))
}

async fn open_flags(State(app): State<Arc<App>>, jar: CookieJar) -> Result<Json<Flags>, ApiError> {
    moderator(&app, &jar).await?;
    let flags = app.hub.db().open_flags().await.or_unavailable(REPORTS)?;
    Ok(Json(Flags { flags }))
}

async fn dismiss_flag(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    Path(id): Path<String>,
) -> Result<Json<Flags>, ApiError> {
    let user = moderator(&app, &jar).await?;
    let db = app.hub.db();
    if !db
        .dismiss_flag(&id, app.hub.time.now())
        .await
        .or_unavailable(REPORTS)?
    {
        return Err(Refusal::AlreadyHandled.into());
    }
    tracing::info!(flag = %id, moderator = %user.key, "flag dismissed");
    let flags = db.open_flags().await.or_unavailable(REPORTS)?;
    Ok(Json(Flags { flags }))
}

/// A reason as kept, read back (none for one this server no longer has).
fn reason_of(kept: String) -> Option<ReportReason> {
    serde_json::from_value(serde_json::Value::String(kept)).ok()
}

async fn player_file(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    Path(name): Path<String>,
) -> Result<Json<PlayerFile>, ApiError> {
    moderator(&app, &jar).await?;
    let key = crate::accounts::name_key(name.trim())
        .map_err(|_| ApiError::from(Refusal::NoSuchPlayer))?;
    let db = app.hub.db();
    let actions = db
        .actions_on(&key)
        .await
        .or_unavailable(REPORTS)?
        .into_iter()
        .map(|a| LoggedAction {
            moderator: a.moderator,
            action: a.action,
            reason: a.reason,
            created: a.created,
        })
        .collect();
    let reports = db
        .reports_on(&key)
        .await
        .or_unavailable(REPORTS)?
        .into_iter()
        .filter_map(|r| {
            Some(PastReport {
                reason: reason_of(r.reason)?,
                reporter: r.reporter,
                note: r.note,
                created: r.created,
                handled: r.handled.is_some(),
            })
        })
        .collect();
    Ok(Json(PlayerFile {
        player: key,
        actions,
        reports,
    }))
}

/// The signed-in moderator, or the refusal.
async fn moderator(app: &App, jar: &CookieJar) -> Result<User, ApiError> {
    let user = signed_in(app, jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    if !app
        .hub
        .db()
        .is_moderator(&user.key)
        .await
        .or_unavailable(REPORTS)?
    {
        return Err(Refusal::NotModerator.into());
    }
    Ok(user)
}

async fn open_reports(
    State(app): State<Arc<App>>,
    jar: CookieJar,
) -> Result<Json<OpenReports>, ApiError> {
    moderator(&app, &jar).await?;
    let reports = app
        .hub
        .db()
        .open_reports()
        .await
        .or_unavailable(REPORTS)?
        .into_iter()
        .filter_map(|r| {
            Some(OpenReport {
                reason: reason_of(r.reason)?,
                chat: serde_json::from_str::<Vec<ReportedLine>>(&r.chat).unwrap_or_default(),
                id: r.id,
                reporter: r.reporter,
                player: r.reported,
                note: r.note,
                game: r.game,
                created: r.created,
            })
        })
        .collect();
    Ok(Json(OpenReports { reports }))
}

async fn act(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    read: Result<Json<ModRequest>, JsonRejection>,
) -> Result<Json<Acted>, ApiError> {
    let asked = body(read, r#"{"report", "action", "reason"}"#)?;
    let user = moderator(&app, &jar).await?;
    let reason = asked.reason.trim();
    if reason.is_empty() || reason.chars().count() > 500 {
        return Err(Refusal::NoReason.into());
    }
    let now = app.hub.time.now();
    let sanction = match (asked.action, asked.minutes) {
        (ModAction::Mute, Some(minutes)) if (1..=MUTE_MINUTES).contains(&minutes) => {
            Some(Sanction {
                kind: MUTED,
                until: Some(now + i64::from(minutes) * 60),
            })
        }
        (ModAction::Mute, _) => return Err(Refusal::BadDuration.into()),
        (ModAction::Close, _) => Some(Sanction {
            kind: CLOSED,
            until: None,
        }),
        (ModAction::Cheat, _) => Some(Sanction {
            kind: CHEATER,
            until: None,
        }),
        (ModAction::Dismiss | ModAction::Warn | ModAction::Rename | ModAction::DeleteChat, _) => {
            None
        }
    };
    let db = app.hub.db();
    let report = db
        .open_report(&asked.report)
        .await
        .or_unavailable(REPORTS)?
        // Handled already, or none such.
        .ok_or(ApiError::from(Refusal::AlreadyHandled))?;
    let effect = match asked.action {
        ModAction::Cheat => Effect::Refund,
        ModAction::Rename => {
            let name = asked.name.as_deref().unwrap_or_default().trim();
            let key = crate::accounts::name_key(name)
                .map_err(|_| ApiError::from(Refusal::BadUsername))?;
            Effect::Rename {
                key,
                name: name.to_string(),
            }
        }
        ModAction::DeleteChat => Effect::DeleteChat {
            game: report
                .game
                .clone()
                .ok_or(ApiError::from(Refusal::NoSuchGame))?,
        },
        ModAction::Dismiss | ModAction::Warn | ModAction::Mute | ModAction::Close => Effect::None,
    };
    let action = Action {
        id: crate::ids::game_id(),
        moderator: user.key.clone(),
        player: report.reported,
        action: action_code(asked.action).to_string(),
        reason: reason.to_string(),
        report: Some(asked.report.clone()),
        created: now,
        sanction,
        effect,
    };
    match db.act(&action).await.or_unavailable(REPORTS)? {
        Outcome::Done => {}
        Outcome::AlreadyHandled => return Err(Refusal::AlreadyHandled.into()),
        Outcome::Refused(RenameRefused::Taken) => return Err(Refusal::NameTaken.into()),
        Outcome::Refused(RenameRefused::InPlay) => return Err(Refusal::InPlay.into()),
    }
    if asked.action == ModAction::Close {
        // Signed out everywhere at once.
        db.end_sessions(&action.player, None)
            .await
            .or_unavailable(REPORTS)?;
    }
    tracing::info!(
        action = %action.action,
        moderator = %action.moderator,
        player = %action.player,
        report = %asked.report,
        "moderated"
    );
    Ok(Json(Acted { id: action.id }))
}

/// An action's code, as the log keeps it.
pub(crate) fn action_code(action: ModAction) -> &'static str {
    match action {
        ModAction::Dismiss => "dismiss",
        ModAction::Warn => "warn",
        ModAction::Mute => "mute",
        ModAction::Close => "close",
        ModAction::Cheat => "cheat",
        ModAction::Rename => "rename",
        ModAction::DeleteChat => "delete_chat",
    }
}
