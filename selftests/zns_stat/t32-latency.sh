#!/bin/bash
# Latency of every operation: per zone, min/max/sum above 0 and consistent
# (min <= sum/count <= max) after known commands of each kind; the namespace's
# latency histograms hold exactly one entry per successful command.
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
# Bucket bounds: each row is [2^i, 2^(i+1) - 1] ns.
awk 'NR > 1 && !($2 == 0 || ($3 == 2 * $2 - 1 && and_pow2($2))) { print "bad bucket: " $0; bad = 1 }
     function and_pow2(x) { while (x > 1 && x % 2 == 0) x /= 2; return x == 1 }
     END { exit bad }' "$ZNS_DEBUGFS/$NS1/latency" || fail "latency bucket bounds"
expect_summary $NS1 reset_lat_min_ns=$(awk '$1 == "reset_lat_min_ns:" { print $2 }' \
	"$ZNS_DEBUGFS/$NS1/summary")
finish
