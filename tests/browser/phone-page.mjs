// What the phone and layout tests share (issue 21, items 1, 5, 10 and 13): the screens looked
// at, the site's pages with their ready signals, and measurements taken in the page as a
// player sees it (boxes, words on buttons).

import { newPage } from './helpers.mjs';

export { PHONE, DESKTOP } from './helpers.mjs';
export const SMALL_PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
export const SIDEWAYS = { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true };
export const LANGS = ['it', 'en', 'pt-BR'];

/** The four pages a player moves between (embed and frame are for other sites). */
export const PAGES = {
  game: { path: '?mode=two-players', file: 'index.html', ready: () => window.__dama?.ready === true },
  analysis: { path: 'www/analysis.html', file: 'www/analysis.html', ready: () => !!window.__analysis },
  puzzles: { path: 'www/puzzles.html', file: 'www/puzzles.html', ready: () => window.__puzzles?.ready === true },
  rules: { path: 'www/rules.html', file: 'www/rules.html', ready: () => window.__rulesReady === true },
};

/** A page of the site in `lang`, once it is ready and speaks it. */
export async function openIn(env, path, ready, lang, options) {
  const page = await newPage(env, { ...options, locale: lang });
  await page.goto(env.server.url + path);
  await page.waitForFunction(ready, null, { timeout: 20000 });
  await page.waitForFunction((c) => document.documentElement.lang === c, lang, { timeout: 10000 });
  return page;
}

/**
 * Every visible button whose words do not fit it: a word the browser broke over two lines
 * (hyphenated or cut anywhere), or one wider than the button's content box. Each word's boxes
 * come from a Range on its text, so a line break inside a word shows as two boxes.
 * @returns {Promise<string[]>}
 */
export function brokenWords(page, selector = 'button') {
  return page.evaluate((sel) => {
    const out = [];
    for (const b of document.querySelectorAll(sel)) {
      if (!b.getClientRects().length || getComputedStyle(b).visibility === 'hidden') continue;
      const cs = getComputedStyle(b);
      const box = b.getBoundingClientRect();
      const left = box.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
      const right = box.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
      const name = b.id || b.textContent.trim();
      const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.data.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const rects = [...r.getClientRects()].filter((x) => x.width > 0.5);
          if (rects.length > 1) out.push(`${name}: "${m[0]}" broken over ${rects.length} lines`);
          else if (rects[0] && (rects[0].left < left - 1 || rects[0].right > right + 1)) {
            out.push(`${name}: "${m[0]}" is ${Math.round(rects[0].width)} px in ${Math.round(right - left)} px`);
          }
        }
      }
    }
    return out;
  }, selector);
}

/** The boxes of the visible elements matched, by id (rounded to a tenth of a pixel). */
export function boxes(page, selector) {
  return page.evaluate((sel) => {
    const out = {};
    for (const el of document.querySelectorAll(sel)) {
      if (!el.getClientRects().length) continue;
      const r = el.getBoundingClientRect();
      out[el.id || el.textContent.trim()] = [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10);
    }
    return out;
  }, selector);
}

/** How far the boxes in `after` moved from those in `before` (the largest change, in px). */
export function shift(before, after) {
  let most = 0;
  for (const [id, b] of Object.entries(before)) {
    const a = after[id];
    if (!a) continue;
    for (let i = 0; i < 4; i++) most = Math.max(most, Math.abs(a[i] - b[i]));
  }
  return most;
}
