#!/bin/bash
# Queue wait of writes queued on one zone: fio submits 8 sequential 4 KiB
# direct writes at once on zone 0 of nvme0n2, which the block layer lets
# through one at a time (before 6.10: mq-deadline's zone write lock, after
# the request is allocated; 6.10+: the zone write plug, before any request
# exists). Each write waits for those ahead of it, so the zone's summed
# queue wait must be well above its summed write latency; the status
# file says where the wait starts (submission, with CONFIG_BLK_CGROUP).
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd fio
nvme_up
load_zns
fresh $NS2
D=$NS2

expect_eq "queue wait from" "$(status_value queue_wait_from)" submission
# one command per write: merged, 8 writes would be 2 commands, one waiting
echo 2 >/sys/block/$D/queue/nomerges || fail "nomerges"
# Before 6.10 only mq-deadline holds a zone's writes (its zone write lock);
# the guest's 6.1 leaves this namespace on "none", which sends all 8 to the
# device at once. From 6.10 the zone write plug holds them whatever the
# scheduler.
sched=$(sed 's/.*\[\(.*\)\].*/\1/' /sys/block/$D/queue/scheduler)
case $(uname -r) in
6.[0-9].*) echo mq-deadline >/sys/block/$D/queue/scheduler || fail "mq-deadline" ;;
esac
echo "scheduler: $(cat /sys/block/$D/queue/scheduler)"
trap 'echo 0 >/sys/block/$D/queue/nomerges; echo "$sched" >/sys/block/$D/queue/scheduler' EXIT
fio --name=plug --filename=/dev/$D --direct=1 --zonemode=zbd --ioengine=libaio \
	--iodepth=8 --iodepth_batch_submit=8 --iodepth_batch_complete_min=8 \
	--rw=write --bs=4k --offset=0 --size=$((ZONE_SECTORS * 512)) \
	--output-format=json >/tmp/fio-plug.json || fail "fio"
writes=$(zone_col 0 writes)
sectors=$(zone_col 0 write_sectors)
wait_ns=$(zone_col 0 queue_wait_sum_ns)
lat_ns=$(zone_col 0 write_lat_sum_ns)
echo "zone 0: $writes writes, queue wait $wait_ns ns, write latency $lat_ns ns (sums)"
expect_eq "zone 0 writes" "$writes" $((ZONE_SECTORS / 8))
expect_eq "zone 0 write sectors" "$sectors" $ZONE_SECTORS
# fio submits 8 at once and waits for the 8: the k-th waits for the k - 1
# ahead, 28 latencies of wait for 8 of latency (3.5), less what fio's
# submission spreads them by. Measured: 2.3-6.6 on Debian's kernels and
# the debug kernel; from the allocation, 6.12 gave 0.02.
expect_eq "queue wait above the write latency" \
	"$([ "$wait_ns" -gt "$lat_ns" ] && echo yes || echo "no: ratio $((wait_ns * 100 / (lat_ns + 1)))%")" yes
finish
