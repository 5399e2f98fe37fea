// @ts-check
// Two <dama-board>s in two tabs playing one game, each tab one side, their moves sent through
// a BroadcastChannel: what a club site does with its own server (a WebSocket, say) in place of
// the channel. The element in remote mode takes its player's moves for `side` alone; the
// opponent's come in by board.play(move), which refuses (throws, the game unchanged) a move
// that is not legal. A tab opened later asks for the game so far and is sent it.
import '../../www/dama-board.js';

const params = new URLSearchParams(location.search);
const side = params.get('side') === 'black' ? 'black' : 'white';
const board = /** @type {import('../../www/element/element.js').DamaBoard} */ (document.getElementById('board'));
const channel = new BroadcastChannel(`dama-remote-${params.get('game') ?? 'demo'}`);
const log = /** @type {HTMLElement} */ (document.getElementById('log'));
const say = (/** @type {string} */ line) => (log.textContent = `${line}\n${log.textContent}`.slice(0, 4000));

// The game: ?variant=brazilian for Brazilian draughts (the element's default is Italian).
const variant = params.get('variant') === 'brazilian' ? 'brazilian' : 'italian';
board.setAttribute('variant', variant);
board.setAttribute('side', side);
board.setAttribute('orientation', side);
/** @type {HTMLElement} */ (document.getElementById('side')).textContent = side === 'white' ? 'White' : 'Black';
const other = /** @type {HTMLAnchorElement} */ (document.getElementById('other'));
other.href = `remote.html?side=${side === 'white' ? 'black' : 'white'}&variant=${variant}`;
other.textContent = `play ${side === 'white' ? 'Black' : 'White'}`;

// This side's own moves, and what it does, go to the other tab; moves played by script (the
// other tab's, through play) are not sent back.
board.addEventListener('move', (e) => {
  const d = /** @type {CustomEvent} */ (e).detail;
  if (d.by !== 'script') channel.postMessage({ type: 'move', move: d.move, ply: d.ply });
});
board.addEventListener('drawoffer', () => channel.postMessage({ type: 'draw-offer' }));
board.addEventListener('gameover', (e) => say(`game over: ${JSON.stringify(/** @type {CustomEvent} */ (e).detail)}`));

channel.onmessage = (e) => {
  const m = e.data;
  try {
    if (m.type === 'move') {
      // A move that does not follow (the tabs out of step) is refused by the board itself.
      if (m.ply !== board.history().length + 1) throw new Error(`move ${m.ply} arrived at move ${board.history().length + 1}`);
      board.play(m.move);
      say(`opponent played ${m.move}`);
    } else if (m.type === 'draw-offer') {
      if (confirm('Your opponent offers a draw. Accept?')) {
        board.agreeDraw();
        channel.postMessage({ type: 'draw-accepted' });
      }
    } else if (m.type === 'draw-accepted') board.agreeDraw();
    else if (m.type === 'resign') board.resign(m.color);
    else if (m.type === 'hello') channel.postMessage({ type: 'game', moves: board.history().map((x) => x.text) });
    else if (m.type === 'game' && board.history().length === 0) for (const move of m.moves) board.play(move);
  } catch (err) {
    say(`refused: ${/** @type {Error} */ (err).message}`);
  }
};

document.getElementById('offer')?.addEventListener('click', () => board.offerDraw());
document.getElementById('resign')?.addEventListener('click', () => {
  board.resign();
  channel.postMessage({ type: 'resign', color: side });
});
board.whenReady().then(() => channel.postMessage({ type: 'hello' }));
