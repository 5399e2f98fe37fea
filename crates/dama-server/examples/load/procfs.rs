//! What `/proc` says of a process (its memory and CPU time, its memory's peak in each phase
//! of the run) and of the machine (its CPU time and load averages).

use std::process::Command;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A process's memory and CPU time, from `/proc/PID/status` and `/proc/PID/stat`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProcSample {
    /// Resident memory now, in KiB.
    pub rss_kib: u64,
    /// The peak of resident memory (VmHWM), in KiB.
    pub peak_kib: u64,
    /// User and system CPU time so far.
    pub cpu: Duration,
    /// Time its threads spent ready to run but waiting for a core, so far (the threads alive
    /// now: `/proc/PID/task/*/schedstat`).
    pub waited: Duration,
}

/// `pid` (or `self`) as `/proc` shows it now; `None` if it cannot be read.
pub fn sample(pid: &str) -> Option<ProcSample> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ProcSample {
        rss_kib: kib("VmRSS:"),
        peak_kib: kib("VmHWM:"),
        cpu: Duration::from_secs_f64(ticks as f64 / clock_ticks() as f64),
        waited: run_queue_wait(pid),
    })
}

/// The time `pid`'s threads waited on a run queue: the second figure of each thread's
/// `schedstat`, in nanoseconds.
fn run_queue_wait(pid: &str) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Duration::ZERO;
    };
    let ns: u64 = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum();
    Duration::from_nanos(ns)
}

/// The machine's CPU time so far: busy and in all, across its cores (from `/proc/stat`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MachineSample {
    /// Time the cores spent working (not idle, not waiting for I/O).
    pub busy: Duration,
    /// Time of all the cores together.
    pub total: Duration,
}

/// The machine's CPU time now.
pub fn machine() -> Option<MachineSample> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let cpu: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    let total: u64 = cpu.iter().take(8).sum(); // user .. steal (guest time is in user)
    let idle = cpu.get(3)? + cpu.get(4)?;
    let secs = |t: u64| Duration::from_secs_f64(t as f64 / clock_ticks() as f64);
    Some(MachineSample {
        busy: secs(total - idle),
        total: secs(total),
    })
}

/// The machine's load averages, as `uptime` shows them.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// The kernel's clock ticks a second (`getconf CLK_TCK`; 100 on Linux).
fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse().ok())
            .unwrap_or(100)
    })
}

/// The run's phases, for the peaks of resident memory.
pub const PHASES: [&str; 3] = ["the ramp", "the steady state", "the drain and the check"];

/// The peak resident memory of a process in each phase of the run, sampled every 100 ms.
pub struct RssWatch {
    peaks: Arc<[AtomicU64; 3]>,
    phase: Arc<AtomicUsize>,
}

impl RssWatch {
    /// Starts sampling `pid` (on the current tokio runtime), in the first phase.
    pub fn start(pid: String) -> RssWatch {
        let peaks: Arc<[AtomicU64; 3]> = Arc::new(Default::default());
        let phase = Arc::new(AtomicUsize::new(0));
        let (p, f) = (peaks.clone(), phase.clone());
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(100));
            while let Some(s) = sample(&pid) {
                p[f.load(Ordering::Relaxed)].fetch_max(s.rss_kib, Ordering::Relaxed);
                every.tick().await;
            }
        });
        RssWatch { peaks, phase }
    }

    /// The next phase begins.
    pub fn next_phase(&self) {
        let n = self.phase.load(Ordering::Relaxed);
        self.phase
            .store((n + 1).min(PHASES.len() - 1), Ordering::Relaxed);
    }

    /// The peak of each phase so far, in MiB.
    pub fn peaks_mib(&self) -> [u64; 3] {
        std::array::from_fn(|i| self.peaks[i].load(Ordering::Relaxed) / 1024)
    }
}
