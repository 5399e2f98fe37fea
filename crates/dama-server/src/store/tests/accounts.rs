use super::{at, open, TempDir};
use crate::store::{Invalid, Store, StoreError};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);

#[tokio::test]
async fn an_account_signs_in_with_its_password_only() {
    let (_dir, store) = open().await;
    let a = store
        .create_account("Mario_Rossi", "correct horse")
        .await
        .unwrap();
    assert_eq!(a.name, "Mario_Rossi");
    assert_eq!(store.account(&a.id).await.unwrap(), a);
    // The name in any case signs in; the name keeps its owner's case.
    assert_eq!(
        store
            .verify_password("mario_rossi", "correct horse")
            .await
            .unwrap(),
        a
    );
    for (name, password) in [
        ("Mario_Rossi", "wrong horse!"),
        ("Nobody", "correct horse"),
        ("x", "correct horse"),
        ("Mario_Rossi", "short"),
    ] {
        assert!(
            matches!(
                store.verify_password(name, password).await,
                Err(StoreError::WrongNameOrPassword)
            ),
            "{name} {password}"
        );
    }
    // The hash, not the password, is stored.
    let (stored,): (String,) = sqlx::query_as("SELECT password_hash FROM accounts")
        .fetch_one(&store.pool)
        .await
        .unwrap();
    assert!(stored.starts_with("$argon2id$"), "{stored}");
    assert!(!stored.contains("correct horse"));
}

#[tokio::test]
async fn names_are_unique_in_any_case_and_inputs_bounded() {
    let (_dir, store) = open().await;
    store.create_account("Giulia", "password1").await.unwrap();
    assert!(matches!(
        store.create_account("GIULIA", "password2").await,
        Err(StoreError::NameTaken)
    ));
    assert!(matches!(
        store.create_account("Giu lia", "password2").await,
        Err(StoreError::Invalid(Invalid::NameCharacters))
    ));
    assert!(matches!(
        store.create_account("Paolo", "1234567").await,
        Err(StoreError::Invalid(Invalid::PasswordLength {
            min: 8,
            max: 256
        }))
    ));
    assert!(matches!(
        store.create_account(&"p".repeat(21), "password2").await,
        Err(StoreError::Invalid(Invalid::NameLength { min: 2, max: 20 }))
    ));
}

#[tokio::test]
async fn sessions_expire_and_sign_out_everywhere_ends_them_all() {
    let (_dir, store) = open().await;
    let a = store.create_account("Lucia", "password1").await.unwrap();
    let b = store.create_account("Marco", "password1").await.unwrap();
    let t1 = store.create_session(&a.id, HOUR).await.unwrap();
    let t2 = store.create_session(&a.id, HOUR).await.unwrap();
    let tb = store.create_session(&b.id, HOUR).await.unwrap();
    assert_ne!(t1, t2);
    assert_eq!(store.session(&t1).await.unwrap(), a);
    assert_eq!(store.session(&tb).await.unwrap(), b);
    // Only the token's hash is stored: the token itself signs in, the stored value does not.
    let (hash,): (String,) = sqlx::query_as("SELECT token_hash FROM sessions LIMIT 1")
        .fetch_one(&store.pool)
        .await
        .unwrap();
    assert!(matches!(
        store.session(&hash).await,
        Err(StoreError::NoSession)
    ));
    assert!(matches!(
        store.session("forged").await,
        Err(StoreError::NoSession)
    ));

    let expired = store.create_session(&a.id, Duration::ZERO).await.unwrap();
    assert!(matches!(
        store.session(&expired).await,
        Err(StoreError::SessionExpired)
    ));
    // An expired session is removed: asked again, it is unknown.
    assert!(matches!(
        store.session(&expired).await,
        Err(StoreError::NoSession)
    ));

    store.sign_out(&t2).await.unwrap();
    assert!(matches!(
        store.session(&t2).await,
        Err(StoreError::NoSession)
    ));
    assert_eq!(store.session(&t1).await.unwrap(), a);
    let t3 = store.create_session(&a.id, HOUR).await.unwrap();
    assert_eq!(store.sign_out_everywhere(&a.id).await.unwrap(), 2);
    for t in [&t1, &t3] {
        assert!(matches!(store.session(t).await, Err(StoreError::NoSession)));
    }
    assert_eq!(
        store.session(&tb).await.unwrap(),
        b,
        "another account's session stays"
    );
    assert!(matches!(
        store.create_session("no-such-id", HOUR).await,
        Err(StoreError::NoAccount)
    ));
}

#[tokio::test]
async fn a_deleted_account_signs_in_no_more_and_its_games_stay_anonymised() {
    let (_dir, store) = open().await;
    let a = store.create_account("Sofia", "password1").await.unwrap();
    let b = store.create_account("Enzo", "password1").await.unwrap();
    let token = store.create_session(&a.id, HOUR).await.unwrap();
    let game = super::NewGame {
        white: super::member(&a),
        black: super::member(&b),
        rated: true,
        ..super::casual()
    };
    let id = store.create_game(&game).await.unwrap();
    store.append_move(super::mv(&id, 0, "21-17")).await.unwrap();

    store.delete_account(&a.id).await.unwrap();
    assert!(matches!(
        store.session(&token).await,
        Err(StoreError::NoSession)
    ));
    assert!(matches!(
        store.verify_password("Sofia", "password1").await,
        Err(StoreError::WrongNameOrPassword)
    ));
    assert!(matches!(
        store.account(&a.id).await,
        Err(StoreError::NoAccount)
    ));
    assert!(matches!(
        store.delete_account(&a.id).await,
        Err(StoreError::NoAccount)
    ));
    let stored = store.load_game(&id).await.unwrap();
    assert_eq!(stored.game.white.account, None);
    assert_eq!(stored.game.white.name, crate::store::DELETED_NAME);
    assert_eq!(stored.game.black, super::member(&b));
    assert_eq!(stored.moves.len(), 1);
    assert_eq!(store.games_of(&b.id, 10, None).await.unwrap().len(), 1);
    // The name is free again.
    store.create_account("sofia", "password2").await.unwrap();
}

#[tokio::test]
async fn accounts_and_sessions_survive_a_restart() {
    let dir = TempDir::new();
    let store = Store::open(&at(&dir).await).await.unwrap();
    let a = store.create_account("Pietro", "password1").await.unwrap();
    let token = store.create_session(&a.id, HOUR).await.unwrap();
    store.close().await;
    let store = Store::open(&at(&dir).await).await.unwrap();
    assert_eq!(store.session(&token).await.unwrap(), a);
    if TempDir::postgres().is_none() {
        assert!(dir.sqlite_file().exists());
    }
}
