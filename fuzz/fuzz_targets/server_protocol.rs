//! The server's reading of a page's WebSocket message (`dama_server::protocol::parse`, the
//! function every text frame goes through before anything else reads it): a stranger's bytes,
//! so nothing may panic, and a message accepted must be one the server writes back and reads
//! again as the same message, within the same bounds.
#![no_main]
use dama_server::protocol::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(msg) = parse(&text) {
        let written = serde_json::to_string(&msg).expect("an accepted message writes back");
        let again = parse(&written).expect("a message written back is read again");
        assert_eq!(msg, again);
    }
});
