// @ts-check
// Calls every export of the wasm core's glue (www/pkg, `make build`) with argument lists drawn
// from every JS type, and checks that each call returns or throws an Error, never traps (a
// WebAssembly.RuntimeError kills the page's engine until a reload), and that the instance is
// still alive afterwards: a fresh Game still plays a move. The exports are found by reflection
// (functions, constructors, static and instance methods), so a new one is fuzzed without being
// listed here.
//
//   node scripts/fuzz-wasm.mjs [--seconds 60] [--iterations N] [--seed S] [--pkg DIR] [--verbose]
//
// --pkg fuzzes another build of the glue and wasm (a copy of www/pkg, to compare builds).
//
// Each instance is fuzzed in a worker thread, dropped with the memory the instance grew when it
// fails (the failure is reported, and a new instance goes on) or after RENEW_AFTER of
// wasm-bindgen's own refusals, which leak a little of its stack (GLUE_REFUSAL below).
//
// Prints the calls made, the throws by type and each distinct failure (the export and its
// arguments, to replay by hand); exits 1 if there was any. `make fuzz` runs it after the
// cargo-fuzz targets; tests/unit/wasm-types.test.mjs uses its exports for the quick
// deterministic version that `make test` runs.

import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, types } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** @import { DamaWasm } from '../www/shared/wasm-types.js' */

/** @typedef {(...args: unknown[]) => unknown} AnyFn */
/** @typedef {new (...args: unknown[]) => object} AnyClass */
/**
 * One way into the wasm: `Game.fromFen` (static), `Game#play` (on an instance), `new Game`
 * (constructor), `perft` (function).
 * @typedef {{ name: string, kind: 'function' | 'static' | 'method' | 'constructor', fn: AnyFn, cls?: AnyClass, arity: number }} Callable
 */
/** A value to call with, and how to name it in a report. @typedef {{ label: string, value: unknown }} Sample */

const PKG = new URL('../www/pkg/', import.meta.url);
/** The glue's loaders, not bindings. */
const LOADERS = new Set(['default', 'initSync']);
/** The objects every wasm-bindgen class has that are no binding of ours. */
const INTERNAL = /^__|^constructor$/;

export const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
export const PDN = '[Event "fuzz"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. 22-18 10-14 {a comment} 2. 23-19 *\n';

let loads = 0;
/** The compiled wasm of each package folder: compiled once, instantiated at each load. */
const compiled = new Map();

/**
 * A fresh instance of the glue and its wasm: each load imports the glue under another URL, so
 * that one killed by a trap is replaced rather than reused.
 * @param {URL} [pkg] the folder of dama_wasm.js and dama_wasm_bg.wasm
 * @returns {Promise<DamaWasm>}
 */
export async function loadWasm(pkg = PKG) {
  loads += 1;
  const glue = new URL(`dama_wasm.js?instance=${loads}`, pkg);
  /** @type {DamaWasm} */
  const mod = await import(glue.href);
  if (!compiled.has(pkg.href)) {
    compiled.set(pkg.href, await WebAssembly.compile(await readFile(fileURLToPath(new URL('dama_wasm_bg.wasm', pkg)))));
  }
  await mod.default({ module_or_path: compiled.get(pkg.href) });
  return mod;
}

/** @param {unknown} f @returns {f is AnyClass} */
function isClass(f) {
  return typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));
}

/**
 * Every binding of the module: its functions, and each class's constructor, static and instance
 * methods (`free` included).
 * @param {object} mod
 * @returns {Callable[]}
 */
export function callables(mod) {
  /** @type {Callable[]} */
  const out = [];
  for (const [name, value] of Object.entries(mod)) {
    if (LOADERS.has(name) || typeof value !== 'function') continue;
    const f = /** @type {AnyFn} */ (value);
    if (!isClass(value)) {
      out.push({ name, kind: 'function', fn: f, arity: f.length });
      continue;
    }
    out.push({ name: `new ${name}`, kind: 'constructor', fn: f, cls: value, arity: f.length });
    for (const key of Object.getOwnPropertyNames(value)) {
      const m = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (value))[key];
      if (INTERNAL.test(key) || typeof m !== 'function') continue;
      const fm = /** @type {AnyFn} */ (m);
      out.push({ name: `${name}.${key}`, kind: 'static', fn: fm, cls: value, arity: fm.length });
    }
    for (const key of Object.getOwnPropertyNames(value.prototype)) {
      const m = Object.getOwnPropertyDescriptor(value.prototype, key)?.value;
      if (INTERNAL.test(key) || typeof m !== 'function') continue;
      out.push({ name: `${name}#${key}`, kind: 'method', fn: m, cls: value, arity: m.length });
    }
  }
  return out;
}

