// @ts-check
// The games the pages know, the one they play when nothing names one, and the names each game
// goes by in what a page reads (an attribute, an address, a dialog, a saved game, a puzzle
// file, a PDN's GameType). The games' rules are the core's; this is their names alone. No DOM.
// (The game a player is offered first is preferred-variant.js's.)

/** A game: the core's own type (crates/dama-wasm, declared by tsify). @typedef {import('./wasm-types.js').Variant} Variant */

/** @type {readonly Variant[]} */
export const VARIANTS = ['italian', 'brazilian'];

/**
 * The game when outside input names none: a <dama-board> with no `variant` attribute (and the
 * frame's address with no `variant`), a saved game or settings from a version before
 * Brazilian draughts, a position or a game in the analysis board's address, a puzzle file or
 * a rules diagram with no variant, a new game asked with none. Code that knows its game passes
 * it. What a page opens on for a player who has chosen nothing is preferredVariant's
 * (preferred-variant.js).
 * @type {Variant}
 */
export const DEFAULT_VARIANT = 'italian';

/**
 * Every name a game is read by (lower case): its own, its PDN GameType, and the names players
 * write for it.
 * @type {Readonly<Record<string, Variant>>}
 */
const ALIASES = Object.freeze({
  italian: 'italian',
  22: 'italian',
  brazilian: 'brazilian',
  26: 'brazilian',
  brasileira: 'brazilian',
  brasileiro: 'brazilian',
  brazil: 'brazilian',
  br: 'brazilian',
});

/**
 * The game `v` names (any case, spaces around), or null when it names none.
 * @param {unknown} v
 * @returns {Variant | null}
 */
export function variantNamed(v) {
  const s = String(v ?? '').trim().toLowerCase();
  return Object.hasOwn(ALIASES, s) ? ALIASES[s] : null;
}

/**
 * The game an attribute, an address or a dialog names: the one `v` names, else (none, or
 * another) the default game.
 * @param {unknown} v
 * @returns {Variant}
 */
export function normVariant(v) {
  return variantNamed(v) ?? DEFAULT_VARIANT;
}
