// @ts-check
// The analysis board page: a game tree (model.js) on the project's board, the engine's best
// lines of the position shown (analysis worker, live as the search deepens), an evaluation
// bar, the game review (every position searched, moves judged, a graph), and "learn from your
// mistakes". Opened from the game page with the game or position in the address's fragment
// (#pdn=..., #fen=..., &ply=N, &line=<a variation's moves from there>, &review=1, &id=<saved game>, &own=<the game page's token>), or empty. The game page is never
// touched: this page has its own tree, worker and storage key.
//
// This is its controller: it starts the page and wires the board and the buttons, and hands
// the rest to the modules beside it: page.js (what they share), view.js (the panels),
// navigate.js (moving), lines.js (the engine's lines), review-run.js (the review),
// learn-view.js (the lessons), open.js (another game or position), saved.js (the saved game).

import { t, translatePage, startLanguage, getLanguage, onLanguageChange, wireLanguageSelect, setMessage, textOf } from '../shared/i18n.js';
import { loadWasm } from '../shared/wasm.js';
import { createBoard } from '../board/api.js';
import { followBoardSettings } from '../settings/settings.js';
import { engineWanted, rememberEngine } from './engine-choice.js';
import { AnalysisModel } from './model.js';
import { EvalBar } from './evalbar.js';
import { withHumanText } from './comment.js';
import { LearnView } from './learn-view.js';
import { squareDescription } from '../game/texts.js';
import { boardLayout } from '../game/board-config.js';
import { refusedParams, is, shown } from '../shared/address.js';
import { VARIANTS } from '../shared/variant.js';
import { gameLink, unpackLink } from '../shared/share.js';
import { $, page, client, engine, review, firstMover, shownError, showError, say } from './page.js';
import { render, renderMoves, renderReview, onPositionChange } from './view.js';
import { onBoardMove, positionChanged, wireNavigation } from './navigate.js';
import { setEngine, setEngineWhenSettled, startEngine } from './lines.js';
import { startReview, cancelReview, readSaved } from './review-run.js';
import { openRecord, openAddressGames, openInput, whenOpened } from './open.js';
import { saved, saveToLibrary, readSavedRev, readLinked, saveReviewInto } from './saved.js';
import { takeGrant, isToken } from '../library/grant.js';
import { explorer } from './explorer/state.js';
import { renderLines } from './view.js';
import { pagePlayable } from '../shared/menu.js';

/** @typedef {import('./page.js').Color} Color */

main().catch((err) => showError(String(err?.message ?? err)));

async function main() {
  wireLanguageSelect(/** @type {HTMLSelectElement} */ ($('lang')));
  onLanguageChange(() => {
    translatePage();
    if (page.board) render(); // once the page is built
  });
  // The page's words load beside the core (the HTML's English shows until they arrive).
  [page.wasm] = await Promise.all([loadWasm(), startLanguage({ part: 'analysis' })]);
  page.bar = new EvalBar($('evalbar'));
  let params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  // A shared link's packed game (share.js); one that cannot be read is said, and the board
  // opens without it.
  try {
    params = await unpackLink(params);
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    params.delete('z');
    showError(() => t('linkRefused', { error }));
  }
  saved.id = params.get('id');
  const model = (page.model = new AnalysisModel(page.wasm, openRecord(params)));
  // Values not understood are named and ignored (the PDN and the FEN are the core's to refuse).
  const refused = refusedParams(params, { variant: is.oneOf(VARIANTS), ply: is.whole(0, 100_000), line: isLine, review: is.oneOf(['0', '1']), id: (v) => v.length > 0 && v.length <= 100, own: isToken });
  if (refused.some((r) => r.name === 'id')) saved.id = null;
  // Only the game page's own request writes into the saved game by itself; a link naming it
  // (anyone can write one) opens a copy (saved.js, library/grant.js).
  if (saved.id && !takeGrant(params.get('own'), saved.id)) [saved.linked, saved.id] = [saved.id, null];
  // A ply named as refused (past 100,000, not a whole number) is ignored: the start.
  const ply = refused.some((r) => r.name === 'ply') ? 0 : Number(params.get('ply'));
  const at = Number.isInteger(ply) && ply > 0 ? Math.min(ply, model.mainline().length) : 0;
  // A variation's move (the link copied there): its moves from the main line's.
  const line = refused.some((r) => r.name === 'line') ? [] : (params.get('line')?.split(',') ?? []);
  let n = model.nodeAt(at, line);
  if (!n && line.length) {
    refused.push({ name: 'line', value: shown(/** @type {string} */ (params.get('line'))) });
    n = model.nodeAt(at);
  }
  if (n && n.id !== model.root.id) model.goto(n.id);
  const before = shownError();
  if (refused.length) showError(() => [textOf(before), ...refused.map((r) => t('addressIgnored', r))].filter(Boolean).join(' '));
  readSaved();
  await readSavedRev();
  await readLinked();
  // A frame first: the page's words have just been put in, and its style is worked out with
  // them by that frame, not by the board's first reading of its colours (theme.js), which in
  // the same task as the board's build made one long task of both on a phone.
  await nextFrame();
  const board = (page.board = createBoard($('board'), {
    ...boardLayout(model.variant),
    orientation: page.orientation,
    // Square numbers are how Italian moves are written; a Brazilian board has its files and
    // ranks on its edges instead (both at once wrote numbers over the rank labels).
    coordinates: model.variant === 'italian',
    events: {
      move: (m) => onBoardMove(m),
      announce: (text) => say(text),
    },
    describe: (sq, piece, o) => squareDescription(squareName(sq), piece, o, getLanguage()),
  }));
  followBoardSettings(board, $('board')); // the player's theme and pieces (the game page's dialog)
  page.learn = new LearnView({ model: () => page.model, board, client, review, render, say, firstMover });
  wire();
  render();
  if (params.get('review') === '1' && model.mainline().length) startReview();
  else if (engineWanted()) setEngineWhenSettled();
  else setEngine(false);
  exposeTestHook();
  // Downloaded tables the analysis worker found damaged and could not have again: said once
  // (they are kept no more), as the game page says it.
  client.addEventListener('tableslost', (ev) => {
    const { game, pieces } = /** @type {CustomEvent} */ (ev).detail;
    showError(() => t('tablesLost', { game: t(game === 'brazilian' ? 'gameBrazilian' : 'gameItalian'), n: pieces }));
  });
  wireExplorerPanel().catch((err) => showError(String(err?.message ?? err)));
  // Once playable: the offline copy's downloads must not slow the page's own.
  import('../offline/sw-register.js').then((m) => m.registerServiceWorker());
  pagePlayable();
  openAddressGames();
}

