#!/bin/bash
# Completion status by NVMe code: zone invalid write, zone full, too many
# open zones, zone boundary error, each in the errors file under its
# operation, and as the zone's top_zone_error.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
fresh $NS2
d4k=$(data_file 4096)
must_fail() { if "$@" >/dev/null 2>&1; then fail "succeeded: $*"; fi; }

# Zone invalid write: zone 4 is empty, its write pointer is LBA 1024.
must_fail nvme write /dev/$NS1 -s 1032 -c 0 -z 4096 -d "$d4k"
# Zone full: zone 6 finished, then written.
nvme zns finish-zone /dev/$NS1 -s $((6 * 256)) >/dev/null || fail "finish zone 6"
must_fail nvme write /dev/$NS1 -s $((6 * 256)) -c 0 -z 4096 -d "$d4k"
# Zone boundary error: a read across zones 0 and 1 (not allowed on nvme0n1).
must_fail nvme read /dev/$NS1 -s 255 -c 1 -z 8192 -d /tmp/zns-read
# Too many open zones: nvme0n2 allows 4 open zones.
for z in 0 1 2 3; do
	nvme zns open-zone /dev/$NS2 -s $((z * 2048)) >/dev/null || fail "open zone $z"
done
must_fail nvme zns open-zone /dev/$NS2 -s $((4 * 2048))

expect_eq "zone_invalid_write write" "$(error_count $NS1 zone_invalid_write write)" 1
expect_eq "zone_full write" "$(error_count $NS1 zone_full write)" 1
expect_eq "zone_boundary_error read" "$(error_count $NS1 zone_boundary_error read)" 1
expect_eq "too_many_open_zones open ($NS2)" \
	"$(error_count $NS2 too_many_open_zones open)" 1
# Every other cell of the errors files is 0.
for disk in $NS1 $NS2; do
	expect_eq "$disk errors total" "$(awk 'NR > 1 { for (i = 3; i <= NF; i++) n += $i }
		END { print n + 0 }' "$ZNS_DEBUGFS/$disk/errors")" \
		"$([ $disk = $NS1 ] && echo 3 || echo 1)"
	expect_eq "$disk errors code of zone_full" \
		"$(awk '$1 == "zone_full" { print $2 }' "$ZNS_DEBUGFS/$disk/errors")" 0x1b9
done
expect_zones $NS1 4:errors=1 4:top_zone_error=$((0x1bc)) 6:errors=1 6:finishes=1 \
	6:top_zone_error=$((0x1b9)) 0:errors=1 0:top_zone_error=$((0x1b8))
expect_zones $NS2 0:opens=1 1:opens=1 2:opens=1 3:opens=1 4:errors=1 \
	4:top_zone_error=$((0x1be))
finish
