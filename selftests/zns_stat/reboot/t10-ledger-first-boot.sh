#!/bin/bash
# The ledger across a guest reboot, first boot. check.sh's reboot suite boots
# reboot/t10 and then reboot/t20 on the same images (ZNS_IMAGE_DIR): the
# state is on namespace 3 (ext4), the disk that survives. Here: writes and
# resets in zone 2, a fold, a clear, the same again and a fold; the
# second boot adds its own and checks the lifetime totals.
. "${0%/*}/../lib.sh"
. "${0%/*}/../zns.sh"
. "${0%/*}/lib-reboot.sh"

require_cmd mkfs.ext4
nvme_up
load_zns
mkfs.ext4 -q -F /dev/$NS3 || fail "mkfs.ext4 /dev/$NS3"
mount_state
fresh $NS1
zone2_write_reset
fold
zns_clear $NS1
zone2_write_reset
fold
D=$NS1
expect_eq "zone 2's writes and resets in the module (since the clear)" \
	"$(zone_col 2 writes) $(zone_col 2 resets)" "1 1"
expect_eq "zone 2's lifetime writes, write_sectors, resets" \
	"$(lifetime 2 writes) $(lifetime 2 write_sectors) $(lifetime 2 resets)" "2 16 2"
umount "$STATE_MNT" || fail "umount $STATE_MNT"
finish
