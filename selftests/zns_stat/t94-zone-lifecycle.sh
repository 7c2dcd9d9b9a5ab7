#!/bin/bash
# Zone lifecycle on nvme0n2 (512 B LBAs, 2048-sector zones, max_open 4): the
# condition and written sectors zns_stat keeps from the host's commands agree
# with the device's zone report for every zone, or say unknown; exact fill at
# reset, finish waste, open zones against the limit and the histograms'
# counts for a scripted workload of dd, blkzone and nvme-cli commands.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd nvme blkzone dd jq
nvme_up
load_zns
fresh $NS2
D=$NS2
run() { "$@" >/dev/null 2>&1 || fail "$*"; }
must_fail() { if "$@" >/dev/null 2>&1; then fail "succeeded: $*"; fi; }
life() { awk -v k="$1" '$1 == k { print $2 }' "$ZNS_DEBUGFS/$D/lifecycle"; }
zone_bytes() { echo $(($1 * ZONE_SECTORS * 512)); }
write_at() {	# write_at ZONE SECTORS [OFFSET_SECTORS]: one dd, O_DIRECT
	run dd if="$(data_file $(($2 * 512)))" of=/dev/$D bs=$(($2 * 512)) count=1 \
		seek=$((($1 * ZONE_SECTORS + ${3:-0}) * 512)) oflag=direct,seek_bytes
}
# agree: for every zone, the host's view is the device's, or unknown. One
# report of the 8 zones and one read of the zones file: spawning per zone
# costs minutes on the debug kernel.
agree() {
	local bad
	bad=$(blkzone report -c 8 /dev/$D | awk -v zones="$ZNS_DEBUGFS/$D/zones" '
		BEGIN {
			z = 0
			while ((getline line < zones) > 0) {
				n = split(line, f)
				if (f[1] == "#") { for (i = 2; i <= n; i++) col[f[i]] = i - 1; continue }
				hc[f[1]] = f[col["host_cond"]]
				hw[f[1]] = f[col["host_written_sectors"]]
				hk[f[1]] = f[col["host_written_known"]]
			}
		}
		function hex(s,	v, i) {
			for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		function after(key,	i) { i = index($0, key); return substr($0, i + length(key)) }
		{
			wp = after("wptr 0x"); sub(/[^0-9a-f].*/, "", wp); wp = hex(wp)
			cond = after("zcond:"); sub(/^ */, "", cond); sub(/[^0-9].*/, "", cond); cond += 0
			if (!(z in hc)) { print "zone " z ": not in the zones file"; bad = 1 }
			if (hc[z] != 0 && hc[z] != cond) { print "zone " z ": host_cond " hc[z] ", device " cond; bad = 1 }
			if (hk[z] == 1 && cond != 14 && hw[z] != wp) { print "zone " z ": host_written_sectors " hw[z] ", device wptr " wp; bad = 1 }
			z++
		}
		END { if (z != 8) { print "blkzone reported " z " zones"; bad = 1 } print bad + 0 }')
	echo "$bad" | sed '$d'
	expect_eq "host view agrees with blkzone report ($1)" "$(tail -n 1 <<<"$bad")" 0
}

# fresh cleared the table, and zns_stat's own zone report (seed_zones) said
# where every zone is, with the capacity: no user's report needed (t95 has
# seed_zones=0, and states other than empty).
expect_eq "seed_reports zones_seeded zones_seed_raced" \
	"$(life seed_reports) $(life zones_seeded) $(life zones_seed_raced)" "1 8 0"
expect_eq "zone_capacity_sectors" "$(life zone_capacity_sectors)" $ZONE_SECTORS
expect_eq "max_open_zones" "$(life max_open_zones)" 4
expect_eq "zones 0 and 7 empty" "$(zone_col 0 host_cond) $(zone_col 7 host_cond)" "1 1"
agree "seeded"

# Zone 0 written to 1200 of 2048 sectors (58.6%: the 60% tenth), then reset.
write_at 0 1200
expect_eq "zone 0 implicitly open" "$(zone_col 0 host_cond)" 2
expect_eq "zone 0 written" "$(zone_col 0 host_written_sectors)" 1200
run blkzone reset -o 0 -c 1 /dev/$D
# Zone 1 written full in two writes, then reset: 100%.
write_at 1 1024
write_at 1 1024 1024
expect_eq "zone 1 full" "$(zone_col 1 host_cond)" 14
run blkzone reset -o $ZONE_SECTORS -c 1 /dev/$D
# Zone 2: 8 LBAs by nvme-cli, then finished: 2040 sectors wasted.
run nvme write /dev/$D -s $((2 * ZONE_SECTORS)) -c 7 -z 4096 -d "$(data_file 4096)"
run nvme zns finish-zone /dev/$D -s $((2 * ZONE_SECTORS))
# Zone 3: opened, written 16 sectors, closed.
run blkzone open -o $((3 * ZONE_SECTORS)) -c 1 /dev/$D
expect_eq "zone 3 explicitly open" "$(zone_col 3 host_cond)" 3
write_at 3 16
run blkzone close -o $((3 * ZONE_SECTORS)) -c 1 /dev/$D
# Zone 4: a zone append of 8 sectors, then a write off the write pointer
# (fails: the host's view did not expect success, so it stands).
run nvme zns zone-append /dev/$D -s $((4 * ZONE_SECTORS)) -z 4096 -d "$(data_file 4096)"
must_fail nvme write /dev/$D -s $((4 * ZONE_SECTORS + 100)) -c 0 -z 512 -d "$(data_file 512)"
expect_eq "zone 4 still implicitly open" "$(zone_col 4 host_cond)" 2
agree "after the workload"

expect_eq "zone 0 fill" "$(zone_col 0 fill_resets) $(zone_col 0 fill_sum_sectors) $(zone_col 0 fill_min_sectors) $(zone_col 0 fill_max_sectors)" "1 1200 1200 1200"
expect_eq "zone 1 fill" "$(zone_col 1 fill_resets) $(zone_col 1 fill_sum_sectors)" "1 2048"
expect_eq "zone 2 finish waste" "$(zone_col 2 finish_waste_sectors)" 2040
expect_eq "zone 3 closed, 16 written" "$(zone_col 3 host_cond) $(zone_col 3 host_written_sectors)" "4 16"
expect_eq "resets_fill_60pct" "$(life resets_fill_60pct)" 1
expect_eq "resets_fill_100pct" "$(life resets_fill_100pct)" 1
expect_eq "reclaimed_sectors" "$(life reclaimed_sectors)" 3248
expect_eq "finish_waste_sectors" "$(life finish_waste_sectors)" 2040
expect_eq "finishes_waste_known" "$(life finishes_waste_known)" 1
# open and closed again: 0 (reset), 1 (full), 2 (finished), 3 (closed); 4 open
expect_eq "open_zones" "$(life open_zones)" 1
expect_eq "active_zones" "$(life active_zones)" 2
expect_eq "time to full, zone 1" "$(awk '$1 == "to_full" { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$D/lifetimes")" 1
expect_eq "time open, zones 0..3" "$(awk '$1 == "open" { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$D/lifetimes")" 4
# The sums (the Prometheus histograms' _sum) lie within their samples'
# buckets: [lo, hi] whole microseconds each.
for what in to_full open; do
	expect_eq "time_${what}_sum_ns within its buckets" "$(awk -v w="$what" '
		FILENAME ~ /lifetimes$/ && $1 == w { lo += $2 * $4 * 1000; hi += ($3 + 1) * $4 * 1000 }
		FILENAME ~ /lifecycle$/ && $1 == "time_" w "_sum_ns" { s = $2 }
		END { print (s >= lo && s < hi) ? "yes" : "no: " s " not in [" lo ", " hi ")" }' \
		"$ZNS_DEBUGFS/$D/lifetimes" "$ZNS_DEBUGFS/$D/lifecycle")" yes
