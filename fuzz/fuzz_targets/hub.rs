//! The Hub protocol's line handling, through the library (`dama_cli::hub::Hub`, the same code
//! `dama hub` runs; no source is copied): each input is a session of lines fed to a fresh
//! `Hub` as `Hub::serve` does (trimmed, invalid UTF-8 replaced), answering into a sink. A
//! session switches to Brazilian draughts as a GUI does (`set-param name=variant
//! value=brazilian`, as in the seed `seeds/hub/brazilian`), so positions and moves are read in
//! both numberings. `go` and `ponder-hit` are left out: they start timed searches on a thread,
//! which a fuzzer cannot run by the thousand. Nothing may panic.
#![no_main]
use dama_cli::hub::{Command, Hub, Setup};
use libfuzzer_sys::fuzz_target;

fn session(data: &[u8]) {
    let mut hub = Hub::new(Setup::default(), std::io::sink());
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

fuzz_target!(|data: &[u8]| {
    session(data);
});
