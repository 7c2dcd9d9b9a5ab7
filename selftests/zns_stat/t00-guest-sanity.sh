#!/bin/bash
# t00: the guest has the devices that selftests/guest/vm.sh promises, and the NVMe
# driver loads and unloads cleanly (no zns_stat involved).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "${0%/*}/lib.sh"

require_cmd blkzone
require_cmd nvme
[ ! -e /sys/module/nvme/initstate ] || fail "nvme is loaded at boot; tests must control that"

load_nvme
find_namespaces

expect_eq "$NS1 zoned" "$(cat /sys/block/$NS1/queue/zoned)" host-managed
expect_eq "$NS2 zoned" "$(cat /sys/block/$NS2/queue/zoned)" host-managed
expect_eq "$NS3 zoned" "$(cat /sys/block/$NS3/queue/zoned)" none
expect_eq "$NS1 logical_block_size" "$(cat /sys/block/$NS1/queue/logical_block_size)" 4096
expect_eq "$NS2 logical_block_size" "$(cat /sys/block/$NS2/queue/logical_block_size)" 512
expect_eq "$NS3 logical_block_size" "$(cat /sys/block/$NS3/queue/logical_block_size)" 512
expect_eq "$NS1 zones (blkzone report)" "$(blkzone report /dev/$NS1 | wc -l)" 16
expect_eq "$NS2 zones (blkzone report)" "$(blkzone report /dev/$NS2 | wc -l)" 8

# nvme-cli's own ZNS path: Report Zones through the admin/IO passthrough.
report=$(nvme zns report-zones /dev/$NS2) || fail "nvme zns report-zones /dev/$NS2 failed"
echo "$report" | head -n 3
expect_eq "$NS2 nr_zones (nvme zns)" "$(sed -n 's/^nr_zones: *\([0-9]*\).*/\1/p' <<<"$report")" 8

unload_nvme
expect_eq "nvme unloaded" "$([ -e /sys/module/nvme ] && echo no || echo yes)" yes
expect_eq "nvme_core unloaded" "$([ -e /sys/module/nvme_core ] && echo no || echo yes)" yes
finish
