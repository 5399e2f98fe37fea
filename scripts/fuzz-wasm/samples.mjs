// @ts-check
// The values the bindings are called with: one of every JS type for the quick test
// (typeSamples), and the long run's many more (fuzzSamples).

/** A value to call with, and how to name it in a report. @typedef {{ label: string, value: unknown }} Sample */

export const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
export const PDN = '[Event "fuzz"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. 22-18 10-14 {a comment} 2. 23-19 *\n';

/**
 * One value of every JS type but the module's classes, labelled by type: what the quick test
 * (tests/unit/wasm-types.test.mjs) gives each argument.
 * @returns {Sample[]}
 */
export function typeSamples() {
  return [
    { label: 'undefined', value: undefined },
    { label: 'null', value: null },
    { label: 'boolean', value: true },
    // Out of every number argument's range but whyIllegal's, moveBudget's and scoreResult's:
    // quick to refuse, where 1 would run benchSearch for seconds.
    { label: 'number', value: -1 },
    { label: 'NaN', value: NaN },
    { label: 'bigint', value: 1n },
    { label: 'string', value: '22-18' },
    { label: 'symbol', value: Symbol('fuzz') },
    { label: 'object', value: {} },
    { label: 'array', value: [] },
    { label: 'function', value: () => 0 },
    { label: 'Int8Array', value: new Int8Array(32) },
    { label: 'Uint8Array', value: new Uint8Array(4) },
    { label: 'String object', value: new String('22-18') },
  ];
}

export const TWO_32 = 2 ** 32;

/**
 * The values of the long fuzz run: every JS type, at its limits and in the shapes the bindings
 * read (FENs, moves, PDN, game names, cells, bytes, tags), plus hostile objects: proxies that
 * throw from every trap, a revoked proxy, getters that throw, and objects whose conversion
 * frees the instance being called (`onConvert` is told when).
 * @param {() => void} onConvert
 * @returns {Sample[]}
 */
