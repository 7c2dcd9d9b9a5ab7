#!/bin/bash
# Attempts that nvme_core fails without sending them: a fabrics controller that
# is reconnecting fails each command it is given with a host path error
# (nvme_fail_nonready_command -> nvme_host_path_error), never set up, so no
# nvme_setup_cmd. nvme-tcp over loopback to nvmet, which exports the zoned
# nsid 2 (512 B LBAs, 8 zones of 1 MiB); nvme_core without multipath, so that
# I/O reaches the controller's own namespace. Readers run while the loopback
# is down for a few seconds: reads in flight are aborted (0x371) and retried,
# and the host fails each retry (0x370) until retries run out; reads that
# come later wait for the reconnect and succeed. Every attempt counts once,
# in the zone its request names: reads = the reads dd completed, errors = the
# failed attempts of reads the kernel itself traced (its nvme_complete_rq
# event, in tracefs: how many attempts a failed read gets is the kernel's
# choice, 6 on 6.1 with max_retries 5, 1 on 7.2), all 0x370 or 0x371,
# dropped 0. A failed completion is a read's when the command its tag last
# carried (nvme_setup_cmd, same queue and command id: a retry keeps its tag
# and its command) was a read; any other is shown and not expected.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_nvmet_tcp
cfg=$NVMET_CFG
nqn=nqn.2026-11.org.zns-stat:t65
hostid=00000000-0000-4000-8000-000000000065
readers=8
work=$(mktemp -d)

# Whatever happened: the fabrics controller, nvmet and nvme_core without
# multipath gone, nvme and zns_stat as the tests after this one expect them.
teardown() {
	ip link set lo up
	[ -z "${buffer_kb:-}" ] || echo "$buffer_kb" > /sys/kernel/tracing/buffer_size_kb
	nvmet_tcp_down 65 "$nqn"
	rm -rf "$work"
}
trap teardown EXIT

nvmet_tcp_up

