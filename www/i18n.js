// Every piece of text the pages show, in one place: one table per language, with the same keys
// (a test checks that). Move texts and square numbers are universal and never translated; the
// core's own English messages (a bad FEN's reason) are shown as they are.

const en = {
  title: 'Dama',
  subtitle: 'Italian draughts',
  loading: 'Loading…',
  loadFailed: 'The game could not be loaded. Please reload the page.',
  boardLabel: 'Draughts board. Arrow keys move the cursor, Enter picks up and puts down a piece, Escape cancels.',
  language: 'Language',

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
  sound: 'Sound',
  soundTitle: 'Play a sound for each move',
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
  vsWatch: 'Computer vs computer',
  playAs: 'Play as',
  random: 'Random',
  level: 'Level',
  levelHelp: '1 is gentle, 10 is the strongest.',
  levelElo: 'About {elo} Elo above level 1.',
  levelEloBase: 'The easiest: the reference for the others.',
  start: 'Start',
  cancel: 'Cancel',
  close: 'Close',

  yourTurn: 'Your move.',
  firstMoveTip: 'Tap one of your pieces, then the square to move it to (or drag it there).',
  toMove: '{color} to move.',
  computerThinking: 'The computer is thinking',
  watchThinking: '{color} is thinking',
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
  dataTables: 'Endgame tables: up to {n} pieces',
  dataBook: 'Opening book',
  badFen: 'The position in the address could not be read ({error}); starting a normal game.',
  badPosition: 'The position could not be read ({error}); showing the start position.',
  nothingToLoad: 'There is nothing to load: paste a game (PDN) or a position (FEN).',
  savedGameIgnored: 'The saved game could not be restored, so a new game was started.',
  updateReady: 'A new version of the game is ready.',
  updateReload: 'Reload',
  offlineReady: 'The game now works offline too.',

  reviewing: 'Viewing the position after {move}.',
  reviewingStart: 'Viewing the start position.',
  backToGame: 'Back to game',
  firstMove: 'First position',
  prevMove: 'Previous move',
  nextMove: 'Next move',
  lastMove: 'Last position',

  // Games and positions.
  gamesButton: 'Games & positions',
  gamesTitle: 'Games and positions',
  pdnHeading: 'This game (PDN)',
  pdnHelp: 'Copy it or save it to a file to keep the game or open it in another program.',
  copy: 'Copy',
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the text and copy it by hand.',
  download: 'Download',
  importHeading: 'Open a game or a position',
  importHelp: 'Paste a game in PDN or a position in FEN, or choose a .pdn file.',
  importPlaceholder: '[GameType "22"]\n1. 22-18 10-14 …   or   W:W21,22:B1,2',
  importButton: 'Open',
  importFile: 'Choose file…',
  importFailed: 'This could not be opened, and the current game was kept: {error}',
  imported: 'Opened.',
  fileTooBig: 'That file is too large to be a game ({size} bytes).',
  fenHeading: 'Position (FEN)',
  fenHelp: 'The current position. Edit it and press Set up to play from another position.',
  setUp: 'Set up',
  editorButton: 'Board editor',

  // The board editor.
  editorTitle: 'Board editor',
  editing: 'Setting up a position: tap squares to place or remove pieces.',
  editorHelp: 'Choose a piece, then tap squares on the board; tapping the same piece again removes it.',
  editorPiece: 'Piece',
  eraser: 'Remove',
  editorTurn: 'Side to move',
  editorClear: 'Empty board',
  editorStart: 'Start position',
  editorPlay: 'Play this position',
  editorCancel: 'Cancel',
  editorRefused: 'This position is not possible: {error}',

  howToPlay: 'How to play',
  rulesLink: 'The rules, with diagrams',
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

  // PDN Event tag of games played here (a tag value, written in English in every language).
  pdnEvent: 'Casual game',

  // Embedding example page.
  embedTitle: 'Dama on your own page',
  embedIntro: 'Two ways to put the game on a page: the <dama-board> element, or an iframe. Both work offline once visited.',
  embedElement: 'The element: two independent boards',
  embedFrame: 'The iframe',
  backToGameLink: 'Back to the game',

  // The rules page.
  rulesTitle: 'Rules of Italian draughts',
  rulesIntro: 'Dama Italiana is played on an 8×8 board by two players, White and Black, each with 12 pieces. These are the rules this game follows.',
  rulesBoardH: 'The board',
  rulesBoard: 'The board is placed so that each player has a dark square at the near right corner. Only the 32 dark squares are used, numbered 1 to 32 from the top left as White sees them. Black starts on 1-12, White on 21-32, and White moves first.',
  rulesMovesH: 'Moving',
  rulesMoves: 'A man moves one square diagonally forward to an empty square. A man that reaches the far row becomes a king, and its move ends there. A king moves one square diagonally, forwards or backwards.',
  rulesCapturesH: 'Capturing',
  rulesCaptures: 'Capturing is compulsory. A piece captures by jumping over an adjacent enemy piece to the empty square just beyond it, and goes on jumping while it can; the whole sequence is one move. Men capture forwards only and can never capture a king. Kings capture forwards and backwards, men and kings.',
  rulesPrecedenceH: 'Which capture to play',
  rulesPrecedence: 'When there is more than one capture, these rules decide, in this order:',
  rulesP1: 'take the most pieces;',
  rulesP2: 'if equal, capture with a king rather than a man;',
  rulesP3: 'if equal, take the most kings;',
  rulesP4: 'if equal, take the capture that meets a king earliest;',
  rulesP5: 'if still equal, the player chooses.',
  rulesExamplesH: 'Examples',
  rulesExamplesIntro: 'White to move in each diagram; the arrow is the capture that must be played.',
  exQuantity: 'Most pieces: the king on 31 takes three men (31x6); the king on 21 could take only two.',
  exKing: 'With a king: the king on 23 and the man on 31 can each take two pieces; the king must (23x21).',
  exMostKings: 'Most kings: taking the king on 28 (23x32) beats taking the man on 19.',
  exEarliest: 'Earliest king: both captures take three pieces, one a king; 30x5 takes its king first (26), 30x7 only second (20).',
  exSecondKing: 'Earliest king, the second decides: both captures take two kings and start with one; 30x5 takes its second king (18) sooner.',
  exFreeChoice: 'Free choice: each capture takes a king and then a man; the player picks either.',
  exMenNoKings: 'A man never captures a king: the man on 30 cannot take the king on 26, so it simply moves (30-27).',
  rulesEndH: 'End of the game',
  rulesEnd: 'A player who cannot move, with no pieces left or all blocked, loses. The game is drawn by agreement, when the same position occurs for the third time with the same player to move, or after 40 moves each in which only kings moved and nothing was captured.',
  rulesNotationH: 'Notation',
  rulesNotation: 'A move is written with square numbers: 22-18 for a move, 22x13 for a capture. Games are saved in PDN, positions in FEN.',
};

