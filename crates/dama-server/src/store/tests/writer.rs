use super::{at, casual, mv, open, TempDir};
use crate::store::{Invalid, Store, StoreError};
use std::sync::Arc;
use std::time::Duration;

/// 40 games each get a move at the same moment: the writer stores all 40 in fewer
/// transactions than moves, and each caller is answered only after its move is stored.
#[tokio::test]
async fn concurrent_moves_are_grouped_into_fewer_transactions() {
    let dir = TempDir::new();
    // A wider window than the default, so that the test does not depend on the machine's
    // speed to see the grouping.
    let store = Arc::new(
        Store::open_with(&at(&dir).await, Duration::from_millis(20))
            .await
            .unwrap(),
    );
    let mut ids = Vec::new();
    for _ in 0..40 {
        ids.push(store.create_game(&casual()).await.unwrap());
    }
    let before = store.group_writes();
    let tasks: Vec<_> = ids
        .iter()
        .map(|id| {
            let (store, id) = (store.clone(), id.clone());
            tokio::spawn(async move {
                store.append_move(mv(&id, 0, "21-17")).await.unwrap();
                // Acknowledged means stored: another connection reads it at once.
                store.load_game(&id).await.unwrap().moves.len()
            })
        })
        .collect();
    for t in tasks {
        assert_eq!(t.await.unwrap(), 1);
    }
    let groups = store.group_writes() - before;
    assert!(
        (1..40).contains(&groups),
        "{groups} transactions for 40 moves"
    );
}

/// One game's moves queued together (not waiting for each answer) are stored in the order
/// queued, in fewer transactions than moves.
#[tokio::test]
async fn moves_queued_together_are_stored_in_order() {
    let (_dir, store) = open().await;
    let id = store.create_game(&casual()).await.unwrap();
    let texts: Vec<String> = (0..30)
        .map(|i| format!("{}-{}", 21 + i % 4, 17 + i % 4))
        .collect();
    let before = store.group_writes();
    let appends = texts
        .iter()
        .enumerate()
        .map(|(ply, text)| store.append_move(mv(&id, ply as u64, text)));
    // join_all's futures are polled in order, so they queue in ply order.
    for answer in join_all(appends).await {
        answer.unwrap();
    }
    assert!(store.group_writes() - before < 30);
    let stored: Vec<String> = store
        .load_game(&id)
        .await
        .unwrap()
        .moves
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert_eq!(stored, texts);
}

/// A minimal join_all (no futures crate in the build): polls each future in turn.
async fn join_all<F: std::future::Future>(futures: impl IntoIterator<Item = F>) -> Vec<F::Output> {
    let mut set = Vec::new();
    for f in futures {
        set.push(Box::pin(f));
    }
    let mut out: Vec<Option<F::Output>> = set.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (f, slot) in set.iter_mut().zip(out.iter_mut()) {
            if slot.is_none() {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => *slot = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    out.into_iter().map(Option::unwrap).collect()
}

#[tokio::test]
async fn a_move_twice_out_of_order_or_out_of_bounds_is_refused_and_changes_nothing() {
    let (_dir, store) = open().await;
    let id = store.create_game(&casual()).await.unwrap();
    store.append_move(mv(&id, 0, "21-17")).await.unwrap();
    // Sent again after a reconnection: stored once.
    assert!(matches!(
        store.append_move(mv(&id, 0, "21-17")).await,
        Err(StoreError::PlyOutOfOrder { expected: 1 })
    ));
    assert!(matches!(
        store.append_move(mv(&id, 2, "12-16")).await,
        Err(StoreError::PlyOutOfOrder { expected: 1 })
    ));
    assert!(matches!(
        store.append_move(mv("nogame00", 0, "21-17")).await,
        Err(StoreError::NoGame)
    ));
    for (text, why) in [
        ("", Invalid::MoveText { max: 64 }),
        ("21-17 ", Invalid::MoveText { max: 64 }),
        (&"1".repeat(65)[..], Invalid::MoveText { max: 64 }),
    ] {
        match store.append_move(mv(&id, 1, text)).await {
            Err(StoreError::Invalid(i)) => assert_eq!(i, why),
            other => panic!("{other:?}"),
        }
    }
    let mut huge_clock = mv(&id, 1, "12-16");
    huge_clock.clock_ms = u64::MAX;
    assert!(matches!(
        store.append_move(huge_clock).await,
        Err(StoreError::Invalid(Invalid::Number("clock")))
    ));
    // A refused move in a group does not fail the others in it.
    let (ok, refused) = tokio::join!(
        store.append_move(mv(&id, 1, "12-16")),
        store.append_move(mv(&id, 1, "12-15")),
    );
    ok.unwrap();
    assert!(matches!(
        refused,
        Err(StoreError::PlyOutOfOrder { expected: 2 })
    ));
    let moves = store.load_game(&id).await.unwrap().moves;
    assert_eq!(
        moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
        ["21-17", "12-16"]
    );
}
