//! Attempts counted per key within a window: at most `limit` in `window`, then refused until the
//! window that began with the first of them ends. For sign-in (per name and per address) and
//! account creation (per address): a password guessed by brute force, or a flood of argon2
//! hashes, stops at the limit. Kept in memory (a restart forgets them, as it forgets the lobby),
//! with a bounded number of keys.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most keys kept: past it, the keys whose window has ended go first, then the oldest.
const KEYS_MAX: usize = 100_000;

/// Attempts per key in a window.
pub struct Throttle {
    limit: u32,
    window: Duration,
    keys: Mutex<HashMap<String, (Instant, u32)>>,
}

impl Throttle {
    /// At most `limit` attempts per key in `window` (a limit of 0 refuses nothing).
    pub fn new(limit: u32, window: Duration) -> Throttle {
        Throttle {
            limit,
            window,
            keys: Mutex::new(HashMap::new()),
        }
    }

    /// Counts an attempt of `key` now and lets it through (`Ok`), or refuses it, counting
    /// nothing, with how long until it may try again. One lock for both, so that attempts sent
    /// at once cannot all pass the check before any is counted.
    pub fn hit(&self, key: &str, now: Instant) -> Result<(), Duration> {
        if self.limit == 0 {
            return Ok(());
        }
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(start, n)) = keys.get(key)
            && n >= self.limit
            && now < start + self.window
        {
            return Err(start + self.window - now);
        }
        if keys.len() >= KEYS_MAX && !keys.contains_key(key) {
            let window = self.window;
            keys.retain(|_, &mut (start, _)| now < start + window);
            if keys.len() >= KEYS_MAX {
                let oldest = keys.iter().min_by_key(|(_, v)| v.0).map(|(k, _)| k.clone());
                if let Some(oldest) = oldest {
                    keys.remove(&oldest);
                }
            }
        }
        let entry = keys.entry(key.to_string()).or_insert((now, 0));
        if now >= entry.0 + self.window {
            *entry = (now, 0);
        }
        entry.1 += 1;
        Ok(())
    }

    /// Forgets `key`'s attempts (a name signed in with the right password starts afresh).
    pub fn clear(&self, key: &str) {
        self.keys
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(key);
    }

    /// How many keys are kept (what the bound holds).
    pub fn keys(&self) -> usize {
        self.keys.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// A wait said as players read it: whole minutes, at least one.
pub fn minutes(wait: Duration) -> u64 {
    wait.as_secs().div_ceil(60).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Duration = Duration::from_secs(60);

    #[test]
    fn the_limit_holds_within_the_window_and_lifts_after() {
        let t = Throttle::new(3, 15 * MIN);
        let t0 = Instant::now();
        for i in 0..3 {
            assert_eq!(t.hit("anna", t0 + i * MIN), Ok(()));
        }
        assert_eq!(t.hit("anna", t0 + 3 * MIN), Err(12 * MIN));
        assert_eq!(
            t.hit("anna", t0 + 4 * MIN),
            Err(11 * MIN),
            "a refusal counts nothing"
        );
        assert_eq!(t.hit("bruno", t0 + 3 * MIN), Ok(()), "another key is free");
        assert_eq!(t.hit("anna", t0 + 15 * MIN), Ok(()), "a new window");
        assert_eq!(t.hit("anna", t0 + 16 * MIN), Ok(()));
        t.clear("anna");
        assert_eq!(t.keys(), 1);
        assert_eq!(minutes(Duration::from_secs(1)), 1);
        assert_eq!(minutes(12 * MIN + Duration::from_secs(1)), 13);
    }

    #[test]
    fn keys_are_bounded() {
        let t = Throttle::new(1, MIN);
        let t0 = Instant::now();
        for i in 0..KEYS_MAX as u32 + 10 {
            let _ = t.hit(&i.to_string(), t0 + Duration::from_nanos(u64::from(i)));
        }
        assert_eq!(t.keys(), KEYS_MAX);
        assert!(t.hit("0", t0).is_ok(), "the oldest key went first");
        let last = (KEYS_MAX as u32 + 9).to_string();
        assert!(t.hit(&last, t0 + MIN / 2).is_err());
    }

    #[test]
    fn a_limit_of_zero_refuses_nothing() {
        let t = Throttle::new(0, MIN);
        let t0 = Instant::now();
        for _ in 0..10 {
            assert!(t.hit("x", t0).is_ok());
        }
    }
}
