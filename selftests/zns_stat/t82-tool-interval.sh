#!/bin/bash
# zns-stat -i: the per-interval counts add up exactly to the commands run, a
# clear between intervals is flagged and counted from the clear (the devices
# parameter's leaving a namespace out is not one), JSON is one
# document, Prometheus files are replaced each interval, and unloading the
# module between intervals is survived with a message, not a crash.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
require_cmd /usr/bin/python3

nvme_up
load_zns
fresh $NS1
fresh $NS2
run() { "$@" >/dev/null || fail "$*"; }
out=/tmp/t82
rm -rf "$out"
mkdir -p "$out"
write_zone0() {	# write_zone0 N: N writes of 8 sectors at zone 0's write pointer
	local i
	for ((i = 0; i < $1; i++)); do
		run nvme write /dev/$NS2 -s "$wp" -c 7 -z 4096 -d "$(data_file 4096)"
		wp=$((wp + 8))
	done
}
wp=0
# column FILE NAME: that column of every CSV data row
column() {
	awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $(col[c]) }' "$1"
}

# until_true SECONDS WHAT COMMAND...: poll COMMAND every 0.1 s (nvme-cli takes
# about half a second per command in this TCG guest, so nothing here is timed).
until_true() {
	local end=$((SECONDS + $1)) what=$2
	shift 2
	until "$@"; do
		[ "$SECONDS" -lt "$end" ] || fail "$what: not after $1 s"
		sleep 0.1
	done
}
rows() { grep -c ",$NS2," "$out/csv"; }
more_rows() { [ "$(rows)" -ge "$1" ]; }
stop() {	# stop PID: SIGINT, as Ctrl-C; the tool must exit 0
	kill -INT "$1"
	wait "$1" || fail "zns-stat exited with $? on SIGINT"
}

# CSV: 3 writes, a clear, 1 write; a row per interval, the header once.
"$ZNS_TOOL" -i 0.5 -o csv $NS2 >"$out/csv" 2>"$out/csv.err" &
pid=$!
until_true 30 "first CSV row" more_rows 1
write_zone0 3
until_true 30 "2 rows after the writes" more_rows $(($(rows) + 2))
zns_clear $NS2
write_zone0 1
until_true 30 "2 rows after the clear" more_rows $(($(rows) + 2))
stop "$pid"
cat "$out/csv"
expect_eq "csv headers" "$(grep -c '^time,disk,interval_s,cleared,' "$out/csv")" 1
sum() { awk '{ s += $1 } END { print s + 0 }'; }
expect_eq "writes in all intervals" "$(column "$out/csv" writes | sum)" 4
expect_eq "write_sectors in all intervals" "$(column "$out/csv" write_sectors | sum)" 32
expect_eq "intervals flagged cleared" "$(column "$out/csv" cleared | grep -c 1)" 1
# the write after the clear lands in the cleared interval or a later one
expect_eq "writes before / from the cleared interval" \
	"$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["cleared"] == 1 { after = 1 } { n[after + 0] += $c["writes"] }
		END { print n[0] + 0 "/" n[1] + 0 }' "$out/csv")" 3/1
expect_eq "interval lengths" "$(column "$out/csv" interval_s | awk '$1 < 0.2 || $1 > 5 { bad++ } END { print bad + 0 }')" 0
expect_eq "write latency in write intervals" \
	"$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["writes"] > 0 && !($c["write_lat_avg_ns"] > 0) { bad++ } END { print bad + 0 }' "$out/csv")" 0
expect_eq "csv stderr" "$(wc -c <"$out/csv.err")" 0

# Table: a header per interval, the busiest zone named, the clear marked.
"$ZNS_TOOL" -i 0.5 $NS2 >"$out/table" 2>&1 &
pid=$!
intervals() { grep -c '^disk ' "$out/table"; }
more_intervals() { [ "$(intervals)" -ge "$1" ]; }
until_true 30 "first interval" more_intervals 1
write_zone0 2
until_true 30 "2 intervals after the writes" more_intervals $(($(intervals) + 2))
zns_clear $NS2
until_true 30 "2 intervals after the clear" more_intervals $(($(intervals) + 2))
stop "$pid"
cat "$out/table"
expect_eq "table headers" "$(grep -c '^disk .* r/s .* r_lat .*reset_lat errors busiest zones$' "$out/table")" \
	"$(grep -c '^20[0-9-]*T' "$out/table")"
expect_eq "table: zone 0 busiest" "$(($(grep -cE "^$NS2 .* 0\$" "$out/table") >= 1))" 1
expect_eq "table: clear marked" "$(grep -c '^\* counters were cleared during the interval' "$out/table")" 1

# JSON: one document of intervals, also when stopped by SIGINT.
"$ZNS_TOOL" -i 0.5 -o json $NS2 >"$out/json" 2>"$out/json.err" &
pid=$!
has() { grep -q "$1" "$2"; }
until_true 30 "first JSON interval" has '"time"' "$out/json"
write_zone0 1
until_true 30 "the write in JSON" has '"writes": 1' "$out/json"
stop "$pid"
expect_eq "json" "$(/usr/bin/python3 - "$out/json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
iv = d["intervals"]
print(len(iv) >= 2, sum(x["disks"][0]["counts"]["writes"] for x in iv),
      {x["disks"][0]["disk"] for x in iv})
PY
)" "True 1 {'$NS2'}"

