# taut — build, run, test, bench, docs, install.
#
#   make            build ./taut
#   make run        install what is missing, build, open the default scene
#   make test       install what is missing, build, run every test
#   make bench      the benchmarks (medians)
#   make fuzz       the libFuzzer targets (fuzz/), FUZZ_SECONDS each
#   make soak       the long soak: 100k steps, then valgrind on 5k
#   make docs       regenerate from scripts/taut_api: types/taut.lua, docs/API.md,
#                   taut.1, lua/usage.h (--help), .luacheckrc; and docs/img/*.png
#   make module     build/module/taut.so: require "taut" from a plain lua5.4
#   make install    taut, its scripts, examples, types and man page under
#                   PREFIX (/usr/local), staged under DESTDIR if set
#   make install-module   taut.so into LUA_LIBDIR ($(PREFIX)/lib/lua/5.4)
#   make uninstall  remove what install and install-module put there
#   make SAN=1 ...  the same with AddressSanitizer + UndefinedBehaviorSanitizer
#   make SIMD=0 ... the same without the solver's vector kernels (the
#                   results must not change: the tests' hashes hold)
#   make WERROR=1   warnings are errors (CI)
#
# core/ is compiled without the Lua and SDL include paths, so it cannot
# include them by accident.

SCENE ?= examples/grapple.lua
PKGS := lua5.4 sdl2 stb
DEB_PKGS := pkg-config liblua5.4-dev libsdl2-dev libstb-dev libgif-dev lua5.4 lua-check
# Programs the tests and docs run, besides the libraries.
TOOLS := lua5.4 luacheck
LUA ?= lua5.4
# giflib (the F9 GIF recorder) has no pkg-config file on Debian: it is
# found by compiling its header, and linked as -lgif.
GIF_LIBS := -lgif
HAS_GIF = printf '\043include <gif_lib.h>\n' | $(CC) -E -x c - >/dev/null 2>&1
FUZZ_DEB_PKGS := clang libclang-rt-dev
# What only the tests run: a real X server and input for the window tests,
# valgrind for the churn check.
TEST_TOOLS := Xvfb xdotool valgrind
TEST_DEB_PKGS := xvfb xdotool valgrind

NOSIMD := $(filter 0,$(SIMD))
BUILD := build$(if $(SAN),-san)$(if $(NOSIMD),-scalar)
TAUT := $(if $(SAN)$(NOSIMD),$(BUILD)/taut,taut)

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	$(if $(WERROR),-Werror)
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 $(WARN) -ffp-contract=off -MMD -MP $(if $(NOSIMD),-DTT_NO_SIMD)
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
# The vector kernels' rod solve is one long chain of roots and divisions:
# scheduled, two vectors' chains overlap (the rope bench 7-9% faster).
$(BUILD)/core/lanes_x86.o $(BUILD)/core/lanes_sse2.o: CFLAGS += -fschedule-insns -fsched-pressure
APP_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(filter-out lua/module.c lua/sandbox_none.c,$(wildcard view/*.c lua/*.c bench/*.c)))
TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/core/*.c))
CORE_TESTS := $(BUILD)/core_tests

# taut.so: core/ and the binding files that need neither the view nor the
# scene runtime, built without sanitizers (a plain lua5.4 loads it).
MODULE_DIR := build/module
MODULE := $(MODULE_DIR)/taut.so
MODULE_EXCLUDE := lua/bind_canvas.c lua/bind_draw.c lua/bind_solid.c \
	lua/bind_texture.c lua/bind_runtime.c lua/bind_binding_draw.c
MODULE_SRC := $(wildcard core/*.c) lua/lib_core.c lua/module.c lua/sandbox_none.c \
	$(filter-out $(MODULE_EXCLUDE),$(wildcard lua/bind_*.c))
MODULE_OBJ := $(patsubst %.c,$(MODULE_DIR)/%.o,$(MODULE_SRC))
# (what determinism needs stays when CFLAGS is given on the command line,
# as luarocks does)
MODULE_CFLAGS = $(filter-out $(SANFLAGS),$(CFLAGS)) -std=c11 -ffp-contract=off -fPIC
LUA_CFLAGS = $(if $(LUA_INCDIR),-I$(LUA_INCDIR),$(shell pkg-config --cflags lua5.4)) \
	$(shell pkg-config --cflags stb 2>/dev/null)
STB_LIBS = $(shell pkg-config --libs stb 2>/dev/null || echo -lstb)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SHAREDIR ?= $(PREFIX)/share/taut
MANDIR ?= $(PREFIX)/share/man/man1
LUA_LIBDIR ?= $(PREFIX)/lib/lua/5.4
INSTALL_BIN ?= $(TAUT)
# What an installed taut reads: lua/main.c finds PREFIX/share/taut/scripts.
INSTALL_FILES := $(wildcard scripts/*.lua scripts/*/*.lua examples/*.lua \
	examples/*/*.lua) types/taut.lua

.PHONY: all run test bench clean deps test-deps docs module install install-module uninstall \
	fuzz fuzzers soak
all: $(TAUT) $(CORE_TESTS)

run: deps $(TAUT)
	./$(TAUT) $(SCENE)

test: deps test-deps all fuzzers $(MODULE)
	TAUT=./$(TAUT) CORE_TESTS=./$(CORE_TESTS) TAUT_MODULE=$(MODULE) \
		FUZZ_BUILD=$(FUZZ_BUILD) tests/run

docs: deps $(TAUT)
	$(LUA) tools/api/gen.lua
	docs/shots ./$(TAUT)

module: $(MODULE)

install: $(INSTALL_BIN) taut.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) \
		$(addprefix $(DESTDIR)$(SHAREDIR)/,$(sort $(dir $(INSTALL_FILES))))
	install -m 755 $(INSTALL_BIN) $(DESTDIR)$(BINDIR)/taut
	$(foreach f,$(INSTALL_FILES),install -m 644 $(f) $(DESTDIR)$(SHAREDIR)/$(f) &&) true
	install -m 644 taut.1 $(DESTDIR)$(MANDIR)/taut.1

