#!/bin/bash
# The block-layer path: dd with direct I/O, blkzone reset/open/close/finish
# and a whole-device reset (one select-all command).
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
fresh $NS2
dd_ok() { dd status=none "$@" || fail "dd $*"; }

dd_ok if=/dev/zero of=/dev/$NS1 bs=4096 count=4 oflag=direct		# zone 0: 4 writes
dd_ok if=/dev/zero of=/dev/$NS1 bs=65536 count=1 seek=16 oflag=direct	# zone 1
dd_ok if=/dev/$NS1 of=/dev/null bs=8192 count=2 iflag=direct		# zone 0: 2 reads
blkzone reset -o 2048 -c 1 /dev/$NS1 || fail "blkzone reset zone 1"
blkzone open -o 4096 -c 1 /dev/$NS1 || fail "blkzone open"
blkzone close -o 4096 -c 1 /dev/$NS1 || fail "blkzone close"
blkzone finish -o 4096 -c 1 /dev/$NS1 || fail "blkzone finish"
expect_zones $NS1 0:writes=4 0:write_sectors=32 0:reads=2 0:read_sectors=32 \
	1:writes=1 1:write_sectors=128 1:resets=1 1:reset_lat_min_ns=+ \
	1:reset_lat_max_ns=+ 1:reset_lat_sum_ns=+ 2:opens=1 2:closes=1 2:finishes=1
blkzone reset /dev/$NS1 || fail "blkzone reset all"
expect_summary $NS1 reset_all=1 resets=1 dropped=0

dd_ok if=/dev/zero of=/dev/$NS2 bs=4096 count=2 seek=256 oflag=direct	# zone 1
expect_zones $NS2 1:writes=2 1:write_sectors=16
finish
