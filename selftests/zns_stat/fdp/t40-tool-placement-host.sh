#!/bin/bash
# zns-stat placement's host columns against what was written, in the FDP
# guest with the zns_stat module loaded: a seeded mix of nvme-cli writes with
# each placement ID (directive type 2, DSPEC = the ID), without a directive,
# and with IDs the namespace does not list (QEMU puts those on ID 0 and says
# nothing), then:
#  - per placement ID host_writes and host_bytes grew by the commands and
#    bytes written with it, rows none and unlisted by the others, exactly;
#    each ID's share is its bytes over the namespace's;
#  - the namespace's host bytes grew by log 22h's host bytes written (HBMW):
#    it is the endurance group's only namespace in the FDP guest;
#  - -i 1 until SIGTERM: every interval's ns_host_bytes equals its growth of
#    HBMW, and the intervals' host bytes per row add up to the writes;
#  - zns-stat export: zns_placement_host_bytes_total per pid as the tool says;
#  - the zone views leave the namespace out, and name it when asked.
# shellcheck source-path=SCRIPTDIR source=lib-fdp.sh
. "${0%/*}/lib-fdp.sh"
# shellcheck source-path=SCRIPTDIR source=../zns.sh
. "${0%/*}/../zns.sh"

fdp_up
"$ZNS_TOOL" placement --help >/dev/null 2>&1 || ktap_skip "$ZNS_TOOL has no placement command"
load_zns
fdp_ruamw
[ "$nph" -ge 2 ] || fail "the namespace has $nph placement IDs; the FDP guest gives it several"

# The module counts the namespace from a write with a placement directive:
# one, then its placement file (the discovery worker reads the device's list).
lba=0
fdp_write "$lba" 1 0
lba=$((lba + 1))
end=$((SECONDS + 30))
until [ -e "$ZNS_DEBUGFS/$FDP_NS/placement" ]; do
	[ "$SECONDS" -lt "$end" ] || fail "no $ZNS_DEBUGFS/$FDP_NS/placement 30 s after a write with placement ID 0"
	sleep 0.2
done
[ ! -e "$ZNS_DEBUGFS/$FDP_NS/zones" ] || fail "$FDP_NS has a zones file beside its placement file"
cat "$ZNS_DEBUGFS/$FDP_NS/placement"

# host_rows FILE: "ROW WRITES BYTES" per row of the tool's JSON in FILE (ROW a
# placement ID, none or unlisted), then "ns BYTES".
host_rows() {
	jq -r '.disks[0].host | (.rows[] | "\(if .row == "pid" then .pid else .row end) \(.host_writes) \(.host_bytes)"),
		"ns \(.bytes)"' "$1"
}
before=$(mktemp) after=$(mktemp) log=$(mktemp) prom=$(mktemp -d)
trap 'rm -rf "$before" "$after" "$log" "$prom"' EXIT
"$ZNS_TOOL" placement "$FDP_NS" -o json >"$before" || fail "zns-stat placement $FDP_NS -o json: exit status $?"
expect_eq "tracked before the writes" "$(jq -r '.disks[0].host.tracked' "$before")" true
declare -A w0=() b0=() want_w=() want_b=()
while read -r row w b; do
	w0[$row]=$w b0[$row]=$b
done < <(host_rows "$before")
fdp_stats
hbmw0=$hbmw

seed=${ZNS_FDP_SEED:-$(($(date +%s) % 100000))}
echo "seed $seed (ZNS_FDP_SEED=$seed reruns it)"
RANDOM=$seed

"$ZNS_TOOL" placement "$FDP_NS" -i 1 -o json >"$log" &
tool_pid=$!
sleep 1.5
# Row of each write: an ID of the list, none, or one the namespace lacks
# (nph..nph+9: beyond its list, within the device's 128).
for ((i = 0; i < 24; i++)); do
	blocks=$((1 + RANDOM % 8))
	k=$((RANDOM % (nph + 2)))
	if [ "$k" -lt "$nph" ]; then
		row=$k
		fdp_write "$lba" "$blocks" "$k"
	elif [ "$k" = "$nph" ]; then
		row=none
		fdp_write "$lba" "$blocks"
	else
		row=unlisted
		fdp_write "$lba" "$blocks" $((nph + RANDOM % 10))
	fi
	want_w[$row]=$((${want_w[$row]:-0} + 1))
	want_b[$row]=$((${want_b[$row]:-0} + blocks * FDP_BS))
	lba=$((lba + blocks))
done
sleep 2.5
kill -TERM "$tool_pid"
wait "$tool_pid" || fail "zns-stat placement -i 1, stopped by SIGTERM: exit status $?"
fdp_stats

"$ZNS_TOOL" placement "$FDP_NS" -o json >"$after" || fail "zns-stat placement $FDP_NS -o json: exit status $?"
"$ZNS_TOOL" placement "$FDP_NS"
total=0
while read -r row w b; do
	[ "$row" = ns ] && continue
	expect_eq "row $row: host writes grew by the writes" $((w - ${w0[$row]:-0})) "${want_w[$row]:-0}"
	expect_eq "row $row: host bytes grew by the bytes written" $((b - ${b0[$row]:-0})) "${want_b[$row]:-0}"
	total=$((total + ${want_b[$row]:-0}))
