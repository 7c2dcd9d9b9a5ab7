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
# A value per column name, printed in the header's order, as many as it has
# columns: a column the fixture gains is 0 here until it is given a value,
# never a line short (the tool refuses a tree whose lines are).
awk -v n="$zones" -v hdr="$(head -n 1 "$src/zones")" 'BEGIN {
	print hdr
	nc = split(hdr, col, " ")	# col[1] is "#"
	for (z = 0; z < n; z++) {
		r = 1 + z % 7; w = 1 + z % 5; a = z % 3; rs = z % 2; e = (z % 11 == 0)
		rl = 9000 + z % 997; wl = 15000 + z % 1999; al = 5000 + z % 499
		delete v
		v["zone"] = z; v["start"] = z * 2048
		v["reads"] = r; v["read_sectors"] = r * 8
		v["writes"] = w; v["write_sectors"] = w * 8
		v["appends"] = a; v["append_sectors"] = a * 8
		v["resets"] = rs
		v["reset_lat_min_ns"] = v["reset_lat_max_ns"] = v["reset_lat_sum_ns"] = rs ? 31000 + z % 100 : 0
		v["finishes"] = z % 2; v["opens"] = 1; v["closes"] = z % 2; v["errors"] = e
		v["read_lat_min_ns"] = rl; v["read_lat_max_ns"] = rl + r * 10; v["read_lat_sum_ns"] = rl * r
		v["write_lat_min_ns"] = wl; v["write_lat_max_ns"] = wl + w * 10; v["write_lat_sum_ns"] = wl * w
		v["append_lat_min_ns"] = a ? al : 0; v["append_lat_max_ns"] = a ? al + 50 : 0
		v["append_lat_sum_ns"] = a * al + (a > 1 ? 50 : 0)
		v["finish_lat_min_ns"] = v["finish_lat_max_ns"] = v["finish_lat_sum_ns"] = (z % 2) ? 4000 : 0
		v["open_lat_min_ns"] = v["open_lat_max_ns"] = v["open_lat_sum_ns"] = 3000
		v["close_lat_min_ns"] = v["close_lat_max_ns"] = v["close_lat_sum_ns"] = (z % 2) ? 2000 : 0
		v["top_zone_error"] = e ? 441 : 0
		# a quarter of the zones written by two cgroups (mixed), a fifth partly by the root
		v["owner_cgroup"] = (z % 4 == 0) ? "18446744073709551615" : 0
		v["root_written_sectors"] = (z % 5 == 0) ? 8 : 0
		line = ""
		for (i = 2; i <= nc; i++)
			line = line (i > 2 ? " " : "") (col[i] in v ? v[col[i]] : 0)
		print line
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
