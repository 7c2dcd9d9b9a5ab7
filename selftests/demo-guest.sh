#!/bin/bash
# The `make demo` workload, run inside the guest: an emulated ZNS SSD, a short
# mixed workload through nvme-cli and fio, then the per-zone statistics, and
# a check that they match the workload exactly.
. "$ZNS_SRC/selftests/zns_stat/lib.sh"
. "$ZNS_SRC/selftests/zns_stat/zns.sh"

step() { printf '\n== %s\n' "$*"; }
run() { echo "\$ $*"; "$@" >/dev/null || fail "$*"; }

step "load the NVMe driver and zns_stat"
nvme_up
load_zns
fresh $NS1
cat "$ZNS_DEBUGFS/status"

# build/demo/ on the host, shared writable by demo.sh as 9p tag "demo".
out=$ZNS_SRC/build/demo
mount -t 9p -o trans=virtio,version=9p2000.L demo "$out" || fail "mount the demo output"

step "zns-stat record: from now until the workload ends"
"$ZNS_TOOL" record $NS1 -c "make demo: nvme-cli commands, fio zbd writes and reads" \
	-D "$out" > /tmp/record.out 2>&1 &
record_pid=$!
sleep 2	# its first snapshot

step "workload on $NS1: 4096-byte LBAs, 16 zones of 1 MiB (256 LBAs)"
run nvme write /dev/$NS1 -s 0 -c 3 -z 16384 -d "$(data_file 16384)"
run nvme read /dev/$NS1 -s 0 -c 3 -z 16384 -d /tmp/zns-read
for i in 1 2 3; do
	run nvme zns zone-append /dev/$NS1 -s 256 -z 4096 -d "$(data_file 4096)"
done
run nvme zns reset-zone /dev/$NS1 -s 256
run nvme zns open-zone /dev/$NS1 -s 512
run nvme zns close-zone /dev/$NS1 -s 512
run nvme zns finish-zone /dev/$NS1 -s 512
echo "\$ nvme write /dev/$NS1 -s 1032 ...   (off the write pointer: fails, counts as an error)"
nvme write /dev/$NS1 -s 1032 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null 2>&1 &&
	fail "the invalid write succeeded"
run fio --name=write --filename=/dev/$NS1 --direct=1 --zonemode=zbd --ioengine=psync \
	--rw=write --bs=64k --offset=8M --size=4M
run fio --name=read --filename=/dev/$NS1 --direct=1 --zonemode=zbd --ioengine=psync \
	--rw=read --bs=16k --offset=8M --size=4M
