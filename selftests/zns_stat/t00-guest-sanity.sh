#!/bin/bash
# t00: the guest has the devices that selftests/guest/vm.sh promises, and the NVMe
# driver loads and unloads cleanly (no zns_stat involved).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"

require_cmd blkzone
require_cmd nvme
[ ! -e /sys/module/nvme/initstate ] || fail "nvme is loaded at boot; tests must control that"

load_nvme
for d in nvme0n1 nvme0n2 nvme0n3; do
	wait_for_block "$d"
done

expect_eq "nvme0n1 zoned" "$(cat /sys/block/nvme0n1/queue/zoned)" host-managed
expect_eq "nvme0n2 zoned" "$(cat /sys/block/nvme0n2/queue/zoned)" host-managed
expect_eq "nvme0n3 zoned" "$(cat /sys/block/nvme0n3/queue/zoned)" none
expect_eq "nvme0n1 logical_block_size" "$(cat /sys/block/nvme0n1/queue/logical_block_size)" 4096
expect_eq "nvme0n2 logical_block_size" "$(cat /sys/block/nvme0n2/queue/logical_block_size)" 512
expect_eq "nvme0n3 logical_block_size" "$(cat /sys/block/nvme0n3/queue/logical_block_size)" 512
expect_eq "nvme0n1 zones (blkzone report)" "$(blkzone report /dev/nvme0n1 | wc -l)" 16
expect_eq "nvme0n2 zones (blkzone report)" "$(blkzone report /dev/nvme0n2 | wc -l)" 8

# nvme-cli's own ZNS path: Report Zones through the admin/IO passthrough.
report=$(nvme zns report-zones /dev/nvme0n2) || fail "nvme zns report-zones /dev/nvme0n2 failed"
echo "$report" | head -n 3
expect_eq "nvme0n2 nr_zones (nvme zns)" "$(sed -n 's/^nr_zones: *\([0-9]*\).*/\1/p' <<<"$report")" 8

unload_nvme
expect_eq "nvme unloaded" "$([ -e /sys/module/nvme ] && echo no || echo yes)" yes
expect_eq "nvme_core unloaded" "$([ -e /sys/module/nvme_core ] && echo no || echo yes)" yes
finish
