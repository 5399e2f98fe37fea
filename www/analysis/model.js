// @ts-check
// The analysis board's state, with no DOM: the game's record as an analysis (the core's
// GameRecord: moves, variations, comments, NAGs, and a cursor on the move shown). Moves played
// from any position go into it: the move already there is followed, a new one starts a
// variation. The nodes are read again after each change, for the page to show; where to go is
// the record's cursor. Node tests drive it directly.

/** @import { GameRecord, TreeNode, DamaRules, Variant } from '../shared/wasm-types.js' */

export class AnalysisModel {
  /**
   * @param {DamaRules} wasm
   * @param {GameRecord} record an analysis ('analysis'); the model owns it (and frees it with `free`)
   */
  constructor(wasm, record) {
    this.wasm = wasm;
    this.record = record;
    /** @type {TreeNode[]} */
    this.nodes = [];
    /** @type {Map<number, TreeNode>} */
    this.byId = new Map();
    this.refresh();
  }

  /** Reads the record's nodes again after a change. */
  refresh() {
    this.nodes = this.record.nodes();
    this.byId = new Map(this.nodes.map((n) => [n.id, n]));
  }

  /** The node shown: the record's cursor. */
  get current() {
    return this.record.cursor();
  }

  get root() {
    return /** @type {TreeNode} */ (this.nodes[0]);
  }

  get variant() {
    return /** @type {Variant} */ (this.record.variant());
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
   * The core's game at node `id`, as a record of the line to it (its whole history, so
   * repetitions and the king-move count hold); the caller frees it.
   * @param {number} [id]
   */
  gameAt(id = this.current) {
    return this.record.gameAt(id);
  }

  /**
   * Plays `text` from the position shown: the same move already in the record is followed,
   * another one starts a variation. Throws with the core's reason for an illegal move, and
   * then nothing has changed. Returns the node now shown.
   * @param {string} text
   */
  play(text) {
    this.record.play(text);
    this.refresh();
    return this.current;
  }

  /**
   * Plays a line of moves from the position shown (an engine line clicked up to a move).
   * @param {string[]} texts
   */
  playLine(texts) {
    for (const t of texts) this.play(t);
    return this.current;
  }

  /**
   * Adds a line of moves after node `from` (variations where the record has other moves),
   * the position shown kept; returns the node of each move. Throws the core's reason for a
   * move it refuses, having added the moves before it.
   * @param {number} from
   * @param {string[]} texts
   */
  addLine(from, texts) {
    const shown = this.current;
    /** @type {number[]} */
    const ids = [];
    try {
      this.record.goto(from);
      for (const t of texts) {
        this.record.play(t);
        ids.push(this.record.cursor());
      }
    } finally {
      this.record.goto(shown);
      this.refresh();
    }
    return ids;
  }

  /** @param {number} id */
  goto(id) {
    if (this.byId.has(id) && id !== this.current) this.record.goto(id);
  }

  /** Back one move. */
  prev() {
    this.record.undo();
  }

  /** On one move, along the main continuation. */
  next() {
    this.record.redo();
  }

  first() {
    this.goto(this.root.id);
  }

  /** The end of the line shown (following each position's first move). */
  last() {
    let n = this.currentNode;
    while (n.children.length) n = /** @type {TreeNode} */ (this.byId.get(n.children[0]));
    this.goto(n.id);
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
    if (i >= 0 && i < kids.length) this.goto(kids[i]);
  }

  /** The main-line node after `ply` moves (the root for 0), or undefined past the end. @param {number} ply */
  mainlineAt(ply) {
    return ply === 0 ? this.root : this.mainline()[ply - 1];
  }

  /**
   * Where node `id` is, as a link says it: the main line's move it branches from (its ply) and
   * the moves from there (none for a move of the main line). The moves' texts, not their
   * places among their siblings: the same game read again finds them however it orders them.
   * @param {number} [id]
   * @returns {{ply: number, line: string[]}}
   */
  placeOf(id = this.current) {
    /** @type {string[]} */
    const line = [];
    let n = this.byId.get(id);
    for (; n && !n.mainline && n.parent !== null; n = this.byId.get(n.parent)) line.unshift(n.text);
    return { ply: n ? n.ply : 0, line };
  }

  /**
   * The node a link names (placeOf's inverse), or undefined where the record has no such move.
   * @param {number} ply a main-line ply
   * @param {string[]} [line] the moves from there
   */
  nodeAt(ply, line = []) {
    /** @type {TreeNode | undefined} */
    let n = this.mainlineAt(ply);
    for (const text of line) n = n?.children.map((c) => this.byId.get(c)).find((c) => c?.text === text);
    return n;
  }

  /**
   * Deletes the move `id` and everything after it; the position shown moves back to before it
   * if it was inside (the record's cursor goes so).
   * @param {number} id
   */
  delete(id) {
    const n = this.byId.get(id);
    if (!n || n.parent === null) return;
    this.record.delete(id);
    this.refresh();
  }

  /**
   * Makes the variation through `id` one step more important (the main line when it is the
   * first alternative).
   * @param {number} id
   */
  promote(id) {
    // The core finds the variation holding `id` (false on the main line).
    if (!this.byId.has(id)) return false;
    const changed = this.record.promote(id);
    this.refresh();
    return changed;
  }

  /**
   * @param {number} id
   * @param {string | null} text
   */
  setComment(id, text) {
    this.record.setComment(id, text && text.trim() ? text.trim() : null);
    this.refresh();
  }

  /**
   * Sets move `id`'s NAGs.
   * @param {number} id
   * @param {number[]} nags
   */
  setNags(id, nags) {
    this.record.setNags(id, nags);
    this.refresh();
  }

  /** The game's tags, in order. */
  tags() {
    return this.record.tags();
  }

  /** The PDN result, as read or set. */
  result() {
    return this.record.pdnResult();
  }

  /** The record as PDN, with its variations and comments. */
  pdn() {
    return this.record.toPdn();
  }

  free() {
    this.record.free();
  }
}
