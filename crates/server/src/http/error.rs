//! One error type for the API's routes. A handler returns
//! `Result<_, ApiError>` and uses `?`: a refusal carries its status and the
//! words the client is shown; a store that failed is logged here, once,
//! with its detail, and the client is told only which part of the site
//! cannot be reached just now (503); an answer made whole elsewhere (a
//! rejection of axum's, a JSON refusal) passes through as it is.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use online_play::api::{Refusal, Unavailable};

use crate::storage::sqlite::StoreError;

/// The part of the site a failed store call belongs to, as a 503 names it.
pub(crate) type Area = Unavailable;

/// Why a request was not done.
#[derive(Debug)]
pub(crate) enum ApiError {
    /// Refused, for the reason the client is told (its code, its status
    /// and its English words).
    Refused(Refusal),
    /// The store failed in `Area`; the detail is for the log only.
    Storage(Area, StoreError),
    /// An answer made whole elsewhere (boxed: a response is large).
    Answer(Box<Response>),
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        ApiError::Refused(refusal)
    }
}

/// The code of the refusal an answer carries, for the figures.
#[derive(Clone, Debug)]
pub(crate) struct RefusedAs(pub String);

/// A refusal as an answer: its status, and its code and words as JSON.
pub(crate) fn refusal_response(refusal: &Refusal) -> Response {
    let status = StatusCode::from_u16(refusal.status()).unwrap_or(StatusCode::BAD_REQUEST);
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        refusal.body(),
    )
        .into_response();
    response
        .extensions_mut()
        .insert(RefusedAs(crate::metrics::code_name(refusal)));
    response
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Refused(refusal) => refusal_response(&refusal),
            ApiError::Storage(area, error) => {
                tracing::error!(error = %error, "storage failed");
                refusal_response(&Refusal::Unavailable { area })
            }
            ApiError::Answer(response) => *response,
        }
    }
}

impl From<Response> for ApiError {
    fn from(response: Response) -> ApiError {
        ApiError::Answer(Box::new(response))
    }
}

/// A store call's failure as the API's, in the part of the site it
/// belongs to: `db.call().await.or_unavailable(Area::Lobby)?`.
pub(crate) trait OrUnavailable<T> {
    fn or_unavailable(self, area: Area) -> Result<T, ApiError>;
}

impl<T> OrUnavailable<T> for Result<T, StoreError> {
    fn or_unavailable(self, area: Area) -> Result<T, ApiError> {
        self.map_err(|error| ApiError::Storage(area, error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn said(error: ApiError) -> (StatusCode, String) {
        let response = error.into_response();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .expect("a body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn each_error_answers_with_its_status_and_code_and_no_detail() {
        let (status, body) = said(Refusal::NameTaken.into()).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(Refusal::read(&body), Some(Refusal::NameTaken));
        assert!(body.contains("that username is taken"), "{body}");
        let failed: Result<(), StoreError> = Err(StoreError::Corrupt("/secret/path line 3".into()));
        let error = failed.or_unavailable(Area::Lobby).expect_err("failed");
        let (status, body) = said(error).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            Refusal::read(&body),
            Some(Refusal::Unavailable { area: Area::Lobby })
        );
        assert!(!body.contains("secret"));
        let made = (StatusCode::IM_A_TEAPOT, "as it was").into_response();
        assert_eq!(
            said(ApiError::from(made)).await,
            (StatusCode::IM_A_TEAPOT, "as it was".to_string())
        );
    }
}
