#!/bin/bash
# multi-devices.sh DIR [DEVICE...] - QEMU arguments (for ZNS_QEMU_EXTRA) adding
# the devices the zns_stat/multi/ tests use (default: all; a test needing one
# boots faster without the rest), with sparse images created in DIR:
#   - big: controller serial zns1: one zoned namespace, 4096 B LBAs, 32768 zones of 64 KiB;
#   - mp: NVMe subsystem "zns-mp" with two controllers (serial mp0) sharing one zoned
#     namespace, 512 B LBAs, 16 zones of 2 MiB: multipath, one head nvmeXnY with
#     two hidden paths nvmeXcYnY;
#   - geo: NVMe subsystem "zns-geo" with one controller (serial geo0) and two zoned
#     namespaces, one attached at a time: nsid 1, 512 B LBAs, 8 zones of 2 MiB
#     (attached at boot); nsid 2, 4096 B LBAs, 32 zones of 1 MiB (detached).
#     multi/t40 swaps them: the kernel's name for the namespace comes back with
#     another zone geometry;
#   - lim: controller serial lim0: one zoned namespace, 4096 B LBAs, 8 zones of 1 MiB
#     with a capacity of 512 KiB, at most 2 open and 3 active zones (multi/t60);
#   - btr: controller serial btr0: one zoned namespace, 4096 B LBAs, 64 zones of
#     4 MiB, for a btrfs in zoned mode (multi/t70).
set -euo pipefail
dir=${1:?usage: multi-devices.sh DIR [big|mp|geo|lim|btr...]}
shift
mkdir -p "$dir"
big() {
	truncate -s 2G "$dir/big.img"
	echo "-device nvme,serial=zns1,id=nvme1" \
		"-drive file=$dir/big.img,id=big,format=raw,if=none" \
		"-device nvme-ns,drive=big,bus=nvme1,nsid=1,zoned=true,zoned.zone_size=64K,zoned.zone_capacity=64K,logical_block_size=4096,physical_block_size=4096"
}
mp() {
	truncate -s 32M "$dir/mp.img"
	echo "-device nvme-subsys,id=mpsub,nqn=zns-mp" \
		"-device nvme,serial=mp0,subsys=mpsub,id=mpc0" \
		"-device nvme,serial=mp0,subsys=mpsub,id=mpc1" \
		"-drive file=$dir/mp.img,id=mp,format=raw,if=none" \
		"-device nvme-ns,drive=mp,nsid=1,shared=on,zoned=true,zoned.zone_size=2M,zoned.zone_capacity=2M,logical_block_size=512,physical_block_size=512"
}
geo() {
	truncate -s 16M "$dir/geo1.img"
	truncate -s 32M "$dir/geo2.img"
	echo "-device nvme-subsys,id=geosub,nqn=zns-geo" \
		"-device nvme,serial=geo0,subsys=geosub,id=geoc0" \
		"-drive file=$dir/geo1.img,id=geo1,format=raw,if=none" \
		"-drive file=$dir/geo2.img,id=geo2,format=raw,if=none" \
		"-device nvme-ns,drive=geo1,bus=geoc0,nsid=1,zoned=true,zoned.zone_size=2M,zoned.zone_capacity=2M,logical_block_size=512,physical_block_size=512" \
		"-device nvme-ns,drive=geo2,bus=geoc0,nsid=2,detached=on,zoned=true,zoned.zone_size=1M,zoned.zone_capacity=1M,logical_block_size=4096,physical_block_size=4096"
}
lim() {
	truncate -s 8M "$dir/lim.img"
	echo "-device nvme,serial=lim0,id=limc" \
		"-drive file=$dir/lim.img,id=lim,format=raw,if=none" \
		"-device nvme-ns,drive=lim,bus=limc,nsid=1,zoned=true,zoned.zone_size=1M,zoned.zone_capacity=512K,zoned.max_open=2,zoned.max_active=3,logical_block_size=4096,physical_block_size=4096"
}
btr() {
	truncate -s 256M "$dir/btr.img"
	echo "-device nvme,serial=btr0,id=btrc" \
		"-drive file=$dir/btr.img,id=btr,format=raw,if=none" \
		"-device nvme-ns,drive=btr,bus=btrc,nsid=1,zoned=true,zoned.zone_size=4M,zoned.zone_capacity=4M,logical_block_size=4096,physical_block_size=4096"
}
args=()
for dev in "${@:-big mp geo lim btr}"; do
	for d in $dev; do
		case $d in
		big | mp | geo | lim | btr) args+=("$($d)") ;;
		*) echo "multi-devices.sh: no device '$d' (big, mp, geo, lim, btr)" >&2; exit 1 ;;
		esac
	done
done
echo "${args[*]}"
