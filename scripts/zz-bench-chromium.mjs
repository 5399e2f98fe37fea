import { chromium } from 'playwright-core';
import { startServer } from '../tests/browser/server.mjs';
const where = process.argv[2] || 'worker';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.goto(server.url + 'no-such-page');
const r = await page.evaluate(async (where) => {
  const code = `import init, { benchSearch } from '${location.origin}/www/pkg/dama_wasm.js';
    await init(); postMessage(benchSearch(32));`;
  if (where === 'page') {
    const mod = await import('/www/pkg/dama_wasm.js');
    await mod.default();
    return mod.benchSearch(32);
  }
  const w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
  return new Promise((res, rej) => { w.onmessage = (e) => res(e.data); w.onerror = (e) => rej(new Error(e.message)); });
}, where);
console.log(`chromium ${where} bench search: ${r.nodes} nodes, ${(r.timeMs/1000).toFixed(3)} s, ${(r.nodes / r.timeMs / 1000).toFixed(2)} M nodes/s, checksum ${r.checksum}`);
await browser.close();
await server.close();
