// @ts-check
// The rules page: its HTML's English, worded in the page's language (i18n.js), and the
// example diagrams drawn on canvases with the board's own piece drawing. The arrows are the
// legal moves as the core computes them, in the diagram's game (data-variant), so the
// diagrams can never disagree with the game.

import { t, translatePage, startLanguage, onLanguageChange, wireLanguageSelect } from '../shared/i18n.js';
import { loadWasm } from '../shared/wasm.js';
import { drawPiece, drawPolyline, drawEdgeLabels } from '../board/render.js';
import { namedTheme } from '../board/themes.js';
import { boardSettings, onBoardSettingsChange, applyFrame } from '../settings/settings.js';
import { squareToRowCol, squareName, isPlaying } from '../board/util.js';
import { boardLayout } from '../game/board-config.js';
import { DEFAULT_VARIANT } from '../shared/variant.js';
import { preferredVariant } from '../shared/preferred-variant.js';
import { pagePlayable } from '../shared/menu.js';

/** @import { Cells, GameRecord, Move } from '../shared/wasm-types.js' */
/** @import { Variant } from '../shared/variant.js' */
/** @import { Pair } from '../board/types.js' */
/** @typedef {{ variant: Variant, numbers: boolean, mirrored: boolean, edgeLabels: boolean }} DiagramOptions */

const ARROWS = ['rgba(40, 110, 235, 0.85)', 'rgba(235, 80, 60, 0.85)', 'rgba(160, 70, 200, 0.85)'];

