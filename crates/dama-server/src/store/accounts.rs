//! Accounts: a name unique in any case and an argon2 password hash; deleting one anonymises
//! its games rather than removing them (the opponent's games stay whole).

use super::error::{Result, StoreError};
use super::{bounds, now_ms, random, Store};
use argon2::password_hash::{phc::PasswordHash, PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};
use std::sync::OnceLock;

/// The name a deleted account's games show instead of its name (not a valid name, so never
/// anybody's).
pub const DELETED_NAME: &str = "[deleted]";

/// An account, as the rest of the server sees it (never its password hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its id (random, fixed for life).
    pub id: String,
    /// Its name, in the case its owner chose.
    pub name: String,
    /// When it was made, in Unix milliseconds.
    pub created_at: i64,
}

impl<'r> FromRow<'r, AnyRow> for Account {
    fn from_row(row: &'r AnyRow) -> std::result::Result<Self, sqlx::Error> {
        Ok(Account {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

/// Hashes with argon2's defaults (Argon2id, 19 MiB, 2 passes: OWASP's minimum) on a blocking
/// thread, because a hash takes tens of milliseconds of CPU that the game tasks need.
async fn hash(password: String) -> Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| StoreError::Hash(e.to_string()))
    })
    .await
    .map_err(|e| StoreError::Hash(e.to_string()))?
}

/// Whether `password` matches the PHC string `stored`, on a blocking thread.
async fn verify(password: String, stored: String) -> Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored).map_err(|e| StoreError::Hash(e.to_string()))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(|e| StoreError::Hash(e.to_string()))?
}

/// A hash no password matches, checked when the name is unknown so that an unknown name
/// takes as long to refuse as a wrong password (the time does not tell which names exist).
async fn decoy_hash() -> Result<String> {
    static DECOY: OnceLock<String> = OnceLock::new();
    if let Some(h) = DECOY.get() {
        return Ok(h.clone());
    }
    let h = hash(random::token()).await?;
    Ok(DECOY.get_or_init(|| h).clone())
}

impl Store {
    /// Makes an account; refused when the name or password is out of bounds or the name is
    /// taken in any case.
    pub async fn create_account(&self, name: &str, password: &str) -> Result<Account> {
        let name = bounds::name(name)?;
        let password = bounds::password(password)?;
        let password_hash = hash(password.to_owned()).await?;
        let account = Account {
            id: random::id(12),
            name: name.to_owned(),
            created_at: now_ms(),
        };
        let inserted = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(&account.id)
        .bind(&account.name)
        .bind(name.to_ascii_lowercase())
        .bind(&password_hash)
        .bind(account.created_at)
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(StoreError::NameTaken);
        }
        Ok(account)
    }

    /// The account with this name (in any case) and password; one refusal,
    /// [`StoreError::WrongNameOrPassword`], for an unknown name and a wrong password.
    pub async fn verify_password(&self, name: &str, password: &str) -> Result<Account> {
        // Out-of-bounds input cannot match any account: the same refusal, no hashing.
        let (Ok(name), Ok(password)) = (bounds::name(name), bounds::password(password)) else {
            return Err(StoreError::WrongNameOrPassword);
        };
        let row: Option<(String, String, i64, String)> = sqlx::query_as(
            "SELECT id, name, created_at, password_hash FROM accounts WHERE name_key = $1",
        )
        .bind(name.to_ascii_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        let stored = match &row {
            Some((.., h)) => h.clone(),
            None => decoy_hash().await?,
        };
        match (verify(password.to_owned(), stored).await?, row) {
            (true, Some((id, name, created_at, _))) => Ok(Account {
                id,
                name,
                created_at,
            }),
            _ => Err(StoreError::WrongNameOrPassword),
        }
    }

    /// The account with id `id`.
    pub async fn account(&self, id: &str) -> Result<Account> {
        sqlx::query_as("SELECT id, name, created_at FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoAccount)
    }

    /// The account named `name` (in any case).
    pub async fn account_named(&self, name: &str) -> Result<Account> {
        let name = bounds::name(name).map_err(|_| StoreError::NoAccount)?;
        sqlx::query_as("SELECT id, name, created_at FROM accounts WHERE name_key = $1")
            .bind(name.to_ascii_lowercase())
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoAccount)
    }

    /// Deletes an account: its sessions and ratings go, its games stay with its name replaced
    /// by [`DELETED_NAME`] and the link to it cleared, all in one transaction.
    pub async fn delete_account(&self, id: &str) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        for sql in [
            "UPDATE games SET white_account = NULL, white_name = $2 WHERE white_account = $1",
            "UPDATE games SET black_account = NULL, black_name = $2 WHERE black_account = $1",
        ] {
            sqlx::query(sql)
                .bind(id)
                .bind(DELETED_NAME)
                .execute(&mut *tx)
                .await?;
        }
        for sql in [
            "DELETE FROM sessions WHERE account_id = $1",
            "DELETE FROM ratings WHERE account_id = $1",
        ] {
            sqlx::query(sql).bind(id).execute(&mut *tx).await?;
        }
        let deleted = sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if deleted.rows_affected() == 0 {
            return Err(StoreError::NoAccount); // the transaction rolls back on drop
        }
        tx.commit().await?;
        Ok(())
    }
}
