//! Reading a Hub session's answers in the Hub tests (the binary's and the library's): lines
//! up to the one awaited, with a guard against a hang, and a reply's arguments.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Lines from `rx` up to and including the first that satisfies `done`; panics after
/// `within`, or when the session's output is closed, with the lines seen so far.
pub fn until(
    rx: &Receiver<String>,
    within: Duration,
    mut done: impl FnMut(&str) -> bool,
) -> Vec<String> {
    let end = Instant::now() + within;
    let mut seen = Vec::new();
    loop {
        match rx.recv_timeout(end.saturating_duration_since(Instant::now())) {
            Ok(l) => {
                let stop = done(&l);
                seen.push(l);
                if stop {
                    return seen;
                }
            }
            Err(RecvTimeoutError::Timeout) => panic!("timed out; lines so far: {seen:#?}"),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the session closed its output; lines so far: {seen:#?}")
            }
        }
    }
}

/// The value of `name=` in a reply line, quoted or not.
pub fn arg(line: &str, name: &str) -> Option<String> {
    let key = format!("{name}=");
    let at = line.find(&key)? + key.len();
    let rest = &line[at..];
    Some(match rest.strip_prefix('"') {
        Some(q) => q[..q.find('"')?].to_string(),
        None => rest.split_whitespace().next().unwrap_or("").to_string(),
    })
}
