#!/bin/bash
# The reset log: one event per reset, in order, select-all included; a ring
# of reset_log_size events that says how many were overwritten; malformed
# sizes are refused and change nothing.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
param=/sys/module/zns_stat/parameters/reset_log_size
expect_eq "reset_log_size default" "$(cat $param)" 4096
for bad in 0 -1 abc 1048577 ""; do
	if echo "$bad" > $param 2>/dev/null; then
		fail "reset_log_size accepted '$bad'"
	fi
done
expect_eq "reset_log_size after bad writes" "$(cat $param)" 4096

fresh $NS1
for z in 3 1 2; do
	nvme zns reset-zone /dev/$NS1 -s $((z * 256)) >/dev/null || fail "reset zone $z"
done
nvme zns reset-zone /dev/$NS1 -a >/dev/null || fail "reset all"
# seq, zone, select_all, status; latency and time above 0, time not decreasing.
expect_eq "resets" "$(awk 'NR > 1 { printf "%s:%s:%s:%s ", $1, $3, $5, $6 }' \
	"$ZNS_DEBUGFS/$NS1/resets")" "1:3:0:0x0 2:1:0:0x0 3:2:0:0x0 4:-1:1:0x0 "
awk 'NR > 1 && ($2 <= 0 || $4 <= 0 || $2 < last) { bad = 1 } NR > 1 { last = $2 }
     END { exit bad }' "$ZNS_DEBUGFS/$NS1/resets" || fail "reset log times or latencies"
expect_summary $NS1 reset_log_size=4096 reset_log_entries=4 reset_log_overwritten=0 \
	resets=3 reset_all=1

# A ring of 4: six resets keep the last four and say two were overwritten.
echo 4 > $param || fail "set reset_log_size 4"
zns_clear $NS1
for z in 0 1 2 3 4 5; do
	nvme zns reset-zone /dev/$NS1 -s $((z * 256)) >/dev/null || fail "reset zone $z"
done
expect_eq "wrapped resets" "$(awk 'NR > 1 { printf "%s:%s ", $1, $3 }' \
	"$ZNS_DEBUGFS/$NS1/resets")" "3:2 4:3 5:4 6:5 "
expect_summary $NS1 reset_log_size=4 reset_log_entries=6 reset_log_overwritten=2
echo 4096 > $param || fail "restore reset_log_size"
zns_clear $NS1
finish
