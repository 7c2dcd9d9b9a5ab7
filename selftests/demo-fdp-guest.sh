#!/bin/bash
# The `make demo` placement run, inside the FDP guest (guest/vm.sh --fdp: QEMU
# 10's NVMe Flexible Data Placement controller, 6.12): a short workload with
# several placement IDs and one without, a reclaim unit handle update, then
# zns-stat placement (the device's figures beside the host's per placement
# ID), and a check that the host's figures match the workload exactly and the
# WAF is the device's own.
# shellcheck source-path=SCRIPTDIR source=zns_stat/fdp/lib-fdp.sh
. "$ZNS_SRC/selftests/zns_stat/fdp/lib-fdp.sh"
# shellcheck source-path=SCRIPTDIR source=zns_stat/zns.sh
. "$ZNS_SRC/selftests/zns_stat/zns.sh"

step() { printf '\n== %s\n' "$*"; }
kib() { echo "$(($1 / 1024)) KiB"; }

step "load the NVMe driver and zns_stat"
fdp_up
load_zns
cat "$ZNS_DEBUGFS/status"
fdp_ruamw
[ "$nph" -ge 4 ] || fail "$FDP_NS has $nph placement IDs; the demo writes with 4"
fdp_stats
hbmw0=$hbmw
# build/demo/ on the host, shared writable by demo.sh as 9p tag "demo".
out=$ZNS_SRC/build/demo
mount -t 9p -o trans=virtio,version=9p2000.L demo "$out" || fail "mount the demo output"

# put PID BLOCKS COUNT: COUNT nvme-cli writes of BLOCKS blocks each with
# placement ID PID ("none": without a directive), one after the other;
# want_w/want_b[PID] count them.
lba=0
declare -A want_w=() want_b=()
put() {
	local pid=$1 blocks=$2 count=$3 i opts="" what

	what="without a directive"
	[ "$pid" = none ] || opts=" -T 2 -S $pid" what="with placement ID $pid"
	echo "\$ nvme write /dev/$FDP_NS -s $lba -c $((blocks - 1)) -z $((blocks * FDP_BS)) -d /dev/zero$opts" \
		"  (x$count: $(kib $((count * blocks * FDP_BS))) $what)"
	for ((i = 0; i < count; i++)); do
		if [ "$pid" = none ]; then
			fdp_write "$lba" "$blocks"
		else
			fdp_write "$lba" "$blocks" "$pid"
		fi
		lba=$((lba + blocks))
	done
	want_w[$pid]=$((${want_w[$pid]:-0} + count))
	want_b[$pid]=$((${want_b[$pid]:-0} + count * blocks * FDP_BS))
}

step "workload on $FDP_NS: $FDP_BS-byte LBAs, placement IDs 0-$((nph - 1)) (reclaim units of 1 MiB)"
echo "\$ nvme fdp set-events /dev/$FDP_CTRL -n 1 -p PID -t 0 -e   (for IDs 0-3: log the device's events)"
for p in 0 1 2 3; do
	nvme fdp set-events "/dev/$FDP_CTRL" -n 1 -p "$p" -t 0 -e >/dev/null ||
		fail "nvme fdp set-events -p $p"
done
# The first write naming a placement: from it on, zns_stat counts the namespace.
put 0 16 4
put 1 16 2
put 2 4 4
put 3 8 1
put none 8 2

step "zns-stat placement $FDP_NS -i 1 -n 3: three 1-second intervals while ID 3 writes"
echo "(each interval: the device's bytes and WAF, and the host's bytes and rate per placement ID)"
# The writer runs until the view ends and counts its writes in a file (a
# subshell cannot add to want_w); it never passes the namespace's 64 MiB.
rm -f /tmp/view-done
(
	n=0
	while [ ! -e /tmp/view-done ] && [ "$n" -lt 200 ]; do
		fdp_write $((lba + 8 * n)) 8 3
		n=$((n + 1))
		echo "$n" >/tmp/view-writes
		sleep 0.2
	done
) &
writer=$!
"$ZNS_TOOL" placement "$FDP_NS" -i 1 -n 3 | tee /tmp/intervals
rc=${PIPESTATUS[0]}
touch /tmp/view-done
wait "$writer" || fail "the writes with placement ID 3 beside the interval view"
[ "$rc" = 0 ] || fail "zns-stat placement -i 1 -n 3: exit status $rc"
n=$(cat /tmp/view-writes) || fail "no write beside the interval view"
echo "(ID 3: $n writes of $(kib $((8 * FDP_BS))) meanwhile)"
want_w[3]=$((want_w[3] + n)) want_b[3]=$((want_b[3] + n * 8 * FDP_BS))
lba=$((lba + 8 * n))
expect_eq "intervals shown" "$(grep -c "^$FDP_NS " /tmp/intervals)" 3

