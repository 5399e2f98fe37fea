# dama: Italian and Brazilian draughts in Rust, compiled to WebAssembly for the browser.
#
#   make serve   install what is missing, build the wasm, serve the site on
#                http://localhost:8000/ (another port: make serve PORT=8080)
#   make test    install what is missing and run every test and check
#   make build   the wasm builds (the pages' rules, the workers' engine, its threaded build)
#                into www/pkg/, and the engine's data into www/data/
#   make dist    static bundle in dist/ (index.html + www/)
#   make test-rust, test-wasm, test-unit, test-browser, lint-js, clippy: one part of make test
#   make bench   benchmarks of the core and the CLI (make bench-server: the server under load)
#   make clean   remove build outputs (distclean: node_modules too)
#
# Tools are installed by scripts/setup.sh from crates.io, Debian and npm only.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build
# The steps share cargo's build directory and lock; run them one at a time.
.NOTPARALLEL:

CARGO_BIN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin
export PATH := $(CARGO_BIN):$(CURDIR)/node_modules/.bin:$(CURDIR)/target/tools/node_modules/.bin:$(PATH)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

PORT ?= 8000
export PORT
# The browser the browser tests drive; scripts/setup.sh installs Debian's.
CHROMIUM ?= /usr/bin/chromium
export CHROMIUM

WASM_CRATE := crates/dama-wasm
PKG_DIR := www/pkg
# Where cargo writes the wasm crate's module, before wasm-bindgen and wasm-opt.
WASM_OUT := $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/release
# The wasm-bindgen CLI (scripts/setup.sh installs the version the crate pins) writes the JS
# glue; the same CLI's test runner runs the wasm tests in Node.
WASM_BINDGEN := wasm-bindgen --target web --out-dir $(PKG_DIR)
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER := wasm-bindgen-test-runner

.PHONY: all setup setup-test setup-audit setup-dist build serve dist test test-steps fmt fmt-check clippy \
	test-rust test-rust-beside test-server-postgres test-wasm test-unit test-browser bench bench-server clean \
	distclean help

all: build

help:
	@sed -n '3,12s/^# \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

setup:
	@scripts/setup.sh build

setup-test:
	@scripts/setup.sh test

setup-audit:
	@scripts/setup.sh audit

setup-dist:
	@scripts/setup.sh dist

# The wasm core, built twice from $(WASM_CRATE) into $(PKG_DIR)/ with the release profile (so
# the second build reuses every crate the first compiled: only the link differs), each by cargo,
# then the wasm-bindgen CLI (its JS glue) and wasm-opt:
#   dama_rules.js, dama_rules_bg.wasm  the rules alone (no `engine` feature): what the pages and
#       the PDN reader load, before a page is playable; wasm-opt -O3, as the engine (-Oz made
#       it 1 KB smaller raw but 0.1 KB larger gzipped; opt-level "z" would save 12 KB gzipped,
#       but it copies every move list where opt-level 3 builds it in place: reading a PDN file
#       took ten times as long).
#   dama_wasm.js, dama_wasm_bg.wasm    the rules and the engine (search, evaluation, book,
#       tables): the engine workers', fetched once the page is playable; wasm-opt -O3, for speed.
#   dama_threads.js, dama_threads_bg.wasm  the same engine searching on several threads, built
#       with shared memory (below): fetched instead of dama_wasm where the browser can run
#       threads.
# Built again only when a source of the two crates (or this file) changed: wasm-opt alone takes
# a minute.
# Prints a command of a recipe line that runs several, as make prints a line's, then runs it.
RUN = echo '$(1)' && $(1)
WASM_RULES := $(PKG_DIR)/dama_rules.js $(PKG_DIR)/dama_rules_bg.wasm
WASM_ENGINE := $(PKG_DIR)/dama_wasm.js $(PKG_DIR)/dama_wasm_bg.wasm
# The threaded engine: the standard library rebuilt with atomics (-Z build-std, so a pinned
# nightly toolchain: crates/dama-wasm/threads-toolchain, which scripts/setup.sh installs in the
# background) and linked with a shared memory that the helper workers import (at most 512 MiB:
# a smaller reservation than the usual 1 GiB, for phones; the engine's table is 32 MB). Its
# own target directory: its flags differ from every other build's. The standard library is
# built without its default features (backtraces and unwinding, which wasm32-unknown-unknown
# has no use for: the build aborts on a panic): 90 s of CPU instead of 108, the same module
# within 300 bytes.
THREADS_TOOLCHAIN := $(shell cat crates/dama-wasm/threads-toolchain)
THREADS_TARGET := $(or $(CARGO_TARGET_DIR),target)/threads
WASM_THREADS := $(PKG_DIR)/dama_threads.js $(PKG_DIR)/dama_threads_bg.wasm
THREADS_RUSTFLAGS := -C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128 \
	-C link-arg=--shared-memory -C link-arg=--import-memory -C link-arg=--max-memory=536870912 \
	-C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
	-C link-arg=--export=__tls_align -C link-arg=--export=__tls_base

# The engine's builds use wasm's SIMD (the network's second layer, and the first layer's sums
# as the compiler vectorises them): every browser since 2023 has it (Chrome 91, Firefox 89,
# Safari 16.4); a browser without it is told so and keeps everything but the computer
# (www/shared/wasm.js). The rules' build, all a page needs, is built without it. cargo keeps
# each set of flags' compiled crates apart, so the builds do not undo each other.
ENGINE_RUSTFLAGS := -C target-feature=+simd128
WASM_SOURCES := Cargo.toml Cargo.lock $(firstword $(MAKEFILE_LIST)) \
	$(shell find crates/dama crates/dama-wasm \( -name tests -o -name benches \) -prune -o -type f -print)
