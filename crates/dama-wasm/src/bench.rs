//! Benchmarks callable from JavaScript, so the wasm build can be timed against native on the
//! same work (`scripts/bench-wasm.mjs`).

use crate::js_args::{Args, NumArg, StrArg};
use wasm_bindgen::prelude::*;

/// Perft of Italian draughts from a FEN: the number of leaves at `depth`, a whole number 0-14
/// (deeper would not finish); throws for a bad FEN or depth.
#[wasm_bindgen]
pub fn perft(fen: StrArg, depth: NumArg) -> Result<f64, JsValue> {
    let a = Args("perft");
    let (fen, depth) = (a.string("fen", &fen)?, a.number("depth", &depth)?);
    let pos = dama::Position::from_fen(dama::Variant::Italian, &fen)
        .map_err(|e| js_sys::Error::new(&e.to_string()))?;
    let depth = crate::bounded("the perft depth", depth, 0, 14)?;
    Ok(dama::perft(&pos, depth) as f64)
}

/// The core's search benchmark (`dama::engine::bench::search`): `{nodes, timeMs, checksum}`, with a
/// table of `tt_mb` megabytes (1-512; throws `RangeError` otherwise).
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(tt_mb: NumArg) -> Result<crate::wire::Js<crate::wire::BenchResult>, JsValue> {
    let tt_mb = Args("benchSearch").number("tt_mb", &tt_mb)?;
    let mb = crate::bounded("the table size in megabytes", tt_mb, 1, crate::MAX_TABLE_MB)?;
    let clock = || Box::new(crate::PerformanceClock) as Box<dyn dama::engine::Clock + Send>;
    let t = dama::engine::bench::search(&clock, mb as usize, None, &mut |_| {});
    Ok(crate::wire::to_js(&crate::wire::BenchResult {
        nodes: t.nodes as f64,
        time_ms: t.time_ms,
        checksum: format!("{:016x}", t.checksum),
    }))
}
