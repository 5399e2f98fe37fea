#!/usr/bin/env bash
# Installs what the build and the tests need. Each step is skipped when its tool
# is already there, so running it again costs a second or two.
#
#   scripts/setup.sh build   Rust wasm target, wasm-bindgen CLI, wasm-opt, and the nightly
#                            toolchain of the threaded engine (in the background)
#   scripts/setup.sh nightly   waits for that install, or installs the toolchain now
#   scripts/setup.sh test    the same, plus the npm dev dependencies, and Chromium,
#                            PostgreSQL and Redis (Debian's, installed in the background: the
#                            next three lines wait for them)
#   scripts/setup.sh chromium  waits for that install, or installs Chromium now
#   scripts/setup.sh postgres  waits for that install, or installs PostgreSQL now (the server's
#                            tests run once more on it: scripts/postgres.sh)
#   scripts/setup.sh redis   waits for that install, or installs Redis now (the server's
#                            tests of several instances start redis-server themselves)
#   scripts/setup.sh audit   the same as test, plus Lighthouse (tools/audit, for make audit)
#   scripts/setup.sh dist    the same as build, plus esbuild (target/tools/esbuild, for make dist)
#
# Everything comes from crates.io, Debian's packages or the npm registry; no
# tool is left to download a prebuilt binary of its own (the Makefile runs
# cargo, wasm-bindgen and wasm-opt itself).
#
# Environment:
#   CHROMIUM=/path/to/chrome   use this browser instead of Debian's /usr/bin/chromium
#   CARGO_INSTALL_JOBS=N       parallel jobs for `cargo install` (default 2)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# Where the npm fallback for wasm-opt goes (inside target/, so it is ignored
# by git and removed by `cargo clean`). The Makefile puts its bin dir on PATH.
TOOLS_DIR="$ROOT/target/tools"
export PATH="$CARGO_BIN:$ROOT/node_modules/.bin:$TOOLS_DIR/node_modules/.bin:$PATH"
export DEBIAN_FRONTEND=noninteractive
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

JOBS="${CARGO_INSTALL_JOBS:-2}"
BINARYEN_NPM_VERSION="132.0.0"
# The minifier of make dist (scripts/minify.mjs), in a folder of its own under target/tools.
ESBUILD_NPM_VERSION="0.28.2"
# Oldest wasm-opt accepted: see the wasm-opt step below.
WASM_OPT_MIN=116
WASM_CARGO_TOML="$ROOT/crates/dama-wasm/Cargo.toml"

what="${1:-build}"
case "$what" in
    build | test | audit | dist | chromium | postgres | redis | nightly) ;;
    *)
        echo "usage: $0 [build|test|audit|dist|chromium|postgres|redis|nightly]" >&2
        exit 2
        ;;
esac

say() { printf 'setup: %s\n' "$*"; }
die() {
    printf 'setup: error: %s\n' "$*" >&2
    exit 1
}
is_root() { [ "$(id -u)" = 0 ]; }

# run LABEL CMD...: runs CMD, its output kept in a log shown only on failure.
run() {
    local label=$1 start=$SECONDS log
    shift
    log=$(mktemp)
    say "installing $label ..."
    if "$@" >"$log" 2>&1 </dev/null; then
        say "installed $label in $((SECONDS - start))s"
        rm -f "$log"
    else
        local rc=$?
        tail -n 40 "$log" >&2
        rm -f "$log"
        say "failed to install $label (exit $rc)" >&2
        return "$rc"
    fi
}

apt_updated=
apt_install() {
    is_root || return 1
    command -v apt-get >/dev/null || return 1
    if [ -z "$apt_updated" ]; then
        apt-get update -qq
        apt_updated=1
    fi
    apt-get install -y -qq "$@"
}

