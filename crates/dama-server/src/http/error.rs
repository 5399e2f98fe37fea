//! The endpoints' refusals: a status and a JSON body `{"error": "..."}` the page can show.

use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    /// A refusal with `status` saying `text`.
    pub fn new(status: StatusCode, text: impl Into<String>) -> ApiError {
        ApiError(status, text.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        let status = match &e {
            StoreError::Invalid(_) => StatusCode::BAD_REQUEST,
            StoreError::NameTaken => StatusCode::CONFLICT,
            StoreError::WrongNameOrPassword
            | StoreError::NoSession
            | StoreError::SessionExpired => StatusCode::UNAUTHORIZED,
            StoreError::NoAccount | StoreError::NoGame => StatusCode::NOT_FOUND,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, e.to_string())
    }
}
