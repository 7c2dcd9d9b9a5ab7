#!/bin/bash
# Several controllers and namespaces at once, with different zone sizes and
# LBA sizes, written concurrently: each counted exactly in its own table.
. "${0%/*}/lib-multi.sh"

multi_up
load_zns
for d in "$NS1" "$NS2" "$big_disk" "$head_disk"; do fresh "$d"; done
d4k=$(data_file 4096)
# 32 writes of 4 KiB at the start of zone 3 of each namespace, all at once.
(for i in $(seq 0 31); do nvme write /dev/$NS1 -s $((3 * 256 + i)) -c 0 -z 4096 -d "$d4k" >/dev/null || exit 1; done) &
p1=$!
(for i in $(seq 0 31); do nvme write /dev/$NS2 -s $((3 * 2048 + i * 8)) -c 7 -z 4096 -d "$d4k" >/dev/null || exit 1; done) &
p2=$!
(for i in $(seq 0 31); do nvme write "/dev/$big_disk" -s $((3 * 16 + i)) -c 0 -z 4096 -d "$d4k" >/dev/null || exit 1; done) &
p3=$!
dd if=/dev/zero of="/dev/$head_disk" bs=4096 count=32 seek=$((3 * 512)) oflag=direct status=none &
p4=$!
for p in $p1 $p2 $p3 $p4; do wait $p || fail "a writer failed"; done

ZONE_SECTORS=2048 expect_zones $NS1 3:writes=32 3:write_sectors=256
ZONE_SECTORS=2048 expect_zones $NS2 3:writes=32 3:write_sectors=256
# 64 KiB zones: 16 writes fill zone 3, 16 more go to zone 4.
ZONE_SECTORS=128 expect_zones "$big_disk" 3:writes=16 3:write_sectors=128 4:writes=16 4:write_sectors=128
ZONE_SECTORS=4096 expect_zones "$head_disk" 3:writes=32 3:write_sectors=256
expect_summary "$big_disk" nr_zones=32768 zone_sectors=128 lba_bytes=4096 dropped=0
expect_summary "$head_disk" nr_zones=16 zone_sectors=4096 lba_bytes=512 dropped=0
expect_eq "tracked namespaces" "$(status_value disks)" 4
finish
