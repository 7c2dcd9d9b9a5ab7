#!/bin/bash
# make check-sid: zns_stat against Debian sid's newest kernel (7.2 when written), from
# this bookworm machine: built with W=1 in a small sid root (guest/sid.sh: sid's kbuild
# tools and compiler do not run on bookworm), then the guest suite on sid's image.
# The guest suite on sid is not part of make check: sid changes every day (a new kernel
# can break it overnight, or have its headers before its image), and the first run
# fetches ~600 MB. The W=1 build is: make check's host checks build against sid's
# newest headers (guest/sid.sh --headers, the same root, cached; Documentation/testing.rst).
# Arguments (test names or prefixes) go to the guest suites: the fdp/ tests run in the
# FDP guest (QEMU 10; fdp/t30 writes with the block layer's write streams, 6.16+), the
# others in the usual one. The DKMS test skips here:
# make dkms-install is checked against bookworm's kernels only.
# Last line: "N passed, N failed, N skipped".
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo" || exit 1
mkdir -p build
pass=0 fail=0 skip=0

if ! vars=$(bash selftests/guest/sid.sh); then
	echo "not ok 1 sid: kernel headers, build root or image (selftests/guest/sid.sh)"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
eval "$vars"	# KVER ZNS_VMLINUZ ZNS_KMOD_ROOT ZNS_KO SID_BUILD_LOG
if [ -s "$SID_BUILD_LOG" ]; then
	echo "not ok 1 sid: module builds with W=1 and no warning ($KVER)"
	sed 's/^/# /' "$SID_BUILD_LOG" | head -n 40
	fail=1
else
	echo "ok 1 sid: module builds with W=1 and no warning ($KVER)"
	pass=1
fi
# sid_suite NAME TEST...: one guest suite on sid's kernel, its totals added.
sid_suite() {
	local name=$1 summary
	shift
	echo "# guest suite '$name' on $KVER"
	KVER=$KVER ZNS_VMLINUZ=$ZNS_VMLINUZ ZNS_KMOD_ROOT=$ZNS_KMOD_ROOT ZNS_KO=$ZNS_KO \
		ZNS_GUEST_LOG=$repo/build/guest-$name.log \
		bash selftests/run-guest-tests.sh "$@" | tee "build/guest-$name.out"
	summary=$(tail -n 1 "build/guest-$name.out")
	if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
		pass=$((pass + BASH_REMATCH[1])) fail=$((fail + BASH_REMATCH[2])) skip=$((skip + BASH_REMATCH[3]))
	else
		echo "# $name: no result line"
		fail=$((fail + 1))
	fi
}

# The fdp/ tests (write streams: fdp/t30) in the FDP guest (bookworm-backports'
# QEMU 10), the others in the usual one; chosen by name as in check.sh.
fdp_tests=() other_tests=()
for t in "$@"; do
	if [[ $t == fdp* ]]; then fdp_tests+=("$t"); else other_tests+=("$t"); fi
done
[ $# -gt 0 ] || fdp_tests=(fdp)
if [ -e "$ZNS_KO" ]; then
	# The guest runs the host's user/zns-stat (t36, t8*, t94), as make check builds it.
	make -s tool || echo "# make tool failed: the tests of the tool will fail"
	if [ $# = 0 ] || [ "${#other_tests[@]}" -gt 0 ]; then
		sid_suite debian-sid "${other_tests[@]}"
	fi
	[ "${#fdp_tests[@]}" = 0 ] || ZNS_QEMU=fdp sid_suite debian-sid-fdp "${fdp_tests[@]}"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
