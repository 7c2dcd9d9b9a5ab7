# shellcheck shell=bash disable=SC2034  # the helpers' results are for the tests
# Helpers for the fdp/ tests: the Flexible Data Placement controller of the FDP guest
# (selftests/guest/vm.sh --fdp, ZNS_QEMU=fdp; its header describes the device).
# Beside this file, not the caller's: make demo's selftests/demo-fdp-guest.sh sources it too.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "${BASH_SOURCE[0]%/*}/../lib.sh"

# fdp_up: load nvme and find the FDP controller (serial fdp0) and its namespace 1,
# by serial, never by name (the two controllers are probed in parallel):
#   FDP_CTRL  its character device name (nvmeN), FDP_ID = N (the "nvmeN:" of the
#             nvme tracepoints), FDP_NS  the namespace's block device (nvmeXn1, the
#             multipath head), FDP_BS  its LBA size in bytes.
# Skips outside the FDP guest.
fdp_up() {
	local c serial end=$((SECONDS + 30))

	[ "${ZNS_QEMU:-}" = fdp ] ||
		ktap_skip "needs the FDP guest (selftests/guest/vm.sh --fdp, ZNS_QEMU=fdp)"
	require_cmd nvme jq
	load_nvme
	FDP_CTRL=
	until [ -n "$FDP_CTRL" ] && find_ns_disk fdp0 1; do
		[ "$SECONDS" -lt "$end" ] || fail "no namespace 1 of controller fdp0 30 s after loading nvme"
		for c in /sys/class/nvme/nvme*; do
			sysfs_value serial "$c/serial"
			[ "$serial" = fdp0 ] && FDP_CTRL=${c##*/}
		done
		sleep 0.1
	done
	FDP_NS=$ns_disk
	FDP_ID=${FDP_CTRL#nvme}
	wait_for_block "$FDP_NS"
	sysfs_value FDP_BS "/sys/block/$FDP_NS/queue/logical_block_size"
	# shellcheck disable=SC2153  # set by sysfs_value
	echo "FDP controller $FDP_CTRL, namespace $FDP_NS, $FDP_BS-byte blocks"
}

# fdp_stats: HBMW MBMW MBE (log page 22h of endurance group 1, bytes) into $hbmw $mbmw $mbe.
fdp_stats() {
	local s
	s=$(nvme fdp stats "/dev/$FDP_CTRL" -e 1 -o json) || fail "nvme fdp stats failed"
	read -r hbmw mbmw mbe < <(jq -r '"\(.hbmw) \(.mbmw) \(.mbe)"' <<<"$s")
	[[ $hbmw =~ ^[0-9]+$ && $mbmw =~ ^[0-9]+$ && $mbe =~ ^[0-9]+$ ]] ||
		fail "nvme fdp stats: cannot read '$s'"
}

# fdp_ruamw: ruamw[PID] = the reclaim unit available media writes (blocks) of each
# placement ID of the namespace, ruhid[PID] its reclaim unit handle, nph = how many
# (I/O Management Receive, Reclaim Unit Handle Status).
fdp_ruamw() {
	local pid h w
	ruamw=() ruhid=() nph=0
	while read -r pid h w; do
		ruamw[pid]=$w ruhid[pid]=$h
		nph=$((nph + 1))
	done < <(nvme fdp status "/dev/$FDP_NS" -o json | jq -r '.ruhss[] | "\(.pid) \(.ruhid) \(.ruamw)"')
	[ "$nph" -gt 0 ] || fail "nvme fdp status $FDP_NS: no placement handles"
}

# fdp_host_events: the host events of log page 23h as "TYPE PID NSID" lines.
fdp_host_events() {
	nvme fdp events "/dev/$FDP_CTRL" -e 1 -E -o json | jq -r '.events[] | "\(.type) \(.pid) \(.nsid)"'
}

# fdp_write LBA BLOCKS [PID]: one nvme-cli passthrough write of zeroes to the
# namespace, with placement ID PID (directive type 2, DSPEC = PID) if given.
fdp_write() {
	local out dir=()
	[ $# -lt 3 ] || dir=(-T 2 -S "$3")
	out=$(nvme write "/dev/$FDP_NS" -s "$1" -c $(($2 - 1)) -z $(($2 * FDP_BS)) -d /dev/zero \
		"${dir[@]}" 2>&1) || fail "nvme write -s $1 -c $(($2 - 1)) ${dir[*]}: $out"
}
