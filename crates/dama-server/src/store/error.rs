//! What the store refuses, and why: each refusal its own variant, so the transport layer can
//! give the page a reason without reading database messages.

use crate::rating::RatingError;
use std::fmt;

/// An input outside its bounds (checked before anything reaches the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// A name's length in characters is outside `min..=max`.
    NameLength {
        /// The smallest allowed.
        min: usize,
        /// The largest allowed.
        max: usize,
    },
    /// A name holds a character other than ASCII letters, digits, `_` and `-`, or does not
    /// start with a letter or digit.
    NameCharacters,
    /// A password's length in bytes is outside `min..=max`.
    PasswordLength {
        /// The smallest allowed.
        min: usize,
        /// The largest allowed.
        max: usize,
    },
    /// A move's text is empty, longer than the bound, or not printable ASCII.
    MoveText {
        /// The longest allowed, in bytes.
        max: usize,
    },
    /// How a game ended is not a short lowercase identifier (`resignation`, `time`...).
    EndedBy,
    /// A number (ply, clock, time control, list size) outside its range, by name.
    Number(&'static str),
    /// A rated game needs two different accounts.
    RatedNeedsTwoAccounts,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::NameLength { min, max } => {
                write!(f, "a name has {min} to {max} characters")
            }
            Invalid::NameCharacters => f.write_str(
                "a name holds only letters, digits, _ and -, and starts with a letter or digit",
            ),
            Invalid::PasswordLength { min, max } => {
                write!(f, "a password has {min} to {max} bytes")
            }
            Invalid::MoveText { max } => {
                write!(f, "a move is 1 to {max} printable characters")
            }
            Invalid::EndedBy => f.write_str("how the game ended is not a known identifier"),
            Invalid::Number(what) => write!(f, "the {what} is out of range"),
            Invalid::RatedNeedsTwoAccounts => {
                f.write_str("a rated game is between two different accounts")
            }
        }
    }
}

/// A store operation that did not happen.
#[derive(Debug)]
pub enum StoreError {
    /// An input outside its bounds.
    Invalid(Invalid),
    /// The name is already taken (in any case).
    NameTaken,
    /// No account has this name and password (one answer for both, so that a refusal does not
    /// tell whether the name exists).
    WrongNameOrPassword,
    /// No such session: never made, signed out, or its account deleted.
    NoSession,
    /// The session has expired.
    SessionExpired,
    /// No such account.
    NoAccount,
    /// No such game.
    NoGame,
    /// The game is over (finished or aborted): nothing more is stored in it.
    GameOver,
    /// A move out of order: the game's next ply is `expected` (a move already stored is not
    /// stored twice, and none is skipped).
    PlyOutOfOrder {
        /// The ply the game expects next.
        expected: i64,
    },
    /// A stored rating that cannot be used.
    Rating(RatingError),
    /// A stored value the store cannot read (an unknown game or speed name).
    Corrupt(String),
    /// The database failed.
    Database(sqlx::Error),
    /// The database failed while writing a group of moves, this one among them.
    GroupWrite(String),
    /// The migrations failed at start.
    Migrate(sqlx::migrate::MigrateError),
    /// Password hashing failed (not a wrong password: the hasher itself).
    Hash(String),
    /// The store is closed.
    Closed,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Invalid(i) => i.fmt(f),
            StoreError::NameTaken => f.write_str("this name is taken"),
            StoreError::WrongNameOrPassword => f.write_str("wrong name or password"),
            StoreError::NoSession => f.write_str("not signed in"),
            StoreError::SessionExpired => f.write_str("the session has expired"),
            StoreError::NoAccount => f.write_str("no such account"),
            StoreError::NoGame => f.write_str("no such game"),
            StoreError::GameOver => f.write_str("the game is over"),
            StoreError::PlyOutOfOrder { expected } => {
                write!(f, "move out of order: the game expects ply {expected}")
            }
            StoreError::Rating(e) => e.fmt(f),
            StoreError::Corrupt(what) => write!(f, "unreadable stored value: {what}"),
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::GroupWrite(e) => write!(f, "database (group write): {e}"),
            StoreError::Migrate(e) => write!(f, "database migration: {e}"),
            StoreError::Hash(e) => write!(f, "password hashing: {e}"),
            StoreError::Closed => f.write_str("the store is closed"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(e) => Some(e),
            StoreError::Migrate(e) => Some(e),
            StoreError::Rating(e) => Some(e),
            _ => None,
        }
    }
}

impl From<Invalid> for StoreError {
    fn from(i: Invalid) -> Self {
        StoreError::Invalid(i)
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Database(e)
    }
}

impl From<RatingError> for StoreError {
    fn from(e: RatingError) -> Self {
        StoreError::Rating(e)
    }
}

/// A store operation's result.
pub type Result<T> = std::result::Result<T, StoreError>;
