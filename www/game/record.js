// @ts-check
// A game's record as a tree of the core's (GameTree): the moves played are the start of its
// main line, and nothing in it is ever dropped. A move past the main line's end is added to
// it; a move that leaves the main line (after a take-back) is added beside the move it
// replaces and promoted, so the line it replaces stays, as a variation. The same keeps two
// copies of one game together: a copy that has moved on is played into the other's tree.
// Knows no rules: the core checks every move.

/** @typedef {import('../shared/wasm-types.js').TreeNode} TreeNode */

/**
 * The main line's moves, in order.
 * @param {any} tree the core's GameTree
 * @returns {string[]}
 */
export function mainline(tree) {
  return /** @type {TreeNode[]} */ (tree.nodes())
    .filter((n) => n.mainline && n.parent !== null)
    .sort((a, b) => a.ply - b.ply)
    .map((n) => n.text);
}

/** The number of moves two lines share from their start. @param {string[]} a @param {string[]} b */
export function shared(a, b) {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

/**
 * Makes `moves` the start of the tree's main line (see the module's note). Throws the core's
 * refusal when the tree cannot take them (a move that is not legal there, the tree's bounds),
 * and then the main line is as it was and no new variation is left behind.
 * @param {any} tree
 * @param {string[]} moves
 */
export function extend(tree, moves) {
  const nodes = /** @type {TreeNode[]} */ (tree.nodes());
  const main = nodes.filter((n) => n.mainline && n.parent !== null).sort((a, b) => a.ply - b.ply);
  const k = shared(main.map((n) => n.text), moves);
  if (k === moves.length) return;
  const from = k === 0 ? /** @type {TreeNode} */ (nodes.find((n) => n.parent === null)) : main[k - 1];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // A variation may already hold the move: it is then taken up, not added (nor removed).
  const known = from.children.some((c) => byId.get(c)?.text === moves[k]);
  const first = tree.play(from.id, moves[k]);
  try {
    let id = first;
    for (const m of moves.slice(k + 1)) id = tree.play(id, m);
    if (k < main.length) tree.promote(first);
  } catch (err) {
    if (!known) tree.delete(first);
    throw err;
  }
}

/**
 * Makes a game's moves (the core's Game) the start of its record's main line (extend). Throws,
 * changing nothing, for the record of another game (another variant or start) or one that
 * cannot take them.
 * @param {any} tree
 * @param {any} game
 */
export function recordGame(tree, game) {
  if (tree.variant() !== game.variant() || rootFen(tree) !== game.startFen()) throw new Error("the game's record is of another game");
  extend(tree, game.history().map((/** @type {{text: string}} */ m) => m.text));
}

/**
 * The PDN result of a core's game result.
 * @param {{winner: string | null} | null | undefined} result
 */
export function resultToken(result) {
  if (!result) return '*';
  return result.winner === 'white' ? '1-0' : result.winner === 'black' ? '0-1' : '1/2-1/2';
}

/** Results the PDN writes in two ways (Brazilian files often count points). */
const SAME = /** @type {Record<string, string>} */ ({ '2-0': '1-0', '0-2': '0-1', '1-1': '1/2-1/2', '0-0': '*' });

/**
 * Sets the tree's result to `token` unless it already says the same in other words.
 * @param {any} tree
 * @param {string} token
 */
export function setResult(tree, token) {
  const now = tree.result();
  if ((SAME[now] ?? now) !== token) tree.setResult(token);
}

/**
 * A game tree from the first game of a PDN text, read as `variant` where it names no game.
 * @param {any} wasm
 * @param {string} pdn
 * @param {string} variant
 */
export function treeFromPdn(wasm, pdn, variant) {
  const file = wasm.PdnFile.parse(pdn, variant);
  try {
    return file.tree(0);
  } finally {
    file.free();
  }
}

/**
 * A copy of a game played into its saved record when the record has moved on since the copy
 * was taken (another tab wrote it) and the two are still one game with the copy ahead: the
 * record's main line starts the copy's moves, so its comments, variations and review stay and
 * the copy's moves follow them. Returns that tree (the caller frees it), or null when they
 * are two games (another game or start, lines that part, or a record that ended where the
 * copy did not): then the copy must be saved apart, never over the record.
 * @param {any} wasm
 * @param {string} recordPdn
 * @param {{variant: string, startFen: string, moves: string[], result: string}} ours
 */
export function mergeInto(wasm, recordPdn, ours) {
  let tree;
  try {
    tree = treeFromPdn(wasm, recordPdn, ours.variant);
  } catch {
    return null;
  }
  const theirs = mainline(tree);
  const theirResult = SAME[tree.result()] ?? tree.result();
  const one =
    tree.variant() === ours.variant &&
    rootFen(tree) === ours.startFen &&
    shared(theirs, ours.moves) === theirs.length &&
    (theirResult === '*' || (theirs.length === ours.moves.length && theirResult === ours.result));
  if (one) {
    try {
      extend(tree, ours.moves);
      return tree;
    } catch {
      // A record too full to take the copy's moves: saved apart.
    }
  }
  tree.free();
  return null;
}

/** The start position of a tree (its root's FEN). @param {any} tree @returns {string} */
export const rootFen = (tree) => /** @type {TreeNode[]} */ (tree.nodes()).find((n) => n.parent === null)?.fen ?? '';
