#!/bin/bash
# In-flight slots belong to the tag set, which the namespaces of a controller
# share: nvme0n1 and nvme0n2 use one table of queues x tags x 56 bytes (whole
# pages), not one each, and reads on both at once still count exactly.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

unload_zns
nvme_up
load_zns
expect_eq "inflight_tables before any command" "$(status_value inflight_tables)" 0

queues=$(ls -d /sys/block/$NS1/mq/*/ | wc -l)
depth=$(cat /sys/block/$NS1/mq/0/nr_tags)
table=$(((8 + queues * depth * 56 + 4095) / 4096 * 4096))
echo "# $queues hardware queues of $depth tags: a table of $table bytes"

# vmalloc areas of zns_stat as large as one table (with or without the guard page).
tables_allocated() {
	awk -v a="$table" -v b="$((table + 4096))" \
		'/\[zns_stat\]/ && ($2 == a || $2 == b) { n++ } END { print n + 0 }' /proc/vmallocinfo
}

fresh $NS1
expect_eq "inflight_tables, $NS1 tracked" "$(status_value inflight_tables)" 1
fresh $NS2
expect_eq "inflight_tables, both tracked" "$(status_value inflight_tables)" 1
expect_eq "inflight_bytes" "$(status_value inflight_bytes)" "$table"
expect_eq "tables of that size in /proc/vmallocinfo" "$(tables_allocated)" 1

# Both namespaces at once, through the same tags.
dd if=/dev/$NS1 of=/dev/null bs=4096 count=300 iflag=direct 2>/dev/null &
one=$!
dd if=/dev/$NS2 of=/dev/null bs=4096 count=500 iflag=direct 2>/dev/null &
two=$!
wait "$one" || fail "dd $NS1"
wait "$two" || fail "dd $NS2"
expect_summary $NS1 reads=300 read_sectors=2400 errors=0 dropped=0
expect_summary $NS2 reads=500 read_sectors=4000 errors=0 dropped=0

# The table goes with the last namespace using it.
nvme_down
end=$((SECONDS + 10))
while [ "$(status_value inflight_tables)" != 0 ] && [ $SECONDS -lt $end ]; do sleep 0.2; done
expect_eq "inflight_tables after nvme is gone" "$(status_value inflight_tables)" 0
expect_eq "inflight_bytes after nvme is gone" "$(status_value inflight_bytes)" 0
expect_eq "tables in /proc/vmallocinfo after nvme is gone" "$(tables_allocated)" 0
nvme_up
finish
