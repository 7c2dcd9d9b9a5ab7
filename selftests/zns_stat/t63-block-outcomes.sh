#!/bin/bash
# Outcomes from the block layer (status_source=block, the fallback for a
# kernel whose nvme_request the module cannot read): the same workload of
# successes (nvme-cli and the block layer) and failures (the block layer)
# gives the same counts as with nvme_core's own status, zone by zone (the
# zones of the failed writes unknown: the block layer's status cannot say
# the device refused them); failures count under the block layer's status
# (0x800 + blk_status_t), nothing dropped. Failed passthrough commands are left out: 6.12's block
# layer completes them as successful (seen in make check), so the fallback
# cannot tell them (documented); t68 checks them on the 6.1 debug kernel.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd nvme
nvme_up
must_fail() { if "$@" >/dev/null 2>&1; then fail "succeeded: $*"; fi; }

# 14 successes and 2 failures on nvme0n1 (zones of 256 LBAs of 4 KiB).
workload() {
	local d4k z

	d4k=$(data_file 4096)
	for z in 256 257 258; do
		nvme write /dev/$NS1 -s $z -c 0 -z 4096 -d "$d4k" >/dev/null ||
			fail "write LBA $z"
	done
	dd if=/dev/zero of=/dev/$NS1 bs=4096 count=2 seek=512 oflag=direct \
		status=none || fail "dd write zone 2"
	nvme read /dev/$NS1 -s 256 -c 0 -z 4096 -d /tmp/zns-read >/dev/null ||
		fail "read zone 1"
	dd if=/dev/$NS1 of=/dev/null bs=4096 count=2 skip=512 iflag=direct \
		status=none || fail "dd read zone 2"
	nvme zns zone-append /dev/$NS1 -s 768 -z 4096 -d "$d4k" >/dev/null ||
		fail "append zone 3"
	nvme write-zeroes /dev/$NS1 -s 1024 -c 0 >/dev/null || fail "write zeroes zone 4"
	z=$((7 * 256))
	nvme zns open-zone /dev/$NS1 -s $z >/dev/null || fail "open zone 7"
	nvme zns close-zone /dev/$NS1 -s $z >/dev/null || fail "close zone 7"
	nvme zns reset-zone /dev/$NS1 -s 256 >/dev/null || fail "reset zone 1"
	# Failures, through the block layer: off the write pointer, into a
	# full zone. (Passthrough failures: see the header.)
	must_fail dd if=/dev/zero of=/dev/$NS1 bs=4096 count=1 seek=$((5 * 256 + 1)) \
		oflag=direct status=none
	nvme zns finish-zone /dev/$NS1 -s $((6 * 256)) >/dev/null || fail "finish zone 6"
	must_fail dd if=/dev/zero of=/dev/$NS1 bs=4096 count=1 seek=$((6 * 256)) \
		oflag=direct status=none
}

# Every zone's counts, without times (*_ns) and top_zone_error (ZNS codes only).
# zone_counts [ZONE...]: as above, with the lifecycle of each ZONE given
# unknown (host_cond, host_written_sectors and host_written_known 0).
zone_counts() {
	awk -v unknown=" $* " 'NR == 1 { for (i = 2; i <= NF; i++) {	# after "#"
			keep[i - 1] = $i !~ /_ns$|^top_zone_error$/
			life[i - 1] = $i ~ /^host_(cond|written_sectors|written_known)$/ } next }
	     { s = ""; lost = index(unknown, " " $1 " ")
	       for (i = 1; i <= NF; i++) if (keep[i]) s = s " " (lost && life[i] ? 0 : $i); print s }' \
		"$ZNS_DEBUGFS/$NS1/zones"
}

# 1. nvme_core's status.
unload_zns
load_zns
fresh $NS1
workload
expect_eq "status_source" "$(cat /sys/module/zns_stat/parameters/status_source)" auto
expect_summary $NS1 status_decoding=on dropped=0 errors=2 writes=5 reads=3
nvme_counts=$(zone_counts)
# With the block layer's outcomes a failed write's status (BLK_STS_IOERR)
# cannot say that the device refused it whole, so zns_stat no longer
# claims to know its zone (zns_life_failed()): zones 5 and 6 unknown.
block_counts=$(zone_counts 5 6)
[ "$block_counts" != "$nvme_counts" ] || fail "zones 5 and 6 unknown with nvme_core's outcomes"

# 2. The block layer's.
unload_zns
insmod "$ZNS_KO" status_source=block || fail "insmod status_source=block"
expect_eq "status_source" "$(cat /sys/module/zns_stat/parameters/status_source)" block
# A flush through the block layer, the first command of a namespace not
# tracked yet: not a command zns_stat counts, so not dropped either.
expect_eq "$NS2 write cache (flushes reach the device)" \
	"$(cat /sys/block/$NS2/queue/write_cache)" "write back"
dd if=/dev/zero of=/dev/$NS2 bs=4096 count=0 conv=fsync status=none || fail "flush $NS2"
expect_eq "a flush before its namespace is tracked: not dropped" \
	"$(status_value dropped_untracked)" 0
fresh $NS1
workload
expect_summary $NS1 status_decoding=block dropped=0 errors=2 writes=5 reads=3
expect_eq "zone counts, block layer vs nvme_core" "$(zone_counts)" "$block_counts"
expect_zones $NS1 1:writes=3 1:write_sectors=24 1:reads=1 1:read_sectors=8 \
	1:resets=1 2:writes=2 2:write_sectors=16 2:reads=2 2:read_sectors=16 \
	3:appends=1 3:append_sectors=8 4:write_zeroes=1 4:write_zeroes_sectors=8 \
	5:errors=1 6:finishes=1 6:errors=1 7:opens=1 7:closes=1
# BLK_STS_IOERR (10) for the zone errors, as nvme_error_status() maps them.
expect_eq "block_status 0x80a write" "$(error_count $NS1 block_status write)" 2
expect_eq "block_status code" \
	"$(awk '$1 == "block_status" { print $2 }' "$ZNS_DEBUGFS/$NS1/errors")" 0x80a
expect_eq "failed_retried" "$(error_count $NS1 failed_retried write)" 0

# 3. Bad values are refused.
unload_zns
if insmod "$ZNS_KO" status_source=nvme 2>/dev/null; then
	fail "status_source=nvme accepted"
fi
load_zns
finish
