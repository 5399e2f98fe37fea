// @ts-check
// The wasm glue's bindings as the fuzz sees them: a fresh instance of the glue (loadWasm), every
// way into it found by reflection (callables), how to call one, and what a call's outcome says
// (alive, throwKind, typeName).

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { types } from 'node:util';

/** @import { DamaWasm } from '../../www/shared/wasm-types.js' */

/** @typedef {(...args: unknown[]) => unknown} AnyFn */
/** @typedef {new (...args: unknown[]) => object} AnyClass */
/**
 * One way into the wasm: `Game.fromFen` (static), `Game#play` (on an instance), `new Game`
 * (constructor), `perft` (function).
 * @typedef {{ name: string, kind: 'function' | 'static' | 'method' | 'constructor', fn: AnyFn, cls?: AnyClass, arity: number }} Callable
 */

export const PKG = new URL('../../www/pkg/', import.meta.url);
/** The glue's loaders, not bindings. */
const LOADERS = new Set(['default', 'initSync']);
/** The objects every wasm-bindgen class has that are no binding of ours. */
const INTERNAL = /^__|^constructor$/;

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
 * Whether the wasm instance still works: a new game plays a move and says so.
 * @param {DamaWasm} mod
 */
export function alive(mod) {
  /** @type {import('../../www/shared/wasm-types.js').Game | undefined} */
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
export function isFreed(o) {
  return !Reflect.get(o, '__wbg_ptr');
}

/** @param {unknown} e */
export function messageOf(e) {
  return e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);
}