/**
 * Calls `c` on `self` (an instance, for a method) with `args`.
 * @param {Callable} c @param {unknown[]} args @param {object} [self]
 * @returns {unknown}
 */
export function invoke(c, args, self) {
  if (c.kind === 'constructor') return Reflect.construct(c.fn, args);
  return Reflect.apply(c.fn, c.kind === 'method' ? self : undefined, args);
}

/**
 * The module's classes by name.
 * @param {object} mod
 * @returns {Map<string, AnyClass>}
 */
export function classes(mod) {
  return new Map(/** @type {[string, AnyClass][]} */ (Object.entries(mod).filter(([, v]) => isClass(v))));
}

/**
 * One value of every JS type but the module's classes, labelled by type: what the quick test
 * (tests/unit/wasm-types.test.mjs) gives each argument.
 * @returns {Sample[]}
 */
export function typeSamples() {
  return [
    { label: 'undefined', value: undefined },
    { label: 'null', value: null },
    { label: 'boolean', value: true },
    // Out of every number argument's range but whyIllegal's, moveBudget's and scoreResult's:
    // quick to refuse, where 1 would run benchSearch for seconds.
    { label: 'number', value: -1 },
    { label: 'NaN', value: NaN },
    { label: 'bigint', value: 1n },
    { label: 'string', value: '22-18' },
    { label: 'symbol', value: Symbol('fuzz') },
    { label: 'object', value: {} },
    { label: 'array', value: [] },
    { label: 'function', value: () => 0 },
    { label: 'Int8Array', value: new Int8Array(32) },
    { label: 'Uint8Array', value: new Uint8Array(4) },
    { label: 'String object', value: new String('22-18') },
  ];
}

const TWO_32 = 2 ** 32;

/**
 * The values of the long fuzz run: every JS type, at its limits and in the shapes the bindings
 * read (FENs, moves, PDN, game names, cells, bytes, tags), plus hostile objects: proxies that
 * throw from every trap, a revoked proxy, getters that throw, and objects whose conversion
 * frees the instance being called (`onConvert` is told when).
 * @param {() => void} onConvert
 * @returns {Sample[]}
 */
