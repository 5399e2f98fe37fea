// @ts-check
// Every binding of the wasm core refuses an argument of the wrong JS type with a TypeError that
// names the argument, and never traps (a WebAssembly.RuntimeError kills the instance, and the
// page's engine with it, until a reload). The quick, deterministic version of
// scripts/fuzz-wasm.mjs: each argument of each binding is given one value of every JS type, the
// others being valid; the bindings are found by reflection, and each must be described in
// PARAMS below.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDN, START, alive, callables, invoke, loadWasm, throwKind, typeSamples } from '../../scripts/fuzz-wasm.mjs';

/** @import { DamaWasm } from '../../www/shared/wasm-types.js' */
/** @import { Callable } from '../../scripts/fuzz-wasm.mjs' */

/**
 * What an argument takes: the samples (by label: their type) it accepts; any other is a
 * TypeError. Lists of numbers take arrays and typed arrays. `game` arguments are checked by
 * wasm-bindgen's glue instead, which throws an Error ("expected instance of Game").
 * @typedef {'string' | 'string?' | 'number' | 'numbers' | 'tags' | 'tags?' | 'game'} Kind
 */
/** @type {Record<Kind, string[]>} */
const ACCEPTS = {
  string: ['string'],
  'string?': ['string', 'undefined', 'null'],
  number: ['number', 'NaN'],
  numbers: ['array', 'Int8Array', 'Uint8Array'],
  tags: ['array'],
  'tags?': ['array', 'undefined', 'null'],
  game: [],
};

/**
 * A value an argument is given while another one is being tried: valid, and quick.
 * @typedef {(mod: DamaWasm) => unknown} Valid
 */
/** @type {(v: unknown) => Valid} */
const just = (v) => () => v;
const startCells = Array.from({ length: 32 }, (_, i) => (i < 12 ? -1 : i >= 20 ? 1 : 0));

/**
 * Each binding that takes arguments: each argument's name (as the binding's messages say it),
 * what it takes and a valid value. A binding missing here fails the test.
 * @type {Record<string, [string, Kind, Valid][]>}
 */
const PARAMS = {
  'new Game': [['variant', 'string', just('italian')]],
  'Game.fromFen': [['fen', 'string', just(START)], ['variant', 'string', just('italian')]],
  'Game.fromBoard': [['cells', 'numbers', just(startCells)], ['turn', 'string', just('white')], ['variant', 'string', just('italian')]],
  'Game.fromPdn': [['text', 'string', just(PDN)], ['variant', 'string', just('italian')]],
  'Game.pdnTags': [['text', 'string', just(PDN)]],
  'Game#squareName': [['n', 'number', just(1)]],
  'Game#pdnWithTags': [['tags', 'tags', just([['Event', 'x']])]],
  'Game#boardAt': [['ply', 'number', just(0)]],
  'Game#play': [['text', 'string', just('22-18')]],
  'Game#playIndex': [['index', 'number', just(0)]],
  'Game#resign': [['color', 'string', just('white')]],
  'Game#loseOnTime': [['color', 'string', just('white')]],
  'Game#whyIllegal': [['from', 'number', just(22)], ['to', 'number', just(18)]],
  'new Engine': [['tt_megabytes', 'number', just(1)]],
  'Engine#loadTables': [['bytes', 'numbers', just(new Uint8Array(0))]],
  'Engine#loadEval': [['bytes', 'numbers', just(new Uint8Array(0))]],
  'Engine#setThreads': [['threads', 'number', just(1)]],
  'Engine#tablePieces': [['variant', 'string', just('italian')]],
  'Engine#search': [['game', 'game', (m) => new m.Game('italian')], ['level', 'number', just(1)], ['time_ms', 'number', just(1)], ['seed', 'number', just(0)]],
  'Engine#explore': [['game', 'game', (m) => new m.Game('italian')]],
  'Engine#analyse': [['game', 'game', (m) => new m.Game('italian')], ['depth', 'number', just(1)], ['time_ms', 'number', just(1)], ['lines', 'number', just(1)]],
  moveBudget: [['remaining_ms', 'number', just(1000)], ['increment_ms', 'number', just(0)]],
  scoreText: [['score', 'number', just(0)]],
  scoreResult: [['score', 'number', just(0)]],
  installBook: [['bytes', 'numbers', just(new Uint8Array(0))]],
  bookPositions: [['variant', 'string', just('italian')]],
  perft: [['fen', 'string', just(START)], ['depth', 'number', just(1)]],
  benchSearch: [['tt_mb', 'number', just(1)]],
  'PdnFile.parse': [['text', 'string', just(PDN)], ['variant', 'string', just('italian')]],
  'PdnFile#gameText': [['i', 'number', just(0)]],
  'PdnFile#summary': [['i', 'number', just(0)]],
  'PdnFile#record': [['i', 'number', just(0)], ['kind', 'string', just('game')]],
  'PdnFile#mainline': [['i', 'number', just(0)]],
  'new GameRecord': [['kind', 'string', just('analysis')], ['variant', 'string', just('italian')], ['fen', 'string?', just(undefined)], ['tags', 'tags?', just(undefined)]],
  'GameRecord.fromPdn': [['kind', 'string', just('game')], ['text', 'string', just(PDN)], ['variant', 'string', just('italian')]],
  'GameRecord.fromBoard': [['kind', 'string', just('game')], ['cells', 'numbers', just(startCells)], ['turn', 'string', just('white')], ['variant', 'string', just('italian')]],
  'GameRecord#squareName': [['n', 'number', just(1)]],
  'GameRecord#boardAt': [['ply', 'number', just(0)]],
  'GameRecord#play': [['text', 'string', just('9-13')]],
  'GameRecord#resign': [['color', 'string', just('white')]],
  'GameRecord#loseOnTime': [['color', 'string', just('white')]],
  'GameRecord#whyIllegal': [['from', 'number', just(22)], ['to', 'number', just(18)]],
  'GameRecord#goto': [['id', 'number', just(0)]],
  'GameRecord#gameAt': [['id', 'number', just(1)]],
  'GameRecord#lineOnly': [['tags', 'tags?', just(undefined)]],
  'GameRecord#setComment': [['id', 'number', just(0)], ['text', 'string?', just('a comment')]],
  'GameRecord#setPreComment': [['id', 'number', just(1)], ['text', 'string?', just('before')]],
  'GameRecord#setGlyph': [['id', 'number', just(1)], ['glyph', 'string?', just('!')]],
  'GameRecord#setNags': [['id', 'number', just(1)], ['nags', 'numbers', just([1])]],
  'GameRecord#delete': [['id', 'number', just(1)]],
  'GameRecord#promote': [['id', 'number', just(1)]],
  'GameRecord#setTag': [['name', 'string', just('Event')], ['value', 'string?', just('x')]],
  'GameRecord#setPdnResult': [['result', 'string', just('1-0')]],
};

