#!/bin/bash
# Size and alignment histograms, with the four fio examples of the block
# alignment thread: 64k at 32k -> 32K, 64k at 64k -> 64K, 8k at 64k -> 8K,
# 24k at 0 -> 8K (as reads here, so no write pointer gets in the way), then
# a write and a zone append (aligned where the device put it); plus memory.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd fio
nvme_up
load_zns
fresh $NS1
fio_read() {	# fio_read BS OFFSET
	fio --name=align --filename=/dev/$NS1 --rw=read --bs="$1" --size="$1" \
		--offset="$2" --direct=1 --iodepth=1 --ioengine=psync >/dev/null ||
		fail "fio read $1 at $2"
}
fio_read 64k 32k
fio_read 64k 64k
fio_read 8k 64k
fio_read 24k 0
expect_eq "read aligned 32K" "$(hist_count $NS1 alignment read 32768)" 1
expect_eq "read aligned 64K" "$(hist_count $NS1 alignment read 65536)" 1
expect_eq "read aligned 8K" "$(hist_count $NS1 alignment read 8192)" 2
expect_eq "read alignment rows" "$(awk 'NR > 1' "$ZNS_DEBUGFS/$NS1/alignment" | wc -l)" 3
expect_eq "read size 64K-128K" "$(hist_count $NS1 sizes read 65536)" 2
expect_eq "read size 8K-16K" "$(hist_count $NS1 sizes read 8192)" 1
expect_eq "read size 16K-32K" "$(hist_count $NS1 sizes read 16384)" 1

# Writes: 24 KiB at the start of zone 2 (8K aligned), then an 8 KiB zone
# append into zone 2, which lands 24 KiB past its start: 8K aligned too
# (counted where the device put it, not at the zone start it names).
dd if=/dev/zero of=/dev/$NS1 bs=24k count=1 seek=2M oflag=direct,seek_bytes status=none ||
	fail "dd write 24k at 2M"
nvme zns zone-append /dev/$NS1 -s 512 -z 8192 -d "$(data_file 8192)" >/dev/null ||
	fail "zone append"
expect_eq "write aligned 8K" "$(hist_count $NS1 alignment write 8192)" 2
expect_eq "write size 16K-32K" "$(hist_count $NS1 sizes write 16384)" 1
expect_eq "write size 8K-16K" "$(hist_count $NS1 sizes write 8192)" 1
expect_eq "write alignment rows" "$(grep -c '^write ' "$ZNS_DEBUGFS/$NS1/alignment")" 1

# Memory: at most 320 bytes per zone and a multiple of the cache line
# (issue 28's bound; vmalloc's page array aside: make bench measures it);
# the namespace's total covers its zones.
zone_bytes=$(summary_value $NS1 zone_stat_bytes)
echo "zone_stat_bytes: $zone_bytes, memory_bytes: $(summary_value $NS1 memory_bytes)"
[ "$zone_bytes" -le 320 ] && [ $((zone_bytes % 64)) = 0 ] ||
	fail "zone_stat_bytes $zone_bytes: over 320 or not a multiple of 64"
[ "$(summary_value $NS1 memory_bytes)" -gt $((16 * zone_bytes)) ] || fail "memory_bytes too small"
finish
