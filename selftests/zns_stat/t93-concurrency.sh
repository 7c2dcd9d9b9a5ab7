#!/bin/bash
# Exact accounting under concurrency: fio jobs writing distinct zones, several
# processes appending to the same zone at once, and random reads at queue
# depth 8, all together; every total equals what was issued, dropped stays 0.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd fio jq
nvme_up
load_zns
fresh $NS1
appenders=4
appends=$(stress_count 16 60)	# 4 x 60 x 4 KiB fits one 1 MiB zone
start_readers 2

fio --name=w --filename=/dev/$NS1 --zonemode=zbd --rw=write --bs=4k --size=1M \
	--offset=0 --offset_increment=1M --numjobs=4 --direct=1 --ioengine=psync \
	--group_reporting --output-format=json > /tmp/fio-w.json 2>/dev/null &
w_pid=$!
fio --name=r --filename=/dev/$NS1 --rw=randread --bs=4k --offset=12M --size=4M \
	--number_ios=$((appends * 16)) --numjobs=2 --iodepth=8 --ioengine=libaio \
	--direct=1 --group_reporting --output-format=json > /tmp/fio-r.json 2>/dev/null &
r_pid=$!
d4k=$(data_file 4096)
for a in $(seq $appenders); do
	(
		for i in $(seq "$appends"); do
			nvme zns zone-append /dev/$NS1 -s $((8 * 256)) -z 4096 -d "$d4k" \
				>/dev/null || exit 1
		done
	) &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "an appender failed"; done
wait $w_pid || fail "fio writes"
wait $r_pid || fail "fio reads"
stop_readers

w_ios=$(fio_json /tmp/fio-w.json write total_ios)
r_ios=$(fio_json /tmp/fio-r.json read total_ios)
echo "fio: $w_ios writes, $r_ios reads; $((appenders * appends)) appends"
expect_eq "fio writes" "$w_ios" 1024
expect_summary $NS1 writes="$w_ios" write_sectors=$((w_ios * 8)) \
	appends=$((appenders * appends)) append_sectors=$((appenders * appends * 8)) \
	reads="$r_ios" read_sectors=$((r_ios * 8)) errors=0 dropped=0
expect_zones $NS1 0:writes=256 0:write_sectors=2048 1:writes=256 1:write_sectors=2048 \
	2:writes=256 2:write_sectors=2048 3:writes=256 3:write_sectors=2048 \
	8:appends=$((appenders * appends)) 8:append_sectors=$((appenders * appends * 8)) \
	$(awk -v zs=2048 '$1 ~ /^[0-9]+$/ && $3 > 0 { printf "%d:reads=%d %d:read_sectors=%d ", $1, $3, $1, $4 }' \
		"$ZNS_DEBUGFS/$NS1/zones")
# The per-zone reads above are read back; their sum must be fio's count.
expect_eq "reads in zones 12-15" "$(awk '$1 >= 12 && $1 <= 15 { n += $3 } END { print n }' \
	"$ZNS_DEBUGFS/$NS1/zones")" "$r_ios"
finish