run blkzone reset -o $((8 * ZONE_SECTORS)) -c 2 /dev/$NS1
cgroups_make demo_a demo_b
for g in demo_a:12 demo_b:13; do
	echo "\$ dd of=/dev/$NS1 oflag=direct ...   (64 KiB into zone ${g#*:}, in cgroup /${g%:*})"
	in_cgroup "${g%:*}" dd if="$(data_file 65536)" of=/dev/$NS1 bs=64k count=1 \
		seek=$((${g#*:} * ZONE_SECTORS * 512)) oflag=direct,seek_bytes
done

step "zns-stat $NS1"
"$ZNS_TOOL" $NS1

step "zns-stat cgroups $NS1: whose data fills each zone"
"$ZNS_TOOL" cgroups $NS1 || fail "zns-stat cgroups"
"$ZNS_TOOL" $NS1 --columns zone,writes,write_bytes,owner_cgroup || fail "zns-stat --columns"

step "zns-stat lifecycle $NS1: the zones as the host drove them"
"$ZNS_TOOL" lifecycle $NS1

step "the recording: data file, heatmaps, HTML report (in build/demo/ on the host)"
kill -INT $record_pid
wait $record_pid || { cat /tmp/record.out; fail "zns-stat record"; }
cat /tmp/record.out
data=$(ls -t "$out"/$NS1-*.dat | head -n 1)
"$ZNS_TOOL" report "$data" -f "${data%.dat}.html" || fail "zns-stat report"
echo "report: build/demo/$(basename "${data%.dat}").html"

step "cat $ZNS_DEBUGFS/$NS1/summary"
cat "$ZNS_DEBUGFS/$NS1/summary"

step "do the counters match the workload?"
fio_zone="writes=16 write_sectors=2048 reads=64 read_sectors=2048"
expect_zones $NS1 0:writes=1 0:write_sectors=32 0:reads=1 0:read_sectors=32 \
	1:appends=3 1:append_sectors=24 1:resets=1 1:reset_lat_min_ns=+ \
	1:reset_lat_max_ns=+ 1:reset_lat_sum_ns=+ 2:opens=1 2:closes=1 2:finishes=1 \
	4:errors=1 4:top_zone_error=$((0x1bc)) \
	$(for z in 8 9 10 11; do for kv in $fio_zone; do printf '%s:%s ' $z "$kv"; done; done) \
	8:resets=1 8:reset_lat_min_ns=+ 8:reset_lat_max_ns=+ 8:reset_lat_sum_ns=+ \
	9:resets=1 9:reset_lat_min_ns=+ 9:reset_lat_max_ns=+ 9:reset_lat_sum_ns=+ \
	12:writes=1 12:write_sectors=128 13:writes=1 13:write_sectors=128
expect_summary $NS1 dropped=0
owner() { awk -v z="$1" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
	$1 == z { print $n["owner_cgroup"] }' "$ZNS_DEBUGFS/$NS1/zones"; }
expect_eq "zone 12's owner is /demo_a" "$(owner 12)" "$(stat -c %i "$ZNS_CGROUP/demo_a")"
expect_eq "zone 13's owner is /demo_b" "$(owner 13)" "$(stat -c %i "$ZNS_CGROUP/demo_b")"
# The lifecycle: zone 1 reset holding 24 sectors (10%), zones 8 and 9 full
# (100%); zone 2 finished empty after its open and close: its whole
# capacity wasted; zones 8-11 filled by fio; zone 0 still open.
life() { awk -v k="$1" '$1 == k { print $2 }' "$ZNS_DEBUGFS/$NS1/lifecycle"; }
for kv in resets_fill_10pct=1 resets_fill_100pct=2 reclaimed_sectors=4120 \
	finish_waste_sectors=2048 finishes_waste_known=1 open_zones=3 \
	active_zones=3 open_zones_peak=3; do
	expect_eq "lifecycle ${kv%%=*}" "$(life "${kv%%=*}")" "${kv#*=}"
done
expect_eq "lifecycle: zones filled" \
	"$(awk '$1 == "to_full" { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$NS1/lifetimes")" 4
[ "$_zns_failures" -eq 0 ] && echo "yes: every counter of every zone matches the workload"

step "zns-stat ledger: each zone's lifetime, across a reload of zns_stat"
ledger=/tmp/zns-ledger
mkdir -p "$ledger"
"$ZNS_TOOL" ledger --state-dir "$ledger" --once $NS1 || fail "zns-stat ledger"
echo "\$ rmmod zns_stat && modprobe zns_stat   (the module's counters start over)"
unload_zns
load_zns
run nvme zns reset-zone /dev/$NS1 -s 256
"$ZNS_TOOL" ledger --state-dir "$ledger" --once $NS1 || fail "zns-stat ledger"
"$ZNS_TOOL" ledger show $NS1 --state-dir "$ledger" || fail "zns-stat ledger show"
D=$NS1
expect_eq "zone 1's resets in the module (since the reload)" "$(zone_col 1 resets)" 1
expect_eq "zone 1's resets in the ledger (its lifetime)" "$(ledger_value "$ledger" $NS1 1 resets)" 2
expect_eq "zone 1's appended sectors in the ledger" "$(ledger_value "$ledger" $NS1 1 append_sectors)" 24
finish
