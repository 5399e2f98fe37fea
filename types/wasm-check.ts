// Compile-time check that types/dama-wasm.ts matches the wasm-bindgen glues it describes,
// www/pkg/dama_wasm.js (the engine's) and www/pkg/dama_rules.js (the pages' rules), whose own
// JSDoc gives TypeScript their signatures: `make lint-js` runs `tsc -p tsconfig.wasm.json`
// when they are built. Nothing here runs.
//
// Checked: the same classes and functions, the same public methods and static functions,
// each declared parameter list accepted by the glue's with the same count, and each declared
// result one the glue's result allows (the glue says `any` for the core's plain objects, whose
// shapes the declaration adds). A failure names the member in `Mismatch<...>`.

import type * as Glue from '../www/pkg/dama_wasm.js';
import type * as Rules from '../www/pkg/dama_rules.js';
import type * as Decl from './dama-wasm.js';

type Fn = (...args: never[]) => unknown;
/** The public members: no wasm-bindgen internals (`__wbg_ptr`, `__wrap`, ...), no symbols. */
type PublicKeys<T> = { [K in keyof T]: K extends `__${string}` ? never : K extends string ? K : never }[keyof T];
/** Class instances of either side, by name (they differ in the glue's internals). */
type Named<T> = 0 extends 1 & T
  ? T
  : T extends Decl.Game | Glue.Game | Rules.Game
    ? 'Game'
    : T extends Decl.Engine | Glue.Engine
      ? 'Engine'
      : T extends Decl.PdnFile | Glue.PdnFile | Rules.PdnFile
        ? 'PdnFile'
        : T extends Decl.GameTree | Glue.GameTree | Rules.GameTree
          ? 'GameTree'
          : T;
type NamedAll<T> = { [I in keyof T]: Named<T[I]> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The number of parameters, optional ones included (JSDoc-less glue parameters are optional). */
type Count<F extends Fn> = Required<Parameters<F>>['length'];
/** The declared function `D` is a fair description of the glue's `G`. */
type Fits<D, G> = D extends Fn
  ? G extends Fn
    ? Same<Count<D>, Count<G>> extends true
      ? NamedAll<Parameters<D>> extends NamedAll<Parameters<G>>
        ? [Named<ReturnType<D>>] extends [Named<ReturnType<G>>]
          ? true
          : 'its result is not one the glue returns'
        : 'its parameters are not ones the glue takes'
      : 'another number of parameters'
    : 'not a function in the glue'
  : true;
/** Every member of D and G: true, or why not. */
type Compare<D, G> = Same<PublicKeys<D>, PublicKeys<G>> extends true
  ? { [K in PublicKeys<D> & PublicKeys<G>]: Fits<D[K], G[K]> }
  : { members: [declared: Exclude<PublicKeys<D>, PublicKeys<G>>, glue: Exclude<PublicKeys<G>, PublicKeys<D>>] };
type AllTrue<T> = { [K in keyof T]: T[K] extends true ? never : K }[keyof T];
/** A constructor's number of parameters. */
type Ctor<C extends abstract new (...args: never[]) => unknown> = Required<ConstructorParameters<C>>['length'];
/** Compiles only when M is never; else the error shows which member differs, and why. */
type Mismatch<M extends never> = M;

export type Checks = [
  Mismatch<AllTrue<Compare<typeof Decl, typeof Glue>>>,
  Mismatch<AllTrue<Compare<Decl.Game, Glue.Game>>>,
  Mismatch<AllTrue<Compare<typeof Decl.Game, typeof Glue.Game>>>,
  Mismatch<AllTrue<Compare<Decl.Engine, Glue.Engine>>>,
  Mismatch<AllTrue<Compare<typeof Decl.Engine, typeof Glue.Engine>>>,
  Mismatch<Same<Ctor<typeof Decl.Game>, Ctor<typeof Glue.Game>> extends true ? never : 'Game constructor'>,
  Mismatch<Same<Ctor<typeof Decl.Engine>, Ctor<typeof Glue.Engine>> extends true ? never : 'Engine constructor'>,
  Mismatch<AllTrue<Compare<Decl.PdnFile, Glue.PdnFile>>>,
  Mismatch<AllTrue<Compare<typeof Decl.PdnFile, typeof Glue.PdnFile>>>,
  Mismatch<AllTrue<Compare<Decl.GameTree, Glue.GameTree>>>,
  Mismatch<AllTrue<Compare<typeof Decl.GameTree, typeof Glue.GameTree>>>,
  // The rules' build: the declarations without the engine's, and the same classes.
  Mismatch<AllTrue<Compare<Decl.DamaRules, typeof Rules>>>,
  Mismatch<AllTrue<Compare<Decl.Game, Rules.Game>>>,
  Mismatch<AllTrue<Compare<typeof Decl.Game, typeof Rules.Game>>>,
  Mismatch<AllTrue<Compare<Decl.PdnFile, Rules.PdnFile>>>,
  Mismatch<AllTrue<Compare<typeof Decl.PdnFile, typeof Rules.PdnFile>>>,
  Mismatch<AllTrue<Compare<Decl.GameTree, Rules.GameTree>>>,
  Mismatch<AllTrue<Compare<typeof Decl.GameTree, typeof Rules.GameTree>>>,
  Mismatch<Same<Ctor<typeof Decl.Game>, Ctor<typeof Rules.Game>> extends true ? never : 'Game constructor (rules)'>,
];
