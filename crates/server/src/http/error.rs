//! One error type for the API's routes. A handler returns
//! `Result<_, ApiError>` and uses `?`: a refusal carries its status and the
//! words the client is shown; a store that failed is logged here, once,
//! with its detail, and the client is told only which part of the site
//! cannot be reached just now (503); an answer made whole elsewhere (a
//! rejection of axum's, a JSON refusal) passes through as it is.

use std::borrow::Cow;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::storage::sqlite::StoreError;

/// The part of the site a failed store call belongs to, as a 503 names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Area {
    Accounts,
    Lobby,
    Players,
    MyGames,
    Games,
}

impl Area {
    pub(crate) fn words(self) -> &'static str {
        match self {
            Area::Accounts => "accounts cannot be reached just now; try again",
            Area::Lobby => "the lobby cannot be reached just now; try again",
            Area::Players => "players cannot be looked up just now; try again",
            Area::MyGames => "your games cannot be read just now; try again",
            Area::Games => "the game could not be stored just now; try again",
        }
    }
}

/// Why a request was not done.
#[derive(Debug)]
pub(crate) enum ApiError {
    /// Refused: the status, and the words the client is shown.
    Refused(StatusCode, Cow<'static, str>),
    /// The store failed in `Area`; the detail is for the log only.
    Storage(Area, StoreError),
    /// An answer made whole elsewhere (boxed: a response is large).
    Answer(Box<Response>),
}

impl ApiError {
    /// A refusal with fixed words.
    pub(crate) fn refused(status: StatusCode, why: &'static str) -> ApiError {
        ApiError::Refused(status, Cow::Borrowed(why))
    }

    /// A refusal whose words were made for this request.
    pub(crate) fn refused_with(status: StatusCode, why: String) -> ApiError {
        ApiError::Refused(status, Cow::Owned(why))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Refused(status, why) => (status, why.into_owned()).into_response(),
            ApiError::Storage(area, error) => {
                tracing::error!(error = %error, "storage failed");
                (StatusCode::SERVICE_UNAVAILABLE, area.words()).into_response()
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
    async fn each_error_answers_with_its_status_and_words_and_no_detail() {
        assert_eq!(
            said(ApiError::refused(
                StatusCode::CONFLICT,
                "that username is taken"
            ))
            .await,
            (StatusCode::CONFLICT, "that username is taken".to_string())
        );
        let failed: Result<(), StoreError> = Err(StoreError::Corrupt("/secret/path line 3".into()));
        let error = failed.or_unavailable(Area::Lobby).expect_err("failed");
        let (status, words) = said(error).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(words, "the lobby cannot be reached just now; try again");
        assert!(!words.contains("secret"));
        let made = (StatusCode::IM_A_TEAPOT, "as it was").into_response();
        assert_eq!(
            said(ApiError::from(made)).await,
            (StatusCode::IM_A_TEAPOT, "as it was".to_string())
        );
    }
}
