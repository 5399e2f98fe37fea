// What the analysis board's browser tests share: the page opened at an address fragment, and
// the two screens every change is looked at on.

import { newPage } from './helpers.mjs';

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The address fragment opening a PDN text. */
export const pdnHash = (pdn, extra = '') => `#pdn=${encodeURIComponent(pdn)}${extra}`;

/**
 * The analysis board at `hash`, once its test hook is there. `init` runs in the page before
 * its own scripts (a fake, an observer): a function, or [function, its argument].
 */
export async function openAnalysis(env, hash = '', options = {}, init = null, { fakeClock = false } = {}) {
  const page = await newPage(env, options);
  // The page's timers on a clock the test can move on (page.clock.runFor): time still flows.
  if (fakeClock) await page.clock.install();
  if (init) await page.addInitScript(...(Array.isArray(init) ? init : [init]));
  await page.goto(`${env.server.url}www/analysis.html${hash}`);
  await page.waitForFunction(() => !!window.__analysis);
  return page;
}

/**
 * Pastes `text` into the page's box and opens it: once the game is open, its games listed in
 * the picker, or the page has said why it cannot be opened.
 */
export async function openText(page, text) {
  await page.fill('#an-input', text);
  await page.click('#an-open');
  await page.evaluate(() => window.__analysis.opening());
}
