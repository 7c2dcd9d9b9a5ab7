# shellcheck shell=bash
# lib.sh - helpers for the zns_stat selftests. In a test:
#     . "${0%/*}/lib.sh"
# Tests print plain lines; run_tests.sh prefixes their output with "# " (KTAP
# diagnostics). Exit codes: 0 pass, 4 skip, anything else fail.

# Without dirname or a subshell: each program costs a second on the debug kernel.
case ${BASH_SOURCE[0]} in
/*) ZNS_SELFTEST_DIR=${BASH_SOURCE[0]%/*} ;;
*/*) ZNS_SELFTEST_DIR=$PWD/${BASH_SOURCE[0]%/*} ;;
*) ZNS_SELFTEST_DIR=$PWD ;;
esac
# Installed (make install), kmod.sh is beside this file; in the repository, in ../guest.
ZNS_KMOD_SH=$ZNS_SELFTEST_DIR/kmod.sh
[ -e "$ZNS_KMOD_SH" ] || ZNS_KMOD_SH=$ZNS_SELFTEST_DIR/../guest/kmod.sh
_zns_failures=0
# ZNS_TEST_XTRACE=1: trace every command with the seconds since the test
# began (where a slow test's time goes, e.g. on the debug kernel).
if [ "${ZNS_TEST_XTRACE:-0}" = 1 ]; then
	PS4='+ ${SECONDS}s ${BASH_SOURCE[0]##*/}:${LINENO}: '
	set -x
fi

# ktap_skip REASON: skip this test (run_tests.sh reports the last "SKIP: " line).
ktap_skip() {
	echo "SKIP: $*"
	exit 4
}

# fail MSG: fail this test now.
fail() {
	echo "FAIL: $*"
	exit 1
}

# expect_eq NAME ACTUAL EXPECTED: print "NAME: ACTUAL"; a mismatch is recorded and
# makes finish exit 1, so that one run reports every mismatch.
expect_eq() {
	echo "$1: $2"
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: expected '$3', got '$2'"
		_zns_failures=$((_zns_failures + 1))
	fi
}

# finish: end the test; exit 1 if any expectation failed.
finish() {
	if [ "$_zns_failures" -gt 0 ]; then
		echo "FAIL: $_zns_failures expectation(s) failed"
		exit 1
	fi
	exit 0
}

# load_nvme / unload_nvme: the NVMe PCI driver and its dependencies (kmod.sh); unload
# leaves dependencies that another module (e.g. zns_stat) still uses.
load_nvme() {
	"$ZNS_KMOD_SH" load nvme || fail "cannot load nvme"
}
unload_nvme() {
	"$ZNS_KMOD_SH" unload nvme || fail "cannot unload nvme"
}

# fio never creates a file: started as a device goes away (PCI remove), it
# would otherwise lay out a regular file at /dev/nvme0n1 in devtmpfs, and the
# node of the device that comes back could never be created.
fio() {
	command fio --allow_file_create=0 "$@"
}

