// @ts-check
// The games explorer's index: every position of every game's main line, as its key
// (Game.positionKey) with the game and the move played from it, sorted by key so that the
// games of a position are one binary search away, however many games there are. Built in a
// worker (games.worker.js) and queried on the page; plain data, so it crosses postMessage
// (its arrays transferred, not copied). No rules here: the core gave the keys and the moves.

/**
 * A game of the index: where it comes from (a saved game's id, or a loaded file's id and the
 * game's number in it), its players and its result for White (1 win, 0.5 draw, 0 loss, null
 * unknown).
 * @typedef {{source: 'library' | 'file', id: string, index: number, white: string, black: string,
 *   event: string, date: string, result: number | null, plies: number}} IndexedGame
 */

/**
 * @typedef {object} GamesIndex
 * @property {Float64Array} keys the position keys, ascending
 * @property {Uint32Array} game for each key, its game's number in `games`
 * @property {Uint32Array} ply for each key, the ply at which the game reached it
 * @property {Int32Array} move for each key, the move played from it (its number in `moveTexts`), -1 where the game ended
 * @property {string[]} moveTexts
 * @property {IndexedGame[]} games
 */

/** The most positions an index holds (16 bytes each: 32 MB); the games past it are left out, and said. */
export const MAX_POSITIONS = 2_000_000;

/** Adds games one at a time, then sorts them into an index. */
export class IndexBuilder {
  constructor() {
    /** @type {number[]} */
    this.keys = [];
    /** @type {number[]} */
    this.gameOf = [];
    /** @type {number[]} */
    this.plyOf = [];
    /** @type {number[]} */
    this.moveOf = [];
    /** @type {Map<string, number>} */
    this.moveIds = new Map();
    /** @type {IndexedGame[]} */
    this.games = [];
    /** Games not indexed because the index was full. */
    this.left = 0;
  }

  /**
   * @param {IndexedGame} game
   * @param {ArrayLike<number>} keys one more than the moves: the position before each, then the last
   * @param {string[]} moves
   * @returns {boolean} false (and nothing added) when the index has no room left for it
   */
  add(game, keys, moves) {
    if (keys.length !== moves.length + 1) throw new Error(`a game of ${moves.length} moves needs ${moves.length + 1} keys, not ${keys.length}`);
    if (this.keys.length + keys.length > MAX_POSITIONS) {
      this.left++;
      return false;
    }
    const g = this.games.length;
    this.games.push(game);
    for (let i = 0; i < keys.length; i++) {
      this.keys.push(keys[i]);
      this.gameOf.push(g);
      this.plyOf.push(i);
      if (i < moves.length) {
        let id = this.moveIds.get(moves[i]);
        if (id === undefined) this.moveIds.set(moves[i], (id = this.moveIds.size));
        this.moveOf.push(id);
      } else this.moveOf.push(-1);
    }
    return true;
  }

  /** @returns {GamesIndex} */
  finish() {
    const n = this.keys.length;
    const keys = Float64Array.from(this.keys);
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    // By key, then in the order added (a game's own repetitions stay in its order).
    order.sort((a, b) => keys[a] - keys[b] || a - b);
    const out = {
      keys: new Float64Array(n),
      game: new Uint32Array(n),
      ply: new Uint32Array(n),
      move: new Int32Array(n),
      moveTexts: [...this.moveIds.keys()],
      games: this.games,
    };
    for (let i = 0; i < n; i++) {
      const j = order[i];
      out.keys[i] = keys[j];
      out.game[i] = this.gameOf[j];
      out.ply[i] = this.plyOf[j];
      out.move[i] = this.moveOf[j];
    }
    return out;
  }
}



/** A saved game's PDN, or a loaded file's. @typedef {{source: 'library' | 'file', id: string, text: string}} Source */

/**
 * Indexes every game of `sources` that is of `variant` and replays (read by the core's
 * PdnFile: the rules' build); what the worker does, and the benchmark and the tests the same.
 * @param {{PdnFile: typeof import('../../pkg/dama_rules.js').PdnFile}} core
 * @param {import('../../shared/wasm-types.js').Variant} variant
 * @param {Source[]} sources
 */
export function indexSources(core, variant, sources) {
  const builder = new IndexBuilder();
  /** Each indexed game's own text, to open it from the page. @type {string[]} */
  const texts = [];
  let skipped = 0;
  let other = 0;
  for (const s of sources) {
    let file;
    try {
      file = core.PdnFile.parse(s.text, variant);
    } catch {
      skipped++;
      continue;
    }
    try {
      for (let i = 0; i < file.count(); i++) {
        const sum = file.summary(i);
        if (sum.variant !== variant) {
          other++;
          continue;
        }
        if (sum.error) {
          skipped++;
          continue;
        }
        const line = file.mainline(i);
        const game = { source: s.source, id: s.id, index: i, white: sum.white, black: sum.black, event: sum.event, date: sum.date, result: resultForWhite(line.result), plies: line.moves.length };
        if (builder.add(game, line.keys, line.moves)) texts.push(s.source === 'library' ? s.text : file.gameText(i));
      }
    } catch {
      skipped++;
    } finally {
      file.free();
    }
  }
  return { index: builder.finish(), texts, skipped, other, left: builder.left };
}

/** The first index of `key` in the sorted keys (or where it would go). @param {Float64Array} keys @param {number} key */
function lowerBound(keys, key) {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The moves played from one position, with their games.
 * @typedef {{text: string, games: number, white: number, draws: number, black: number,
 *   score: number | null, list: {game: number, ply: number}[]}} MoveStats
 *   `score`: White's average result over the games with a result (null if none)
 */

/**
 * What the games of the index did from the position of `key`: each move with its games and
 * results, the most played first; and how many games reached it (a game that reached it twice
 * counts once, at its first time there) and ended there.
 * @param {GamesIndex} index
 * @param {number} key
 * @returns {{games: number, ended: number, moves: MoveStats[]}}
 */
export function positionStats(index, key) {
  const from = lowerBound(index.keys, key);
  /** @type {Map<number, MoveStats>} */
  const byMove = new Map();
  /** @type {Set<number>} */
  const seen = new Set();
  let ended = 0;
  for (let i = from; i < index.keys.length && index.keys[i] === key; i++) {
    const g = index.game[i];
    if (seen.has(g)) continue;
    seen.add(g);
    const m = index.move[i];
    if (m < 0) {
      ended++;
      continue;
    }
    let s = byMove.get(m);
    if (!s) byMove.set(m, (s = { text: index.moveTexts[m], games: 0, white: 0, draws: 0, black: 0, score: null, list: [] }));
    s.games++;
    const r = index.games[g].result;
    if (r === 1) s.white++;
    else if (r === 0) s.black++;
    else if (r === 0.5) s.draws++;
    s.list.push({ game: g, ply: index.ply[i] });
  }
  const moves = [...byMove.values()];
  for (const s of moves) {
    const decided = s.white + s.draws + s.black;
    s.score = decided ? (s.white + s.draws / 2) / decided : null;
  }
  moves.sort((a, b) => b.games - a.games || (a.text < b.text ? -1 : 1));
  return { games: seen.size, ended, moves };
}

/** A PDN result for White: 1, 0.5, 0, or null when unknown ("*"). Italian "2-0" and "1-1" count too. @param {string} r */
export function resultForWhite(r) {
  switch (r.trim()) {
    case '1-0':
    case '2-0':
      return 1;
    case '0-1':
    case '0-2':
      return 0;
    case '1/2-1/2':
    case '1-1':
      return 0.5;
    default:
      return null;
  }
}
