// @ts-check
// What the page's panels ask of the explorer, which loads once the page is playable (main.js):
// until then it has nothing to show. ctrl.js puts its own functions here when it is wired.

/** @typedef {{score: number, known: {win: boolean, moves: null} | null, result: 'win' | 'draw' | 'loss', plies: number}} TablesValue */

export const explorerHooks = {
  /** Draws the panel for the position shown, asking the worker when it is a new one. */
  refresh: () => {},
  /** The tables' value of the position shown, for White, or null. @type {() => TablesValue | null} */
  tablesValue: () => null,
  /** The words of a tables value. @type {(result: 'win' | 'draw' | 'loss', plies: number) => string} */
  tablesWords: () => '',
};