# The features rustc enables for wasm32-unknown-unknown, spelled out so that the result does
# not depend on wasm-opt reading the module's target_features.
WASM_OPT := wasm-opt -O3 --enable-mutable-globals --enable-sign-ext --enable-nontrapping-float-to-int \
	--enable-bulk-memory --enable-reference-types --enable-multivalue

build: setup $(WASM_RULES) $(WASM_ENGINE) $(WASM_THREADS)
	@$(MAKE) --no-print-directory data
	node scripts/precache.mjs
	@for f in $(PKG_DIR)/dama_rules_bg.wasm $(PKG_DIR)/dama_wasm_bg.wasm $(PKG_DIR)/dama_threads_bg.wasm; do \
		echo "$$f: $$(stat -c %s $$f) bytes, $$(gzip -9 -c $$f | wc -c) gzipped"; \
	done

$(WASM_RULES) $(WASM_ENGINE) &: $(WASM_SOURCES) | setup
	@mkdir -p $(PKG_DIR)
	cargo build --release --target wasm32-unknown-unknown -p dama-wasm --lib --no-default-features
	$(WASM_BINDGEN) --out-name dama_rules $(WASM_OUT)/dama_wasm.wasm
	@# wasm-opt works on one core: the rules' runs beside the engine's build and wasm-opt.
	@$(call RUN,$(WASM_OPT) $(PKG_DIR)/dama_rules_bg.wasm -o $(PKG_DIR)/dama_rules_bg.wasm) & rules=$$!; \
	engine=0; { $(call RUN,RUSTFLAGS='$(ENGINE_RUSTFLAGS)' cargo build --release --target wasm32-unknown-unknown -p dama-wasm --lib) && \
		$(call RUN,$(WASM_BINDGEN) --out-name dama_wasm $(WASM_OUT)/dama_wasm.wasm) && \
		$(call RUN,$(WASM_OPT) --enable-simd $(PKG_DIR)/dama_wasm_bg.wasm -o $(PKG_DIR)/dama_wasm_bg.wasm); } || engine=1; \
	wait $$rules && [ $$engine = 0 ]
	@touch $(WASM_RULES) $(WASM_ENGINE)

.PHONY: wasm-single wasm-threads
# make test builds them in separate chains (test-rust-beside).
wasm-single: $(WASM_RULES) $(WASM_ENGINE)
wasm-threads: $(WASM_THREADS)

$(WASM_THREADS) &: $(WASM_SOURCES) crates/dama-wasm/threads-toolchain | setup
	@mkdir -p $(PKG_DIR)
	@scripts/setup.sh nightly
	RUSTFLAGS='$(THREADS_RUSTFLAGS)' cargo +$(THREADS_TOOLCHAIN) build --release \
		--target wasm32-unknown-unknown -p dama-wasm --lib --features threads \
		-Z build-std=panic_abort,std -Z build-std-features= --target-dir $(THREADS_TARGET)
	$(WASM_BINDGEN) --out-name dama_threads $(THREADS_TARGET)/wasm32-unknown-unknown/release/dama_wasm.wasm
	$(WASM_OPT) --enable-threads --enable-simd $(PKG_DIR)/dama_threads_bg.wasm -o $(PKG_DIR)/dama_threads_bg.wasm
	@touch $(WASM_THREADS)

# The browser's data, fetched by the engine worker after the game is playable and cached by the
# service worker apart from the site (www/data/, ignored by git): each game's opening book and
# endgame tables up to WEB_EGTB_PIECES pieces, one gzip file per game and piece count (gzip -n:
# the same bytes every build, so an unchanged table keeps its cache). The evaluation networks are
# compiled into the wasm. The tables are rebuilt only when the command line binary is newer than
# them (a few seconds).
DATA_DIR := www/data
WEB_EGTB_PIECES := 4
WEB_EGTB_RAW := $(or $(CARGO_TARGET_DIR),target)/egtb-web
# The profile the table builder is compiled with: `make test` gives the tests' own
# (release-nolto), so that it is not compiled a second time with the whole-program link.
CLI_PROFILE ?= release
DAMA_CLI := $(or $(CARGO_TARGET_DIR),target)/$(CLI_PROFILE)/dama
WEB_EGTB := $(foreach g,italian brazilian,$(foreach n,$(shell seq 2 $(WEB_EGTB_PIECES)),$(DATA_DIR)/egtb/$(g)-$(n).egtb.gz))

.PHONY: data FORCE
WEB_BOOKS := $(DATA_DIR)/book.bin $(DATA_DIR)/book-brazilian.bin
data: $(WEB_BOOKS) $(WEB_EGTB)
	@node scripts/tables-index.mjs $(WEB_EGTB_MORE) >/dev/null

# The browser's book is the part of the command line's (compiled in whole) nearest the start
# that fits in WEB_BOOK_BYTES (`dama book subset`: breadth first along the book moves, the
# shipped openings joining at their ply), so the first visit's download stays small.
WEB_BOOK_BYTES := 100000
$(DATA_DIR)/%.bin: crates/dama/data/%.bin | $(DAMA_CLI)
	@mkdir -p $(@D)
	$(DAMA_CLI) book subset --book $< --bytes $(WEB_BOOK_BYTES) --out $@ >/dev/null

# cargo decides whether the binary is out of date; make then compares its time with the tables'.
# make test gives the Rust tests' own command (--no-run: nothing left to build once they are
# built): `cargo build -p dama-cli` alone would unify the dependencies' features apart from the
# tests' build and compile serde, clap and the CLI again (36 s of a cold make test).
CLI_BUILD ?= cargo build --profile $(CLI_PROFILE) -p dama-cli
$(DAMA_CLI): FORCE
	$(CLI_BUILD)

