#!/bin/bash
# Multipath: a zoned namespace shared by two controllers of one subsystem.
# Statistics appear under the head's name (as in /sys/block), both paths
# count, with round-robin I/O nothing is counted twice or lost.
. "${0%/*}/lib-multi.sh"

multi_up
load_zns
ZONE_SECTORS=4096	# 2 MiB zones
# The head's device lives under its subsystem, which holds the I/O policy.
subsys=$(dirname "$(readlink -f "/sys/block/$head_disk")")
echo round-robin > "$subsys/iopolicy" || fail "iopolicy round-robin ($subsys)"
fresh "$head_disk"
writes_before() { awk '{ print $5 }' "/sys/block/$1/stat"; }
paths=$(cd /sys/block && echo "${head_disk%n*}"c*n"${head_disk##*n}")
declare -A before
for p in $paths; do before[$p]=$(writes_before "$p"); done

dd if=/dev/zero of="/dev/$head_disk" bs=4096 count=20 oflag=direct status=none || fail "dd 20 writes"
for p in $paths; do
	n=$(($(writes_before "$p") - before[$p]))
	echo "$p carried $n writes"
	[ "$n" -gt 0 ] || fail "path $p carried no write: round-robin not in effect"
	expect_eq "directory for path $p" "$([ -e "$ZNS_DEBUGFS/$p" ] && echo yes || echo no)" no
done
expect_zones "$head_disk" 0:writes=20 0:write_sectors=160
expect_summary "$head_disk" paths=2 writes=20 dropped=0
finish
