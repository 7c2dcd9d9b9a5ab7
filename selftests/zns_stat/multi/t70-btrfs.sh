#!/bin/bash
# A btrfs in zoned mode on the 64-zone namespace of controller btr0 (4096 B
# LBAs, zones of 4 MiB = 8192 sectors): whose data fills each zone when a
# file system places it and relocates it. Cgroup zns_a writes 4 MiB by
# direct I/O, zns_b 2 MiB buffered (written back by a sync from the root:
# cgroup writeback charges zns_b); the file system's metadata is the root
# cgroup's. Then f1 is removed and a balance from the root cgroup relocates
# every data block group: its copies are the root cgroup's (kernel I/O),
# zns_a's and zns_b's counts do not move, the zones holding the copies are
# owned by the root with root_written_sectors = their written sectors, and
# the old data zones are reset. A balance started from a cgroup (zns_b) is
# charged to it: relocation is charged to whoever starts it.
. "${0%/*}/lib-multi.sh"
. "${0%/*}/../witness.sh"

require_cmd mkfs.btrfs btrfs blkid
nvme_up
load_zns
D=
for b in /sys/block/nvme*n*; do
	[ "$(cat "$b/queue/nr_zones" 2>/dev/null)" = 64 ] && D=${b##*/}
done
[ -n "$D" ] || fail "no 64-zone namespace (multi-devices.sh's btr0)"
"$ZNS_KMOD_SH" load btrfs >/dev/null || fail "cannot load btrfs"
echo "btrfs namespace: $D"
fresh $D
CG=$ZNS_CGROUP
M=$(mktemp -d)
cgroups_make zns_a zns_b
trap 'umount $M 2>/dev/null; rmdir $CG/zns_a $CG/zns_b 2>/dev/null' EXIT
id_a=$(stat -c %i $CG/zns_a)
id_b=$(stat -c %i $CG/zns_b)

mkfs.btrfs -q -f -O zoned /dev/$D >/dev/null || fail "mkfs.btrfs -O zoned"
mount -t btrfs /dev/$D $M || fail "mount"

# written PATH: the cgroup's written sectors (writes + appends: btrfs
# appends new data, writes metadata and relocated data); owned OWNER COLUMN: COLUMN summed over the
# zones owned by cgroup id OWNER (host_written_sectors: since the last reset)
written() { echo $(($(cgroup_field "$1" write_sectors) + $(cgroup_field "$1" append_sectors))); }
owned() {
	awk -v o="$1" -v c="$2" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		$n["owner_cgroup"] == o { s += $n[c] } END { print s + 0 }' "$ZNS_DEBUGFS/$D/zones"
}
row() { awk -v p="$1" '$2 == p' "$ZNS_DEBUGFS/$D/cgroups"; }

in_cgroup zns_a dd if=/dev/urandom of=$M/f1 bs=1M count=3 oflag=direct
in_cgroup zns_a dd if=/dev/urandom of=$M/f2 bs=1M count=1 oflag=direct
in_cgroup zns_b dd if=/dev/urandom of=$M/f3 bs=1M count=2
sync
cat "$ZNS_DEBUGFS/$D/cgroups"
expect_eq "zns_a written sectors (4 MiB, direct)" "$(written /zns_a)" 8192
expect_eq "zns_a appends its data" "$(cgroup_field /zns_a append_sectors)" 8192
expect_eq "zns_b written sectors (2 MiB, written back)" "$(written /zns_b)" 4096
expect_eq "sectors in zns_a's zones" "$(owned "$id_a" host_written_sectors)" 8192
expect_eq "sectors in zns_b's zones" "$(owned "$id_b" host_written_sectors)" 4096
root_meta=$(written /)
[ "$root_meta" -gt 0 ] || fail "no metadata write charged to the root cgroup"
expect_eq "root cgroup's writes = root_written_sectors summed over zones" \
	"$(awk 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		{ s += $n["root_written_sectors"] } END { print s + 0 }' "$ZNS_DEBUGFS/$D/zones")" \
	"$root_meta"
a_before=$(row /zns_a | cut -d" " -f1-30)
b_before=$(row /zns_b | cut -d" " -f1-30)

# Relocation from the root cgroup: 3 MiB of live data (f2, f3) copied.
rm $M/f1
sync
root_before=$(written /)
resets_before=$(cgroup_field / reset_commands)
btrfs balance start -dusage=100 $M >/dev/null || fail "btrfs balance"
sync
cat "$ZNS_DEBUGFS/$D/cgroups"
expect_eq "zns_a unchanged by the relocation" "$(row /zns_a | cut -d" " -f1-30)" "$a_before"
expect_eq "zns_b unchanged by the relocation" "$(row /zns_b | cut -d" " -f1-30)" "$b_before"
copied=$(($(written /) - root_before))
echo "relocation: $copied sectors written by the root cgroup"
[ "$copied" -ge 6144 ] || fail "relocation wrote $copied sectors as the root's, below the 6144 live"
[ "$(cgroup_field / reset_commands)" -gt "$resets_before" ] || fail "no zone reset by the relocation"
expect_eq "zones owned by zns_a after relocation (reset)" "$(cgroup_field /zns_a zones_owned)" 0
expect_eq "zones owned by zns_b after relocation (reset)" "$(cgroup_field /zns_b zones_owned)" 0
[ "$(owned 1 host_written_sectors)" -ge 6144 ] || fail "the relocated data is not in root-owned zones"
expect_eq "mixed zones" "$(cgroup_field '(mixed)' zones_owned)" 0

# Relocation started from a cgroup is that cgroup's.
b_written=$(written /zns_b)
in_cgroup zns_b btrfs balance start -dusage=100 $M
sync
cat "$ZNS_DEBUGFS/$D/cgroups"
moved=$(($(written /zns_b) - b_written))
echo "relocation from zns_b: $moved sectors charged to zns_b"
[ "$moved" -ge 6144 ] || fail "a balance from zns_b wrote $moved sectors as zns_b's, below 6144"
[ "$(owned "$id_b" host_written_sectors)" -ge 6144 ] || fail "the data zns_b relocated is not in zns_b's zones"
expect_eq "zns_a still unchanged" "$(row /zns_a | cut -d" " -f1-30)" "$a_before"
umount $M || fail "umount"

# With outcomes from the block layer (status_source=block): btrfs's data
# goes as zone appends that land away from their zone's start, and every
# zone's counts must agree with nvme_core's trace and block_rq_complete
# (witness.sh), as they do with nvme_core's outcomes (t41).
unload_zns
insmod "$ZNS_KO" status_source=block || fail "insmod status_source=block"
fresh $D
T=$(mktemp -d)
witness_start
mkfs.btrfs -q -f -O zoned /dev/$D >/dev/null || fail "mkfs.btrfs -O zoned (block outcomes)"
mount -t btrfs /dev/$D $M || fail "mount (block outcomes)"
dd if=/dev/urandom of=$M/g1 bs=1M count=3 oflag=direct status=none || fail "write g1"
dd if=/dev/urandom of=$M/g2 bs=64k count=20 status=none || fail "write g2"
sync
umount $M || fail "umount (block outcomes)"
witness_stop "$T/trace"
witness_compare "block outcomes, btrfs" $D "$T/trace"
n=$(witness_appends_inside $D "$T/trace")
echo "block outcomes: $n of btrfs's appends landed inside their zone"
[ "$n" -gt 0 ] || fail "no block-layer append away from a zone start"
rm -rf "$T"
unload_zns	# the next test loads zns_stat with nvme_core's outcomes
load_zns
finish
