#!/bin/bash
# Latency of every operation: per zone, min/max/sum above 0 and consistent
# (min <= sum/count <= max) after known commands of each kind; the namespace's
# latency histograms hold exactly one entry per successful command, in
# log-linear buckets, and each operation's exact maximum.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

nvme_up
load_zns
fresh $NS1
run() { "$@" >/dev/null || fail "$*"; }
d4k=$(data_file 4096)

for i in 0 1 2; do
	run nvme write /dev/$NS1 -s $i -c 0 -z 4096 -d "$d4k"		# zone 0
done
run nvme read /dev/$NS1 -s 0 -c 1 -z 8192 -d /tmp/zns-read		# zone 0
run nvme read /dev/$NS1 -s 1 -c 0 -z 4096 -d /tmp/zns-read
run nvme zns zone-append /dev/$NS1 -s 256 -z 4096 -d "$d4k"		# zone 1
run nvme zns open-zone /dev/$NS1 -s 512				# zone 2
run nvme zns close-zone /dev/$NS1 -s 512
run nvme zns open-zone /dev/$NS1 -s 512
run nvme zns finish-zone /dev/$NS1 -s 512
run nvme zns reset-zone /dev/$NS1 -s 512
run nvme zns reset-zone /dev/$NS1 -s 256				# zone 1
# expect_zones checks every OP_lat_{min,max,sum}_ns column: above 0 exactly
# where OP happened, and min <= mean <= max.
expect_zones $NS1 0:writes=3 0:write_sectors=24 0:reads=2 0:read_sectors=24 \
	1:appends=1 1:append_sectors=8 1:resets=1 \
	2:opens=2 2:closes=1 2:finishes=1 2:resets=1
for op_count in read:2 write:3 append:1 reset:2 finish:1 open:2 close:1; do
	expect_eq "latency histogram ${op_count%:*}" \
		"$(latency_total $NS1 "${op_count%:*}")" "${op_count#*:}"
done
# Bucket bounds: log-linear rows, one ns wide below 32 ns, then at most a
# 16th of their lower bound, in order with no overlap; the last is open.
awk '$1 == "#" { next }
     { w = $3 - $2 + 1
       if (!($2 < 32 ? w == 1 : 16 * w <= $2 || $3 == "18446744073709551615") ||
           ($1 == op && $2 <= hi)) { print "bad bucket: " $0; bad = 1 }
       op = $1; hi = $3 }
     END { exit bad }' "$ZNS_DEBUGFS/$NS1/latency" || fail "latency bucket bounds"
# The exact maximum per operation ("# max_ns OP NS"): in the highest bucket,
# the summary's OP_lat_max_ns and, with no select-all command here, the
# largest of the zones' OP_lat_max_ns.
for op in read write append reset finish open close; do
	max=$(awk -v op=$op '$1 == "#" && $2 == "max_ns" && $3 == op { print $4 }' \
		"$ZNS_DEBUGFS/$NS1/latency")
	expect_eq "$op: exact maximum in its highest bucket" "$(awk -v op=$op -v m="$max" '
		$1 == op { lo = $2; hi = $3 } END { print (m != "" && lo <= m + 0 && m + 0 <= hi) ? "yes" : "no: " m " " lo " " hi }' \
		"$ZNS_DEBUGFS/$NS1/latency")" yes
	expect_summary $NS1 ${op}_lat_max_ns=$max
	expect_eq "$op: the zones' maximum" "$(awk -v c=${op}_lat_max_ns '
		$1 == "#" { for (i = 2; i <= NF; i++) if ($i == c) col = i - 1; next }
		$col + 0 > m { m = $col + 0 } END { print m + 0 }' "$ZNS_DEBUGFS/$NS1/zones")" "$max"
done
expect_summary $NS1 reset_lat_min_ns=$(awk '$1 == "reset_lat_min_ns:" { print $2 }' \
	"$ZNS_DEBUGFS/$NS1/summary")
finish
