#!/bin/bash
# A placement namespace under faults, in the FDP guest on the debug kernel
# (fault injection, lockdep, KASAN, kmemleak: make check's debug-6.1-fdp):
#  - each allocation of its setup failing once (fail_alloc_sites: the status
#    buffer of the placement IDs' read, then the disk, in-flight, namespace,
#    table and histograms): not tracked, no directory, said in status, tried
#    again after the backoff; every placement write is counted once, in its
#    row or in dropped_untracked;
#  - NVMe errors injected by nvme_core (fault_inject, never retried) on
#    nvme-cli writes with a placement: each failure an error of its row, each
#    success a write of it, as nvme-cli saw them.
# shellcheck source-path=SCRIPTDIR source=lib-fdp.sh
. "${0%/*}/lib-fdp.sh"
# shellcheck source-path=SCRIPTDIR source=../zns.sh
. "${0%/*}/../zns.sh"

params=/sys/module/zns_stat/parameters
fdp_up
fdp_ruamw
unload_zns
load_zns
[ -e $params/fail_alloc ] ||
	ktap_skip "this kernel has no CONFIG_FAULT_INJECTION, so zns_stat has no fail_alloc parameter"

# placement_sum COLUMN: the column summed over the rows of "placement".
placement_sum() {
	awk -v c="$1" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		{ s += $n[c] } END { print s + 0 }' "$ZNS_DEBUGFS/$FDP_NS/placement"
}

lba=0 issued=0
write_placed() {	# one block with a placement ID, counted in $issued
	fdp_write "$lba" 1 $((lba % nph))
	lba=$((lba + 1)) issued=$((issued + 1))
}

# shellcheck disable=SC2317  # called through until_ok
tracked() {
	write_placed
	[ -e "$ZNS_DEBUGFS/$FDP_NS/placement" ]
}

for site in placement disk inflight ns zones hist; do
	unload_zns
	load_zns
	echo "$site" > $params/fail_alloc_sites || fail "set fail_alloc_sites $site"
	echo "1,100,0,1" > $params/fail_alloc || fail "set fail_alloc"
	issued=0
	write_placed
	until_ok 10 [ "$(status_value setup_failures)" = 1 ] || fail "$site: no setup failure after 10 s"
	[ ! -e "$ZNS_DEBUGFS/$FDP_NS" ] ||
		fail "$site: $FDP_NS has a directory although its setup failed: $(ls "$ZNS_DEBUGFS/$FDP_NS")"
	until_ok 20 tracked || fail "$site: $FDP_NS not tracked 20 s after its failure"
	expect_eq "$site: setup_failures" "$(status_value setup_failures)" 1
	expect_eq "$site: every placement write counted once" \
		$(($(status_value dropped_untracked) + $(placement_sum writes))) "$issued"
	expect_eq "$site: dropped, errors" \
		"$(summary_value "$FDP_NS" dropped) $(placement_sum errors)" "0 0"
done
echo "" > $params/fail_alloc_sites

# NVMe errors: nvme_core's fault injection on the namespace's path disk.
unload_zns
load_zns
fi_dir=$(echo /sys/kernel/debug/nvme"$FDP_ID"*n1/fault_inject)
[ -d "$fi_dir" ] || fail "no nvme_core fault_inject for $FDP_NS ($fi_dir)"
write_placed
until_ok 10 [ -e "$ZNS_DEBUGFS/$FDP_NS/placement" ] || fail "$FDP_NS not tracked"
declare -a ok=() failed=()
for ((p = 0; p < nph; p++)); do
	ok[p]=$(awk -v r="$p" 'NR > 1 && $1 == r { print $3 }' "$ZNS_DEBUGFS/$FDP_NS/placement")
	failed[p]=0
done
echo 0 > "$fi_dir/verbose"
echo 0x80 > "$fi_dir/status"	# LBA Out of Range
echo 1 > "$fi_dir/dont_retry"
echo 1 > "$fi_dir/interval"
echo 1000 > "$fi_dir/times"
echo 50 > "$fi_dir/probability"
trap 'echo 0 > "$fi_dir/probability"' EXIT
for ((i = 0; i < 10; i++)); do
	p=$((RANDOM % nph))
	if nvme write "/dev/$FDP_NS" -s "$lba" -c 0 -z "$FDP_BS" -d /dev/zero -T 2 -S "$p" >/dev/null 2>&1; then
		ok[p]=$((ok[p] + 1))
	else
		failed[p]=$((failed[p] + 1))
	fi
	lba=$((lba + 1))
done
echo 0 > "$fi_dir/probability"
injected=$((1000 - $(cat "$fi_dir/times")))
echo "injected $injected failures"
for ((p = 0; p < nph; p++)); do
	expect_eq "pid $p: writes, errors (as nvme-cli saw them)" \
		"$(awk -v r="$p" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
			$1 == r { print $n["writes"], $n["errors"] }' "$ZNS_DEBUGFS/$FDP_NS/placement")" \
		"${ok[p]} ${failed[p]}"
done
expect_eq "errors = injected" "$(placement_sum errors)" "$injected"
expect_eq "dropped" "$(summary_value "$FDP_NS" dropped)" 0
unload_zns
finish
