#!/usr/bin/env bash
# Runs `make TARGET` for each TARGET in turn, each even if one before it failed (as make -k
# would), and says how long each took: make test's timings, read against its budget.
#   scripts/make-steps.sh TARGET...
# Exits 1 if any failed. $MAKE is the make to run (the calling recipe's).
set -uo pipefail
status=0
for target in "$@"; do
    start=$SECONDS
    ${MAKE:-make} --no-print-directory "$target" || status=1
    echo "--- make $target: $((SECONDS - start)) s"
done
exit "$status"
