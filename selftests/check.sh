#!/bin/bash
# make check: everything CI runs, from a bare Debian bookworm machine.
#   host_checks KVER        W=1 build, sparse, checkpatch, the tool's build
#   guest_suite NAME KVER   the selftests in a QEMU guest booting that kernel
# Each step's "N passed, N failed" is added up; the last line is the total.
# Arguments (test names or prefixes) are passed to every guest suite.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo" || exit 1
mkdir -p build
total_pass=0 total_fail=0

add_results() {	# add_results PASS FAIL
	total_pass=$((total_pass + $1))
	total_fail=$((total_fail + $2))
}

host_checks() {
	local out
	out=$(bash selftests/host-checks.sh "$1" 2>&1)
	echo "$out"
	add_results "$(grep -c '^ok ' <<<"$out")" "$(grep -c '^not ok ' <<<"$out")"
}

# guest_suite NAME KVER [TEST...]: run the guest tests; required tests never skip.
guest_suite() {
	local name=$1 kver=$2 out=build/guest-$1.out rc summary
	shift 2
	echo "# guest suite '$name' on $kver"
	KVER=$kver bash selftests/run-guest-tests.sh "$@" | tee "$out"
	rc=${PIPESTATUS[0]}
	cp build/guest-tests.log "build/guest-$name.log" 2>/dev/null
	summary=$(tail -n 1 "$out")
	if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		local pass=${BASH_REMATCH[1]} fail=${BASH_REMATCH[2]} skip=${BASH_REMATCH[4]:-0}
		[ "$rc" -eq 0 ] || [ "$fail" -gt 0 ] || fail=1
		if [ "$skip" -gt 0 ]; then
			echo "# $name: $skip test(s) skipped: make check requires every test"
			fail=$((fail + skip))
		fi
		add_results "$pass" "$fail"
	else
		echo "# $name: no result line"
		add_results 0 1
	fi
}

setup=$(bash selftests/guest/host-setup.sh) || { echo "host setup failed"; echo "0 passed, 1 failed"; exit 1; }
eval "$(grep '^KVER=' <<<"$setup")"
echo "# default guest kernel: $KVER"

host_checks "$KVER"
guest_suite debian-6.1 "$KVER" "$@"

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
