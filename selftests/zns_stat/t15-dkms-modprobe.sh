#!/bin/bash
# The DKMS-built module, loaded as users load it: "modprobe zns_stat" from the module
# tree that make check's host checks installed it in with make dkms-install
# (build/dkms/KVER/root, dkms --installtree), not insmod of the build tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/zns.sh"

kver=$(uname -r)
root=${ZNS_DKMS_ROOT:-$ZNS_SRC/build/dkms/$kver/root}
[ -e "$root/lib/modules/$kver/modules.dep" ] ||
	ktap_skip "no DKMS module tree for $kver in $root: run selftests/host-checks.sh $kver first"
version=$(sed -n 's/^#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
	"$ZNS_SRC/include/zns_stat.h")
modprobe=(modprobe -d "$root" -S "$kver")

unload_zns
staged=$("${modprobe[@]}" --show-depends zns_stat | awk '$1 == "insmod" { print $2 }')
case $staged in
"$root/lib/modules/$kver/updates/dkms/zns_stat.ko"*) echo "modprobe resolves zns_stat to $staged" ;;
*) fail "modprobe resolves zns_stat to '$staged', not DKMS's updates/dkms" ;;
esac
"${modprobe[@]}" zns_stat || fail "modprobe zns_stat"
zns_loaded || fail "zns_stat is not loaded after modprobe"
expect_eq "version" "$(cat /sys/module/zns_stat/version)" "$version"
expect_eq "srcversion is the DKMS build's" "$(cat /sys/module/zns_stat/srcversion)" \
	"$(modinfo -F srcversion "$staged")"

# It works: one write through the block layer is counted.
nvme_up
fresh $NS2
dd status=none if=/dev/zero of=/dev/$NS2 bs=4096 count=1 oflag=direct || fail "dd"
expect_summary $NS2 writes=1 write_sectors=8 dropped=0

"${modprobe[@]}" -r zns_stat || fail "modprobe -r zns_stat"
zns_loaded && fail "zns_stat still loaded after modprobe -r"
nvme_down
finish
