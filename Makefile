# zns_stat: build, test and install. The module's objects are in Kbuild.
#
#   make                      module and tool, against the running kernel (the tool
#                             alone, and one line on how to get the module, without
#                             its headers)
#   make tool                 the tool alone (user/zns-stat): no kernel headers needed
#   make KERNELRELEASE=6.1.0-56-amd64   or   make KDIR=/path/to/build
#   make demo                 emulated ZNS SSD in QEMU, short workload, stats; then an
#                             emulated FDP SSD (QEMU 10, 6.12), stats per placement ID
#   make check                everything the CI runs
#   make bench                performance: vs no tracing and vs bpftrace, memory, scale
#   make bench-native         the probes' hot path timed natively, in User-Mode Linux
#   make bench-native-ab      untraced against zns_stat (IOPS, CPU per command) in UML
#   make check-sid            the same module against Debian sid's newest kernel
#   make debug-kernel         build (or find in the cache) the debug kernels check uses
#   make install              module (with depmod), tool, man page, bash completion,
#                             systemd units (disabled), Grafana dashboard; DESTDIR,
#                             PREFIX, UNITDIR, DATADIR, BASHCOMPDIR
#   make uninstall            removes what make install installed
#   make install-tool         make install without the module (what the zns-stat .deb holds)
#   make deb                  Debian packages zns-stat-dkms and zns-stat in build/deb/
#   make dkms-install         registers, builds and installs the module with DKMS
#   make dkms-remove          removes it from DKMS (every kernel) and /usr/src

KERNELRELEASE ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KERNELRELEASE)/build
PREFIX ?= /usr/local
DESTDIR ?=
MANDIR ?= $(PREFIX)/share/man
UNITDIR ?= /lib/systemd/system
DATADIR ?= $(PREFIX)/share/zns-stat
# where bash-completion looks (XDG_DATA_DIRS: /usr/local/share and /usr/share)
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL_MOD_DIR ?= extra

# The release: kept in include/zns_stat.h only (dkms.conf reads it there too).
VERSION := $(shell sed -n 's/^\#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' include/zns_stat.h)

CC ?= cc
USER_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -std=gnu11
USER_CFLAGS += -Iinclude '-D__maybe_unused=__attribute__((unused))'

USER_LDLIBS ?= -lm
# Libraries of Debian, found by pkg-config: json-c (what nvme-cli writes JSON
# with: libjson-c-dev) and libsmartcols (lsblk's and blkzone's tables:
# libsmartcols-dev).
USER_PKGS := json-c smartcols
USER_CFLAGS += $(or $(shell pkg-config --cflags $(USER_PKGS) 2>/dev/null),-I/usr/include/json-c -I/usr/include/libsmartcols)
USER_LDLIBS += $(or $(shell pkg-config --libs $(USER_PKGS) 2>/dev/null),-ljson-c -lsmartcols)

.PHONY: all module tool unit-test clean check check-sid demo stress install uninstall dkms-install dkms-remove \
	install-tool install-module dkms-source deb

# Without the kernel's build tree, make still builds the tool (it needs no
# headers) and says in one line how to get the module.
ifneq ($(wildcard $(KDIR)/.),)
all: module tool
else
all: tool
	@echo "zns_stat: built user/zns-stat only; no kernel build tree at $(KDIR) for the module: install linux-headers-$(KERNELRELEASE), or make KDIR=/path/to/build" >&2
endif

module:
	@test -d "$(KDIR)" || { echo "zns_stat: no kernel build tree at $(KDIR): install linux-headers-$(KERNELRELEASE) or pass KDIR= (the tool alone: make tool, make install-tool)" >&2; exit 1; }
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" modules

tool: user/zns-stat

# CPPFLAGS, CFLAGS and LDFLAGS (empty unless given) come last: a package build's
# hardening flags (dpkg-buildflags, make deb).
# The tool's layers, in the order data flows: lib/ (helpers), source/ (the module's
# files and data files, parsed), model/ (deltas, figures, which zones), render/
# (table, CSV, JSON, Prometheus, SVG, HTML), cmd/ (one command each), main.c.
TOOL_SRC := $(wildcard user/*/*.c)
TOOL_HDR := $(wildcard user/*/*.h) include/zns_stat.h

user/zns-stat: user/main.c $(TOOL_SRC) $(TOOL_HDR)
	$(CC) $(USER_CFLAGS) -Iuser $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ user/main.c $(TOOL_SRC) $(USER_LDLIBS)

