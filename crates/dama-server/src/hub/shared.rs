//! The hub with a bus ([`crate::bus`]): a hello finds its game on whichever instance holds
//! it, a challenge kept in the bus is opened on any instance, the leases of this instance's
//! games are renewed (and the games stopped when they cannot be), and the games whose owner
//! died are taken over.

use super::{refuse, Entry, GameTx, Hub};
use crate::bus::{self, remote, Bus, BusError, Incoming, Note};
use crate::challenge::Challenge;
use crate::identity::Identity;
use crate::live::{Command, NOBODY};
use crate::protocol::{ListedGame, PlayerId, Refusal, RefusalCode, ServerMsg};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::{interval, timeout, Instant, MissedTickBehavior};

fn away(e: BusError) -> Refusal {
    refuse(
        RefusalCode::Unavailable,
        format!("the servers' bus is away ({e}): try again"),
    )
}

impl Hub {
    /// [`Hub::hello`] with a bus.
    pub(super) async fn hello_shared(
        self: &Arc<Self>,
        bus: &Arc<Bus>,
        id: &str,
        who: Option<&Identity>,
        name: Option<&str>,
    ) -> Result<Entry, Refusal> {
        let key = who.map(Identity::key);
        let player = key.as_deref().map_or(NOBODY, |k| self.player_id(k));
        // A game of this instance, or a challenge it started.
        let local = {
            let st = self.state();
            let game = st.started.get(id).map_or(id, String::as_str);
            st.games.get(game).map(|h| h.tx.clone())
        };
        if let Some(tx) = local {
            return Ok(Entry::Game(tx, player));
        }
        // A challenge opened (on any instance) leads to its game.
        let game = bus.started_game(id).await.map_err(away)?;
        let game = game.as_deref().unwrap_or(id);
        if let Some(owner) = bus.owner(game).await.map_err(away)? {
            return self.entry_at(bus, game, owner, key, player);
        }
        if let Some(c) = bus.challenge(game).await.map_err(away)? {
            return self.open_shared(bus, game, c, who, name).await;
        }
        // A game no instance holds (its owner died and no sweep took it yet): taken here.
        match self.store.load_game(game).await {
            Ok(g) if g.game.playing => {
                let owner = bus.claim(game).await.map_err(away)?;
                if owner == bus.me() {
                    self.resume_here(bus, &g).await?;
                }
                self.entry_at(bus, game, owner, key, player)
            }
            _ => Err(refuse(
                RefusalCode::NoGame,
                "no live game or challenge has this id",
            )),
        }
    }

    /// The entry to game `game` held by `owner`: its task's channel if that is this
    /// instance, else one to the owner.
    fn entry_at(
        &self,
        bus: &Arc<Bus>,
        game: &str,
        owner: String,
        key: Option<String>,
        player: PlayerId,
    ) -> Result<Entry, Refusal> {
        if owner == bus.me() {
            return self
                .game_tx(game)
                .map(|tx| Entry::Game(tx, player))
                .ok_or_else(|| refuse(RefusalCode::NoGame, "the game is no longer live"));
        }
        let tx = remote::forward(bus.clone(), game.to_owned(), owner, key);
        Ok(Entry::Game(tx, player))
    }

    /// A hello for challenge `id` kept in the bus: its sender waits for it here; anyone else
    /// takes it (once, whichever instance they are on) and starts the game here.
    async fn open_shared(
        self: &Arc<Self>,
        bus: &Arc<Bus>,
        id: &str,
        kept: bus::SharedChallenge,
        who: Option<&Identity>,
        name: Option<&str>,
    ) -> Result<Entry, Refusal> {
        let Some(who) = who else {
            return Err(refuse(
                RefusalCode::NotAPlayer,
                "this challenge has not started: open its link with cookies enabled",
            ));
        };
        let key = who.key();
        if key == kept.sender_key {
            let (tx, rx) = oneshot::channel();
            let mut st = self.state();
            st.shared_waiting
                .entry(id.to_owned())
                .or_default()
                .push((key, tx));
            return Ok(Entry::Waiting(rx));
        }
        if kept.rated && who.account().is_none() {
            return Err(refuse(
                RefusalCode::NotAPlayer,
                "a rated challenge is for players signed in",
            ));
        }
        let Some(kept) = bus.take_challenge(id).await.map_err(away)? else {
            // Someone else opened it a moment ago.
            return Err(refuse(
                RefusalCode::NoGame,
                "this challenge was just taken: it is someone else's game",
            ));
        };
        let challenge = Challenge::try_from(kept.clone())
            .map_err(|why| refuse(RefusalCode::NoGame, format!("a broken challenge: {why}")))?;
        match self.start(&challenge, who, name).await {
            Ok((handle, opener)) => {
                let game = handle.info.id.clone();
                self.state().started.insert(id.to_owned(), game.clone());
                if let Err(e) = bus.started(id, &game).await {
                    eprintln!("dama-server: challenge {id} became game {game}, not told: {e}");
                }
                Ok(Entry::Game(handle.tx, opener))
            }
            Err(refusal) => {
                let _ = bus.put_challenge(id, &kept).await; // back, for someone else
                Err(refusal)
            }
        }
    }