/**
 * A fresh instance of a class to call a method on, with a move played where there are moves
 * (so that node 1 exists), or none for a function.
 * @param {DamaWasm} mod @param {Callable} c
 * @returns {object | undefined}
 */
function receiver(mod, c) {
  switch (c.cls?.name) {
    case 'Game':
      return new mod.Game('italian');
    case 'Engine':
      return new mod.Engine(1);
    case 'GameRecord': {
      const t = new mod.GameRecord('analysis', 'italian');
      t.play('22-18');
      return t;
    }
    case 'PdnFile':
      return mod.PdnFile.parse(PDN, 'italian');
    default:
      return undefined;
  }
}

/**
 * Calls `c` with `args` on a fresh receiver and says what happened: 'returned', or the kind of
 * throw (`throwKind`) and its message.
 * @param {DamaWasm} mod @param {Callable} c @param {unknown[]} args
 * @returns {{ kind: string, message: string }}
 */
function call(mod, c, args) {
  const self = c.kind === 'method' ? receiver(mod, c) : undefined;
  try {
    const v = invoke(c, args, self);
    /** @type {{ free?: () => void } | undefined} */ (v && typeof v === 'object' ? v : undefined)?.free?.();
    return { kind: 'returned', message: '' };
  } catch (e) {
    return { kind: throwKind(e), message: e instanceof Error ? e.message : String(e) };
  } finally {
    try {
      /** @type {{ free?: () => void } | undefined} */ (self)?.free?.();
    } catch {
      // A trap may have left it borrowed; the trap is what the test reports.
    }
  }
}

test('every binding is described, with its number of arguments', async () => {
  const mod = await loadWasm();
  for (const c of callables(mod)) {
    if (c.arity === 0) continue;
    assert.ok(PARAMS[c.name], `${c.name} takes ${c.arity} arguments: describe them in PARAMS`);
    assert.equal(PARAMS[c.name].length, c.arity, `${c.name}'s arguments`);
  }
  const names = new Set(callables(mod).map((c) => c.name));
  for (const name of Object.keys(PARAMS)) assert.ok(names.has(name), `${name} is no binding`);
});

