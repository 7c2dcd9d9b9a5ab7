#!/bin/bash
# fio --zonemode=zbd: the totals zns_stat reports equal fio's own counts, and
# land in the zones fio wrote.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd fio jq
nvme_up
load_zns
fresh $NS1

common=(--filename=/dev/$NS1 --direct=1 --zonemode=zbd --ioengine=psync
	--offset=0 --size=2M --output-format=json)
fio --name=write --rw=write --bs=4k "${common[@]}" > /tmp/fio-write.json || fail "fio write"
fio --name=read --rw=read --bs=8k "${common[@]}" > /tmp/fio-read.json || fail "fio read"
w_ios=$(fio_json /tmp/fio-write.json write total_ios)
w_kb=$(fio_json /tmp/fio-write.json write io_kbytes)
r_ios=$(fio_json /tmp/fio-read.json read total_ios)
r_kb=$(fio_json /tmp/fio-read.json read io_kbytes)
echo "fio: $w_ios writes ($w_kb KiB), $r_ios reads ($r_kb KiB)"
expect_eq "fio writes" "$w_ios" 512
expect_eq "fio reads" "$r_ios" 256
expect_summary $NS1 writes="$w_ios" write_sectors=$((w_kb * 2)) \
	reads="$r_ios" read_sectors=$((r_kb * 2)) errors=0 dropped=0
expect_zones $NS1 0:writes=256 0:write_sectors=2048 1:writes=256 1:write_sectors=2048 \
	0:reads=128 0:read_sectors=2048 1:reads=128 1:read_sectors=2048
finish
