// @ts-check
// Every piece of text the pages show, in one place: one table per language, with the same keys
// (a test checks that). Move texts and square numbers are universal and never translated; the
// core's refusals of a move are worded per language (localizeRefusal), its other English
// messages (a bad FEN's reason) are shown as they are.

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
  gameLabel: 'Game',
  gameItalian: 'Italian draughts',
  gameBrazilian: 'Brazilian draughts',
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
  // Why a move is refused: the core's rule words (Game.whyIllegal), one key per rule; see
  // localizeRefusal. {square} and {squares} are square names ("22", or "c3" in Brazilian).
  refuseNoPiece: 'There is no piece on square {square}.',
  refuseNotYours: "The piece on square {square} is your opponent's.",
  refuseMustCapture: 'Capturing is compulsory: the piece on {squares} must capture.',
  refuseMostPieces: 'You must play the capture that takes the most pieces ({n}).',
  refuseMajority: 'The majority rule: you must play the capture that takes the most pieces ({n}).',
  refuseKingFirst: 'When a king and a man can take the same number of pieces, the king must capture.',
  refuseMostKings: 'Among equal captures you must take the most kings ({n}).',
  refuseEarliestKing: 'Among equal captures you must take the one that meets a king first.',
  refuseManTakesKing: 'A man cannot capture a king.',
  refuseManBackward: 'Men move forward only.',
  refuseManBackwardBrazilian: 'Men move forward only (they capture backward, but only when capturing).',
  refuseOccupied: 'Square {square} is occupied.',
  refuseNotAMove: 'Pieces move one square diagonally, or jump an opposing piece.',
  refuseNotAMoveBrazilian: 'Men move one square diagonally forward and kings any distance along a free diagonal; captures jump an opposing piece.',
  refuseBlocked: 'The piece on square {square} blocks the way.',
  refuseGoesOn: 'The capture goes on from square {square}: a piece must keep capturing while it can.',
  refuseGameOver: 'The game is over.',
  refuseOr: 'or',
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
  importPlaceholderBrazilian: '[GameType "26"]\n1. c3-d4 f6-g5 …   or   W:W21,22:B1,2',
  importButton: 'Open',
  importFile: 'Choose file…',
  importFailed: 'This could not be opened, and the current game was kept: {error}',
  imported: 'Opened.',
  fileTooBig: 'That file is too large to be a game ({size} bytes).',
  textTooBig: 'This text is too large: {size} characters, at most {max} are read.',
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
  // The same, for Brazilian draughts.
  brRule1: 'Men move one square diagonally forward, on the dark squares. White moves first.',
  brRule2: 'Jump over an opposing piece to an empty square just beyond it to capture it, forwards or backwards; keep jumping while you can. Capturing is compulsory.',
  brRule3: 'You must play the capture that takes the most pieces, men and kings counting the same; among equal captures you choose.',
  brRule4: 'A man that ends its move on the far row becomes a king. Kings fly: they move and capture any distance along a diagonal.',
  brRule5: 'You win when your opponent cannot move. It is a draw after the same position three times, 20 moves each with only kings moving and nothing captured, or three kings against one not winning within 20 moves.',

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
  reasonNoPieces: '{loser} has no pieces left.',
  libraryButton: 'Saved games',
  libraryTitle: 'Saved games',
  libraryHelp: 'Your games are kept in this browser: the game in progress and every finished game. Nothing leaves your device.',
  libraryEmpty: 'No saved games yet. Games are saved here as you play.',
  libraryExport: 'Export all as PDN',
  libraryExported: '{n} games exported.',
  librarySaveFailed: 'This game could not be added to your saved games: {error}. It is still kept in this tab; export it as PDN to keep a copy.',
  libraryUnavailable: 'Saved games are not available: {error}',
  libraryInProgress: 'in progress',
  libraryDeleted: 'Game deleted.',
  open: 'Open',
  delete: 'Delete',
  colPlayers: 'Players',
  colEvent: 'Event',
  colDate: 'Date',
  colResult: 'Result',
  colMoves: 'Moves',
  colOpen: 'Open',
  colActions: 'Actions',
  pickerTitle: 'Choose a game',
  pickerCount: 'This file holds {n} games. Choose one to open; the others stay here.',
  pickerCannotOpen: 'Cannot be opened: {error}',
  continueComputer: 'Play on from here vs computer',
  continueFriend: 'Play on from here with a friend',
  commentLabel: 'Comment',
  variationLabel: 'Variation',
  reasonRepetition: 'The same position came up three times.',
  reasonKingMoves: 'Forty moves each with only kings moving and nothing captured.',
  reasonKingMovesBrazilian: 'Twenty moves each with only kings moving, nothing captured and no man moved.',
  reasonThreeKings: 'Three kings against one did not win within 20 moves.',
  reasonResignation: '{loser} resigned.',
  reasonTime: '{loser} ran out of time.',
  timeControl: 'Clock',
  timeNone: 'No clock',
  timeCustom: 'Custom',
  timeMinutes: 'Minutes each',
  timeIncrement: 'Seconds added a move',
  clockLabel: "{color}'s clock",
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
  exQuantity: 'Most pieces: the man on 31 takes three men (31x6); the king on 21 could take only two, so the man must capture.',
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

  // The rules page: its title over both games, and the text alternative of each diagram.
  rulesPageTitle: 'Rules: Italian and Brazilian draughts',
  rulesContents: 'The two games',
  diagramSide: '{color}: {pieces}.',
  diagramMan: 'man on {squares}',
  diagramMen: 'men on {squares}',
  diagramKing: 'king on {squares}',
  diagramKings: 'kings on {squares}',
  diagramNone: 'no pieces',
  diagramMoves: 'Arrows: {moves}.',

  // The rules page: Brazilian draughts.
  brRulesTitle: 'Rules of Brazilian draughts',
  brIntro: 'Brazilian draughts is played on the same 8×8 board by two players, White and Black, each with 12 pieces, under the rules of international draughts adapted to 64 squares, as the Brazilian confederation plays them. Men capture backwards too, kings fly, and the capture that takes the most pieces must be played.',
  brBoardH: 'The board',
  brBoard: 'The board is placed so that each player has a dark square at the near left corner (a1 is dark): it is the Italian board seen in a mirror. Only the 32 dark squares are used. White starts on the first three rows (a1 to h3), Black on the last three (a6 to h8), and White moves first. Squares are named by file and rank, a1 to h8; positions (FEN) number them 1 to 32 from the top left as White sees them: 1 is b8, 4 is h8, 29 is a1 and 32 is g1.',
  brMovesH: 'Moving',
  brMoves: 'A man moves one square diagonally forward to an empty square. A king flies: it moves any number of squares along a diagonal, as long as they are all empty.',
  brCapturesH: 'Capturing',
  brCaptures: 'Capturing is compulsory. A man captures forwards and backwards, men and kings alike, by jumping over an adjacent enemy piece to the empty square just beyond it. A king captures a piece any distance away along a diagonal, if the squares between are empty, and lands on any empty square beyond it. A capture goes on while another capture is possible, and the whole sequence is one move. The captured pieces are removed only when the move ends: until then they block the way, and no piece may be jumped twice.',
  brMajorityH: 'Which capture to play: the majority rule',
  brMajority: 'The capture that takes the most pieces must be played; a man and a king count the same. Among captures that take the same number of pieces, the player chooses freely, with a man or with a king.',
  brPromotionH: 'Becoming a king',
  brPromotion: 'A man becomes a king when it ends its move on the far row. A man that reaches the far row in the middle of a capture and can go on capturing (backwards) must go on, and it stays a man.',
  brExamplesIntro: 'White to move in each diagram; the arrows are the moves allowed.',
  brExFlying: 'A flying king: the king on a1 takes d4 from afar and must stop on e5 to go on and take f4; then it may stop on g3 or on h2.',
  brExBackward: 'A man captures backwards too: the man on c3 takes d4, then f4 behind it (c3xe5xg3).',
  brExMajority: 'Majority rule: the king on e1 could take one piece (g3), the man on c3 takes two (c3xe5xc7), so the man must capture. A king has no priority.',
  brExPassing: 'Passing the far row: the man on d6 reaches f8 by taking e7, but it must go on and take g7 backwards; it ends on h6, still a man (d6xf8xh6).',
  brEndH: 'End of the game',
  brEnd: 'A player who cannot move, with no pieces left or all blocked, loses. The game is drawn by agreement; when the same position occurs for the third time with the same player to move; after 20 moves each made only with kings, with nothing captured and no man moved; and when three kings against a lone king have not won within 20 moves.',
  brNotationH: 'Notation',
  brNotation: 'A move is written with the names of its squares: c3-d4 for a move, c3xe5 for a capture, or every landing square (c3xe5xg3) where that is needed to tell two captures apart. Games are saved in PDN (game type 26), positions in FEN with the square numbers.',
};