done < <(host_rows "$after")
expect_eq "rows" "$(jq '.disks[0].host.rows | length' "$after")" $((nph + 2))
ns_after=$(host_rows "$after" | awk '$1 == "ns" { print $2 }')
ns_before=$(host_rows "$before" | awk '$1 == "ns" { print $2 }')
expect_eq "the namespace's host bytes grew by the bytes written" $((ns_after - ns_before)) "$total"
expect_eq "... and by log 22h's host bytes written (the group's only namespace)" \
	$((ns_after - ns_before)) $((hbmw - hbmw0))
bad=$(jq -r '.disks[0].host as $h | $h.rows[] | select(.host_share != null) |
	select(((.host_bytes / $h.bytes) - .host_share | fabs) > 0.00005) | .row' "$after")
expect_eq "shares: each row's bytes over the namespace's" "$bad" ""

# -i: each interval's namespace bytes are its HBMW growth; the rows add up.
cat "$log"
n=$(jq '.intervals | length' "$log") || fail "zns-stat placement -i 1 -o json: not JSON"
[ "$n" -ge 3 ] || fail "zns-stat placement -i 1: $n intervals in the run's 4 s and more"
# (the tool reads the device, then the module's file: a write completing
# between the two counts in one interval for the one, the next for the
# other; two intervals, no more, may differ, their sums not)
expect_eq "intervals: ns_host_bytes add up to log 22h's host bytes written" \
	"$(jq '[.intervals[].disks[0].ns_host_bytes] | add' "$log")" \
	"$(jq '[.intervals[].disks[0].host_bytes_written] | add' "$log")"
expect_eq "intervals: ns_host_bytes add up to the bytes written" \
	"$(jq '[.intervals[].disks[0].ns_host_bytes] | add' "$log")" "$total"
diff=$(jq '[.intervals[].disks[0] | select(.ns_host_bytes != .host_bytes_written)] | length' "$log")
[ "$diff" -le 2 ] || fail "$diff intervals whose ns_host_bytes is not their host bytes written"
for row in $(seq 0 $((nph - 1))) none unlisted; do
	expect_eq "intervals: row $row's host bytes" \
		"$(jq --arg r "$row" '[.intervals[].disks[0].host.rows[] |
			select((if .row == "pid" then (.pid | tostring) else .row end) == $r) | .host_bytes] | add // 0' "$log")" \
		"${want_b[$row]:-0}"
done

# export: the same counts
"$ZNS_TOOL" export --textfile-dir "$prom" "$FDP_NS" || fail "zns-stat export $FDP_NS: exit status $?"
while read -r row w b; do
	[ "$row" = ns ] && continue
	expect_eq "export: pid $row bytes" \
		"$(sed -n "s/^zns_placement_host_bytes_total{disk=\"$FDP_NS\",pid=\"$row\"[,}].* //p" "$prom/zns_stat.prom")" "$b"
done < <(host_rows "$after")

# the ledger: one fold of the live namespace, its per-ID totals the module's
st=$(mktemp -d)
"$ZNS_TOOL" ledger --state-dir "$st" --once "$FDP_NS" >/dev/null ||
	fail "zns-stat ledger --once $FDP_NS: exit status $?"
expect_eq "ledger show: per row pid, ruhid, writes, write_sectors, errors (the module's)" \
	"$("$ZNS_TOOL" ledger show "$FDP_NS" --state-dir "$st" -o csv | cut -d, -f3-7 | tail -n +2 | tr '\n' ' ')" \
	"$(awk 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		{ print $1 "," ($2 == "-" ? "" : $2) "," $n["writes"] "," $n["write_sectors"] "," $n["errors"] }' \
		"$ZNS_DEBUGFS/$FDP_NS/placement" | tr '\n' ' ')"

# a recorded run while writing with one placement ID, and its report
p=$((RANDOM % nph))
"$ZNS_TOOL" record "$FDP_NS" -c t40 -d 3 -i 1 -D "$st/runs" >"$st/record.out" 2>&1 &
rec=$!
sleep 1
fdp_write "$lba" 4 "$p"
lba=$((lba + 4))
wait "$rec" || fail "zns-stat record $FDP_NS: exit status $?: $(cat "$st/record.out")"
run=$(find "$st/runs" -name '*.dat' | head -n 1)
[ -s "$run" ] || fail "zns-stat record wrote no data file: $(ls "$st/runs")"
"$ZNS_TOOL" report "$run" -f "$st/run.html" >/dev/null 2>&1 || fail "zns-stat report $run: exit status $?"
grep -q "placement" "$st/run.html" || fail "the report of $run says nothing of placement"
expect_eq "the run's data file: kind" "$(sed -n 's/^kind: //p' "$run")" placement
expect_eq "the run's growth of pid $p: writes, write_sectors" \
	"$(awk -v r="$p" '/^# pid ruhid / { for (i = 2; i <= NF; i++) n[$i] = i - 1; t = 1; next }
		t && $1 == r { print $n["writes"], $n["write_sectors"]; exit }' "$run")" "1 $((4 * FDP_BS / 512))"

# the zone views
err=$("$ZNS_TOOL" "$FDP_NS" 2>&1 >/dev/null)
expect_eq "zns-stat $FDP_NS says" "$err" \
	"zns-stat: $FDP_NS: a namespace with Flexible Data Placement, not zoned: 'zns-stat placement $FDP_NS'"
"$ZNS_TOOL" -o json 2>/dev/null | jq -e --arg d "$FDP_NS" '[.disks[].disk] | index($d) == null' >/dev/null ||
	fail "zns-stat -o json lists $FDP_NS"
finish
