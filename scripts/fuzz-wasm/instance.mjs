// @ts-check
// Fuzzes one fresh instance of the wasm glue, in a worker thread (../fuzz-wasm.mjs): a Pool of
// the instances calls are made on and with, a Tally of what the calls did, and the loop that
// draws and makes the calls.

import { alive, callables, classes, invoke, isFreed, loadWasm, messageOf, throwKind, typeName } from './bindings.mjs';
import { fuzzSamples } from './samples.mjs';
import { Rng } from './rng.mjs';

/** @import { DamaWasm } from '../../www/shared/wasm-types.js' */
/** @import { AnyClass, Callable } from './bindings.mjs' */
/** @import { Sample } from './samples.mjs' */

/** The live instances each class keeps to be called on, and the freed ones. */
const KEEP = 3;

/**
 * wasm-bindgen's own refusals, thrown from its code before ours runs: a freed or never
 * constructed instance called or given for a class argument, a borrowed one used again. Each
 * throw skips the restoring of wasm's stack pointer (wasm-bindgen issue #1959): about 21,500 of
 * them use the 1 MiB stack up and kill the instance (4,600 for GameRecord#gameAt, whose result
 * takes room in the frame). The fuzz takes a new instance after RENEW_AFTER of them, so that
 * this known leak does not hide a new failure.
 */
