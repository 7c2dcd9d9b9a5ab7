#!/bin/bash
# The module's own allocations failing (parameters fail_alloc and
# fail_alloc_sites, on kernels with CONFIG_FAULT_INJECTION):
# - at namespace creation, each allocation in turn: the namespace is not
#   tracked and nothing of it is left (no directory; kmemleak at the end of
#   the suite), the failure is said once in the kernel log and in status,
#   retried with a backoff (1, 2, 4... s), not on every command, at once
#   after a clear; its reads meanwhile count in dropped_untracked or, once
#   tracked, in its table: once in all;
# - a clear, or a clear after a new reset_log_size, that cannot allocate
#   fails with ENOMEM and changes nothing;
# - random failures over module reloads: afterwards everything is tracked
#   and counts exactly.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

params=/sys/module/zns_stat/parameters
require_cmd nvme
nvme_up
unload_zns
load_zns
[ -e $params/fail_alloc ] ||
	ktap_skip "this kernel has no CONFIG_FAULT_INJECTION, so zns_stat has no fail_alloc parameter"

for bad in "" "1,100" "x,1,1,1" "$(printf '1%.0s' $(seq 80)),1,1,1"; do
	if echo "$bad" > $params/fail_alloc 2>/dev/null; then
		fail "fail_alloc accepted '$bad'"
	fi
done
for bad in nosuch "disk,,ns" "disk," ",disk"; do
	if echo "$bad" > $params/fail_alloc_sites 2>/dev/null; then
		fail "fail_alloc_sites accepted '$bad'"
	fi
done
expect_eq "fail_alloc_sites after bad writes" "$(cat $params/fail_alloc_sites)" ""

log_count() {
	dmesg | grep -c "$1"
}

status_is() {	# status_is KEY VALUE
	[ "$(status_value "$1")" = "$2" ]
}

# One 512-byte read of $NS2, a counted command: dd, not nvme-cli, which
# costs 2 s more to start on the debug kernel under TCG.
read_n2() {
	dd if=/dev/$NS2 of=/dev/null bs=512 count=1 iflag=direct status=none ||
		fail "read $NS2"
	reads_issued=$((reads_issued + 1))
}

tracked_n2() {
	read_n2
	[ -e "$ZNS_DEBUGFS/$NS2/summary" ]
}

# Creation: each allocation fails (the first twice), then memory is back.
times=2
for site in disk inflight ns zones hist reset_log; do
	unload_zns
	load_zns
	said=$(log_count "$NS2: no memory for the statistics")
	echo "$site" > $params/fail_alloc_sites || fail "set fail_alloc_sites $site"
	echo "1,100,0,$times" > $params/fail_alloc || fail "set fail_alloc"
	reads_issued=0
	read_n2
	until_ok 10 status_is setup_failures 1 || fail "$site: no setup failure after 10 s"
	[ ! -e "$ZNS_DEBUGFS/$NS2" ] ||
		fail "$site: $NS2 has a directory although its setup failed: $(ls "$ZNS_DEBUGFS/$NS2")"
	expect_eq "$site: setup_retrying" "$(status_value setup_retrying)" 1
	# The retry after 1 s fails too (times=2), then the one after 2 more succeeds.
	until_ok 20 tracked_n2 || fail "$site: $NS2 not tracked 20 s after its failures"
	expect_eq "$site: setup_failures" "$(status_value setup_failures)" "$times"
	expect_eq "$site: setup_retrying after" "$(status_value setup_retrying)" 0
	expect_eq "$site: failure said once" \
		$(($(log_count "$NS2: no memory for the statistics") - said)) 1
	expect_eq "$site: every read counted once" \
		$(($(status_value dropped_untracked) + $(summary_value $NS2 reads))) "$reads_issued"
	expect_summary $NS2 dropped=0 errors=0 paths=1
	times=1
done
# No memory for long: retried after 1, 2, 4, 8... s, not at every command.
unload_zns
load_zns
echo zones > $params/fail_alloc_sites
echo 1,100,0,-1 > $params/fail_alloc
reads_issued=0
start=$SECONDS
for i in $(seq 8); do
	read_n2
done
elapsed=$((SECONDS - start))
failures=$(status_value setup_failures)
echo "$reads_issued reads in ${elapsed}s: $failures failed setups"
# Attempts at 0, 1, 3, 7, 15, 31... s: at most 2 + log2(elapsed + 1).
max=2
for ((t = elapsed + 1; t > 1; t /= 2)); do max=$((max + 1)); done
[ "$failures" -ge 1 ] && [ "$failures" -le "$max" ] ||
	fail "$failures failed setups for $reads_issued reads in ${elapsed}s: want 1 to $max (a backoff)"
echo 1,0,0,0 > $params/fail_alloc
zns_clear all	# a clear retries at the next command
until_ok 10 tracked_n2 || fail "$NS2 not tracked after the clear"
echo "" > $params/fail_alloc_sites
expect_eq "every read counted once" \
	$(($(status_value dropped_untracked) + $(summary_value $NS2 reads))) "$reads_issued"

# A clear without memory: ENOMEM, counters and reset_log_size unchanged.
d4k=$(data_file 4096)
fresh $NS1
for i in 0 1; do
	nvme write /dev/$NS1 -s $((i * 1)) -c 0 -z 4096 -d "$d4k" >/dev/null || fail "write $i"
done
echo 8 > $params/reset_log_size || fail "set reset_log_size 8"
for site in zones hist reset_log; do
	echo "$site" > $params/fail_alloc_sites
	echo 1,100,0,1 > $params/fail_alloc
	if echo $NS1 > $params/clear 2>/tmp/zns-clear.err; then
		fail "clear succeeded although its $site allocation failed"
	fi
	grep -q "Cannot allocate memory" /tmp/zns-clear.err ||
		fail "clear without memory: $(cat /tmp/zns-clear.err)"
	expect_zones $NS1 0:writes=2 0:write_sectors=16
	expect_summary $NS1 reset_log_size=4096
done
echo "" > $params/fail_alloc_sites
zns_clear $NS1
expect_zones $NS1
expect_summary $NS1 reset_log_size=8
echo 4096 > $params/reset_log_size

# Random failures of any allocation over reloads, then none: both zoned
# namespaces tracked, counting exactly.
for round in 1 2 3; do
	unload_zns
	load_zns
	echo 1,50,0,-1 > $params/fail_alloc
	blkzone report -c 1 /dev/$NS1 >/dev/null || fail "report $NS1"
	blkzone report -c 1 /dev/$NS2 >/dev/null || fail "report $NS2"
	sleep 0.5
	echo "round $round: setup_failures $(status_value setup_failures)"
done
echo 1,0,0,0 > $params/fail_alloc
zns_clear all	# retry now what failed
for disk in $NS1 $NS2; do
	until_ok 10 blkzone report -c 1 "/dev/$disk" >/dev/null
	wait_tracked "$disk"
	zns_clear "$disk"
done
dd if=/dev/$NS1 of=/dev/null bs=4096 count=1 iflag=direct status=none || fail "read $NS1"
dd if=/dev/$NS2 of=/dev/null bs=512 count=1 iflag=direct status=none || fail "read $NS2"
expect_summary $NS1 reads=1 dropped=0
expect_summary $NS2 reads=1 dropped=0
finish