# The zoned namespace of 512-byte LBAs, by its NSID.
backing=
end=$((SECONDS + 20))
while [ -z "$backing" ] && [ $SECONDS -lt $end ]; do
	for b in /sys/block/nvme0n*; do
		[ "$(cat "$b/nsid" 2>/dev/null)" = 2 ] && backing=${b##*/}
	done
	[ -n "$backing" ] || sleep 0.2
done
[ -n "$backing" ] || fail "no namespace 2 on nvme0"
echo "nvmet exports /dev/$backing"

mkdir "$cfg/subsystems/$nqn" || fail "nvmet subsystem"
echo 1 > "$cfg/subsystems/$nqn/attr_allow_any_host"
mkdir "$cfg/subsystems/$nqn/namespaces/1"
echo -n "/dev/$backing" > "$cfg/subsystems/$nqn/namespaces/1/device_path"
echo 1 > "$cfg/subsystems/$nqn/namespaces/1/enable" || fail "nvmet refuses /dev/$backing"
nvmet_tcp_port 65 "$nqn"

# Reconnects every second, failing I/O after 1 s of it.
fabrics_connect "$nqn" "$hostid" keep_alive_tmo=1,reconnect_delay=1,ctrl_loss_tmo=120,fast_io_fail_tmo=1
disk=${ctrl}n1
wait_for_block "$disk"
echo "$ctrl: $(cat "/sys/class/nvme/$ctrl/transport"), namespace $disk"
ctrl_state() { cat "/sys/class/nvme/$ctrl/state"; }
wait_state() {	# wait_state STATE
	local end=$((SECONDS + 30))
	while [ "$(ctrl_state)" != "$1" ]; do
		[ $SECONDS -lt $end ] || fail "$ctrl is $(ctrl_state), not $1, after 30 s"
		sleep 0.1
	done
}

load_zns
fresh "$disk"

# The kernel's own record of every failed attempt on the disk.
trace=/sys/kernel/tracing
mountpoint -q "$trace" || mount -t tracefs none "$trace" || fail "mount tracefs"
event=$trace/events/nvme/nvme_complete_rq
[ -d "$event" ] || fail "no $event"
echo 0 > "$trace/tracing_on"
echo > "$trace/trace"
echo 'status != 0' > "$event/filter"
echo 1 > "$event/enable"
echo 1 > "$trace/events/nvme/nvme_setup_cmd/enable"
buffer_kb=$(cat "$trace/buffer_size_kb")
echo 8192 > "$trace/buffer_size_kb"
echo 1 > "$trace/tracing_on"

# reader ZONE: direct 4 KiB reads of the zone, over and over, until one fails
# or the time is up; writes "READS FAILED" (what dd completed, 0 or 1 failed).
reader() {
	local ok=0 end=$((SECONDS + 14)) out rc n
	while [ $SECONDS -lt $end ]; do
		out=$(dd if="/dev/$disk" of=/dev/null bs=4096 count=256 skip=$(($1 * 256)) \
			iflag=direct 2>&1)
		rc=$?
		n=$(sed -n 's/^\([0-9]*\)+[0-9]* records in$/\1/p' <<<"$out")
		ok=$((ok + n))
		if [ $rc -ne 0 ]; then
			echo "$ok 1" > "$work/$1"
			return
		fi
	done
	echo "$ok 0" > "$work/$1"
}

pids=()
for z in $(seq 0 $((readers - 1))); do
	reader "$z" &
	pids+=($!)
done
sleep 3
ip link set lo down || fail "ip link set lo down"
wait_state connecting
sleep 4	# fast_io_fail_tmo (1 s) expires: what waits fails
ip link set lo up || fail "ip link set lo up again"
wait_state live
for p in "${pids[@]}"; do wait "$p"; done

reads=0 failed=0
for z in $(seq 0 $((readers - 1))); do
	read -r ok bad < "$work/$z" || fail "reader $z left no result"
	echo "reader of zone $z: $ok reads, $bad failed"
	reads=$((reads + ok))
	failed=$((failed + bad))
done
[ "$failed" -gt 0 ] || fail "no read failed: none was in flight when the link went down"
echo 0 > "$trace/tracing_on"
echo 0 > "$event/enable"
echo 0 > "$event/filter"
echo 0 > "$trace/events/nvme/nvme_setup_cmd/enable"
# "nvmeN: disk=DISK, qid=Q, cmdid=C, ... cmd=(nvme_cmd_read slba=..." and
# "nvmeN: disk=DISK, qid=Q, cmdid=C, res=.., retries=R, flags=.., status=S"
# (DNR and the like may be set above the code): per code, the failed
# attempts of DISK whose command was a read; any other printed.
read -r traced_path traced_aborted other < <(awk -v disk="disk=$disk," '
	function field(name,	v) {
		v = $0; sub(".*" name "=", "", v); sub(/[,)].*/, "", v); return v
	}
	function hex(s,	i, v) {	# no awk here has to read hex itself
		sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(tolower(s), i, 1)) - 1
		return v
	}
	index($0, disk) == 0 { next }
	/ nvme_setup_cmd: / {
		op = $0; sub(/.*cmd=\(/, "", op); sub(/ .*/, "", op)
		cmd[field("qid") " " field("cmdid")] = op
		next
	}
	/ nvme_complete_rq: / {
		code = hex(field("status")) % 2048	# DNR, More above the code
		key = field("qid") " " field("cmdid")
		if (cmd[key] == "nvme_cmd_read" && (code == 880 || code == 881)) {
			n[code]++
			next
		}
		other++
		print "not a failed read (last command " cmd[key] "): " $0 > "/dev/stderr"
	}
	END { print n[880] + 0, n[881] + 0, other + 0 }	# 0x370, 0x371' "$trace/trace")
attempts=$((traced_path + traced_aborted))
errors=$(summary_value "$disk" errors)
path=$(error_count "$disk" host_path_error read)
aborted=$(error_count "$disk" host_aborted read)
echo "$failed reads failed; the kernel traced $attempts failed attempts of reads (0x370: $traced_path, 0x371: $traced_aborted), $other other failed commands; max_retries $(cat /sys/module/nvme_core/parameters/max_retries)"
echo "zns_stat: errors $errors (0x370: $path, 0x371: $aborted)"
expect_summary "$disk" reads="$reads" errors="$attempts" dropped=0
expect_eq "0x370, 0x371 errors" "$path $aborted" "$traced_path $traced_aborted"
expect_eq "aborted attempts at most one per failed read" $((aborted <= failed)) 1
# Per zone: every failed read got as many attempts (a kernel's rule).
expect_eq "failed attempts a multiple of the failed reads" $((attempts % failed)) 0
per_read=$((attempts / failed))
# Each in the zone its read named, whether it was set up or not.
for z in $(seq 0 $((readers - 1))); do
	read -r ok bad < "$work/$z"
	expect_eq "zone $z errors" "$(awk -v z="$z" '
		NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		$1 == z { print $col["errors"] }' "$ZNS_DEBUGFS/$disk/zones")" $((bad * per_read))
done
expect_eq "dropped_untracked" "$(status_value dropped_untracked)" 0

nvme disconnect -n "$nqn" >/dev/null || fail "nvme disconnect"
ctrl=
finish