const GLUE_REFUSAL = /null pointer passed to rust|recursive use of an object|take ownership of Rust value/;
export const RENEW_AFTER = 1000;

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
 * One call, drawn: the receiver of a method (`selfLabel` says when it is freed or bare), the
 * arguments, the call as an example (`what`) and as its failures are grouped (`shape`: the
 * binding and its arguments' types).
 * @typedef {{ c: Callable, self: object | undefined, selfLabel: string, args: Sample[], what: string, shape: string }} Call
 */

/**
 * Fuzzes one fresh instance (in a worker thread, which is then dropped with all its memory).
 * @param {Job} job
 * @returns {Promise<Report>}
 */
export async function fuzzInstance(job) {
  const rng = new Rng(job.seed);
  const mod = await loadWasm(new URL(job.pkg));
  const all = callables(mod);
  const tally = new Tally(all.length);
  const pool = new Pool(rng, [...classes(mod)], (key) => tally.failed(key));
  const samples = fuzzSamples(() => pool.freeReceiver());
  // Without the huge strings, which take milliseconds to copy each time.
  const small = samples.filter((s) => typeof s.value !== 'string' || s.value.length < 1000);
  const t0 = performance.now();
  while (tally.calls < job.iterations && performance.now() - t0 < job.ms) {
    pool.seed(all, small);
    const c = rng.pick(all);
    if (tally.overShare(c.name)) continue;
    const end = callOnce(drawCall(c, rng, pool, samples), pool, tally, mod, job.verbose);
    if (end) return tally.report(end);
  }
  return tally.report('done');
}

/**
 * The receiver and arguments of a call of `c`.
 * @param {Callable} c @param {Rng} rng @param {Pool} pool @param {Sample[]} samples
 * @returns {Call}
 */
function drawCall(c, rng, pool, samples) {
  const { self, selfLabel } = c.kind === 'method' ? pool.receiverFor(/** @type {AnyClass} */ (c.cls)) : { self: undefined, selfLabel: '' };
  const n = Math.max(0, c.arity + rng.pick([-1, 0, 0, 0, 0, 1]));
  const args = Array.from({ length: n }, () => pool.argument(samples));
  const what = `${c.name}(${args.map((a) => a.label).join(', ')})${selfLabel}`;
  const shape = `${c.name}(${args.map((a) => typeName(a.value)).join(', ')})${selfLabel}`;
  return { c, self, selfLabel, args, what, shape };
}

/**
 * Makes the call, tallies it, and checks that the instance still works.
 * @param {Call} call @param {Pool} pool @param {Tally} tally @param {DamaWasm} mod @param {boolean} verbose
 * @returns {Report['end'] | null} why to stop with this instance, if it must
 */
function callOnce({ c, self, args, what, shape }, pool, tally, mod, verbose) {
  pool.receiver = self;
  const t = performance.now();
  let kind = 'returned';
  try {
    const v = invoke(c, args.map((a) => a.value), self);
    tally.returned += 1;
    pool.keep(v);
  } catch (e) {
    kind = throwKind(e);
    tally.threw(kind, e);
    if (kind === 'trap' || kind === 'not an Error') tally.failed(`${shape} threw ${messageOf(e)}`, `${what} threw ${messageOf(e)}`);
    else if (verbose) console.log(`${what}: ${messageOf(e)}`);
  }
  pool.receiver = undefined;
  pool.retire();
  tally.record(c.name, `${what}: ${kind}`, performance.now() - t);
  const dead = !alive(mod);
  if (dead) {
    tally.failed(`the instance died after ${shape} (${kind})`, `the instance died after ${what} (${kind})`);
    if (verbose) console.log(`  the calls before:\n    ${tally.recent.join('\n    ')}`);
  }
  // A trap leaves the instance in no known state: go on with a new one.
  if (kind === 'trap' || dead) return 'failure';
  // So do wasm-bindgen's refusals, each of which loses some of the instance's stack.
  if (tally.refusals >= RENEW_AFTER) return 'renew';
  return null;
}

/**
 * The instances of the module's classes that calls are made on and with: up to KEEP live ones
 * per class, and the last freed ones (any class).
 */
class Pool {
  /**
   * @param {Rng} rng @param {[string, AnyClass][]} classList
   * @param {(key: string) => void} failed reports a failure
   */
  constructor(rng, classList, failed) {
    this.rng = rng;
    this.classList = classList;
    this.failed = failed;
    /** Live instances by class name. @type {Map<string, object[]>} */
    this.live = new Map();
    /** @type {object[]} */
    this.freed = [];
    /** The instance being called, which a hostile argument may free. @type {object | undefined} */
    this.receiver = undefined;
  }

  /** What a hostile argument does when converted: frees the instance being called. */
  freeReceiver() {
    const r = /** @type {{ free?: () => void } | undefined} */ (this.receiver);
    try {
      r?.free?.();
    } catch {
      // Already freed, or borrowed by the call itself: both refused with an Error, as they should.
    }
  }

  /** @param {object} o */
  bury(o) {
    this.freed.push(o);
    if (this.freed.length > KEEP * 4) this.freed.shift();
  }

  /** Moves the instances freed by a call (a hostile argument, `free`) to the freed ones. */
  retire() {
    for (const list of this.live.values()) {
      for (const o of list.filter(isFreed)) {
        list.splice(list.indexOf(o), 1);
        this.bury(o);
      }
    }
  }

  /** Frees an instance leaving the pool; one still borrowed by an earlier call refuses. @param {object} o @param {string} cls */
  release(o, cls) {
    try {
      /** @type {{ free: () => void }} */ (o).free();
    } catch (e) {
      if (!/null pointer/.test(messageOf(e))) this.failed(`${cls}#free after the fuzz's calls threw ${messageOf(e)} (a call left it borrowed?)`);
    }
    this.bury(o);
  }

  /** Keeps a returned instance to call later. @param {unknown} v */
  keep(v) {
    if (typeof v !== 'object' || v === null) return;
    for (const [name, cls] of this.classList) {
      if (!(v instanceof cls)) continue;
      const list = this.live.get(name) ?? [];
      list.push(v);
      if (list.length > KEEP) this.release(/** @type {object} */ (list.shift()), name);
      this.live.set(name, list);
    }
  }

  /**
   * At least one live instance of each class, from its constructor or static methods (at the
   * start, and again when calls freed them all).
   * @param {Callable[]} all @param {Sample[]} small the samples to make them with
   */
  seed(all, small) {
    for (const [name] of this.classList) {
      const makers = all.filter((c) => c.cls?.name === name && c.kind !== 'method');
      for (let i = 0; i < 1000 && makers.length && !this.live.get(name)?.length; i++) {
        const c = this.rng.pick(makers);
        try {
          this.keep(invoke(c, Array.from({ length: c.arity }, () => this.rng.pick(small).value)));
        } catch {
          // Refused: try other arguments.
        }
      }
    }
  }

  /**
   * An argument: a sample, or an instance of one of the module's classes (live, freed or bare).
   * @param {Sample[]} samples @returns {Sample}
   */
  argument(samples) {
    const { rng } = this;
    const r = rng.below(20);
    if (r === 0 && this.freed.length) return { label: 'a freed instance', value: rng.pick(this.freed) };
    if (r === 1) {
      const [name, cls] = rng.pick(this.classList);
      return { label: `a bare ${name} (never constructed)`, value: Object.create(cls.prototype) };
    }
    if (r <= 4) {
      const lists = [...this.live.entries()].filter(([, l]) => l.length);
      if (lists.length) {
        const [name, list] = rng.pick(lists);
        return { label: `a ${name}`, value: rng.pick(list) };
      }
    }
    return rng.pick(samples);
  }

  /**
   * The instance a method of `cls` is called on: mostly a live one, sometimes a freed or bare one.
   * @param {AnyClass} cls @returns {{ self: object, selfLabel: string }}
   */
  receiverFor(cls) {
    const list = this.live.get(cls.name) ?? [];
    const r = this.rng.below(10);
    // Only on instances of its own class: wasm-bindgen's methods do not check `this`, and
    // one class's method called on another's instance reads it as its own.
    const own = this.freed.filter((o) => o instanceof cls);
    if (r === 0 || !list.length) {
      return { self: r === 0 && own.length ? this.rng.pick(own) : Object.create(cls.prototype), selfLabel: ' on a freed or bare instance' };
    }
    return { self: this.rng.pick(list), selfLabel: '' };
  }
}

/** What the calls on one instance did: counts, throws by kind, failures, time per binding. */
class Tally {
  /** @param {number} bindings how many there are */
  constructor(bindings) {
    this.bindings = bindings;
    /** Calls and time per binding, to share the time fairly: a slow one is called less. @type {Map<string, { calls: number, ms: number }>} */
    this.spent = new Map();
    /** @type {Map<string, number>} */
    this.throws = new Map();
    /** Distinct failures, by binding, argument types and throw: how often, and one example. @type {Map<string, { count: number, example: string }>} */
    this.failures = new Map();
    this.calls = 0;
    this.returned = 0;
    this.totalMs = 0;
    /** wasm-bindgen's refusals (GLUE_REFUSAL) so far. */
    this.refusals = 0;
    /** The last calls, shown (--verbose) when the instance dies. @type {string[]} */
    this.recent = [];
  }

  /** @param {string} key what failed, grouped @param {string} example one call that did */
  failed(key, example = key) {
    const f = this.failures.get(key) ?? { count: 0, example };
    f.count += 1;
    this.failures.set(key, f);
    console.log(`FAIL ${example}`);
  }

  /** Time shared fairly: a binding that has taken more than three times its share waits. @param {string} name */
  overShare(name) {
    const cost = this.spent.get(name) ?? { calls: 0, ms: 0 };
    return cost.ms > 3 * (this.totalMs + 1) / this.bindings && cost.calls > 10;
  }

  /** @param {string} kind throwKind's @param {unknown} e */
  threw(kind, e) {
    this.throws.set(kind, (this.throws.get(kind) ?? 0) + 1);
    if (GLUE_REFUSAL.test(messageOf(e))) this.refusals += 1;
  }

  /** @param {string} name the binding @param {string} outcome the call and its outcome @param {number} ms */
  record(name, outcome, ms) {
    const cost = this.spent.get(name) ?? { calls: 0, ms: 0 };
    this.calls += 1;
    this.totalMs += ms;
    this.spent.set(name, { calls: cost.calls + 1, ms: cost.ms + ms });
    this.recent.push(outcome);
    if (this.recent.length > 20) this.recent.shift();
  }

  /** @param {Report['end']} end @returns {Report} */
  report(end) {
    return {
      calls: this.calls, returned: this.returned, ms: this.totalMs, bindings: this.bindings, end,
      throws: [...this.throws], failures: [...this.failures], spent: [...this.spent],
    };
  }
}