export function fuzzSamples(onConvert) {
  const numbers = [0, -0, 1, 2, 3, 7, 22, 32, 33, 255, 256, -1, 0.5, -0.5, 1.5, 2 ** 31, TWO_32 - 1,
    TWO_32, TWO_32 + 22, 2 ** 53, 2 ** 53 + 2, 1e300, Number.MAX_VALUE, Number.MIN_VALUE,
    Number.EPSILON, NaN, Infinity, -Infinity];
  const strings = {
    empty: '', space: ' ', italian: 'italian', brazilian: 'brazilian', Italian: 'Italian',
    white: 'white', black: 'black', start: START, kings: 'W:WK22,K18:BK5', blackToMove: 'B:W21:B12',
    badFen: 'W:W33:B1', move: '22-18', capture: '22x13', chain: '27x18x11x4', algebraic: 'c3-d4',
    win: '1-0', loss: '0-1', draw: '1/2-1/2', star: '*', old: '2-0', glyph: '!', glyph2: '?!',
    glyph5: '!!!!!', tag: 'Event', gameType: 'GameType', fenTag: 'FEN', pdn: PDN,
    brazilianPdn: '[GameType "26"]\n1. c3-d4 f6-g5 *', twoGames: `${PDN}\n${PDN}`, bracket: '[',
    brace: '}', open: '{', unicode: 'é♛中😀', nul: '\u0000', surrogate: '\uD800x', nonchar: '\uFFFF',
    digits: '5', nan: 'NaN', huge: 'x'.repeat(100_000), movesHuge: '22-18 '.repeat(20_000),
    // Past the 8 MiB a PDN file may have.
    pdnHuge: '1. 22-18 *\n\n'.repeat(800_000),
  };
  /** @param {string} why @returns {never} */
  const fail = (why) => {
    throw new Error(`fuzz: ${why}`);
  };
  const cells = Array.from({ length: 32 }, (_, i) => (i < 12 ? -1 : i >= 20 ? 1 : 0));
  const throwing = new Proxy(/** @type {unknown[]} */ ([]), {
    get: () => fail('proxy get'), has: () => fail('proxy has'), ownKeys: () => fail('proxy ownKeys'),
    getPrototypeOf: () => fail('proxy getPrototypeOf'), getOwnPropertyDescriptor: () => fail('proxy descriptor'),
  });
  const revocable = Proxy.revocable([], {});
  revocable.revoke();
  const getter = Object.defineProperty([1, 2], '0', { get: () => fail('getter') });
  /** Frees the instance being called when the bindings convert it. */
  const freeing = {
    valueOf: () => (onConvert(), 0),
    toString: () => (onConvert(), '22-18'),
  };
  const freeingArray = new Proxy([0, 0], {
    get: (target, key) => (key === 'length' && onConvert(), Reflect.get(target, key)),
  });
  const freeingItem = Object.defineProperty(['Event', 'x'], '1', { get: () => (onConvert(), 'x') });
  /** @type {Sample[]} */
  const out = [
    { label: 'undefined', value: undefined },
    { label: 'null', value: null },
    { label: 'true', value: true },
    { label: 'false', value: false },
    ...numbers.map((n) => ({ label: `number ${Object.is(n, -0) ? '-0' : n}`, value: n })),
    ...Object.entries(strings).map(([k, s]) => ({ label: `string ${k}`, value: s })),
    { label: 'bigint 0n', value: 0n },
    { label: 'bigint -1n', value: -1n },
    { label: 'bigint 2^64', value: 2n ** 64n },
    { label: 'symbol', value: Symbol('fuzz') },
    { label: 'Symbol.iterator', value: Symbol.iterator },
    { label: 'object {}', value: {} },
    { label: 'object null-prototype', value: Object.create(null) },
    { label: 'object length 32', value: { length: 32 } },
    { label: 'object length 2^32', value: { length: TWO_32 } },
    { label: 'object length -1', value: { length: -1 } },
    { label: 'object valueOf 1', value: { valueOf: () => 1 } },
    { label: 'object toString move', value: { toString: () => '22-18' } },
    { label: 'object that throws on conversion', value: { valueOf: () => fail('valueOf'), toString: () => fail('toString') } },
    { label: 'object that frees the receiver on conversion', value: freeing },
    { label: 'array []', value: [] },
    { label: 'array [1, 2]', value: [1, 2] },
    { label: 'array sparse', value: [, , 3] }, // eslint-disable-line no-sparse-arrays
    { label: 'array 32 zeros', value: new Array(32).fill(0) },
    { label: 'array start cells', value: cells },
    { label: 'array 32 strings', value: new Array(32).fill('1') },
    { label: 'array 32 of 255', value: new Array(32).fill(255) },
    { label: 'array tags', value: [['Event', 'x'], ['White', 'y']] },
    { label: 'array bad tags', value: [['Event'], [1, 2], 'x'] },
    { label: 'array NAGs', value: [1, 2, 255] },
    { label: 'array 9 NAGs', value: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { label: 'array with a throwing getter', value: getter },
    { label: 'array whose length frees the receiver', value: freeingArray },
    { label: 'array whose item frees the receiver', value: [freeingItem] },
    { label: 'proxy that throws', value: throwing },
    { label: 'revoked proxy', value: revocable.proxy },
    { label: 'Int8Array 32', value: new Int8Array(32) },
    { label: 'Int8Array start cells', value: Int8Array.from(cells) },
    { label: 'Uint8Array empty', value: new Uint8Array(0) },
    { label: 'Uint8Array 1 2 3', value: new Uint8Array([1, 2, 3]) },
    { label: 'Uint8Array 64 KiB', value: new Uint8Array(65536).fill(7) },
    { label: 'Float64Array', value: new Float64Array([1, NaN, -1]) },
    { label: 'Uint8ClampedArray', value: new Uint8ClampedArray(4) },
    { label: 'BigInt64Array', value: new BigInt64Array(2) },
    { label: 'DataView', value: new DataView(new ArrayBuffer(4)) },
    { label: 'ArrayBuffer', value: new ArrayBuffer(8) },
    { label: 'detached Uint8Array', value: detached() },
    { label: 'function', value: () => 0 },
    { label: 'async function', value: async () => 0 },
    { label: 'String object', value: new String('22-18') },
    { label: 'Number object', value: new Number(1) },
    { label: 'Boolean object', value: new Boolean(false) },
    { label: 'Date', value: new Date(0) },
    { label: 'RegExp', value: /x/ },
    { label: 'Map', value: new Map([[0, 1]]) },
    { label: 'Set', value: new Set([1]) },
    { label: 'Promise', value: Promise.resolve(1) },
    { label: 'Error', value: new Error('x') },
  ];
  return out;
}

/** A Uint8Array whose buffer was transferred away. */
function detached() {
  const a = new Uint8Array(8);
  structuredClone(a.buffer, { transfer: [a.buffer] });
  return a;
}

/** A seeded generator (mulberry32): the same seed, the same calls. */
export class Rng {
  /** @param {number} seed */
  constructor(seed) {
    this.state = seed >>> 0;
  }

  /** A whole number in 0..n-1. @param {number} n */
  below(n) {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / TWO_32) * n | 0;
  }

  /** @template T @param {T[]} list @returns {T} */
  pick(list) {
    return list[this.below(list.length)];
  }
}

