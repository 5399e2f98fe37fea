// @ts-check
// A game tree as a move list, the way the sites show one: the main line in numbered rows of
// a move pair, and after a move its comment and the variations that replace it, each an
// indented line of buttons (nested variations inside it). Used by the game page for an
// imported game and by the analysis board. Knows no rules: the nodes come from the core's
// GameRecord.nodes().

import { t } from '../shared/i18n.js';
import { moveNumber } from './texts.js';
import { annotation } from './nags.js';

/** @import { TreeNode } from '../shared/wasm-types.js' */
/**
 * @typedef {object} TreeViewOptions
 * @property {'white' | 'black'} first the side to move at the start
 * @property {number | undefined} shown the node shown (marked current)
 * @property {(n: TreeNode) => void} onClick
 * @property {(n: TreeNode) => string} [mark] a class for the move (a review's judgement), or ''
 */

export const numberSpan = (/** @type {string} */ text) => Object.assign(document.createElement('span'), { className: 'num', textContent: text });

/**
 * @param {string} text
 * @param {string} key
 * @param {boolean} current
 * @param {() => void} onClick
 */
export function moveButton(text, key, current, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = current ? 'move current' : 'move';
  b.textContent = text;
  b.dataset.key = key;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * Fills `list` (an <ol>) with the tree's moves.
 * @param {HTMLElement} list
 * @param {TreeNode[]} nodes
 * @param {TreeViewOptions} o
 */
export function renderTree(list, nodes, o) {
  const { first, shown, onClick, mark } = o;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const root = nodes.find((n) => n.parent === null);
  if (!root) return;
  // PDN's commands in comments ([%eval 0.35], [%clock ...]) are for programs, not readers.
  /** @param {string | null} text */
  const readable = (text) => (text ?? '').replace(/\[%[^\]]*\]\s*/g, '').trim();
  /** @param {string | null} text */
  const comment = (text) => Object.assign(document.createElement('span'), { className: 'comment', textContent: readable(text) });
  /** @param {TreeNode} n @param {boolean} numbered */
  const nodeButton = (n, numbered) => {
    const frag = document.createDocumentFragment();
    if (readable(n.preComment)) frag.append(comment(n.preComment));
    if (numbered) frag.append(numberSpan(moveNumber(n.ply, first)));
    // NAGs as their symbols ("24-20??"), what each means in the button's title.
    const marks = annotation(n.nags, n.glyph || '');
    const b = frag.appendChild(moveButton(n.text + marks.text, `n${n.id}`, n.id === shown, () => onClick(n)));
    const meaning = marks.titles.map(({ key, side }) => t(key, side ? { side: t(side) } : {})).join(', ');
    if (meaning) b.title = meaning;
    const cls = mark?.(n);
    if (cls) b.classList.add(cls);
    b.dataset.node = String(n.id);
    if (n.mainline) b.dataset.ply = String(n.ply);
    if (readable(n.comment)) frag.append(comment(n.comment));
    return frag;
  };
  // A variation: the alternative move, then its own main line, with nested variations inline.
  /** @param {TreeNode} start */
  const variation = (start) => {
    const box = document.createElement('span');
    box.className = 'variation';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', t('variationLabel'));
    // Each move, then the variations replacing it; a number where the line starts, after a
    // comment or variations, and on White's moves.
    /** @type {TreeNode | undefined} */
    let n = start;
    /** @type {TreeNode[]} */
    let alts = [];
    let numbered = true;
    while (n) {
      box.append(nodeButton(n, numbered || n.ply % 2 === (first === 'black' ? 0 : 1)));
      numbered = !!readable(n.comment) || alts.length > 0;
      for (const a of alts) box.append(variation(a));
      /** @type {TreeNode[]} */
      const kids = n.children.map((c) => /** @type {TreeNode} */ (byId.get(c)));
      alts = kids.slice(1);
      n = kids[0];
    }
    return box;
  };
  if (readable(root.comment)) {
    const li = document.createElement('li');
    li.className = 'aside';
    li.append(comment(root.comment));
    list.append(li);
  }
  // The main line, one row per move pair; a comment or variations break the row, and the
  // variations that replace a move come right after it.
  /** @type {HTMLLIElement | null} */
  let li = null;
  let parent = root;
  let n = byId.get(root.children[0]);
  while (n) {
    const white = (n.ply + (first === 'black' ? 1 : 0)) % 2 === 1;
    if (!li || white) {
      li = document.createElement('li');
      li.append(numberSpan(moveNumber(n.ply, first)));
      list.append(li);
    }
    li.append(nodeButton(n, false));
    const alts = parent.children.slice(1).map((c) => /** @type {TreeNode} */ (byId.get(c)));
    if (alts.length) {
      const aside = document.createElement('li');
      aside.className = 'aside';
      for (const a of alts) aside.append(variation(a));
      list.append(aside);
      li = null;
    }
    if (readable(n.comment)) li = null;
    parent = n;
    n = byId.get(n.children[0]);
  }
}
