//! The server's load benchmark (`make bench-server`; docs/SERVER.md, "Load benchmark"):
//! simulated players over WebSocket on the loopback against one `dama-server` process over a
//! temporary SQLite file. `--games` pairs of pages each play a live game (Italian and
//! Brazilian in turn, random legal moves chosen with the core, 3 h on each clock), a move
//! every `--period-ms` in each game with the games' moves spread evenly over the period,
//! every page pinging as the real page does; once every game has started, `--seconds` of
//! steady state are measured. Reported: each move's time from the mover's send to the
//! opponent's receipt of its relay (and to the mover's ack), moves a second, the server's
//! peak resident memory, the CPU the server, this generator and the whole machine used, the
//! client errors and refusals; then every game is read back through `GET /api/games/{id}`
//! and must hold exactly the moves its players played.
//!
//! Built only with the `bench` feature (so `cargo test` does not compile it):
//! `cargo run --release -p dama-server --features bench --example load -- --help`.

mod pair;
mod procfs;
mod redis;
mod server;
mod spread;
#[path = "../../tests/common/wire.rs"]
mod wire;

use clap::Parser;
use pair::{Plan, Record};
use procfs::ProcSample;
use server::ServerProcess;
use spread::Spread;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// Simulated players against one dama server: move relay times, memory, CPU, and every
/// stored game checked against what its players played.
#[derive(Parser)]
struct Options {
    /// Games played at once (two sockets each).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Seconds of steady state measured, once every game has started.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A move every this many milliseconds in each game.
    #[arg(long, default_value_t = 2000)]
    period_ms: u64,
    /// The server's binary (started over a temporary SQLite file).
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/dama-server"))]
    server: PathBuf,
    /// The folder the server's temporary SQLite file goes in (e.g. /dev/shm, a disk whose
    /// syncs cost nothing, to tell the disk's part of the times from the rest).
    #[arg(long, default_value_os_t = std::env::temp_dir())]
    dir: PathBuf,
    /// The server's database instead of a temporary SQLite file in --dir: a PostgreSQL URL
    /// (postgres://USER@HOST/DATABASE, an empty database).
    #[arg(long)]
    database: Option<String>,
    /// Use the server already listening here instead of starting one (it must allow
    /// 2 x games sockets from the loopback: --max-sockets-per-addr).
    #[arg(long)]
    connect: Option<SocketAddr>,
    /// With --connect: the server's process id, for its memory and CPU.
    #[arg(long)]
    pid: Option<u32>,
    /// Pairs setting up their first game at once (the ramp's width).
    #[arg(long, default_value_t = 16)]
    setups: usize,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Instances of the server started over the same database and a bus (Redis); the two
    /// pages of each game connect to two different instances.
    #[arg(long, default_value_t = 1)]
    instances: usize,
    /// The bus of the instances (redis://HOST:PORT); by default, with two instances or more,
    /// a redis-server of the benchmark's own on a free port.
    #[arg(long)]
    redis: Option<String>,
}

/// The goals.
const GOAL_P99: Duration = Duration::from_millis(50);
const GOAL_RSS_MIB: u64 = 300;

fn main() -> ExitCode {
    let options = Options::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(run(options))
}

/// The figures of a process or the machine at the start and the end of the steady state.
struct Window {
    start: Instant,
    /// Each instance's.
    servers: Vec<Option<ProcSample>>,
    /// The bus's (a redis-server the benchmark started).
    bus: Option<ProcSample>,
    generator: Option<ProcSample>,
    machine: Option<procfs::MachineSample>,
    load: String,
}

impl Window {
    fn now(pids: &[String], bus: Option<&str>) -> Window {
        Window {
            start: Instant::now(),
            servers: pids.iter().map(|p| procfs::sample(p)).collect(),
            bus: bus.and_then(procfs::sample),
            generator: procfs::sample("self"),
            machine: procfs::machine(),
            load: procfs::load_average(),
        }
    }
}

