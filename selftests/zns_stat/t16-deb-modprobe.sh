#!/bin/bash
# The module of the Debian package zns-stat-dkms, loaded as users load it: make
# check's host checks (deb-checks.sh) installed make deb's packages with apt in a
# bookworm root, where dkms built zns_stat for this kernel, and copied that root's
# module tree to build/deb-root/KVER/root: "modprobe zns_stat" from there.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/zns.sh"

kver=$(uname -r)
root=${ZNS_DEB_ROOT:-$ZNS_SRC/build/deb-root/$kver/root}
[ -e "$root/lib/modules/$kver/modules.dep" ] ||
	ktap_skip "no module tree of the zns-stat-dkms package for $kver in $root: run selftests/host-checks.sh $kver first"
version=$(sed -n 's/^#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
	"$ZNS_SRC/include/zns_stat.h")
modprobe=(modprobe -d "$root" -S "$kver")

unload_zns
staged=$("${modprobe[@]}" --show-depends zns_stat | awk '$1 == "insmod" { print $2 }')
case $staged in
"$root/lib/modules/$kver/updates/dkms/zns_stat.ko"*) echo "modprobe resolves zns_stat to $staged" ;;
*) fail "modprobe resolves zns_stat to '$staged', not the package's DKMS build in updates/dkms" ;;
esac
"${modprobe[@]}" zns_stat || fail "modprobe zns_stat"
zns_loaded || fail "zns_stat is not loaded after modprobe"
expect_eq "version" "$(cat /sys/module/zns_stat/version)" "$version"
expect_eq "srcversion is the package's DKMS build's" "$(cat /sys/module/zns_stat/srcversion)" \
	"$(modinfo -F srcversion "$staged")"

# It counts: one write and one read through the block layer.
nvme_up
fresh $NS2
dd status=none if=/dev/zero of=/dev/$NS2 bs=4096 count=1 oflag=direct || fail "dd write"
dd status=none if=/dev/$NS2 of=/dev/null bs=4096 count=1 iflag=direct || fail "dd read"
expect_summary $NS2 writes=1 write_sectors=8 reads=1 read_sectors=8 dropped=0

"${modprobe[@]}" -r zns_stat || fail "modprobe -r zns_stat"
zns_loaded && fail "zns_stat still loaded after modprobe -r"
nvme_down
finish