/** @type {Record<keyof typeof en, string>} the same keys as English, no more, no less */
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
  gameLabel: 'Gioco',
  gameItalian: 'Dama italiana',
  gameBrazilian: 'Dama brasiliana',
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
  refuseNoPiece: "Non c'è nessun pezzo sulla casella {square}.",
  refuseNotYours: "Il pezzo sulla casella {square} è dell'avversario.",
  refuseMustCapture: 'La presa è obbligatoria: deve prendere il pezzo in {squares}.',
  refuseMostPieces: 'Bisogna giocare la presa che prende più pezzi ({n}).',
  refuseMajority: 'La legge della maggioranza: bisogna giocare la presa che prende più pezzi ({n}).',
  refuseKingFirst: 'Se una dama e una pedina possono prendere lo stesso numero di pezzi, deve prendere la dama.',
  refuseMostKings: 'Fra prese pari bisogna prendere più dame ({n}).',
  refuseEarliestKing: 'Fra prese pari bisogna giocare quella che incontra prima una dama.',
  refuseManTakesKing: 'La pedina non può prendere la dama.',
  refuseManBackward: 'Le pedine si muovono solo in avanti.',
  refuseManBackwardBrazilian: "Le pedine si muovono solo in avanti (all'indietro possono solo prendere).",
  refuseOccupied: 'La casella {square} è occupata.',
  refuseNotAMove: 'I pezzi si muovono di una casella in diagonale, o saltano un pezzo avversario.',
  refuseNotAMoveBrazilian: 'Le pedine si muovono di una casella in diagonale in avanti e le dame di quante caselle vogliono lungo una diagonale libera; si prende saltando un pezzo avversario.',
  refuseBlocked: 'Il pezzo sulla casella {square} sbarra la strada.',
  refuseGoesOn: 'La presa continua dalla casella {square}: un pezzo deve continuare a prendere finché può.',
  refuseGameOver: 'La partita è finita.',
  refuseOr: 'o',
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
  importPlaceholderBrazilian: '[GameType "26"]\n1. c3-d4 f6-g5 …   oppure   W:W21,22:B1,2',
  importButton: 'Apri',
  importFile: 'Scegli file…',
  importFailed: 'Impossibile aprirlo; la partita in corso è rimasta com\'era: {error}',
  imported: 'Aperto.',
  fileTooBig: 'Il file è troppo grande per essere una partita ({size} byte).',
  textTooBig: 'Questo testo è troppo grande: {size} caratteri, se ne leggono al massimo {max}.',
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
  brRule1: 'Le pedine si muovono di una casella in diagonale in avanti, sulle caselle scure. Muove prima il Bianco.',
  brRule2: 'Si prende un pezzo avversario saltandolo fino alla casella vuota subito dopo, in avanti o all\'indietro; si continua a saltare finché si può. La presa è obbligatoria.',
  brRule3: 'Bisogna giocare la presa che prende più pezzi, pedine e dame contano uguale; fra prese pari si sceglie.',
  brRule4: 'La pedina che termina la mossa sull\'ultima riga diventa dama. Le dame volano: muovono e prendono a qualsiasi distanza lungo la diagonale.',
  brRule5: 'Vince chi lascia l\'avversario senza mosse. È patta con la stessa posizione tre volte, con 20 mosse a testa di sole dame senza prese, o se tre dame contro una non vincono entro 20 mosse.',

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
  reasonNoPieces: 'Il {loser} non ha più pezzi.',
  libraryButton: 'Partite salvate',
  libraryTitle: 'Partite salvate',
  libraryHelp: 'Le tue partite restano in questo browser: quella in corso e tutte quelle finite. Nulla lascia il tuo dispositivo.',
  libraryEmpty: 'Ancora nessuna partita salvata. Le partite si salvano qui mentre giochi.',
  libraryExport: 'Esporta tutte in PDN',
  libraryExported: '{n} partite esportate.',
  librarySaveFailed: 'Non è stato possibile aggiungere la partita a quelle salvate: {error}. Resta in questa scheda; esportala in PDN per conservarne una copia.',
  libraryUnavailable: 'Le partite salvate non sono disponibili: {error}',
  libraryInProgress: 'in corso',
  libraryDeleted: 'Partita eliminata.',
  open: 'Apri',
  delete: 'Elimina',
  colPlayers: 'Giocatori',
  colEvent: 'Evento',
  colDate: 'Data',
  colResult: 'Risultato',
  colMoves: 'Mosse',
  colOpen: 'Apri',
  colActions: 'Azioni',
  pickerTitle: 'Scegli una partita',
  pickerCount: 'Questo file contiene {n} partite. Scegline una da aprire; le altre restano qui.',
  pickerCannotOpen: 'Non si può aprire: {error}',
  continueComputer: 'Continua da qui contro il computer',
  continueFriend: 'Continua da qui con un amico',
  commentLabel: 'Commento',
  variationLabel: 'Variante',
  reasonRepetition: 'La stessa posizione si è ripetuta tre volte.',
  reasonKingMoves: 'Quaranta mosse a testa di sole dame senza prese.',
  reasonKingMovesBrazilian: 'Venti mosse a testa di sole dame, senza prese né mosse di pedina.',
  reasonThreeKings: 'Tre dame contro una non hanno vinto entro 20 mosse.',
  reasonResignation: 'Il {loser} ha abbandonato.',
  reasonTime: 'Il {loser} ha esaurito il tempo.',
  timeControl: 'Orologio',
  timeNone: 'Senza orologio',
  timeCustom: 'Personalizzato',
  timeMinutes: 'Minuti a testa',
  timeIncrement: 'Secondi aggiunti a mossa',
  clockLabel: 'Orologio del {color}',
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
  exQuantity: 'Più pezzi: la pedina in 31 prende tre pedine (31x6); la dama in 21 ne prenderebbe solo due, quindi deve prendere la pedina.',
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

  rulesPageTitle: 'Regole: dama italiana e dama brasiliana',
  rulesContents: 'I due giochi',
  diagramSide: '{color}: {pieces}.',
  diagramMan: 'pedina in {squares}',
  diagramMen: 'pedine in {squares}',
  diagramKing: 'dama in {squares}',
  diagramKings: 'dame in {squares}',
  diagramNone: 'nessun pezzo',
  diagramMoves: 'Frecce: {moves}.',

  brRulesTitle: 'Regole della dama brasiliana',
  brIntro: 'La dama brasiliana si gioca sulla stessa damiera di 8×8 caselle fra due giocatori, il Bianco e il Nero, con 12 pezzi ciascuno, con le regole della dama internazionale adattate a 64 caselle, come le gioca la confederazione brasiliana. Le pedine prendono anche all\'indietro, le dame volano, e bisogna giocare la presa che prende più pezzi.',
  brBoardH: 'La damiera',
  brBoard: 'La damiera si dispone in modo che ogni giocatore abbia una casella scura nell\'angolo in basso a sinistra (a1 è scura): è la damiera italiana vista allo specchio. Si usano solo le 32 caselle scure. Il Bianco parte dalle prime tre righe (da a1 a h3), il Nero dalle ultime tre (da a6 a h8), e muove prima il Bianco. Le caselle si indicano con colonna e riga, da a1 a h8; nelle posizioni (FEN) sono numerate da 1 a 32 a partire dall\'alto a sinistra visto dal Bianco: 1 è b8, 4 è h8, 29 è a1 e 32 è g1.',
  brMovesH: 'Il movimento',
  brMoves: 'La pedina si muove di una casella in diagonale in avanti, su una casella vuota. La dama vola: si muove di quante caselle vuole lungo una diagonale, purché siano tutte vuote.',
  brCapturesH: 'La presa',
  brCaptures: 'La presa è obbligatoria. La pedina prende in avanti e all\'indietro, pedine e dame, saltando un pezzo avversario vicino fino alla casella vuota subito dopo. La dama prende un pezzo a qualsiasi distanza lungo la diagonale, se le caselle in mezzo sono vuote, e si ferma su una qualsiasi casella vuota oltre il pezzo. La presa continua finché è possibile un\'altra presa, e tutta la sequenza è una sola mossa. I pezzi presi si tolgono solo alla fine della mossa: fino ad allora sbarrano la strada, e nessun pezzo si può saltare due volte.',
  brMajorityH: 'Quale presa giocare: la legge della maggioranza',
  brMajority: 'Bisogna giocare la presa che prende più pezzi; pedina e dama contano uguale. Fra prese che prendono lo stesso numero di pezzi il giocatore sceglie liberamente, con la pedina o con la dama.',
  brPromotionH: 'La promozione',
  brPromotion: 'La pedina diventa dama quando termina la mossa sull\'ultima riga. La pedina che arriva sull\'ultima riga nel corso di una presa e può continuare a prendere (all\'indietro) deve continuare, e resta pedina.',
  brExamplesIntro: 'In ogni diagramma muove il Bianco; le frecce sono le mosse consentite.',
  brExFlying: 'La dama vola: la dama in a1 prende d4 da lontano e deve fermarsi in e5 per continuare a prendere f4; poi può fermarsi in g3 o in h2.',
  brExBackward: 'La pedina prende anche all\'indietro: la pedina in c3 prende d4, poi f4 alle sue spalle (c3xe5xg3).',
  brExMajority: 'Legge della maggioranza: la dama in e1 potrebbe prendere un pezzo (g3), la pedina in c3 ne prende due (c3xe5xc7), quindi deve prendere la pedina. La dama non ha precedenza.',
  brExPassing: 'Di passaggio sull\'ultima riga: la pedina in d6 arriva in f8 prendendo e7, ma deve continuare e prendere g7 all\'indietro; finisce in h6 ancora pedina (d6xf8xh6).',
  brEndH: 'La fine della partita',
  brEnd: 'Perde chi non può muovere, perché non ha più pezzi o sono tutti bloccati. La partita è patta per accordo; quando la stessa posizione si presenta per la terza volta con lo stesso giocatore al tratto; dopo 20 mosse a testa di sole dame, senza prese né mosse di pedina; e quando tre dame contro una dama sola non hanno vinto entro 20 mosse.',
  brNotationH: 'La notazione',
  brNotation: 'Una mossa si scrive con i nomi delle sue caselle: c3-d4 per una mossa, c3xe5 per una presa, oppure tutte le caselle d\'arrivo (c3xe5xg3) quando serve a distinguere due prese. Le partite si salvano in PDN (tipo di gioco 26), le posizioni in FEN con i numeri delle caselle.',
};