/** @param {HTMLCanvasElement} canvas @param {Cells} pieces @param {Move[]} moves @param {DiagramOptions} opts */
function draw(canvas, pieces, moves, opts) {
  const { numbers, mirrored, edgeLabels } = opts;
  // The player's theme and pieces, as on the game's board.
  const look = boardSettings();
  const theme = namedTheme(look.theme);
  const dpr = devicePixelRatio || 1;
  const css = canvas.getBoundingClientRect().width || 240;
  const px = Math.round(css * dpr);
  canvas.width = px;
  canvas.height = px;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const cell = px / 8;
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      ctx.fillStyle = isPlaying(r, c, mirrored) ? theme.dark : theme.light;
      ctx.fillRect(c * cell, r * cell, cell, cell);
    }
  }
  /** @type {(sq: number) => Pair} */
  const center = (sq) => {
    const [r, c] = squareToRowCol(sq, mirrored);
    return [(c + 0.5) * cell, (r + 0.5) * cell];
  };
  const fontPx = Math.max(8 * dpr, cell * 0.2);
  if (numbers) {
    ctx.fillStyle = theme.number;
    ctx.font = `600 ${fontPx}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    for (let sq = 1; sq <= 32; sq++) {
      const [r, c] = squareToRowCol(sq, mirrored);
      ctx.fillText(String(sq), c * cell + cell * 0.05, r * cell + cell * 0.04);
    }
  }
  if (edgeLabels) drawEdgeLabels(ctx, { orientation: 'white', mirrored }, theme, (i) => i * cell, cell, fontPx);
  for (let sq = 1; sq <= 32; sq++) {
    const p = pieces[sq - 1];
    if (!p) continue;
    const [x, y] = center(sq);
    drawPiece(ctx, x, y, cell, p, 1, 0, theme, look.pieces);
  }
  // Longest arrows first: where routes share a line (a flying king choosing where to stop),
  // the shorter arrow's head stays visible on top of the longer one.
  const length = (/** @type {Pair[]} */ pts) => pts.slice(1).reduce((sum, [x, y], i) => sum + Math.hypot(x - pts[i][0], y - pts[i][1]), 0);
  moves
    .map((m, i) => ({ pts: [m.from, ...m.path].map(center), color: ARROWS[i % ARROWS.length] }))
    .sort((a, b) => length(b.pts) - length(a.pts))
    .forEach(({ pts, color }) => drawPolyline(ctx, pts, cell * 0.11, color, true));
}

// The legal moves of a diagram's position. A Brazilian capture is named by every landing
// square (c3xe5xg3, not the game's short c3xg3), since the diagram is there to show the route.
/** @param {GameRecord} game @param {Variant} variant @returns {Move[]} */
function diagramMoves(game, variant) {
  const moves = game.legalMoves();
  if (variant !== 'brazilian') return moves;
  return moves.map((m) => ({ ...m, text: [m.from, ...m.path].map((sq) => game.squareName(sq)).join(m.capture ? 'x' : '-') }));
}

// Consecutive square numbers read as a range ("21-32"), so the start position's text
// alternative stays short; square names (c3) are listed one by one.
/** @param {number[]} squares @param {DiagramOptions} opts */
function listSquares(squares, opts) {
  if (opts.variant === 'brazilian') return squares.map((sq) => squareName(sq, opts.mirrored)).join(', ');
  const out = [];
  for (let i = 0; i < squares.length; ) {
    let j = i;
    while (j + 1 < squares.length && squares[j + 1] === squares[j] + 1) j++;
    out.push(j - i >= 2 ? `${squares[i]}-${squares[j]}` : squares.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return out.join(', ');
}

// The diagram in words, for screen readers (a canvas has no other text): where each side's
// men and kings stand, then the arrows.
/** @param {Cells} pieces @param {Move[]} moves @param {DiagramOptions} opts */
function describe(pieces, moves, opts) {
  /** @type {(sign: number, color: string) => string} */
  const side = (sign, color) => {
    const on = (/** @type {number} */ v) => [...pieces.keys()].filter((i) => pieces[i] === v * sign).map((i) => i + 1);
    const parts = [];
    /** @type {[number, string][]} piece code, its text (counted: "man on", "men on") */
    const kinds = [[1, 'diagramMen'], [2, 'diagramKings']];
    for (const [v, key] of kinds) {
      const sqs = on(v);
      if (sqs.length) parts.push(t(key, { n: sqs.length, squares: listSquares(sqs, opts) }));
    }
    return t('diagramSide', { color: t(color), pieces: parts.join(', ') || t('diagramNone') });
  };
  const text = [side(1, 'white'), side(-1, 'black')];
  if (moves.length) text.push(t('diagramMoves', { moves: moves.map((m) => m.text).join(', ') }));
  return text.join(' ');
}

/**
 * The player's game first (preferredVariant): a Brazilian browser's first visit reads the
 * rules of Brazilian draughts first, in the contents and on the page; the other game follows.
 */
function playersGameFirst() {
  if (preferredVariant() !== 'brazilian') return;
  for (const [game, other] of [['#brazilian', '#italian'], ['a[href="#brazilian"]', 'a[href="#italian"]']]) {
    const a = document.querySelector(game);
    const b = document.querySelector(other);
    if (a && b && a.parentNode === b.parentNode) b.before(a);
  }
}

async function main() {
  playersGameFirst(); // before the page is read or drawn
  wireLanguageSelect(/** @type {HTMLSelectElement} */ (document.getElementById('lang')));
  let label = () => {};
  onLanguageChange(() => {
    translatePage(); // the page's title too
    label();
  });
  // The page's words beside the core (the HTML's English shows until they arrive).
  const [{ GameRecord }] = await Promise.all([loadWasm(), startLanguage({ part: 'rules' })]);
  /** @type {NodeListOf<HTMLCanvasElement>} */
  const canvases = document.querySelectorAll('canvas[data-fen]');
  const diagrams = [...canvases].map((c) => {
    // A diagram with no data-variant is of the default game; the core refuses another name.
    const variant = /** @type {Variant} */ (c.dataset.variant || DEFAULT_VARIANT);
    const g = new GameRecord('analysis', variant, c.dataset.fen ?? ''); // the FEN in the game's own numbering
    const pieces = g.board();
    const moves = c.dataset.arrows === 'none' ? [] : diagramMoves(g, variant);
    g.free();
    c.setAttribute('role', 'img');
    // The arrows in the game's own notation, for tests and for anyone reading the page's source.
    c.dataset.shown = moves.map((m) => m.text).join(', ');
    return { c, pieces, moves, opts: { variant, numbers: !!c.dataset.numbers, ...boardLayout(variant) } };
  });
  label = () => {
    for (const d of diagrams) d.c.setAttribute('aria-label', describe(d.pieces, d.moves, d.opts));
  };
  const redraw = () => {
    for (const d of diagrams) draw(d.c, d.pieces, d.moves, d.opts);
  };
  label();
  redraw();
  new ResizeObserver(redraw).observe(/** @type {Element} */ (document.querySelector('.prose')));
  onBoardSettingsChange((s) => (applyFrame(s), redraw()));
  applyFrame(boardSettings());
  /** @type {Window & { __rulesReady?: boolean }} */ (window).__rulesReady = true;
  pagePlayable();
}

main();
