#!/bin/bash
# Zones known from the first command: when zns_stat sets a namespace up (or
# clears it) it reads every zone's condition and write pointer with one
# zone report of its own (parameter seed_zones, default Y), on nvme0n2 (512 B
# LBAs, 2048-sector zones, max_open 4):
# - zones left by commands zns_stat never saw (it was not loaded) are known
#   after its load, as the device has them, and a reset or a finish of them
#   counts a known fill or waste;
# - commands racing its report stay honest: writes and clears in a loop, then
#   every zone agrees with the device's report or says unknown;
# - seed_zones=0 keeps zones unknown until a report passes the probes;
# - without memory for the report's buffers (fail_alloc_sites=seed, kernels
#   with CONFIG_FAULT_INJECTION) zones stay unknown and nothing else changes.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd nvme
require_cmd blkzone
nvme_up
D=$NS2
params=/sys/module/zns_stat/parameters
run() { "$@" >/dev/null 2>&1 || fail "$*"; }
life() { awk -v k="$1" '$1 == k { print $2 }' "$ZNS_DEBUGFS/$D/lifecycle"; }
host() {	# host ZONE: "cond written known"
	echo "$(zone_col "$1" host_cond) $(zone_col "$1" host_written_sectors) $(zone_col "$1" host_written_known)"
}
write_at() {	# write_at ZONE SECTORS [OFFSET_SECTORS]: one dd, O_DIRECT
	run dd if="$(data_file $(($2 * 512)))" of=/dev/$D bs=$(($2 * 512)) count=1 \
		seek=$((($1 * ZONE_SECTORS + ${3:-0}) * 512)) oflag=direct,seek_bytes
}
# The device's report: "cond wp_offset" per zone, one line each.
device_zones() {
	blkzone report -c 8 /dev/$D | awk '{
		s = $0; sub(/.*start: 0x/, "", s); sub(/[^0-9a-f].*/, "", s)
		w = $0; sub(/.*wptr 0x/, "", w); sub(/[^0-9a-f].*/, "", w)
		c = $0; sub(/.*zcond: */, "", c); sub(/[^0-9].*/, "", c)
		print c + 0, hex(w) }
		function hex(s,	v, i) {
			for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v + 0
		}'
}
# agree WHAT: every zone known to zns_stat is where the device has it.
agree() {
	local z=0 cond wp bad=0 h
	while read -r cond wp; do
		read -r -a h <<<"$(host $z)"
		if [ "${h[0]}" != 0 ] && [ "${h[0]}" != "$cond" ]; then
			echo "zone $z: host_cond ${h[0]}, device $cond"; bad=1
		elif [ "${h[2]}" = 1 ] && [ "$cond" != 14 ] && [ "${h[1]}" != "$wp" ]; then
			echo "zone $z: host_written_sectors ${h[1]}, device wptr $wp"; bad=1
		fi
		z=$((z + 1))
	done < <(device_zones)
	expect_eq "every zone known agrees with the device ($1)" "$bad" 0
}

# Zones left as no command zns_stat saw: 0 implicitly open at 1200 sectors,
# 1 full, 2 closed at 16, 3 explicitly open and empty, 4 finished empty,
# 5-7 empty.
unload_zns
run blkzone reset /dev/$D
write_at 0 1200
write_at 1 1024
write_at 1 1024 1024
run blkzone open -o $((2 * ZONE_SECTORS)) -c 1 /dev/$D
write_at 2 16
run blkzone close -o $((2 * ZONE_SECTORS)) -c 1 /dev/$D
run blkzone open -o $((3 * ZONE_SECTORS)) -c 1 /dev/$D
run blkzone finish -o $((4 * ZONE_SECTORS)) -c 1 /dev/$D
load_zns
run nvme read /dev/$D -s $((7 * ZONE_SECTORS)) -c 0 -z 512 -d /tmp/zns-read
wait_tracked $D
expect_eq "seed_reports zones_seeded zones_seed_raced" \
	"$(life seed_reports) $(life zones_seeded) $(life zones_seed_raced)" "1 8 0"
