// The engine files a page fetches: which build of the engine it loaded (dama_wasm, the single
// thread's, or dama_threads with its helper workers), for the tests of the engine's threads.

/**
 * Collects the names of the engine files `page` fetches from now on.
 * @param {import('playwright-core').Page} page
 * @returns {string[]} filled as the page fetches them
 */
export function engineFetches(page) {
  const seen = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop();
    if (/^dama_(wasm|threads)/.test(name) || name === 'helper.worker.js') seen.push(name);
  });
  return seen;
}
