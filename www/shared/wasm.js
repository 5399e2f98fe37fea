// @ts-check
// Loads the wasm core (built by `make build` into ./pkg, twice):
//   - the rules (pkg/dama_rules*: games, moves, PDN), for the pages and the PDN reader: small,
//     it is all a page needs to be playable;
//   - the engine (pkg/dama_wasm*: the rules and the search), for the engine workers only;
//   - the same engine built with shared memory (pkg/dama_threads*), which searches on several
//     threads: fetched instead of the engine only where threads can run (engine/threads.js),
//     so a browser without them downloads nothing more.
// Each is downloaded once per page, whatever the server says of caching: the page compiles the
// rules and hands the compiled module to the PDN reader; it fetches the engine's bytes once and
// hands each engine worker a copy (sendEngine), which the worker compiles itself. (A module
// compiled by the page and shared with a worker made the page's own thread do some of the
// engine's optimising compilation: tasks of 60-140 ms on it while the engine ran.) A dynamic
// import lets the page show a clear message instead of a blank screen when the build is missing.

/** @import { DamaRules, DamaWasm } from './wasm-types.js' */
/** @typedef {'rules' | 'engine' | 'threads'} Build */
/** Each build's glue module, instantiated. @typedef {{ rules: DamaRules, engine: DamaWasm, threads: DamaWasm }} Glues */

// The glues' types are ./wasm-types.ts (their generated .d.ts); the specifiers are variables,
// so the type check takes the modules' types from there rather than from these paths.
const BUILDS = {
  rules: { glue: '../pkg/dama_rules.js', wasm: '../pkg/dama_rules_bg.wasm' },
  engine: { glue: '../pkg/dama_wasm.js', wasm: '../pkg/dama_wasm_bg.wasm' },
  threads: { glue: '../pkg/dama_threads.js', wasm: '../pkg/dama_threads_bg.wasm' },
};

// The engine's builds use wasm's SIMD (the network's second layer, crates/dama/src/engine/eval/
// simd.rs), which every browser since 2023 has; the rules' build does not. A browser without
// it keeps everything but the computer (two players, the library, the rules) and downloads no
// engine; each engine request is answered with ENGINE_NEEDS.
// The smallest module that uses SIMD: one function returning i32x4.splat(0).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: () -> v128
  0x03, 0x02, 0x01, 0x00, // function section: one function of that type
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x11, 0x0b, // code: i32.const 0, i32x4.splat, end
]);
/** Why a browser without SIMD has no computer player. */
export const ENGINE_NEEDS = 'the computer player needs a browser with WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)';
/** The answer of engineSupported, once asked (it cannot change while the page lives). @type {boolean | null} */
let supported = null;
/** Whether this browser can run the engine's builds. @returns {boolean} */
export function engineSupported() {
  if (supported === null) {
    try {
      supported = WebAssembly.validate(SIMD_PROBE);
    } catch {
      supported = false;
    }
  }
  return supported;
}

/** @type {Map<Build, Promise<WebAssembly.Module>>} */
const modules = new Map();
/** The engine's bytes, by build (the page fetches one of the two). @type {Map<Build, Promise<ArrayBuffer>>} */
const engineBytes = new Map();
/** @type {Map<Build, Promise<Glues[Build]>>} */
const instances = new Map();

/**
 * The compiled module of a build, fetched and compiled once in this realm.
 * @param {Build} build
 * @returns {Promise<WebAssembly.Module>}
 */
export function compiled(build) {
  let p = modules.get(build);
  if (!p) {
    p = compile(new URL(BUILDS[build].wasm, import.meta.url));
    modules.set(build, p);
    p.catch(() => modules.delete(build)); // tried again by the next caller
  }
  return p;
}