$(WEB_EGTB) &: $(DAMA_CLI)
	rm -rf $(WEB_EGTB_RAW) $(DATA_DIR)/egtb
	mkdir -p $(WEB_EGTB_RAW) $(DATA_DIR)/egtb
	nice $(DAMA_CLI) egtb build --pieces $(WEB_EGTB_PIECES) --out $(WEB_EGTB_RAW) >/dev/null
	nice $(DAMA_CLI) egtb build --variant brazilian --pieces $(WEB_EGTB_PIECES) --out $(WEB_EGTB_RAW) >/dev/null
	for f in $(WEB_EGTB); do \
		gzip -9 -n -c $(WEB_EGTB_RAW)/$$(basename $$f .gz) > $$f.tmp && mv $$f.tmp $$f; \
	done
	@ls -l $(WEB_BOOKS) $(WEB_EGTB)

# The 5-piece tables a player downloads only on asking (the game page's settings: "Download
# endgame tables, N MB"), kept apart in $(WEB_EGTB_MORE) with index.json (each file's bytes,
# SHA-256 and size once unpacked; scripts/tables-index.mjs, run by every `make data`, lists
# none before `make tables-5`): not in the service worker's lists,
# so no visit fetches them unasked. Each game's build takes a few minutes of one core (both at
# once here) and about 320 MB; it is redone only when the tables' format or builder changes,
# not with every build of the binary. `make serve` builds them; `make dist` copies them when
# built (`make tables-5 dist`) and says so when not; `make test` does not need them (its browser
# test of the download serves a smaller table in their place).
WEB_EGTB_MORE := $(DATA_DIR)/egtb-5
WEB_EGTB_MORE_RAW := $(or $(CARGO_TARGET_DIR),target)/egtb-web-5
EGTB_SOURCES := $(wildcard crates/dama/src/engine/egtb/*.rs crates/dama-tools/src/egtb/*.rs)

.PHONY: tables-5
WEB_EGTB_MORE_FILES := $(WEB_EGTB_MORE)/italian-5.egtb.gz $(WEB_EGTB_MORE)/brazilian-5.egtb.gz
tables-5: $(WEB_EGTB_MORE_FILES)
	node scripts/tables-index.mjs $(WEB_EGTB_MORE)

$(WEB_EGTB_MORE_FILES) &: $(EGTB_SOURCES) | $(DAMA_CLI)
	rm -rf $(WEB_EGTB_MORE_RAW)
	mkdir -p $(WEB_EGTB_MORE_RAW)/italian $(WEB_EGTB_MORE_RAW)/brazilian $(WEB_EGTB_MORE)
	@# Each game's build, then its gzip, in a chain of its own: the two chains fill both cores.
	@# gzip -7: the Brazilian table (145 MB) takes 12 s of one core and 16.1 MB, against 115 s
	@# and 15.1 MB at -9 (6.8% more to download once, for a cold make serve 100 s shorter).
	for g in italian brazilian; do \
		( nice $(DAMA_CLI) egtb build --variant $$g --pieces 5 --out $(WEB_EGTB_MORE_RAW)/$$g >/dev/null && \
		nice gzip -7 -n -c $(WEB_EGTB_MORE_RAW)/$$g/$$g-5.egtb > $(WEB_EGTB_MORE)/$$g-5.egtb.gz.tmp && \
		mv $(WEB_EGTB_MORE)/$$g-5.egtb.gz.tmp $(WEB_EGTB_MORE)/$$g-5.egtb.gz ) & \
	done; \
	ok=0; for j in $$(jobs -p); do wait $$j || ok=1; done; exit $$ok

# The whole site and live games between people, served by the dama server
# (crates/dama-server, docs/SERVER.md) on the loopback, with its SQLite file (dama.sqlite,
# made and migrated at the first start). A debug build: the server's work is I/O, and a cold
# build stays short. Another address: make serve DAMA_ADDR=0.0.0.0:8000 (the server's other
# options by their environment variables, docs/SERVER.md).
DAMA_ADDR ?= 127.0.0.1:$(PORT)
SERVE_LOG := $(or $(CARGO_TARGET_DIR),target)/serve-build.log
# The server's build runs beside the site's and the tables' (at a lower priority), in the
# time their single-threaded steps (the command line's link, wasm-opt, gzip) leave a core idle.
serve:
	@test -f index.html || { echo "serve: no index.html at the repo root" >&2; exit 1; }
	@mkdir -p $(dir $(SERVE_LOG)); echo "cargo build -p dama-server (beside the site; log: $(SERVE_LOG))"; \
	nice -n 10 cargo build -p dama-server >$(SERVE_LOG) 2>&1 & server=$$!; \
	$(MAKE) --no-print-directory build tables-5 || { kill $$server 2>/dev/null; exit 1; }; \
	wait $$server || { cat $(SERVE_LOG); exit 1; }
	$(or $(CARGO_TARGET_DIR),target)/debug/dama-server --site . --addr $(DAMA_ADDR)

# The site to put on a static host: a copy of the built site, each script and style sheet
# minified file by file (scripts/minify.mjs: no bundle, the same modules), and its precache list
# written again from the minified files.
dist: build setup-dist
	rm -rf dist
	mkdir -p dist
	cp index.html sw.js manifest.webmanifest dist/
	cp -R www dist/www
	rm -f dist/www/pkg/.gitignore dist/www/pkg/package.json
	find dist/www -name '*.ts' -delete # the JSDoc types beside the code: for tsc, not the site
	@for f in $(WEB_BOOKS) $(WEB_EGTB); do test -f dist/$$f || { echo "dist: $$f is missing" >&2; exit 1; }; done
	@test -f dist/$(WEB_EGTB_MORE)/italian-5.egtb.gz || echo "dist: no 5-piece tables to offer (make tables-5 first): the settings do not offer the download" >&2
	@if grep -rnE '(src|href|action)="/[^/]|(from|import\() *["'"'"']/[^/]' \
		dist/index.html dist/www --include='*.html' --include='*.js' --include='*.mjs' \
		--include='*.css' --exclude-dir=pkg; then \
		echo "dist: warning: the lines above use root-absolute URLs; the bundle must work from any folder" >&2; \
	fi
	node scripts/minify.mjs dist
	node scripts/precache.mjs dist
	@echo "dist: static site in dist/ ($$(du -sh dist | cut -f1)); put it on any static host, or serve it with: cargo run -p dama-server -- --site dist"

# ---------------------------------------------------------------------------
# Tests. `make test` runs every step even when an earlier one fails, and fails
# at the end if any did.

# The Rust tests' build makes the CLI and the server the rest of make test runs (CLI_BUILD,
# DAMA_SERVER_BIN): each built on its own, it would be built again with other features.
test: setup-test
	@$(MAKE) --no-print-directory -k test-steps CLI_PROFILE=release-nolto \
		CLI_BUILD='$(RUST_TESTS) --no-run' \
		DAMA_SERVER_BIN=$(abspath $(or $(CARGO_TARGET_DIR),target))/release-nolto/dama-server

# Each step says how long it took (scripts/make-steps.sh), for the budget of a cold make test.
test-steps:
	@MAKE=$(MAKE) scripts/make-steps.sh fmt-check test-rust-beside dist test-browser-built

fmt:
	cargo fmt --all

fmt-check:
	cargo fmt --all -- --check

# The host target named (HOST_TARGET), so that the macros it compiles for the host are the
# wasm tests' (Cargo.toml's profile.dev.build-override says why). The server's `bench` feature
# brings its load benchmark (examples/load) under the lint, which cargo test does not build.
HOST_TARGET = $(shell rustc -vV | sed -n 's/^host: //p')
clippy:
	cargo clippy --workspace --all-targets --features dama-server/bench --target $(HOST_TARGET) -- -D warnings

# Optimised (some perft tests are deep), without the release build's fat LTO: Cargo.toml's
# release-nolto profile. The wasm crate's tests run in wasm (test-wasm): natively they would
# only compile js-sys and wasm-bindgen's macros once more.
RUST_TESTS := cargo test --workspace --exclude dama-wasm --profile release-nolto
test-rust:
	$(RUST_TESTS)

# What make test runs for test-rust, clippy, test-wasm, the build, test-unit and lint-js: the
# Rust tests, and beside them from the start, at a lower priority, three chains: clippy then
# the wasm tests (their host macros in target/debug, built once: see clippy); the two
# single-threaded wasm builds, the browser's data, the unit tests and the JavaScript's checks
# (none of which needs the threaded build); and the threaded build alone (its own toolchain
# and target folder: 90 s of CPU, a third of it the standard library). Cargo locks a build
# folder, not the whole target/: the test build's folder (target/release-nolto) is locked by
# no other cargo command but the table builder's, and cargo holds no lock while the test
# binaries run (most of them on one core). Three chains, not two: the threaded build, last of
# one chain, kept a core busy alone while the other was idle (a cold make test spent 356 s
# here, 332 of them in that chain). Then the rest of the build (its precache list, with the
# threaded build's hashes) and make dist's copy. What each printed follows.
BESIDE_LOG := $(or $(CARGO_TARGET_DIR),target)/test-beside
BESIDE_A := clippy test-wasm
BESIDE_B := wasm-single data test-unit-built lint-js
BESIDE_C := wasm-threads
test-rust-beside:
	@rm -f $(BESIDE_LOG)-[abc].log $(BESIDE_LOG)-[abc].rc; \
	for c in a:"$(BESIDE_A)" b:"$(BESIDE_B)" c:"$(BESIDE_C)"; do \
		( MAKE=$(MAKE) nice -n 10 scripts/make-steps.sh $${c#*:} >$(BESIDE_LOG)-$${c%%:*}.log 2>&1; \
			echo $$? >$(BESIDE_LOG)-$${c%%:*}.rc ) & \
	done; \
	start=$$SECONDS; rust=0; echo "$(RUST_TESTS) --no-run"; $(RUST_TESTS) --no-run || rust=1; \
	echo "--- the Rust tests compiled: $$((SECONDS - start)) s"; \
	if [ $$rust = 0 ]; then scripts/setup.sh redis || rust=1; fi; \
	if [ $$rust = 0 ]; then echo "$(RUST_TESTS)"; $(RUST_TESTS) || rust=1; fi; \
	echo "--- the Rust tests done: $$((SECONDS - start)) s"; \
	if [ $$rust = 0 ]; then $(MAKE) --no-print-directory test-server-postgres || rust=1; fi; \
	echo "--- the server's tests on PostgreSQL done: $$((SECONDS - start)) s"; \
	wait; \
	echo "--- beside the Rust tests: make $(BESIDE_A)"; cat $(BESIDE_LOG)-a.log; \
	echo "--- beside the Rust tests: make $(BESIDE_B)"; cat $(BESIDE_LOG)-b.log; \
	echo "--- beside the Rust tests: make $(BESIDE_C)"; cat $(BESIDE_LOG)-c.log; \
	ok=$$rust; for c in a b c; do [ "$$(cat $(BESIDE_LOG)-$$c.rc 2>/dev/null || echo 1)" = 0 ] || ok=1; done; \
	[ $$ok = 0 ]

# The server's tests once more, on PostgreSQL instead of SQLite: the same tests, each on a new
# database of a throwaway server (scripts/postgres.sh starts it, and stops it whatever the
# tests did). make test runs it after the Rust tests. It runs their build's server test
# binaries, listed by the same cargo command with --no-run: `cargo test -p dama-server` would
# unify the dependencies' features otherwise and build sqlx and the server again (97 s).
test-server-postgres:
	@scripts/setup.sh postgres
	@bins=$$($(RUST_TESTS) --no-run --message-format=json 2>/dev/null | grep '"profile":{[^}]*"test":true' | \
		grep '/crates/dama-server#' | grep -o '"executable":"[^"]*"' | cut -d'"' -f4); \
	[ -n "$$bins" ] || { echo "test-server-postgres: no test binary of the server built" >&2; exit 1; }; \
	cd crates/dama-server && ../../scripts/postgres.sh run sh -c \
		'rc=0; for b in "$$@"; do echo "$${b##*/}"; "$$b" -q || rc=1; done; exit $$rc' sh $$bins

