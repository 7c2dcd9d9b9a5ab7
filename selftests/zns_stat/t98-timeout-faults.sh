#!/bin/bash
# Commands that time out (the block layer's fail_io_timeout: the device's
# completion is lost, CONFIG_FAIL_IO_TIMEOUT): nvme-pci aborts the command,
# times out again and resets the controller, which cancels it (status
# 0x371, host aborted). Each lost attempt counts once, as a host_aborted
# error; the block layer's retry after the reset counts as the read; a
# passthrough command is not retried and counts only its error. Nothing is
# counted twice or dropped, and zns_stat goes on counting after the reset.
# One lost completion per reset: one lost while the controller reconnects
# makes nvme-pci disable it for good.
# Runs last: the reset makes Linux 6.1's nvme-pci report a lockdep cycle of
# its own (run_tests.sh), after which lockdep is off for the rest of the boot.
# known-kernel-report: nvme-timeout-lockdep
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd nvme
nvme_up
load_zns
fi_dir=/sys/kernel/debug/fail_io_timeout
flag=/sys/block/$NS1/io-timeout-fail
[ -e "$flag" ] && [ -d "$fi_dir" ] ||
	ktap_skip "this kernel has no CONFIG_FAIL_IO_TIMEOUT: no $flag"

# Short timeouts, so that a lost command costs seconds, not minutes.
old_io_timeout=$(cat /sys/module/nvme_core/parameters/io_timeout)
old_queue_timeout=$(cat /sys/block/$NS1/queue/io_timeout)
restore() {
	echo 0 > "$fi_dir/probability"
	echo 0 > "$flag"
	echo "$old_io_timeout" > /sys/module/nvme_core/parameters/io_timeout
	echo "$old_queue_timeout" > /sys/block/$NS1/queue/io_timeout
}
trap restore EXIT
echo 3 > /sys/module/nvme_core/parameters/io_timeout	# passthrough, seconds
echo 3000 > /sys/block/$NS1/queue/io_timeout	# block layer, ms

# lose N: the next N completions of nvme0n1 are lost.
lose() {
	echo 0 > "$fi_dir/verbose"
	echo 1 > "$fi_dir/interval"
	echo "$1" > "$fi_dir/times"
	echo 100 > "$fi_dir/probability"
	echo 1 > "$flag"
}

wait_live() {
	local end=$((SECONDS + 60))
	until [ "$(cat /sys/class/nvme/nvme0/state)" = live ]; do
		[ "$SECONDS" -lt "$end" ] || fail "nvme0 not live 60 s after its reset"
		sleep 0.2
	done
}

# resets: the controller resets after a timeout so far (each cancels the one
# command in flight: dd and nvme-cli issue one at a time).
resets() {
	dmesg | grep -c 'timeout, reset controller'
}

fresh $NS1
# 1. Block layer: 8 reads of 4 KiB, the first one's completion lost. Its
# attempt is cancelled by the reset (and so is a retry caught by a second
# reset while the controller comes back), then retried until it succeeds:
# 8 reads, one host_aborted error per cancelled attempt.
before=$(resets)
lose 1
dd if=/dev/$NS1 of=/dev/null bs=4096 count=8 iflag=direct status=none ||
	fail "dd read failed: the retries after the reset should have succeeded"
echo 0 > "$flag"
wait_live
nr_resets=$(($(resets) - before))
cancelled=$(error_count $NS1 host_aborted read)
echo "controller resets: $nr_resets, reads cancelled: $cancelled"
expect_eq "lost completions" "$(cat "$fi_dir/times")" 0
# A reset may also find only the driver's own zone report in flight.
[ "$cancelled" -ge 1 ] && [ "$cancelled" -le "$nr_resets" ] ||
	fail "$cancelled cancelled reads for $nr_resets controller resets"
expect_zones $NS1 0:reads=8 0:read_sectors=64 0:errors="$cancelled"
expect_summary $NS1 dropped=0 errors="$cancelled"

# 2. Passthrough: never retried, so nvme-cli sees the failure.
zns_clear $NS1
before=$(resets)
lose 1
if nvme read /dev/$NS1 -s 256 -c 0 -z 4096 -d /tmp/zns-read >/dev/null 2>&1; then
	fail "nvme-cli read whose completion was lost succeeded"
fi
echo 0 > "$flag"
wait_live
# One reset for the lost completion; as in 1., a second may follow when the
# driver's own zone revalidation after it is caught (CI, debug kernel:
# "failed to revalidate zones", 2 resets). zns_stat's counts below are exact
# either way: the passthrough read is never retried.
nr_resets=$(($(resets) - before))
echo "controller resets: $nr_resets"
[ "$nr_resets" -ge 1 ] && [ "$nr_resets" -le 2 ] ||
	fail "$nr_resets controller resets for one lost completion: want 1 or 2"
nvme read /dev/$NS1 -s 256 -c 0 -z 4096 -d /tmp/zns-read >/dev/null || fail "read after the reset"
expect_zones $NS1 1:reads=1 1:read_sectors=8 1:errors=1
expect_eq "host_aborted reads" "$(error_count $NS1 host_aborted read)" 1
expect_summary $NS1 dropped=0
finish