/** A link's `line`: moves written as the games write them, by commas. @param {string} v */
const isLine = (v) => v.length <= 20_000 && /^[a-h0-9x-]+(,[a-h0-9x-]+)*$/i.test(v);

/** Resolves once the browser has drawn a frame (or at once in a hidden tab, which draws none). */
function nextFrame() {
  if (document.hidden) return Promise.resolve();
  return new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}

/** @param {number} sq */
function squareName(sq) {
  const g = new page.wasm.GameRecord('analysis', page.model.variant, page.model.currentNode.fen);
  try {
    return g.squareName(sq);
  } finally {
    g.free();
  }
}

function wire() {
  onPositionChange(positionChanged);
  wireNavigation();
  $('an-engine').addEventListener('click', () => {
    setEngine(!engine.on);
    rememberEngine(engine.on);
  });
  $('an-lines').addEventListener('change', () => engine.on && startEngine());
  $('an-flip').addEventListener('click', () => {
    page.orientation = page.orientation === 'white' ? 'black' : 'white';
    render();
  });
  $('an-review').addEventListener('click', startReview);
  $('an-review-cancel').addEventListener('click', cancelReview);
  $('an-learn').addEventListener('click', () => {
    if (!page.learn.start(/** @type {Color} */ (/** @type {HTMLSelectElement} */ ($('an-learn-side')).value))) return;
    setEngine(false);
    page.learn.showLesson();
  });
  $('an-learn-side').addEventListener('change', (e) => {
    /** @type {HTMLElement} */ (e.target).dataset.chosen = '1';
    renderReview();
  });
  $('an-learn-hint').addEventListener('click', () => page.learn.hint());
  $('an-learn-show').addEventListener('click', () => page.learn.showBest());
  $('an-learn-next').addEventListener('click', () => page.learn.next());
  $('an-learn-stop').addEventListener('click', () => page.learn.stop());
  $('an-delete').addEventListener('click', () => {
    page.model.delete(page.model.current);
    positionChanged();
  });
  $('an-promote').addEventListener('click', () => {
    page.model.promote(page.model.current);
    render();
  });
  $('an-comment').addEventListener('change', (e) => {
    try {
      page.model.setComment(page.model.current, withHumanText(page.model.currentNode.comment, /** @type {HTMLTextAreaElement} */ (e.target).value));
      renderMoves();
    } catch (err) {
      showError(/** @type {Error} */ (err).message);
    }
  });
  $('an-open').addEventListener('click', openInput);
  $('an-copy-fen').addEventListener('click', () => copy(page.model.currentNode.fen));
  $('an-copy-pdn').addEventListener('click', () => copy(page.model.pdn()));
  $('an-copy-link').addEventListener('click', copyLink);
  $('an-download').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([page.model.pdn()], { type: 'application/x-pdn' }));
    a.download = 'analysis.pdn';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('an-save-review').addEventListener('click', saveReviewInto);
  $('an-save').addEventListener('click', async () => {
    await saveToLibrary(false);
    explorerGames?.rebuild(page.model.variant); // the saved game is one of the explorer's games now
  });
}

