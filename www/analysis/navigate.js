// @ts-check
// Moving on the analysis board: a move played on the board (into the tree, or a lesson's try),
// a move through the tree (the buttons, the keys, a click on the graph), and what follows a
// change of the position shown (its lines asked again, the page drawn, the move said).

import { getLanguage } from '../shared/i18n.js';
import { plyAt } from './graph.js';
import { moveAnnouncement } from '../game/texts.js';
import { $, page, engine, sideAt, showError, say } from './page.js';
import { render } from './view.js';
import { startEngine } from './lines.js';

/** @import { Move } from '../shared/wasm-types.js' */

/** @param {Move} m */
export function onBoardMove(m) {
  if (page.learn.on) return void page.learn.try(m);
  try {
    page.model.play(m.text);
  } catch (err) {
    showError(/** @type {Error} */ (err).message);
    return;
  }
  positionChanged();
}

/** The position shown changed: its lines are unknown until the engine says. */
export function positionChanged() {
  showError('');
  engine.lines = null;
  if (engine.on) startEngine();
  render();
  const n = page.model.currentNode;
  if (n.parent !== null) {
    const m = { text: n.text, captured: n.text.includes('x') ? [0] : [], promotes: false };
    say(moveAnnouncement(m, sideAt(/** @type {number} */ (n.parent)), getLanguage()));
  }
}

/** @param {() => void} f a move through the tree */
export function go(f) {
  const before = page.model.current;
  f();
  if (page.learn.on) page.learn.stop();
  if (page.model.current !== before) positionChanged();
}

/** The buttons through the tree, the graph (a click goes to its move) and the keys. */
export function wireNavigation() {
  $('an-first').addEventListener('click', () => go(() => page.model.first()));
  $('an-prev').addEventListener('click', () => go(() => page.model.prev()));
  $('an-next').addEventListener('click', () => go(() => page.model.next()));
  $('an-last').addEventListener('click', () => go(() => page.model.last()));
  $('graph').addEventListener('click', (e) => {
    const n = page.model.mainlineAt(plyAt(/** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('graph'))), e.clientX, page.model.mainline().length));
    if (n) go(() => page.model.goto(n.id));
  });
  // The keys of the sites: from anywhere on the page but a text field, a list or the board
  // (whose arrow keys move its cursor).
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /** @type {Element} */ (e.target).closest?.('input, textarea, select, .board-canvas')) return;
    const { model } = page;
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowLeft: () => model.prev(),
      ArrowRight: () => model.next(),
      ArrowUp: () => model.sibling(-1),
      ArrowDown: () => model.sibling(1),
      Home: () => model.first(),
      End: () => model.last(),
    };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    go(f);
  });
}
