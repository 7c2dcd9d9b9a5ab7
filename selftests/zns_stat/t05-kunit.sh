#!/bin/bash
# t05: the KUnit suites of the module's pure logic (module/kunit/: the zone
# lifecycle driven through life_*.c's own functions, scripted and against
# a reference model over long random sequences, the reset log's
# writers and reader interleaved step by step, the cgroup table's lookup
# on a full table; no device), on a
# kernel built with KUnit: the debug kernel (debug-kernel.sh builds
# zns_stat_kunit.ko beside zns_stat.ko).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "${0%/*}/lib.sh"

[ -n "${ZNS_KO:-}" ] || ktap_skip "ZNS_KO is not set: no zns_stat_kunit.ko beside it"
ko=${ZNS_KO%/*}/zns_stat_kunit-${ZNS_KO##*/zns_stat-}
[ -e "$ko" ] || ktap_skip "no $ko (a kernel without CONFIG_KUNIT?)"
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
[ -d /sys/kernel/debug/kunit ] || ktap_skip "no /sys/kernel/debug/kunit (CONFIG_KUNIT_DEBUGFS)"

insmod "$ko" || fail "insmod $ko"
for suite in zns_stat_lifecycle zns_stat_lifecycle_model zns_stat_reset_log \
	zns_stat_hist zns_stat_cgroups zns_stat_placement; do
	results=/sys/kernel/debug/kunit/$suite/results
	[ -r "$results" ] || { rmmod zns_stat_kunit; fail "no $results"; }
	out=$(cat "$results")
	echo "$out"
	# The suite's cases are indented under its own plan. A failed case's
	# messages may be cut short here (the kernel log has them whole), so
	# every planned case must pass rather than none be seen failing.
	plan=$(sed -n 's/^ \{1,\}1\.\.\([0-9]*\)$/\1/p' <<<"$out" | head -n 1)
	passed=$(grep -Ec '^ +ok [0-9]+ ' <<<"$out" || true)
	expect_eq "$suite: cases passed of those planned" "$passed of ${plan:-none}" "$plan of $plan"
	# then the whole messages, from the kernel log (the suite's run only)
	[ "$passed" = "$plan" ] ||
		dmesg | sed -n "/# Subtest: $suite\$/,/ok [0-9]* $suite\$/p"
	expect_eq "$suite: suite result" "$(grep -Ec "^ok [0-9]+ $suite\$" <<<"$out" || true)" 1
done
rmmod zns_stat_kunit || fail "rmmod zns_stat_kunit"
finish
