// @ts-check
// Games for the explorer's benchmark and tests: each played from the start by a seeded random
// choice among the first legal moves (so that games share their openings, as real ones do),
// for up to `maxPlies` plies, then ended as the board says or by a resignation or an agreed
// draw; written as the core writes PDN, with players and an event. Deterministic for a seed.

/** @import { DamaRules, Variant } from '../www/shared/wasm-types.js' */

/**
 * @param {DamaRules} core the rules' build
 * @param {Variant} variant
 * @param {number} n games
 * @param {{seed?: number, maxPlies?: number}} [options]
 * @returns {string[]} one PDN text a game
 */
export function randomGames(core, variant, n, { seed = 1, maxPlies = 90 } = {}) {
  let s = seed >>> 0 || 1;
  const rand = () => {
    // xorshift32: the same games on every machine.
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
  const out = [];
  for (let g = 0; g < n; g++) {
    /** @type {[string, string][]} */
    const tags = [
      ['Event', `Random ${Math.floor(g / 100) + 1}`],
      ['White', `Player ${g % 37}`],
      ['Black', `Player ${(g * 7 + 3) % 37}`],
    ];
    const game = new core.GameRecord('game', variant, null, tags);
    try {
      const plies = Math.floor(maxPlies / 2 + rand() * (maxPlies / 2));
      for (let p = 0; p < plies && !game.result(); p++) {
        const legal = game.legalMoves();
        // Most often one of the first three: openings repeat, later plies spread out.
        const pick = rand() < 0.8 ? Math.floor(rand() * Math.min(3, legal.length)) : Math.floor(rand() * legal.length);
        game.play(legal[pick].text);
      }
      if (!game.result()) {
        const r = rand();
        if (r < 0.4) game.resign('black');
        else if (r < 0.7) game.resign('white');
        else game.agreeDraw();
      }
      out.push(game.toPdn());
    } finally {
      game.free();
    }
  }
  return out;
}
