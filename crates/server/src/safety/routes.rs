//! Reports: `POST /api/reports` files one (signed in only), with the game's
//! chat as the server kept it; `GET /api/reports/mine` lists the
//! reporter's own, and whether each was handled. Mutes and blocks:
//! `GET /api/relations` lists them, `POST /api/relations` sets or undoes
//! one.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{
    MyReport, MyReports, Refusal, RelationChange, RelationKind, Relations, ReportReason,
    ReportRequest, Reported, MY_REPORTS, NOTE_CHARS, RELATE, RELATIONS, REPORT, REPORTS_PER_HOUR,
};

use super::relations::{BLOCK, MUTE};
use super::store::Report;
use crate::accounts::routes::{body, signed_in};
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;

/// Where a failed store call leaves these routes.
const REPORTS: Area = Area::Reports;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(REPORT.route, post(report))
        .route(MY_REPORTS.route, get(mine))
        .route(RELATIONS.route, get(relations))
        .route(RELATE.route, post(relate))
}

async fn relations(
    State(app): State<Arc<App>>,
    jar: CookieJar,
) -> Result<Json<Relations>, ApiError> {
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    Ok(Json(listed(&app, &user.key).await?))
}

async fn relate(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    read: Result<Json<RelationChange>, JsonRejection>,
) -> Result<Json<Relations>, ApiError> {
    let asked = body(read, r#"{"player", "kind", "on"}"#)?;
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    let db = app.hub.db();
    let other = crate::accounts::name_key(asked.player.trim())
        .map_err(|_| ApiError::from(Refusal::NoSuchPlayer))?;
    if other == user.key {
        return Err(Refusal::Yourself.into());
    }
    // A mute or a block of an account since deleted may still be undone.
    if asked.on && db.user(&other).await.or_unavailable(REPORTS)?.is_none() {
        return Err(Refusal::NoSuchPlayer.into());
    }
    let kind = match asked.kind {
        RelationKind::Mute => MUTE,
        RelationKind::Block => BLOCK,
    };
    db.relate(&user.key, &other, kind, asked.on, app.hub.time.now())
        .await
        .or_unavailable(REPORTS)?;
    Ok(Json(listed(&app, &user.key).await?))
}

/// `key`'s mutes and blocks.
async fn listed(app: &App, key: &str) -> Result<Relations, ApiError> {
    let mut relations = Relations::default();
    for (other, kind) in app
        .hub
        .db()
        .relations_of(key)
        .await
        .or_unavailable(REPORTS)?
    {
        match kind.as_str() {
            MUTE => relations.muted.push(other),
            BLOCK => relations.blocked.push(other),
            _ => {}
        }
    }
    Ok(relations)
}

async fn report(
    State(app): State<Arc<App>>,
    jar: CookieJar,
    read: Result<Json<ReportRequest>, JsonRejection>,
) -> Result<Json<Reported>, ApiError> {
    let asked = body(read, r#"{"player", "reason", "note", "game"}"#)?;
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    let db = app.hub.db();
    let reported = crate::accounts::name_key(asked.player.trim())
        .map_err(|_| ApiError::from(Refusal::NoSuchPlayer))?;
    if db.user(&reported).await.or_unavailable(REPORTS)?.is_none() {
        return Err(Refusal::NoSuchPlayer.into());
    }
    if reported == user.key {
        return Err(Refusal::CannotReportSelf.into());
    }
    if asked.note.chars().count() > NOTE_CHARS {
        return Err(Refusal::BadNote.into());
    }
    let now = app.hub.time.now();
    let lately = db
        .reports_since(&user.key, now - 3600)
        .await
        .or_unavailable(REPORTS)?;
    if lately >= REPORTS_PER_HOUR as i64 {
        return Err(Refusal::TooManyReports.into());
    }
    let chat = match &asked.game {
        None => Vec::new(),
        Some(game) => {
            let known = game.len() <= 64 && db.load(game).await.or_unavailable(REPORTS)?.is_some();
            if !known {
                return Err(Refusal::NoSuchGame.into());
            }
            db.chat_of(game).await.or_unavailable(REPORTS)?
        }
    };
    let report = Report {
        id: crate::ids::game_id(),
        reporter: user.key.clone(),
        reported,
        reason: reason_code(asked.reason).to_string(),
        note: asked.note.trim().to_string(),
        game: asked.game,
        chat: serde_json::to_string(&chat).unwrap_or_else(|_| "[]".to_string()),
        created: now,
        handled: None,
    };
    db.add_report(&report).await.or_unavailable(REPORTS)?;
    tracing::info!(
        report = %report.id,
        reporter = %report.reporter,
        reported = %report.reported,
        reason = %report.reason,
        "reported"
    );
    Ok(Json(Reported { id: report.id }))
}

async fn mine(State(app): State<Arc<App>>, jar: CookieJar) -> Result<Json<MyReports>, ApiError> {
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    let reports = app
        .hub
        .db()
        .reports_by(&user.key)
        .await
        .or_unavailable(REPORTS)?
        .into_iter()
        .filter_map(|r| {
            Some(MyReport {
                reason: reason_of(&r.reason)?,
                id: r.id,
                player: r.reported,
                created: r.created,
                handled: r.handled.is_some(),
            })
        })
        .collect();
    Ok(Json(MyReports { reports }))
}

/// A reason as it is kept.
fn reason_code(reason: ReportReason) -> &'static str {
    match reason {
        ReportReason::Insult => "insult",
        ReportReason::Cheating => "cheating",
        ReportReason::Stalling => "stalling",
        ReportReason::Name => "name",
        ReportReason::Other => "other",
    }
}

fn reason_of(code: &str) -> Option<ReportReason> {
    serde_json::from_value(serde_json::Value::String(code.to_string())).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_kept_as_its_code_and_read_back() {
        for reason in [
            ReportReason::Insult,
            ReportReason::Cheating,
            ReportReason::Stalling,
            ReportReason::Name,
            ReportReason::Other,
        ] {
            assert_eq!(reason_of(reason_code(reason)), Some(reason));
            assert_eq!(
                serde_json::to_value(reason).expect("a reason"),
                serde_json::Value::String(reason_code(reason).to_string())
            );
        }
        assert_eq!(reason_of("spam"), None);
    }
}
