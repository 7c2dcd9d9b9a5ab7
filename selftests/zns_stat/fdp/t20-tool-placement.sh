#!/bin/bash
# zns-stat placement against nvme-cli, in the FDP guest (no zns_stat module):
# the tool reads the device's FDP figures itself (passthrough ioctls on the
# namespace's block device), and they must be nvme-cli's:
#  - log 22h's host/media bytes written and media bytes erased equal
#    `nvme fdp stats`; the WAF is media / host bytes;
#  - each placement ID's reclaim unit handle and available media writes
#    equal `nvme fdp status` (RUAMW in blocks, and in bytes x the LBA size);
#  - the events equal `nvme fdp events` (host events -E, and the controller's);
#  - -i until SIGTERM: the intervals split the writes (one of them filling a
#    reclaim unit, a "not fully written" event) between them whole: host and
#    media bytes up to each interval's end are those of the first writes, the
#    sums are the bytes written and log 22h's growth, WAF = media / host;
#  - the zoned and conventional namespaces of the other controller (FDP off)
#    give one line, "FDP is not enabled ...", and exit status 1; so do a
#    device that is not an NVMe namespace and a user who is not root.
# shellcheck source-path=SCRIPTDIR source=lib-fdp.sh
. "${0%/*}/lib-fdp.sh"
# shellcheck source-path=SCRIPTDIR source=../zns.sh
. "${0%/*}/../zns.sh"

fdp_up
"$ZNS_TOOL" placement --help >/dev/null 2>&1 || ktap_skip "$ZNS_TOOL has no placement command"
echo "tool: $ZNS_TOOL"
fdp_ruamw
for ((p = 0; p < nph; p++)); do
	nvme fdp set-events "/dev/$FDP_CTRL" -n 1 -p "$p" -t 0 -e >/dev/null ||
		fail "nvme fdp set-events -p $p"
done

# Writes with each placement ID, and one without a directive.
lba=0
for ((p = 0; p < nph; p++)); do
	fdp_write "$lba" $((p + 1)) "$p"
	lba=$((lba + p + 1))
done
fdp_write "$lba" 3
lba=$((lba + 3))
# a handle update: media bytes without host bytes, and events
nvme fdp update "/dev/$FDP_NS" -p 0,1 >/dev/null || fail "nvme fdp update -p 0,1"

out=$("$ZNS_TOOL" placement "$FDP_NS" -o json) || fail "zns-stat placement $FDP_NS -o json: exit status $?"
fdp_stats
fdp_ruamw
d=$(jq -c '.disks[0]' <<<"$out")
expect_eq "disk" "$(jq -r .disk <<<"$d")" "$FDP_NS"
expect_eq "LBA size" "$(jq -r .lba_size <<<"$d")" "$FDP_BS"
expect_eq "HBMW (nvme fdp stats)" "$(jq -r .endurance_group_stats.host_bytes_written <<<"$d")" "$hbmw"
expect_eq "MBMW (nvme fdp stats)" "$(jq -r .endurance_group_stats.media_bytes_written <<<"$d")" "$mbmw"
expect_eq "MBE (nvme fdp stats)" "$(jq -r .endurance_group_stats.media_bytes_erased <<<"$d")" "$mbe"
{ [ "$hbmw" -gt 0 ] && [ "$mbmw" -gt "$hbmw" ]; } || fail "HBMW $hbmw, MBMW $mbmw: the writes and the update should have made MBMW > HBMW > 0"
expect_eq "WAF" "$(jq -r .endurance_group_stats.waf <<<"$d")" \
	"$(awk -v m="$mbmw" -v h="$hbmw" 'BEGIN { printf "%.3f", m / h }' | sed 's/0*$//; s/\.$//')"
expect_eq "placement IDs" "$(jq '.placement_ids | length' <<<"$d")" "$nph"
for ((p = 0; p < nph; p++)); do
	expect_eq "pid $p: ruhid, RUAMW blocks, bytes" \
		"$(jq -r ".placement_ids[] | select(.pid == $p) | \"\(.ruhid) \(.ruamw_blocks) \(.ruamw_bytes)\"" <<<"$d")" \
		"${ruhid[p]} ${ruamw[p]} $((ruamw[p] * FDP_BS))"