const it = {
  title: 'Dama',
  subtitle: 'Dama italiana',
  loading: 'Caricamento…',
  loadFailed: 'Non è stato possibile caricare il gioco. Ricarica la pagina.',
  boardLabel: 'Damiera. Le frecce spostano il cursore, Invio prende e posa un pezzo, Esc annulla.',
  language: 'Lingua',

  white: 'Bianco',
  black: 'Nero',
  you: 'Tu',
  computerLevel: 'Computer · livello {level}',
  pieces: '{n} pezzi',
  piece1: '1 pezzo',

  newGame: 'Nuova partita',
  undo: 'Annulla',
  redo: 'Ripeti',
  flip: 'Ruota',
  flipTitle: 'Gira la damiera',
  hint: 'Suggerimento',
  numbers: 'Numeri',
  numbersTitle: 'Mostra i numeri delle caselle 1-32',
  sound: 'Suoni',
  soundTitle: 'Un suono a ogni mossa',
  resign: 'Abbandona',
  confirmResign: 'Abbandonare davvero?',
  offerDraw: 'Proponi patta',
  agreeDraw: 'Patta concordata',
  confirmDraw: 'Patta davvero?',
  movesHeading: 'Mosse',
  noMovesYet: 'Nessuna mossa. Muove prima il Bianco.',
  noMovesYetBlack: 'Nessuna mossa. In questa posizione muove prima il Nero.',

  dialogTitle: 'Nuova partita',
  opponent: 'Avversario',
  vsComputer: 'Il computer',
  vsFriend: 'Un amico su questo dispositivo',
  vsWatch: 'Computer contro computer',
  playAs: 'Gioca con',
  random: 'A caso',
  level: 'Livello',
  levelHelp: '1 è il più facile, 10 il più forte.',
  levelElo: 'Circa {elo} Elo sopra il livello 1.',
  levelEloBase: 'Il più facile: il riferimento per gli altri.',
  start: 'Inizia',
  cancel: 'Annulla',
  close: 'Chiudi',

  yourTurn: 'Tocca a te.',
  firstMoveTip: 'Tocca uno dei tuoi pezzi, poi la casella dove spostarlo (o trascinalo lì).',
  toMove: 'Muove il {color}.',
  computerThinking: 'Il computer sta pensando',
  watchThinking: 'Il {color} sta pensando',
  hintThinking: 'Cerco una buona mossa',
  hintShown: 'Suggerimento: {move}.',
  mustCapture: 'Devi prendere: muovi un pezzo cerchiato in arancione.',
  mustCaptureColor: 'Il {color} deve prendere: muovi un pezzo cerchiato in arancione.',
  selectedNoMoves: 'Quel pezzo qui non ha mosse.',
  selectedMustCapture: 'La presa è obbligatoria: questo pezzo non può prendere, muovine uno cerchiato in arancione.',
  chooseCapture: 'Due o più prese finiscono su {to}. Tocca una casella del percorso che vuoi, oppure scegli:',
  captureVia: 'passando per {squares}',
  takes: 'prende {squares}',
  illegal: 'Mossa non consentita.',
  drawDeclined: 'Il computer rifiuta la patta.',
  engineFailed: 'Il computer non è riuscito a muovere: {error}',
  dataTables: 'Tavole dei finali: fino a {n} pezzi',
  dataBook: 'Libro delle aperture',
  badFen: 'Non è stato possibile leggere la posizione nell\'indirizzo ({error}); inizia una partita normale.',
  badPosition: 'Non è stato possibile leggere la posizione ({error}); ecco la posizione iniziale.',
  nothingToLoad: 'Non c\'è niente da aprire: incolla una partita (PDN) o una posizione (FEN).',
  savedGameIgnored: 'Non è stato possibile riprendere la partita salvata: ne è iniziata una nuova.',
  updateReady: 'È pronta una nuova versione del gioco.',
  updateReload: 'Ricarica',
  offlineReady: 'Ora il gioco funziona anche senza rete.',

  reviewing: 'Posizione dopo {move}.',
  reviewingStart: 'Posizione iniziale.',
  backToGame: 'Torna alla partita',
  firstMove: 'Posizione iniziale',
  prevMove: 'Mossa precedente',
  nextMove: 'Mossa successiva',
  lastMove: 'Ultima posizione',

  gamesButton: 'Partite e posizioni',
  gamesTitle: 'Partite e posizioni',
  pdnHeading: 'Questa partita (PDN)',
  pdnHelp: 'Copiala o salvala in un file per conservarla o aprirla con un altro programma.',
  copy: 'Copia',
  copied: 'Copiato.',
  copyFailed: 'Impossibile copiare: seleziona il testo e copialo a mano.',
  download: 'Scarica',
  importHeading: 'Apri una partita o una posizione',
  importHelp: 'Incolla una partita in PDN o una posizione in FEN, oppure scegli un file .pdn.',
  importPlaceholder: '[GameType "22"]\n1. 22-18 10-14 …   oppure   W:W21,22:B1,2',
  importButton: 'Apri',
  importFile: 'Scegli file…',
  importFailed: 'Impossibile aprirlo; la partita in corso è rimasta com\'era: {error}',
  imported: 'Aperto.',
  fileTooBig: 'Il file è troppo grande per essere una partita ({size} byte).',
  fenHeading: 'Posizione (FEN)',
  fenHelp: 'La posizione attuale. Modificala e premi Imposta per giocare da un\'altra posizione.',
  setUp: 'Imposta',
  editorButton: 'Editor della damiera',

  editorTitle: 'Editor della damiera',
  editing: 'Preparazione di una posizione: tocca le caselle per mettere o togliere pezzi.',
  editorHelp: 'Scegli un pezzo, poi tocca le caselle della damiera; toccando di nuovo lo stesso pezzo lo togli.',
  editorPiece: 'Pezzo',
  eraser: 'Togli',
  editorTurn: 'Tocca a',
  editorClear: 'Damiera vuota',
  editorStart: 'Posizione iniziale',
  editorPlay: 'Gioca questa posizione',
  editorCancel: 'Annulla',
  editorRefused: 'Questa posizione non è possibile: {error}',

  howToPlay: 'Come si gioca',
  rulesLink: 'Le regole, con diagrammi',
  rule1: 'I pezzi si muovono di una casella in diagonale in avanti, sulle caselle scure. Muove prima il Bianco.',
  rule2: 'Si prende un pezzo avversario saltandolo fino alla casella vuota subito dopo; si continua a saltare finché si può. La presa è obbligatoria.',
  rule3: 'Se ci sono più prese possibili bisogna prendere più pezzi; poi prendere con la dama piuttosto che con la pedina; poi prendere più dame; poi la presa che incontra prima una dama.',
  rule4: 'La pedina che arriva in fondo diventa dama (con la corona) e può muovere e prendere anche all\'indietro, una casella alla volta. La pedina non può mai prendere la dama.',
  rule5: 'Vince chi lascia l\'avversario senza mosse. La stessa posizione ripetuta tre volte, o 40 mosse a testa di sole dame senza prese, è patta.',

  announceMove: '{color} {move}',
  announceCapture: '{color} prende {move}',
  announcePromotes: ', diventa dama',
  squareEmpty: 'vuota',
  whiteMan: 'pedina bianca',
  whiteKing: 'dama bianca',
  blackMan: 'pedina nera',
  blackKing: 'dama nera',
  squareDescription: 'Casella {n}, {piece}',
  selectedSuffix: ', selezionata',
  destinationSuffix: ', puoi muovere qui',

  youWin: 'Hai vinto!',
  youLose: 'Ha vinto il computer.',
  winnerWins: 'Vince il {color}.',
  draw: 'Patta.',
  reasonNoMoves: 'Il {loser} non ha più mosse.',
  reasonRepetition: 'La stessa posizione si è ripetuta tre volte.',
  reasonKingMoves: 'Quaranta mosse a testa di sole dame senza prese.',
  reasonResignation: 'Il {loser} ha abbandonato.',
  reasonAgreement: 'I giocatori si sono accordati per la patta.',
  viewBoard: 'Guarda la damiera',

  pdnEvent: 'Casual game',

  embedTitle: 'La Dama nella tua pagina',
  embedIntro: 'Due modi per mettere il gioco in una pagina: l\'elemento <dama-board> o un iframe. Dopo la prima visita funzionano entrambi anche senza rete.',
  embedElement: 'L\'elemento: due damiere indipendenti',
  embedFrame: 'L\'iframe',
  backToGameLink: 'Torna al gioco',

  rulesTitle: 'Regole della dama italiana',
  rulesIntro: 'La dama italiana si gioca su una damiera di 8×8 caselle fra due giocatori, il Bianco e il Nero, con 12 pezzi ciascuno. Queste sono le regole seguite da questo gioco.',
  rulesBoardH: 'La damiera',
  rulesBoard: 'La damiera si dispone in modo che ogni giocatore abbia una casella scura nell\'angolo in basso a destra. Si usano solo le 32 caselle scure, numerate da 1 a 32 a partire dall\'alto a sinistra visto dal Bianco. Il Nero parte da 1-12, il Bianco da 21-32, e muove prima il Bianco.',
  rulesMovesH: 'Il movimento',
  rulesMoves: 'La pedina si muove di una casella in diagonale in avanti, su una casella vuota. La pedina che raggiunge l\'ultima riga diventa dama, e la sua mossa finisce lì. La dama si muove di una casella in diagonale, in avanti o all\'indietro.',
  rulesCapturesH: 'La presa',
  rulesCaptures: 'La presa è obbligatoria. Un pezzo prende saltando un pezzo avversario vicino fino alla casella vuota subito dopo, e continua a saltare finché può; tutta la sequenza è una sola mossa. La pedina prende solo in avanti e non può mai prendere la dama. La dama prende in avanti e all\'indietro, pedine e dame.',
  rulesPrecedenceH: 'Quale presa giocare',
  rulesPrecedence: 'Quando ci sono più prese, decidono queste regole, in quest\'ordine:',
  rulesP1: 'prendere più pezzi;',
  rulesP2: 'a parità, prendere con la dama piuttosto che con la pedina;',
  rulesP3: 'a parità, prendere più dame;',
  rulesP4: 'a parità, la presa che incontra prima una dama;',
  rulesP5: 'se ancora pari, sceglie il giocatore.',
  rulesExamplesH: 'Esempi',
  rulesExamplesIntro: 'In ogni diagramma muove il Bianco; la freccia è la presa obbligatoria.',
  exQuantity: 'Più pezzi: la dama in 31 prende tre pedine (31x6); la dama in 21 ne prenderebbe solo due.',
  exKing: 'Con la dama: la dama in 23 e la pedina in 31 possono prendere due pezzi ciascuna; deve prendere la dama (23x21).',
  exMostKings: 'Più dame: prendere la dama in 28 (23x32) vale più che prendere la pedina in 19.',
  exEarliest: 'La dama prima: entrambe le prese prendono tre pezzi, di cui una dama; 30x5 prende la dama per prima (26), 30x7 solo per seconda (20).',
  exSecondKing: 'La dama prima, decide la seconda: entrambe le prese prendono due dame e iniziano con una dama; 30x5 prende prima la seconda dama (18).',
  exFreeChoice: 'Libera scelta: ogni presa prende una dama e poi una pedina; il giocatore sceglie.',
  exMenNoKings: 'La pedina non prende mai la dama: la pedina in 30 non può prendere la dama in 26, quindi si muove e basta (30-27).',
  rulesEndH: 'La fine della partita',
  rulesEnd: 'Perde chi non può muovere, perché non ha più pezzi o sono tutti bloccati. La partita è patta per accordo, quando la stessa posizione si presenta per la terza volta con lo stesso giocatore al tratto, o dopo 40 mosse a testa in cui si sono mosse solo dame senza prese.',
  rulesNotationH: 'La notazione',
  rulesNotation: 'Una mossa si scrive con i numeri delle caselle: 22-18 per una mossa, 22x13 per una presa. Le partite si salvano in PDN, le posizioni in FEN.',
};

