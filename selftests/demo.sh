#!/bin/bash
# make demo: install what is missing, build, boot an emulated ZNS SSD in QEMU,
# run a short workload and print its per-zone statistics; then boot an
# emulated Flexible Data Placement SSD (bookworm-backports' QEMU 10 and 6.12)
# and do the same per placement ID.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
mkdir -p build
setup=$(bash selftests/guest/host-setup.sh)
eval "$(grep '^KVER=' <<<"$setup")"
# The placement run: the FDP guest (guest/vm.sh --fdp) on the 6.12 that
# bookworm-backports' linux-headers-amd64 points at, whatever KVER is.
fdp_kver=$(bash selftests/guest/kernels.sh list | awk '$1 == "debian-6.12" { print $2 }')
[ -n "$fdp_kver" ] || { echo "demo: no 6.12 release in bookworm-backports (selftests/guest/kernels.sh list)" >&2; exit 1; }
fdp_ko=$repo/zns_stat.ko
if [ "$fdp_kver" != "$KVER" ]; then
	# Built first, kept aside: the tree's zns_stat.ko stays KVER's.
	echo "== building zns_stat for the FDP guest's kernel $fdp_kver"
	fdp_kdir=$(bash selftests/guest/kernels.sh kdir "$fdp_kver")	# KDIR=6.12's headers
	(eval "$fdp_kdir" && make -s module KERNELRELEASE="$fdp_kver" KDIR="$KDIR")
	mkdir -p build/demo-fdp
	fdp_ko=$repo/build/demo-fdp/zns_stat.ko
	cp zns_stat.ko "$fdp_ko"
fi
echo "== building zns_stat for the guest kernel $KVER"
make -s module KERNELRELEASE="$KVER"
make -s tool
echo "== fetching what the FDP guest boots: $fdp_kver, bookworm-backports' QEMU 10 (once, into the cache)"
KVER=$fdp_kver bash selftests/guest/host-setup.sh >/dev/null
bash selftests/guest/qemu10.sh >/dev/null
echo "== booting QEMU (TCG, about 10 s) with an emulated ZNS namespace"
mkdir -p build/demo
# The guest writes the recording, figures and report into build/demo/.
demo_share="-virtfs local,path=$repo/build/demo,mount_tag=demo,security_model=none"
KVER=$KVER ZNS_QEMU_EXTRA=$demo_share \
	bash selftests/guest/vm.sh --timeout 600 --log build/demo.log -- \
	"$repo/selftests/demo-guest.sh"
# the newest (names sort by disk first: the zoned disk's name may differ between runs)
echo "== figures and report: $(ls -td "$repo"/build/demo/*/ | head -n 1) and build/demo/*.html"
echo "== booting QEMU 10 (TCG, about 10 s) with an emulated Flexible Data Placement namespace, on $fdp_kver"
rm -f build/demo/placement-*.json	# the namespace's name may differ from the last run's
KVER=$fdp_kver ZNS_KO=$fdp_ko ZNS_QEMU_EXTRA=$demo_share \
	bash selftests/guest/vm.sh --fdp --timeout 300 --log build/demo-fdp.log -- \
	"$repo/selftests/demo-fdp-guest.sh"
echo "== placement figures: $(ls "$repo"/build/demo/placement-*.json)"
