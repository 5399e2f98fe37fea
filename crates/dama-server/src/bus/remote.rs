//! A game played across instances: the page's side ([`forward`]), a command channel like a
//! local game's whose commands go to the owner as notes, and the owner's side ([`proxy`]),
//! which joins the page to the game's task and sends its messages back.

use super::{Bus, Note};
use crate::live::{Command, Joined, INBOX, OUTBOX};
use crate::protocol::{PlayerId, Refusal, RefusalCode, ServerMsg, Side};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{interval, timeout, MissedTickBehavior};

/// How long a page waits for the owner's answer to its join.
const JOIN_WAIT: Duration = Duration::from_secs(5);
/// How often a page's instance checks that the game's owner still holds it.
const OWNER_CHECK: Duration = Duration::from_millis(1000);

fn unavailable(text: &str) -> Refusal {
    Refusal::new(RefusalCode::Unavailable, text)
}

/// The command channel of game `game`, owned by instance `owner`, for a page of this
/// instance whose player has seat key `key` (none: a spectator). The page's messages go to
/// the owner; its socket is let go (and the page comes back) when the owner no longer holds
/// the game or the bus goes away.
pub fn forward(
    bus: Arc<Bus>,
    game: String,
    owner: String,
    key: Option<String>,
) -> mpsc::Sender<Command> {
    let (tx, mut rx) = mpsc::channel::<Command>(INBOX);
    tokio::spawn(async move {
        let mut conns: Vec<u64> = Vec::new();
        let mut check = interval(OWNER_CHECK);
        check.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => forward_one(&bus, &game, &owner, &key, &mut conns, cmd).await,
                    None => break,
                },
                _ = check.tick() => {
                    let held = bus.is_up() && matches!(bus.owner(&game).await, Ok(Some(o)) if o == owner);
                    if !held {
                        break;
                    }
                }
            }
        }
        for conn in conns {
            bus.unroute(conn);
            let note = Note::Leave {
                from: bus.me().to_owned(),
                conn,
                closed_tab: false,
            };
            let _ = bus.send(&owner, &note).await;
        }
    });
    tx
}

async fn forward_one(
    bus: &Arc<Bus>,
    game: &str,
    owner: &str,
    key: &Option<String>,
    conns: &mut Vec<u64>,
    cmd: Command,
) {
    let me = bus.me().to_owned();
    match cmd {
        Command::Join {
            since, out, reply, ..
        } => {
            let conn = bus.next_conn();
            let (joined, answer) = oneshot::channel();
            bus.route(conn, out, joined);
            let note = Note::Join {
                game: game.to_owned(),
                from: me,
                conn,
                key: key.clone(),
                since,
            };
            if bus.send(owner, &note).await.is_err() {
                bus.unroute(conn);
                let _ = reply.send(Err(unavailable(
                    "the bus between servers is away: try again",
                )));
                return;
            }
            match timeout(JOIN_WAIT, answer).await {
                Ok(Ok(result)) => {
                    if result.is_ok() {
                        conns.push(conn);
                    }
                    let _ = reply.send(result);
                }
                _ => {
                    bus.unroute(conn);
                    let _ = reply.send(Err(unavailable(
                        "the game's server did not answer: try again",
                    )));
                }
            }
        }
        Command::Client { sub, msg, rtt } => {
            let note = Note::Client {
                from: me,
                conn: sub,
                msg,
                rtt,
            };
            if bus.send(owner, &note).await.is_err() {
                // Not sent: the page is let go and comes back; a move it made is sent again.
                bus.unroute(sub);
            }
        }
        Command::Leave { sub, closed_tab } => {
            bus.unroute(sub);
            conns.retain(|&c| c != sub);
            let note = Note::Leave {
                from: me,
                conn: sub,
                closed_tab,
            };
            let _ = bus.send(owner, &note).await;
        }
        Command::Rematched(_) | Command::Stop => {}
    }
}

/// Serves a page of instance `from` (its connection `conn`) in the game `game` commands: it
/// joins as `player` with the last version it has, `since`; its later notes come through
/// `notes`; the game's messages go back as notes until either side lets go.
pub async fn proxy(
    bus: Arc<Bus>,
    game: Option<mpsc::Sender<Command>>,
    (from, conn): (String, u64),
    player: PlayerId,
    since: u32,
    mut notes: mpsc::Receiver<Note>,
) {
    let refuse = |why: &str| Note::Joined {
        conn,
        result: Err(unavailable(why)),
    };
    let Some(game) = game else {
        // Not (or no longer) this instance's game: the page asks again and finds its owner.
        let _ = bus
            .send(
                &from,
                &refuse("the game moved to another server: try again"),
            )
            .await;
        bus.unproxy(&from, conn);
        return;
    };
    let (out, mut messages) = mpsc::channel::<ServerMsg>(OUTBOX);
    let (reply, answer) = oneshot::channel();
    let joined = match game
        .send(Command::Join {
            player,
            since,
            out,
            reply,
        })
        .await
    {
        Ok(()) => answer.await.ok(),
        Err(_) => None,
    };
    let result = match joined {
        Some(Ok(j)) => Ok(j),
        Some(Err(refusal)) => Err(refusal),
        None => Err(unavailable("the game is no longer live here: try again")),
    };
    let answer = Note::Joined {
        conn,
        result: result.clone().map(|j| j.side.map(Side::from)),
    };
    // The welcome is in `messages` already: the answer goes first, then it.
    if bus.send(&from, &answer).await.is_err() || result.is_err() {
        bus.unproxy(&from, conn);
        if let Ok(Joined { sub, .. }) = result {
            let _ = game
                .send(Command::Leave {
                    sub,
                    closed_tab: false,
                })
                .await;
        }
        return;
    }
    let sub = result.map(|j| j.sub).unwrap_or_default();
    let mut closed_tab = false;
    loop {
        tokio::select! {
            msg = messages.recv() => match msg {
                Some(msg) => {
                    if bus.send(&from, &Note::Deliver { conn, msg }).await.is_err() {
                        break;
                    }
                }
                None => {
                    let _ = bus.send(&from, &Note::Dropped { conn }).await;
                    break;
                }
            },
            note = notes.recv() => match note {
                Some(Note::Client { msg, rtt, .. }) => {
                    if game.send(Command::Client { sub, msg, rtt }).await.is_err() {
                        let _ = bus.send(&from, &Note::Dropped { conn }).await;
                        break;
                    }
                }
                Some(Note::Leave { closed_tab: closed, .. }) => {
                    closed_tab = closed;
                    break;
                }
                _ => break,
            },
        }
    }
    bus.unproxy(&from, conn);
    let _ = game.send(Command::Leave { sub, closed_tab }).await;
}
