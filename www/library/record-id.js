// @ts-check
// The id of a saved game's record in the library (library.js), made by the page when a game
// starts, so every copy of a game (the tab's own storage, the library) names one record from
// its first move. Apart from the library's code, which a page loads later than its first
// move.

/** A new record id: random, so two tabs never make the same one. */
// (crypto.randomUUID exists only on secure pages: https or localhost.)
export const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