test('every argument of every binding, given each JS type, is taken or refused with a TypeError naming it', async () => {
  let mod = await loadWasm();
  /** @type {string[]} */
  const failures = [];
  let calls = 0;
  for (const { name: binding } of callables(mod)) {
    const params = PARAMS[binding] ?? [];
    for (let i = 0; i < params.length; i++) {
      const [name, kind] = params[i];
      for (const sample of typeSamples()) {
        // The binding of the instance in use (a new one after a trap).
        const c = /** @type {Callable} */ (callables(mod).find((b) => b.name === binding));
        const args = params.map(([, , valid], j) => (j === i ? sample.value : valid(mod)));
        const got = call(mod, c, args);
        calls += 1;
        const what = `${c.name} with ${name} = ${sample.label}`;
        const accepted = ACCEPTS[kind].includes(sample.label);
        if (got.kind === 'trap' || got.kind === 'not an Error' || !alive(mod)) {
          failures.push(`${what}: ${got.kind} (${got.message})`);
          // The instance is in no known state after a trap: go on with a new one.
          mod = await loadWasm();
        } else if (kind === 'game') {
          if (got.kind === 'returned' || !/Game/.test(got.message)) failures.push(`${what}: ${got.kind} ${got.message}, not an Error naming Game`);
        } else if (accepted && got.kind === 'TypeError') {
          failures.push(`${what}: refused (${got.message})`);
        } else if (!accepted && (got.kind !== 'TypeError' || !got.message.includes(`${name} must be`))) {
          failures.push(`${what}: ${got.kind === 'returned' ? 'taken' : `${got.kind}: ${got.message}`}, not a TypeError naming ${name}`);
        }
      }
    }
  }
  assert.ok(calls > 400, `${calls} calls`);
  assert.deepEqual(failures, []);
});

test('the bindings without arguments run on a live, a freed and a bare instance without trapping', async () => {
  const mod = await loadWasm();
  for (const c of callables(mod)) {
    if (c.arity !== 0) continue;
    const live = call(mod, c, []);
    assert.notEqual(live.kind, 'trap', `${c.name}: ${live.message}`);
    if (c.kind !== 'method' || !c.cls) continue;
    const freed = /** @type {{ free: () => void }} */ (receiver(mod, c));
    freed.free();
    for (const self of [freed, Object.create(c.cls.prototype)]) {
      let kind = 'returned';
      try {
        invoke(c, [], self);
      } catch (e) {
        kind = throwKind(e);
      }
      assert.ok(kind === 'Error', `${c.name} on a freed or bare instance: ${kind}`);
    }
  }
  assert.ok(alive(mod));
});

test('a method refused a thousand times on a freed instance leaves the instance alive', async () => {
  // wasm-bindgen refuses a freed instance by throwing past the method's frame, which is lost
  // (its issue #1959): Game#undo's held a move list, and 300 refusals killed the instance.
  const base = await loadWasm();
  for (const { name, kind } of callables(base)) {
    if (kind !== 'method') continue;
    const mod = await loadWasm();
    const c = /** @type {Callable} */ (callables(mod).find((b) => b.name === name));
    const freed = /** @type {{ free: () => void }} */ (receiver(mod, c));
    freed.free();
    const args = (PARAMS[name] ?? []).map(([, , valid]) => valid(mod));
    for (let i = 0; i < 1000; i++) {
      try {
        invoke(c, args, freed);
      } catch (e) {
        assert.equal(throwKind(e), 'Error', `${name}: ${e}`);
      }
    }
    assert.ok(alive(mod), `${name}: the instance died`);
  }
});

test("the issue's five calls throw a TypeError naming the argument, and the instance lives on", async () => {
  const mod = await loadWasm();
  const game = new mod.Game('italian');
  const record = new mod.GameRecord('analysis', 'italian');
  /** @type {[string, () => unknown, RegExp][]} */
  const cases = [
    ['game.play(1)', () => game.play(/** @type {any} */ (1)), /^Game\.play: text must be a string, not number$/],
    ["PdnFile.parse(42, 'italian')", () => mod.PdnFile.parse(/** @type {any} */ (42), 'italian'), /^PdnFile\.parse: text must be a string, not number$/],
    ['new Game(5)', () => new mod.Game(/** @type {any} */ (5)), /^new Game: variant must be a string, not number$/],
    ['record.play(22)', () => record.play(/** @type {any} */ (22)), /^GameRecord\.play: text must be a string, not number$/],
    ['record.setComment(0, 5)', () => record.setComment(0, /** @type {any} */ (5)), /^GameRecord\.setComment: text must be a string or left out, not number$/],
  ];
  for (const [what, f, message] of cases) {
    assert.throws(f, (e) => e instanceof TypeError && message.test(e.message), what);
    assert.ok(alive(mod), `alive after ${what}`);
  }
  // And the objects called still work.
  assert.equal(game.play('22-18').text, '22-18');
  assert.equal(record.play('22-18').text, '22-18');
  assert.equal(record.cursor(), 1);
  record.setComment(0, 'fine');
  assert.match(record.toPdn(), /\{fine\}/);
});

test('an engine given something else than a Game throws an Error, and a freed Game too', async () => {
  const mod = await loadWasm();
  const engine = new mod.Engine(1);
  const freed = new mod.Game('italian');
  freed.free();
  for (const game of [{}, new mod.GameRecord('game', 'italian'), freed, null, 'game']) {
    assert.throws(() => engine.search(/** @type {any} */ (game), 1, 1, 0), Error);
    assert.throws(() => engine.analyse(/** @type {any} */ (game), 1, 1, 1), Error);
  }
  const live = new mod.Game('italian');
  assert.equal(typeof engine.search(live, 1, 5, 0).move, 'string');
  assert.ok(alive(mod));
});
