#!/bin/bash
# Commands that time out (the block layer's fail_io_timeout: the device's
# completion is lost, CONFIG_FAIL_IO_TIMEOUT): nvme-pci aborts the command,
# times out again and resets the controller, which cancels it (status
# 0x371, host aborted). Each lost attempt counts once, as a host_aborted
# error; the block layer's retry after the reset counts as the read; a
# passthrough command is not retried and counts only its error. Nothing is
# counted twice or dropped, and zns_stat goes on counting after the reset.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/zns.sh"

require_cmd nvme
nvme_up
load_zns
fi_dir=/sys/kernel/debug/fail_io_timeout
flag=/sys/block/nvme0n1/io-timeout-fail
[ -e "$flag" ] && [ -d "$fi_dir" ] ||
	ktap_skip "this kernel has no CONFIG_FAIL_IO_TIMEOUT: no $flag"

# Short timeouts, so that a lost command costs seconds, not minutes.
old_io_timeout=$(cat /sys/module/nvme_core/parameters/io_timeout)
old_queue_timeout=$(cat /sys/block/nvme0n1/queue/io_timeout)
restore() {
	echo 0 > "$fi_dir/probability"
	echo 0 > "$flag"
	echo "$old_io_timeout" > /sys/module/nvme_core/parameters/io_timeout
	echo "$old_queue_timeout" > /sys/block/nvme0n1/queue/io_timeout
}
trap restore EXIT
echo 3 > /sys/module/nvme_core/parameters/io_timeout	# passthrough, seconds
echo 3000 > /sys/block/nvme0n1/queue/io_timeout	# block layer, ms

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

fresh nvme0n1
resets_before=$(dmesg | grep -c 'timeout, reset controller')
# 1. Block layer: 8 reads of 4 KiB, the first two completions lost.
lose 2
dd if=/dev/nvme0n1 of=/dev/null bs=4096 count=8 iflag=direct status=none ||
	fail "dd read failed: the retries after the reset should have succeeded"
echo 0 > "$flag"
wait_live
echo "controller resets: $(($(dmesg | grep -c 'timeout, reset controller') - resets_before))"
expect_eq "lost completions" "$(cat "$fi_dir/times")" 0
expect_zones nvme0n1 0:reads=8 0:read_sectors=64 0:errors=2
expect_eq "host_aborted reads" "$(error_count nvme0n1 host_aborted read)" 2
expect_summary nvme0n1 dropped=0

# 2. Passthrough: never retried, so nvme-cli sees the failure.
zns_clear nvme0n1
lose 1
if nvme read /dev/nvme0n1 -s 256 -c 0 -z 4096 -d /tmp/zns-read >/dev/null 2>&1; then
	fail "nvme-cli read whose completion was lost succeeded"
fi
echo 0 > "$flag"
wait_live
nvme read /dev/nvme0n1 -s 256 -c 0 -z 4096 -d /tmp/zns-read >/dev/null || fail "read after the reset"
expect_zones nvme0n1 1:reads=1 1:read_sectors=8 1:errors=1
expect_eq "host_aborted reads" "$(error_count nvme0n1 host_aborted read)" 1
expect_summary nvme0n1 dropped=0
finish