async fn run(o: Options) -> ExitCode {
    let dir = o.dir.join(format!("dama-load-{}", std::process::id()));
    let mut bus = None;
    let redis = match (&o.redis, o.instances) {
        (Some(url), _) => Some(url.clone()),
        (None, 0 | 1) => None,
        (None, _) => match redis::Redis::start() {
            Ok(r) => {
                let url = r.url();
                bus = Some(r);
                Some(url)
            }
            Err(e) => {
                eprintln!("load: cannot start redis-server: {e} (apt-get install redis-server, or --redis)");
                return ExitCode::FAILURE;
            }
        },
    };
    let mut processes = Vec::new();
    let (addrs, pids) = match o.connect {
        Some(addr) => (
            vec![addr],
            o.pid.map(|p| p.to_string()).into_iter().collect(),
        ),
        None => {
            let mut addrs = Vec::new();
            for k in 0..o.instances.max(1) {
                let extra: Vec<String> = match &redis {
                    Some(url) => vec![
                        "--redis".into(),
                        url.clone(),
                        "--instance".into(),
                        format!("i{k}"),
                    ],
                    None => Vec::new(),
                };
                match ServerProcess::start(
                    &o.server,
                    &dir,
                    2 * o.games + 64,
                    o.database.as_deref(),
                    &extra,
                ) {
                    Ok(p) => {
                        addrs.push(p.addr);
                        processes.push(p);
                    }
                    Err(e) => {
                        eprintln!(
                            "load: cannot start the server: {e} (cargo build --release -p dama-server)"
                        );
                        return ExitCode::FAILURE;
                    }
                }
            }
            let pids: Vec<String> = processes.iter().map(|p| p.pid().to_string()).collect();
            (addrs, pids)
        }
    };
    let addr = addrs[0];
    let pid = pids.first().map(String::as_str);
    let bus_pid = bus.as_ref().map(|b| b.pid().to_string());
    let rss = pid.map(|p| procfs::RssWatch::start(p.to_owned()));
    println!(
        "load: {} games ({} sockets) against {}, a move every {} ms in each, {} s of steady state; load average {}",
        o.games,
        2 * o.games,
        if addrs.len() > 1 {
            format!("{} instances on a bus, each game's players on two of them", addrs.len())
        } else {
            addr.to_string()
        },
        o.period_ms,
        o.seconds,
        procfs::load_average()
    );

    let plan = Arc::new(Plan {
        addrs: addrs.clone(),
        epoch: Instant::now(),
        period: Duration::from_millis(o.period_ms),
        pairs: o.games,
        setups: Semaphore::new(o.setups.max(1)),
        stop: Default::default(),
        seed: o.seed,
    });
    let (started, mut starts) = mpsc::channel(o.games.max(1));
    let pairs: Vec<_> = (0..o.games)
        .map(|i| tokio::spawn(pair::run(plan.clone(), i, started.clone())))
        .collect();
    drop(started);
    let mut n = 0;
    while n < o.games && starts.recv().await.is_some() {
        n += 1;
    }
    let ramp = plan.epoch.elapsed();
    println!(
        "load: {n} games started in {:.1} s; steady state for {} s",
        ramp.as_secs_f64(),
        o.seconds
    );
    let before = Window::now(&pids, bus_pid.as_deref());
    rss.iter().for_each(procfs::RssWatch::next_phase);
    tokio::time::sleep(Duration::from_secs(o.seconds)).await;
    let after = Window::now(&pids, bus_pid.as_deref());
    rss.iter().for_each(procfs::RssWatch::next_phase);
    plan.stop.store(true, Ordering::Relaxed);
    let mut records = Vec::with_capacity(pairs.len());
    for p in pairs {
        records.push(p.await.unwrap_or_else(|e| Record {
            error: Some(format!("the pair's task failed: {e}")),
            ..Record::default()
        }));
    }

    let steady = (before.start - plan.epoch)..(after.start - plan.epoch);
    let report = Report::of(&records, steady, after.start - before.start);
    report.print(&before, &after);
    let checked = check(addr, &records).await;
    let peaks: Vec<u64> = pids
        .iter()
        .filter_map(|p| procfs::sample(p))
        .map(|s| s.peak_kib / 1024)
        .collect();
    let peak = peaks.iter().copied().max();
    if peaks.len() > 1 {
        println!("servers' memory: peaks {peaks:?} MiB (VmHWM), one instance each");
    }
    if let (Some(peak), Some(rss)) = (peaks.first().copied(), &rss) {
        let phases: Vec<String> = procfs::PHASES
            .iter()
            .zip(rss.peaks_mib())
            .map(|(phase, mib)| format!("{mib} MiB in {phase}"))
            .collect();
        println!(
            "server memory: peak {peak} MiB (VmHWM); resident at most {}",
            phases.join(", ")
        );
    }
    if !processes.is_empty() {
        for p in processes {
            p.stop();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    drop(bus);
    let ok = checked && report.errors == 0;
    let goals = [
        (
            report.steady.as_ref().is_some_and(|s| s.p99 < GOAL_P99),
            "p99 relay under 50 ms",
        ),
        (
            peak.is_none_or(|p| p < GOAL_RSS_MIB),
            "server memory under 300 MB",
        ),
        (n == o.games, "every game started"),
        (ok, "every stored game as played, no client error"),
    ];
    for (met, goal) in goals {
        println!("goal {}: {goal}", if met { "met" } else { "MISSED" });
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The run's figures, from the pairs' records.
struct Report {
    /// The relay times of the moves sent in the steady state.
    steady: Option<Spread>,
    /// Their ack times.
    steady_acks: Option<Spread>,
    /// Moves a second in the steady state.
    rate: f64,
    /// The relay times of every move (the ramp and the drain too).
    all: Option<Spread>,
    late_ticks: u64,
    games: usize,
    errors: usize,
    error_kinds: BTreeMap<String, usize>,
    refusals: BTreeMap<String, usize>,
}

impl Report {
    fn of(records: &[Record], steady: std::ops::Range<Duration>, wall: Duration) -> Report {
        let moves = || records.iter().flat_map(|r| &r.moves);
        let in_steady = || moves().filter(|m| steady.contains(&m.sent));
        let mut error_kinds = BTreeMap::new();
        let mut refusals = BTreeMap::new();
        for r in records {
            if let Some(e) = &r.error {
                // Grouped by their words, the numbers left out.
                let kind: String = e.chars().filter(|c| !c.is_ascii_digit()).take(80).collect();
                *error_kinds.entry(kind).or_insert(0) += 1;
            }
            for code in &r.refusals {
                *refusals.entry(format!("{code:?}")).or_insert(0) += 1;
            }
        }
        Report {
            steady: Spread::of(in_steady().map(|m| m.relay).collect()),
            steady_acks: Spread::of(in_steady().map(|m| m.ack).collect()),
            rate: in_steady().count() as f64 / wall.as_secs_f64(),
            all: Spread::of(moves().map(|m| m.relay).collect()),
            late_ticks: records.iter().map(|r| r.late_ticks).sum(),
            games: records.iter().map(|r| r.games.len()).sum(),
            errors: records.iter().filter(|r| r.error.is_some()).count(),
            error_kinds,
            refusals,
        }
    }

    fn print(&self, before: &Window, after: &Window) {
        let wall = (after.start - before.start).as_secs_f64();
        let none = || "no moves".to_owned();
        let show = |s: &Option<Spread>| s.as_ref().map_or_else(none, |s| s.to_string());
        println!(
            "relay (mover's send to opponent's receipt), steady state: {}",
            show(&self.steady)
        );
        println!(
            "ack (mover's send to its ack), steady state: {}",
            show(&self.steady_acks)
        );
        println!(
            "relay, every move (ramp and drain too): {}",
            show(&self.all)
        );
        println!(
            "moves: {:.1} a second in the steady state; {} ticks found the previous move not yet through; {} games played",
            self.rate, self.late_ticks, self.games
        );
        // A process's CPU, and the time its threads were ready but waited for a core (a
        // busy machine's share of the relay times).
        let cpu = |a: Option<ProcSample>, b: Option<ProcSample>| match (a, b) {
            (Some(a), Some(b)) => format!(
                "{:.0}% (its threads waited {:.1} s for a core)",
                (b.cpu - a.cpu).as_secs_f64() / wall * 100.0,
                b.waited.saturating_sub(a.waited).as_secs_f64()
            ),
            _ => "?".into(),
        };
        let machine = match (before.machine, after.machine) {
            (Some(a), Some(b)) => {
                let cores = (b.total - a.total).as_secs_f64() / wall;
                let busy = (b.busy - a.busy).as_secs_f64() / wall * 100.0;
                format!("{busy:.0}% of {:.0}%", cores * 100.0)
            }
            _ => "?".into(),
        };
        let servers: Vec<String> = before
            .servers
            .iter()
            .zip(&after.servers)
            .map(|(a, b)| cpu(*a, *b))
            .collect();
        let bus = match (before.bus, after.bus) {
            (Some(a), Some(b)) => format!(", bus (redis-server) {}", cpu(Some(a), Some(b))),
            _ => String::new(),
        };
        println!(
            "CPU in the steady state (100% = one core): server {}{bus}, generator {}, whole machine {machine}; load average {} before, {} after",
            servers.join(" + "),
            cpu(before.generator, after.generator),
            before.load,
            after.load
        );
        println!("pairs stopped by an error: {}", self.errors);
        for (kind, n) in &self.error_kinds {
            println!("  {n} x {kind}");
        }
        if !self.refusals.is_empty() {
            println!("refusals: {:?}", self.refusals);
        }
    }
}

/// Reads every game back from the server and compares its moves with what its players
/// played: the moves acknowledged to the movers, in order, each relayed to the opponent, no
/// move lost or doubled. Prints the verdict; `true` when all agree.
async fn check(addr: SocketAddr, records: &[Record]) -> bool {
    let games: Vec<_> = records
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| !g.id.is_empty())
        .map(|g| {
            (
                g.id.clone(),
                g.acked.clone(),
                g.relayed.clone(),
                g.unresolved,
            )
        })
        .collect();
    let reads = Arc::new(Semaphore::new(8));
    let mut set = JoinSet::new();
    for (id, acked, relayed, unresolved) in games {
        let reads = reads.clone();
        set.spawn(async move {
            let _permit = reads.acquire().await;
            let path = format!("/api/games/{id}");
            let stored = wire::request(addr, wire::HttpRequest::get(&path))
                .await
                .and_then(|a| {
                    serde_json::from_str::<serde_json::Value>(&a.body).map_err(|e| e.to_string())
                })
                .map(|v| {
                    v["moves"]
                        .as_array()
                        .map(|ms| {
                            ms.iter()
                                .filter_map(|m| m["text"].as_str().map(str::to_owned))
                                .collect::<Vec<_>>()
                        })
                        .unwrap_or_default()
                });
            match stored {
                Err(e) => Err(format!("{id}: {e}")),
                Ok(_) if unresolved => Err(format!("{id}: a move was still in flight at the end")),
                Ok(_) if acked != relayed => Err(format!(
                    "{id}: {} moves acknowledged, {} relayed",
                    acked.len(),
                    relayed.len()
                )),
                Ok(s) if s != acked => Err(format!(
                    "{id}: {} moves stored, {} played (first difference at ply {})",
                    s.len(),
                    acked.len(),
                    s.iter().zip(&acked).take_while(|(a, b)| a == b).count() + 1
                )),
                Ok(s) => Ok(s.len()),
            }
        });
    }
    let (mut good, mut moves, mut bad) = (0, 0, Vec::new());
    while let Some(r) = set.join_next().await {
        match r.unwrap_or_else(|e| Err(e.to_string())) {
            Ok(n) => {
                good += 1;
                moves += n;
            }
            Err(e) => bad.push(e),
        }
    }
    println!(
        "store: {} games checked through GET /api/games/{{id}}: {good} hold exactly the {moves} moves played, {} differ",
        good + bad.len(),
        bad.len()
    );
    for e in bad.iter().take(10) {
        println!("  {e}");
    }
    bad.is_empty()
}
