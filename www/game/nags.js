// @ts-check
// PDN's Numeric Annotation Glyphs as players read them: "$4" is "??", "$16" is "±". The table
// is PGN's (which PDN takes over): $1-$6 judge the move (! ? !! ?? !? ?!), $7-$8 an only move,
// $10-$19 the position (= ∞ ⩲ ⩱ ± ∓ +− −+), $20-$21 a crushing lead (as +− −+). Others have
// no symbol in common use and keep their code. Each symbol comes with the i18n key of what it
// means. No DOM.

/** @typedef {{key: string, side?: 'white' | 'black'}} NagTitle the key of its meaning, and the side it speaks of */
/** @typedef {{symbol: string, title: NagTitle, move: boolean}} Nag `move`: it judges the move (written right after it) */

/** @type {Map<number, Nag>} */
const NAGS = new Map(
  /** @type {[number, string, string, ('white' | 'black')?][]} */ ([
    [1, '!', 'nagGood'],
    [2, '?', 'an_mistake'],
    [3, '!!', 'nagVeryGood'],
    [4, '??', 'an_blunder'],
    [5, '!?', 'nagInteresting'],
    [6, '?!', 'an_inaccuracy'],
    [7, '□', 'nagOnlyMove'],
    [8, '□', 'nagOnlyMove'],
    [10, '=', 'anLevel'],
    [11, '=', 'anLevel'],
    [12, '=', 'anLevel'],
    [13, '∞', 'nagUnclear'],
    [14, '⩲', 'nagSlightlyBetter', 'white'],
    [15, '⩱', 'nagSlightlyBetter', 'black'],
    [16, '±', 'nagBetter', 'white'],
    [17, '∓', 'nagBetter', 'black'],
    [18, '+−', 'nagWinning', 'white'],
    [19, '−+', 'nagWinning', 'black'],
    [20, '+−', 'nagWinning', 'white'],
    [21, '−+', 'nagWinning', 'black'],
  ]).map(([n, symbol, key, side]) => [n, { symbol, title: side ? { key, side } : { key }, move: n <= 6 }]),
);

/** A move's glyph as written after it ("22-18?") is the NAG of the same symbol. */
const GLYPHS = new Map([...NAGS].filter(([, g]) => g.move).map(([n, g]) => [g.symbol, n]));

/**
 * What follows a move in a move list: the marks of its glyph and NAGs, each once, a judgement
 * of the move right after it ("??"), any other mark after a space (" ±"); with the meaning of
 * each mark that has a symbol.
 * @param {number[]} nags
 * @param {string} [glyph] the `!`/`?` written after the move
 * @returns {{text: string, titles: NagTitle[]}}
 */
export function annotation(nags, glyph = '') {
  /** @type {string[]} */
  const marks = [];
  /** @type {NagTitle[]} */
  const titles = [];
  const first = glyph ? GLYPHS.get(glyph) : undefined;
  if (glyph) marks.push(glyph);
  if (first !== undefined) titles.push(/** @type {Nag} */ (NAGS.get(first)).title);
  for (const n of nags) {
    if (n === 0 || n === first) continue; // $0: no annotation
    const nag = NAGS.get(n);
    const mark = nag ? nag.symbol : `$${n}`;
    if (marks.includes(mark)) continue;
    marks.push(mark);
    if (nag) titles.push(nag.title);
  }
  const attached = !!glyph || !!NAGS.get(nags.find((n) => n !== 0) ?? -1)?.move;
  const text = marks.join(' ');
  return { text: attached || !text ? text : ` ${text}`, titles };
}
