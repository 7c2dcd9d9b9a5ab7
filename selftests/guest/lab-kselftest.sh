#!/bin/bash
# lab-kselftest.sh DIR - in the guest: the kselftests installed in DIR as a lab
# machine with a ZNS drive runs them. nvme loaded (not by the tests),
# ZNS_STAT_TEST_DEV naming namespace 1, the kernel's run_kselftest.sh: the
# tests for any zoned namespace (t31) must pass on it and every other test
# skip, saying why. One KTAP result; the runner's output as diagnostics.
set -uo pipefail
dir=$1
# lib.sh finds the namespace (by NSID) and loads nvme as a lab machine's boot would.
# shellcheck source=../zns_stat/lib.sh
. "$dir/zns_stat/lib.sh"
load_nvme
find_namespaces
export ZNS_STAT_TEST_DEV=/dev/$NS1
out=$(cd "$dir" && ./run_kselftest.sh -c zns_stat 2>&1)
n=$(wc -l <"$dir/kselftest-list.txt")
reason="needs the QEMU NVMe controllers of selftests/guest/vm.sh; on ZNS_STAT_TEST_DEV run the tests for any zoned namespace (t31)"
passed=$(grep -cx 'ok [0-9]* selftests: zns_stat: t31-any-zoned-namespace.sh' <<<"$out")
skipped=$(grep -Ec '^ok [0-9]+ selftests: zns_stat: t[0-9][^ ]*\.sh # SKIP$' <<<"$out")
reasons=$(grep -cFx "# SKIP: $reason" <<<"$out")
echo "TAP version 13"
echo "1..1"
sed 's/^/# /' <<<"$out"
echo "# ZNS_STAT_TEST_DEV=$ZNS_STAT_TEST_DEV: t31 passed $passed, skipped $skipped of $((n - 1)) with the reason $reasons"
if [ "$passed" = 1 ] && [ "$skipped" = $((n - 1)) ] && [ "$reasons" = $((n - 1)) ]; then
	echo "ok 1 lab-kselftest: run_kselftest.sh with ZNS_STAT_TEST_DEV"
else
	echo "not ok 1 lab-kselftest: run_kselftest.sh with ZNS_STAT_TEST_DEV"
fi
