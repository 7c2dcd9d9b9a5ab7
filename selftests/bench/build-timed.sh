#!/bin/bash
# build-timed.sh KERNELRELEASE [localclock] - build the benchmark's timed
# zns_stat.ko (see timed.Kbuild and bench_timing.c) into build/bench/timed/,
# or with "localclock" a variant whose probes read local_clock() where
# module/probe.c calls ktime_get_ns() (the clock fix the benchmark measures),
# into build/bench/timed-localclock/ (ZNS_BENCH_TIMED_DIR: another directory
# than build/bench; KDIR: another kernel tree, e.g. UML's with ARCH=um, as
# uml-native.sh does). Prints the module's path.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
kver=${1:?usage: build-timed.sh KERNELRELEASE [localclock]}
variant=${2:-}
kdir=${KDIR:-/lib/modules/$kver/build}
out=${ZNS_BENCH_TIMED_DIR:-$repo/build/bench}/timed${variant:+-$variant}
probe_flags=
case $variant in
'') ;;
localclock) probe_flags="-include \$(src)/bench_localclock.h" ;;
*) echo "build-timed.sh: unknown variant $variant" >&2; exit 2 ;;
esac

# A fresh tree of symlinks: the sources stay the repository's, objects stay here.
rm -rf "$out"
mkdir -p "$out/module"
for f in "$repo"/module/*.c "$repo"/module/*.h; do
	ln -s "$f" "$out/module/"
done
ln -s "$repo/include" "$out/include"
ln -s "$repo/Kbuild" "$out/Kbuild.zns_stat"
ln -s "$here/bench_timing.c" "$here/bench_localclock.h" "$out/"
cp "$here/timed.Kbuild" "$out/Kbuild"
make -s -C "$kdir" M="$out" ZNS_BENCH_PROBE_FLAGS="$probe_flags" modules >&2
echo "$out/zns_stat.ko"
