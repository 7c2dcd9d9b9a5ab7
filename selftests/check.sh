#!/bin/bash
# make check: everything CI runs, from a bare Debian bookworm machine.
#   1. host-setup.sh installs the packages and fetches the guest kernel;
#   2. host-checks.sh: W=1 build, sparse, checkpatch, the tool's build;
#   3. run-guest-tests.sh: the selftests in a QEMU guest with emulated ZNS.
# Ends with one line "N passed, N failed" over all of them.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo" || exit 1
mkdir -p build

setup=$(bash selftests/guest/host-setup.sh) || { echo "host setup failed"; echo "0 passed, 1 failed"; exit 1; }
eval "$(grep '^KVER=' <<<"$setup")"
echo "# guest kernel: $KVER"

host_out=$(bash selftests/host-checks.sh "$KVER" 2>&1)
echo "$host_out"
host_pass=$(grep -c '^ok ' <<<"$host_out")
host_fail=$(grep -c '^not ok ' <<<"$host_out")

KVER=$KVER bash selftests/run-guest-tests.sh "$@" | tee build/guest-tests.out
guest_rc=${PIPESTATUS[0]}
summary=$(tail -n 1 build/guest-tests.out)
if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
	guest_pass=${BASH_REMATCH[1]} guest_fail=${BASH_REMATCH[2]}
	guest_skip=${BASH_REMATCH[4]:-0}
else
	guest_pass=0 guest_fail=1 guest_skip=0
fi
[ "$guest_rc" -eq 0 ] || [ "$guest_fail" -gt 0 ] || guest_fail=1

pass=$((host_pass + guest_pass))
fail=$((host_fail + guest_fail))
# Required tests never skip in make check.
if [ "$guest_skip" -gt 0 ]; then
	echo "# $guest_skip guest test(s) skipped: make check requires every test"
	fail=$((fail + guest_skip))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