export function fuzzSamples(onConvert) {
  const numbers = [0, -0, 1, 2, 3, 7, 22, 32, 33, 255, 256, -1, 0.5, -0.5, 1.5, 2 ** 31, TWO_32 - 1,
    TWO_32, TWO_32 + 22, 2 ** 53, 2 ** 53 + 2, 1e300, Number.MAX_VALUE, Number.MIN_VALUE,
    Number.EPSILON, NaN, Infinity, -Infinity];
  const strings = {
    empty: '', space: ' ', italian: 'italian', brazilian: 'brazilian', Italian: 'Italian',
    white: 'white', black: 'black', start: START, kings: 'W:WK22,K18:BK5', blackToMove: 'B:W21:B12',
    badFen: 'W:W33:B1', move: '22-18', capture: '22x13', chain: '27x18x11x4', algebraic: 'c3-d4',
    win: '1-0', loss: '0-1', draw: '1/2-1/2', star: '*', old: '2-0', glyph: '!', glyph2: '?!',
    glyph5: '!!!!!', tag: 'Event', gameType: 'GameType', fenTag: 'FEN', pdn: PDN,
    brazilianPdn: '[GameType "26"]\n1. c3-d4 f6-g5 *', twoGames: `${PDN}\n${PDN}`, bracket: '[',
    brace: '}', open: '{', unicode: 'é♛中😀', nul: '\u0000', surrogate: '\uD800x', nonchar: '\uFFFF',
    digits: '5', nan: 'NaN', huge: 'x'.repeat(100_000), movesHuge: '22-18 '.repeat(20_000),
    // Past the 8 MiB a PDN file may have.
    pdnHuge: '1. 22-18 *\n\n'.repeat(800_000),
  };
  /** @param {string} why @returns {never} */
  const fail = (why) => {
    throw new Error(`fuzz: ${why}`);
  };
  const cells = Array.from({ length: 32 }, (_, i) => (i < 12 ? -1 : i >= 20 ? 1 : 0));
  const throwing = new Proxy(/** @type {unknown[]} */ ([]), {
    get: () => fail('proxy get'), has: () => fail('proxy has'), ownKeys: () => fail('proxy ownKeys'),
    getPrototypeOf: () => fail('proxy getPrototypeOf'), getOwnPropertyDescriptor: () => fail('proxy descriptor'),
  });
  const revocable = Proxy.revocable([], {});
  revocable.revoke();
  const getter = Object.defineProperty([1, 2], '0', { get: () => fail('getter') });
  /** Frees the instance being called when the bindings convert it. */
  const freeing = {
    valueOf: () => (onConvert(), 0),
    toString: () => (onConvert(), '22-18'),
  };
  const freeingArray = new Proxy([0, 0], {
    get: (target, key) => (key === 'length' && onConvert(), Reflect.get(target, key)),
  });
  const freeingItem = Object.defineProperty(['Event', 'x'], '1', { get: () => (onConvert(), 'x') });
  /** @type {Sample[]} */
  const out = [
    { label: 'undefined', value: undefined },
    { label: 'null', value: null },
    { label: 'true', value: true },
    { label: 'false', value: false },
    ...numbers.map((n) => ({ label: `number ${Object.is(n, -0) ? '-0' : n}`, value: n })),
    ...Object.entries(strings).map(([k, s]) => ({ label: `string ${k}`, value: s })),
    { label: 'bigint 0n', value: 0n },
    { label: 'bigint -1n', value: -1n },
    { label: 'bigint 2^64', value: 2n ** 64n },
    { label: 'symbol', value: Symbol('fuzz') },
    { label: 'Symbol.iterator', value: Symbol.iterator },
    { label: 'object {}', value: {} },
    { label: 'object null-prototype', value: Object.create(null) },
    { label: 'object length 32', value: { length: 32 } },
    { label: 'object length 2^32', value: { length: TWO_32 } },
    { label: 'object length -1', value: { length: -1 } },
    { label: 'object valueOf 1', value: { valueOf: () => 1 } },
    { label: 'object toString move', value: { toString: () => '22-18' } },
    { label: 'object that throws on conversion', value: { valueOf: () => fail('valueOf'), toString: () => fail('toString') } },
    { label: 'object that frees the receiver on conversion', value: freeing },
    { label: 'array []', value: [] },
    { label: 'array [1, 2]', value: [1, 2] },
    { label: 'array sparse', value: [, , 3] }, // eslint-disable-line no-sparse-arrays
    { label: 'array 32 zeros', value: new Array(32).fill(0) },
    { label: 'array start cells', value: cells },
    { label: 'array 32 strings', value: new Array(32).fill('1') },
    { label: 'array 32 of 255', value: new Array(32).fill(255) },
    { label: 'array tags', value: [['Event', 'x'], ['White', 'y']] },
    { label: 'array bad tags', value: [['Event'], [1, 2], 'x'] },
    { label: 'array NAGs', value: [1, 2, 255] },
    { label: 'array 9 NAGs', value: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { label: 'array with a throwing getter', value: getter },
    { label: 'array whose length frees the receiver', value: freeingArray },
    { label: 'array whose item frees the receiver', value: [freeingItem] },
    { label: 'proxy that throws', value: throwing },
    { label: 'revoked proxy', value: revocable.proxy },
    { label: 'Int8Array 32', value: new Int8Array(32) },
    { label: 'Int8Array start cells', value: Int8Array.from(cells) },
    { label: 'Uint8Array empty', value: new Uint8Array(0) },
    { label: 'Uint8Array 1 2 3', value: new Uint8Array([1, 2, 3]) },
    { label: 'Uint8Array 64 KiB', value: new Uint8Array(65536).fill(7) },
    { label: 'Float64Array', value: new Float64Array([1, NaN, -1]) },
    { label: 'Uint8ClampedArray', value: new Uint8ClampedArray(4) },
    { label: 'BigInt64Array', value: new BigInt64Array(2) },
    { label: 'DataView', value: new DataView(new ArrayBuffer(4)) },
    { label: 'ArrayBuffer', value: new ArrayBuffer(8) },
    { label: 'detached Uint8Array', value: detached() },
    { label: 'function', value: () => 0 },
    { label: 'async function', value: async () => 0 },
    { label: 'String object', value: new String('22-18') },
    { label: 'Number object', value: new Number(1) },
    { label: 'Boolean object', value: new Boolean(false) },
    { label: 'Date', value: new Date(0) },
    { label: 'RegExp', value: /x/ },
    { label: 'Map', value: new Map([[0, 1]]) },
    { label: 'Set', value: new Set([1]) },
    { label: 'Promise', value: Promise.resolve(1) },
    { label: 'Error', value: new Error('x') },
  ];
  return out;
}

/** A Uint8Array whose buffer was transferred away. */
function detached() {
  const a = new Uint8Array(8);
  structuredClone(a.buffer, { transfer: [a.buffer] });
  return a;
}