done
host_ev=$(nvme fdp events "/dev/$FDP_CTRL" -e 1 -E -o json | jq '.events | length')
ctrl_ev=$(nvme fdp events "/dev/$FDP_CTRL" -e 1 -o json | jq '.events | length')
[ "$host_ev" -ge 2 ] || fail "nvme fdp events -E: $host_ev events after an update of two handles"
expect_eq "host events (nvme fdp events -E)" "$(jq '[.events[] | select(.log == "host")] | length' <<<"$d")" "$host_ev"
expect_eq "controller events (nvme fdp events)" \
	"$(jq '[.events[] | select(.log == "controller")] | length' <<<"$d")" "$ctrl_ev"
expect_eq "host events counted by type" \
	"$(jq '[.event_counts[] | select(.log == "host") | .count] | add' <<<"$d")" "$host_ev"
expect_eq "the last host event (type pid nsid)" \
	"$(jq -r '[.events[] | select(.log == "host")] | last | "\(.type) \(.pid) \(.nsid)"' <<<"$d")" \
	"$(fdp_host_events | tail -n 1 | sed 's/^/0x/')"

# The table and CSV say the same, and where the figures are from.
table=$("$ZNS_TOOL" placement "$FDP_NS") || fail "zns-stat placement $FDP_NS: exit status $?"
echo "$table"
grep -q "^whole group (every namespace in it), not this namespace's alone:$" <<<"$table" ||
	fail "the table does not say whose figures log 22h's are"
csv=$("$ZNS_TOOL" placement "$FDP_NS" -o csv) || fail "zns-stat placement -o csv: exit status $?"
expect_eq "CSV host bytes written" "$(awk -F, '$1 ~ /^time/ { h = $4 } h == "host_bytes_written" && $1 !~ /^time/ { print $4; exit }' <<<"$csv")" "$hbmw"

# -i 1 until SIGTERM, with writes after its first reading and seconds of
# nothing before the signal. Where an interval ends among the writes depends
# on the guest's speed, so each interval is checked against the writes as a
# whole: the host (and media) bytes up to the end of every interval are the
# bytes of the first k writes for some k, the intervals add up to the bytes
# written and to log 22h's growth, each interval's WAF is its media / host
# bytes, the last one has nothing, and the new events add up to nvme-cli's.
fdp_stats
mbmw0=$mbmw
ev0=$(fdp_host_events | wc -l)
p=$((nph - 1))
fill=${ruamw[p]}
log=$(mktemp)
"$ZNS_TOOL" placement "$FDP_NS" -i 1 -o json >"$log" &
tool_pid=$!
sleep 1.5
# the writes' host and media bytes so far, after each write
host_sums=(0) media_sums=(0)
bytes=0 media=0
fdp_write "$lba" 5 0
# (a unit of placement ID 0 with 5 blocks or fewer left is switched too)
lba=$((lba + 5)) bytes=$((bytes + 5 * FDP_BS))
media=$((media + (5 + (5 >= ruamw[0] ? ruamw[0] : 0)) * FDP_BS))
host_sums+=("$bytes") media_sums+=("$media")
# placement ID p's unit to its end: the last write switches units (an event;
# QEMU 10.0 adds the unit's blocks left before that write once more)
while [ "$fill" -gt 0 ]; do
	last=$((fill > 64 ? 64 : fill))
	fdp_write "$lba" "$last" "$p"
	lba=$((lba + last)) fill=$((fill - last)) bytes=$((bytes + last * FDP_BS))
	media=$((media + last * FDP_BS * (fill ? 1 : 2)))
	host_sums+=("$bytes") media_sums+=("$media")
