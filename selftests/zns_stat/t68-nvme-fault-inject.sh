#!/bin/bash
# NVMe errors injected by nvme_core's own fault injection (debugfs
# <disk>/fault_inject, CONFIG_FAULT_INJECTION_DEBUG_FS), with a zone status:
# every attempt the device saw is counted exactly once, by its outcome.
# - nvme-cli (passthrough, never retried), Zone Is Full (0x1b9) on half of
#   the attempts: reads and zone appends counted = those nvme-cli saw
#   succeed; errors under zone_full = those it saw fail = what fault_inject
#   says it injected;
# - fio 4 KiB random reads, 10% injected and retried by nvme_core (no DNR):
#   reads counted = fio's reads, errors = the injected failures; a retried
#   read has no queue wait;
# - both again with outcomes from the block layer (status_source=block).
# Nothing is counted twice or dropped.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd nvme
require_cmd fio jq
nvme_up
load_zns
fi_dir=/sys/kernel/debug/$NS1/fault_inject
[ -d "$fi_dir" ] ||
	ktap_skip "this kernel has no CONFIG_FAULT_INJECTION_DEBUG_FS: nvme_core has no $fi_dir"
TIMES=1000000

# inject PERCENT DONT_RETRY: Zone Is Full on PERCENT% of nvme0n1's attempts.
inject() {
	echo 0 > "$fi_dir/verbose"	# no stack dump per failure
	echo 0x1b9 > "$fi_dir/status"
	echo "$2" > "$fi_dir/dont_retry"
	echo 1 > "$fi_dir/interval"
	echo "$TIMES" > "$fi_dir/times"
	echo "$1" > "$fi_dir/probability"
}

# stop_injecting: prints how many failures were injected.
stop_injecting() {
	echo 0 > "$fi_dir/probability"
	echo $((TIMES - $(cat "$fi_dir/times")))
}
trap 'echo 0 > "$fi_dir/probability"' EXIT

# 1. nvme-cli at 50%, never retried. Few commands at a high rate: nvme-cli
# takes over 3 s to start on the debug kernel under TCG.
fresh $NS1
d4k=$(data_file 4096)
inject 50 1
ok_reads=0 failed_reads=0 ok_appends=0 failed_appends=0
for i in $(seq 10); do
	if nvme read /dev/$NS1 -s 0 -c 0 -z 4096 -d /tmp/zns-read >/dev/null 2>&1; then
		ok_reads=$((ok_reads + 1))
	else
		failed_reads=$((failed_reads + 1))
	fi
done
for i in $(seq 10); do
	if nvme zns zone-append /dev/$NS1 -s $((2 * 256)) -z 4096 -d "$d4k" >/dev/null 2>&1; then
		ok_appends=$((ok_appends + 1))
	else
		failed_appends=$((failed_appends + 1))
	fi
done
injected=$(stop_injecting)
echo "nvme-cli: reads $ok_reads ok, $failed_reads failed; appends $ok_appends ok, $failed_appends failed; injected $injected"
# 20 commands at 50%: none failing has a probability of 9.5e-7
[ "$injected" -gt 0 ] || fail "50% injection injected nothing in 20 commands"
expect_eq "failures seen = injected" $((failed_reads + failed_appends)) "$injected"
top_error() {	# top_zone_error of a zone with $1 failures: Zone Is Full, or none
	if [ "$1" -gt 0 ]; then echo $((0x1b9)); else echo 0; fi
}
expect_zones $NS1 0:reads="$ok_reads" 0:read_sectors=$((ok_reads * 8)) \
	0:errors="$failed_reads" 0:top_zone_error="$(top_error "$failed_reads")" \
	2:appends="$ok_appends" 2:append_sectors=$((ok_appends * 8)) \
	2:errors="$failed_appends" 2:top_zone_error="$(top_error "$failed_appends")"
expect_eq "zone_full read" "$(error_count $NS1 zone_full read)" "$failed_reads"
expect_eq "zone_full append" "$(error_count $NS1 zone_full append)" "$failed_appends"
expect_summary $NS1 dropped=0 errors="$injected"

