#!/bin/bash
# Queue waits of the bios of one plug, witnessed one by one: fio reads 4 KiB
# at the start of 8 zones of nvme0n2 with one io_submit() of 8 (one plug), 4
# times. Each zone's queue wait must lie within the bounds the block layer's
# own events put on it (witness.sh, witness_compare_times): from the task's
# event before the bio's block_bio_queue (the request of the bio before it,
# block_getrq, or the system call's entry) to the read's setup. A zone has
# one read a round, so the bounds are a few microseconds wide. From 6.9 the
# kernel stamps every bio of a plug with the plug's cached time, the first
# bio's; a module that took it would give the k-th bio the time spent
# building the k - 1 before it, outside its bounds (finding 4 of issue 44).
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
. "${0%/*}/witness.sh"

require_cmd fio
nvme_up
unload_zns
witness_start	# before zns_stat: the witness's probes run first
witness_load auto
witness_bio_queue_last	# 6.9+: after zns_stat's stamp
D=$NS2
fresh "$D"
witness_geometry "$NS2"
[ "$nz" -ge 8 ] || ktap_skip "$NS2 has $nz zones, fewer than 8"
T=$(mktemp -d)
witness_clear
for round in 1 2 3 4; do
	fio --name=plug --filename="/dev/$NS2" --direct=1 --ioengine=libaio \
		--rw=read --bs=4k --zonemode=strided --zonesize=4k \
		--zonerange=$((zsec * 512)) --offset=$(((round - 1) * 4096)) \
		--size=$((8 * zsec * 512)) --io_size=$((8 * 4096)) \
		--iodepth=8 --iodepth_batch_submit=8 --iodepth_batch_complete_min=8 \
		--output=/dev/null || fail "fio round $round"
done
witness_stop "$T/trace"
for z in 0 1 2 3 4 5 6 7; do
	expect_eq "zone $z reads" "$(zone_col "$z" reads)" 4
done
witness_compare_times "one plug" "$NS2" "$T/trace" auto
rm -rf "$T"
unload_zns
load_zns
finish
