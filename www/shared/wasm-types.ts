// The wasm core's types, generated: `make build` has wasm-bindgen write a .d.ts beside each
// glue (www/pkg/dama_wasm.d.ts, the engine's; www/pkg/dama_rules.d.ts, the pages' rules), with
// the classes and functions of crates/dama-wasm and the plain objects they return, whose
// declarations tsify writes from their Rust types (crates/dama-wasm/src/wire.rs). Nothing is
// declared twice: this file only gives them the names the JSDoc imports,
// `/** @import { Move } from '../shared/wasm-types.js' */`. Types only: nothing here runs.
// The pages' one game class is `GameRecord` (a game, an analysis, a puzzle, a diagram, the
// editor's position); `Game` and `Engine` are the engine workers' only, absent from the rules'
// glue (`DamaRules`), so a page reaching for them fails tsc.
//
// The types are also checked when the core is called: an argument of another JS type (a
// number for a string, a string for a number, a String object, a plain object for an array) is
// a TypeError naming it ("GameRecord.play: text must be a string, not number"), and a number
// out of its range a RangeError; a Game argument that is not a live Game is an Error.

export type * from '../pkg/dama_wasm.js';

/**
 * A board's cells: index i = square i+1 in the game's numbering; 1/2 a white man/king,
 * -1/-2 a black one, 0 empty.
 */
export type Cells = Int8Array;

/** The engine's glue module (www/pkg/dama_wasm.js) as `import()` gives it: the workers'. */
export type DamaWasm = typeof import('../pkg/dama_wasm.js');

/** The rules' glue module (www/pkg/dama_rules.js): the pages' and the PDN reader's. */
export type DamaRules = typeof import('../pkg/dama_rules.js');