// Brazilian Portuguese, as Brazilian players write about their game: damas (the game), pedra
// (a man), dama (a king), lance (a move), tomada or captura, lei da maioria. The sides are
// "as Brancas" and "as Pretas", so the sentences that name a side are written in the plural.
/** @type {Record<keyof typeof en, string>} */
const pt = {
  title: 'Dama',
  subtitle: 'Damas italianas',
  loading: 'Carregando…',
  loadFailed: 'Não foi possível carregar o jogo. Recarregue a página.',
  boardLabel: 'Tabuleiro de damas. As setas movem o cursor, Enter pega e solta uma peça, Esc cancela.',
  language: 'Idioma',

  white: 'Brancas',
  black: 'Pretas',
  you: 'Você',
  computerLevel: 'Computador · nível {level}',
  pieces: '{n} peças',
  piece1: '1 peça',

  newGame: 'Nova partida',
  undo: 'Desfazer',
  redo: 'Refazer',
  flip: 'Girar',
  flipTitle: 'Girar o tabuleiro',
  hint: 'Dica',
  numbers: 'Números',
  numbersTitle: 'Mostrar os números das casas 1-32',
  sound: 'Som',
  soundTitle: 'Tocar um som a cada lance',
  resign: 'Desistir',
  confirmResign: 'Desistir mesmo?',
  offerDraw: 'Propor empate',
  agreeDraw: 'Aceitar empate',
  confirmDraw: 'Empatar mesmo?',
  movesHeading: 'Lances',
  noMovesYet: 'Nenhum lance ainda. As Brancas começam.',
  noMovesYetBlack: 'Nenhum lance ainda. Nesta posição, as Pretas começam.',

  dialogTitle: 'Nova partida',
  gameLabel: 'Jogo',
  gameItalian: 'Damas italianas',
  gameBrazilian: 'Damas brasileiras',
  opponent: 'Adversário',
  vsComputer: 'O computador',
  vsFriend: 'Um amigo neste aparelho',
  vsWatch: 'Computador contra computador',
  playAs: 'Jogar com',
  random: 'Sorteio',
  level: 'Nível',
  levelHelp: '1 é o mais fácil, 10 o mais forte.',
  levelElo: 'Cerca de {elo} Elo acima do nível 1.',
  levelEloBase: 'O mais fácil: a referência para os outros.',
  start: 'Começar',
  cancel: 'Cancelar',
  close: 'Fechar',

  yourTurn: 'Sua vez.',
  firstMoveTip: 'Toque em uma das suas peças e depois na casa para onde quer levá-la (ou arraste-a até lá).',
  toMove: 'Vez das {color}.',
  computerThinking: 'O computador está pensando',
  watchThinking: 'As {color} estão pensando',
  hintThinking: 'Procurando um bom lance',
  hintShown: 'Dica: {move}.',
  mustCapture: 'Você deve capturar: jogue uma peça com anel laranja.',
  mustCaptureColor: 'As {color} devem capturar: jogue uma peça com anel laranja.',
  selectedNoMoves: 'Essa peça não tem lance aqui.',
  selectedMustCapture: 'A captura é obrigatória: esta peça não pode capturar, jogue uma com anel laranja.',
  chooseCapture: 'Duas ou mais tomadas terminam em {to}. Toque em uma casa do caminho que você quer, ou escolha:',
  captureVia: 'passando por {squares}',
  takes: 'toma {squares}',
  illegal: 'Lance não permitido.',
  refuseNoPiece: 'Não há nenhuma peça na casa {square}.',
  refuseNotYours: 'A peça na casa {square} é do adversário.',
  refuseMustCapture: 'A captura é obrigatória: a peça em {squares} deve capturar.',
  refuseMostPieces: 'É preciso jogar a tomada que captura mais peças ({n}).',
  refuseMajority: 'A lei da maioria: é preciso jogar a tomada que captura mais peças ({n}).',
  refuseKingFirst: 'Quando uma dama e uma pedra podem capturar o mesmo número de peças, a dama deve capturar.',
  refuseMostKings: 'Entre tomadas iguais, é preciso capturar mais damas ({n}).',
  refuseEarliestKing: 'Entre tomadas iguais, é preciso jogar a que encontra uma dama primeiro.',
  refuseManTakesKing: 'Uma pedra não pode capturar uma dama.',
  refuseManBackward: 'As pedras só andam para a frente.',
  refuseManBackwardBrazilian: 'As pedras só andam para a frente (para trás, só capturando).',
  refuseOccupied: 'A casa {square} está ocupada.',
  refuseNotAMove: 'As peças andam uma casa na diagonal, ou saltam uma peça adversária.',
  refuseNotAMoveBrazilian: 'As pedras andam uma casa na diagonal para a frente e as damas quantas casas quiserem por uma diagonal livre; captura-se saltando uma peça adversária.',
  refuseBlocked: 'A peça na casa {square} bloqueia o caminho.',
  refuseGoesOn: 'A tomada continua a partir da casa {square}: a peça deve continuar capturando enquanto puder.',
  refuseGameOver: 'A partida terminou.',
  refuseOr: 'ou',
  drawDeclined: 'O computador recusa o empate.',
  engineFailed: 'O computador não conseguiu jogar: {error}',
  dataTables: 'Tabelas de finais: até {n} peças',
  dataBook: 'Livro de aberturas',
  badFen: 'Não foi possível ler a posição do endereço ({error}); começando uma partida normal.',
  badPosition: 'Não foi possível ler a posição ({error}); mostrando a posição inicial.',
  nothingToLoad: 'Não há nada para abrir: cole uma partida (PDN) ou uma posição (FEN).',
  savedGameIgnored: 'Não foi possível recuperar a partida salva; uma nova partida foi iniciada.',
  updateReady: 'Uma nova versão do jogo está pronta.',
  updateReload: 'Recarregar',
  offlineReady: 'Agora o jogo funciona também sem internet.',

  reviewing: 'Posição depois de {move}.',
  reviewingStart: 'Posição inicial.',
  backToGame: 'Voltar à partida',
  firstMove: 'Posição inicial',
  prevMove: 'Lance anterior',
  nextMove: 'Próximo lance',
  lastMove: 'Última posição',

  gamesButton: 'Partidas e posições',
  gamesTitle: 'Partidas e posições',
  pdnHeading: 'Esta partida (PDN)',
  pdnHelp: 'Copie ou salve em um arquivo para guardar a partida ou abri-la em outro programa.',
  copy: 'Copiar',
  copied: 'Copiado.',
  copyFailed: 'Não foi possível copiar: selecione o texto e copie à mão.',
  download: 'Baixar',
  importHeading: 'Abrir uma partida ou uma posição',
  importHelp: 'Cole uma partida em PDN ou uma posição em FEN, ou escolha um arquivo .pdn.',
  importPlaceholder: '[GameType "22"]\n1. 22-18 10-14 …   ou   W:W21,22:B1,2',
  importPlaceholderBrazilian: '[GameType "26"]\n1. c3-d4 f6-g5 …   ou   W:W21,22:B1,2',
  importButton: 'Abrir',
  importFile: 'Escolher arquivo…',
  importFailed: 'Não foi possível abrir, e a partida atual foi mantida: {error}',
  imported: 'Aberto.',
  fileTooBig: 'Esse arquivo é grande demais para ser uma partida ({size} bytes).',
  textTooBig: 'Este texto é grande demais: {size} caracteres, no máximo {max} são lidos.',
  fenHeading: 'Posição (FEN)',
  fenHelp: 'A posição atual. Edite e clique em Montar para jogar a partir de outra posição.',
  setUp: 'Montar',
  editorButton: 'Editor do tabuleiro',

  editorTitle: 'Editor do tabuleiro',
  editing: 'Montando uma posição: toque nas casas para pôr ou tirar peças.',
  editorHelp: 'Escolha uma peça e toque nas casas do tabuleiro; tocar de novo com a mesma peça a retira.',
  editorPiece: 'Peça',
  eraser: 'Tirar',
  editorTurn: 'Quem joga',
  editorClear: 'Tabuleiro vazio',
  editorStart: 'Posição inicial',
  editorPlay: 'Jogar esta posição',
  editorCancel: 'Cancelar',
  editorRefused: 'Esta posição não é possível: {error}',

  howToPlay: 'Como jogar',
  rulesLink: 'As regras, com diagramas',
  rule1: 'As peças andam uma casa na diagonal para a frente, nas casas escuras. As Brancas começam.',
  rule2: 'Para tomar uma peça adversária, salte sobre ela até a casa vazia logo atrás; continue saltando enquanto puder. A captura é obrigatória.',
  rule3: 'Se houver várias tomadas possíveis, é preciso tomar o maior número de peças; depois, tomar com a dama e não com a pedra; depois, tomar o maior número de damas; depois, a tomada que encontra uma dama primeiro.',
  rule4: 'A pedra que chega à última fileira vira dama (com uma coroa) e pode andar e tomar também para trás, uma casa de cada vez. A pedra nunca pode tomar uma dama.',
  rule5: 'Vence quem deixa o adversário sem lances. A mesma posição três vezes, ou 40 lances de cada lado só com damas e sem tomadas, é empate.',
  brRule1: 'As pedras andam uma casa na diagonal para a frente, nas casas escuras. As Brancas começam.',
  brRule2: 'Para tomar uma peça adversária, salte sobre ela até a casa vazia logo atrás, para a frente ou para trás; continue saltando enquanto puder. A captura é obrigatória.',
  brRule3: 'É obrigatório fazer a tomada que captura mais peças (lei da maioria), pedras e damas valendo o mesmo; entre tomadas iguais, você escolhe.',
  brRule4: 'A pedra que termina o lance na última fileira vira dama. A dama é de longo alcance: anda e toma a qualquer distância na diagonal.',
  brRule5: 'Vence quem deixa o adversário sem lances. É empate com a mesma posição três vezes, com 20 lances de cada lado só com damas e sem tomadas, ou quando três damas contra uma não vencem em 20 lances.',

  announceMove: '{color} {move}',
  announceCapture: '{color} tomam {move}',
  announcePromotes: ', vira dama',
  squareEmpty: 'vazia',
  whiteMan: 'pedra branca',
  whiteKing: 'dama branca',
  blackMan: 'pedra preta',
  blackKing: 'dama preta',
  squareDescription: 'Casa {n}, {piece}',
  selectedSuffix: ', selecionada',
  destinationSuffix: ', você pode jogar aqui',

  youWin: 'Você venceu!',
  youLose: 'O computador venceu.',
  winnerWins: 'Vitória das {color}.',
  draw: 'Empate.',
  reasonNoMoves: 'As {loser} não têm mais lances.',
  reasonNoPieces: 'As {loser} não têm mais peças.',
  libraryButton: 'Partidas salvas',
  libraryTitle: 'Partidas salvas',
  libraryHelp: 'Suas partidas ficam neste navegador: a partida em andamento e todas as terminadas. Nada sai do seu aparelho.',
  libraryEmpty: 'Nenhuma partida salva ainda. As partidas são salvas aqui enquanto você joga.',
  libraryExport: 'Exportar todas em PDN',
  libraryExported: '{n} partidas exportadas.',
  librarySaveFailed: 'Não foi possível adicionar esta partida às salvas: {error}. Ela continua nesta aba; exporte em PDN para guardar uma cópia.',
  libraryUnavailable: 'As partidas salvas não estão disponíveis: {error}',
  libraryInProgress: 'em andamento',
  libraryDeleted: 'Partida apagada.',
  open: 'Abrir',
  delete: 'Apagar',
  colPlayers: 'Jogadores',
  colEvent: 'Evento',
  colDate: 'Data',
  colResult: 'Resultado',
  colMoves: 'Lances',
  colOpen: 'Abrir',
  colActions: 'Ações',
  pickerTitle: 'Escolha uma partida',
  pickerCount: 'Este arquivo tem {n} partidas. Escolha uma para abrir; as outras continuam aqui.',
  pickerCannotOpen: 'Não pode ser aberta: {error}',
  continueComputer: 'Continuar daqui contra o computador',
  continueFriend: 'Continuar daqui com um amigo',
  commentLabel: 'Comentário',
  variationLabel: 'Variação',
  reasonRepetition: 'A mesma posição se repetiu três vezes.',
  reasonKingMoves: 'Quarenta lances de cada lado só com damas e sem tomadas.',
  reasonKingMovesBrazilian: 'Vinte lances de cada lado só com damas, sem tomadas nem lances de pedra.',
  reasonThreeKings: 'Três damas contra uma não venceram em 20 lances.',
  reasonResignation: 'As {loser} abandonaram.',
  reasonTime: 'O tempo das {loser} acabou.',
  timeControl: 'Relógio',
  timeNone: 'Sem relógio',
  timeCustom: 'Personalizado',
  timeMinutes: 'Minutos para cada um',
  timeIncrement: 'Segundos acrescentados por lance',
  clockLabel: 'Relógio das {color}',
  reasonAgreement: 'Os jogadores combinaram o empate.',
  viewBoard: 'Ver o tabuleiro',

  pdnEvent: 'Casual game',

  embedTitle: 'A Dama na sua página',
  embedIntro: 'Duas maneiras de colocar o jogo em uma página: o elemento <dama-board> ou um iframe. Depois da primeira visita, os dois funcionam também sem internet.',
  embedElement: 'O elemento: dois tabuleiros independentes',
  embedFrame: 'O iframe',
  backToGameLink: 'Voltar ao jogo',

  rulesTitle: 'Regras das damas italianas',
  rulesIntro: 'As damas italianas se jogam em um tabuleiro de 8×8 casas entre dois jogadores, as Brancas e as Pretas, com 12 peças cada um. Estas são as regras que este jogo segue.',
  rulesBoardH: 'O tabuleiro',
  rulesBoard: 'O tabuleiro é colocado de modo que cada jogador tenha uma casa escura no canto inferior direito. Só se usam as 32 casas escuras, numeradas de 1 a 32 a partir do canto superior esquerdo, vistas pelas Brancas. As Pretas começam em 1-12, as Brancas em 21-32, e as Brancas jogam primeiro.',
  rulesMovesH: 'O movimento',
  rulesMoves: 'A pedra anda uma casa na diagonal para a frente, para uma casa vazia. A pedra que chega à última fileira vira dama, e o lance termina ali. A dama anda uma casa na diagonal, para a frente ou para trás.',
  rulesCapturesH: 'A tomada',
  rulesCaptures: 'A captura é obrigatória. Uma peça toma saltando sobre uma peça adversária vizinha até a casa vazia logo atrás, e continua saltando enquanto puder; a sequência inteira é um só lance. A pedra toma só para a frente e nunca pode tomar uma dama. A dama toma para a frente e para trás, pedras e damas.',
  rulesPrecedenceH: 'Qual tomada fazer',
  rulesPrecedence: 'Quando há mais de uma tomada, decidem estas regras, nesta ordem:',
  rulesP1: 'tomar o maior número de peças;',
  rulesP2: 'em caso de empate, tomar com a dama e não com a pedra;',
  rulesP3: 'em caso de empate, tomar o maior número de damas;',
  rulesP4: 'em caso de empate, a tomada que encontra uma dama primeiro;',
  rulesP5: 'se ainda houver empate, o jogador escolhe.',
  rulesExamplesH: 'Exemplos',
  rulesExamplesIntro: 'Em cada diagrama jogam as Brancas; a seta é a tomada obrigatória.',
  exQuantity: 'Maior número de peças: a pedra em 31 toma três pedras (31x6); a dama em 21 tomaria só duas, então quem toma é a pedra.',
  exKing: 'Com a dama: a dama em 23 e a pedra em 31 podem tomar duas peças cada uma; é a dama que deve tomar (23x21).',
  exMostKings: 'Mais damas: tomar a dama em 28 (23x32) vale mais que tomar a pedra em 19.',
  exEarliest: 'A dama primeiro: as duas tomadas capturam três peças, uma delas dama; 30x5 toma a dama primeiro (26), 30x7 só em segundo lugar (20).',
  exSecondKing: 'A dama primeiro, decide a segunda: as duas tomadas capturam duas damas e começam por uma dama; 30x5 toma antes a segunda dama (18).',
  exFreeChoice: 'Livre escolha: cada tomada captura uma dama e depois uma pedra; o jogador escolhe qualquer uma.',
  exMenNoKings: 'A pedra nunca toma a dama: a pedra em 30 não pode tomar a dama em 26, então simplesmente anda (30-27).',
  rulesEndH: 'O fim da partida',
  rulesEnd: 'Perde quem não pode jogar, por não ter mais peças ou por estarem todas bloqueadas. A partida termina empatada por acordo, quando a mesma posição aparece pela terceira vez com o mesmo jogador na vez, ou depois de 40 lances de cada lado em que só as damas andaram e nada foi tomado.',
  rulesNotationH: 'A notação',
  rulesNotation: 'Um lance se escreve com os números das casas: 22-18 para um lance simples, 22x13 para uma tomada. As partidas são salvas em PDN, as posições em FEN.',

  rulesPageTitle: 'Regras: damas italianas e damas brasileiras',
  rulesContents: 'Os dois jogos',
  diagramSide: '{color}: {pieces}.',
  diagramMan: 'pedra em {squares}',
  diagramMen: 'pedras em {squares}',
  diagramKing: 'dama em {squares}',
  diagramKings: 'damas em {squares}',
  diagramNone: 'nenhuma peça',
  diagramMoves: 'Setas: {moves}.',

  brRulesTitle: 'Regras das damas brasileiras',
  brIntro: 'As damas brasileiras se jogam no mesmo tabuleiro de 8×8 casas entre dois jogadores, as Brancas e as Pretas, com 12 peças cada um, pelas regras do jogo de damas internacional adaptadas às 64 casas, como joga a Confederação Brasileira de Damas. A pedra toma também para trás, a dama é de longo alcance e vale a lei da maioria: é obrigatório tomar o maior número de peças.',
  brBoardH: 'O tabuleiro',
  brBoard: 'O tabuleiro é colocado de modo que cada jogador tenha uma casa escura no canto inferior esquerdo (a1 é escura): é o tabuleiro italiano visto no espelho. Só se usam as 32 casas escuras. As Brancas começam nas três primeiras fileiras (de a1 a h3), as Pretas nas três últimas (de a6 a h8), e as Brancas jogam primeiro. As casas são indicadas pela coluna e pela fileira, de a1 a h8; nas posições (FEN) elas são numeradas de 1 a 32 a partir do canto superior esquerdo, vistas pelas Brancas: 1 é b8, 4 é h8, 29 é a1 e 32 é g1.',
  brMovesH: 'O movimento',
  brMoves: 'A pedra anda uma casa na diagonal para a frente, para uma casa vazia. A dama é de longo alcance: anda quantas casas quiser ao longo de uma diagonal, desde que estejam todas vazias.',
  brCapturesH: 'A tomada',
  brCaptures: 'A captura é obrigatória. A pedra toma para a frente e para trás, pedras e damas, saltando sobre uma peça adversária vizinha até a casa vazia logo atrás. A dama toma uma peça a qualquer distância na diagonal, se as casas entre elas estiverem vazias, e pode parar em qualquer casa vazia depois da peça tomada. A tomada continua enquanto houver outra peça para tomar, e a sequência inteira é um só lance. As peças tomadas só saem do tabuleiro no fim do lance: até lá elas bloqueiam o caminho, e nenhuma peça pode ser saltada duas vezes.',
  brMajorityH: 'Qual tomada fazer: a lei da maioria',
  brMajority: 'É obrigatório fazer a tomada que captura o maior número de peças; pedra e dama valem o mesmo. Entre tomadas que capturam o mesmo número de peças, o jogador escolhe livremente, com a pedra ou com a dama.',
  brPromotionH: 'A promoção',
  brPromotion: 'A pedra vira dama quando termina o lance na última fileira. A pedra que chega à última fileira no meio de uma tomada e pode continuar tomando (para trás) é obrigada a continuar, e segue como pedra.',
  brExamplesIntro: 'Em cada diagrama jogam as Brancas; as setas são os lances permitidos.',
  brExFlying: 'A dama de longo alcance: a dama em a1 toma d4 de longe e precisa parar em e5 para continuar e tomar f4; depois pode parar em g3 ou em h2.',
  brExBackward: 'A pedra também toma para trás: a pedra em c3 toma d4 e depois f4, que está atrás dela (c3xe5xg3).',
  brExMajority: 'Lei da maioria: a dama em e1 poderia tomar uma peça (g3), a pedra em c3 toma duas (c3xe5xc7), então quem toma é a pedra. A dama não tem preferência.',
  brExPassing: 'De passagem pela última fileira: a pedra em d6 chega a f8 tomando e7, mas precisa continuar e tomar g7 para trás; termina em h6, ainda pedra (d6xf8xh6).',
  brEndH: 'O fim da partida',
  brEnd: 'Perde quem não pode jogar, por não ter mais peças ou por estarem todas bloqueadas. A partida termina empatada por acordo; quando a mesma posição aparece pela terceira vez com o mesmo jogador na vez; depois de 20 lances de cada lado feitos só com damas, sem tomadas e sem lance de pedra; e quando três damas contra uma dama sozinha não vencem em 20 lances.',
  brNotationH: 'A notação',
  brNotation: 'Um lance se escreve com os nomes das suas casas: c3-d4 para um lance simples, c3xe5 para uma tomada, ou todas as casas de parada (c3xe5xg3) quando for preciso distinguir duas tomadas. As partidas são salvas em PDN (tipo de jogo 26), as posições em FEN com os números das casas.',
};

