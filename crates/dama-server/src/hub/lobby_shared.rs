//! The lobby with a bus: every instance lists every instance's seeks (kept in Redis, news on
//! the bus), and a seek that fits one waiting on any instance is matched once: the waiting
//! seek is taken in Redis first (of two instances taking it at once, one gets it), then the
//! game is made here and the seek's own instance tells its connection.

use super::{refuse, Hub};
use crate::bus::{Bus, SharedSeek};
use crate::lobby::{Posted, Seek};
use crate::protocol::{Refusal, RefusalCode, ServerMsg};
use crate::store::now_ms;
use std::sync::Arc;

/// Seeks taken by other instances first, before this one lists its seek instead.
const TRIES: usize = 3;

impl Hub {
    /// [`Hub::seek`] with a bus.
    pub(super) async fn post_shared(
        self: &Arc<Self>,
        bus: &Arc<Bus>,
        seek: Seek,
    ) -> Result<Posted, Refusal> {
        let away = |e| {
            refuse(
                RefusalCode::Unavailable,
                format!("the servers' bus is away ({e}): try again"),
            )
        };
        for _ in 0..TRIES {
            let found = {
                let mut st = self.state();
                st.lobby.check(&seek, now_ms() as u64)?;
                st.lobby.find(&seek)
            };
            let Some(waiting) = found else {
                break;
            };
            let taken = bus.take_seek(&waiting.id).await.map_err(away)?;
            let gone = {
                let mut st = self.state();
                st.lobby.remove(&waiting.id);
                let mut gone = vec![waiting.id.clone()];
                if taken {
                    gone.extend(st.lobby.remove_local_of(&waiting.key));
                    gone.extend(st.lobby.remove_local_of(&seek.key));
                }
                self.seeks_gone(&gone);
                gone
            };
            if !taken {
                continue; // another instance matched it a moment ago
            }
            let ours: Vec<String> = gone.into_iter().skip(1).collect();
            if let Err(e) = bus.drop_seeks(&ours).await {
                eprintln!("dama-server: seeks {ours:?} not taken off the other lobbies: {e}");
            }
            let msg = self.start_match(&waiting, &seek).await;
            if let Some(home) = &waiting.home {
                let note = crate::bus::Note::SeekMatched {
                    seek: waiting.id.clone(),
                    msg,
                };
                if let Err(e) = bus.send(home, &note).await {
                    eprintln!("dama-server: seek {} matched, not told: {e}", waiting.id);
                }
            } else {
                // Ours: the other lobbies drop it too.
                let _ = bus.drop_seeks(std::slice::from_ref(&waiting.id)).await;
            }
            return Ok(Posted::Matched(Box::new((waiting, seek))));
        }
        let shared = SharedSeek::of(&seek, bus.me());
        let info = {
            let mut st = self.state();
            let info = st.lobby.list(seek);
            let _ = self
                .lobby_news
                .send(ServerMsg::SeekAdded { seek: info.clone() });
            info
        };
        if let Err(e) = bus.put_seek(&shared).await {
            let mut st = self.state();
            st.lobby.remove(&shared.id);
            self.seeks_gone([&shared.id]);
            return Err(away(e));
        }
        Ok(Posted::Listed(info))
    }

    /// Seeks `ids` of this instance went: the other instances are told (with a bus).
    pub(super) fn unshare_seeks(&self, ids: Vec<String>) {
        if let (Some(bus), false) = (self.bus.clone(), ids.is_empty()) {
            tokio::spawn(async move { bus.drop_seeks(&ids).await });
        }
    }

    /// Another instance listed seek `seek`.
    pub(super) fn seek_added(&self, seek: SharedSeek) {
        let Some(seek) = seek.seek() else {
            return;
        };
        let mut st = self.state();
        if st.lobby.find_id(&seek.id) {
            return;
        }
        let info = st.lobby.list(seek);
        let _ = self.lobby_news.send(ServerMsg::SeekAdded { seek: info });
    }

    /// Another instance's seeks `ids` went.
    pub(super) fn seeks_removed(&self, ids: Vec<String>) {
        let mut st = self.state();
        let gone: Vec<String> = ids
            .into_iter()
            .filter(|id| st.lobby.remove(id).is_some())
            .collect();
        self.seeks_gone(&gone);
    }

    /// Another instance matched this instance's seek `id`: its connection is told `msg`, and
    /// the seeker's other seeks go.
    pub(super) fn seek_matched(&self, id: &str, msg: ServerMsg) {
        let gone = {
            let mut st = self.state();
            let Some(seek) = st.lobby.remove(id) else {
                return;
            };
            let _ = seek.notify.try_send(msg);
            let mut gone = vec![id.to_owned()];
            gone.extend(st.lobby.remove_local_of(&seek.key));
            self.seeks_gone(&gone);
            gone
        };
        self.unshare_seeks(gone);
    }

    /// Reads every instance's seeks (at the start, and when the bus comes back), and drops
    /// those of instances that died: the lobby lists are told what changed.
    pub(super) async fn read_seeks(&self, bus: &Arc<Bus>) {
        let Ok(all) = bus.seeks().await else {
            return;
        };
        let mut homes: Vec<String> = all.iter().map(|s| s.by.clone()).collect();
        homes.sort_unstable();
        homes.dedup();
        homes.retain(|h| h != bus.me());
        let alive = bus.alive_of(&homes).await.unwrap_or_default();
        let dead: Vec<&String> = homes
            .iter()
            .zip(alive.iter().chain(std::iter::repeat(&true)))
            .filter_map(|(h, a)| (!a).then_some(h))
            .collect();
        let (stale, live): (Vec<SharedSeek>, Vec<SharedSeek>) = all
            .into_iter()
            .filter(|s| s.by != bus.me())
            .partition(|s| dead.contains(&&s.by));
        let stale: Vec<String> = stale.into_iter().map(|s| s.id).collect();
        let _ = bus.forget_seeks(&stale).await;
        let remote: Vec<Seek> = live.into_iter().filter_map(SharedSeek::seek).collect();
        let mut st = self.state();
        let (gone, came) = st.lobby.replace_remote(remote);
        self.seeks_gone(&gone);
        for seek in came {
            let _ = self.lobby_news.send(ServerMsg::SeekAdded { seek });
        }
    }

    /// Drops the seeks of the other instances that died (their connections died with them).
    pub(super) async fn prune_seeks(&self, bus: &Arc<Bus>) {
        let homes = self.state().lobby.homes();
        let Ok(alive) = bus.alive_of(&homes).await else {
            return;
        };
        for (home, alive) in homes.iter().zip(alive) {
            if alive {
                continue;
            }
            let gone = {
                let mut st = self.state();
                let gone = st.lobby.drop_home(home);
                self.seeks_gone(&gone);
                gone
            };
            let _ = bus.forget_seeks(&gone).await;
        }
    }
}
