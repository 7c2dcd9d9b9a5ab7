#!/bin/bash
# Any zoned namespace, whatever its geometry: on a lab machine the one
# ZNS_STAT_TEST_DEV names (its first four zones are reset and written), in
# the guest namespace 1. Zone size, LBA size and capacity come from sysfs and
# the zone report; nvme and zns_stat are not reloaded (zns_stat is loaded if
# it is not: the one built here, else the installed one). Passthrough and
# block-layer commands on zones 0-3; every counter of every zone and the
# host's view of the four zones are compared exactly.
ZNS_ANY_DEVICE=1
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd blkzone
require_cmd dd
if [ -n "${ZNS_TEST_DEV:-}" ]; then
	D=$ZNS_TEST_DEV
else
	nvme_up
	D=$NS1
fi
load_zns
q=/sys/block/$D/queue
sysfs_value LBA "$q/logical_block_size"
sysfs_value ZONE_SECTORS "$q/chunk_sectors"
sysfs_value zones "$q/nr_zones"
[ "${zones:-0}" -ge 4 ] || ktap_skip "$D has ${zones:-no} zones, the test needs 4"
L=$((LBA / 512))		# sectors per LBA
Z=$((ZONE_SECTORS / L))		# LBAs per zone
echo "$D: $LBA B LBAs, $zones zones of $ZONE_SECTORS sectors"
run() { "$@" >/dev/null || fail "$*"; }

blkzone report -c 1 "/dev/$D" >/dev/null || fail "blkzone report $D"
wait_tracked "$D"
run blkzone reset -o 0 -c 4 "/dev/$D"
zns_clear "$D"
# The report seeds the host's view of the four zones (empty) and the capacity.
cap=$(blkzone report -o 0 -c 1 "/dev/$D" | sed -n 's/.*cap 0x\([0-9a-f]*\).*/\1/p')
cap=$((16#${cap:-0}))
[ "$cap" -ge $((4 * L)) ] || fail "zone 0's capacity: '$cap' sectors"
run blkzone report -o 0 -c 4 "/dev/$D"

run nvme write "/dev/$D" -s 0 -c 1 -z $((2 * LBA)) -d "$(data_file $((2 * LBA)))"	# zone 0
run nvme write "/dev/$D" -s 2 -c 0 -z "$LBA" -d "$(data_file "$LBA")"		# at the wp
run nvme zns zone-append "/dev/$D" -s "$Z" -z "$LBA" -d "$(data_file "$LBA")"	# zone 1
run nvme zns zone-append "/dev/$D" -s "$Z" -z $((2 * LBA)) -d "$(data_file $((2 * LBA)))"
run nvme read "/dev/$D" -s 0 -c 2 -z $((3 * LBA)) -d /tmp/zns-read		# zone 0
run nvme zns reset-zone "/dev/$D" -s "$Z"					# zone 1
run nvme zns open-zone "/dev/$D" -s $((2 * Z))					# zone 2
run nvme zns close-zone "/dev/$D" -s $((2 * Z))
run nvme zns finish-zone "/dev/$D" -s $((2 * Z))
run nvme zns reset-zone "/dev/$D" -s $((2 * Z))
# The block layer: 2 LBAs at the start of zone 3.
run dd if=/dev/zero of="/dev/$D" bs=$((2 * LBA)) count=1 seek=$((3 * Z / 2)) oflag=direct status=none

expect_zones "$D" 0:writes=2 0:write_sectors=$((3 * L)) 0:reads=1 0:read_sectors=$((3 * L)) \
	1:appends=2 1:append_sectors=$((3 * L)) 1:resets=1 1:reset_lat_min_ns=+ \
	1:reset_lat_max_ns=+ 1:reset_lat_sum_ns=+ \
	2:opens=1 2:closes=1 2:finishes=1 2:resets=1 2:reset_lat_min_ns=+ \
	2:reset_lat_max_ns=+ 2:reset_lat_sum_ns=+ \
	3:writes=1 3:write_sectors=$((2 * L))
expect_summary "$D" writes=3 appends=2 reads=1 resets=2 reset_all=0 dropped=0 errors=0
# The host's view: condition and written sectors of each zone; zone 1's fill
# at reset; zone 2 finished with nothing written wasted its capacity.
expect_eq "zones 0-3: host_cond/host_written_sectors" \
	"$(for z in 0 1 2 3; do echo -n "$(zone_col $z host_cond)/$(zone_col $z host_written_sectors) "; done)" \
	"2/$((3 * L)) 1/0 1/0 2/$((2 * L)) "
expect_eq "zone 1: fill_resets, fill_sum_sectors" "$(zone_col 1 fill_resets) $(zone_col 1 fill_sum_sectors)" "1 $((3 * L))"
expect_eq "zone 2: finish_waste_sectors" "$(zone_col 2 finish_waste_sectors)" "$cap"
# And the device agrees (blkzone: zcond 2 implicitly open, wptr in sectors).
for z in 0 3; do
	line=$(blkzone report -o $((z * ZONE_SECTORS)) -c 1 "/dev/$D")
	expect_eq "zone $z: the device's wptr and zcond" \
		"$(sed -n 's/.*wptr 0x\([0-9a-f]*\).*zcond: *\([0-9]*\).*/\1 \2/p' <<<"$line" | { read -r w c; echo "$((16#$w)) $c"; })" \
		"$(zone_col $z host_written_sectors) 2"
done
run blkzone reset -o 0 -c 4 "/dev/$D"
finish