# 2. fio at 10%, each failed attempt retried by nvme_core.
zns_clear $NS1
inject 10 0
fio --name=faults --filename=/dev/$NS1 --rw=randread --bs=4k --size=8M \
	--number_ios=200 --direct=1 --ioengine=psync --output-format=json \
	> /tmp/fio-faults.json || fail "fio failed: a read failed 6 attempts in a row?"
injected=$(stop_injecting)
fio_reads=$(fio_json /tmp/fio-faults.json read total_ios)
fio_errors=$(fio_json /tmp/fio-faults.json error)
echo "fio: $fio_reads reads, error $fio_errors; injected $injected"
[ "$injected" -gt 0 ] || fail "10% injection injected nothing in $fio_reads reads"
expect_eq "fio error" "$fio_errors" 0
expect_summary $NS1 reads="$fio_reads" read_sectors=$((fio_reads * 8)) \
	errors="$injected" dropped=0 writes=0 appends=0
expect_eq "zone_full read" "$(error_count $NS1 zone_full read)" "$injected"

# 2b. A retried read has no queue wait: from its allocation to its last
# attempt's setup lie its earlier attempts. One read failed twice and
# retried (the first 2 attempts injected), then 3 plain ones.
zns_clear $NS1
inject 100 0
echo 2 > "$fi_dir/times"
dd if=/dev/$NS1 of=/dev/null bs=4096 count=1 iflag=direct status=none ||
	fail "a read retried twice failed"
echo 0 > "$fi_dir/probability"
for i in 1 2 3; do
	dd if=/dev/$NS1 of=/dev/null bs=4096 count=1 skip=$i iflag=direct status=none ||
		fail "read $i failed"
done
expect_summary $NS1 reads=4 errors=2 dropped=0
expect_eq "queue_wait histogram: reads not retried" \
	"$(awk '$1 == "read" { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$NS1/queue_wait")" 3

# 3. The same with outcomes from the block layer (status_source=block): a
# retried attempt counts under failed_retried, a final failure under its
# blk_status_t, as the block layer does not see nvme_core's status.
unload_zns
insmod "$ZNS_KO" status_source=block || fail "insmod status_source=block"
fresh $NS1
inject 10 0
fio --name=faults --filename=/dev/$NS1 --rw=randread --bs=4k --size=8M \
	--number_ios=100 --direct=1 --ioengine=psync --output-format=json \
	> /tmp/fio-faults.json || fail "fio failed: a read failed 6 attempts in a row?"
injected=$(stop_injecting)
fio_reads=$(fio_json /tmp/fio-faults.json read total_ios)
echo "fio, block-layer outcomes: $fio_reads reads; injected $injected"
[ "$injected" -gt 0 ] || fail "10% injection injected nothing in $fio_reads reads"
expect_summary $NS1 reads="$fio_reads" read_sectors=$((fio_reads * 8)) \
	errors="$injected" dropped=0 status_decoding=block
expect_eq "failed_retried read" "$(error_count $NS1 failed_retried read)" "$injected"
# At least 10 reads, and on until one failed: 10 at 50% all succeed with a
# probability of 1e-3 (30 at 20%, as before, 1.2e-3: a CI run met it once);
# 300 with 5e-91.
inject 50 1
reads=0 failed=0
while [ "$reads" -lt 10 ] || { [ "$failed" -eq 0 ] && [ "$reads" -lt 300 ]; }; do
	reads=$((reads + 1))
	nvme read /dev/$NS1 -s 0 -c 0 -z 4096 -d /tmp/zns-read >/dev/null 2>&1 ||
		failed=$((failed + 1))
done
injected_cli=$(stop_injecting)
echo "nvme-cli, block-layer outcomes: $reads reads, $failed failed; injected $injected_cli"
[ "$injected_cli" -gt 0 ] || fail "50% injection injected nothing in $reads reads"
expect_eq "nvme-cli failures seen = injected" "$failed" "$injected_cli"
expect_eq "block_status read (BLK_STS_IOERR)" \
	"$(error_count $NS1 block_status read)" "$injected_cli"
expect_summary $NS1 reads=$((fio_reads + reads - failed)) \
	errors=$((injected + injected_cli)) dropped=0
unload_zns
load_zns	# the default for the tests after this one
finish
