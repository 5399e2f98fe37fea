// The page's own work on its main thread, measured in CPU time from a Chrome trace: a verdict
// on the page's responsiveness that does not depend on how busy the machine is.

import assert from 'node:assert/strict';

/**
 * The page's own work on its main thread while `run` goes on, from a Chrome trace: the CPU
 * time (the trace's thread time, `tdur`) of each of the main thread's tasks over 50 ms of it.
 * CPU time, not the wall time a PerformanceObserver's long tasks give: on a 2-core machine
 * shared with the engine's worker, the test runner and other jobs, a task of 10 ms of work can
 * wait 200 ms for a core, and the verdict would be the machine's. Its CPU time is the page's
 * work whatever the load.
 * @param {import('playwright').Page} page
 * @param {() => Promise<void>} run
 * @returns {Promise<number[]>} the long tasks' CPU times in ms
 */
export async function mainThreadWork(page, run) {
  const browser = /** @type {import('playwright').Browser} */ (page.context().browser());
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  let trace;
  try {
    await run();
  } finally {
    trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  }
  /** @type {{ph: string, name: string, pid: number, tid: number, tdur?: number, args?: {name?: string}}[]} */
  const events = trace.traceEvents ?? trace;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`));
  assert.ok(tasks.length > 0 && tasks.every((e) => typeof e.tdur === 'number'), 'the trace has the main thread\'s tasks and their CPU time');
  return tasks.map((e) => Math.round(e.tdur / 1000)).filter((ms) => ms > 50);
}
