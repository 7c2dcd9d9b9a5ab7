#!/bin/bash
# make stress: the robustness tests with their long variants (ZNS_STRESS=1):
# 50 reloads of zns_stat under load, more concurrent appends, more readers'
# rounds over 32768 zones; on Debian's 6.1 kernel and on the debug kernel
# (guest/debug-kernel.sh, built on first use). Ends with "N passed, N failed".
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo" || exit 1
export ZNS_STRESS=1 ZNS_TEST_TIMEOUT=${ZNS_TEST_TIMEOUT:-1800}
eval "$(bash selftests/guest/host-setup.sh | grep '^KVER=')"
make -s module KERNELRELEASE="$KVER" && make -s tool || exit 1
pass=0 fail=0
run() {	# run NAME TESTS [VAR=VALUE...]: stress tests in one guest
	local name=$1 tests=$2 out
	shift 2
	# Progress on stderr through fd 2 itself: "tee /dev/stderr" would reopen
	# a log file that stderr points to and truncate it.
	# shellcheck disable=SC2086  # TESTS is a list
	out=$(env "$@" ZNS_GUEST_LOG="$repo/build/stress-$name.log" \
		bash selftests/run-guest-tests.sh $tests 2>&1 | tee >(cat >&2) | tail -n 1)
	if [[ $out =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		pass=$((pass + BASH_REMATCH[1])) fail=$((fail + BASH_REMATCH[2]))
	else
		fail=$((fail + 1))
	fi
}
# t92 and t93 expect the usual single controller; multi/t30 its extra devices.
extra=$(bash selftests/guest/multi-devices.sh "$repo/build/multi-images")
run debian-6.1 "t92 t93" KVER="$KVER"
run debian-6.1-multi multi/t30 KVER="$KVER" ZNS_QEMU_EXTRA="$extra"
if vars=$(bash selftests/guest/debug-kernel.sh --module --modular); then
	eval "$vars"
	debug=(KVER="$KVER" ZNS_VMLINUZ="$ZNS_VMLINUZ" ZNS_KMOD_ROOT="$ZNS_KMOD_ROOT" ZNS_KO="$ZNS_KO"
	       ZNS_VM_TIMEOUT=3600)
	run debug-6.1 "t92 t93" "${debug[@]}"
	run debug-6.1-multi multi/t30 "${debug[@]}" ZNS_QEMU_EXTRA="$extra"
else
	echo "not ok - the debug kernel, or zns_stat's W=1 build against it (above)"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