    /// Serves stored game `g` here (its lease is this instance's).
    async fn resume_here(
        self: &Arc<Self>,
        bus: &Arc<Bus>,
        g: &crate::store::StoredGame,
    ) -> Result<(), Refusal> {
        match crate::resume::resume_game(&self.store, self, g).await {
            Ok(_) => Ok(()),
            Err(e) => {
                let _ = bus.release(&g.game.id, false).await;
                Err(refuse(
                    RefusalCode::Unavailable,
                    format!("the game could not be loaded ({e}): try again"),
                ))
            }
        }
    }

    /// Challenge `challenge` became game `game` somewhere: its sender's pages waiting here
    /// go to it.
    fn challenge_started(&self, bus: &Arc<Bus>, challenge: &str, game: &str, by: &str) {
        let waiting = {
            let mut st = self.state();
            st.challenges.remove(challenge);
            st.shared_waiting.remove(challenge).unwrap_or_default()
        };
        if waiting.is_empty() {
            return;
        }
        let local = self.game_tx(game);
        for (key, tx) in waiting {
            let player = self.player_id(&key);
            // The instance that started the game holds its lease (taken before it said so);
            // should that change, the page is let go and comes back.
            let game_tx: GameTx = match &local {
                Some(t) => t.clone(),
                None => remote::forward(bus.clone(), game.to_owned(), by.to_owned(), Some(key)),
            };
            let _ = tx.send((game_tx, player));
        }
    }

    /// Serves the bus's notes to this instance: pages of other instances joining its games,
    /// and challenges started anywhere.
    pub async fn serve_bus(
        self: Arc<Self>,
        mut incoming: mpsc::Receiver<Incoming>,
        mut stop: watch::Receiver<bool>,
    ) {
        let Some(bus) = self.bus.clone() else {
            return;
        };
        let _ = bus.alive().await;
        self.read_listings(&bus).await;
        self.read_seeks(&bus).await;
        loop {
            let next = tokio::select! {
                _ = stop.changed() => return,
                next = incoming.recv() => next,
            };
            match next {
                None => return,
                Some(Incoming::Join { note, notes }) => {
                    let Note::Join {
                        game,
                        from,
                        conn,
                        key,
                        since,
                    } = note
                    else {
                        continue;
                    };
                    let player = key.as_deref().map_or(NOBODY, |k| self.player_id(k));
                    let tx = self.game_tx(&game);
                    let bus = bus.clone();
                    tokio::spawn(remote::proxy(bus, tx, (from, conn), player, since, notes));
                }
                Some(Incoming::SeekAdded(seek)) => self.seek_added(seek),
                Some(Incoming::SeekRemoved(ids)) => self.seeks_removed(ids),
                Some(Incoming::SeekMatched { seek, msg }) => self.seek_matched(&seek, msg),
                Some(Incoming::Listed(game)) => {
                    let mut st = self.state();
                    if !st.games.contains_key(&game.id) {
                        let news = ServerMsg::GameListed { game: game.clone() };
                        st.remote_listed.insert(game.id.clone(), game);
                        let _ = self.watch_news.send(news);
                    }
                }
                Some(Incoming::Unlisted(id)) => {
                    let mut st = self.state();
                    if st.remote_listed.remove(&id).is_some() {
                        let _ = self.watch_news.send(ServerMsg::GameUnlisted { id });
                    }
                }
                Some(Incoming::Started {
                    challenge,
                    game,
                    by,
                }) => {
                    self.challenge_started(&bus, &challenge, &game, &by);
                }
            }
        }
    }

