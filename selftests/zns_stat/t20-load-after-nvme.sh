#!/bin/bash
# zns_stat loaded after nvme on an idle namespace: the very first command,
# issued before zns_stat has a zone table for it, is counted exactly.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/zns.sh"

unload_zns
nvme_up
blkzone reset /dev/nvme0n1 || fail "blkzone reset"
load_zns
expect_eq "attached" "$(status_value attached)" 1
[ -e "$ZNS_DEBUGFS/nvme0n1" ] && fail "nvme0n1 tracked before any command"

# One write of two 4 KiB blocks into zone 3 is the first command zns_stat sees.
nvme write /dev/nvme0n1 -s $((3 * 256)) -c 1 -z 8192 -d "$(data_file 8192)" >/dev/null ||
	fail "nvme write"
wait_tracked nvme0n1
expect_zones nvme0n1 3:writes=1 3:write_sectors=16
expect_summary nvme0n1 dropped=0 writes=1 write_sectors=16
expect_eq "dropped_untracked" "$(status_value dropped_untracked)" 0
finish
