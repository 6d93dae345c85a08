# taut — build, run, test, bench.
#
#   make            build ./taut
#   make run        install what is missing, build, open the default scene
#   make test       install what is missing, build, run every test
#   make bench      the benchmarks (medians)
#   make SAN=1 ...  the same with AddressSanitizer + UndefinedBehaviorSanitizer
#   make SIMD=0 ... the same without the solver's vector kernels (the
#                   results must not change: the tests' hashes hold)
#   make WERROR=1   warnings are errors (CI)
#
# core/ is compiled without the Lua and SDL include paths, so it cannot
# include them by accident.

SCENE ?= examples/grapple.lua
PKGS := lua5.4 sdl2 stb
DEB_PKGS := pkg-config liblua5.4-dev libsdl2-dev libstb-dev

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
APP_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard view/*.c lua/*.c bench/*.c))
TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/core/*.c))
CORE_TESTS := $(BUILD)/core_tests

.PHONY: all run test bench clean deps
all: $(TAUT) $(CORE_TESTS)

run: deps $(TAUT)
	./$(TAUT) $(SCENE)

test: deps all
	TAUT=./$(TAUT) CORE_TESTS=./$(CORE_TESTS) tests/run

bench: deps $(TAUT)
	bench/run ./$(TAUT)

clean:
	rm -rf build build-san build-scalar build-san-scalar taut

# Install the libraries when pkg-config cannot find them: apt-get on
# Debian/Ubuntu (through sudo when not root); elsewhere say what to install.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PKGS); then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		sudo=; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		echo "taut: installing $(DEB_PKGS)"; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEB_PKGS); \
	else \
		echo "taut needs pkg-config, Lua 5.4, SDL2 and stb headers."; \
		echo "On Debian/Ubuntu: apt-get install $(DEB_PKGS)"; \
		echo "On Fedora: dnf install pkgconf lua-devel SDL2-devel stb-devel"; \
		echo "On macOS: brew install pkg-config lua sdl2 (and put stb on the include path)"; \
		exit 1; \
	fi

$(TAUT): $(CORE_OBJ) $(APP_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) $(LDLIBS)

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