export const TABLES = { en, it };
export const LANGUAGES = { en: 'English', it: 'Italiano' };
const LANG_KEY = 'dama.lang';

// The saved choice, else the first of the browser's languages we have, else English.
export function detectLanguage() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved && TABLES[saved]) return saved;
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframe).
  }
  const prefs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  for (const p of prefs) {
    const code = String(p || '').toLowerCase().split('-')[0];
    if (TABLES[code]) return code;
  }
  return 'en';
}

let lang = typeof document !== 'undefined' ? detectLanguage() : 'en';
const listeners = new Set();

export function getLanguage() {
  return lang;
}

// Switches every text on the page (elements listen through onLanguageChange); `persist`
// remembers the choice for the next visit.
export function setLanguage(code, { persist = false } = {}) {
  if (!TABLES[code]) return;
  lang = code;
  if (typeof document !== 'undefined') document.documentElement.lang = code;
  if (persist) {
    try {
      localStorage.setItem(LANG_KEY, code);
    } catch {
      /* see detectLanguage */
    }
  }
  for (const fn of listeners) fn(code);
}

export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// t('toMove', {color: 'White'}) -> 'White to move.'
export function t(key, params = {}, code = lang) {
  const s = (TABLES[code] ?? en)[key] ?? en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// Fills elements marked data-i18n (text), data-i18n-label (aria-label), data-i18n-title and
// data-i18n-placeholder.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
}
