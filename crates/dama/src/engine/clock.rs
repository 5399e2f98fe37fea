//! Wall-clock time for the search, supplied by the host: the core has no platform
//! dependencies, so the browser passes `performance.now()` and native code uses [`StdClock`].

/// A source of milliseconds from an arbitrary origin, readable from any thread.
pub trait Clock: Send + Sync {
    /// Milliseconds since some fixed point; must not go backwards.
    fn now_ms(&self) -> f64;
}

/// A clock that never advances: searches limited by it stop only on depth or nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The standard library's monotonic clock (not on `wasm32-unknown-unknown`).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock(std::time::Instant);

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl StdClock {
    /// A clock starting now.
    pub fn new() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Default for StdClock {
    fn default() -> Self {
        StdClock::new()
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for StdClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
