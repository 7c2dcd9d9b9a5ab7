#!/bin/bash
# zns_stat loaded after nvme on an idle namespace: the very first command,
# issued before zns_stat has a zone table for it, is counted exactly.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

unload_zns
nvme_up
blkzone reset /dev/$NS1 || fail "blkzone reset"
load_zns
expect_eq "attached" "$(status_value attached)" 1
[ -e "$ZNS_DEBUGFS/$NS1" ] && fail "$NS1 tracked before any command"

# One write of two 4 KiB blocks into zone 3 is the first command zns_stat sees.
nvme write /dev/$NS1 -s $((3 * 256)) -c 1 -z 8192 -d "$(data_file 8192)" >/dev/null ||
	fail "nvme write"
wait_tracked $NS1
expect_zones $NS1 3:writes=1 3:write_sectors=16
expect_summary $NS1 dropped=0 writes=1 write_sectors=16
expect_eq "dropped_untracked" "$(status_value dropped_untracked)" 0
finish
