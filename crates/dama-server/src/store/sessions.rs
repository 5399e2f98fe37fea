//! Sessions: a random token handed to the browser (in a cookie) and only its hash kept, with
//! an expiry; signing out everywhere removes all of an account's sessions.

use super::accounts::Account;
use super::error::{Result, StoreError};
use super::{now_ms, random, Store};
use std::time::Duration;

impl Store {
    /// Starts a session for account `account_id` lasting `ttl`; returns the token to give the
    /// browser (it is not kept: the store holds only its hash).
    pub async fn create_session(&self, account_id: &str, ttl: Duration) -> Result<String> {
        let token = random::token();
        let now = now_ms();
        let ttl_ms = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX);
        let inserted = sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
             SELECT $1, id, $3, $4 FROM accounts WHERE id = $2",
        )
        .bind(random::token_hash(&token))
        .bind(account_id)
        .bind(now)
        .bind(now.saturating_add(ttl_ms))
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(StoreError::NoAccount);
        }
        Ok(token)
    }

    /// The account signed in with `token`; refused when the token is unknown (never made,
    /// signed out, account deleted) or expired (an expired session is removed).
    pub async fn session(&self, token: &str) -> Result<Account> {
        // A token is 64 hex characters; anything else cannot be one (and is not hashed).
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(StoreError::NoSession);
        }
        let hash = random::token_hash(token);
        let row: Option<(String, String, i64, i64)> = sqlx::query_as(
            "SELECT a.id, a.name, a.created_at, s.expires_at
             FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1",
        )
        .bind(&hash)
        .fetch_optional(&self.pool)
        .await?;
        let (id, name, created_at, expires_at) = row.ok_or(StoreError::NoSession)?;
        if expires_at <= now_ms() {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(&hash)
                .execute(&self.pool)
                .await?;
            return Err(StoreError::SessionExpired);
        }
        Ok(Account {
            id,
            name,
            created_at,
        })
    }

    /// Ends the session with `token` (signing out in one browser).
    pub async fn sign_out(&self, token: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(random::token_hash(token))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends every session of account `account_id` (signing out everywhere); returns how many
    /// there were.
    pub async fn sign_out_everywhere(&self, account_id: &str) -> Result<u64> {
        let done = sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }
}
