#!/bin/bash
# The DKMS-built module, loaded as users load it: "modprobe zns_stat" from the module
# tree that make check's host checks installed it in with make dkms-install
# (build/dkms/KVER/root, dkms --installtree), not insmod of the build tree.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

kver=$(uname -r)
root=${ZNS_DKMS_ROOT:-$ZNS_SRC/build/dkms/$kver/root}
[ -e "$root/lib/modules/$kver/modules.dep" ] ||
	ktap_skip "no DKMS module tree for $kver in $root: run selftests/host-checks.sh $kver first"
load_staged "$root" "the DKMS build"

# It works: one write through the block layer is counted.
nvme_up
fresh $NS2
dd status=none if=/dev/zero of=/dev/$NS2 bs=4096 count=1 oflag=direct || fail "dd"
expect_summary $NS2 writes=1 write_sectors=8 dropped=0

unload_staged
nvme_down
finish