# --- Installs in the background ----------------------------------------------------
# make test installs Debian's Chromium in the background and goes on: the wasm-bindgen CLI and
# the Rust tests build meanwhile, which need no browser. The browser tests wait for it first
# (scripts/setup.sh chromium). An install keeps target/tools/NAME.log, NAME.pid and, once
# done, NAME.rc (its exit status); it is no child of the shell that waits: its pid is polled.
bg_start() { # NAME CMD...
    local name=$1
    shift
    mkdir -p "$TOOLS_DIR"
    rm -f "$TOOLS_DIR/$name.rc"
    say "installing $name in the background (log: target/tools/$name.log)"
    (
        rc=0
        "$@" || rc=$?
        echo "$rc" >"$TOOLS_DIR/$name.rc"
    ) >"$TOOLS_DIR/$name.log" 2>&1 </dev/null &
    echo $! >"$TOOLS_DIR/$name.pid"
}
bg_running() { # NAME
    [ -f "$TOOLS_DIR/$1.pid" ] && [ ! -f "$TOOLS_DIR/$1.rc" ] && kill -0 "$(cat "$TOOLS_DIR/$1.pid")" 2>/dev/null
}
bg_wait() { # NAME: waits for its install if one is under way; shows its log if it failed
    local name=$1 start=$SECONDS
    [ -f "$TOOLS_DIR/$name.pid" ] || return 0
    if bg_running "$name"; then
        say "waiting for $name, installing in the background ..."
        while bg_running "$name"; do sleep 1; done
        say "waited $((SECONDS - start))s for $name"
    fi
    if [ "$(cat "$TOOLS_DIR/$name.rc" 2>/dev/null)" != 0 ]; then
        tail -n 40 "$TOOLS_DIR/$name.log" >&2 2>/dev/null || true
        say "the background install of $name failed" >&2
    fi
    rm -f "$TOOLS_DIR/$name.pid"
}

# --- Chromium for the browser tests (Debian's, in the background) -----------------
# 350 MB unpacked, with what it needs on a bare system. It starts after the wasm-opt step,
# which may use apt itself: dpkg takes one install at a time.
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
chromium_missing() { ! command -v "$CHROMIUM" >/dev/null; }
can_apt_chromium() { [ "$CHROMIUM" = /usr/bin/chromium ] && is_root && command -v apt-get >/dev/null; }
no_chromium() {
    if [ "$CHROMIUM" = /usr/bin/chromium ]; then
        die "no Chromium for the browser tests: as root, install Debian's package (apt-get install chromium), or point CHROMIUM at a Chrome/Chromium executable (make test CHROMIUM=/path/to/chrome)"
    fi
    die "CHROMIUM=$CHROMIUM is not an executable; unset it to use Debian's /usr/bin/chromium"
}

if [ "$what" = chromium ]; then
    bg_wait debian
    if chromium_missing; then
        can_apt_chromium || no_chromium
        run "chromium (Debian)" apt_install chromium
    fi
    exit 0
fi

# --- PostgreSQL for the server's tests (Debian's, in the same background install) ---------
# The server's tests run a second time on a PostgreSQL server of their own (scripts/postgres.sh
# makes it in a temporary folder); only the binaries are needed.
postgres_missing() { ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }
if [ "$what" = postgres ]; then
    bg_wait debian
    if postgres_missing; then
        is_root && command -v apt-get >/dev/null ||
            die "no PostgreSQL for the server's tests: as root, install Debian's package (apt-get install postgresql)"
        run "postgresql (Debian)" apt_install postgresql
    fi
    exit 0
fi

# --- Redis for the server's tests of several instances (the same background install) -------
# Each of those tests runs a redis-server of its own on a free port; only the binary is needed.
redis_missing() { ! command -v redis-server >/dev/null; }
if [ "$what" = redis ]; then
    bg_wait debian
    if redis_missing; then
        is_root && command -v apt-get >/dev/null ||
            die "no Redis for the server's tests of several instances: as root, install Debian's package (apt-get install redis-server)"
        run "redis-server (Debian)" apt_install redis-server
    fi
    exit 0
fi

# --- The threaded engine's nightly toolchain, in the background -------------------------
# Pinned (crates/dama-wasm/threads-toolchain): its rustc rebuilds the standard library with
# atomics (-Z build-std) for the threaded engine (the Makefile's WASM_THREADS), the one build
# stable Rust cannot make. About 70 MB from rustup's servers, fetched while the wasm-bindgen
# CLI compiles; the build waits for it (scripts/setup.sh nightly).
NIGHTLY=$(cat "$ROOT/crates/dama-wasm/threads-toolchain")
nightly_missing() {
    ! rustup component list --toolchain "$NIGHTLY" --installed 2>/dev/null | grep -q '^rust-src'
}
install_nightly() {
    rustup toolchain install "$NIGHTLY" --profile minimal --component rust-src --no-self-update
}