done
expect_eq "zone 0 queue wait (dd: block layer)" "$([ "$(zone_col 0 queue_wait_sum_ns)" -gt 0 ] && echo yes)" yes
expect_eq "zone 2 queue wait (nvme-cli: passthrough)" "$(zone_col 2 queue_wait_sum_ns)" 0
# The queue_wait histogram has every successful block-layer write: all the
# writes but the one nvme-cli write (passthrough, left out).
expect_eq "queue_wait histogram: block-layer writes" \
	"$(awk '$1 == "write" { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$D/queue_wait")" \
	"$(($(summary_value $D writes) - 1))"
expect_eq "reset log fills" "$(awk 'NR > 1 { printf "%s:%s ", $3, $7 }' "$ZNS_DEBUGFS/$D/resets")" "0:1200 1:2048 "

# The open limit: zone 4 closed, 3, 5, 6, 7 opened (4 = max_open), then a
# fifth open fails: too many open zones.
run blkzone close -o $((4 * ZONE_SECTORS)) -c 1 /dev/$D
for z in 3 5 6 7; do run blkzone open -o $((z * ZONE_SECTORS)) -c 1 /dev/$D; done
expect_eq "open_zones at the limit" "$(life open_zones)" 4
must_fail blkzone open -o $((4 * ZONE_SECTORS)) -c 1 /dev/$D
expect_eq "too_many_open_errors" "$(life too_many_open_errors)" 1
# A write that would open a fifth zone fails the same way (the four are
# explicitly open: the device has none to close) and leaves the zone as it was.
must_fail nvme write /dev/$D -s 0 -c 0 -z 512 -d "$(data_file 512)"
expect_eq "too_many_open_errors (an open, then a write)" "$(life too_many_open_errors)" 2
expect_eq "zone 0 still empty after the refused write" "$(zone_col 0 host_cond) $(zone_col 0 host_written_sectors)" "1 0"
expect_eq "open_zones_peak" "$(life open_zones_peak)" 4
expect_eq "time at the open limit" "$([ "$(life open_limit_time_ns)" -gt 0 ] && echo yes)" yes
expect_eq "opens_over_limit" "$(life opens_over_limit)" 0
agree "at the open limit"

