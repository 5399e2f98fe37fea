// Every piece of text the page shows, in one place. English now; another language is one
// more table with the same keys (missing keys fall back to English).

const en = {
  title: 'Dama',
  subtitle: 'Italian draughts',
  loading: 'Loading…',
  loadFailed: 'The game could not be loaded. Please reload the page.',
  boardLabel: 'Draughts board. Arrow keys move the cursor, Enter picks up and puts down a piece, Escape cancels.',

  white: 'White',
  black: 'Black',
  you: 'You',
  computerLevel: 'Computer · level {level}',
  pieces: '{n} pieces',
  piece1: '1 piece',

  newGame: 'New game',
  undo: 'Undo',
  redo: 'Redo',
  flip: 'Flip',
  flipTitle: 'Turn the board around',
  hint: 'Hint',
  numbers: 'Numbers',
  numbersTitle: 'Show the square numbers 1-32',
  resign: 'Resign',
  confirmResign: 'Really resign?',
  offerDraw: 'Offer draw',
  agreeDraw: 'Agree draw',
  confirmDraw: 'Really draw?',
  movesHeading: 'Moves',
  noMovesYet: 'No moves yet. White moves first.',
  noMovesYetBlack: 'No moves yet. Black moves first in this position.',

  dialogTitle: 'New game',
  opponent: 'Opponent',
  vsComputer: 'The computer',
  vsFriend: 'A friend on this device',
  playAs: 'Play as',
  random: 'Random',
  level: 'Level',
  levelHelp: '1 is gentle, 10 is the strongest.',
  start: 'Start',
  cancel: 'Cancel',

  yourTurn: 'Your move.',
  firstMoveTip: 'Tap one of your pieces, then the square to move it to (or drag it there).',
  toMove: '{color} to move.',
  computerThinking: 'The computer is thinking',
  hintThinking: 'Looking for a good move',
  hintShown: 'Hint: {move}.',
  mustCapture: 'You must capture: move a piece with an orange ring.',
  mustCaptureColor: '{color} must capture: move a piece with an orange ring.',
  selectedNoMoves: 'That piece has no move here.',
  selectedMustCapture: 'Capturing is compulsory: this piece cannot capture, so move one with an orange ring.',
  chooseCapture: 'Two or more captures end on {to}. Tap a square on the route you want, or choose:',
  captureVia: 'via {squares}',
  takes: 'takes {squares}',
  illegal: 'Not allowed.',
  drawDeclined: 'The computer declines the draw.',
  engineFailed: 'The computer could not move: {error}',
  badFen: 'The position in the address could not be read ({error}); starting a normal game.',

  reviewing: 'Viewing the position after {move}.',
  reviewingStart: 'Viewing the start position.',
  backToGame: 'Back to game',
  prevMove: 'Previous move',
  nextMove: 'Next move',

  howToPlay: 'How to play',
  rule1: 'Pieces move one square diagonally forward, on the dark squares. White moves first.',
  rule2: 'Jump over an opposing piece to an empty square just beyond it to capture it; keep jumping while you can. Capturing is compulsory.',
  rule3: 'If several captures are possible you must take the most pieces; then capture with a king rather than a man; then take the most kings; then the capture that meets a king first.',
  rule4: 'A man reaching the far row becomes a king (shown with a crown) and may move and capture backwards too, one square at a time. A man can never capture a king.',
  rule5: 'You win when your opponent cannot move. The same position three times, or 40 moves each with only kings moving and nothing captured, is a draw.',

  // Screen-reader announcements.
  announceMove: '{color} {move}',
  announceCapture: '{color} captures {move}',
  announcePromotes: ', crowned',
  squareEmpty: 'empty',
  whiteMan: 'white man',
  whiteKing: 'white king',
  blackMan: 'black man',
  blackKing: 'black king',
  squareDescription: 'Square {n}, {piece}',
  selectedSuffix: ', selected',
  destinationSuffix: ', you can move here',

  // End of the game.
  youWin: 'You win!',
  youLose: 'The computer wins.',
  winnerWins: '{color} wins.',
  draw: 'Draw.',
  reasonNoMoves: '{loser} has no moves left.',
  reasonRepetition: 'The same position came up three times.',
  reasonKingMoves: 'Forty moves each with only kings moving and nothing captured.',
  reasonResignation: '{loser} resigned.',
  reasonAgreement: 'Both players agreed to a draw.',
  viewBoard: 'View board',
};

const tables = { en };
let lang = 'en';

export function setLanguage(code) {
  if (tables[code]) {
    lang = code;
    document.documentElement.lang = code;
  }
}

// t('toMove', {color: 'White'}) -> 'White to move.'
export function t(key, params = {}) {
  const s = tables[lang][key] ?? en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// Fills elements marked data-i18n (text), data-i18n-label (aria-label) and data-i18n-title.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
}