if [ "$what" = nightly ]; then
    bg_wait nightly
    if nightly_missing; then
        run "Rust $NIGHTLY with rust-src (the threaded engine's build)" install_nightly
    fi
    exit 0
fi
if [ "$what" != chromium ] && command -v rustup >/dev/null && nightly_missing && ! bg_running nightly; then
    bg_start nightly install_nightly
fi

# --- Rust toolchain and the wasm target --------------------------------------
command -v cargo >/dev/null || die "cargo not found: install Rust with rustup (https://rustup.rs) and put $CARGO_BIN on PATH"
command -v rustup >/dev/null || die "rustup not found: it is needed to add the wasm32-unknown-unknown target"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    run "Rust target wasm32-unknown-unknown" rustup target add wasm32-unknown-unknown
fi

# --- wasm-opt (binaryen) --------------------------------------------------------
# The Makefile runs the first wasm-opt on PATH. Binaryen 108 and 109 (108 is
# Debian 12's) mis-optimise wasm-bindgen's output: the exported externref table
# ends up pointing at the funcref table and the page fails at start-up with
# "WebAssembly.Table.set(): Argument 1 is invalid for table". 110, 111, 113,
# 116, 123 and 132 were checked good; 116 is asked for to leave a margin.
# When none is good enough, Debian's package is used if it is new enough,
# else the npm package (a build of binaryen that runs on Node.js).
wasm_opt_version() {
    # "wasm-opt version 108" (Debian) or "wasm-opt version 132 (version_132)" (npm)
    command -v wasm-opt >/dev/null || return 0
    { wasm-opt --version 2>/dev/null || true; } | sed -nE 's/.*version ([0-9]+).*/\1/p' | head -n 1
}
wasm_opt_ok() {
    local v
    v=$(wasm_opt_version)
    [ -n "$v" ] && [ "$v" -ge "$WASM_OPT_MIN" ]
}
if ! wasm_opt_ok; then
    old=$(wasm_opt_version)
    [ -z "$old" ] || say "wasm-opt $old at $(command -v wasm-opt) is too old (needs >= $WASM_OPT_MIN)"
    if is_root && command -v apt-get >/dev/null; then
        [ -n "$apt_updated" ] || { apt-get update -qq && apt_updated=1; } || true
        deb=$(apt-cache policy binaryen 2>/dev/null | sed -nE 's/^ *Candidate: ([0-9]+).*/\1/p')
        if [ -n "$deb" ] && [ "$deb" -ge "$WASM_OPT_MIN" ]; then
            run "binaryen $deb (Debian's wasm-opt)" apt_install binaryen || true
        else
            say "Debian's binaryen (${deb:-none}) is too old, using the npm package instead"
        fi
    fi
    if ! wasm_opt_ok; then
        command -v npm >/dev/null ||
            die "no usable wasm-opt: install binaryen >= $WASM_OPT_MIN, or Node.js with npm for the npm package"
        mkdir -p "$TOOLS_DIR"
        run "binaryen $BINARYEN_NPM_VERSION (npm, into target/tools)" \
            npm install --prefix "$TOOLS_DIR" --no-save --no-audit --no-fund --no-package-lock \
            "binaryen@$BINARYEN_NPM_VERSION"
        wasm_opt_ok || die "wasm-opt still not usable after installing the npm binaryen package"
    fi
fi