/** The explorer's games (explorer/games.js), once its code has arrived. @type {typeof import('./explorer/games.js').games | null} */
let explorerGames = null;

// The explorer: its code loads once the page is playable (no part of a playable board), and
// its panel shows from then on.
async function wireExplorerPanel() {
  const [{ wireExplorer, setExplorerOpen }, { games }, { renderExplorer }] = await Promise.all([
    import('./explorer/ctrl.js'),
    import('./explorer/games.js'),
    import('./explorer/view.js'),
  ]);
  explorerGames = games;
  wireExplorer(
    (text) => {
      if (page.learn.on) return;
      try {
        page.model.playLine([text]);
      } catch (err) {
        return void showError(/** @type {Error} */ (err).message);
      }
      positionChanged();
    },
    renderLines,
  );
  $('ex-toggle').addEventListener('click', () => {
    setExplorerOpen(!explorer.open);
    renderLines();
  });
  const input = /** @type {HTMLInputElement} */ ($('ex-file'));
  $('ex-add').addEventListener('click', () => input.click());
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(t('textTooBig', { n: file.size, max: MAX_FILE_BYTES }));
      await games.addFile(page.model.variant, file.name, await file.text());
      showError('');
    } catch (err) {
      const error = /** @type {Error} */ (err).message;
      showError(() => t('exAddFailed', { error }));
    }
    renderExplorer();
  });
  $('ex-remove').addEventListener('click', async () => {
    try {
      await games.removeFiles(page.model.variant);
    } catch (err) {
      const error = /** @type {Error} */ (err).message;
      showError(() => t('exAddFailed', { error }));
    }
    renderExplorer();
  });
}
/** A file larger than this is not read (the core reads 8 MiB of text; UTF-8 may take up to 4 bytes a character). */
const MAX_FILE_BYTES = 32 << 20;

/**
 * Copies a link to this game (its variations and comments) at the position shown, for anyone
 * to open: the saved game it belongs to is not named (the link's reader has their own). A game
 * too long for a link is said, and the PDN is there to copy instead.
 */
async function copyLink() {
  const { model } = page;
  let link;
  try {
    link = await gameLink(location.href, { pdn: model.pdn(), variant: model.variant, ...model.placeOf() });
  } catch (err) {
    const e = /** @type {Error & {tooLong?: number}} */ (err);
    setMessage($('an-saved'), () => (e.tooLong ? t('linkTooLong', { n: e.tooLong }) : e.message));
    return;
  }
  await copy(link, () => t('linkCopied'));
}

/** @param {string} text @param {() => string} [said] what the page says once it is copied */
async function copy(text, said = () => t('copied')) {
  try {
    await navigator.clipboard.writeText(text);
    setMessage($('an-saved'), said);
  } catch {
    /** @type {HTMLTextAreaElement} */ ($('an-input')).value = text;
  }
}

// For the browser tests: the state as data.
function exposeTestHook() {
  const { board, learn } = page;
  const hook = {
    model: () => page.model,
    lines: () => (engine.lines && engine.node === page.model.current ? engine.lines : null),
    engineOn: () => engine.on,
    review: () => ({ running: review.running, positions: review.positions, moves: review.moves, timeMs: review.timeMs }),
    learn: () => (learn.lessons ? { state: learn.lessons.state, index: learn.lessons.index, items: learn.lessons.items.length } : null),
    pdn: () => page.model.pdn(),
    squareCenter: (/** @type {number} */ sq) => board.squareCenter(sq),
    restarts: () => client.restarts,
    opening: () => whenOpened(),
    numbers: () => board.state.coordinates,
    explorer: () => {
      const g = explorerGames?.state(page.model.variant);
      const current = explorer.model === page.model && explorer.node === page.model.current;
      return { answer: current ? explorer.answer : null, waiting: current && explorer.waiting, games: g?.status ?? null, indexed: g?.status === 'ready' ? g.index.games.length : 0, files: g?.status === 'ready' ? g.files : 0, kept: g?.status === 'ready' && g.kept };
    },
  };
  /** @type {Window & { __analysis?: typeof hook }} */ (window).__analysis = hook;
}