/**
 * Whether the wasm instance still works: a new game plays a move and says so.
 * @param {DamaWasm} mod
 */
export function alive(mod) {
  /** @type {import('../www/shared/wasm-types.js').Game | undefined} */
  let g;
  try {
    g = new mod.Game('italian');
    const m = g.play('22-18');
    return m.text === '22-18' && g.ply() === 1;
  } catch {
    return false;
  } finally {
    try {
      g?.free();
    } catch {
      // A dead instance; freed now or never, its finalizer must not run.
    }
  }
}

/**
 * What a throw says about the binding: 'trap' (a WebAssembly.RuntimeError), 'not an Error', or
 * the Error's class ('TypeError', 'RangeError', 'Error', ...).
 * @param {unknown} e
 */
export function throwKind(e) {
  if (e instanceof WebAssembly.RuntimeError) return 'trap';
  if (!(e instanceof Error)) return 'not an Error';
  return e.constructor.name;
}

/**
 * A value's JS type, as a report groups calls: typeof, told apart for null, arrays, typed
 * arrays, proxies and the module's classes.
 * @param {unknown} v
 */
export function typeName(v) {
  if (v === null) return 'null';
  if (types.isProxy(v)) return 'proxy';
  if (Array.isArray(v)) return 'array';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  if (typeof v === 'object' && isClass(v.constructor)) return v.constructor.name;
  return typeof v;
}

/**
 * Whether an instance of the module's classes was freed: wasm-bindgen zeroes its pointer.
 * @param {object} o
 */
function isFreed(o) {
  return !Reflect.get(o, '__wbg_ptr');
}

/** @param {unknown} e */
function messageOf(e) {
  return e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);
}

/** The live instances each class keeps to be called on, and the freed ones. */
const KEEP = 3;

/**
 * wasm-bindgen's own refusals, thrown from its code before ours runs: a freed or never
 * constructed instance called or given for a class argument, a borrowed one used again. Each
 * throw skips the restoring of wasm's stack pointer (wasm-bindgen issue #1959): about 21,500 of
 * them use the 1 MiB stack up and kill the instance (4,600 for GameTree#game, whose result
 * takes room in the frame). The fuzz takes a new instance after RENEW_AFTER of them, so that
 * this known leak does not hide a new failure.
 */
const GLUE_REFUSAL = /null pointer passed to rust|recursive use of an object|take ownership of Rust value/;
const RENEW_AFTER = 1000;

