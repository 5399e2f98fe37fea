#!/bin/sh
# The instructions the search benchmark executes, natively and as wasm in Node, counted by
# valgrind: the same figures on every run (to a few parts in ten thousand), where times on a
# shared machine vary by 0.6-1.6x from one run to the next. What a change to the hot code saves
# shows here first; time it too (docs/BENCHMARKS.md), since fewer instructions are not always
# less time. Node compiles with its optimising compiler only (--no-liftoff), so the count does
# not depend on when the baseline code is replaced; loading the module is counted apart and
# subtracted. About 3 minutes. Run `make build` first.
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
awk -v n="$native" -v l="$load" -v w="$wasm" 'BEGIN {
  printf "native search bench:  %6.3f G instructions\n", n / 1e9
  printf "wasm search bench:    %6.3f G instructions (%.3f G of loading Node and the module subtracted)\n", (w - l) / 1e9, l / 1e9
  printf "wasm over native:     %6.2fx\n", (w - l) / n
}'
