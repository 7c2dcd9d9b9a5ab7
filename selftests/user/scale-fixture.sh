#!/bin/bash
# scale-fixture.sh DIR [ZONES] [DISK]: a debugfs-like tree of the module's files
# for ZONES zones (65536) at DIR/DISK (zbig), from the zns8 fixture with
# non-zero counters in every zone: the bench's scale phase on the host.
#   ZNS_STAT_DEBUGFS=DIR zns-stat --all zbig
# The block device of the zone report does not exist: the tool says so and
# goes on without conditions and write pointers.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=${1:?usage: scale-fixture.sh DIR [ZONES] [DISK]}
zones=${2:-65536}
disk=${3:-zbig}
src=$here/fixtures/debugfs/zns8
out=$dir/$disk
mkdir -p "$out"
for f in "$src"/*; do
	case ${f##*/} in
	zones|summary) ;;
	*) cp "$f" "$out/" ;;
	esac
done
# Every zone: a few reads and writes with latencies, some appends, resets,
# finishes, opens, closes and errors, varying by zone so no two lines match.
awk -v n="$zones" -v hdr="$(head -n 1 "$src/zones")" 'BEGIN {
	print hdr
	for (z = 0; z < n; z++) {
		r = 1 + z % 7; w = 1 + z % 5; a = z % 3; rs = z % 2; e = (z % 11 == 0)
		rl = 9000 + z % 997; wl = 15000 + z % 1999; al = 5000 + z % 499
		printf "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d",
			z, z * 2048, r, r * 8, w, w * 8, a, a * 8, rs,
			rs ? 31000 + z % 100 : 0, rs ? 31000 + z % 100 : 0, rs ? 31000 + z % 100 : 0,
			z % 2, 1, z % 2, e, rl, rl + r * 10, rl * r, wl, wl + w * 10, wl * w,
			a ? al : 0, a ? al + 50 : 0
		printf " %d %d %d %d %d %d %d %d %d %d %d\n",
			a * al + (a > 1 ? 50 : 0), (z % 2) ? 4000 : 0, (z % 2) ? 4000 : 0, (z % 2) ? 4000 : 0,
			3000, 3000, 3000, (z % 2) ? 2000 : 0, (z % 2) ? 2000 : 0, (z % 2) ? 2000 : 0,
			e ? 441 : 0
	}
}' >"$out/zones"
# The summary's totals agree with the zones (sums, and the extremes of the
# *_min_ns / *_max_ns columns): a total below its zones' sum would be taken
# for a clear between the two reads, and the tool would read again.
awk -v disk="$disk" -v n="$zones" '
FNR == 1 && NR == 1 { for (i = 2; i <= NF; i++) name[i - 1] = $i; nf = NF - 1; next }
NR == FNR {
	for (i = 1; i <= nf; i++) {
		c = name[i]; v = $i; seen[c] = 1
		if (c ~ /_min_ns$/) { if (v && (!(c in tot) || v < tot[c])) tot[c] = v }
		else if (c ~ /_max_ns$/) { if (v > tot[c]) tot[c] = v }
		else tot[c] += v
	}
	next
}
/^disk: / { print "disk: " disk; next }
/^nr_zones: / { print "nr_zones: " n; next }
{
	key = substr($1, 1, length($1) - 1)
	if (key != "zone" && key != "start" && (key in seen)) { printf "%s: %.0f\n", key, tot[key]; next }
	print
}' "$out/zones" "$src/summary" >"$out/summary"
