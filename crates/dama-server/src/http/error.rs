//! The endpoints' refusals: a status and a JSON body `{"error": "...", "code": "..."}`, the
//! reason in English and a code the page says in the player's language (`www/online/words.js`).

use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use ts_rs::TS;

/// What an HTTP refusal is about; its status follows from it ([`ApiCode::status`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ApiCode {
    /// A name, password or time control outside its rules (the text says which).
    Invalid,
    /// Another account has this name.
    NameTaken,
    /// No account has this name, or the password is not its own: never said apart.
    WrongNameOrPassword,
    /// The request needs a session and came without one.
    NotSignedIn,
    /// The session's cookie is no longer valid.
    SessionExpired,
    /// No account has this name.
    NoAccount,
    /// No game has this id.
    NoGame,
    /// A rated game needs an account.
    NeedsAccount,
    /// Too many requests of this kind: the text says how long to wait.
    TooMany,
    /// A request that changes something, from a page of another site.
    OtherSite,
    /// The request (its body included) took longer than the server waits.
    TimedOut,
    /// The server failed (its database, most often): nothing changed.
    ServerError,
}

impl ApiCode {
    /// The HTTP status this refusal is sent with.
    pub fn status(self) -> StatusCode {
        match self {
            ApiCode::Invalid => StatusCode::BAD_REQUEST,
            ApiCode::NameTaken => StatusCode::CONFLICT,
            ApiCode::WrongNameOrPassword | ApiCode::NotSignedIn | ApiCode::SessionExpired => {
                StatusCode::UNAUTHORIZED
            }
            ApiCode::NoAccount | ApiCode::NoGame => StatusCode::NOT_FOUND,
            ApiCode::NeedsAccount | ApiCode::OtherSite => StatusCode::FORBIDDEN,
            ApiCode::TooMany => StatusCode::TOO_MANY_REQUESTS,
            ApiCode::TimedOut => StatusCode::REQUEST_TIMEOUT,
            ApiCode::ServerError => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// A refused request.
#[derive(Debug)]
pub struct ApiError {
    /// What it is about.
    pub code: ApiCode,
    /// Why, in English.
    pub text: String,
}

impl ApiError {
    /// A refusal of kind `code` saying `text`.
    pub fn new(code: ApiCode, text: impl Into<String>) -> ApiError {
        ApiError {
            code,
            text: text.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.text, "code": self.code });
        (self.code.status(), Json(body)).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        let code = match &e {
            StoreError::Invalid(_) => ApiCode::Invalid,
            StoreError::NameTaken => ApiCode::NameTaken,
            StoreError::WrongNameOrPassword => ApiCode::WrongNameOrPassword,
            StoreError::NoSession => ApiCode::NotSignedIn,
            StoreError::SessionExpired => ApiCode::SessionExpired,
            StoreError::NoAccount => ApiCode::NoAccount,
            StoreError::NoGame => ApiCode::NoGame,
            _ => ApiCode::ServerError,
        };
        ApiError::new(code, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body a page reads: the code beside the English reason, and the status from the code.
    #[tokio::test]
    async fn a_refusal_carries_its_code_and_its_status() {
        let answer = ApiError::from(StoreError::NameTaken).into_response();
        assert_eq!(answer.status(), StatusCode::CONFLICT);
        let bytes = axum::body::to_bytes(answer.into_body(), 1024)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(body["code"], "name-taken");
        assert_eq!(body["error"], "this name is taken");
        let hidden = ApiError::from(StoreError::Closed).into_response();
        assert_eq!(hidden.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