/**
 * What one instance's fuzzing found, sent by its worker thread.
 * @typedef {{ calls: number, returned: number, ms: number, bindings: number,
 *   throws: [string, number][], failures: [string, { count: number, example: string }][],
 *   spent: [string, { calls: number, ms: number }][], end: 'done' | 'failure' | 'renew' }} Report
 */
/**
 * A worker's job: fuzz one instance until the time or the calls run out, a failure leaves the
 * instance in no known state, or RENEW_AFTER refusals of wasm-bindgen's.
 * @typedef {{ seed: number, ms: number, iterations: number, pkg: string, verbose: boolean }} Job
 */

/**
 * Fuzzes one fresh instance (in a worker thread, which is then dropped with all its memory).
 * @param {Job} job
 * @returns {Promise<Report>}
 */
async function fuzzInstance(job) {
  const rng = new Rng(job.seed);
  const mod = await loadWasm(new URL(job.pkg));
  const all = callables(mod);
  const classList = [...classes(mod)];
  /** Live instances by class name, and freed ones (any class). @type {Map<string, object[]>} */
  const live = new Map();
  /** @type {object[]} */
  const freed = [];
  /** The instance being called, which a hostile argument may free. @type {object | undefined} */
  let receiver;
  const samples = fuzzSamples(() => {
    const r = /** @type {{ free?: () => void } | undefined} */ (receiver);
    try {
      r?.free?.();
    } catch {
      // Already freed, or borrowed by the call itself: both refused with an Error, as they should.
    }
  });
  /** @param {object} o */
  const bury = (o) => {
    freed.push(o);
    if (freed.length > KEEP * 4) freed.shift();
  };
  /** Moves the instances freed by a call (a hostile argument, `free`) to the freed ones. */
  const retire = () => {
    for (const list of live.values()) {
      for (const o of list.filter(isFreed)) {
        list.splice(list.indexOf(o), 1);
        bury(o);
      }
    }
  };

  /** Calls and time per binding, to share the time fairly: a slow one is called less. */
  /** @type {Map<string, { calls: number, ms: number }>} */
  const spent = new Map();
  /** @type {Map<string, number>} */
  const throws = new Map();
  /** Distinct failures, by binding, argument types and throw: how often, and one example. @type {Map<string, { count: number, example: string }>} */
  const failures = new Map();
  let calls = 0;
  let returned = 0;
  let totalMs = 0;
  /** wasm-bindgen's refusals (GLUE_REFUSAL) so far. */
  let refusals = 0;
  /** The last calls, shown (--verbose) when the instance dies. @type {string[]} */
  const recent = [];

  /** @param {string} key what failed, grouped @param {string} example one call that did */
  const failed = (key, example = key) => {
    const f = failures.get(key) ?? { count: 0, example };
    f.count += 1;
    failures.set(key, f);
    console.log(`FAIL ${example}`);
  };

  /** Frees an instance leaving the pool; one still borrowed by an earlier call refuses. @param {object} o @param {string} cls */
  const release = (o, cls) => {
    try {
      /** @type {{ free: () => void }} */ (o).free();
    } catch (e) {
      if (!/null pointer/.test(messageOf(e))) failed(`${cls}#free after the fuzz's calls threw ${messageOf(e)} (a call left it borrowed?)`);
    }
    bury(o);
  };

  /** Keeps a returned instance to call later. @param {unknown} v */
  const keep = (v) => {
    if (typeof v !== 'object' || v === null) return;
    for (const [name, cls] of classList) {
      if (!(v instanceof cls)) continue;
      const list = live.get(name) ?? [];
      list.push(v);
      if (list.length > KEEP) release(/** @type {object} */ (list.shift()), name);
      live.set(name, list);
    }
  };

  /** An argument: a sample, or an instance of one of the module's classes (live, freed or bare). */
  const argument = () => {
    const r = rng.below(20);
    if (r === 0 && freed.length) return { label: 'a freed instance', value: rng.pick(freed) };
    if (r === 1) {
      const [name, cls] = rng.pick(classList);
      return { label: `a bare ${name} (never constructed)`, value: Object.create(cls.prototype) };
    }
    if (r <= 4) {
      const lists = [...live.entries()].filter(([, l]) => l.length);
      if (lists.length) {
        const [name, list] = rng.pick(lists);
        return { label: `a ${name}`, value: rng.pick(list) };
      }
    }
    return rng.pick(samples);
  };

  // Without the huge strings, which take milliseconds to copy each time.
  const small = samples.filter((s) => typeof s.value !== 'string' || s.value.length < 1000);
  /**
   * At least one live instance of each class, from its constructor or static methods (at the
   * start, and again when calls freed them all).
   */
  const seedInstances = () => {
    for (const [name] of classList) {
      const makers = all.filter((c) => c.cls?.name === name && c.kind !== 'method');
      for (let i = 0; i < 1000 && makers.length && !live.get(name)?.length; i++) {
        const c = rng.pick(makers);
        try {
          keep(invoke(c, Array.from({ length: c.arity }, () => rng.pick(small).value)));
        } catch {
          // Refused: try other arguments.
        }
      }
    }
  };

  /** @param {Report['end']} end @returns {Report} */
  const report = (end) => ({
    calls, returned, ms: totalMs, bindings: all.length, end,
    throws: [...throws], failures: [...failures], spent: [...spent],
  });

  const t0 = performance.now();
  while (calls < job.iterations && performance.now() - t0 < job.ms) {
    seedInstances();
    const c = rng.pick(all);
    const cost = spent.get(c.name) ?? { calls: 0, ms: 0 };
    // Time shared fairly: a binding that has taken more than three times its share waits.
    if (cost.ms > 3 * (totalMs + 1) / all.length && cost.calls > 10) continue;
    /** @type {object | undefined} */
    let self;
    let selfLabel = '';
    if (c.kind === 'method') {
      const cls = /** @type {AnyClass} */ (c.cls);
      const list = live.get(cls.name) ?? [];
      const r = rng.below(10);
      // Only on instances of its own class: wasm-bindgen's methods do not check `this`, and
      // one class's method called on another's instance reads it as its own.
      const own = freed.filter((o) => o instanceof cls);
      if (r === 0 || !list.length) {
        self = r === 0 && own.length ? rng.pick(own) : Object.create(cls.prototype);
        selfLabel = ' on a freed or bare instance';
      } else {
        self = rng.pick(list);
      }
    }
    const n = Math.max(0, c.arity + rng.pick([-1, 0, 0, 0, 0, 1]));
    const args = Array.from({ length: n }, argument);
    const what = `${c.name}(${args.map((a) => a.label).join(', ')})${selfLabel}`;
    // Failures are grouped by the binding and its arguments' types; `what` is one example.
    const shape = `${c.name}(${args.map((a) => typeName(a.value)).join(', ')})${selfLabel}`;
    receiver = self;
    const t = performance.now();
    let kind = 'returned';
    try {
      const v = invoke(c, args.map((a) => a.value), self);
      returned += 1;
      keep(v);
    } catch (e) {
      kind = throwKind(e);
      throws.set(kind, (throws.get(kind) ?? 0) + 1);
      if (GLUE_REFUSAL.test(messageOf(e))) refusals += 1;
      if (kind === 'trap' || kind === 'not an Error') failed(`${shape} threw ${messageOf(e)}`, `${what} threw ${messageOf(e)}`);
      else if (job.verbose) console.log(`${what}: ${messageOf(e)}`);
    }
    receiver = undefined;
    retire();
    const ms = performance.now() - t;
    calls += 1;
    totalMs += ms;
    spent.set(c.name, { calls: cost.calls + 1, ms: cost.ms + ms });
    recent.push(`${what}: ${kind}`);
    if (recent.length > 20) recent.shift();
    const dead = !alive(mod);
    if (dead) {
      failed(`the instance died after ${shape} (${kind})`, `the instance died after ${what} (${kind})`);
      if (job.verbose) console.log(`  the calls before:\n    ${recent.join('\n    ')}`);
    }
    // A trap leaves the instance in no known state: go on with a new one.
    if (kind === 'trap' || dead) return report('failure');
    // So do wasm-bindgen's refusals, each of which loses some of the instance's stack.
    if (refusals >= RENEW_AFTER) return report('renew');
  }
  return report('done');
}

