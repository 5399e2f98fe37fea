// The rules page: text from i18n.js, and the example diagrams drawn on canvases with the
// board's own piece drawing. The arrows are the legal moves as the core computes them, so a
// diagram can never disagree with the game.

import { t, translatePage, setLanguage, getLanguage, onLanguageChange } from './i18n.js';
import { loadWasm } from './wasm.js';
import { defaultTheme as theme, drawPiece, drawPolyline } from './board/render.js';
import { squareToRowCol } from './board/util.js';

const ARROWS = ['rgba(40, 110, 235, 0.85)', 'rgba(235, 80, 60, 0.85)', 'rgba(160, 70, 200, 0.85)'];

function draw(canvas, pieces, moves, numbers) {
  const css = canvas.getBoundingClientRect().width || 240;
  const px = Math.round(css * (devicePixelRatio || 1));
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  const cell = px / 8;
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      ctx.fillStyle = (r + c) % 2 === 0 ? theme.dark : theme.light;
      ctx.fillRect(c * cell, r * cell, cell, cell);
    }
  }
  const center = (sq) => {
    const [r, c] = squareToRowCol(sq);
    return [(c + 0.5) * cell, (r + 0.5) * cell];
  };
  if (numbers) {
    ctx.fillStyle = theme.number;
    ctx.font = `600 ${Math.max(8 * (devicePixelRatio || 1), cell * 0.2)}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    for (let sq = 1; sq <= 32; sq++) {
      const [r, c] = squareToRowCol(sq);
      ctx.fillText(String(sq), c * cell + cell * 0.05, r * cell + cell * 0.04);
    }
  }
  for (let sq = 1; sq <= 32; sq++) {
    const p = pieces[sq - 1];
    if (!p) continue;
    const [x, y] = center(sq);
    drawPiece(ctx, x, y, cell, p, 1, 0, theme);
  }
  moves.forEach((m, i) => {
    const pts = [m.from, ...m.path].map(center);
    drawPolyline(ctx, pts, cell * 0.11, ARROWS[i % ARROWS.length], true);
  });
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', moves.map((m) => m.text).join(', '));
}

async function main() {
  setLanguage(getLanguage());
  translatePage();
  document.title = t('rulesTitle');
  const select = document.getElementById('lang');
  select.value = getLanguage();
  select.addEventListener('change', () => setLanguage(select.value, { persist: true }));
  onLanguageChange(() => {
    translatePage();
    document.title = t('rulesTitle');
  });
  const { Game } = await loadWasm();
  const canvases = [...document.querySelectorAll('canvas[data-fen]')];
  const redraw = () => {
    for (const c of canvases) {
      const g = Game.fromFen(c.dataset.fen);
      draw(c, g.board(), c.dataset.arrows === 'none' ? [] : g.legalMoves(), !!c.dataset.numbers);
      g.free();
    }
  };
  redraw();
  new ResizeObserver(redraw).observe(document.querySelector('.prose'));
  window.__rulesReady = true;
}

main();