# wait_for_block DEV: wait up to 30 s for the block device /dev/DEV (e.g. nvme0n1).
wait_for_block() {
	local dev=${1#/dev/} end=$((SECONDS + 30))
	while [ ! -b "/dev/$dev" ]; do
		if [ -e "/dev/$dev" ]; then
			fail "/dev/$dev exists but is not a block device: $(ls -l "/dev/$dev")"
		fi
		[ "$SECONDS" -lt "$end" ] || fail "/dev/$dev did not appear within 30 s"
		sleep 0.1
	done
}

# sysfs_value VAR FILE: VAR = the first line of FILE, "" if it cannot be read;
# a builtin, where $(cat FILE) would start a program.
# Blanks around it go (a controller's serial is padded to 20 characters);
# || : keeps a missing file from ending a test that runs with set -e (t00).
sysfs_value() {
	printf -v "$1" %s ""
	{ read -r "$1" <"$2"; } 2>/dev/null || :
}

# find_ns_disk SERIAL NSID: ns_disk into $ns_disk, without a subshell.
find_ns_disk() {
	local b nsid serial

	ns_disk=
	for b in /sys/block/nvme*n*; do
		[[ ${b##*/} =~ ^nvme[0-9]+n[0-9]+$ ]] || continue
		sysfs_value nsid "$b/nsid"
		[ "$nsid" = "$2" ] || continue
		sysfs_value serial "$b/device/serial"
		[ "$serial" = "$1" ] || continue
		ns_disk=${b##*/}
		return 0
	done
	return 1
}

# ns_disk SERIAL NSID: the block device (nvmeXnY) of namespace NSID of the
# controller, or multipath subsystem, with this serial; fails if none (yet).
ns_disk() {
	find_ns_disk "$@" && echo "$ns_disk"
}

# find_namespaces: NS1, NS2, NS3 = the disks of namespaces 1, 2 and 3 of the
# guest's controller (serial zns0), waiting up to 30 s for them. Found by
# NSID, never by name: since 6.x nvme scans namespaces in parallel, and
# nvme0n1 need not be namespace 1. Call it again after a reload or rescan.
find_namespaces() {
	local end=$((SECONDS + 30))

	until find_ns_disk zns0 1 && NS1=$ns_disk && find_ns_disk zns0 2 && NS2=$ns_disk &&
		find_ns_disk zns0 3 && NS3=$ns_disk; do
		[ "$SECONDS" -lt "$end" ] ||
			fail "namespaces 1-3 of controller zns0 not there 30 s after loading nvme"
		sleep 0.1
	done
	wait_for_block "$NS1"
	wait_for_block "$NS2"
	wait_for_block "$NS3"
}

# require_cmd CMD: skip the test when CMD is not installed.
require_cmd() {	# require_cmd CMD...: skip unless each is installed
	local c
	for c; do
		command -v "$c" >/dev/null 2>&1 || ktap_skip "$c is not installed"
	done
}

# The tests need nvme-cli and the emulated controllers of selftests/guest/vm.sh
# (QEMU's NVMe, PCI 1b36:0010): they unload nvme and write to the zones of the
# namespaces of serial zns0, and on other hardware a reload could take a disk in
# use away. On a lab machine (the installed kselftests) ZNS_STAT_TEST_DEV names
# a zoned namespace whose data the tests may destroy, as blktests' TEST_DEVS:
# the tests that take any zoned namespace (ZNS_ANY_DEVICE=1 before lib.sh) run
# on it as ZNS_TEST_DEV, the others skip; without it every test skips there,
# saying why. ZNS_SYSFS: another sysfs root (host-checks.sh runs the installed
# tree on made-up ones).
zns_require_test_devices() {
	local sys=${ZNS_SYSFS:-/sys} f zoned="" qemu=0 model vendor device dev
	command -v nvme >/dev/null 2>&1 || ktap_skip "nvme-cli (nvme) is not installed"
	if [ -n "${ZNS_STAT_TEST_DEV:-}" ]; then
		dev=${ZNS_STAT_TEST_DEV#/dev/}
		sysfs_value model "$sys/block/$dev/queue/zoned"
		[ "$model" = host-managed ] ||
			fail "ZNS_STAT_TEST_DEV=$ZNS_STAT_TEST_DEV: not a zoned (host-managed) block device"
		[ "${ZNS_ANY_DEVICE:-0}" = 1 ] ||
			ktap_skip "needs the QEMU NVMe controllers of selftests/guest/vm.sh; on ZNS_STAT_TEST_DEV run the tests for any zoned namespace (t31)"
		ZNS_TEST_DEV=$dev
		return 0
	fi
	for f in "$sys"/block/*/queue/zoned; do
		sysfs_value model "$f"
		[ "$model" = host-managed ] || continue
		f=${f%/queue/zoned}
		zoned+=" ${f##*/}"
	done
	for f in "$sys"/bus/pci/devices/*; do
		sysfs_value vendor "$f/vendor"
		sysfs_value device "$f/device"
		[ "$vendor" = 0x1b36 ] && [ "$device" = 0x0010 ] && qemu=1
	done
	[ "$qemu" = 1 ] && return 0
	[ -z "$zoned" ] ||
		ktap_skip "zoned namespace(s)$zoned left alone: set ZNS_STAT_TEST_DEV to one whose data the tests may destroy (the tests for any zoned namespace run on it), or run them in selftests/guest/vm.sh's guest"
	ktap_skip "no zoned namespace (no host-managed block device) and no QEMU NVMe controller"
}
zns_require_test_devices
