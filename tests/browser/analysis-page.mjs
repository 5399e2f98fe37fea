// What the analysis board's browser tests share: the page opened at an address fragment, and
// the two screens every change is looked at on.

import { newPage, squareRowCol } from './helpers.mjs';

export { PHONE, DESKTOP } from './helpers.mjs';

/**
 * A click on the analysis board's square `sq` (a number in the game's numbering, or a name such
 * as "c3" with `variant`), at the centre the page's board gives, the board scrolled into view.
 */
export async function clickBoardSquare(page, sq, variant = 'italian') {
  let n = sq;
  if (typeof sq !== 'number') {
    const [row, col] = squareRowCol(sq, variant);
    n = Array.from({ length: 32 }, (_, i) => i + 1).find((k) => {
      const [r, c] = squareRowCol(k, variant);
      return r === row && c === col;
    });
  }
  await page.locator('#board canvas').scrollIntoViewIfNeeded();
  const [x, y] = await page.evaluate((k) => {
    const r = document.querySelector('#board canvas').getBoundingClientRect();
    const [cx, cy] = window.__analysis.squareCenter(k);
    return [r.x + cx, r.y + cy];
  }, n);
  await page.mouse.click(x, y);
}

/** The address fragment opening a PDN text. */
export const pdnHash = (pdn, extra = '') => `#pdn=${encodeURIComponent(pdn)}${extra}`;

/**
 * The analysis board at `hash`, once its test hook is there. `init` runs in the page before
 * its own scripts (a fake, an observer): a function, or [function, its argument]. With
 * `reviewDepth`, the page's review requests ask the worker for that depth in each position
 * instead of the time chosen: verdicts that do not depend on how fast the machine is.
 */
export async function openAnalysis(env, hash = '', options = {}, init = null, { fakeClock = false, reviewDepth = 0 } = {}) {
  const page = await newPage(env, options);
  // The page's timers on a clock the test can move on (page.clock.runFor): time still flows.
  if (fakeClock) await page.clock.install();
  if (reviewDepth) {
    await page.addInitScript((depth) => {
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (msg, ...rest) {
        return post.call(this, msg?.type === 'review' ? { ...msg, depth } : msg, ...rest);
      };
    }, reviewDepth);
  }
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
