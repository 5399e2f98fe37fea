use super::{at, casual, member, mv, open, TempDir};
use crate::rating::{Speed, LICHESS};
use crate::store::{Finish, Invalid, NewGame, Store, StoreError, StoredRating};
use dama::{Color, Outcome, Variant};

fn finish(outcome: Option<Outcome>, ended_by: &str) -> Finish {
    Finish {
        outcome,
        ended_by: ended_by.into(),
        at: super::now_ms(),
    }
}

#[tokio::test]
async fn a_game_is_stored_loaded_finished_and_listed() {
    let (_dir, store) = open().await;
    let a = store.create_account("Alda", "password1").await.unwrap();
    let game = NewGame {
        white: member(&a),
        ..casual()
    };
    let id = store.create_game(&game).await.unwrap();
    assert_eq!(id.len(), 8);
    for (ply, text) in ["21-17", "12-16", "17-13"].iter().enumerate() {
        store.append_move(mv(&id, ply as u64, text)).await.unwrap();
    }
    let loaded = store.load_game(&id).await.unwrap();
    assert!(loaded.game.playing);
    assert_eq!(loaded.game.variant, Variant::Italian);
    assert_eq!(loaded.game.white, member(&a));
    assert_eq!(loaded.game.black.account, None);
    assert_eq!(
        (loaded.game.base_ms, loaded.game.increment_ms),
        (300_000, 3_000)
    );
    let texts: Vec<_> = loaded.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["21-17", "12-16", "17-13"]);
    assert_eq!(loaded.moves[2].clock_ms, 298_000);

    let done = store
        .finish_game(
            &id,
            &finish(Some(Outcome::Win(Color::Black)), "resignation"),
        )
        .await
        .unwrap();
    assert_eq!(done.changes, None, "a casual game changes no rating");
    let loaded = store.load_game(&id).await.unwrap();
    assert!(!loaded.game.playing);
    assert_eq!(loaded.game.outcome, Some(Outcome::Win(Color::Black)));
    assert_eq!(loaded.game.ended_by.as_deref(), Some("resignation"));
    assert!(loaded.game.finished_at.is_some());
    assert_eq!(loaded.game.white_rating, None);
    assert!(store.ratings_of(&a.id).await.unwrap().is_empty());

    // Over: no second finish, no more moves.
    assert!(matches!(
        store
            .finish_game(&id, &finish(Some(Outcome::Draw), "agreement"))
            .await,
        Err(StoreError::GameOver)
    ));
    assert!(matches!(
        store.append_move(mv(&id, 3, "5-9")).await,
        Err(StoreError::GameOver)
    ));
    assert!(matches!(
        store.finish_game("nope", &finish(None, "abort")).await,
        Err(StoreError::NoGame)
    ));
    assert!(matches!(
        store.load_game("nope").await,
        Err(StoreError::NoGame)
    ));
    assert!(matches!(
        store.finish_game(&id, &finish(None, "Abort!")).await,
        Err(StoreError::Invalid(Invalid::EndedBy))
    ));
    assert_eq!(
        store.games_of(&a.id, 10, None).await.unwrap()[0],
        loaded.game
    );
}

#[tokio::test]
async fn a_players_games_are_listed_newest_first_a_page_at_a_time() {
    let (_dir, store) = open().await;
    let a = store.create_account("Carla", "password1").await.unwrap();
    let b = store.create_account("Dario", "password1").await.unwrap();
    let mut ids = Vec::new();
    for i in 0..5 {
        let (white, black) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let game = NewGame {
            white: member(white),
            black: member(black),
            started_at: 1_000 + i,
            ..casual()
        };
        ids.push(store.create_game(&game).await.unwrap());
    }
    store.create_game(&casual()).await.unwrap(); // somebody else's
    let first = store.games_of(&a.id, 3, None).await.unwrap();
    let ids_of =
        |g: &[crate::store::GameSummary]| g.iter().map(|g| g.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids_of(&first), [&*ids[4], &ids[3], &ids[2]]);
    let rest = store
        .games_of(&a.id, 3, Some(first[2].started_at))
        .await
        .unwrap();
    assert_eq!(ids_of(&rest), [&*ids[1], &ids[0]]);
    assert!(matches!(
        store.games_of(&a.id, 101, None).await,
        Err(StoreError::Invalid(Invalid::Number("list size")))
    ));
}

#[tokio::test]
async fn new_games_are_bounded() {
    let (_dir, store) = open().await;
    let a = store.create_account("Elsa", "password1").await.unwrap();
    let cases = [
        (
            NewGame {
                rated: true,
                ..casual()
            },
            Invalid::RatedNeedsTwoAccounts,
        ),
        (
            NewGame {
                rated: true,
                white: member(&a),
                black: member(&a),
                ..casual()
            },
            Invalid::RatedNeedsTwoAccounts,
        ),
        (
            NewGame {
                white: super::anonymous("a b"),
                ..casual()
            },
            Invalid::NameCharacters,
        ),
        (
            NewGame {
                base_ms: 0,
                increment_ms: 0,
                ..casual()
            },
            Invalid::Number("time control"),
        ),
        (
            NewGame {
                base_ms: 86_400_001,
                ..casual()
            },
            Invalid::Number("base time"),
        ),
    ];
    for (game, why) in cases {
        match store.create_game(&game).await {
            Err(StoreError::Invalid(i)) => assert_eq!(i, why),
            other => panic!("{other:?}"),
        }
    }
}