# A select-all reset: every zone not empty is reset, with its fill.
run nvme zns reset-zone /dev/$D -a
expect_eq "after reset-all: open, active" "$(life open_zones) $(life active_zones)" "0 0"
expect_eq "reclaimed_sectors after reset-all" "$(life reclaimed_sectors)" $((3248 + 8 + 16 + 8))
# Its completion moved the open and closed zones only; the reset log has its
# event, with the fill of every zone it reset, once all of them applied it.
expect_eq "reset-all's event: its fill" \
	"$(awk 'NR > 1 && $5 == 1 { print $7 }' "$ZNS_DEBUGFS/$D/resets")" $((8 + 16 + 8))
expect_eq "reset-all waited for no walk" "$(life select_all_walks)" 0
agree "after reset-all"
# fills: zone 0 1200 (60%), 1 2048 (100%), then reset-all: 2 8, 3 16, 4 8
# (10%), 5 6 7 0 (opened, never written)
expect_eq "fill histogram 0/10/60/100%" "$(life resets_fill_0pct) $(life resets_fill_10pct) $(life resets_fill_60pct) $(life resets_fill_100pct)" "3 3 1 1"

# The tool: the lifecycle view and its machine formats carry the same figures,
# the zone table shows the host's view beside the device's.
out=$("$ZNS_TOOL" lifecycle $D) || fail "zns-stat lifecycle"
echo "$out"
expect_eq "view: fill at reset" "$(grep -c 'fill at reset *8 resets with a known fill, mean 20.0%' <<<"$out")" 1
# (a line longer than 80 columns goes on under its figures: joined here)
expect_eq "view: open zones" "$(grep -A1 'open zones *0 now, peak 4 of 4; ' <<<"$out" | tr -s ' \n' ' ' |
	grep -c 'open zones 0 now, peak 4 of 4; .* at the limit; 2 "too many open" errors')" 1
expect_eq "view: finish waste" "$(grep -c 'finish waste *1020 KiB left unwritten by 1 finish; 0 unknown' <<<"$out")" 1
expect_eq "json: reclaimed, 10%, time_to_full p50" "$("$ZNS_TOOL" lifecycle -o json $D |
	jq -r '.disks[0] | "\(.lifecycle.reclaimed_sectors) \(.lifecycle.resets_fill_10pct) \(.time_to_full_us.p50_le > 0)"')" "3280 3 true"
expect_eq "csv: reclaimed" "$("$ZNS_TOOL" lifecycle -o csv $D |
	awk -F, -v d=$D 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $1 == d { print $c["reclaimed_sectors"] }')" 3280
prom=$("$ZNS_TOOL" lifecycle -o prom $D)
expect_eq "prom: reclaimed bytes" "$(grep -c "^zns_lifecycle_reclaimed_bytes_total{disk=\"$D\"} $((3280 * 512))$" <<<"$prom")" 1
expect_eq "prom: fill 10%" "$(grep -c "^zns_lifecycle_resets_fill_total{disk=\"$D\",fill_pct=\"10\"} 3$" <<<"$prom")" 1
expect_eq "prom: one TYPE per metric" "$(grep '^# TYPE' <<<"$prom" | sort | uniq -d | wc -l)" 0
expect_eq "prom: time to full, time open (counts)" \
	"$(grep -E "^zns_lifecycle_time_(to_full|open)_seconds_count\{disk=\"$D\"\} " <<<"$prom" | awk '{ print $2 }' | tr '\n' ' ')" \
	"$(awk '$1 == "to_full" { f += $4 } $1 == "open" { o += $4 } END { print f + 0, o + 0 "" }' "$ZNS_DEBUGFS/$D/lifetimes") "
expect_eq "table: host view beside the device's" "$("$ZNS_TOOL" -a $D | grep -c ' cap  *host_cond  *host_written_bytes ')" 1

