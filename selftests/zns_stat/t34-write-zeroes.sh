#!/bin/bash
# Write Zeroes moves a zone's write pointer like a write: it counts in its own
# columns (write_zeroes, write_zeroes_sectors, write_zeroes_lat_sum_ns) and in
# the latency file, from nvme-cli and from the block layer (BLKZEROOUT); one
# off the write pointer is an error of its zone. A passthrough SLBA beyond the
# namespace counts in no zone ("dropped"): cut to 32 bits it once wrapped
# into zone 1.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
run() { "$@" >/dev/null || fail "$*"; }
must_fail() { if "$@" >/dev/null 2>&1; then fail "succeeded: $*"; fi; }
# wptr DISK ZONE: the device's write pointer, in sectors from the zone start.
wptr() {
	blkzone report -o $(($2 * ZONE_SECTORS)) -c 1 "/dev/$1" |
		sed -n 's/.*wptr 0x\([0-9a-f]*\).*/\1/p' | { read -r w && echo $((16#$w)); }
}

# nvme0n1: 4096 B LBAs, 256 LBAs (2048 sectors) per zone.
run nvme write-zeroes /dev/$NS1 -s 0 -c 3		# zone 0: 4 LBAs
run nvme write-zeroes /dev/$NS1 -s 4 -c 0		# zone 0, at the write pointer
must_fail nvme write-zeroes /dev/$NS1 -s 520 -c 0	# zone 2 is empty: off its wp
expect_eq "zone 0 write pointer" "$(wptr $NS1 0)" 40
zones=(0:write_zeroes=2 0:write_zeroes_sectors=40 0:write_zeroes_lat_sum_ns=+
       2:errors=1 "2:top_zone_error=$((0x1bc))")

# The block layer: BLKZEROOUT of 8 KiB at zone 3's start (-f: no signature
# probe, whose reads would count). It uses Write Zeroes when the queue offers
# it, else writes of zero pages.
run blkdiscard -f -z -o $((3 * ZONE_SECTORS * 512)) -l 8192 /dev/$NS1
expect_eq "zone 3 write pointer" "$(wptr $NS1 3)" 16
if [ "$(cat /sys/block/$NS1/queue/write_zeroes_max_bytes)" -gt 0 ]; then
	echo "BLKZEROOUT sent Write Zeroes"
	zones+=(3:write_zeroes=1 3:write_zeroes_sectors=16 3:write_zeroes_lat_sum_ns=+)
	wz=3
else
	echo "BLKZEROOUT wrote zero pages (no Write Zeroes on this queue)"
	zones+=(3:writes=+ 3:write_sectors=16)
	wz=2
fi

# SLBA 0x10000000100: sector 0x80000000800, zone 0x100000001, past the last
# zone (15); its low 32 bits are zone 1. The device fails it: LBA out of range.
must_fail nvme read /dev/$NS1 -s $((0x10000000100)) -c 0 -z 4096 -d /tmp/zns-read
# The first LBA after the namespace.
must_fail nvme write-zeroes /dev/$NS1 -s $((16 * 256)) -c 0

expect_zones $NS1 "${zones[@]}"
expect_summary $NS1 write_zeroes=$wz errors=1 dropped=2 reads=0
expect_eq "latency file: write_zeroes" "$(latency_total $NS1 write_zeroes)" "$wz"
expect_eq "zone_invalid_write write_zeroes" \
	"$(error_count $NS1 zone_invalid_write write_zeroes)" 1
expect_eq "LBA out of range (0x80), read and write_zeroes" \
	"$(awk '$1 == "other" && $2 == "0x80" { print $3, $10 }' "$ZNS_DEBUGFS/$NS1/errors")" "1 1"
finish