/**
 * Runs a job in a worker thread: its instance, and the memory it grew, go with the worker.
 * @param {Job} job
 * @returns {Promise<Report>}
 */
function runWorker(job) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { fuzzJob: job } });
    /** A worker that died without a report (an exception out of a finalizer, say). @param {string} why @returns {Report} */
    const crashed = (why) => ({
      calls: 0, returned: 0, ms: 0, bindings: 0, end: 'failure', throws: [], spent: [],
      failures: [[`the worker crashed: ${why}`, { count: 1, example: why }]],
    });
    worker.once('message', (r) => resolve(r));
    worker.once('error', (e) => resolve(crashed(messageOf(e))));
    worker.once('exit', (code) => resolve(crashed(`exit code ${code}`)));
  });
}

/** @param {string[]} argv */
async function main(argv) {
  const { values: opts } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: '60' },
      iterations: { type: 'string' },
      seed: { type: 'string' },
      pkg: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(opts.seconds);
  const iterations = opts.iterations === undefined ? Infinity : Number(opts.iterations);
  const seed = opts.seed === undefined ? (Date.now() % TWO_32) : Number(opts.seed);
  if (!(seconds > 0) || !(iterations > 0) || !Number.isInteger(seed)) {
    throw new Error('usage: node scripts/fuzz-wasm.mjs [--seconds S] [--iterations N] [--seed S] [--pkg DIR] [--verbose]');
  }
  console.log(`fuzz-wasm: seed ${seed}, ${iterations === Infinity ? `${seconds} s` : `${iterations} calls at most, ${seconds} s`}`);
  const pkg = opts.pkg === undefined ? PKG : pathToFileURL(`${opts.pkg.replace(/\/$/, '')}/`);

  /** Everything the workers reported, added up. */
  let calls = 0;
  let returned = 0;
  let bindings = 0;
  /** @type {Map<string, number>} */
  const throws = new Map();
  /** @type {Map<string, { count: number, example: string }>} */
  const failures = new Map();
  /** @type {Map<string, { calls: number, ms: number }>} */
  const spent = new Map();
  /** @type {Map<Report['end'], number>} */
  const ends = new Map();
  const t0 = performance.now();
  for (let k = 0; ; k++) {
    const ms = seconds * 1000 - (performance.now() - t0);
    if (ms <= 0 || calls >= iterations) break;
    const r = await runWorker({ seed: (seed + k) % TWO_32, ms, iterations: iterations - calls, pkg: pkg.href, verbose: opts.verbose });
    calls += r.calls;
    returned += r.returned;
    bindings = Math.max(bindings, r.bindings);
    for (const [kind, n] of r.throws) throws.set(kind, (throws.get(kind) ?? 0) + n);
    for (const [key, f] of r.failures) {
      const g = failures.get(key) ?? { count: 0, example: f.example };
      g.count += f.count;
      failures.set(key, g);
    }
    for (const [name, s] of r.spent) {
      const t = spent.get(name) ?? { calls: 0, ms: 0 };
      spent.set(name, { calls: t.calls + s.calls, ms: t.ms + s.ms });
    }
    ends.set(r.end, (ends.get(r.end) ?? 0) + 1);
    if (r.end === 'done') break;
  }
  const secs = (performance.now() - t0) / 1000;
  const byKind = [...throws.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`fuzz-wasm: ${calls} calls of ${bindings} bindings in ${secs.toFixed(1)} s: ${returned} returned, threw: ${byKind || 'none'}; ` +
    `instances: ${ends.get('failure') ?? 0} ended by a failure, ${ends.get('renew') ?? 0} renewed after ${RENEW_AFTER} refusals of wasm-bindgen's`);
  if (opts.verbose) {
    for (const [name, s] of [...spent.entries()].sort()) console.log(`  ${name}: ${s.calls} calls, ${s.ms.toFixed(0)} ms`);
  }
  if (failures.size) {
    console.log(`fuzz-wasm: ${failures.size} distinct failures (seed ${seed}):`);
    for (const [key, f] of [...failures.entries()].sort()) console.log(`  ${f.count}x ${key}\n      e.g. ${f.example}`);
    process.exitCode = 1;
  }
}

if (!isMainThread && workerData?.fuzzJob) {
  const report = await fuzzInstance(workerData.fuzzJob);
  parentPort?.postMessage(report);
  // Now, before a finalizer of a dead instance can run.
  process.exit(0);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