# -f -: standard output, as everywhere (no file named "-").
(cd "$out" && "$ZNS_TOOL" -i 0.3 -n 1 -o csv -f - $NS2 >"$out/dash.csv") || fail "zns-stat -i -f -"
expect_eq "-f -: one interval on stdout, no file named -" \
	"$(grep -c ",$NS2," "$out/dash.csv") $([ -e "$out/-" ] && echo made || echo none)" "1 none"

# Prometheus into a file, replaced each interval (node_exporter textfile).
"$ZNS_TOOL" -i 0.3 -n 4 -o prom -f "$out/zns.prom" >"$out/prom.out" 2>&1 || fail "zns-stat -o prom -i"
expect_eq "prom file: nothing on stdout" "$(wc -c <"$out/prom.out")" 0
expect_eq "prom file: counters" "$(grep -c "^zns_zone_writes_total{disk=\"$NS2\",zone=\"0\"} 1\$" "$out/zns.prom")" 1
expect_eq "prom file: both namespaces" "$(grep -c '^zns_zones{' "$out/zns.prom")" 2
expect_eq "prom file: no temporaries" "$(ls "$out" | grep -c '\.tmp\.')" 0

# devices= leaving the namespace out and taking it back: counting goes 1, 0,
# 1, a state, not a counter: no interval is flagged cleared, and states are
# no interval columns (issue 14, item 3).
params=/sys/module/zns_stat/parameters
"$ZNS_TOOL" -i 0.5 -o csv $NS2 >"$out/states" 2>"$out/states.err" &
pid=$!
state_rows() { [ "$(grep -c ",$NS2," "$out/states")" -ge "$1" ]; }
until_true 30 "first CSV row" state_rows 1
echo $NS1 >$params/devices || fail "devices=$NS1"
until_true 30 "2 rows while left out" state_rows 3
echo "" >$params/devices || fail "devices="
until_true 30 "2 rows when counted again" state_rows 5
stop "$pid"
cat "$out/states"
expect_eq "devices: intervals flagged cleared" "$(column "$out/states" cleared | grep -c 1)" 0
expect_eq "devices: state columns" "$(head -n 1 "$out/states" | tr , '\n' | grep -cxE 'paths|counting')" 0

# The module unloaded and loaded again between intervals: a message, no crash.
"$ZNS_TOOL" -i 0.5 $NS2 >"$out/gone" 2>"$out/gone.err" &
pid=$!
"$ZNS_TOOL" -i 0.5 -o csv >"$out/gone-all" 2>"$out/gone-all.err" &
pid_all=$!
until_true 30 "first interval" has "^$NS2 " "$out/gone"
until_true 30 "first interval" has ",$NS2," "$out/gone-all"
unload_zns
# (on failure, say what the tools printed)
trap 'echo "gone.err:"; cat "$out/gone.err"; echo "gone-all.err:"; cat "$out/gone-all.err"; ps -o pid,stat,wchan:20,cmd -C zns-stat' EXIT
until_true 90 "the loss noticed" has 'waiting for it to come back' "$out/gone.err"
until_true 90 "the loss noticed" has 'no longer tracked' "$out/gone-all.err"
trap - EXIT
load_zns
blkzone report -c 1 /dev/$NS2 >/dev/null	# tracked from its first command
wait_tracked $NS2
until_true 30 "a new baseline" has "$NS2: tracked, counting from now" "$out/gone.err"
until_true 30 "a new baseline" has "$NS2: tracked, counting from now" "$out/gone-all.err"
write_zone0 1
until_true 30 "the write after the reload" grep -qE "^$NS2 +0\.0 +0\.00 +[1-9]" "$out/gone"
wrote_all() { awk -F, -v d="$NS2" '$2 == d && $c > 0 { f = 1 } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "writes") c = i } END { exit !f }' "$out/gone-all"; }
until_true 30 "the write after the reload (all disks)" wrote_all
stop "$pid"
stop "$pid_all"
cat "$out/gone.err" "$out/gone-all.err"
expect_eq "unload: waiting message" "$(grep -c "$NS2.*waiting for it to come back" "$out/gone.err")" 1
expect_eq "unload: back message" "$(grep -c "$NS2: tracked, counting from now" "$out/gone.err")" 1
expect_eq "unload, all disks: gone message" "$(grep -c "$NS2 is no longer tracked" "$out/gone-all.err")" 1
expect_eq "unload: rows with the write" "$(grep -cE "^$NS2 +0\.0 +0\.00 +[1-9]" "$out/gone")" 1
expect_eq "unload, all disks: writes" "$(awk -F, -v d="$NS2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $2 == d { s += $c["writes"] } END { print s + 0 }' "$out/gone-all")" 1

# Bad arguments: one line, exit 2.
rc=0
"$ZNS_TOOL" -n 3 $NS2 >/dev/null 2>"$out/err" || rc=$?
expect_eq "-n without -i: exit" "$rc" 2
expect_eq "-n without -i: says" "$(cat "$out/err")" "zns-stat: -n needs -i; see 'zns-stat --help'"
rc=0
"$ZNS_TOOL" -i 1 nvme9n9 >/dev/null 2>"$out/err" || rc=$?
expect_eq "-i unknown disk: exit" "$rc" 1
expect_eq "-i unknown disk: one line" "$(wc -l <"$out/err")" 1
finish
