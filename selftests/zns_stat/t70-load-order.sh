#!/bin/bash
# Load orders and unloads: zns_stat before nvme, nvme_core unloaded and
# reloaded under zns_stat, zns_stat unloaded and reloaded under nvme. Counting
# resumes exactly after each, and a namespace that comes back starts fresh.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

d4k=$(data_file 4096)
write_zone() {	# write_zone DISK ZONE: one 4 KiB write at the zone's start
	nvme write "/dev/$1" -s $(($2 * 256)) -c 0 -z 4096 -d "$d4k" >/dev/null ||
		fail "write $1 zone $2"
}

# zns_stat first: it waits for nvme_core.
unload_zns
nvme_down
load_zns
expect_eq "attached without nvme_core" "$(status_value attached)" 0
expect_eq "disks without nvme_core" "$(status_value disks)" 0
nvme_up
expect_eq "attached after nvme loads" "$(status_value attached)" 1
fresh $NS1
write_zone $NS1 1
expect_zones $NS1 1:writes=1 1:write_sectors=8

# nvme and nvme_core go away under zns_stat, then come back.
nvme_down
expect_eq "attached after nvme_core unload" "$(status_value attached)" 0
expect_eq "$NS1 directory after nvme_core unload" \
	"$([ -e "$ZNS_DEBUGFS/$NS1" ] && echo present || echo gone)" gone
nvme_up
expect_eq "attached after nvme_core reload" "$(status_value attached)" 1
blkzone reset /dev/$NS1 || fail "blkzone reset"
wait_tracked $NS1
# The kernel's own reads of a namespace being added count too (none on 6.1;
# 6.12 reads 3 x 4 KiB at LBA 0): take them from the disk's own statistics.
read -r kreads _ ksectors _ </sys/block/$NS1/stat
write_zone $NS1 2
expect_zones $NS1 2:writes=1 2:write_sectors=8 0:reads="$kreads" 0:read_sectors="$ksectors"
expect_summary $NS1 reset_all=1 writes=1 dropped=0

# zns_stat goes away under nvme, I/O goes on, zns_stat comes back.
for round in 1 2 3; do
	unload_zns
	write_zone $NS1 $((round + 3))
	load_zns
	expect_eq "attached after reload $round" "$(status_value attached)" 1
	write_zone $NS1 $((round + 8))
	wait_tracked $NS1
	expect_zones $NS1 $((round + 8)):writes=1 $((round + 8)):write_sectors=8
done
expect_summary $NS1 dropped=0
expect_eq "dropped_untracked" "$(status_value dropped_untracked)" 0
finish
