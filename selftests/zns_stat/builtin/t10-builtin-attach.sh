#!/bin/bash
# nvme_core and nvme built into the kernel (guest/debug-kernel.sh --builtin): zns_stat
# finds nvme_core's tracepoints among the kernel's own at load, counts an nvme-cli
# write and a blkzone reset exactly, and counts a namespace that comes back after a
# PCI remove and rescan afresh and exactly.
# shellcheck source-path=SCRIPTDIR/.. source=../lib.sh
. "${0%/*}/../lib.sh"
# shellcheck source=../zns.sh
. "${0%/*}/../zns.sh"

[ -d /sys/module/nvme_core ] && [ ! -e /sys/module/nvme_core/initstate ] ||
	fail "nvme_core is not built into this kernel ($(uname -r)): boot guest/debug-kernel.sh --builtin"
require_cmd nvme
require_cmd blkzone

# Built in, the controller was probed at boot, long before zns_stat.
unload_zns
nvme_up
load_zns
expect_eq "attached" "$(status_value attached)" 1
expect_eq "$NS1 tracked before any command" \
	"$([ -e "$ZNS_DEBUGFS/$NS1" ] && echo yes || echo no)" no

d8k=$(data_file 8192)
# The first command zns_stat sees: two 4 KiB blocks into zone 3. Then a reset of zone 3.
nvme write /dev/$NS1 -s $((3 * 256)) -c 1 -z 8192 -d "$d8k" >/dev/null || fail "nvme write"
wait_tracked $NS1
blkzone reset -o $((3 * ZONE_SECTORS)) -c 1 /dev/$NS1 || fail "blkzone reset zone 3"
expect_zones $NS1 3:writes=1 3:write_sectors=16 3:resets=1 3:reset_lat_min_ns=+ \
	3:reset_lat_max_ns=+ 3:reset_lat_sum_ns=+
expect_summary $NS1 writes=1 write_sectors=16 resets=1 reset_all=0 dropped=0

# The controller leaves (PCI remove) and comes back (rescan): new namespaces, counted
# from their first command, nothing carried over from the old ones.
bdf=$(basename "$(readlink -f /sys/class/nvme/nvme0/device)")
[ -e "/sys/bus/pci/devices/$bdf/remove" ] || fail "no PCI device behind nvme0 ($bdf)"
echo "removing PCI device $bdf"
echo 1 > "/sys/bus/pci/devices/$bdf/remove" || fail "PCI remove $bdf"
end=$((SECONDS + 30))
while [ -e /dev/$NS1 ] || [ -e /sys/block/$NS1 ]; do
	[ "$SECONDS" -lt "$end" ] || fail "$NS1 still there 30 s after the PCI remove"
	sleep 0.1
done
expect_eq "attached after the PCI remove" "$(status_value attached)" 1
echo 1 > /sys/bus/pci/rescan || fail "PCI rescan"
find_namespaces
expect_eq "$NS1 zoned after the rescan" "$(cat /sys/block/$NS1/queue/zoned)" host-managed

nvme write /dev/$NS1 -s $((5 * 256)) -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null ||
	fail "nvme write after the rescan"
# Until the new namespace's first command is counted, the old table may still show.
end=$((SECONDS + 10))
until [ "$(summary_value $NS1 writes 2>/dev/null)" = 1 ] &&
      [ "$(summary_value $NS1 resets 2>/dev/null)" = 0 ]; do
	[ "$SECONDS" -lt "$end" ] || break
	sleep 0.1
done
blkzone reset -o $((5 * ZONE_SECTORS)) -c 1 /dev/$NS1 || fail "blkzone reset zone 5"
expect_zones $NS1 5:writes=1 5:write_sectors=8 5:resets=1 5:reset_lat_min_ns=+ \
	5:reset_lat_max_ns=+ 5:reset_lat_sum_ns=+
expect_summary $NS1 writes=1 write_sectors=8 resets=1 reset_all=0 dropped=0
expect_eq "dropped_untracked" "$(status_value dropped_untracked)" 0
finish
