#!/bin/bash
# Runtime control: enabled=0 detaches the probes (nothing counted, counters
# kept), enabled=1 attaches again; devices= filters namespaces at run time.
# Malformed values are refused with EINVAL and change nothing.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
fresh $NS2
params=/sys/module/zns_stat/parameters
d4k=$(data_file 4096)
write_zone() {	# write_zone DISK ZONE LBA: one 4 KiB write
	local blocks=0
	[ "$1" = $NS1 ] || blocks=7
	nvme write "/dev/$1" -s "$3" -c $blocks -z 4096 -d "$d4k" >/dev/null ||
		fail "write $1 zone $2"
}
write_zone $NS1 0 0
echo 0 > $params/enabled || fail "enabled=0"
expect_eq "enabled" "$(status_value enabled)" 0
expect_eq "attached when disabled" "$(status_value attached)" 0
write_zone $NS1 0 1
write_zone $NS1 0 2
expect_zones $NS1 0:writes=1 0:write_sectors=8
echo 1 > $params/enabled || fail "enabled=1"
expect_eq "attached when enabled again" "$(status_value attached)" 1
write_zone $NS1 0 3
expect_zones $NS1 0:writes=2 0:write_sectors=16
for bad in 2 "" maybe x; do
	if echo "$bad" > $params/enabled 2>/dev/null; then fail "enabled accepted '$bad'"; fi
done
expect_eq "enabled after bad writes" "$(cat $params/enabled)" Y

# devices: only nvme0n2 counts; nvme0n1 keeps its counters and says so.
echo $NS2 > $params/devices || fail "devices=$NS2"
write_zone $NS1 0 4
write_zone $NS2 1 2048
expect_zones $NS1 0:writes=2 0:write_sectors=16
expect_zones $NS2 1:writes=1 1:write_sectors=8
expect_summary $NS1 counting=0 dropped=0
expect_summary $NS2 counting=1
for bad in "$NS1,,$NS2" "$NS1 $NS2" "a/b" \
	"$(printf 'n%d,' $(seq 17) | sed 's/,$//')"; do
	if echo "$bad" > $params/devices 2>/dev/null; then fail "devices accepted '$bad'"; fi
done
expect_eq "devices after bad writes" "$(cat $params/devices)" $NS2
echo "$NS1,$NS2" > $params/devices || fail "devices=both"
write_zone $NS1 0 5
expect_zones $NS1 0:writes=3 0:write_sectors=24
echo "" > $params/devices || fail "devices=all"
expect_eq "devices reset" "$(cat $params/devices)" ""
write_zone $NS1 0 6
expect_zones $NS1 0:writes=4 0:write_sectors=32
expect_summary $NS1 counting=1 dropped=0
finish
