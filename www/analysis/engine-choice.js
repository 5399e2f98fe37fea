// @ts-check
// Whether the player wants the engine on when the analysis board opens: the last choice made
// with its button, kept in this browser (a player who thinks alone does not want it back at
// every visit). On unless the stored text is exactly 'off'; a storage that cannot be read or
// written (private mode, quota, blocked) keeps the default and says nothing.

const KEY = 'dama.analysis.engine';

/** @returns {boolean} true unless the player last switched the engine off */
export function engineWanted() {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Keeps the player's choice. @param {boolean} on */
export function rememberEngine(on) {
  try {
    globalThis.localStorage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not kept: the next visit opens with the engine on, as on a first visit.
  }
}
