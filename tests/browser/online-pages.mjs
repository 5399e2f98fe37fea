// The online page's tests' common part: the running dama server (online-server.mjs) and one
// Chromium for the file, started before its tests and stopped after; a player's (or
// watcher's) page in a context of its own; what a page knows of its game; and the steps of
// a game (a challenge sent and opened, moves played on both boards). The waits are the
// server's verdicts; timeouts are hang guards.

import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { clickMove, needBuilt, DESKTOP } from './helpers.mjs';
import { startOnlineServer } from './online-server.mjs';

/** A hang guard for each wait on the server. */
export const GUARD = { timeout: 30_000 };

/**
 * Registers the file's server and browser (before and after its tests) and returns what its
 * tests use. `o` goes to the server (startOnlineServer's options).
 * @param {{idleSecs?: number}} [o]
 */
export function onlinePages(o = {}) {
  /** @type {Awaited<ReturnType<typeof startOnlineServer>>} */
  let srv;
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').BrowserContext[]} the contexts opened by a test */
  let open = [];
  before(async () => {
    needBuilt('www/pkg/dama_rules.js');
    srv = await startOnlineServer(o);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'] });
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
  });

  /**
   * A player's (or watcher's) page in a context of its own, at `path` of the server, in
   * `lang`; its errors collected (a connection the page lost while its network was cut is no
   * error).
   * @param {string} path
   * @param {{lang?: string, options?: object, name?: string | null}} [p]
   */
  async function person(path, { lang = 'en', options = DESKTOP, name = null } = {}) {
    const context = await browser.newContext({ ...options, serviceWorkers: 'block', reducedMotion: 'reduce', locale: lang });
    open.push(context);
    await context.addInitScript(([l, n]) => {
      localStorage.setItem('dama.lang', l);
      if (n) localStorage.setItem('dama.online.name', n);
    }, [lang, name]);
    const page = await context.newPage();
    page.errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !/WebSocket connection|ERR_INTERNET_DISCONNECTED|net::ERR_/.test(m.text())) page.errors.push(m.text());
    });
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.goto(srv.url + path);
    await ready(page);
    return page;
  }

  /** Closes the contexts the test opened. */
  async function closeAll() {
    for (const c of open) await c.close();
    open = [];
  }

  return { server: () => srv, person, closeAll };
}

/** Waits for the online page's controller. @param {import('playwright-core').Page} page */
export const ready = (page) => page.waitForFunction(() => window.__online?.ready === true, null, GUARD);

/** What a page knows of its game, as game.js holds it. @param {import('playwright-core').Page} page */
export const state = (page) =>
  page.evaluate(() => {
    const g = window.__online.game;
    return { phase: g.phase, you: g.you, id: g.id, moves: [...g.moves], end: g.end, link: g.link?.state, board: document.querySelector('#board').history().map((m) => m.text) };
  });

/** Waits for the game's phase (waiting, live, over). @param {import('playwright-core').Page} page @param {string} want */
export const phase = (page, want) => page.waitForFunction((w) => window.__online?.game?.phase === w, want, GUARD);

/** Waits for both the board and the game to be at move `n`. @param {import('playwright-core').Page} page @param {number} n */
export async function boardAt(page, n) {
  try {
    await page.waitForFunction((k) => document.querySelector('#board').history().length === k && window.__online?.game?.moves.length === k, n, GUARD);
  } catch (err) {
    throw new Error(`not at move ${n}: ${JSON.stringify(await state(page))} ${await page.textContent('#on-notice')}`, { cause: err });
  }
}

/**
 * The link of the challenge a page is waiting on. The phase is the game's state; the view writes
 * the link on its next draw, so a loaded machine can read it empty in between.
 * @param {import('playwright-core').Page} a
 * @returns {Promise<string>}
 */
export async function challengeLink(a) {
  await a.waitForFunction(() => !!(/** @type {HTMLInputElement | null} */ (document.getElementById('on-link')))?.value, null, GUARD);
  return a.inputValue('#on-link');
}

/**
 * A challenge sent from the lobby by `a` (White), opened by `b`: both pages in the game.
 * @param {import('playwright-core').Page} a @param {import('playwright-core').Page} b
 * @returns {Promise<string>} the challenge's link
 */
export async function startGame(a, b, { variant = 'italian', control = '5+3', rated = false } = {}) {
  await a.selectOption('#on-variant', variant);
  await a.selectOption('#on-control', control);
  await a.selectOption('#on-color', 'white');
  if (rated) await a.check('#on-rated');
  await a.click('#on-create');
  await phase(a, 'waiting');
  const link = await challengeLink(a);
  await b.goto(link);
  await ready(b);
  await phase(b, 'live');
  await phase(a, 'live');
  return link;
}

/**
 * Each move by the side whose turn it is, waiting for both boards to show it.
 * @param {import('playwright-core').Page} white @param {import('playwright-core').Page} black
 * @param {string[]} moves @param {number} [from] the moves already played
 */
export async function play(white, black, moves, from = 0) {
  for (const [i, m] of moves.entries()) {
    const ply = from + i + 1;
    await clickMove(ply % 2 ? white : black, m);
    await boardAt(white, ply);
    await boardAt(black, ply);
  }
}

/** The game as the server stored it. @param {import('playwright-core').Page} page @param {string} id */
export const stored = (page, id) => page.evaluate(async (g) => (await fetch(`../api/games/${g}`)).json(), id);
