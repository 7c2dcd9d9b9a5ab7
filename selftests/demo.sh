#!/bin/bash
# make demo: install what is missing, build, boot an emulated ZNS SSD in QEMU,
# run a short workload and print its per-zone statistics.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
mkdir -p build
setup=$(bash selftests/guest/host-setup.sh)
eval "$(grep '^KVER=' <<<"$setup")"
echo "== building zns_stat for the guest kernel $KVER"
make -s module KERNELRELEASE="$KVER"
make -s tool
echo "== booting QEMU (TCG, about 10 s) with an emulated ZNS namespace"
mkdir -p build/demo
# The guest writes the recording, figures and report into build/demo/.
KVER=$KVER ZNS_QEMU_EXTRA="-virtfs local,path=$repo/build/demo,mount_tag=demo,security_model=none" \
	bash selftests/guest/vm.sh --timeout 600 --log build/demo.log -- \
	"$repo/selftests/demo-guest.sh"
echo "== figures and report: $(ls -d "$repo"/build/demo/*/ | tail -n 1) and build/demo/*.html"
