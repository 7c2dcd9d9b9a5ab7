#!/bin/bash
# Who fills each zone, on nvme0n2 (512 B LBAs, 2048-sector zones): commands
# of two cgroups (cgroup2, io controller) and of the root cgroup by direct
# I/O, passthrough (with data: the submitter's on 6.1, none on 6.12;
# without data: "unattributed"), a reset by another cgroup. The "cgroups"
# file's counts per cgroup are exact; each zone's owner_cgroup is its
# writer's id (the inode of its cgroup directory), "mixed" for a zone two
# cgroups wrote, none after a reset. Buffered writes written back by a sync
# from the root count for the cgroup that dirtied them (cgroup writeback).
# With cgroup_slots=1 the second cgroup counts in "other", totals exact;
# bad cgroup_slots values are refused and change nothing.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd nvme blkzone dd stat
nvme_up
load_zns
fresh $NS2
D=$NS2
CG=$ZNS_CGROUP
MIXED=18446744073709551615
OTHER=18446744073709551613
PARAM=/sys/module/zns_stat/parameters/cgroup_slots

cgroups_make zns_a zns_b
trap 'rmdir $CG/zns_a $CG/zns_b 2>/dev/null; echo 32 >$PARAM' EXIT
id_a=$(stat -c %i $CG/zns_a)
id_b=$(stat -c %i $CG/zns_b)
id_root=$(stat -c %i $CG)
case $(uname -r) in
6.1.*) pt_charged=1 pt_owner=$id_a ;;
*) pt_charged=0 pt_owner=18446744073709551614 ;;	# unattributed
esac
expect_eq "root cgroup id" "$id_root" 1

write_at() {	# write_at CGROUP ZONE SECTORS OFFSET_SECTORS: one O_DIRECT dd
	in_cgroup "$1" dd if="$(data_file $(($3 * 512)))" of=/dev/$D bs=$(($3 * 512)) \
		count=1 seek=$((($2 * ZONE_SECTORS + $4) * 512)) oflag=direct,seek_bytes
}

