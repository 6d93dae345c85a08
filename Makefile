# taut — build, run, test, bench.
#
#   make            build ./taut
#   make run        install what is missing, build, open the default scene
#   make test       install what is missing, build, run every test
#   make bench      the benchmarks (medians)
#   make fuzz       the libFuzzer targets (fuzz/), FUZZ_SECONDS each
#   make soak       the long soak: 100k steps, then valgrind on 5k
#   make SAN=1 ...  the same with AddressSanitizer + UndefinedBehaviorSanitizer
#   make WERROR=1   warnings are errors (CI)
#
# core/ is compiled without the Lua and SDL include paths, so it cannot
# include them by accident.

SCENE ?= examples/grapple.lua
PKGS := lua5.4 sdl2 stb
DEB_PKGS := pkg-config liblua5.4-dev libsdl2-dev libstb-dev libgif-dev
# giflib (the F9 GIF recorder) has no pkg-config file on Debian: it is
# found by compiling its header, and linked as -lgif.
GIF_LIBS := -lgif
HAS_GIF = printf '\043include <gif_lib.h>\n' | $(CC) -E -x c - >/dev/null 2>&1
FUZZ_DEB_PKGS := clang libclang-rt-dev

BUILD := build$(if $(SAN),-san)
TAUT := $(if $(SAN),$(BUILD)/taut,taut)

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	$(if $(WERROR),-Werror)
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 $(WARN) -ffp-contract=off -MMD -MP
LDLIBS := -lm
ifdef SAN
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
CFLAGS += $(SANFLAGS)
LDFLAGS += $(SANFLAGS)
endif

# Deferred (=) so they are read after `deps` has installed the packages.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS))

CORE_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard core/*.c))
APP_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard view/*.c lua/*.c bench/*.c))
TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/core/*.c))
CORE_TESTS := $(BUILD)/core_tests

.PHONY: all run test bench clean deps fuzz fuzzers soak
all: $(TAUT) $(CORE_TESTS)

run: deps $(TAUT)
	./$(TAUT) $(SCENE)

test: deps all fuzzers
	TAUT=./$(TAUT) CORE_TESTS=./$(CORE_TESTS) FUZZ_BUILD=$(FUZZ_BUILD) tests/run

bench: deps $(TAUT)
	bench/run ./$(TAUT)

clean:
	rm -rf build build-san build-fuzz taut

# ---- fuzzing (fuzz/): clang's libFuzzer with ASan + UBSan, its own build --
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_BUILD := build-fuzz
FUZZ_CFLAGS := -g -O1 -std=c11 -ffp-contract=off -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_LDFLAGS := -fsanitize=fuzzer,address,undefined
FUZZ_CORE := $(patsubst %.c,$(FUZZ_BUILD)/%.o,$(wildcard core/*.c))
FUZZ_APP := $(patsubst %.c,$(FUZZ_BUILD)/%.o,\
	$(filter-out lua/main.c,$(wildcard view/*.c lua/*.c bench/*.c)))
FUZZERS := $(FUZZ_BUILD)/core_fuzz $(FUZZ_BUILD)/lua_fuzz
FUZZ_PROBE := printf 'int LLVMFuzzerTestOneInput(void) { return 0; }' | \
	$(FUZZ_CC) -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1

# Build the fuzzers when clang can; else say so (make test goes on).
fuzzers:
	@if $(FUZZ_PROBE); then $(MAKE) --no-print-directory $(FUZZERS); \
	else echo "taut: no clang with libFuzzer: fuzzing skipped" \
		"(apt-get install $(FUZZ_DEB_PKGS))"; fi

fuzz: deps fuzzers
	FUZZ_BUILD=$(FUZZ_BUILD) fuzz/run $(FUZZ_SECONDS)

$(FUZZ_BUILD)/core_fuzz: $(FUZZ_BUILD)/fuzz/core_fuzz.o $(FUZZ_CORE)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ -lm

$(FUZZ_BUILD)/lua_fuzz: $(FUZZ_BUILD)/fuzz/lua_fuzz.o $(FUZZ_CORE) $(FUZZ_APP)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(GIF_LIBS) -lm

$(FUZZ_BUILD)/core/%.o: core/%.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP $(PKG_CFLAGS) -c -o $@ $<

# ---- soak: a scene that churns ropes for 100k steps (tests/soak/) --------
soak: deps
	$(MAKE) --no-print-directory taut
	$(MAKE) --no-print-directory SAN=1 build-san/taut
	tests/soak/run ./taut ./build-san/taut

# Install the libraries when pkg-config cannot find them, and clang with
# libFuzzer when it is missing: apt-get on Debian/Ubuntu (through sudo when
# not root); elsewhere say what to install (the fuzzers are then skipped).
deps:
	@libs=1; command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PKGS) && \
	    $(HAS_GIF) || libs=; \
	fuzz=1; $(FUZZ_PROBE) || fuzz=; \
	if [ -n "$$libs" ] && { [ -n "$$fuzz" ] || ! command -v apt-get >/dev/null 2>&1; }; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		sudo=; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		pkgs="$(DEB_PKGS) $$([ -n "$$fuzz" ] || echo $(FUZZ_DEB_PKGS))"; \
		echo "taut: installing $$pkgs"; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$pkgs; \
	else \
		echo "taut needs pkg-config, Lua 5.4, SDL2, stb headers and giflib."; \
		echo "On Debian/Ubuntu: apt-get install $(DEB_PKGS)"; \
		echo "On Fedora: dnf install pkgconf lua-devel SDL2-devel stb-devel giflib-devel"; \
		echo "On macOS: brew install pkg-config lua sdl2 giflib (and put stb on the include path)"; \
		exit 1; \
	fi

$(TAUT): $(CORE_OBJ) $(APP_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) $(GIF_LIBS) $(LDLIBS)

$(CORE_TESTS): $(CORE_OBJ) $(TEST_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/core/%.o: core/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/core/%.o: tests/core/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

-include $(CORE_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
-include $(wildcard $(FUZZ_BUILD)/*/*.d)
