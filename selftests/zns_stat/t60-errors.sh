#!/bin/bash
# Failed commands count only in "errors" of the zone they targeted: a write
# off the write pointer (nvme-cli and dd), a write to a full zone; the zone's
# most frequent ZNS error kind.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
d4k=$(data_file 4096)

# Zone 4 is empty: its write pointer is LBA 1024, not 1032.
if nvme write /dev/$NS1 -s 1032 -c 0 -z 4096 -d "$d4k" >/dev/null 2>&1; then
	fail "write off the write pointer succeeded"
fi
# Block layer: 4 KiB into zone 5, whose write pointer is at its start.
if dd if=/dev/zero of=/dev/$NS1 bs=4096 count=1 seek=$((5 * 256 + 1)) oflag=direct status=none 2>/dev/null; then
	fail "dd off the write pointer succeeded"
fi
# Zone 6 finished, so full: a write at its start fails.
nvme zns finish-zone /dev/$NS1 -s $((6 * 256)) >/dev/null || fail "finish zone 6"
if nvme write /dev/$NS1 -s $((6 * 256)) -c 0 -z 4096 -d "$d4k" >/dev/null 2>&1; then
	fail "write to a full zone succeeded"
fi
# A read across a zone boundary, which this namespace does not allow.
if nvme read /dev/$NS1 -s 255 -c 1 -z 8192 -d /tmp/zns-read >/dev/null 2>&1; then
	fail "read across zones 0 and 1 succeeded"
fi
# top_zone_error: 0x1bc zone invalid write, 0x1b9 zone full, 0x1b8 boundary.
before=(4:errors=1 4:top_zone_error=$((0x1bc)) 5:errors=1
	5:top_zone_error=$((0x1bc)) 6:errors=1 6:top_zone_error=$((0x1b9)) 6:finishes=1
	0:errors=1 0:top_zone_error=$((0x1b8)))
expect_zones $NS1 "${before[@]}"

# top_zone_error weighs recent errors more: each kind's count has 3 bits, and
# all halve when one would pass 7. Zone 7: 8 writes to it full (full: 7, then
# halved to 3 and 4), a reset, 5 writes off its write pointer (invalid
# write: 5 > 4). The total stays exact.
nvme zns finish-zone /dev/$NS1 -s $((7 * 256)) >/dev/null || fail "finish zone 7"
for i in $(seq 8); do
	if nvme write /dev/$NS1 -s $((7 * 256)) -c 0 -z 4096 -d "$d4k" >/dev/null 2>&1; then
		fail "write to a full zone succeeded"
	fi
done
expect_zones $NS1 "${before[@]}" 7:finishes=1 7:errors=8 7:top_zone_error=$((0x1b9))
nvme zns reset-zone /dev/$NS1 -s $((7 * 256)) >/dev/null || fail "reset zone 7"
for i in $(seq 5); do
	if nvme write /dev/$NS1 -s $((7 * 256 + 8)) -c 0 -z 4096 -d "$d4k" >/dev/null 2>&1; then
		fail "write off the write pointer succeeded"
	fi
done
expect_zones $NS1 "${before[@]}" 7:finishes=1 7:resets=1 7:errors=13 \
	7:top_zone_error=$((0x1bc))
expect_summary $NS1 errors=17 writes=0 reads=0 dropped=0 status_decoding=on
finish