# The tool's unit tests (cmocka, Debian's libcmocka-dev) on selftests/user/fixtures,
# linked against the tool's sources compiled once (build/unit/libzns-stat.a):
# each test compiling them all took make check 3 minutes from a clean tree.
UNIT_TESTS := $(patsubst %.c,%,$(wildcard selftests/user/test_*.c))
UNIT_OBJS := $(patsubst user/%.c,build/unit/%.o,$(TOOL_SRC))

unit-test: $(UNIT_TESTS)
	@for t in $(UNIT_TESTS); do (cd selftests/user && ./$${t##*/}) || exit 1; done

build/unit/%.o: user/%.c $(TOOL_HDR)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -Iuser -c -o $@ $<

build/unit/libzns-stat.a: $(UNIT_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

selftests/user/test_%: selftests/user/test_%.c selftests/user/*.h build/unit/libzns-stat.a
	@test -e /usr/include/cmocka.h || { echo "unit tests need cmocka: apt-get install libcmocka-dev" >&2; exit 1; }
	$(CC) $(USER_CFLAGS) -Iuser -o $@ $< build/unit/libzns-stat.a -lcmocka $(USER_LDLIBS)

clean:
	-test -d "$(KDIR)" && $(MAKE) -C "$(KDIR)" M="$(CURDIR)" clean
	rm -f user/zns-stat $(UNIT_TESTS)
	rm -rf build

check:
	bash selftests/check.sh

# Debian sid's newest kernel (7.x): built in a sid root, run in the guest (not in check).
check-sid:
	bash selftests/check-sid.sh

# The long variants of the robustness tests (lifecycle, concurrency, readers).
stress:
	bash selftests/stress.sh

demo:
	bash selftests/demo.sh

# zns_stat against no tracing and the seed's bpftrace tracer, hot-path cost, memory,
# scale (one QEMU guest), and the CPU-bound substrate (phase cpu) in a second one
# whose time counts instructions (QEMU -icount) (25-40 min; ZNS_BENCH_* knobs in
# selftests/bench/bench.sh).
# Results in build/bench/report.txt; see Documentation/performance.rst.
.PHONY: bench
bench:
	bash selftests/bench/bench.sh

# Where the instructions go: phase insn alone (A0, A, B, seed.bt and like.bt on the
# CPU-bound substrate, every kernel instruction counted by a QEMU plugin,
# selftests/bench/insn_plugin.c), per command, by function and source line, and
# each tracer's against the others (~8 min). Results in
# build/bench/insn-report.txt; see Documentation/performance.rst.
.PHONY: bench-insn
bench-insn:
	ZNS_BENCH_PHASES=insn bash selftests/bench/bench.sh

# The probes timed on this machine's CPU, not emulated: the timed build in
# User-Mode Linux over a zoned null_blk and nvme-loop (selftests/bench/uml-native.sh;
# root; the UML kernel is built once, ~8 min on 2 cores, cached in
# /var/cache/zns_stat/uml; then ~6 min). See Documentation/performance.rst.
.PHONY: bench-native
bench-native:
	bash selftests/bench/uml-native.sh

# Phase cpu's A/B comparison (A0: iostats off, A: untraced, B: zns_stat) on the
# same substrate in User-Mode Linux (natively, one host CPU): B/A and A0/A with the
# median's confidence interval, CPU per command, issue 27's verdicts (20 rounds,
# ~17 min; ZNS_UML_ROUNDS, ZNS_UML_SECONDS, ZNS_UML_CPU). See Documentation/performance.rst.
.PHONY: bench-native-ab
bench-native-ab:
	ZNS_UML_MODE=ab bash selftests/bench/uml-native.sh

# The debug kernels make check also runs on (lockdep, KASAN, kmemleak, ...), built
# once and cached; prints where. See Documentation/testing.rst.
.PHONY: debug-kernel
debug-kernel:
	bash selftests/guest/debug-kernel.sh --modular
	bash selftests/guest/debug-kernel.sh --builtin

# The module goes to /lib/modules/KERNELRELEASE/extra, unsigned (DKMS signs, for
# Secure Boot). depmod runs for the running system only: with DESTDIR (a package
# build) it is the package's postinst's job. The man page is installed when present.
MODULE_DEST = $(DESTDIR)/lib/modules/$(KERNELRELEASE)/$(INSTALL_MOD_DIR)
MANPAGE := $(wildcard user/zns-stat.8)
# The units are installed, never enabled (systemctl enable --now
# zns-stat-exporter.service, zns-stat-ledger.timer); their Exec lines name the
# installed tool (@BINDIR@).
UNITS := zns-stat-exporter.service zns-stat-ledger.service zns-stat-ledger.timer \
	zns-stat-ledger-shutdown.service
DASHBOARD := zns-stat-dashboard.json

# install = install-module + install-tool: everything but the module goes in
# install-tool, which is what the zns-stat .deb packages (make deb).
install: install-module install-tool

install-module: module
	install -D -m 0644 zns_stat.ko "$(MODULE_DEST)/zns_stat.ko"
	if [ -z "$(DESTDIR)" ]; then depmod -a "$(KERNELRELEASE)"; fi

install-tool: tool
	install -D -m 0755 user/zns-stat "$(DESTDIR)$(PREFIX)/bin/zns-stat"
	$(if $(MANPAGE),install -D -m 0644 $(MANPAGE) "$(DESTDIR)$(MANDIR)/man8/zns-stat.8")
	install -d "$(DESTDIR)$(UNITDIR)"
	for u in $(UNITS); do \
		sed 's|@BINDIR@|$(PREFIX)/bin|g' "user/systemd/$$u" >"$(DESTDIR)$(UNITDIR)/$$u" && \
		chmod 0644 "$(DESTDIR)$(UNITDIR)/$$u" || exit 1; \
	done
	install -D -m 0644 user/grafana/$(DASHBOARD) "$(DESTDIR)$(DATADIR)/$(DASHBOARD)"
	install -D -m 0644 user/completion/zns-stat "$(DESTDIR)$(BASHCOMPDIR)/zns-stat"

uninstall:
	rm -f "$(MODULE_DEST)/zns_stat.ko" "$(DESTDIR)$(PREFIX)/bin/zns-stat" \
		"$(DESTDIR)$(MANDIR)/man8/zns-stat.8" \
		$(foreach u,$(UNITS),"$(DESTDIR)$(UNITDIR)/$(u)") \
		"$(DESTDIR)$(DATADIR)/$(DASHBOARD)" "$(DESTDIR)$(BASHCOMPDIR)/zns-stat"
	rmdir "$(DESTDIR)$(DATADIR)" 2>/dev/null || true
	if [ -z "$(DESTDIR)" ]; then depmod -a "$(KERNELRELEASE)"; fi

# DKMS: the sources dkms builds from go to DKMS_SRCTREE/zns_stat-VERSION; dkms
# rebuilds the module for every kernel installed later (AUTOINSTALL). DKMS_FLAGS
# passes dkms options (make check uses --sourcetree, --dkmstree, --installtree).
DKMS_SRCTREE ?= /usr/src
DKMS_FLAGS ?=
DKMS = dkms $(DKMS_FLAGS)
DKMS_MOD = -m zns_stat -v $(VERSION)
DKMS_FILES = dkms.conf Kbuild include/zns_stat.h $(wildcard module/*.c module/*.h)

# The sources dkms builds from, alone: DKMS_SRCTREE/zns_stat-VERSION (make deb too).
dkms-source:
	rm -rf "$(DKMS_SRCTREE)/zns_stat-$(VERSION)"
	install -d "$(DKMS_SRCTREE)/zns_stat-$(VERSION)"
	cp --parents $(DKMS_FILES) "$(DKMS_SRCTREE)/zns_stat-$(VERSION)/"

dkms-install:
	@command -v dkms >/dev/null || { echo "zns_stat: make dkms-install needs dkms (apt-get install dkms)" >&2; exit 1; }
	if [ -n "$$($(DKMS) status $(DKMS_MOD))" ]; then $(DKMS) remove $(DKMS_MOD) --all; fi
	$(MAKE) -s dkms-source
	$(DKMS) add $(DKMS_MOD)
	$(DKMS) build $(DKMS_MOD) -k "$(KERNELRELEASE)"
	$(DKMS) install $(DKMS_MOD) -k "$(KERNELRELEASE)"

dkms-remove:
	if [ -n "$$($(DKMS) status $(DKMS_MOD))" ]; then $(DKMS) remove $(DKMS_MOD) --all; fi
	rm -rf "$(DKMS_SRCTREE)/zns_stat-$(VERSION)"

# Debian packages (user/packaging/): zns-stat-dkms_VERSION_all.deb (the sources and
# dkms.conf in /usr/src, built by dkms at install and for every kernel installed
# later) and zns-stat_VERSION_ARCH.deb (make install-tool), in build/deb/.
# Installs debhelper, dh-dkms and lintian when missing.
deb:
	bash user/packaging/mkdeb.sh
