#!/bin/sh
# The instructions the search benchmark executes, natively and as wasm in Node, counted by
# valgrind: the same figures on every run (to a few parts in ten thousand), where times on a
# shared machine vary by 0.6-1.6x from one run to the next. What a change to the hot code saves
# shows here first; time it too (docs/BENCHMARKS.md), since fewer instructions are not always
# less time. Node compiles with its optimising compiler only (--no-liftoff), so the count does
# not depend on when the baseline code is replaced; loading the module is counted apart and
# subtracted. The first search in a process includes V8 compiling each function at its first
# call; a second run in the same process, counted apart too, is the engine warm (as in a page
# after its first move). Fewer instructions are not always less time: V8 keeps fewer values in
# registers, and a shape with more instructions can spill less (docs/BENCHMARKS.md).
# About 5 minutes. Run `make build` first.
#   scripts/bench-instructions.sh [--pkg DIR]   (DIR: another wasm build, as bench-wasm.mjs)
set -eu
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is needed (apt install valgrind)" >&2; exit 1; }
[ -x target/release/dama ] || cargo build --release -p dama-cli
count() { # prints the instructions of the command given
  valgrind --tool=callgrind --smc-check=all --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *//p' | tr -d ,
}
native=$(count target/release/dama bench search)
load=$(count node --no-liftoff scripts/bench-wasm.mjs --load-only "$@")
wasm=$(count node --no-liftoff scripts/bench-wasm.mjs --search "$@")
twice=$(count node --no-liftoff scripts/bench-wasm.mjs --search --runs 2 "$@")
awk -v n="$native" -v l="$load" -v w="$wasm" -v t="$twice" 'BEGIN {
  printf "native search bench:  %6.3f G instructions\n", n / 1e9
  printf "wasm search bench:    %6.3f G instructions (%.3f G of loading Node and the module subtracted)\n", (w - l) / 1e9, l / 1e9
  printf "wasm, a second run:   %6.3f G instructions (the engine warm: nothing left to compile)\n", (t - w) / 1e9
  printf "wasm over native:     %6.2fx (a second run %.2fx)\n", (w - l) / n, (t - w) / n
}'
