// The online page's parts without a browser: its copy of the protocol's timings against the
// generated protocol.ts, its link to the server (link.js) over a fake socket and mocked timers
// (a move sent again with the same ack until acknowledged, a silent link replaced by a new one
// that says hello with the version the page has, and the moves the server played dropped), and
// the server's clocks as shown (clocks.js: the page's own lag taken off), the lobby's seeks
// (seeks.js: subscribed on each socket, one's own known by the server's answer, an acceptance
// that finds no seek taken back), and every refusal code in its own words in each language,
// the HTTP endpoints' too (api.js reading a refusal, words.js saying it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LIMITS } from '../../www/online/limits.js';
import { Link } from '../../www/online/link.js';
import { ServerClocks } from '../../www/online/clocks.js';
import { Lobby } from '../../www/online/seeks.js';
import { refusalWords, apiRefusalWords, endWords } from '../../www/online/words.js';
import * as api from '../../www/online/api.js';
import { setLanguage, loadLanguage, LANGUAGES } from '../../www/shared/i18n.js';
import { readFromDisk } from './i18n-node.mjs';

test("the page's timings and bounds are the server's (protocol.ts's LIMITS)", () => {
  const ts = readFileSync(new URL('../../www/online/protocol.ts', import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(LIMITS)) {
    const m = new RegExp(`\\b${k}: (\\d+)`).exec(ts);
    assert.ok(m, `${k} is in protocol.ts`);
    assert.equal(v, Number(m[1]), k);
  }
});

/** A socket the test reads and answers. */
function fakeSockets() {
  const sockets = [];
  const make = () => {
    const s = { readyState: 0, sent: [], closed: null, send(d) { this.sent.push(JSON.parse(d)); }, close(code) { this.closed = code; this.readyState = 3; }, onopen: null, onmessage: null, onclose: null, onerror: null };
    s.open = () => { s.readyState = 1; s.onopen?.(); };
    s.receive = (msg) => s.onmessage?.({ data: JSON.stringify(msg) });
    sockets.push(s);
    return s;
  };
  return { sockets, make };
}

test('a move is sent again with the same ack until acknowledged; a silent link is replaced and resumes from the version the page has', (t) => {
  t.mock.timers.enable({ apis: ['setInterval', 'setTimeout'] });
  let now = 0;
  const { sockets, make } = fakeSockets();
  const got = [];
  const link = new Link({ url: 'ws://x/ws', game: 'g1', name: 'Ann', socket: make, now: () => now, message: (m) => got.push(m) });
  const step = (ms) => {
    now += ms;
    t.mock.timers.tick(ms);
  };
  link.start();
  const s1 = sockets[0];
  s1.open();
  assert.deepEqual(s1.sent[0], { t: 'hello', game: 'g1', v: 0, name: 'Ann' });
  s1.receive({ t: 'welcome', game: 'g1', you: 'white', v: 1, ack: 0, events: [], clocks: { white_ms: 1, black_ms: 1, running: null, first_move_ms: null } });
  link.seen(1);
  // A pong measures the round trip: the lag the clocks and the server's credit use.
  now += 40;
  s1.receive({ t: 'pong', n: s1.sent.find((m) => m.t === 'ping').n });
  assert.equal(link.lag, 40);
  const ack = link.move('22-18', 1);
  assert.equal(ack, 1);
  const moves = () => s1.sent.filter((m) => m.t === 'move');
  assert.equal(moves().length, 1);
  step(1000);
  assert.equal(moves().length, 1, 'not yet sent again');
  step(750);
  assert.equal(moves().length, 2, 'sent again after 1.5 s');
  assert.deepEqual(moves().map((m) => m.ack), [1, 1], 'with the same ack');
  // Then nothing comes back: within 10 s the link is taken as dead and made again.
  const heard = 40;
  for (let i = 0; i < 60 && s1.closed === null; i++) step(250);
  assert.ok(now - heard <= 10_000, `noticed after ${now - heard} ms`);
  assert.equal(s1.closed, 4000);
  for (let i = 0; i < 20 && sockets.length === 1; i++) step(250);
  assert.equal(sockets.length, 2, 'a new socket');
  const s2 = sockets[1];
  s2.open();
  assert.deepEqual(s2.sent[0], { t: 'hello', game: 'g1', v: 1, name: 'Ann' }, 'hello with the version the page has');
  // The server had played the move (ack 1) before the link fell: it is not sent again.
  s2.receive({ t: 'welcome', game: 'g1', you: 'white', v: 2, ack: 1, events: [], clocks: { white_ms: 1, black_ms: 1, running: 'black', first_move_ms: null } });
  step(2000);
  assert.equal(s2.sent.filter((m) => m.t === 'move').length, 0);
  assert.deepEqual(link.unacknowledged, []);
  // A move the server has not played goes again on the new link, on its number.
  link.move('18-14', 3);
  s2.receive({ t: 'refused', refusal: { code: 'not-your-turn', text: 'no' }, ack: 2 });
  assert.deepEqual(link.unacknowledged, [], 'a refused move is not sent again');
  assert.equal(got.filter((m) => m.t === 'refused').length, 1);
  link.stop();
});

test("the server's clocks: the running side's time goes on from half a round trip before the snapshot arrived", () => {
  const c = new ServerClocks();
  assert.equal(c.remaining('white', 0), null);
  c.set({ white_ms: 60_000, black_ms: 50_000, running: 'white', first_move_ms: null }, 1000, 200);
  assert.equal(c.remaining('white', 1000), 59_900);
  assert.equal(c.remaining('black', 5000), 50_000);
  assert.equal(c.remaining('white', 100_000), 0);
  // The first move's own limit runs instead of the clock.
  c.set({ white_ms: 60_000, black_ms: 60_000, running: 'white', first_move_ms: 30_000 }, 0, 0);
  assert.equal(c.remaining('white', 10_000), 60_000);
  assert.equal(c.firstMove(10_000), 20_000);
  c.stop(1234, 5678, 0);
  assert.equal(c.running, null);
  assert.equal(c.remaining('black', 99_999), 5678);
});

const seek = (id, o = {}) => ({ id, name: 'Zoe', rating: null, provisional: false, variant: 'italian', control: { base_secs: 300, increment_secs: 3 }, rated: false, range: null, ...o });

test("the lobby: subscribed on each socket; one's own seek known by `sought`; an acceptance is a seek that fits, taken back when only listed", (t) => {
  t.mock.timers.enable({ apis: ['setInterval', 'setTimeout'] });
  const { sockets, make } = fakeSockets();
  const news = [];
  let name = 'Ann';
  const lobby = new Lobby({ url: 'ws://x/ws', name: () => name, socket: make, now: () => 0, news: (n) => news.push(n) });
  lobby.start();
  const s1 = sockets[0];
  s1.open();
  assert.deepEqual(s1.sent[0], { t: 'subscribe', to: 'lobby' }, 'the lobby, not a game');
  s1.receive({ t: 'seeks', seeks: [seek('a'), seek('b', { rated: true, control: { base_secs: 420, increment_secs: 4 } })] });
  assert.deepEqual([...lobby.seeks.keys()], ['a', 'b']);
  // One's own seek: posted with the name kept here, listed, and known as one's own.
  assert.ok(lobby.seek({ variant: 'brazilian', control: { base_secs: 60, increment_secs: 0 }, rated: true, range: { below: 200, above: 200 } }));
  assert.deepEqual(s1.sent.at(-1), { t: 'seek', variant: 'brazilian', control: { base_secs: 60, increment_secs: 0 }, rated: true, range: { below: 200, above: 200 }, name: 'Ann' });
  s1.receive({ t: 'seek_added', seek: seek('c', { name: 'Ann' }) });
  s1.receive({ t: 'sought', seek: 'c' });
  assert.deepEqual([...lobby.own], ['c']);
  assert.equal(news.at(-1).t, 'sought');
  lobby.cancel('c');
  assert.deepEqual(s1.sent.at(-1), { t: 'cancel_seek', seek: 'c' });
  s1.receive({ t: 'seek_removed', id: 'c' });
  assert.deepEqual([...lobby.own], []);
  assert.deepEqual([...lobby.seeks.keys()], ['a', 'b']);
  // Accepting b: a seek of the same game, control and rated; the server lists it instead (b
  // is gone meanwhile): the page takes it back and says so.
  name = null;
  assert.ok(lobby.accept('b'));
  assert.deepEqual(s1.sent.at(-1), { t: 'seek', variant: 'italian', control: { base_secs: 420, increment_secs: 4 }, rated: true });
  s1.receive({ t: 'sought', seek: 'd' });
  assert.deepEqual(s1.sent.at(-1), { t: 'cancel_seek', seek: 'd' });
  assert.equal(news.at(-1).t, 'missed');
  assert.deepEqual([...lobby.own], [], 'not one of its own');
  // A refusal answers the post; a match is said.
  lobby.seek({ variant: 'italian', control: { base_secs: 300, increment_secs: 3 }, rated: true });
  s1.receive({ t: 'refused', refusal: { code: 'needs-account', text: 'sign in' }, ack: null });
  assert.deepEqual(news.at(-1), { t: 'refused', refusal: { code: 'needs-account', text: 'sign in' } });
  assert.ok(lobby.accept('a'));
  s1.receive({ t: 'matched', game: 'g9' });
  assert.deepEqual(news.at(-1), { t: 'matched', game: 'g9' });
  assert.equal(lobby.accept('zz'), false, 'no such seek');
  // The socket falls: its seeks went with it; the new one subscribes again.
  lobby.seek({ variant: 'italian', control: { base_secs: 300, increment_secs: 3 }, rated: false });
  s1.receive({ t: 'sought', seek: 'e' });
  s1.onclose();
  assert.deepEqual([...lobby.own], []);
  t.mock.timers.tick(1000);
  sockets[1].open();
  assert.deepEqual(sockets[1].sent[0], { t: 'subscribe', to: 'lobby' });
  lobby.stop();
});

test('every refusal code has its own words in each language, the server\'s reason after them', async () => {
  const ts = readFileSync(new URL('../../www/online/protocol.ts', import.meta.url), 'utf8');
  const codes = [.../export type RefusalCode = ([^;]+);/.exec(ts)[1].matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
  assert.ok(codes.includes('needs-account') && codes.includes('no-rematch'), codes.join(' '));
  for (const code of Object.keys(LANGUAGES)) {
    await loadLanguage(code, readFromDisk, ['common', 'online']);
    await setLanguage(code, { read: readFromDisk });
    const words = codes.map((c) => refusalWords({ code: c, text: 'why' }));
    for (const [i, w] of words.entries()) assert.doesNotMatch(w, /^online/, `${code} ${codes[i]}: a text, not its key`);
    for (const [i, w] of words.entries()) assert.match(w, /^[^(]+ \(why\)$/, `${code} ${codes[i]}: ${w}`);
    assert.equal(new Set(words).size, codes.length, `${code}: each code its own words`);
  }
  await setLanguage('en', { read: readFromDisk });
});

test('every HTTP refusal code has its own words in each language; the page reads a refusal whatever the answer', async (t) => {
  const ts = readFileSync(new URL('../../www/online/protocol.ts', import.meta.url), 'utf8');
  const codes = [.../export type ApiCode = ([^;]+);/.exec(ts)[1].matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
  assert.deepEqual([...api.API_CODES].sort(), [...codes].sort(), "api.js's codes are protocol.ts's");
  for (const lang of Object.keys(LANGUAGES)) {
    await loadLanguage(lang, readFromDisk, ['common', 'online']);
    await setLanguage(lang, { read: readFromDisk });
    const words = codes.map((code) => apiRefusalWords(new api.ApiRefused('why', /** @type {any} */ (code), 400)));
    for (const [i, w] of words.entries()) assert.match(w, /^[^(]+ \(why\)$/, `${lang} ${codes[i]}: ${w}`);
    for (const [i, w] of words.entries()) assert.doesNotMatch(w, /^online/, `${lang} ${codes[i]}: a text, not its key`);
    assert.equal(new Set(words).size, codes.length, `${lang}: each code its own words`);
    const none = apiRefusalWords(new api.ApiRefused('Failed to fetch', null, 0));
    assert.ok(!none.includes('Failed to fetch') && !/^online/.test(none), `${lang}: no answer, said in words: ${none}`);
  }
  await setLanguage('en', { read: readFromDisk });
  assert.equal(apiRefusalWords(new api.ApiRefused('a reason', null, 502)), 'The server said no: a reason');

  /** @type {() => Promise<Response>} */
  let answer = async () => new Response('{}');
  t.mock.method(globalThis, 'fetch', () => answer());
  const refused = async (/** @type {() => Promise<Response>} */ next) => {
    answer = next;
    return api.createAccount('name', 'password').then(() => assert.fail('not refused'), (e) => e);
  };
  let e = await refused(async () => Response.json({ error: 'this name is taken', code: 'name-taken' }, { status: 409 }));
  assert.deepEqual([e instanceof api.ApiRefused, e.code, e.status, e.message], [true, 'name-taken', 409, 'this name is taken']);
  e = await refused(async () => Response.json({ error: 'x'.repeat(100000), code: 'launch-missiles' }, { status: 400 }));
  assert.deepEqual([e.code, e.message.length], [null, 300], 'a code not known is none, a long reason cut');
  e = await refused(async () => new Response('<html>bad gateway</html>', { status: 502 }));
  assert.deepEqual([e.code, e.message], [null, 'HTTP 502']);
  e = await refused(async () => { throw new TypeError('Failed to fetch'); });
  assert.deepEqual([e.code, e.status], [null, 0]);
  answer = async () => new Response('<html>a static host</html>', { status: 404 });
  e = await api.gamePdn('abc').then(() => assert.fail('not refused'), (x) => x);
  assert.deepEqual([e.code, e.message], [null, 'HTTP 404']);
});

test("how a game ended, in each language: the king-moves draw with each game's own number of moves", async () => {
  const want = { en: [/^Draw\. 40 moves each/, /^Draw\. 20 moves each/], it: [/^Patta\. 40 mosse a testa/, /^Patta\. 20 mosse a testa/], 'pt-BR': [/^Empate\. 40 lances de cada lado/, /^Empate\. 20 lances de cada lado/] };
  for (const [code, [italian, brazilian]] of Object.entries(want)) {
    await loadLanguage(code, readFromDisk, ['common', 'online']);
    await setLanguage(code, { read: readFromDisk });
    assert.match(endWords(null, 'king-moves', 'italian'), italian);
    assert.match(endWords(null, 'king-moves', 'brazilian'), brazilian);
    assert.doesNotMatch(endWords('white', 'resignation', 'italian'), /\{|undefined/);
  }
  await setLanguage('en', { read: readFromDisk });
});
