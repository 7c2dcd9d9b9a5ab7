#!/bin/bash
# debugfs layout, file modes, column names, summary keys, the clear parameter,
# what is not tracked (conventional namespace, admin commands), and the
# summary's instance and generation across clears and a reload.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
expect_eq "attached" "$(status_value attached)" 1
fresh $NS1
fresh $NS2

for f in "$ZNS_DEBUGFS/status" "$ZNS_DEBUGFS/$NS1/zones" "$ZNS_DEBUGFS/$NS1/summary"; do
	expect_eq "mode of ${f#"$ZNS_DEBUGFS"/}" "$(stat -c %a "$f")" 444
done
expect_eq "zones header" "$(head -n 1 "$ZNS_DEBUGFS/$NS1/zones")" \
	"# zone start reads read_sectors writes write_sectors appends append_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns finishes opens closes errors read_lat_min_ns read_lat_max_ns read_lat_sum_ns write_lat_min_ns write_lat_max_ns write_lat_sum_ns append_lat_min_ns append_lat_max_ns append_lat_sum_ns finish_lat_min_ns finish_lat_max_ns finish_lat_sum_ns open_lat_min_ns open_lat_max_ns open_lat_sum_ns close_lat_min_ns close_lat_max_ns close_lat_sum_ns top_zone_error write_zeroes write_zeroes_sectors write_zeroes_lat_sum_ns host_cond host_written_sectors host_written_known host_cond_time_ns fill_resets fill_sum_sectors fill_min_sectors fill_max_sectors finish_waste_sectors queue_wait_sum_ns owner_cgroup root_written_sectors"
expect_eq "$NS1 zone rows" "$(($(wc -l < "$ZNS_DEBUGFS/$NS1/zones") - 1))" 16
expect_eq "$NS2 zone rows" "$(($(wc -l < "$ZNS_DEBUGFS/$NS2/zones") - 1))" 8
expect_summary $NS1 disk=$NS1 nr_zones=16 zone_sectors=2048 lba_bytes=4096 \
	status_decoding=on reset_all=0 dropped=0 reads=0 writes=0 errors=0
expect_summary $NS2 disk=$NS2 nr_zones=8 zone_sectors=2048 lba_bytes=512
for key in format_version finish_all open_all close_all select_all_errors read_sectors \
	write_sectors appends append_sectors resets reset_lat_min_ns reset_lat_max_ns \
	reset_lat_sum_ns finishes opens closes instance generation; do
	[ -n "$(summary_value $NS1 "$key")" ] || fail "summary lacks $key"
done

# Conventional namespace and admin commands: nothing to track, nothing counted.
dd if=/dev/$NS3 of=/dev/null bs=4096 count=4 iflag=direct status=none || fail "read $NS3"
nvme id-ctrl /dev/nvme0 >/dev/null || fail "nvme id-ctrl"
nvme id-ns /dev/$NS1 >/dev/null || fail "nvme id-ns"
expect_eq "$NS3 tracked" "$([ -e "$ZNS_DEBUGFS/$NS3" ] && echo yes || echo no)" no
expect_eq "disks" "$(status_value disks)" 2
expect_zones $NS1

# clear: one disk, or all; malformed or unknown names change nothing.
nvme write /dev/$NS1 -s 0 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null || fail "write"
nvme write /dev/$NS2 -s 0 -c 7 -z 4096 -d "$(data_file 4096)" >/dev/null || fail "write"
for bad in "" "bad name" "$NS1/../x" "$(printf 'x%.0s' $(seq 40))"; do
	if echo "$bad" > /sys/module/zns_stat/parameters/clear 2>/dev/null; then
		fail "clear accepted malformed '$bad'"
	fi
done
if echo nvme9n9 > /sys/module/zns_stat/parameters/clear 2>/dev/null; then
	fail "clear accepted an unknown disk"
fi
expect_zones $NS1 0:writes=1 0:write_sectors=8
inst1=$(summary_value $NS1 instance) gen1=$(summary_value $NS1 generation)
inst2=$(summary_value $NS2 instance) gen2=$(summary_value $NS2 generation)
[[ $inst1 =~ ^0x[0-9a-f]{16}$ ]] || fail "$NS1 instance '$inst1' is not 0x and 16 hex digits"
[[ $gen1 =~ ^[0-9]+$ ]] || fail "$NS1 generation '$gen1' is not a number"
[ "$inst1" != "$inst2" ] || fail "$NS1 and $NS2 share instance $inst1"
zns_clear $NS1
expect_zones $NS1
expect_zones $NS2 0:writes=1 0:write_sectors=8
# a clear starts the counters over in the same instance: the generation moves
expect_summary $NS1 instance=$inst1 generation=$((gen1 + 1))
expect_summary $NS2 instance=$inst2 generation=$gen2
zns_clear all
expect_zones $NS2
expect_summary $NS1 instance=$inst1 generation=$((gen1 + 2))
expect_summary $NS2 instance=$inst2 generation=$((gen2 + 1))

# a reload makes new tables: a new instance, generation 0
unload_zns
load_zns
blkzone report -c 1 "/dev/$NS1" >/dev/null || fail "blkzone report $NS1"
wait_tracked $NS1
expect_summary $NS1 generation=0
[ "$(summary_value $NS1 instance)" != "$inst1" ] ||
	fail "$NS1 kept instance $inst1 across a reload"
finish
