// @ts-check
// The analysis board's switches the player's last choice sets for the next visit, kept in this
// browser: whether the engine is on when the board opens (a player who thinks alone does not want
// it back at every visit), and whether the explorer is shown. Each is on unless its stored text is
// exactly 'off'; a storage that cannot be read or written (private mode, quota, blocked) keeps
// the default and says nothing.

/**
 * A switch kept under `key`.
 * @param {string} key
 */
export function keptSwitch(key) {
  return {
    /** @returns {boolean} true unless the player last switched it off */
    wanted() {
      try {
        return globalThis.localStorage?.getItem(key) !== 'off';
      } catch {
        return true;
      }
    },
    /** Keeps the player's choice. @param {boolean} on */
    remember(on) {
      try {
        globalThis.localStorage?.setItem(key, on ? 'on' : 'off');
      } catch {
        // Not kept: the next visit opens with it on, as on a first visit.
      }
    },
  };
}

const engine = keptSwitch('dama.analysis.engine');
/** @returns {boolean} true unless the player last switched the engine off */
export const engineWanted = () => engine.wanted();
/** Keeps the player's choice. @param {boolean} on */
export const rememberEngine = (on) => engine.remember(on);
