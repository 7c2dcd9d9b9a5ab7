#!/bin/bash
# Many parallel readers of "zones" on a namespace with 32768 zones while its
# counters change: every read is well-formed and complete, and the writes
# fio made meanwhile are all counted.
. "${0%/*}/lib-multi.sh"

require_cmd fio jq
multi_up
load_zns
fresh "$big_disk"
zones=$ZNS_DEBUGFS/$big_disk/zones
start=$(date +%s%N)
cat "$zones" > /dev/null
echo "one read of $big_disk/zones (32768 zones): $((($(date +%s%N) - start) / 1000000)) ms"

fio --name=w --filename="/dev/$big_disk" --zonemode=zbd --rw=write --bs=4k --size=16M \
	--direct=1 --ioengine=psync --output-format=json > /tmp/fio-big.json 2>/dev/null &
fio_pid=$!
readers=8 rounds=$(stress_count 3 30)
for r in $(seq $readers); do
	(
		for i in $(seq "$rounds"); do
			awk 'NR == 1 { n = NF } NR > 1 && NF != n - 1 { bad = 1 } END { exit bad || NR != 32769 }' \
				"$zones" || { echo "reader $r: bad read $i"; exit 1; }
		done
	) &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "a reader saw a malformed or short zones file"; done
wait $fio_pid || fail "fio"
w_ios=$(fio_json /tmp/fio-big.json write total_ios)
echo "$readers readers x $rounds reads during $w_ios writes"
expect_eq "fio writes" "$w_ios" 4096
expect_summary "$big_disk" writes="$w_ios" write_sectors=$((w_ios * 8)) dropped=0
finish
