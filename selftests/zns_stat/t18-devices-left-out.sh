#!/bin/bash
# A namespace that "devices" leaves out from the start holds no memory: no
# directory, no zone table, no in-flight table (no zns_stat area in
# /proc/vmallocinfo). Once the list names it, it is set up at its next command
# and counts exactly from there.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

vmalloc_areas() {
	awk '/\[zns_stat\]/ { n++ } END { print n + 0 }' /proc/vmallocinfo
}

read_blocks() {	# read_blocks DISK N: N direct reads of 4 KiB
	dd if="/dev/$1" of=/dev/null bs=4096 count="$2" iflag=direct 2>/dev/null ||
		fail "dd $1"
}

unload_zns
nvme_up
insmod "$ZNS_KO" devices=$NS2 || fail "insmod devices=$NS2"

read_blocks $NS1 20
sleep 1	# the worker remembers the disk
[ ! -e "$ZNS_DEBUGFS/$NS1" ] || fail "$NS1 has a directory although devices leaves it out"
expect_eq "disks" "$(status_value disks)" 0
expect_eq "inflight_tables" "$(status_value inflight_tables)" 0
expect_eq "zns_stat areas in /proc/vmallocinfo" "$(vmalloc_areas)" 0
expect_eq "dropped_untracked" "$(status_value dropped_untracked)" 0

# The namespace it names is tracked as usual.
read_blocks $NS2 3
wait_tracked $NS2
expect_summary $NS2 counting=1 reads=3 dropped=0
expect_eq "inflight_tables with $NS2" "$(status_value inflight_tables)" 1

# Named now: counted from its next command, exactly.
echo "" > /sys/module/zns_stat/parameters/devices || fail "devices="
read_blocks $NS1 7
wait_tracked $NS1
expect_summary $NS1 counting=1 reads=7 read_sectors=56 dropped=0
expect_summary $NS2 reads=3
expect_eq "inflight_tables with both" "$(status_value inflight_tables)" 1
expect_eq "dropped_untracked after" "$(status_value dropped_untracked)" 0

unload_zns
load_zns	# the default for the tests after this one
finish