    /// Renews the leases of this instance's games every second; a game whose lease another
    /// instance holds now is stopped, and all of them are when the leases could not be
    /// renewed for nearly their length (Redis away: another instance may take them soon).
    /// Then sweeps the live games for those without an owner and takes them over.
    pub async fn keep_leases(self: Arc<Self>, bus: Arc<Bus>, mut stop: watch::Receiver<bool>) {
        let mut tick = interval(bus::RENEW_EVERY);
        tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut renewed = Instant::now();
        let mut beats = 0u64;
        let margin = Duration::from_millis(bus::LEASE_MS) - bus::RENEW_EVERY;
        loop {
            tokio::select! {
                _ = stop.changed() => return,
                _ = tick.tick() => {}
            }
            let ids: Vec<String> = self.state().games.keys().cloned().collect();
            match timeout(bus::RENEW_EVERY / 2, bus.renew(&ids)).await {
                Ok(Ok(lost)) => {
                    renewed = Instant::now();
                    for id in lost {
                        eprintln!(
                            "dama-server: game {id}: another server holds it now: stopped here"
                        );
                        self.stop_game(&id);
                    }
                }
                _ if renewed.elapsed() >= margin && !ids.is_empty() => {
                    eprintln!("dama-server: the bus is away: this server's {} games stopped for another to take them", ids.len());
                    for id in &ids {
                        self.stop_game(id);
                    }
                }
                _ => {}
            }
            if !bus.is_up() {
                continue;
            }
            let _ = bus.alive().await;
            beats += 1;
            if beats.is_multiple_of(5) {
                self.prune_seeks(&bus).await;
            }
            if bus.came_back() {
                self.read_listings(&bus).await;
                self.read_seeks(&bus).await;
                // Redis may have come back empty: every unfinished game is listed again, for
                // the sweeps to find those whose owner stopped them meanwhile.
                match self.store.unfinished_ids().await {
                    Ok(ids) => {
                        if let Err(e) = bus.relist(&ids).await {
                            eprintln!("dama-server: the live games not listed again: {e}");
                        }
                    }
                    Err(e) => eprintln!("dama-server: the live games not listed again: {e}"),
                }
            }
            if let Ok(Ok(taken)) = timeout(bus::RENEW_EVERY, bus.sweep()).await {
                for id in taken {
                    self.take_over(&bus, &id).await;
                }
            }
        }
    }

    /// Takes game `id` over (its lease was just taken): resumed from the store, or its lease
    /// given back when it is over or the store cannot be read.
    async fn take_over(self: &Arc<Self>, bus: &Arc<Bus>, id: &str) {
        if self.game_tx(id).is_some() {
            return;
        }
        match self.store.load_game(id).await {
            Ok(g) if g.game.playing => {
                if self.resume_here(bus, &g).await.is_ok() {
                    eprintln!("dama-server: game {id} taken over");
                }
            }
            Ok(_) | Err(crate::store::StoreError::NoGame) => {
                let _ = bus.release(id, true).await;
            }
            Err(e) => {
                eprintln!("dama-server: game {id} not taken over: {e}");
                let _ = bus.release(id, false).await;
            }
        }
    }

    /// Reads the other instances' games being played (at the start, and when the bus comes
    /// back, having perhaps missed news): the watch lists are told what changed.
    async fn read_listings(&self, bus: &Arc<Bus>) {
        let Ok(all) = bus.listings().await else {
            return;
        };
        let mut st = self.state();
        let fresh: HashMap<String, ListedGame> = all
            .into_iter()
            .filter(|g| !st.games.contains_key(&g.id))
            .map(|g| (g.id.clone(), g))
            .collect();
        for id in st.remote_listed.keys() {
            if !fresh.contains_key(id) {
                let _ = self
                    .watch_news
                    .send(ServerMsg::GameUnlisted { id: id.clone() });
            }
        }
        for (id, g) in &fresh {
            if st.remote_listed.get(id) != Some(g) {
                let _ = self
                    .watch_news
                    .send(ServerMsg::GameListed { game: g.clone() });
            }
        }
        st.remote_listed = fresh;
    }

    /// Stops game `id`'s task here.
    fn stop_game(&self, id: &str) {
        if let Some(tx) = self.game_tx(id)
            && let Err(mpsc::error::TrySendError::Full(_)) = tx.try_send(Command::Stop)
        {
            tokio::spawn(async move { tx.send(Command::Stop).await });
        }
    }
}
