//! The Hub protocol's line handling (crates/dama-cli/src/hub.rs, included by build.rs since
//! the CLI has no library): each input is a session of lines fed to a fresh `Hub` as `run`
//! does (trimmed, invalid UTF-8 replaced). `go` and `ponder-hit` are left out: they start
//! timed searches on a thread, which a fuzzer cannot run by the thousand. Nothing may panic.
//! Run with -close_fd_mask=1: the hub answers on stdout.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, unused_imports, clippy::all)]
mod hub {
    include!(concat!(env!("OUT_DIR"), "/hub.rs"));

    pub fn session(data: &[u8]) {
        let mut hub = Hub::new();
        for raw in data.split(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(raw);
            let line = line.trim();
            if let Some((name, _)) = Command::split(line) {
                if name == "go" || name == "ponder-hit" {
                    continue;
                }
            }
            if !hub.handle(line) {
                break;
            }
        }
        hub.stop_search();
    }
}

fuzz_target!(|data: &[u8]| {
    hub::session(data);
});
