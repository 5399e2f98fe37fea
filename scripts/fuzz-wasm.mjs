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
// wasm-bindgen's own refusals, which leak a little of its stack (GLUE_REFUSAL in
// fuzz-wasm/instance.mjs).
//
// Prints the calls made, the throws by type and each distinct failure (the export and its
// arguments, to replay by hand); exits 1 if there was any. `make fuzz` runs it after the
// cargo-fuzz targets; tests/unit/wasm-types.test.mjs uses its exports for the quick
// deterministic version that `make test` runs.
//
// The parts, in scripts/fuzz-wasm/: bindings.mjs (loading the glue, finding and calling its
// bindings), samples.mjs (the values to call with), rng.mjs (the seeded draws), instance.mjs
// (one instance's fuzzing, in a worker); this file runs the workers and adds up their reports.

import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PKG, messageOf } from './fuzz-wasm/bindings.mjs';
import { TWO_32 } from './fuzz-wasm/samples.mjs';
import { RENEW_AFTER, fuzzInstance } from './fuzz-wasm/instance.mjs';

/** @import { Job, Report } from './fuzz-wasm/instance.mjs' */

// What the quick test (tests/unit/wasm-types.test.mjs) takes from here.
export { alive, callables, invoke, loadWasm, throwKind } from './fuzz-wasm/bindings.mjs';
export { PDN, START, typeSamples } from './fuzz-wasm/samples.mjs';
/** @typedef {import('./fuzz-wasm/bindings.mjs').Callable} Callable */

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