export const TABLES = { en, it, 'pt-BR': pt };
export const LANGUAGES = { en: 'English', it: 'Italiano', 'pt-BR': 'Português (Brasil)' };
const LANG_KEY = 'dama.lang';

// The table for a language tag as browsers, attributes and addresses write it: an exact
// match whatever the case (pt-br), else the first table of the same language (pt and pt-PT
// read Brazilian Portuguese, it-IT Italian, en-GB English); null if we have none.
/** @param {unknown} code @returns {string | null} */
export function resolveLanguage(code) {
  const s = String(code ?? '').trim().toLowerCase().replace('_', '-');
  if (!s) return null;
  const codes = Object.keys(TABLES);
  const exact = codes.find((c) => c.toLowerCase() === s);
  if (exact) return exact;
  const base = s.split('-')[0];
  return codes.find((c) => c.toLowerCase().split('-')[0] === base) ?? null;
}

// The saved choice, else the first of the browser's languages we have, else English.
export function detectLanguage() {
  try {
    const saved = resolveLanguage(localStorage.getItem(LANG_KEY));
    if (saved) return saved;
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframe).
  }
  const prefs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  for (const p of prefs) {
    const code = resolveLanguage(p);
    if (code) return code;
  }
  return 'en';
}

let lang = typeof document !== 'undefined' ? detectLanguage() : 'en';
/** @type {Set<(code: string) => void>} */
const listeners = new Set();