write_at zns_a 0 8 0
write_at zns_a 0 8 8
write_at zns_a 0 8 16
write_at zns_b 1 8 0
write_at zns_b 1 8 8
write_at zns_a 2 8 0
write_at zns_b 2 8 8
write_at "" 3 16 0
# passthrough with data, through the block device or the generic char
# device: on 6.1 the submitter's (nvme_core gives its bio the disk, which
# charges it to the submitter's cgroup), on 6.12 no cgroup's (the bio has
# no blkg: seen, both nodes); without data (no bio): no cgroup's
in_cgroup zns_a nvme write /dev/$D -s $((5 * ZONE_SECTORS)) -c 7 -z 4096 -d "$(data_file 4096)"
in_cgroup zns_a nvme write /dev/ng${D#nvme} -s $((4 * ZONE_SECTORS)) -c 7 -z 4096 \
	-d "$(data_file 4096)"
in_cgroup zns_b nvme zns reset-zone /dev/$D -s $((6 * ZONE_SECTORS))
in_cgroup zns_a blkzone reset -o $ZONE_SECTORS -c 1 /dev/$D
in_cgroup zns_b dd if=/dev/$D of=/dev/null bs=4096 count=1 iflag=direct

cat "$ZNS_DEBUGFS/$D/cgroups"
expect_eq "zns_a writes" "$(cgroup_field /zns_a write_commands)" $((4 + pt_charged * 2))
expect_eq "zns_a write sectors" "$(cgroup_field /zns_a write_sectors)" $((32 + pt_charged * 16))
expect_eq "zns_a resets" "$(cgroup_field /zns_a reset_commands)" 1
expect_eq "zns_a zones owned (zone 0; 4, 5 if charged)" "$(cgroup_field /zns_a zones_owned)" $((1 + pt_charged * 2))
expect_eq "zns_a id" "$(cgroup_field /zns_a id)" "$id_a"
expect_eq "zns_b writes" "$(cgroup_field /zns_b write_commands)" 3
expect_eq "zns_b write sectors" "$(cgroup_field /zns_b write_sectors)" 24
expect_eq "zns_b reads" "$(cgroup_field /zns_b read_commands)" 1
expect_eq "zns_b read sectors" "$(cgroup_field /zns_b read_sectors)" 8
expect_eq "zns_b zones owned (zone 1 reset, zone 2 mixed)" "$(cgroup_field /zns_b zones_owned)" 0
expect_eq "zns_b id" "$(cgroup_field /zns_b id)" "$id_b"
expect_eq "root writes" "$(cgroup_field / write_commands)" 1
expect_eq "root write sectors" "$(cgroup_field / write_sectors)" 16
expect_eq "root zones owned" "$(cgroup_field / zones_owned)" 1
expect_eq "unattributed writes" "$(cgroup_field "(unattributed)" write_commands)" $((2 - pt_charged * 2))
expect_eq "unattributed zones owned" "$(cgroup_field "(unattributed)" zones_owned)" $((2 - pt_charged * 2))
expect_eq "unattributed resets (passthrough, no data)" "$(cgroup_field "(unattributed)" reset_commands)" 1
expect_eq "zns_b resets" "$(cgroup_field /zns_b reset_commands)" 0
expect_eq "mixed zones" "$(cgroup_field "(mixed)" zones_owned)" 1
expect_eq "other writes" "$(cgroup_field "(other)" write_commands)" 0

expect_eq "zone 0 owner" "$(zone_col 0 owner_cgroup)" "$id_a"
expect_eq "zone 1 owner (reset)" "$(zone_col 1 owner_cgroup)" 0
expect_eq "zone 2 owner" "$(zone_col 2 owner_cgroup)" $MIXED
expect_eq "zone 3 owner" "$(zone_col 3 owner_cgroup)" 1
expect_eq "zone 4 owner" "$(zone_col 4 owner_cgroup)" "$pt_owner"
expect_eq "zone 5 owner" "$(zone_col 5 owner_cgroup)" "$pt_owner"
expect_eq "zone 6 owner" "$(zone_col 6 owner_cgroup)" 0
expect_eq "zone 3 root sectors" "$(zone_col 3 root_written_sectors)" 16
expect_eq "zone 0 root sectors" "$(zone_col 0 root_written_sectors)" 0
expect_eq "root sectors in summary" "$(summary_value $D root_written_sectors)" 16

# The tool reads the same: zns-stat cgroups (CSV: the file's numbers) and
# the zone table's owner by cgroup path.
csv=$("$ZNS_TOOL" cgroups $D -o csv) || fail "zns-stat cgroups $D -o csv"
tcsv() {	# tcsv PATH FIELD: of zns-stat cgroups' CSV
	awk -F, -v p="$1" -v f="$2" 'NR == 1 { for (i = 1; i <= NF; i++) n[$i] = i; next }
		$n["path"] == p { print $n[f] }' <<<"$csv"
}
expect_eq "zns-stat cgroups: /zns_a writes" "$(tcsv /zns_a write_commands)" "$(cgroup_field /zns_a write_commands)"
expect_eq "zns-stat cgroups: /zns_b read sectors" "$(tcsv /zns_b read_sectors)" 8
expect_eq "zns-stat cgroups: (mixed) zones" "$(tcsv "(mixed)" zones_owned)" 1
"$ZNS_TOOL" cgroups $D || fail "zns-stat cgroups $D"
owners=$("$ZNS_TOOL" $D -a -r --columns zone,owner_cgroup) ||
	fail "zns-stat --columns zone,owner_cgroup"
echo "$owners"
# (-r: the disk first, as lsblk -r has NAME; a zone without an owner: none)
expect_eq "zns-stat: zone 0's owner" "$(awk '$2 == 0 { print $3 }' <<<"$owners")" /zns_a
expect_eq "zns-stat: zone 2's owner" "$(awk '$2 == 2 { print $3 }' <<<"$owners")" mixed
expect_eq "zns-stat: zone 1's owner" "$(awk '$2 == 1 { print $3 }' <<<"$owners")" none

# Buffered writes, written back by sync from the root cgroup: cgroup
# writeback charges them to the cgroup that dirtied the pages.
before=$(cgroup_field /zns_b write_sectors)
in_cgroup zns_b dd if="$(data_file 65536)" of=/dev/$D bs=64k count=1 \
	seek=$((7 * ZONE_SECTORS * 512)) oflag=seek_bytes
sync
expect_eq "written back: zns_b's sectors" "$(($(cgroup_field /zns_b write_sectors) - before))" 128
expect_eq "written back: zone 7 owner" "$(zone_col 7 owner_cgroup)" "$id_b"
expect_eq "written back: root sectors in zone 7" "$(zone_col 7 root_written_sectors)" 0

# A full table: the second cgroup counts in "other", nothing is lost.
for bad in 0 1025 x -1; do
	if echo "$bad" >$PARAM 2>/dev/null; then
		fail "cgroup_slots accepted $bad"
	fi
done
expect_eq "cgroup_slots after bad values" "$(cat $PARAM)" 32
echo 1 >$PARAM || fail "cgroup_slots=1 refused"
blkzone reset /dev/$D || fail "blkzone reset"
zns_clear $D
write_at zns_a 5 8 0
write_at zns_b 6 8 0
write_at zns_b 6 8 8
cat "$ZNS_DEBUGFS/$D/cgroups"
expect_eq "one slot: zns_a writes" "$(cgroup_field /zns_a write_commands)" 1
expect_eq "one slot: no row for zns_b" "$(cgroup_field /zns_b write_commands)" ""
expect_eq "one slot: other writes" "$(cgroup_field "(other)" write_commands)" 2
expect_eq "one slot: other sectors" "$(cgroup_field "(other)" write_sectors)" 16
expect_eq "one slot: zone 6 owner" "$(zone_col 6 owner_cgroup)" $OTHER
expect_eq "one slot: zone 5 owner" "$(zone_col 5 owner_cgroup)" "$id_a"
expect_eq "one slot: summary writes" "$(summary_value $D writes)" 3
finish