expect_eq "zone 0: implicitly open, 1200 written" "$(host 0)" "2 1200 1"
expect_eq "zone 1: full (written not known)" "$(host 1)" "14 0 0"
expect_eq "zone 2: closed, 16 written" "$(host 2)" "4 16 1"
expect_eq "zone 3: explicitly open, empty" "$(host 3)" "3 0 1"
expect_eq "zone 4: full" "$(host 4)" "14 0 0"
expect_eq "zones 5 and 7: empty" "$(host 5) $(host 7)" "1 0 1 1 0 1"
expect_eq "zone_capacity_sectors" "$(life zone_capacity_sectors)" "$ZONE_SECTORS"
expect_eq "open, active zones" "$(life open_zones) $(life active_zones)" "2 3"
agree "after load"
# What the seeded zones let zns_stat count exactly.
run blkzone reset -o 0 -c 1 /dev/$D
run blkzone finish -o $((2 * ZONE_SECTORS)) -c 1 /dev/$D
expect_eq "reset of zone 0: fill 1200, known" \
	"$(life resets_fill_60pct) $(life resets_fill_unknown) $(life reclaimed_sectors)" "1 0 1200"
expect_eq "finish of zone 2: 2032 sectors wasted, known" \
	"$(life finish_waste_sectors) $(life finishes_waste_known) $(life finishes_waste_unknown)" "2032 1 0"

# Racing: a writer fills zones 5 and 6 with 64-sector writes while the
# counters are cleared (each clear makes a new table and a new report).
run blkzone reset /dev/$D
zns_clear $D
(for z in 5 6; do
	for off in $(seq 0 64 $((ZONE_SECTORS - 64))); do
		dd if="$(data_file 32768)" of=/dev/$D bs=32768 count=1 \
			seek=$(((z * ZONE_SECTORS + off) * 512)) oflag=direct,seek_bytes 2>/dev/null ||
			exit 1
	done
done) &
writer=$!
raced=0 seeded=0
for i in $(seq 6); do
	echo "$D" > $params/clear || fail "clear $i"
	wait_seeded $D
	raced=$((raced + $(life zones_seed_raced)))
	seeded=$((seeded + $(life zones_seeded)))
	sleep 0.$((RANDOM % 5))
done
wait $writer || fail "the writer failed"
echo "6 clears under writes: $seeded zones seeded, $raced left unknown (raced)"
agree "after clears under writes"
expect_eq "zones 5 and 6 full, or unknown" \
	"$(for z in 5 6; do c=$(zone_col $z host_cond); [ "$c" = 14 ] || [ "$c" = 0 ] && echo ok; done | tr '\n' ' ')" "ok ok "

# seed_zones=0: unknown until a report passes the probes.
unload_zns
run blkzone reset -o 0 -c 1 /dev/$D
if [ -e "${ZNS_KO:-}" ]; then
	insmod "$ZNS_KO" seed_zones=0 || fail "insmod $ZNS_KO seed_zones=0"
else
	modprobe zns_stat seed_zones=0 || fail "modprobe zns_stat seed_zones=0"
fi
run nvme read /dev/$D -s 0 -c 0 -z 512 -d /tmp/zns-read
wait_tracked $D
expect_eq "seed_zones=0: no report, zone 0 unknown" "$(life seed_reports) $(zone_col 0 host_cond)" "0 0"
run blkzone report -c 1 /dev/$D
expect_eq "seed_zones=0: a user's report seeds zone 0" "$(zone_col 0 host_cond)" 1
echo 1 > $params/seed_zones || fail "seed_zones=1"
zns_clear $D
expect_eq "seed_zones=1 again: a clear reads every zone" "$(life seed_reports) $(life zones_seeded)" "1 8"

# No memory for the report's buffers: no report, zones unknown, the clear
# itself done.
if [ -e $params/fail_alloc ]; then
	echo seed > $params/fail_alloc_sites || fail "fail_alloc_sites seed"
	echo 1,100,0,1 > $params/fail_alloc || fail "fail_alloc"
	zns_clear $D
	expect_eq "seed without memory: no report, zone 0 unknown, nothing pending" \
		"$(life seed_reports) $(zone_col 0 host_cond) $(life seed_pending)" "0 0 0"
	echo 1,0,0,0 > $params/fail_alloc
	echo "" > $params/fail_alloc_sites
	zns_clear $D
	expect_eq "memory back: a clear reads every zone" "$(life seed_reports) $(life zones_seeded)" "1 8"
else
	echo "no CONFIG_FAULT_INJECTION: the allocation failure is left to the debug kernel"
fi
unload_zns
load_zns
finish
