// The two builds of the wasm core (`make build`): the pages' (www/pkg/dama_rules*, the rules
// alone, wasm-opt -Oz) and the engine workers' (www/pkg/dama_wasm*, the rules and the engine,
// wasm-opt -O3). The wasm tests (crates/dama-wasm/tests/web.rs) and the type checks of every
// binding (wasm-types.test.mjs) run on the engine's build; the rules' build is the same Rust
// without the engine's exports (its searches and `Game`, the game alone they search: the pages'
// one game class is GameRecord), optimised otherwise: here it must have exactly the other's
// exports but those, answer as it does move for move, and survive what the other survives (a
// freed game refused a thousand times: wasm-bindgen loses the refused call's stack frame, whose
// size is the optimiser's choice; built with opt-level "z" the rules died after about 10,800
// such refusals, the engine after 21,400).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadCore, loadEngineCore } from './core.mjs';

/** What only the engine's build has (crates/dama-wasm's `engine` feature). */
const ENGINE_ONLY = ['Engine', 'Game', 'benchSearch', 'bookPositions', 'installBook', 'perft', 'scoreResult', 'scoreText'];

const rules = await loadCore();
const engine = await loadEngineCore();

/** A generator of whole numbers below n, the same every run. @param {number} seed */
function random(seed) {
  let s = seed >>> 0;
  return (/** @type {number} */ n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

test("the rules' build has the engine's exports but the engine's own, and the same classes", () => {
  const names = (/** @type {object} */ mod) => Object.keys(mod).sort();
  assert.deepEqual(names(rules), names(engine).filter((n) => !ENGINE_ONLY.includes(n)));
  for (const cls of ['GameRecord', 'PdnFile']) {
    const members = (/** @type {any} */ c) => [...Object.getOwnPropertyNames(c), ...Object.getOwnPropertyNames(c.prototype)].sort();
    assert.deepEqual(members(rules[cls]), members(engine[cls]), cls);
  }
});

test('both builds answer alike, move for move, in 40 random games of each kind, and write and read them alike', () => {
  const next = random(21);
  for (const variant of ['italian', 'brazilian']) {
    for (let n = 0; n < 40; n++) {
      const a = new rules.GameRecord('game', variant);
      const b = new engine.GameRecord('game', variant);
      for (let ply = 0; ply < 200 && !a.result(); ply++) {
        const moves = a.legalMoves();
        assert.deepEqual(moves, b.legalMoves(), `${variant} game ${n}, ply ${ply}`);
        assert.equal(a.fen(), b.fen());
        const m = moves[next(moves.length)];
        assert.deepEqual(a.play(m.text), b.play(m.text));
        assert.deepEqual(a.whyIllegal(m.from, m.from), b.whyIllegal(m.from, m.from));
      }
      assert.deepEqual(a.result(), b.result());
      const pdn = a.toPdn();
      assert.equal(pdn, b.toPdn());
      const [fa, fb] = [rules.PdnFile.parse(pdn, variant), engine.PdnFile.parse(pdn, variant)];
      assert.deepEqual(fa.summary(0), fb.summary(0));
      const [ta, tb] = [fa.record(0, 'game'), fb.record(0, 'game')];
      assert.deepEqual(ta.nodes(), tb.nodes());
      assert.deepEqual([ta.result(), ta.history()], [tb.result(), tb.history()]);
      for (const x of [a, b, fa, fb, ta, tb]) x.free();
    }
  }
});

const RULES_PKG = new URL('../../www/pkg/', import.meta.url);
const rulesWasm = WebAssembly.compile(await readFile(new URL('dama_rules_bg.wasm', RULES_PKG)));
let instances = 0;
/** A fresh instance of the rules' build (its glue imported under another address). */
async function freshRules() {
  const mod = await import(new URL(`dama_rules.js?instance=${++instances}`, RULES_PKG).href);
  await mod.default({ module_or_path: await rulesWasm });
  return mod;
}

test("the rules' build refuses a freed game's methods a thousand times each and lives on", async () => {
  /** Each method with valid arguments. @type {[string, unknown[]][]} */
  const calls = [
    ['fen', []], ['startFen', []], ['turn', []], ['board', []], ['ply', []], ['legalMoves', []],
    ['undo', []], ['redo', []], ['canRedo', []], ['canUndo', []], ['history', []], ['result', []], ['agreeDraw', []], ['variant', []],
    ['play', ['22-18']], ['boardAt', [0]], ['squareName', [1]], ['whyIllegal', [22, 18]],
    ['resign', ['white']], ['loseOnTime', ['white']], ['positionKey', []], ['kind', []], ['cursor', []],
    ['goto', [0]], ['gameAt', [0]], ['lineOnly', [[['Event', 'x']]]], ['toPdn', []], ['nodes', []], ['tags', []],
    ['setTag', ['Event', 'x']], ['pdnResult', []], ['setPdnResult', ['1-0']], ['setComment', [0, 'x']],
    ['setPreComment', [0, 'x']], ['setGlyph', [0, '!']], ['setNags', [0, [1]]], ['delete', [0]], ['promote', [0]],
  ];
  const methods = Object.getOwnPropertyNames(rules.GameRecord.prototype).filter((m) => m !== 'constructor' && m !== 'free' && !m.startsWith('__'));
  assert.deepEqual(calls.map(([m]) => m).sort(), methods.sort(), 'every method of GameRecord is called');
  for (const [method, args] of calls) {
    const mod = await freshRules();
    const freed = new mod.GameRecord('game', 'italian');
    freed.free();
    for (let i = 0; i < 1000; i++) assert.throws(() => freed[method](...args), Error, method);
    const live = new mod.GameRecord('game', 'italian');
    assert.equal(live.play('22-18').text, '22-18', `alive after ${method}`);
    live.free();
  }
});