step "a reclaim unit handle update: IDs 0 and 1 start new reclaim units"
echo "\$ nvme fdp update /dev/$FDP_NS -p 0,1"
nvme fdp update "/dev/$FDP_NS" -p 0,1 >/dev/null || fail "nvme fdp update -p 0,1"

step "zns-stat placement $FDP_NS"
"$ZNS_TOOL" placement "$FDP_NS" || fail "zns-stat placement"
json=$out/placement-$FDP_NS.json
"$ZNS_TOOL" placement "$FDP_NS" -o json >"$json" || fail "zns-stat placement -o json"
echo "JSON: build/demo/placement-$FDP_NS.json"

step "cat $ZNS_DEBUGFS/$FDP_NS/placement"
cat "$ZNS_DEBUGFS/$FDP_NS/placement"

step "do the figures match the workload and the device?"
fdp_stats
total=0
for ((p = 0; p < nph; p++)); do rows+=("$p"); done
rows+=(none unlisted)
for row in "${rows[@]}"; do
	read -r w b < <(jq -r --arg r "$row" '.disks[0].host.rows[] |
		select((if .row == "pid" then (.pid | tostring) else .row end) == $r) |
		"\(.host_writes) \(.host_bytes)"' "$json")
	expect_eq "placement ID $row: host writes, bytes (written: ${want_w[$row]:-0}, $(kib "${want_b[$row]:-0}"))" \
		"$w $b" "${want_w[$row]:-0} ${want_b[$row]:-0}"
	total=$((total + ${want_b[$row]:-0}))
done
expect_eq "the namespace's host bytes (written: $(kib $total))" "$(jq -r '.disks[0].host.bytes' "$json")" "$total"
expect_eq "the device's host bytes written, log 22h (HBMW), grew by" $((hbmw - hbmw0)) "$total"
waf=$(awk -v m="$mbmw" -v h="$hbmw" 'BEGIN { printf "%.3f", m / h }' | sed 's/0*$//; s/\.$//')
expect_eq "WAF = media / host bytes written (nvme fdp stats: $mbmw / $hbmw)" \
	"$(jq -r '.disks[0].endurance_group_stats.waf' "$json")" "$waf"
[ "$mbmw" -gt "$hbmw" ] || fail "media bytes $mbmw, host bytes $hbmw: the update should have made the WAF > 1"
ev=$(nvme fdp events "/dev/$FDP_CTRL" -e 1 -E -o json | jq '.events | length')
[ "$ev" -ge 2 ] || fail "nvme fdp events -E: $ev events after an update of IDs 0 and 1"
expect_eq "the device's host events (nvme fdp events -E)" \
	"$(jq '[.disks[0].events[] | select(.log == "host")] | length' "$json")" "$ev"
expect_summary "$FDP_NS" dropped=0
[ "$_zns_failures" -eq 0 ] && cat <<EOF
yes: every placement ID's host bytes are what was written with it, exactly:
  zns_stat counts the commands per ID; the device counts only its endurance
  group's total (log 22h), and puts writes without a directive on ID 0.
  The WAF, $(awk -v m="$mbmw" -v h="$hbmw" 'BEGIN { printf "%.2f", m / h }'), is the device's: media / host bytes written, 1 until the
  update, which closed IDs 0 and 1's reclaim units part-written and counts
  their unwritten rest, $(kib $((mbmw - hbmw))), as media written (and logged a
  "reclaim unit not fully written" event for each).
EOF
finish
