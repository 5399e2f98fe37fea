// @ts-check
// A puzzle on any page (`<dama-board puzzle="it-012">`): one of the site's puzzles
// (www/puzzles/<game>.json, the trainer's), its position on the board with the solver to move,
// the player's moves judged against its line (the puzzles page's Attempt: the line's move is
// played, any other taken back), the opponent's replies played after a pause, and the outcome
// said and sent as a `puzzle` event. No rating is kept here: that is the puzzles page's.

import { Attempt, readPuzzleFile, puzzleGame } from '../puzzles/trainer.js';
import { DEFAULT_VARIANT } from '../shared/variant.js';

/** @import { PuzzleFile } from '../puzzles/trainer.js' */

/** The longest puzzle file read (the shipped ones are about 40 KB). */
const MAX_FILE = 2 << 20;
/** Each game's file, fetched once per page. @type {Map<string, Promise<PuzzleFile>>} */
const files = new Map();

/**
 * The puzzle `id` of the site's files (its prefix names the game: `it-`, `br-`); throws with
 * the reason when there is none.
 * @param {string} id
 */
export async function loadPuzzle(id) {
  const game = puzzleGame(id) ?? DEFAULT_VARIANT;
  if (!files.has(game)) {
    files.set(
      game,
      (async () => {
        const res = await fetch(new URL(`../puzzles/${game}.json`, import.meta.url));
        if (!res.ok) throw new Error(`the puzzles could not be loaded (HTTP ${res.status})`);
        const text = await res.text();
        if (text.length > MAX_FILE) throw new Error('the puzzle file is too large');
        return readPuzzleFile(JSON.parse(text));
      })(),
    );
  }
  let file;
  try {
    file = await /** @type {Promise<PuzzleFile>} */ (files.get(game));
  } catch (err) {
    files.delete(game); // tried again next time
    throw err;
  }
  const puzzle = file.puzzles.find((p) => p.id === id);
  if (!puzzle) throw new Error(`there is no puzzle ${id.slice(0, 40)}`);
  return { puzzle, variant: file.variant };
}

export { Attempt };