#[tokio::test]
async fn a_rated_result_changes_both_ratings_an_abort_none() {
    let (_dir, store) = open().await;
    let a = store.create_account("Franco", "password1").await.unwrap();
    let b = store.create_account("Gina", "password1").await.unwrap();
    let rated = NewGame {
        white: member(&a),
        black: member(&b),
        rated: true,
        ..casual()
    };
    let speed = Speed::Blitz; // 5'+3"
    let start = store.rating(&a.id, Variant::Italian, speed).await.unwrap();
    assert_eq!((start.glicko, start.games), (LICHESS.start, 0));

    let aborted = store.create_game(&rated).await.unwrap();
    let done = store
        .finish_game(&aborted, &finish(None, "abort"))
        .await
        .unwrap();
    assert_eq!(done.changes, None);
    assert!(store.ratings_of(&a.id).await.unwrap().is_empty());

    let id = store.create_game(&rated).await.unwrap();
    let done = store
        .finish_game(&id, &finish(Some(Outcome::Win(Color::White)), "no-moves"))
        .await
        .unwrap();
    let (w, bl) = done.changes.unwrap();
    assert!(w.diff > 0 && bl.diff < 0, "{w:?} {bl:?}");
    assert_eq!(w.before, LICHESS.start);
    let ra = store.rating(&a.id, Variant::Italian, speed).await.unwrap();
    let rb = store.rating(&b.id, Variant::Italian, speed).await.unwrap();
    assert_eq!((ra.glicko, ra.games), (w.after, 1));
    assert_eq!((rb.glicko, rb.games), (bl.after, 1));
    let game = store.load_game(&id).await.unwrap().game;
    assert_eq!(game.white_rating, Some((w.before.rating, w.after.rating)));
    assert_eq!(game.black_rating, Some((bl.before.rating, bl.after.rating)));
    assert_eq!(
        (game.white_deviation, game.black_deviation),
        (Some(w.after.deviation), Some(bl.after.deviation))
    );
    // Other games and classes keep the start rating.
    let other = store
        .rating(&a.id, Variant::Brazilian, speed)
        .await
        .unwrap();
    assert_eq!(other.glicko, LICHESS.start);
    assert_eq!(store.ratings_of(&a.id).await.unwrap(), [ra]);
}

#[tokio::test]
async fn stored_ratings_are_checked_on_write_and_read() {
    let (_dir, store) = open().await;
    let a = store.create_account("Ivo", "password1").await.unwrap();
    let b = store.create_account("Lea", "password1").await.unwrap();
    let mut r = StoredRating {
        variant: Variant::Brazilian,
        speed: Speed::Rapid,
        glicko: crate::rating::Glicko {
            rating: 1720.0,
            deviation: 80.0,
            volatility: 0.06,
        },
        games: 30,
    };
    store.set_rating(&a.id, &r).await.unwrap();
    assert_eq!(
        store
            .rating(&a.id, Variant::Brazilian, Speed::Rapid)
            .await
            .unwrap(),
        r
    );
    r.glicko.rating = f64::NAN;
    assert!(matches!(
        store.set_rating(&a.id, &r).await,
        Err(StoreError::Rating(crate::rating::RatingError::NotFinite(
            "rating"
        )))
    ));
    // A value spoilt in the file is refused on reading, and a rated game with it stores its
    // result but changes no rating.
    sqlx::query("UPDATE ratings SET rating = 99999 WHERE account_id = $1")
        .bind(&a.id)
        .execute(&store.pool)
        .await
        .unwrap();
    assert!(matches!(
        store.rating(&a.id, Variant::Brazilian, Speed::Rapid).await,
        Err(StoreError::Rating(_))
    ));
    let id = store
        .create_game(&NewGame {
            variant: Variant::Brazilian,
            white: member(&a),
            black: member(&b),
            base_ms: 900_000,
            increment_ms: 10_000,
            rated: true,
            ..casual()
        })
        .await
        .unwrap();
    let done = store
        .finish_game(&id, &finish(Some(Outcome::Draw), "agreement"))
        .await
        .unwrap();
    assert_eq!(done.changes, None);
    assert!(done.refused.is_some());
    assert_eq!(
        store.load_game(&id).await.unwrap().game.outcome,
        Some(Outcome::Draw)
    );
    assert!(store.ratings_of(&b.id).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_restart_brings_back_the_unfinished_games_with_their_moves() {
    let dir = TempDir::new();
    let store = Store::open(&at(&dir).await).await.unwrap();
    let playing = store.create_game(&casual()).await.unwrap();
    let brazilian = store
        .create_game(&NewGame {
            variant: Variant::Brazilian,
            ..casual()
        })
        .await
        .unwrap();
    let over = store.create_game(&casual()).await.unwrap();
    for (ply, text) in ["22-18", "11-15", "18x11"].iter().enumerate() {
        store
            .append_move(mv(&playing, ply as u64, text))
            .await
            .unwrap();
    }
    store.append_move(mv(&brazilian, 0, "c3-d4")).await.unwrap();
    store.append_move(mv(&over, 0, "22-19")).await.unwrap();
    store
        .finish_game(&over, &finish(Some(Outcome::Draw), "agreement"))
        .await
        .unwrap();
    let before = store.unfinished_games().await.unwrap();
    store.close().await;

    let store = Store::open(&at(&dir).await).await.unwrap();
    let after = store.unfinished_games().await.unwrap();
    assert_eq!(after, before);
    let ids: Vec<_> = after.iter().map(|g| g.game.id.as_str()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&playing.as_str()) && ids.contains(&brazilian.as_str()));
    let game = after.iter().find(|g| g.game.id == playing).unwrap();
    let texts: Vec<_> = game.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["22-18", "11-15", "18x11"]);
    assert_eq!(
        game.moves.iter().map(|m| m.ply).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    // The resumed game goes on where it was.
    store.append_move(mv(&playing, 3, "7x14")).await.unwrap();
    assert_eq!(store.load_game(&over).await.unwrap().moves.len(), 1);
}
