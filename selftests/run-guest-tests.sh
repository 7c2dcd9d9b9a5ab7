#!/bin/bash
# run-guest-tests.sh - run the zns_stat selftests in a QEMU guest (host side).
#
# Usage: selftests/run-guest-tests.sh [TEST...]   (names as for zns_stat/run_tests.sh,
#                                                  e.g. t00-guest-sanity; default: all)
# Env:   KVER, ZNS_CACHE                      guest kernel and cache (guest/host-setup.sh)
#        ZNS_QEMU_EXTRA, ZNS_KERNEL_APPEND    extra QEMU args / kernel command line (guest/vm.sh)
#        ZNS_QEMU                             fdp: the FDP guest (QEMU 10; run the fdp/ tests);
#                                             10: QEMU 10, usual devices (guest/vm.sh)
#        ZNS_TEST_TIMEOUT                     seconds per test (default 300)
#        ZNS_VM_TIMEOUT                       seconds for the whole guest run (default 1200);
#                                             a console silent for the per-test timeout
#                                             + 300 s ends it sooner (a frozen guest)
#        ZNS_TEST_RUNNER                      the runner booted with the TESTs (default
#                                             zns_stat/run_tests.sh; e.g. an installed
#                                             tree's zns_stat/run_tests.sh, or its
#                                             run_kselftest.sh with its own options)
#
# Installs what it needs on first use (Debian packages, kernel image into the cache),
# boots the guest (guest/vm.sh) with zns_stat/run_tests.sh, keeps the console in
# $ZNS_GUEST_LOG (default build/guest-tests-PID.log) and prints, as its last line, "N passed, N failed, N skipped".
# Exit status non-zero if a test failed, the guest timed out or crashed, or the KTAP
# results do not match the plan. It does not build module/zns_stat.ko: build it first
# (the guest sees the repository read-only).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
# One log per run: parallel runs (several kernels, several developers) must not mix.
log=${ZNS_GUEST_LOG:-$repo/build/guest-tests-$$.log}
mkdir -p "$repo/build"

# Separately first, so that a setup failure is not mistaken for a guest failure.
"$here/guest/host-setup.sh" >/dev/null
"$here/guest/mkinitramfs.sh" >/dev/null

# The runner prints a line at least every minute while a test runs (its
# heartbeat); a console silent for 10 minutes is a frozen guest (vm.sh).
vm_rc=0
"$here/guest/vm.sh" --timeout "${ZNS_VM_TIMEOUT:-1200}" --silence "${ZNS_VM_SILENCE:-600}" \
	--log "$log" -- \
	"${ZNS_TEST_RUNNER:-$here/zns_stat/run_tests.sh}" "$@" || vm_rc=$?

# KTAP lines of the guest run (the console has CRLF line ends).
ktap=$(tr -d '\r' <"$log" | grep -aE '^(TAP version|1\.\.[0-9]+$|ok [0-9]+ |not ok [0-9]+ )' || true)
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' <<<"$ktap" | tail -n 1)
skipped=$(grep -Ec '^ok [0-9]+ .*# SKIP' <<<"$ktap" || true)
passed=$(( $(grep -Ec '^ok [0-9]+ ' <<<"$ktap" || true) - skipped ))
failed=$(grep -Ec '^not ok [0-9]+ ' <<<"$ktap" || true)

bad=0
case $vm_rc in
0) ;;
124) echo "run-guest-tests: the guest timed out (see $log)"; bad=1 ;;
125) echo "run-guest-tests: the guest ended without a result (crash? see $log)"; bad=1 ;;
123) echo "run-guest-tests: the guest's init failed (see $log)"; bad=1 ;;
*) [ "$failed" -gt 0 ] || { echo "run-guest-tests: run_tests.sh exited with $vm_rc"; bad=1; } ;;
esac
if [ -z "$plan" ]; then
	echo "run-guest-tests: no KTAP plan in the guest output"
	bad=1
elif [ "$((passed + failed + skipped))" != "$plan" ]; then
	echo "run-guest-tests: KTAP plan 1..$plan but $((passed + failed + skipped)) results"
	bad=1
fi
[ "$failed" = 0 ] || bad=1

echo "$passed passed, $failed failed, $skipped skipped"
exit "$bad"
