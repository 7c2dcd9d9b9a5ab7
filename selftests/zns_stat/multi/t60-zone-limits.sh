#!/bin/bash
# Zone lifecycle against the device's limits, on the namespace of controller
# lim0 (4096 B LBAs, 8 zones of 1 MiB = 2048 sectors with a capacity of
# 512 KiB = 1024 sectors, max_open 2, max_active 3): the capacity, not the
# zone size, fills a zone and measures a finish's waste; peaks, time at each
# limit and the "too many open/active" errors when exceeded; a device that
# closes an implicitly open zone to open another is counted, not guessed:
# the zones it may have closed are unknown until a zone report says.
. "${0%/*}/lib-multi.sh"

require_cmd nvme blkzone
nvme_up
load_zns
D=
for b in /sys/block/nvme*n*; do
	[ "$(cat "$b/queue/max_open_zones" 2>/dev/null)" = 2 ] && D=${b##*/}
done
[ -n "$D" ] || fail "no namespace with max_open_zones 2 (multi-devices.sh's lim0)"
ZONE_SECTORS=2048
LBA=8	# sectors per LBA
echo "limits namespace: $D"
fresh $D
run() { "$@" >/dev/null 2>&1 || fail "$*"; }
must_fail() { if "$@" >/dev/null 2>&1; then fail "succeeded: $*"; fi; }
life() { awk -v k="$1" '$1 == k { print $2 }' "$ZNS_DEBUGFS/$D/lifecycle"; }
slba() { echo $(($1 * ZONE_SECTORS / LBA)); }
open_zone() { run nvme zns open-zone /dev/$D -s "$(slba "$1")"; }
# disagree: the zones whose host view differs from the device's report.
disagree() {
	local z line cond wp hc out=
	for ((z = 0; z < 8; z++)); do
		line=$(blkzone report -o $((z * ZONE_SECTORS)) -c 1 /dev/$D)
		wp=$((16#$(sed -n 's/.*wptr 0x\([0-9a-f]*\).*/\1/p' <<<"$line")))
		cond=$(sed -n 's/.*zcond: *\([0-9]*\).*/\1/p' <<<"$line")
		hc=$(zone_col $z host_cond)
		if { [ "$hc" != 0 ] && [ "$hc" != "$cond" ]; } ||
		   { [ "$(zone_col $z host_written_known)" = 1 ] && [ "$cond" != 14 ] &&
		     [ "$(zone_col $z host_written_sectors)" != "$wp" ]; }; then
			out+="$z:$hc/$cond "
		fi
	done
	echo "${out% }"
}

run blkzone report /dev/$D
expect_eq "limits" "$(life max_open_zones) $(life max_active_zones)" "2 3"
expect_eq "capacity" "$(life zone_capacity_sectors)" 1024

# Zone 0 written to its capacity (half its size): full.
for half in 0 1; do	# 2 x 256 KiB: a passthrough command stays within the queue's limits
	run nvme write /dev/$D -s $(($(slba 0) + half * 64)) -c 63 -z $((64 * 4096)) -d "$(data_file $((64 * 4096)))"
done
expect_eq "zone 0 full at its capacity" "$(zone_col 0 host_cond) $(zone_col 0 host_written_sectors)" "14 1024"
must_fail nvme write /dev/$D -s "$(slba 0)" -c 0 -z 4096 -d "$(data_file 4096)"
expect_eq "zone 0 still full after a write to a full zone" "$(zone_col 0 host_cond)" 14
run nvme zns finish-zone /dev/$D -s "$(slba 0)"
expect_eq "a finish of a full zone: counted, nothing wasted" \
	"$(life finishes_waste_known) $(life finish_waste_sectors) $(zone_col 0 host_cond)" "1 0 14"

# Open limit: zones 1 and 2 opened, a third open fails.
open_zone 1
open_zone 2
must_fail nvme zns open-zone /dev/$D -s "$(slba 3)"
expect_eq "too_many_open_errors" "$(life too_many_open_errors)" 1
# Active limit: zone 1 written and closed, 3 opened (3 active), 4 fails.
# (Closed with nothing written, zone 1 would be unknown: a ZBC-like device
# empties such a zone, QEMU's keeps it closed; life_state.h.)
run nvme write /dev/$D -s "$(slba 1)" -c 0 -z 4096 -d "$(data_file 4096)"
run nvme zns close-zone /dev/$D -s "$(slba 1)"
expect_eq "zone 1 closed, 8 sectors written" "$(zone_col 1 host_cond) $(zone_col 1 host_written_sectors)" "4 8"
open_zone 3
expect_eq "open, active" "$(life open_zones) $(life active_zones)" "2 3"
must_fail nvme zns open-zone /dev/$D -s "$(slba 4)"
expect_eq "too_many_active_errors" "$(life too_many_active_errors)" 1
expect_eq "peaks" "$(life open_zones_peak) $(life active_zones_peak)" "2 3"
sleep 0.2
t_open=$(life open_limit_time_ns) t_active=$(life active_limit_time_ns)
expect_eq "time at the open limit >= 0.2 s" "$([ "$t_open" -ge 200000000 ] && echo yes)" yes
expect_eq "time at the active limit >= 0.2 s" "$([ "$t_active" -ge 200000000 ] && echo yes)" yes
expect_eq "no disagreement" "$(disagree)" ""

# Finish zone 2 (opened, never written): its whole capacity is wasted.
run nvme zns finish-zone /dev/$D -s "$(slba 2)"
expect_eq "zone 2 finish waste" "$(zone_col 2 finish_waste_sectors)" 1024
expect_eq "finishes, their waste" "$(life finishes_waste_known) $(life finish_waste_sectors)" "2 1024"
expect_eq "below the open limit: its time stops" "$(sleep 0.1; life open_limit_time_ns)" "$(life open_limit_time_ns)"

# The device closes an implicitly open zone to open another: zones 1 and 3
# closed, 5 and 6 written (2 implicitly open, 2 active), 7 opened.
run nvme zns close-zone /dev/$D -s "$(slba 3)"
run nvme zns reset-zone /dev/$D -s "$(slba 1)"
run nvme zns reset-zone /dev/$D -s "$(slba 3)"
run nvme write /dev/$D -s "$(slba 5)" -c 0 -z 4096 -d "$(data_file 4096)"
run nvme write /dev/$D -s "$(slba 6)" -c 0 -z 4096 -d "$(data_file 4096)"
open_zone 7
expect_eq "opens_over_limit" "$(life opens_over_limit)" 1
# Which of 5 and 6 the device closed, only a zone report can tell: until
# then both are unknown (their written sectors known), not counted open.
expect_eq "zones 5, 6 (cond, written sectors, known), 7 (cond)" \
	"$(zone_col 5 host_cond) $(zone_col 5 host_written_sectors) $(zone_col 5 host_written_known) $(zone_col 6 host_cond) $(zone_col 6 host_written_sectors) $(zone_col 7 host_cond)" \
	"0 8 1 0 8 3"
expect_eq "open, uncertain, peak, active" \
	"$(life open_zones) $(life open_zones_uncertain) $(life open_zones_peak) $(life active_zones)" "1 2 2 3"
run blkzone report /dev/$D	# passes through the probes: settles 5 and 6
conds="$(zone_col 5 host_cond) $(zone_col 6 host_cond)"
expect_eq "after a zone report, one closed and one implicitly open: $conds" \
	"$(case $conds in "2 4" | "4 2") echo yes ;; esac)" yes
expect_eq "open, uncertain after the report" "$(life open_zones) $(life open_zones_uncertain)" "2 0"
expect_eq "no disagreement after the report" "$(disagree)" ""
# Reopening the closed zone closes the open one (the host sees it: a certain
# eviction); rewriting that one closes the first again, which the host only
# may infer: the rewritten zone is open for sure, the other unknown.
if [ "$(zone_col 5 host_cond)" = 4 ]; then closed=5 open=6; else closed=6 open=5; fi
wr() { run nvme write /dev/$D -s $(($(slba "$1") + $2)) -c 0 -z 4096 -d "$(data_file 4096)"; }
opened() { awk '$1 == "open" { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$D/lifetimes"; }
wr $closed 1
expect_eq "reopened: opens_over_limit, the other zone unknown" \
	"$(life opens_over_limit) $(zone_col $closed host_cond) $(zone_col $open host_cond)" "2 2 0"
wr $open 1
expect_eq "rewritten: open for sure (since when not known), the first unknown" \
	"$(zone_col $open host_cond) $(zone_col $open host_cond_time_ns) $(zone_col $closed host_cond)" "2 0 0"
expect_eq "open, uncertain, peak" \
	"$(life open_zones) $(life open_zones_uncertain) $(life open_zones_peak)" "2 1 2"
t0=$(opened)
expect_eq "no disagreement, the zone report settling $closed" "$(disagree)" ""
expect_eq "zone $closed closed after the report" "$(zone_col $closed host_cond) $(life open_zones_uncertain)" "4 0"
# A reset of every zone makes every zone known again.
run nvme zns reset-zone /dev/$D -a
# Time open: zone 7's stay counted; zone $open's (when it last opened is
# not known) and zone $closed's (closed by the device) are not.
expect_eq "time-open samples of the reset-all" "$(($(opened) - t0))" 1
expect_eq "after reset-all" "$(disagree)" ""
expect_eq "open, active after reset-all" "$(life open_zones) $(life active_zones)" "0 0"
finish