done
sleep 2.5
kill -TERM "$tool_pid"
wait "$tool_pid" || fail "zns-stat placement -i 1, stopped by SIGTERM: exit status $?"
fdp_stats
cat "$log"
n=$(jq '.intervals | length' "$log") || fail "zns-stat placement -i 1 -o json: not JSON"
[ "$n" -ge 3 ] || fail "zns-stat placement -i 1: $n intervals in the run's 4 s and more"
sum_h=0 sum_m=0 sum_e=0 written=0 bad=0
while read -r h m w e; do
	sum_h=$((sum_h + h)) sum_m=$((sum_m + m)) sum_e=$((sum_e + e))
	last_interval="$h $m $w $e"
	[ "$h" = 0 ] || written=$((written + 1))
	[[ " ${host_sums[*]} " == *" $sum_h "* ]] ||
		{ echo "FAIL: host bytes $sum_h up to an interval's end: not the bytes of the first writes (${host_sums[*]})"; bad=1; }
	[[ " ${media_sums[*]} " == *" $sum_m "* ]] ||
		{ echo "FAIL: media bytes $sum_m up to an interval's end: not those of the first writes (${media_sums[*]})"; bad=1; }
	if [ "$h" = 0 ]; then
		want=-
	else
		want=$(awk -v m="$m" -v h="$h" 'BEGIN { printf "%.3f", m / h }' | sed 's/0*$//; s/\.$//')
	fi
	[ "$w" = "$want" ] || { echo "FAIL: an interval's WAF is $w, its media / host bytes $want"; bad=1; }
done < <(jq -r '.intervals[].disks[0] | "\(.host_bytes_written) \(.media_bytes_written) \(.waf // "-") \(.new_events | length)"' "$log")
rm -f "$log"
expect_eq "intervals: each one's bytes those of whole writes, WAF media / host" "$bad" 0
expect_eq "intervals with host bytes" "$([ "$written" -ge 1 ] && echo some)" some
expect_eq "intervals: host bytes (the bytes written)" "$sum_h" "$bytes"
expect_eq "intervals: media bytes (log 22h's growth)" "$sum_m" $((mbmw - mbmw0))
expect_eq "intervals: media bytes (the writes, and the filling write's again)" "$sum_m" "$media"
expect_eq "intervals: new events (nvme fdp events -E)" "$sum_e" $(($(fdp_host_events | wc -l) - ev0))
expect_eq "the last interval (nothing written)" "$last_interval" "0 0 - 0"

# Namespaces without FDP and a device that is no NVMe namespace: one line, status 1.
zoned=0
for dev in /sys/block/nvme*n*; do
	ns=${dev##*/}
	if [ "$ns" = "$FDP_NS" ] || ! [[ $ns =~ ^nvme[0-9]+n[0-9]+$ ]]; then
		continue
	fi
	err=$("$ZNS_TOOL" placement "$ns" 2>&1 >/dev/null)
	rc=$?
	echo "$ns said: $err"
	expect_eq "$ns: exit status" "$rc" 1
	expect_eq "$ns: says" "${err%% (*}" \
		"zns-stat: $ns: FDP is not enabled on this namespace's endurance group"
	expect_eq "$ns: lines" "$(wc -l <<<"$err")" 1
	zoned=$((zoned + 1))
done
[ "$zoned" -ge 2 ] || fail "only $zoned namespaces beside $FDP_NS; the FDP guest has the zoned controller's"
err=$("$ZNS_TOOL" placement null 2>&1)
expect_eq "null: exit status" "$?" 1
expect_eq "null: says" "$err" "zns-stat: null: not an NVMe namespace"
# Not root: the block device (root:disk 0660) does not open.
nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
if "${nobody[@]}" test -x "$ZNS_TOOL" 2>/dev/null; then
	err=$("${nobody[@]}" "$ZNS_TOOL" placement "$FDP_NS" 2>&1)
	expect_eq "as nobody: exit status" "$?" 1
	expect_eq "as nobody: says" "${err%% (*}" \
		"zns-stat: $FDP_NS: reading the device's placement logs needs root"
else
	echo "as nobody: $ZNS_TOOL cannot be run by nobody here, not tried"
fi
finish