# Select-all close, open and finish (reset-all is above): each moves every
# zone the specification says it touches, and nothing else.
# Written by nvme-cli: since 6.10 the block layer's zone write plugs keep
# the write pointer of zones the passthrough reset-all above moved behind
# their back, and would fail a dd at the zone start.
run nvme write /dev/$D -s $((2 * ZONE_SECTORS)) -c 7 -z 4096 -d "$(data_file 4096)"
run nvme write /dev/$D -s $((3 * ZONE_SECTORS)) -c 15 -z 8192 -d "$(data_file 8192)"
run blkzone open -o $((5 * ZONE_SECTORS)) -c 1 /dev/$D
# (closing an open zone never written may leave it empty)
run nvme write /dev/$D -s $((5 * ZONE_SECTORS)) -c 31 -z 16384 -d "$(data_file 16384)"
waste_before=$(life finish_waste_sectors)
run nvme zns close-zone /dev/$D -a
expect_eq "close-all: zones 2 3 5 closed, 6 empty" "$(zone_col 2 host_cond) $(zone_col 3 host_cond) $(zone_col 5 host_cond) $(zone_col 6 host_cond)" "4 4 4 1"
expect_eq "close-all: open, active" "$(life open_zones) $(life active_zones)" "0 3"
agree "after close-all"
run nvme zns open-zone /dev/$D -a
expect_eq "open-all: zones 2 3 5 explicitly open, 6 empty" "$(zone_col 2 host_cond) $(zone_col 3 host_cond) $(zone_col 5 host_cond) $(zone_col 6 host_cond)" "3 3 3 1"
expect_eq "open-all: open, active" "$(life open_zones) $(life active_zones)" "3 3"
agree "after open-all"
run nvme zns finish-zone /dev/$D -a
expect_eq "finish-all: zones 2 3 5 full, 6 empty" "$(zone_col 2 host_cond) $(zone_col 3 host_cond) $(zone_col 5 host_cond) $(zone_col 6 host_cond)" "14 14 14 1"
expect_eq "finish-all: waste of 2 3 5" "$(zone_col 2 finish_waste_sectors) $(zone_col 3 finish_waste_sectors) $(zone_col 5 finish_waste_sectors)" \
	"$((2040 + 2040)) 2032 2016"
expect_eq "finish-all: namespace waste" "$(($(life finish_waste_sectors) - waste_before))" $((2040 + 2032 + 2016))
expect_eq "finish-all: open, active" "$(life open_zones) $(life active_zones)" "0 0"
expect_eq "select-all counts" "$(summary_value $D close_all) $(summary_value $D open_all) $(summary_value $D finish_all)" "1 1 1"
agree "after finish-all"

# Loaded after a zone was written: zns_stat's own report says where it is
# (t95: unknown with seed_zones=0).
unload_zns
write_at 0 64
load_zns
run blkzone report -o 0 -c 1 /dev/$D	# the first command: tracks, not read
wait_tracked $D
expect_eq "zone 0 known after a reload" \
	"$(zone_col 0 host_cond) $(zone_col 0 host_written_sectors) $(zone_col 0 host_written_known)" "2 64 1"
run blkzone reset -o 0 -c 1 /dev/$D
expect_eq "known fill at reset" \
	"$(life resets_fill_unknown) $(zone_col 0 fill_sum_sectors) $(zone_col 0 host_cond)" "0 64 1"
agree "after a reload"
write_at 1 64
unload_zns; load_zns
run blkzone report -o 0 -c 1 /dev/$D; wait_tracked $D
run blkzone report /dev/$D
expect_eq "zone 1 seeded by a report" "$(zone_col 1 host_cond) $(zone_col 1 host_written_sectors)" "2 64"
run blkzone reset -o $ZONE_SECTORS -c 1 /dev/$D
expect_eq "zone 1 fill known from the report" "$(zone_col 1 fill_sum_sectors)" 64
agree "after the reports"

# fio --zonemode=zbd: 2.25 MiB from zone 4 on (empty), which fio rounds down
# to whole zones: zones 4 and 5 full, 6 still empty.
run fio --name=zbd --filename=/dev/$D --direct=1 --zonemode=zbd --ioengine=psync \
	--rw=write --bs=64k --offset=$(zone_bytes 4) --size=$((2 * $(zone_bytes 1) + 256 * 1024))
expect_eq "fio: zones 4, 5 full, 6 empty" \
	"$(zone_col 4 host_cond) $(zone_col 5 host_cond) $(zone_col 6 host_cond) $(zone_col 6 host_written_sectors)" "14 14 1 0"
agree "after fio"
finish
