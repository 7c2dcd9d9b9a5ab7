#!/bin/bash
# The module of the Debian package zns-stat-dkms, loaded as users load it: make
# check's host checks (deb-checks.sh) installed make deb's packages with apt in a
# bookworm root, where dkms built zns_stat for this kernel, and copied that root's
# module tree to build/deb-root/KVER/root: "modprobe zns_stat" from there.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

kver=$(uname -r)
root=${ZNS_DEB_ROOT:-$ZNS_SRC/build/deb-root/$kver/root}
[ -e "$root/lib/modules/$kver/modules.dep" ] ||
	ktap_skip "no module tree of the zns-stat-dkms package for $kver in $root: run selftests/host-checks.sh $kver first"
load_staged "$root" "the package's DKMS build"

# It counts: one write and one read through the block layer.
nvme_up
fresh $NS2
dd status=none if=/dev/zero of=/dev/$NS2 bs=4096 count=1 oflag=direct || fail "dd write"
dd status=none if=/dev/$NS2 of=/dev/null bs=4096 count=1 iflag=direct || fail "dd read"
expect_summary $NS2 writes=1 write_sectors=8 reads=1 read_sectors=8 dropped=0

unload_staged
nvme_down
finish