# --- Chromium, PostgreSQL and Redis, in the background (see above) ------------------------------
# One install for all: dpkg takes one at a time.
if { [ "$what" = test ] || [ "$what" = audit ]; } && ! bg_running debian; then
    packages=()
    if chromium_missing; then
        can_apt_chromium || no_chromium
        packages+=(chromium)
    fi
    if [ "$what" = test ] && postgres_missing && is_root && command -v apt-get >/dev/null; then
        packages+=(postgresql)
    fi
    if [ "$what" = test ] && redis_missing && is_root && command -v apt-get >/dev/null; then
        packages+=(redis-server)
    fi
    [ ${#packages[@]} = 0 ] || bg_start debian apt_install "${packages[@]}"
fi

# --- The crates the tests build, fetched in the background ---------------------------
# Without the crate cache, make test's first build would fetch them, the cores idle
# meanwhile; here they come while the wasm-bindgen CLI builds. A fetch that fails says
# nothing here: the build that needs the crates names what is missing.
if [ "$what" = test ] || [ "$what" = audit ]; then
    mkdir -p "$TOOLS_DIR"
    (cargo fetch --locked) >"$TOOLS_DIR/cargo-fetch.log" 2>&1 </dev/null &
fi

# --- wasm-bindgen CLI, exactly the version the crate pins ---------------------
bindgen_version=$(sed -nE 's/^wasm-bindgen *= *"=([0-9][^"]*)".*/\1/p' "$WASM_CARGO_TOML")
[ -n "$bindgen_version" ] || die "no exact pin (wasm-bindgen = \"=X.Y.Z\") found in $WASM_CARGO_TOML"
have_bindgen=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have_bindgen" != "$bindgen_version" ] || ! command -v wasm-bindgen-test-runner >/dev/null; then
    [ -z "$have_bindgen" ] || say "wasm-bindgen $have_bindgen is on PATH but the crate pins $bindgen_version"
    # Not --locked: the lock file shipped with wasm-bindgen-cli names a crate version the
    # registry no longer serves, so resolution fails with it. What makes it quick to compile,
    # measured from nothing on 2 cores, each writing the same glue byte for byte:
    # - --debug, unoptimised: about half the time of a release build (114 s against 207 s);
    #   it runs a few times per build, 0.5 s each, not 0.1 s;
    # - no debug info (CARGO_PROFILE_DEV_DEBUG=0): 84 -> 71 s;
    # - --no-default-features: without TLS (rustls and ring), which only the test runner's
    #   WebDriver mode uses; the Node mode needs none: 90 -> 84 s;
    # - only the two programs used (not wasm2es6js): one link less.
    # Not in the background beside the Rust tests' build: both use both cores, and on a cold
    # machine make test took as long (379 s to the browser tests, against 367-391 s).
    run "wasm-bindgen-cli $bindgen_version" \
        env CARGO_PROFILE_DEV_DEBUG=0 cargo install wasm-bindgen-cli --version "$bindgen_version" \
        --debug --no-default-features --bin wasm-bindgen --bin wasm-bindgen-test-runner \
        --jobs "$JOBS" --force
fi

# --- esbuild, for make dist only ----------------------------------------------------
if [ "$what" = dist ]; then
    esbuild_dir="$TOOLS_DIR/esbuild"
    have_esbuild=$(node -p "require('$esbuild_dir/node_modules/esbuild/package.json').version" 2>/dev/null || true)
    if [ "$have_esbuild" != "$ESBUILD_NPM_VERSION" ]; then
        command -v npm >/dev/null || die "make dist minifies with esbuild from npm: install Node.js with npm"
        mkdir -p "$esbuild_dir"
        run "esbuild $ESBUILD_NPM_VERSION (npm, into target/tools/esbuild)" \
            npm install --prefix "$esbuild_dir" --no-save --no-audit --no-fund --no-package-lock \
            "esbuild@$ESBUILD_NPM_VERSION"
    fi
    exit 0
fi

[ "$what" = build ] && exit 0

# --- npm dev dependencies (playwright-core, which downloads no browser; axe-core) -
command -v node >/dev/null && command -v npm >/dev/null ||
    die "node and npm are needed for the browser tests: install Node.js >= 20"
# npm ci wipes node_modules, so only run it when the lock file is newer than
# what was installed from it.
if [ ! -f node_modules/.package-lock.json ] ||
    [ package-lock.json -nt node_modules/.package-lock.json ] ||
    [ package.json -nt node_modules/.package-lock.json ]; then
    run "npm dev dependencies (npm ci)" npm ci --no-audit --no-fund
fi

# --- Lighthouse, for make audit only ------------------------------------------------
# Its own package (tools/audit): 190 packages that make test does not use.
if [ "$what" = audit ] && { [ ! -f tools/audit/node_modules/.package-lock.json ] ||
    [ tools/audit/package-lock.json -nt tools/audit/node_modules/.package-lock.json ]; }; then
    run "Lighthouse (npm ci in tools/audit)" npm ci --prefix tools/audit --no-audit --no-fund
fi
exit 0
