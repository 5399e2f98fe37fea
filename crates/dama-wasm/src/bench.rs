//! Benchmarks callable from JavaScript, so the wasm build can be timed against native on the
//! same work (`scripts/bench-wasm.mjs`).

use wasm_bindgen::prelude::*;

/// Perft from a FEN: the number of leaves at `depth`.
#[wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> Result<f64, JsValue> {
    let pos = dama::Position::from_fen(fen).map_err(|e| js_sys::Error::new(&e.to_string()))?;
    if depth > 14 {
        return Err(js_sys::Error::new("perft depth above 14 would not finish").into());
    }
    Ok(dama::perft(&pos, depth) as f64)
}

/// The core's search benchmark (`dama::bench::search`): `{nodes, timeMs, checksum}`.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(tt_mb: usize) -> JsValue {
    let clock = || Box::new(crate::PerformanceClock) as Box<dyn dama::clock::Clock + Send>;
    let t = dama::bench::search(&clock, tt_mb.clamp(1, 1024), None, &mut |_| {});
    let o = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&o, &k.into(), &v);
    };
    set("nodes", (t.nodes as f64).into());
    set("timeMs", t.time_ms.into());
    set("checksum", format!("{:016x}", t.checksum).into());
    o.into()
}
