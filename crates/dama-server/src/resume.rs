//! A stored game served again: its room rebuilt from the stored moves and offers, its clocks
//! standing where the last move left them and started again now, so the time no server held
//! it (a restart, or an instance that died before another took the game over) is given back
//! to the side to move.

use crate::clock::Millis;
use crate::hub::Hub;
use crate::live::{Entrant, LiveInfo};
use crate::protocol::{Event, PlayerId, TimeControl};
use crate::room::Room;
use crate::store::{now_ms, Finish, Player, Store, StoreError, StoredGame};
use std::sync::atomic::{AtomicBool, AtomicU32};
use std::sync::Arc;

/// Serves stored game `g` again; a game that cannot be rebuilt is aborted, saying why in the
/// log. `Ok(true)` when it is served.
pub async fn resume_game(
    store: &Store,
    hub: &Arc<Hub>,
    g: &StoredGame,
) -> Result<bool, StoreError> {
    let now = now_ms();
    match rebuild(store, hub, g).await {
        Ok((mut room, keys)) => {
            room.resume(now as Millis);
            if let Some(end) = ended(&room) {
                // The last stored move ended the game; its end was not stored.
                store.finish_game(&g.game.id, &end).await?;
            }
            hub.revive(room, info(g, keys));
            Ok(true)
        }
        Err(why) => {
            eprintln!(
                "dama-server: game {} cannot resume ({why}): aborted",
                g.game.id
            );
            let abort = Finish {
                outcome: None,
                ended_by: "aborted".into(),
                at: now,
            };
            store.finish_game(&g.game.id, &abort).await?;
            Ok(false)
        }
    }
}

/// The room of stored game `g`, its seats given back to their players (their keys).
async fn rebuild(store: &Store, hub: &Hub, g: &StoredGame) -> Result<(Room, [String; 2]), String> {
    let (white, black) = store.seats(&g.game.id).await.map_err(|e| e.to_string())?;
    let secs = |ms: i64| u32::try_from(ms / 1000).map_err(|_| "time control out of range");
    let control = TimeControl {
        base_secs: secs(g.game.base_ms)?,
        increment_secs: secs(g.game.increment_ms)?,
    };
    let moves: Vec<(String, Millis, u64)> = g
        .moves
        .iter()
        .map(|m| (m.text.clone(), m.played_at as Millis, m.clock_ms as u64))
        .collect();
    let offers = store.offers(&g.game.id).await.map_err(|e| e.to_string())?;
    let ids: [PlayerId; 2] = [hub.player_id(&white), hub.player_id(&black)];
    Room::restore(
        g.game.variant,
        ids[0],
        ids[1],
        control,
        g.game.started_at as Millis,
        &moves,
        &offers,
    )
    .map(|room| (room, [white, black]))
    .map_err(|r| r.text)
}

/// The store's end of a room the replay ended, if it did.
fn ended(room: &Room) -> Option<Finish> {
    let last = room.events_since(room.version().saturating_sub(1)).ok()?;
    match last.first().map(|v| &v.event) {
        Some(Event::End { winner, reason, .. }) => {
            Some(crate::live::finish(*winner, *reason, now_ms()))
        }
        _ => None,
    }
}

fn info(g: &StoredGame, [white, black]: [String; 2]) -> LiveInfo {
    let entrant = |key: String, p: &Player| Entrant {
        key,
        account: p.account.clone(),
        name: p.name.clone(),
    };
    LiveInfo {
        id: g.game.id.clone(),
        variant: g.game.variant.id().to_owned(),
        players: [entrant(white, &g.game.white), entrant(black, &g.game.black)],
        control: TimeControl {
            base_secs: (g.game.base_ms / 1000) as u32,
            increment_secs: (g.game.increment_ms / 1000) as u32,
        },
        rated: g.game.rated,
        ply: AtomicU32::new(g.moves.len() as u32),
        over: AtomicBool::new(false),
        spectators: AtomicU32::new(0),
    }
}
