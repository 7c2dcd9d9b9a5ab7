#!/bin/bash
# A namespace name that comes back with another zone geometry: on subsystem
# zns-geo, nsid 1 (512 B LBAs, 8 zones of 2 MiB) is detached and nsid 2
# (4096 B LBAs, 32 zones of 1 MiB) attached in its place; the kernel gives
# it the name nvmeXn1 again when the old head's instance is free, another
# nvmeXnY otherwise (the test says which). Then back to nsid 1. Each time
# the namespace gets a table of its own geometry, with nothing of the old
# counters (a new instance, generation 0, in its summary), and counts exactly.
. "${0%/*}/lib-multi.sh"

require_cmd nvme
multi_up
load_zns
geo=$(subsys_dir zns-geo) || fail "no subsystem zns-geo"
ctrl=
for c in "$geo"/nvme*; do [[ ${c##*/} =~ ^nvme[0-9]+$ ]] && ctrl=${c##*/}; done
[ -n "$ctrl" ] && [ -e "/dev/$ctrl" ] || fail "no controller in $geo"
cntlid=$(cat "/sys/class/nvme/$ctrl/cntlid")
echo "subsystem ${geo##*/}, controller $ctrl (cntlid $cntlid)"

# geo_disk LBA_BYTES NR_ZONES: the subsystem's namespace disk of that
# geometry, once it has a device node (up to 60 s).
geo_disk() {
	local b end=$((SECONDS + 60))
	while [ $SECONDS -lt $end ]; do
		for b in "$geo"/nvme*n*; do
			[ "$(cat "$b/queue/logical_block_size" 2>/dev/null)" = "$1" ] &&
				[ "$(cat "$b/queue/nr_zones" 2>/dev/null)" = "$2" ] &&
				[ -b "/dev/${b##*/}" ] && echo "${b##*/}" && return 0
		done
		sleep 0.2
	done
	fail "no namespace with $1-byte LBAs and $2 zones in ${geo##*/} after 60 s"
}

# swap OLD_NSID NEW_NSID: detach one namespace, attach the other.
swap() {
	nvme detach-ns "/dev/$ctrl" -n "$1" -c "$cntlid" >/dev/null || fail "detach nsid $1"
	nvme attach-ns "/dev/$ctrl" -n "$2" -c "$cntlid" >/dev/null || fail "attach nsid $2"
	nvme ns-rescan "/dev/$ctrl" || fail "ns-rescan $ctrl"
}

# check_fresh DISK ZONES ZONE_SECTORS LBA_BYTES: the new table, and only
# the kernel's own reads of the new namespace (if any) counted in it.
check_fresh() {
	local reads sectors
	wait_tracked "$1"
	read -r reads _ sectors _ <"/sys/block/$1/stat"
	expect_summary "$1" nr_zones="$2" zone_sectors="$3" lba_bytes="$4" \
		writes=0 resets=0 errors=0 dropped=0 reads="$reads" read_sectors="$sectors"
}

d4k=$(data_file 4096)
old=$(geo_disk 512 8)
fresh "$old"
for i in 0 1 2; do
	nvme write "/dev/$old" -s $((5 * 4096 + i * 8)) -c 7 -z 4096 -d "$d4k" >/dev/null || fail "write $old"
done
ZONE_SECTORS=4096 expect_zones "$old" 5:writes=3 5:write_sectors=24
inst=$(summary_value "$old" instance)

swap 1 2
new=$(geo_disk 4096 32)
echo "nsid 2 came back as $new ($([ "$new" = "$old" ] && echo "the same name" || echo "a new name"))"
dmesg | grep -F "zns_stat: $old:" | tail -n 3	# the old table's end, for the log
blkzone report -c 1 "/dev/$new" >/dev/null || fail "blkzone report $new"
check_fresh "$new" 32 2048 4096
expect_summary "$new" generation=0
[ "$(summary_value "$new" instance)" != "$inst" ] || fail "$new kept instance $inst of the old geometry"
[ "$new" = "$old" ] || expect_eq "$old directory after detach" \
	"$([ -e "$ZNS_DEBUGFS/$old" ] && echo present || echo gone)" gone
blkzone reset "/dev/$new" || fail "blkzone reset $new"
zns_clear "$new"
nvme write "/dev/$new" -s $((20 * 256)) -c 1 -z 8192 -d "$(data_file 8192)" >/dev/null || fail "write $new"
ZONE_SECTORS=2048 expect_zones "$new" 20:writes=1 20:write_sectors=16

swap 2 1
back=$(geo_disk 512 8)
echo "nsid 1 came back as $back"
blkzone report -c 1 "/dev/$back" >/dev/null || fail "blkzone report $back"
# Its zone 5 holds the data written above, but not the counts.
check_fresh "$back" 8 4096 512
nvme write "/dev/$back" -s $((5 * 4096 + 24)) -c 7 -z 4096 -d "$d4k" >/dev/null || fail "write $back"
zns_clear "$back"
nvme write "/dev/$back" -s $((5 * 4096 + 32)) -c 7 -z 4096 -d "$d4k" >/dev/null || fail "write $back"
ZONE_SECTORS=4096 expect_zones "$back" 5:writes=1 5:write_sectors=8
finish
