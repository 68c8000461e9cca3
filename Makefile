# Thin wrapper around CMake (as neovim does): `make demo`, `make test`.
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
# Developer builds and CI treat warnings as errors (WERROR=OFF to relax).
WERROR ?= ON

.PHONY: all deps configure build demo test sanitize fuzz install clean bench format

all: build

deps:
	@sh scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DARENA_WERROR=$(WERROR) $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	@sh scripts/demo.sh $(BUILD)

# The browser test of the HTML report (tests/web) needs chromium, node and
# playwright-core, the lockstep tests of the rule modules (tests/lockstep)
# python3, the arena's leak test valgrind: installed like the build's
# packages, only when missing; the terminal tests need a pseudo-terminal
# (scripts/test_env.sh).
test: build
	@sh scripts/browser_deps.sh $(BUILD)
	@sh scripts/test_deps.sh
	@sh scripts/test_env.sh
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer. The
# generic rules suite plays a third of its random games there (ASan makes
# every ply ~10x dearer; the plain run plays them all).
sanitize:
	@ARENA_TEST_SCALE=$${ARENA_TEST_SCALE:-30} $(MAKE) --no-print-directory test BUILD=build-asan \
	    BUILD_TYPE=Debug CMAKE_FLAGS=-DARENA_SANITIZE=ON

# libFuzzer targets (clang, ASan+UBSan) for every decoder of untrusted bytes,
# each run for FUZZ_SECONDS; a crash fails the target.
FUZZ_SECONDS ?= 30
fuzz:
	@sh scripts/fuzz.sh build-fuzz $(FUZZ_SECONDS)

bench: build
	@sh scripts/bench.sh $(BUILD)

install: build
	@cmake --install $(BUILD)

format:
	@clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) build-asan build-fuzz build-release
