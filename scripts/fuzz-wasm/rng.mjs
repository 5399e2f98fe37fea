// @ts-check

import { TWO_32 } from './samples.mjs';

/** A seeded generator (mulberry32): the same seed, the same calls. */
export class Rng {
  /** @param {number} seed */
  constructor(seed) {
    this.state = seed >>> 0;
  }

  /** A whole number in 0..n-1. @param {number} n */
  below(n) {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / TWO_32) * n | 0;
  }

  /** @template T @param {T[]} list @returns {T} */
  pick(list) {
    return list[this.below(list.length)];
  }
}
