#!/bin/bash
# zns-stat placement against nvme-cli, in the FDP guest (no zns_stat module):
# the tool reads the device's FDP figures itself (passthrough ioctls on the
# namespace's block device), and they must be nvme-cli's:
#  - log 22h's host/media bytes written and media bytes erased equal
#    `nvme fdp stats`; the WAF is media / host bytes;
#  - each placement ID's reclaim unit handle and available media writes
#    equal `nvme fdp status` (RUAMW in blocks, and in bytes x the LBA size);
#  - the events equal `nvme fdp events` (host events -E, and the controller's);
#  - -i: an interval with writes (one of them filling a reclaim unit, a
#    "not fully written" event) has their bytes as its host bytes, the media
#    bytes log 22h grew by, WAF = media / host, and the new event; the next
#    interval, without writes, nothing;
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

# -i: writes in the first of two intervals of 3 s (begun 0.6 s in, they take
# well under a second on TCG), none in the second.
fdp_stats
mbmw0=$mbmw
ev0=$(fdp_host_events | wc -l)
p=$((nph - 1))
fill=${ruamw[p]}
log=$(mktemp)
start=$EPOCHREALTIME
"$ZNS_TOOL" placement "$FDP_NS" -i 3 -n 2 -o json >"$log" &
tool_pid=$!
sleep 0.6
bytes=0
fdp_write "$lba" 5 0
lba=$((lba + 5)) bytes=$((bytes + 5 * FDP_BS))
# placement ID p's unit to its end: the last write switches units (an event)
while [ "$fill" -gt 0 ]; do
	last=$((fill > 64 ? 64 : fill))
	fdp_write "$lba" "$last" "$p"
	lba=$((lba + last)) fill=$((fill - last)) bytes=$((bytes + last * FDP_BS))
done
echo "the writes ended $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }') s after the tool started"
wait "$tool_pid" || fail "zns-stat placement -i 3 -n 2: exit status $?"
fdp_stats
cat "$log"
jq -e '.intervals | length == 2' "$log" >/dev/null || fail "zns-stat placement -i 3 -n 2 -o json: not two intervals"
read -r h1 m1 w1 e1 h2 m2 w2 e2 < <(jq -r '[.intervals[].disks[0] |
	.host_bytes_written, .media_bytes_written, (.waf // "-"), (.new_events | length)] | join(" ")' "$log")
rm -f "$log"
expect_eq "interval 1: host bytes (the bytes written)" "$h1" "$bytes"
expect_eq "interval 2: host bytes (nothing written)" "$h2" 0
expect_eq "both intervals: media bytes (log 22h's growth)" $((m1 + m2)) $((mbmw - mbmw0))
# (QEMU 10.0 adds the unit's blocks left before the filling write once more)
expect_eq "interval 1: media bytes (the writes, and the filling write's again)" "$m1" \
	$((bytes + last * FDP_BS))
expect_eq "interval 1: WAF = media / host bytes" "$w1" \
	"$(awk -v m="$m1" -v h="$h1" 'BEGIN { printf "%.3f", m / h }' | sed 's/0*$//; s/\.$//')"
expect_eq "interval 2: WAF (no host bytes)" "$w2" "-"
expect_eq "interval 1: new events (nvme fdp events -E)" "$e1" $(($(fdp_host_events | wc -l) - ev0))
expect_eq "interval 2: new events" "$e2" 0

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