/** @param {URL} url @returns {Promise<Response>} rejects for an HTTP error */
async function fetchOk(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url.pathname}: HTTP ${res.status}`);
  return res;
}

/** @param {URL} url @returns {Promise<WebAssembly.Module>} */
async function compile(url) {
  const res = await fetchOk(url);
  // Compiled as it downloads when served as wasm; from the bytes when a host says otherwise.
  if (res.headers.get('content-type')?.startsWith('application/wasm')) return WebAssembly.compileStreaming(res);
  return WebAssembly.compile(await res.arrayBuffer());
}

/**
 * @template {Build} B
 * @param {B} build
 * @param {WebAssembly.Module | ArrayBuffer | null} [module] compiled already or its bytes (a
 *   worker's, sent by its page)
 * @returns {Promise<Glues[B]>}
 */
function instantiate(build, module) {
  let p = /** @type {Promise<Glues[B]> | undefined} */ (instances.get(build));
  if (!p) {
    p = import(BUILDS[build].glue).then(async (/** @type {Glues[B]} */ mod) => {
      await mod.default({ module_or_path: module ?? (await compiled(build)) });
      return mod;
    });
    instances.set(build, p);
    p.catch(() => instances.delete(build));
  }
  return p;
}

/**
 * The rules, for a page or the PDN reader.
 * @param {WebAssembly.Module | null} [module] the page's compiled rules (a worker's)
 * @returns {Promise<DamaRules>}
 */
export const loadWasm = (module) => instantiate('rules', module);

/**
 * The engine, for an engine worker.
 * @param {ArrayBuffer | null} [module] the engine's bytes as the page fetched them (sendEngine);
 *   without them, the worker downloads its own
 * @returns {Promise<DamaWasm>}
 */
export const loadEngine = (module) => instantiate('engine', module);

/**
 * The threaded engine, for an engine worker: its glue, instantiated on a fresh shared memory
 * (the glue's own), and its compiled module, which the helper workers instantiate on the same
 * memory (engine/threads.js). Rejects where shared memory cannot be had (a device short of
 * memory), and then nothing is left half made.
 * @param {ArrayBuffer | null} [bytes] its bytes as the page fetched them; without them, the
 *   worker downloads its own
 * @returns {Promise<{ wasm: DamaWasm, module: WebAssembly.Module, memory: WebAssembly.Memory }>}
 */
export async function loadThreadedEngine(bytes) {
  const module = bytes ? await WebAssembly.compile(bytes) : await compile(new URL(BUILDS.threads.wasm, import.meta.url));
  const wasm = await import(BUILDS.threads.glue);
  const exports = await wasm.default({ module_or_path: module });
  return { wasm, module, memory: exports.memory };
}

/**
 * The bytes of an engine build, fetched once for the page (a failed fetch is tried again by
 * the next caller). The first download waits a task, so that the page's start-up, which makes
 * its workers, is over first: the board is playable without the engine.
 * @param {Build} build
 * @returns {Promise<ArrayBuffer>}
 */
function bytesOf(build) {
  let bytes = engineBytes.get(build);
  if (!bytes) {
    const p = new Promise((resolve) => setTimeout(resolve))
      .then(() => fetchOk(new URL(BUILDS[build].wasm, import.meta.url)))
      .then((res) => res.arrayBuffer());
    p.catch(() => engineBytes.delete(build));
    engineBytes.set(build, p);
    bytes = p;
  }
  return bytes;
}

/**
 * Whether the threaded build can be had now: online, or offline with it in a cache (the service
 * worker caches it when it is first fetched). Offline without it, the page does not ask for it.
 * @returns {Promise<boolean>}
 */
async function threadedReachable() {
  if (globalThis.navigator?.onLine !== false) return true;
  try {
    return !!(await caches.match(new URL(BUILDS.threads.wasm, import.meta.url).href));
  } catch {
    return false;
  }
}

/**
 * Sends a new engine worker the engine's bytes, fetched once for the page, as `{type: 'wasm',
 * bytes, threads}` (engine/data.js waits for it): the threaded build's when `threads` > 1 and
 * it can be had, else the single-threaded engine's with `threads` 1. A page that cannot fetch
 * either sends null, and the worker tries on its own (and reports why it fails).
 * @param {Worker} worker
 * @param {number} threads the threads the worker's engine is to search on (1: no helpers)
 */
export function sendEngine(worker, threads) {
  const post = (/** @type {ArrayBuffer | null} */ bytes, /** @type {number} */ n) =>
    worker.postMessage({ type: 'wasm', bytes, threads: n }, bytes ? [bytes] : []);
  // Each worker its own copy, handed over (transferred), the page's kept for the next.
  const single = () => bytesOf('engine').then((b) => post(b.slice(0), 1), () => post(null, 1));
  if (!engineSupported()) {
    post(null, 1); // the worker says why it has no engine, and nothing is downloaded
    return;
  }
  if (threads <= 1) {
    single();
    return;
  }
  threadedReachable()
    .then((ok) => (ok ? bytesOf('threads') : Promise.reject(new Error('offline'))))
    .then((b) => post(b.slice(0), threads), single);
}
