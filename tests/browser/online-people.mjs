// The online page's browser tests' people (online.test.mjs, online-lobby.test.mjs): the dama
// server (online-server.mjs) and a Chromium started before a file's tests, each person's page
// in a context of its own (its language, screen and kept name), and what a page knows of its
// game, waited for as the server's verdicts (timeouts are hang guards).

import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { clickMove, needBuilt, DESKTOP } from './helpers.mjs';
import { startOnlineServer } from './online-server.mjs';

export const GUARD = { timeout: 30_000 };

/**
 * Starts the server and the browser before the file's tests (stopped after them); returns
 * `person()` to open a page, `closeAll()` to close a test's contexts, and `srv` (the server).
 * @param {{idleSecs?: number}} [o] the server's options
 */
export function onlinePeople(o = {}) {
  let browser;
  /** The contexts opened by a test, closed after it. */
  let open = [];
  const people = {
    /** @type {any} */ srv: null,
    person,
    closeAll,
  };
  before(async () => {
    needBuilt('www/pkg/dama_rules.js');
    people.srv = await startOnlineServer(o);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'] });
  });
  after(async () => {
    await browser?.close();
    await people.srv?.close();
  });

  /**
   * A player's (or watcher's) page in a context of its own, at `path` of the server, in `lang`;
   * its errors collected (a connection the page lost while its network was cut is no error).
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
    await page.goto(people.srv.url + path);
    await page.waitForFunction(() => window.__online?.ready === true, null, GUARD);
    return page;
  }

  async function closeAll() {
    for (const c of open) await c.close();
    open = [];
  }
  return people;
}

/** What a page knows of its game, as game.js holds it. */
export const state = (page) =>
  page.evaluate(() => {
    const g = window.__online.game;
    return { phase: g.phase, you: g.you, id: g.id, moves: [...g.moves], end: g.end, link: g.link?.state, board: document.querySelector('#board').history().map((m) => m.text) };
  });
export const phase = (page, want) => page.waitForFunction((w) => window.__online?.game?.phase === w, want, GUARD);
export async function boardAt(page, n) {
  try {
    await page.waitForFunction((k) => document.querySelector('#board').history().length === k && window.__online?.game?.moves.length === k, n, GUARD);
  } catch (err) {
    throw new Error(`not at move ${n}: ${JSON.stringify(await state(page))} ${await page.textContent('#on-notice')}`, { cause: err });
  }
}

/**
 * A challenge sent from the lobby by `a` (White), opened by `b`: both pages in the game.
 * @returns {Promise<string>} the challenge's link
 */
export async function startGame(a, b, { variant = 'italian', control = '5+3' } = {}) {
  await a.selectOption('#on-variant', variant);
  await a.selectOption('#on-control', control);
  await a.selectOption('#on-color', 'white');
  await a.click('#on-create');
  await phase(a, 'waiting');
  const link = await a.inputValue('#on-link');
  await b.goto(link);
  await b.waitForFunction(() => window.__online?.ready === true, null, GUARD);
  await phase(b, 'live');
  await phase(a, 'live');
  return link;
}

/** Each move by the side whose turn it is, waiting for both boards to show it. */
export async function play(white, black, moves, from = 0) {
  for (const [i, m] of moves.entries()) {
    const ply = from + i + 1;
    await clickMove(ply % 2 ? white : black, m);
    await boardAt(white, ply);
    await boardAt(black, ply);
  }
}

/** The game as the server stored it. */
export const stored = (page, id) => page.evaluate(async (g) => (await fetch(`../api/games/${g}`)).json(), id);
