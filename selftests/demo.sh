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
KVER=$KVER bash selftests/guest/vm.sh --timeout 600 --log build/demo.log -- \
	"$repo/selftests/demo-guest.sh"