install-module: $(MODULE)
	install -d $(DESTDIR)$(LUA_LIBDIR)
	install -m 755 $(MODULE) $(DESTDIR)$(LUA_LIBDIR)/taut.so

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/taut $(DESTDIR)$(MANDIR)/taut.1 \
		$(DESTDIR)$(LUA_LIBDIR)/taut.so
	rm -rf $(DESTDIR)$(SHAREDIR)

bench: deps $(TAUT)
	bench/run ./$(TAUT)

clean:
	rm -rf build build-san build-fuzz build-scalar build-san-scalar taut

# ---- fuzzing (fuzz/): clang's libFuzzer with ASan + UBSan, its own build --
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_BUILD := build-fuzz
# The fuzzers take the solver's scalar loops (TT_NO_SIMD): the chain
# kernels use GCC's __builtin_shuffle, which clang lacks; tests/core's lanes
# test holds the vector paths bit for bit to those loops.
FUZZ_CFLAGS := -g -O1 -std=c11 -ffp-contract=off -fno-omit-frame-pointer -DTT_NO_SIMD \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_LDFLAGS := -fsanitize=fuzzer,address,undefined
FUZZ_CORE := $(patsubst %.c,$(FUZZ_BUILD)/%.o,$(wildcard core/*.c))
FUZZ_APP := $(patsubst %.c,$(FUZZ_BUILD)/%.o,\
	$(filter-out lua/main.c lua/module.c lua/sandbox_none.c,$(wildcard view/*.c lua/*.c bench/*.c)))
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
	    $(HAS_GIF) && \
	    $(foreach t,$(TOOLS),command -v $(t) >/dev/null 2>&1 &&) true || libs=; \
	fuzz=1; $(FUZZ_PROBE) || fuzz=; \
	if [ -n "$$libs" ] && { [ -n "$$fuzz" ] || ! command -v apt-get >/dev/null 2>&1; }; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		sudo=; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		pkgs="$(DEB_PKGS) $$([ -n "$$fuzz" ] || echo $(FUZZ_DEB_PKGS))"; \
		echo "taut: installing $$pkgs"; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$pkgs; \
	else \
		echo "taut needs pkg-config, Lua 5.4, SDL2, stb headers, giflib, lua5.4 and luacheck."; \
		echo "On Debian/Ubuntu: apt-get install $(DEB_PKGS)"; \
		echo "On Fedora: dnf install pkgconf lua lua-devel SDL2-devel stb-devel giflib-devel, luarocks install luacheck"; \
		echo "On macOS: brew install pkg-config lua sdl2 giflib luacheck (and put stb on the include path)"; \
		exit 1; \
	fi

# The tests' own programs, installed the same way (make run needs none).
test-deps:
	@$(foreach t,$(TEST_TOOLS),command -v $(t) >/dev/null 2>&1 &&) exit 0; \
	if command -v apt-get >/dev/null 2>&1; then \
		sudo=; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		echo "taut: installing $(TEST_DEB_PKGS) (for the tests)"; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_DEB_PKGS); \
	else \
		echo "taut: the window tests need Xvfb and xdotool, the churn test valgrind"; \
	fi

$(TAUT): $(CORE_OBJ) $(APP_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) $(GIF_LIBS) $(LDLIBS)

$(CORE_TESTS): $(CORE_OBJ) $(TEST_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# A binding file that needs the view would leave its symbols undefined
# (Lua's own are the interpreter's): refuse the module then.
$(MODULE): $(MODULE_OBJ)
	$(CC) -shared -o $@ $^ $(STB_LIBS) $(LDLIBS)
	@if nm -u $@ | grep -E ' (tt_|SDL_)'; then rm -f $@; \
		echo "taut.so: undefined above: add the file that needs them to MODULE_EXCLUDE"; \
		exit 1; fi

$(MODULE_DIR)/core/%.o: core/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CFLAGS) -c -o $@ $<

$(MODULE_DIR)/lua/%.o: lua/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CFLAGS) $(LUA_CFLAGS) -c -o $@ $<

$(BUILD)/core/%.o: core/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/core/%.o: tests/core/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

-include $(CORE_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(MODULE_OBJ:.o=.d)
-include $(wildcard $(FUZZ_BUILD)/*/*.d)
