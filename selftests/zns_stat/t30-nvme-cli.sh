#!/bin/bash
# Passthrough: the seed README's nvme-cli commands (write, zone-append, read,
# reset-zone, reset-zone -a) plus open/close/finish, on 4096 B and 512 B LBAs.
# Every counter of every zone is compared exactly.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
fresh $NS2
d4k=$(data_file 4096)
d8k=$(data_file 8192)
d12k=$(data_file 12288)
run() { "$@" >/dev/null || fail "$*"; }

# nvme0n1: 4096 B LBAs, 256 LBAs (2048 sectors) per zone.
run nvme write /dev/$NS1 -s 0 -c 1 -z 8192 -d "$d8k"		# zone 0, 2 LBAs
run nvme write /dev/$NS1 -s 2 -c 0 -z 4096 -d "$d4k"		# zone 0, at the wp
run nvme zns zone-append /dev/$NS1 -s 256 -z 4096 -d "$d4k"	# zone 1
run nvme zns zone-append /dev/$NS1 -s 256 -z 8192 -d "$d8k"	# zone 1
run nvme read /dev/$NS1 -s 0 -c 2 -z 12288 -d /tmp/zns-read	# zone 0, 3 LBAs
run nvme zns reset-zone /dev/$NS1 -s 256			# zone 1
run nvme zns open-zone /dev/$NS1 -s 512			# zone 2
run nvme zns close-zone /dev/$NS1 -s 512
run nvme zns finish-zone /dev/$NS1 -s 512
run nvme zns reset-zone /dev/$NS1 -s 512			# zone 2, finished
expect_zones $NS1 0:writes=2 0:write_sectors=24 0:reads=1 0:read_sectors=24 \
	1:appends=2 1:append_sectors=24 1:resets=1 1:reset_lat_min_ns=+ \
	1:reset_lat_max_ns=+ 1:reset_lat_sum_ns=+ \
	2:opens=1 2:closes=1 2:finishes=1 2:resets=1 2:reset_lat_min_ns=+ \
	2:reset_lat_max_ns=+ 2:reset_lat_sum_ns=+
expect_summary $NS1 reset_all=0 writes=2 appends=2 reads=1 resets=2 dropped=0

# Select-all reset: once in reset_all, in no zone's resets.
run nvme zns reset-zone /dev/$NS1 -a
expect_summary $NS1 reset_all=1 resets=2

# 512 B LBAs: the same data is the same number of sectors. On this namespace
# reads may cross zones (zoned.cross_read): sectors count in each zone, the
# command in the first.
run nvme write /dev/$NS2 -s 0 -c 7 -z 4096 -d "$d4k"			# zone 0
run nvme zns zone-append /dev/$NS2 -s 4096 -z 1024 -d "$(data_file 1024)"	# zone 2
run nvme read /dev/$NS2 -s 2040 -c 15 -z 8192 -d /tmp/zns-read	# zones 0 and 1
run nvme zns reset-zone /dev/$NS2 -s 4096				# zone 2
expect_zones $NS2 0:writes=1 0:write_sectors=8 0:reads=1 0:read_sectors=8 \
	1:read_sectors=8 2:appends=1 2:append_sectors=2 2:resets=1 \
	2:reset_lat_min_ns=+ 2:reset_lat_max_ns=+ 2:reset_lat_sum_ns=+
expect_summary $NS2 reads=1 read_sectors=16 dropped=0 errors=0
finish
