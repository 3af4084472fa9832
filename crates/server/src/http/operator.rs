//! The operator's routes: `/health`, which says whether the store answers,
//! and `/metrics`, the process's figures for whoever holds the metrics
//! token; and the count of every refusal the API sends, by its code.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::http::error::RefusedAs;
use crate::http::App;
use crate::storage::health::StoreHealth;

/// How long `/health` waits for the store.
pub(crate) const HEALTH_WITHIN: Duration = Duration::from_secs(2);

/// `ok` when the store answers a read; else 503, saying what is wrong (a
/// load balancer then sends the players elsewhere).
pub(crate) async fn health(State(app): State<Arc<App>>) -> Response {
    let health = app.hub.db().health(HEALTH_WITHIN).await;
    if health != StoreHealth::Answers {
        app.hub.metrics.error("store_silent");
    }
    let status = match health {
        StoreHealth::Answers => StatusCode::OK,
        _ => StatusCode::SERVICE_UNAVAILABLE,
    };
    (status, health.words()).into_response()
}

/// The figures, to the bearer of `token`.
pub(crate) async fn metrics(
    State((app, token)): State<(Arc<App>, Arc<str>)>,
    headers: HeaderMap,
) -> Response {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if !crate::metrics::authorised(presented, &token) {
        return (StatusCode::UNAUTHORIZED, "the metrics need their token").into_response();
    }
    let metrics = &app.hub.metrics;
    metrics
        .games
        .set(i64::try_from(app.hub.loaded()).unwrap_or(i64::MAX));
    // What waits for moderators; a store that does not answer leaves the
    // last figures (and `/health` says why).
    let db = app.hub.db();
    if let Ok((reports, flags)) = db.open_counts().await {
        metrics.reports_open.set(reports);
        metrics.flags_open.set(flags);
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        metrics.render(),
    )
        .into_response()
}

/// Counts a refusal the API answered with, by its code.
pub(crate) async fn count_refusals(State(app): State<Arc<App>>, response: Response) -> Response {
    if let Some(RefusedAs(code)) = response.extensions().get::<RefusedAs>() {
        app.hub.metrics.error(&format!("api_{code}"));
    }
    response
}
