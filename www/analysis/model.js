// @ts-check
// The analysis board's state, with no DOM: a game tree (the core's GameTree: moves, variations,
// comments, NAGs) and the move being looked at. Moves played from any position go into the
// tree: the move already there is followed, a new one starts a variation. What the page shows
// is read from here; Node tests drive it directly.

/** @import { GameTree, TreeNode, DamaRules, Variant } from '../shared/wasm-types.js' */

export class AnalysisModel {
  /**
   * @param {DamaRules} wasm
   * @param {GameTree} tree the model owns it (and frees it with `free`)
   */
  constructor(wasm, tree) {
    this.wasm = wasm;
    this.tree = tree;
    /** @type {TreeNode[]} */
    this.nodes = [];
    /** @type {Map<number, TreeNode>} */
    this.byId = new Map();
    this.refresh();
    /** The node shown (the root: the start position). */
    this.current = this.root.id;
  }

  /** Reads the tree's nodes again after a change. */
  refresh() {
    this.nodes = this.tree.nodes();
    this.byId = new Map(this.nodes.map((n) => [n.id, n]));
  }

  get root() {
    return /** @type {TreeNode} */ (this.nodes.find((n) => n.parent === null));
  }

  get variant() {
    return /** @type {Variant} */ (this.tree.variant());
  }

  /** @param {number} id */
  node(id) {
    return this.byId.get(id);
  }

  get currentNode() {
    return /** @type {TreeNode} */ (this.byId.get(this.current));
  }

  /** The moves from the start to node `id`, as texts. @param {number} [id] */
  movesTo(id = this.current) {
    /** @type {string[]} */
    const out = [];
    for (let n = this.byId.get(id); n && n.parent !== null; n = this.byId.get(n.parent)) out.unshift(n.text);
    return out;
  }

  /** The main line's nodes after the root, in order. */
  mainline() {
    /** @type {TreeNode[]} */
    const out = [];
    for (let n = this.byId.get(this.root.children[0]); n; n = this.byId.get(n.children[0])) out.push(n);
    return out;
  }

  /**
   * The core's game at node `id` (its whole history, so repetitions and the king-move count
   * hold); the caller frees it.
   * @param {number} [id]
   */
  gameAt(id = this.current) {
    return this.tree.game(id);
  }

  /**
   * Plays `text` from the position shown: the same move already in the tree is followed,
   * another one starts a variation. Throws with the core's reason for an illegal move, and
   * then nothing has changed. Returns the node now shown.
   * @param {string} text
   */
  play(text) {
    const here = this.currentNode;
    for (const c of here.children) {
      if (this.byId.get(c)?.text === text) {
        this.current = c;
        return c;
      }
    }
    const id = this.tree.play(here.id, text);
    this.refresh();
    this.current = id;
    return id;
  }

  /**
   * Plays a line of moves from the position shown (an engine line clicked up to a move).
   * @param {string[]} texts
   */
  playLine(texts) {
    for (const t of texts) this.play(t);
    return this.current;
  }

  /** @param {number} id */
  goto(id) {
    if (this.byId.has(id)) this.current = id;
  }

  /** Back one move. */
  prev() {
    const p = this.currentNode.parent;
    if (p !== null) this.current = p;
  }

  /** On one move, along the main continuation. */
  next() {
    const c = this.currentNode.children[0];
    if (c !== undefined) this.current = c;
  }

  first() {
    this.current = this.root.id;
  }

  /** The end of the line shown (following each position's first move). */
  last() {
    let n = this.currentNode;
    while (n.children.length) n = /** @type {TreeNode} */ (this.byId.get(n.children[0]));
    this.current = n.id;
  }

  /**
   * The other move played from the same position: the variation before (-1) or after (+1)
   * the one shown.
   * @param {number} step
   */
  sibling(step) {
    const n = this.currentNode;
    if (n.parent === null) return;
    const kids = /** @type {TreeNode} */ (this.byId.get(n.parent)).children;
    const i = kids.indexOf(n.id) + step;
    if (i >= 0 && i < kids.length) this.current = kids[i];
  }

  /** The main-line node after `ply` moves (the root for 0), or undefined past the end. @param {number} ply */
  mainlineAt(ply) {
    return ply === 0 ? this.root : this.mainline()[ply - 1];
  }

  /**
   * Deletes the move `id` and everything after it; the position shown moves back to before it
   * if it was inside.
   * @param {number} id
   */
  delete(id) {
    const n = this.byId.get(id);
    if (!n || n.parent === null) return;
    let inside = false;
    for (let c = this.byId.get(this.current); c; c = c.parent === null ? undefined : this.byId.get(c.parent)) {
      if (c.id === id) inside = true;
    }
    this.tree.delete(id);
    this.refresh();
    if (inside) this.current = n.parent;
  }

  /**
   * Makes the variation through `id` one step more important (the main line when it is the
   * first alternative).
   * @param {number} id
   */
  promote(id) {
    // The core finds the variation holding `id` (false on the main line).
    if (!this.byId.has(id)) return false;
    const changed = this.tree.promote(id);
    this.refresh();
    return changed;
  }

  /**
   * @param {number} id
   * @param {string | null} text
   */
  setComment(id, text) {
    this.tree.setComment(id, text && text.trim() ? text.trim() : null);
    this.refresh();
  }

  /** The tree as PDN, with its variations and comments. */
  pdn() {
    return this.tree.toPdn();
  }

  free() {
    this.tree.free();
  }
}
