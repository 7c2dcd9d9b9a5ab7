# zns_stat: build, test and install. The module's objects are in Kbuild.
#
#   make                      module and tool, against the running kernel
#   make KERNELRELEASE=6.1.0-56-amd64   or   make KDIR=/path/to/build
#   make demo                 emulated ZNS SSD in QEMU, short workload, stats
#   make check                everything the CI runs
#   make install              module (with depmod) and tool; DESTDIR, PREFIX

KERNELRELEASE ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KERNELRELEASE)/build
PREFIX ?= /usr/local
DESTDIR ?=

CC ?= cc
USER_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -std=gnu11
USER_CFLAGS += -Iinclude '-D__maybe_unused=__attribute__((unused))'

.PHONY: all module tool clean check demo install uninstall

all: module tool

module:
	@test -d "$(KDIR)" || { echo "zns_stat: no kernel build tree at $(KDIR): install linux-headers-$(KERNELRELEASE) or pass KDIR=" >&2; exit 1; }
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" modules

tool: user/zns-stat

user/zns-stat: user/*.c user/*.h include/zns_stat.h
	$(CC) $(USER_CFLAGS) -o $@ user/*.c

clean:
	-test -d "$(KDIR)" && $(MAKE) -C "$(KDIR)" M="$(CURDIR)" clean
	rm -f user/zns-stat
	rm -rf build

check:
	bash selftests/check.sh

demo:
	bash selftests/demo.sh

install: all
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" INSTALL_MOD_PATH="$(DESTDIR)" INSTALL_MOD_DIR=extra modules_install
	install -D -m 0755 user/zns-stat "$(DESTDIR)$(PREFIX)/bin/zns-stat"

uninstall:
	rm -f "$(DESTDIR)/lib/modules/$(KERNELRELEASE)/extra/zns_stat.ko"*
	rm -f "$(DESTDIR)$(PREFIX)/bin/zns-stat"
	-test -z "$(DESTDIR)" && depmod "$(KERNELRELEASE)"