export function getLanguage() {
  return lang;
}

// Switches every text on the page (elements listen through onLanguageChange); `persist`
// remembers the choice for the next visit.
/** @param {unknown} tag @param {{ persist?: boolean }} [opts] */
export function setLanguage(tag, { persist = false } = {}) {
  const code = resolveLanguage(tag);
  if (!code) return;
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

/** @param {(code: string) => void} fn @returns {() => void} stops listening */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// t('toMove', {color: 'White'}) -> 'White to move.'
/** @param {string} key @param {Record<string, unknown>} [params] @param {string} [code] @returns {string} */
export function t(key, params = {}, code = lang) {
  // Own properties only: a code or key such as "__proto__" or "toString" is no language or text.
  /** @type {<T>(o: { [k: string]: T }, k: string) => T | undefined} */
  const own = (o, k) => (Object.hasOwn(o, k) ? o[k] : undefined);
  const table = own(TABLES, code) ?? own(TABLES, resolveLanguage(code) ?? '') ?? en;
  const s = own(table, key) ?? own(en, key) ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// The core's refusals (Game.whyIllegal) in its English words, each read back into the key of
// its rule and the squares or count it names, so every language words the rule itself. The
// Brazilian forms name the majority rule and say men capture backward. A text not listed here
// (a newer core's) is shown as the core wrote it, through `fallback`.
/** @type {[RegExp, string, string?][]} pattern, key, the key's parameter for the pattern's group */
const REFUSALS = [
  [/^there is no piece on square (\w+)$/, 'refuseNoPiece', 'square'],
  [/^the piece on square (\w+) is your opponent's$/, 'refuseNotYours', 'square'],
  [/^capturing is compulsory: the piece on (\w+(?: or \w+)*) must capture$/, 'refuseMustCapture', 'squares'],
  [/^the majority rule: you must play the capture that takes the most pieces \((\d+)\)$/, 'refuseMajority', 'n'],
  [/^you must play the capture that takes the most pieces \((\d+)\)$/, 'refuseMostPieces', 'n'],
  [/^when a king and a man can take the same number of pieces, the king must capture$/, 'refuseKingFirst'],
  [/^among equal captures you must take the most kings \((\d+)\)$/, 'refuseMostKings', 'n'],
  [/^among equal captures you must take the one that meets a king first$/, 'refuseEarliestKing'],
  [/^a man cannot capture a king$/, 'refuseManTakesKing'],
  [/^men move forward only \(they capture backward, but only when capturing\)$/, 'refuseManBackwardBrazilian'],
  [/^men move forward only$/, 'refuseManBackward'],
  [/^square (\w+) is occupied$/, 'refuseOccupied', 'square'],
  [/^pieces move one square diagonally, or jump an opposing piece$/, 'refuseNotAMove'],
  [/^men move one square diagonally forward and kings any distance along a free diagonal; captures jump an opposing piece$/, 'refuseNotAMoveBrazilian'],
  [/^the piece on square (\w+) blocks the way$/, 'refuseBlocked', 'square'],
  [/^the capture goes on from square (\w+): a piece must keep capturing while it can$/, 'refuseGoesOn', 'square'],
  [/^the game is over$/, 'refuseGameOver'],
];

// localizeRefusal('the piece on square c3 blocks the way', 'pt-BR') -> 'A peça na casa c3
// bloqueia o caminho.'
/** @param {unknown} text @param {string} [code] @param {(text: string) => string} [fallback] @returns {string} */
export function localizeRefusal(text, code = lang, fallback = (s) => s) {
  const s = String(text ?? '').trim();
  for (const [re, key, param] of REFUSALS) {
    const m = re.exec(s);
    if (!m) continue;
    let value = m[1];
    if (param === 'squares') value = value.split(' or ').join(` ${t('refuseOr', {}, code)} `);
    return t(key, param ? { [param]: value } : {}, code);
  }
  return fallback(s);
}

// Fills elements marked data-i18n (text), data-i18n-label (aria-label), data-i18n-title and
// data-i18n-placeholder.
/** @param {ParentNode} [root] */
export function translatePage(root = document) {
  /** @type {(selector: string) => NodeListOf<HTMLElement>} */
  const all = (selector) => root.querySelectorAll(selector);
  // (Each key is there: the selector asks for it.)
  for (const el of all('[data-i18n]')) el.textContent = t(el.dataset.i18n ?? '');
  for (const el of all('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel ?? ''));
  for (const el of all('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle ?? '');
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (all('[data-i18n-placeholder]'))) {
    el.placeholder = t(el.dataset.i18nPlaceholder ?? '');
  }
}

// Gives a language <select> one option per language we have, named in its own language, so a
// page need not list them (options already in the HTML keep their place).
/** @param {HTMLSelectElement} select */
export function fillLanguageSelect(select) {
  for (const [code, name] of Object.entries(LANGUAGES)) {
    let opt = [...select.options].find((o) => o.value === code);
    if (!opt) {
      opt = document.createElement('option');
      opt.value = code;
      select.append(opt);
    }
    opt.textContent = name;
    opt.lang = code;
  }
}