# The wasm crate's tests (wasm-bindgen-test), compiled for wasm32 and run in Node by the
# wasm-bindgen CLI's test runner (the cargo runner exported above).
test-wasm: setup
	RUSTFLAGS='$(ENGINE_RUSTFLAGS)' cargo test --target wasm32-unknown-unknown -p dama-wasm

# The page's game modules (www/game/) in Node with the real wasm core: no browser.
test-unit: build
	node --test tests/unit/
# make test's: the single-threaded builds and the data were made just before (the unit tests
# need no more).
.PHONY: test-unit-built
test-unit-built:
	node --test tests/unit/

# The browser tests load the site from www/pkg, so they need the build; dist.test.mjs loads
# make dist's minified copy. Each file has its own Chromium and server; BROWSER_JOBS files at
# a time fill the gaps one leaves (a page loading, a worker starting): on two cores, two at a
# time took 7 min 18 s for 153 tests whose durations summed to 7 min 50 s one file at a time
# (the last fresh-clone run that ran them so). The files whose tests
# measure time on the page (long tasks while the engine runs, a clock's answer, a watchdog, a
# paste read off the page's thread) run after them, one at a time, on a quiet machine. Both
# groups run even if the first fails.
BROWSER_JOBS ?= 2
BROWSER_ALONE := $(patsubst %,tests/browser/%.test.mjs,analysis analysis-watchdog clocks data reliability tabs-and-paste)
# The longest files first (as measured one at a time: 47 to 19 s), so that the two at a time
# end together rather than one long file alone at the end; then the others. The online files
# (74 and 35 s, through the dama server) lead.
BROWSER_FIRST := $(patsubst %,tests/browser/%.test.mjs,online online-account i18n brazilian-play saved-data library analysis-annotations puzzles themes versions)
BROWSER_TOGETHER = $(BROWSER_FIRST) $(filter-out $(BROWSER_ALONE) $(BROWSER_FIRST),$(sort $(wildcard tests/browser/*.test.mjs)))
# DAMA_SERVER_BIN (make test): the server the online pages' tests start, without building it.
export DAMA_SERVER_BIN
BROWSER_TESTS = status=0; \
	scripts/setup.sh chromium; \
	echo "node --test --test-concurrency=$(BROWSER_JOBS) <$(words $(BROWSER_TOGETHER)) files>"; \
	start=$$SECONDS; node --test --test-concurrency=$(BROWSER_JOBS) $(BROWSER_TOGETHER) || status=1; \
	echo "--- $(words $(BROWSER_TOGETHER)) files two at a time: $$((SECONDS - start)) s"; \
	echo "node --test $(BROWSER_ALONE)"; \
	start=$$SECONDS; node --test $(BROWSER_ALONE) || status=1; \
	echo "--- $(words $(BROWSER_ALONE)) files one at a time: $$((SECONDS - start)) s"; \
	[ $$status = 0 ]
test-browser: build dist
	@$(BROWSER_TESTS)
# make test's: the build was made beside the Rust tests and make dist's copy just after (a
# failed build fails there, and the tests that need it here).
.PHONY: test-browser-built
test-browser-built:
	@$(BROWSER_TESTS)

# The JavaScript checked like the Rust: TypeScript reads the JSDoc types (checks nothing at
# run time, emits nothing) of the pages' modules (tsconfig.json), the workers
# (tsconfig.worker.json) and the Node scripts (tsconfig.node.json), and ESLint lints every JS
# file (eslint.config.mjs), no warning allowed. The wasm core's types are the .d.ts files
# wasm-bindgen writes beside its glue (www/shared/wasm-types.ts names them), so the wasm is built
# first. The tools are the npm dev dependencies (make setup-test).
.PHONY: lint-js
lint-js:
	@command -v tsc >/dev/null && command -v eslint >/dev/null || \
		{ echo "lint-js: typescript or eslint missing from node_modules: run make setup-test (npm ci)" >&2; exit 1; }
	@[ -f $(PKG_DIR)/dama_wasm.d.ts ] && [ -f $(PKG_DIR)/dama_rules.d.ts ] || \
		{ echo "lint-js: the wasm core's types ($(PKG_DIR)/*.d.ts) are not built: run make build" >&2; exit 1; }
	tsc -p tsconfig.json
	tsc -p tsconfig.worker.json
	tsc -p tsconfig.node.json
	eslint . --max-warnings 0

# ---------------------------------------------------------------------------

bench: build
	cargo bench -p dama --bench perft
	cargo run --release -p dama-cli --bin dama -- perft --depth 10
	cargo run --release -p dama-cli --bin dama -- bench search
	cargo run --release -p dama-cli --bin dama -- bench depth --time 1000
	cargo run --release -p dama-cli --bin dama -- bench depth --time 1000 --threads 2
	node scripts/bench-wasm.mjs
	node scripts/bench-explorer.mjs
	@scripts/setup.sh chromium
	node scripts/bench-explorer-browser.mjs
	node scripts/bench-threads.mjs

# make bench-server   the server's load benchmark (not in make test): BENCH_GAMES (1000) live
#              games at once between simulated players over WebSocket on the loopback (two
#              sockets each, pinging as the page does), a random legal move every 2 s in each,
#              Italian and Brazilian, against one release dama-server run as a process of its own
#              over a temporary SQLite file; BENCH_SECONDS (60) of steady state measured once every
#              game has started. Prints the time from each mover's send to the opponent's receipt
#              (p50/p90/p99/max), moves a second, the server's peak memory, the CPU the server, the
#              generator and the whole machine used, and reads every game back from the server,
#              failing if one differs from what its players played
#              (crates/dama-server/examples/load/, built only with its `bench` feature so that
#              cargo test does not compile it). Measured on the two shared cores: 1000 games,
#              500 moves/s, p99 17 ms on a quiet machine and 400-600 ms beside a CI run's
#              browser tests, the server 66 MiB and a quarter of a core; 5000 games p99 27 ms,
#              308 MiB (docs/SERVER.md, "Load benchmark"). BENCH_SERVER_FLAGS adds options (--help).
BENCH_GAMES ?= 1000
BENCH_SECONDS ?= 60
BENCH_SERVER_FLAGS ?=
.PHONY: bench-server
bench-server:
	@# One build for both: the example brings the tests' dependencies (tokio's process
	@# feature), which a build of the server alone would compile everything above tokio again
	@# without. The feature adds no code to the server.
	nice -n 5 cargo build --release -p dama-server --features bench --bin dama-server --example load
	@# 2 x BENCH_GAMES sockets in each process: the soft limit on open files raised to the hard one.
	ulimit -n "$$(ulimit -Hn)"; uptime; status=0; \
	$(or $(CARGO_TARGET_DIR),target)/release/examples/load --games $(BENCH_GAMES) \
		--seconds $(BENCH_SECONDS) --server $(or $(CARGO_TARGET_DIR),target)/release/dama-server \
		$(BENCH_SERVER_FLAGS) || status=$$?; \
	uptime; exit $$status

# make match-threads   the engine on MATCH_THREADS threads against itself on one, at equal
#              time (MATCH_MS a move), MATCH_GAMES games from the shipped openings, both
#              colours; on two cores about 80 minutes. The games go to target/match-threads.pdn.
MATCH_THREADS ?= 2
MATCH_MS ?= 100
MATCH_GAMES ?= 400
.PHONY: match-threads
match-threads:
	cargo build --release -p dama-cli
	target/release/dama match --a full --a-threads $(MATCH_THREADS) --b full --time $(MATCH_MS) \
		--games $(MATCH_GAMES) --pdn target/match-threads.pdn

clean:
	cargo clean
	rm -rf $(PKG_DIR) $(DATA_DIR) dist

distclean: clean
	rm -rf node_modules

# --- front end (embed/offline) ---
# www/offline/precache.js lists every file of the built site and their content hash, for the
# service worker (sw.js): it has to be written after the wasm build, so the targets that
# serve, test or bundle the site depend on it.
.PHONY: precache icons

precache: build
	node scripts/precache.mjs

serve test-browser dist: precache

# Redraw the app icons (committed PNGs in www/icons/).
icons:
	node scripts/icons.mjs

# --- reliability (fuzz/soak) ---
# make fuzz   every cargo-fuzz target in fuzz/ for FUZZ_SECONDS (60) seconds each, with the
#             nightly toolchain; cargo-fuzz is installed from crates.io if missing. Crashes are
#             saved in fuzz/artifacts/<target>/ (keep them as tests in crates/dama/tests/core/regressions.rs).
#             Then make fuzz-wasm.
# make fuzz-wasm   every export of the wasm build (functions, constructors, methods, found by
#             reflection) called with arguments of every JS type for FUZZ_SECONDS seconds
#             (scripts/fuzz-wasm.mjs): fails on a trap, a throw that is no Error or an instance
#             that no longer plays a move, and prints the failing call. FUZZ_WASM_FLAGS adds
#             options, e.g. FUZZ_WASM_FLAGS="--seed 1 --verbose"; `make test` runs a quick
#             deterministic version (tests/unit/wasm-types.test.mjs).
# make soak   SOAK_GAMES (5000) complete games with invariants checked after every move and a
#             resident-memory bound (crates/dama/tests/soak.rs); `make test` runs 300.
.PHONY: fuzz fuzz-wasm soak
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fen move_text pdn hub play_indices wasm_args loaders server_protocol
# More libFuzzer flags, such as -fork=2 to use two cores.
FUZZ_FLAGS ?=
FUZZ_WASM_FLAGS ?=
SOAK_GAMES ?= 5000

fuzz:
	@command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
	@rustup toolchain list | grep -q '^nightly' || \
		{ echo "fuzz: needs the nightly toolchain: rustup toolchain install nightly" >&2; exit 1; }
	cd fuzz && for t in $(FUZZ_TARGETS); do \
		mkdir -p corpus/$$t seeds/$$t; \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
		cargo +nightly fuzz run -O $$t corpus/$$t seeds/$$t -- \
			-max_total_time=$(FUZZ_SECONDS) -close_fd_mask=1 -print_final_stats=1 $(FUZZ_FLAGS) \
			|| { echo "fuzz: $$t failed; the input is in fuzz/artifacts/$$t/" >&2; exit 1; }; \
	done
	@$(MAKE) --no-print-directory fuzz-wasm

fuzz-wasm: build
	node scripts/fuzz-wasm.mjs --seconds $(FUZZ_SECONDS) $(FUZZ_WASM_FLAGS)

soak:
	SOAK_GAMES=$(SOAK_GAMES) \
		cargo test --release -p dama --test soak -- --nocapture

# --- browser soak ---
# The game page lets the computer play itself (watch mode, level 1, no pause) for 50 whole
# games: every game must end with a reason, with no error, and neither the JS heap nor the wasm
# memory may grow (tests/browser/soak.mjs; not in `make test`, whose browser tests are the
# *.test.mjs files). SOAK_BROWSER_GAMES=n to change (SOAK_GAMES belongs to the core's `make soak`).
.PHONY: soak-browser
SOAK_BROWSER_GAMES ?= 50

soak-browser: precache
	@scripts/setup.sh chromium
	SOAK_BROWSER_GAMES=$(SOAK_BROWSER_GAMES) node --test tests/browser/soak.mjs

# --- the learned evaluation ---
# make train   self-play TRAIN_GAMES games at TRAIN_NODES nodes a move (the positions go to
#              target/train/), then fit crates/dama/data/eval.bin to them: one round. The
#              shipped weights came from two (games of the hand-written evaluation, then of a
#              first fit, with L2 set on the held-out loss): docs/ENGINE.md has
#              the exact commands.
.PHONY: train
TRAIN_GAMES ?= 20000
TRAIN_NODES ?= 4000
TRAIN_EVAL ?= classic
TRAIN_EPOCHS ?= 30
TRAIN_SEED ?= 1

train:
	mkdir -p target/train
	cargo run --release -p dama-cli -- train gen --games $(TRAIN_GAMES) --nodes $(TRAIN_NODES) \
		--threads 2 --eval $(TRAIN_EVAL) --seed $(TRAIN_SEED) --out target/train/selfplay.bin
	cargo run --release -p dama-cli -- train fit --data target/train/selfplay.bin \
		--epochs $(TRAIN_EPOCHS) --out crates/dama/data/eval.bin

# make train-net   fit the network evaluation of NET_GAME (italian or brazilian) as the
#              shipped one was fitted: NET_GAMES self-play games at NET_NODES nodes a move with
#              the region evaluation, a first network on them, as many games again with that
#              network and a second network on both rounds; for Italian a third round with the
#              second network, a third network on all three, and a fourth round with it whose
#              scores alone make the shipped network (target/train-net/; on two cores about 70
#              minutes for Italian, 10 for Brazilian). The last fit's targets are NET_LAMBDA
#              the search's scores, the rest the results (1: the scores alone).
#              docs/ENGINE.md has the commands.
.PHONY: train-net
NET_GAME ?= italian
NET_GAMES ?= 10000
NET_NODES ?= $(if $(filter brazilian,$(NET_GAME)),3000,4000)
NET_EPOCHS ?= 15
# The shipped networks' rounds, seeds and first fit's epochs (a third Brazilian round did not
# play better: docs/ENGINE.md).
NET_ROUNDS ?= $(if $(filter brazilian,$(NET_GAME)),2,3)
NET_SEED1 ?= $(if $(filter brazilian,$(NET_GAME)),401,201)
NET_SEED2 ?= $(if $(filter brazilian,$(NET_GAME)),402,301)
NET_SEED3 ?= $(if $(filter brazilian,$(NET_GAME)),403,303)
NET_SEED4 ?= 501
NET_EPOCHS1 ?= $(if $(filter brazilian,$(NET_GAME)),15,10)
NET_LAMBDA ?= 1
NET_DIR := target/train-net/$(NET_GAME)
NET_OUT := crates/dama/data/net-$(NET_GAME).bin

train-net:
	cargo build --release -p dama-cli
	mkdir -p $(NET_DIR)
	target/release/dama train gen --variant $(NET_GAME) --games $(NET_GAMES) --nodes $(NET_NODES) \
		--threads 2 --eval regions --seed $(NET_SEED1) --out $(NET_DIR)/round1.smp
	target/release/dama train net --variant $(NET_GAME) --data $(NET_DIR)/round1.smp \
		--epochs $(NET_EPOCHS1) --out $(NET_DIR)/net1.bin
	target/release/dama train gen --variant $(NET_GAME) --games $(NET_GAMES) --nodes $(NET_NODES) \
		--threads 2 --eval $(NET_DIR)/net1.bin --seed $(NET_SEED2) --out $(NET_DIR)/round2.smp
	target/release/dama train net --variant $(NET_GAME) \
		--data $(NET_DIR)/round1.smp,$(NET_DIR)/round2.smp --epochs $(NET_EPOCHS) \
		$(if $(filter 2,$(NET_ROUNDS)),--lambda $(NET_LAMBDA) --out $(NET_OUT),--out $(NET_DIR)/net2.bin)
ifeq ($(NET_ROUNDS),3)
	target/release/dama train gen --variant $(NET_GAME) --games $(NET_GAMES) --nodes $(NET_NODES) \
		--threads 2 --eval $(NET_DIR)/net2.bin --seed $(NET_SEED3) --out $(NET_DIR)/round3.smp
	target/release/dama train net --variant $(NET_GAME) --seed $(NET_SEED3) \
		--data $(NET_DIR)/round1.smp,$(NET_DIR)/round2.smp,$(NET_DIR)/round3.smp \
		--epochs $(NET_EPOCHS) --out $(NET_DIR)/net3.bin
	target/release/dama train gen --variant $(NET_GAME) --games $(NET_GAMES) --nodes $(NET_NODES) \
		--threads 2 --eval $(NET_DIR)/net3.bin --seed $(NET_SEED4) --out $(NET_DIR)/round4.smp
	target/release/dama train net --variant $(NET_GAME) --data $(NET_DIR)/round4.smp \
		--epochs $(NET_EPOCHS) --lambda $(NET_LAMBDA) --out $(NET_OUT)
endif

# --- the opening books ---
# make book   rebuild crates/dama/data/book.bin (Italian) and book-brazilian.bin as shipped
#             (docs/BOOK.md): Italian by drop-out expansion to 20,000 positions, each searched
#             to depth 17 (about 80 minutes of two cores); Brazilian ply by ply to ply 10 and
#             three plies past each shipped opening, to depth 18 (about 10 minutes); then
#             write the openings' verdicts into crates/dama-cli/data/openings*.txt.
#             BOOK_FLAGS_italian and BOOK_FLAGS_brazilian set each game's growth (BOOK_FLAGS
#             both), e.g. BOOK_FLAGS="--positions 5000 --depth 16"; BOOK_GAMES chooses the games.
.PHONY: book
BOOK_THREADS ?= 2
BOOK_FLAGS_italian ?= --positions 20000 --depth 17
BOOK_FLAGS_brazilian ?= --depth 18
BOOK_GAMES ?= italian brazilian

book:
	cargo build --release -p dama-cli
	for g in $(BOOK_GAMES); do \
		suffix=$$([ $$g = italian ] || echo -$$g); \
		$(or $(CARGO_TARGET_DIR),target)/release/dama book build --variant $$g --out crates/dama/data/book$$suffix.bin \
			--threads $(BOOK_THREADS) $(or $(BOOK_FLAGS),$$([ $$g = italian ] && echo '$(BOOK_FLAGS_italian)' || echo '$(BOOK_FLAGS_brazilian)')) || exit 1; \
	done
	cargo build --release -p dama-cli
	for g in $(BOOK_GAMES); do \
		suffix=$$([ $$g = italian ] || echo -$$g); \
		$(or $(CARGO_TARGET_DIR),target)/release/dama book openings --variant $$g \
			> crates/dama-cli/data/openings$$suffix.txt.tmp && \
			mv crates/dama-cli/data/openings$$suffix.txt.tmp crates/dama-cli/data/openings$$suffix.txt || exit 1; \
	done

# --- endgame tables ---
# make egtb   build each game's endgame tables up to EGTB_PIECES (5) pieces into
#             EGTB_DIR/italian and EGTB_DIR/brazilian (egtb-data/, ignored by git), single
#             threaded under nice, then check a sample of the values (docs/EGTB.md): for 5
#             pieces about 2 minutes and 320 MB a game. EGTB_GAMES chooses the games:
#             `make egtb EGTB_PIECES=6 EGTB_GAMES=italian` for the Italian 6-piece tables.
.PHONY: egtb
EGTB_PIECES ?= 5
EGTB_DIR ?= egtb-data
EGTB_GAMES ?= italian brazilian

egtb:
	cargo build --release -p dama-cli
	for g in $(EGTB_GAMES); do \
		nice $(or $(CARGO_TARGET_DIR),target)/release/dama egtb build --variant $$g --pieces $(EGTB_PIECES) --out $(EGTB_DIR)/$$g && \
		nice $(or $(CARGO_TARGET_DIR),target)/release/dama egtb verify --dir $(EGTB_DIR)/$$g --stride 97 || exit 1; \
	done

# --- the tactics trainer's puzzles ---
# make puzzles   mine www/puzzles/italian.json and brazilian.json again from self-play, with the
#                command each "generator" field records (docs/PUZZLES.md; about half an hour of
#                two cores for the Italian, three minutes for the Brazilian).
.PHONY: puzzles

puzzles:
	cargo build --release -p dama-cli
	nice $(DAMA_CLI) puzzles --count 230 --seed 1 --depth 18 --threads 2 --out www/puzzles/italian.json
	nice $(DAMA_CLI) puzzles --variant brazilian --count 220 --seed 1 --depth 18 --threads 2 --out www/puzzles/brazilian.json

# --- quality audit ---
# make audit   Lighthouse on every page (mobile and desktop presets, the median of 3 runs)
#              and axe-core on every page (the app with its dialogs open, the rules in each
#              language, the embedding example, the iframe page), in Debian's Chromium
#              (scripts/audit.mjs). Fails if CLS is 0.02 or more, performance under 95, another
#              Lighthouse category under 100, or axe finds a violation. Options through
#              AUDIT_FLAGS, e.g. AUDIT_FLAGS="--runs 5 --verbose --save target/audit".
.PHONY: audit
audit: setup-audit build
	@scripts/setup.sh chromium
	node scripts/audit.mjs $(AUDIT_FLAGS)

# make first-load   what a first visit to the deployed site (make dist's copy: node
#              scripts/first-load.mjs without --root measures the source, as make serve serves
#              it) downloads, per page, at phone size on a fresh profile,
#              from a server that behaves as a static host (gzip, ETags): the bytes by kind
#              before the page is playable and after, and how often each wasm file came
#              (scripts/first-load.mjs). Fails over FIRST_LOAD_BUDGET KB gzipped (150) or
#              when a wasm file is downloaded twice.
FIRST_LOAD_BUDGET ?= 150
.PHONY: first-load
first-load: dist
	@scripts/setup.sh chromium
	node scripts/first-load.mjs --root dist --budget $(FIRST_LOAD_BUDGET)
