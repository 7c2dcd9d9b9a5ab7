#!/bin/bash
# bench-guest.sh - the zns_stat benchmark, inside the guest (bench.sh runs it
# through selftests/guest/vm.sh). Results are "BENCH key=value ..." lines on the
# console; bench.sh collects them and report.py turns them into tables.
#
# Phases (ZNS_BENCH_PHASES, default "rounds ab hot memory scale selectall cpu"):
#   rounds  configurations A (no tracing), B (zns_stat), C (seed.bt under
#           bpftrace), D (like.bt: what zns_stat does, in bpftrace, on the same
#           tracepoints) and A0 (no tracing, the block layer's own I/O
#           statistics off: queue/iostats 0) in rounds A B C D A0 A B ...,
#           each running every workload
#   hot     the time zns_stat's probes take per command (timed build,
#           bench_timing.c; again with local_clock() for ktime_get_ns(), the
#           localclock variant), the BPF program time of seed.bt and of like.bt
#           (bpf_stats),
#           and how many completions seed.bt's kprobe sees
#   ab      A and B interleaved run by run, for an IOPS verdict at the 2% level:
#           zns_stat loaded once, its probes detached (enabled=0: what A costs)
#           and attached (B) in turn, ZNS_BENCH_AB_ROUNDS pairs per workload,
#           the order swapped every pair (A B, B A, ...) so drift cancels
#   hotab   (with ZNS_BENCH_BASE) the timed builds of a base commit and of
#           this tree, interleaved in ZNS_BENCH_HOTAB_ROUNDS rounds: the hot
#           path of a change against its base, in one boot
#   memory  bytes a namespace of 100, 4096 and 65536 zones costs
#   scale   reading zones/summary (ZNS_BENCH_SCALE_REPS times), zns-stat and the
#           heatmaps (ZNS_BENCH_TOOL_REPS times) for 65536 zones, and profiles
#           (with ZNS_BENCH_TOOL_BASE) the base commit's zns-stat and this
#           tree's, --all and record -d 1, in turn ZNS_BENCH_SCALE_REPS times
#   selectall  the completion probe's time of one select-all reset (timed
#           build) on 100, 4096 and 65536 zones, each written first (every
#           zone open: each applies it in the completion), then each written
#           and finished (full: the completion publishes it), ZNS_BENCH_SCALE_REPS
#           times each
#   rtlat   (not by default; RT kernel) timer latency around one select-all
#           reset of 65536 zones, open or full, or none: KVER=6.1.0-56-rt-amd64
#           ZNS_BENCH_PHASES=rtlat make bench
#   cpu     the workloads on a namespace whose I/O costs only CPU (CPU below):
#           A0, A, B and D (ZNS_BENCH_CPU_CONFIGS) in ZNS_BENCH_CPU_ROUNDS
#           rounds: each workload under A0 A B back to back, the order
#           reversed every round (B A A0) so that drift cancels, and a block
#           of D runs after them, before them in the next round (bpftrace
#           starts once per two rounds); zns_stat loaded once, its probes
#           detached (enabled=0) but in B. make bench runs it in a boot of
#           its own under QEMU's -icount (bench.sh, ZNS_BENCH_ICOUNT_PHASES):
#           guest time counts instructions, so the host's load cannot move it
#   insn    (not by default; make bench-insn) every workload once under A0,
#           A, B, C and D on CPU, in a boot of its own where a QEMU plugin
#           counts every kernel instruction (bench.sh, insn_plugin.c), runs
#           of ZNS_BENCH_INSN_SECONDS (0.5); insn-report.py names them
#
# Devices (bench.sh adds a controller with serial "zbench"; found by geometry):
#   WL    512 MiB, 64 KiB zones (8192), 4 KiB LBAs: every workload
#   Z100, Z4096, Z65536: 1 MiB zones, 4 KiB LBAs: memory and scale only
#   CPU   (phase cpu only) a zoned null_blk without data (memory_backed=0),
#         exported by nvmet and reached through nvme-loop, or nvme-tcp on
#         127.0.0.1 where the kernel has no nvme-loop (Debian's 6.1); serial
#         zbcpu, 8 GiB, 1 MiB zones (8192), 4 KiB LBAs; for the phase it
#         stands in for WL (nvme_core reloaded without multipath around it)
#
# Workloads on WL, each ZNS_BENCH_SECONDS (3) long, time based:
#   rr1    fio 4 KiB random reads, io_uring, queue depth 1, zones 0-255 (filled once)
#   rr32   the same at queue depth 32
#   seqw   fio --zonemode=zbd sequential 4 KiB writes (psync) from zone 1024 on;
#          the zones it wrote are reset afterwards (not timed)
#   append zbench: 4 threads append 4 KiB into the same 16 zones (zone 256-271),
#          which are reset when full
#   reset  zbench: fill a zone with 4 writes of 16 KiB, reset it, next zone (512-767)
# On CPU's 1 MiB zones the same commands: rr1 and rr32 read the same 16 MiB
# (zones 0-15), seqw starts at zone 1024 (1 GiB), append's threads share one
# zone (256), which takes 256 appends before its reset (on WL 16 zones of 16;
# zbench looks at the clock only between two resets), and reset's 4 writes
# of 16 KiB fill 1/16 of a zone before its reset.
# CPU: /proc/stat busy ticks (all CPUs) over the timed part only (fio's
# exec_prerun/exec_postrun, zbench's own loop).
# shellcheck disable=SC2317  # the phases are called as phase_$name
# shellcheck source=selftests/zns_stat/lib.sh
. "$ZNS_SRC/selftests/zns_stat/lib.sh"
# shellcheck source=selftests/zns_stat/zns.sh
. "$ZNS_SRC/selftests/zns_stat/zns.sh"

BENCH=$ZNS_SRC/selftests/bench
# bench.sh's ZNS_BENCH_* settings (the kernel command line has no room for them)
if [ -r "$ZNS_SRC/build/bench/guest.env" ]; then
	# shellcheck source=/dev/null
	. "$ZNS_SRC/build/bench/guest.env"
fi
ZB=${ZNS_BENCH_ZBENCH:?}
TIMED_KO=${ZNS_BENCH_TIMED_KO:?}
TIMED_LC_KO=${ZNS_BENCH_TIMED_LC_KO:-}
BASE_KO=${ZNS_BENCH_BASE_KO:-}
BASE_TOOL=${ZNS_BENCH_BASE_TOOL:-}
HOTAB_ROUNDS=${ZNS_BENCH_HOTAB_ROUNDS:-6}
LC_WORKLOADS=${ZNS_BENCH_LC_WORKLOADS-rr1 rr32 append}	# empty: no local_clock() timing
ROUNDS=${ZNS_BENCH_ROUNDS:-5}
SECS=${ZNS_BENCH_SECONDS:-3}
HOT_SECS=${ZNS_BENCH_HOT_SECONDS:-$SECS}
CONFIGS=${ZNS_BENCH_CONFIGS:-A B C D A0}
WORKLOADS=${ZNS_BENCH_WORKLOADS:-rr1 rr32 seqw append reset}
PHASES=${ZNS_BENCH_PHASES:-rounds ab hot memory scale selectall cpu}
AB_ROUNDS=${ZNS_BENCH_AB_ROUNDS:-12}
# Phase cpu in the instruction-counted boot (bench.sh, ZNS_BENCH_ICOUNT=1):
# rounds repeat to within 0.01%, so fewer and shorter runs; no D, as
# bpftrace's start (LLVM) takes minutes of the host's time there.
if [ "${ZNS_BENCH_ICOUNT:-0}" = 1 ]; then
	CPU_ROUNDS=${ZNS_BENCH_CPU_ROUNDS:-5}
	CPU_SECS=${ZNS_BENCH_CPU_SECONDS:-0.5}
	CPU_CONFIGS=${ZNS_BENCH_CPU_CONFIGS:-A0 A B}
else
	CPU_ROUNDS=${ZNS_BENCH_CPU_ROUNDS:-10}
	CPU_SECS=${ZNS_BENCH_CPU_SECONDS:-$SECS}
	CPU_CONFIGS=${ZNS_BENCH_CPU_CONFIGS:-A0 A B D}
fi
CPU_TRANSPORT=${ZNS_BENCH_CPU_TRANSPORT:-}	# loop or tcp; empty: loop where the kernel has it
SCALE_FILL=${ZNS_BENCH_SCALE_FILL:-1}
SCALE_REPS=${ZNS_BENCH_SCALE_REPS:-5}
TOOL_REPS=${ZNS_BENCH_TOOL_REPS:-1}
BPFTRACE_PID=

bench() { echo "BENCH $*"; }
note() { echo "bench: $*"; }
ms_now() { echo $(($(date +%s%N) / 1000000)); }

# The namespace with this many zones of this many sectors.
find_disk() {
	local b
	for b in /sys/block/nvme*n*; do
		[ "$(cat "$b/queue/zoned")" = host-managed ] || continue
		[ "$(cat "$b/queue/nr_zones")" = "$1" ] || continue
		[ "$(cat "$b/queue/chunk_sectors")" = "$2" ] || continue
		basename "$b"
		return 0
	done
	return 1
}

find_disks() {
	local end=$((SECONDS + 180))
	until WL=$(find_disk 8192 128) && Z100=$(find_disk 100 2048) &&
		Z4096=$(find_disk 4096 2048) && Z65536=$(find_disk 65536 2048); do
		[ "$SECONDS" -lt "$end" ] || fail "the zbench namespaces did not appear (ZNS_QEMU_EXTRA?)"
		sleep 1
	done
}

# fio_run NAME ARGS...: a time-based fio job on WL; prints "ios seconds busy total".
fio_run() {
	local name=$1
	shift
	rm -f "/tmp/$name.prerun.txt" "/tmp/$name.postrun.txt"
	# in ms: fio takes no fraction of a second (RUN_SECS may be 0.5)
	(cd /tmp && fio --name="$name" --filename="/dev/$WL" --direct=1 --time_based \
		--runtime="$(awk -v s="$RUN_SECS" 'BEGIN { printf "%dms", s * 1000 }')" --output-format=json --output="/tmp/$name.json" \
		--exec_prerun="$ZB stat" --exec_postrun="$ZB stat" "$@" >/dev/null) ||
		fail "fio $name"
	python3 - "/tmp/$name.json" "/tmp/$name.prerun.txt" "/tmp/$name.postrun.txt" <<'EOF'
import json, sys
job = json.load(open(sys.argv[1]))["jobs"][0]
ios = job["read"]["total_ios"] + job["write"]["total_ios"]
secs = job["job_runtime"] / 1000.0
def ticks(path):
    kv = dict(w.split("=") for w in open(path).read().split())
    return int(kv["busy"]), int(kv["total"])
b0, t0 = ticks(sys.argv[2])
b1, t1 = ticks(sys.argv[3])
print(ios, secs, b1 - b0, t1 - t0)
EOF
}

# zbench_run ARGS...: prints "ios seconds busy total".
zbench_run() {
	local out
	out=$("$ZB" "$@") || fail "zbench $*"
	awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	       print v["ios"], v["seconds"], v["busy"], v["total"] }' <<<"$out"
}

# wl_geometry: ZSEC, LBA = WL's zone size in sectors and LBA size in bytes
# (64 KiB and 4 KiB; phase cpu's null_blk: 1 MiB, null_blk's smallest zone).
wl_geometry() {
	sysfs_value ZSEC "/sys/block/$WL/queue/chunk_sectors"
	sysfs_value LBA "/sys/block/$WL/queue/logical_block_size"
	[ "${ZSEC:-0}" -gt 0 ] || fail "$WL: no zone size"
}

# run_workload NAME: run it on WL; prints "ios seconds busy total".
# Zones are numbered as on WL whatever their size (see CPU at the top).
run_workload() {
	case $1 in
	rr1) fio_run rr1 --rw=randread --bs=4k --ioengine=io_uring --iodepth=1 \
		--offset=0 --size=16M ;;
	rr32) fio_run rr32 --rw=randread --bs=4k --ioengine=io_uring --iodepth=32 \
		--offset=0 --size=16M ;;
	seqw)	# from zone 1024 on; then the zones it wrote are reset (not timed)
		local r
		wl_geometry
		r=$(fio_run seqw --rw=write --bs=4k --ioengine=psync --zonemode=zbd \
			--offset=$((1024 * ZSEC / 2))k) || return 1
		echo "$r"
		# 8 sectors a write
		blkzone reset -o $((1024 * ZSEC)) -c $((${r%% *} * 8 / ZSEC + 1)) "/dev/$WL" >&2 ||
			fail "blkzone reset" ;;
	append)	# 256 appends between two resets, as on WL: 1 zone of 1 MiB
		wl_geometry
		zbench_run append "/dev/$WL" 4 256 $((ZSEC >= 2048 ? 1 : 2048 / ZSEC)) 4096 "$RUN_SECS" ;;
	reset) zbench_run reset "/dev/$WL" 512 256 4 16384 "$RUN_SECS" ;;
	*) fail "unknown workload $1" ;;
	esac
}

# Make zns_stat track every bench namespace before anything is timed.
track_all() {
	local d
	for d in "$@"; do
		blkzone report -c 1 "/dev/$d" >/dev/null || fail "blkzone report $d"
		wait_tracked "$d"
	done
}

# bpftrace_start COUNT [like]: seed.bt, or like.bt, with WL's geometry (WL:
# zones of 128 sectors, 4 KiB LBAs)
bpftrace_start() {
	local t0 log=/tmp/bpftrace.out shift=0 lba_shift=0
	t0=$(ms_now)
	wl_geometry
	if [ "${2:-}" = like ]; then
		# log2 of the LBAs in a zone: 4 on WL
		while [ $((LBA << shift)) -lt $((ZSEC * 512)) ]; do shift=$((shift + 1)); done
		bpftrace "$BENCH/like.bt" "$WL" "$shift" >"$log" 2>&1 &
	else
		while [ $((512 << lba_shift)) -lt "$LBA" ]; do lba_shift=$((lba_shift + 1)); done
		bpftrace "$BENCH/seed.bt" "$WL" "$ZSEC" "$lba_shift" "$1" >"$log" 2>&1 &
	fi
	BPFTRACE_PID=$!
	until grep -q '^Attaching' "$log"; do
		if ! kill -0 "$BPFTRACE_PID" 2>/dev/null; then
			cat "$log"
			fail "bpftrace did not start"
		fi
		sleep 0.2
	done
	BPFTRACE_START_MS=$(($(ms_now) - t0))
}

bpftrace_stop() {
	kill -INT "$BPFTRACE_PID"
	wait "$BPFTRACE_PID" || true
	BPFTRACE_PID=
}

cfg_up() {
	case $1 in
	A) ;;
	B) load_zns; track_all "$WL" ;;
	C) bpftrace_start 0; bench "phase=rounds round=$round cfg=C bpftrace_start_ms=$BPFTRACE_START_MS" ;;
	D) bpftrace_start 0 like ;;
	A0) echo 0 >"/sys/block/$WL/queue/iostats" ;;
	esac
}

cfg_down() {
	case $1 in
	A) ;;
	B) unload_zns ;;
	C | D) bpftrace_stop ;;
	A0) echo 1 >"/sys/block/$WL/queue/iostats" ;;
	esac
}

# The bpftrace programs' run counts and times (bpf_stats), "id cnt ns" lines.
bpf_prog_stats() {
	local f
	for f in /proc/"$BPFTRACE_PID"/fdinfo/*; do
		awk '/^prog_id:/ { id = $2 } /^run_time_ns:/ { ns = $2 }
		     /^run_cnt:/ { cnt = $2 } END { if (id != "") print id, cnt, ns }' "$f" 2>/dev/null
	done | sort -u
}

phase_rounds() {
	# Warm-up, not reported: the first run of a code path after boot pays for
	# QEMU translating it, and round 1's A would pay it for everyone.
	RUN_SECS=1
	for wl in $WORKLOADS; do
		run_workload "$wl" >/dev/null
	done
	RUN_SECS=$SECS
	for round in $(seq "$ROUNDS"); do
		for cfg in $CONFIGS; do
			cfg_up "$cfg"
			for wl in $WORKLOADS; do
				read -r ios secs busy total < <(run_workload "$wl")
				[ -n "$ios" ] || fail "no result for $wl"
				bench "phase=rounds round=$round cfg=$cfg wl=$wl ios=$ios seconds=$secs busy=$busy total=$total"
			done
			cfg_down "$cfg"
		done
	done
}

phase_ab() {
	local wl pair cfg
	RUN_SECS=$SECS
	load_zns
	track_all "$WL"
	for wl in $WORKLOADS; do
		for pair in $(seq "$AB_ROUNDS"); do
			for cfg in $( [ $((pair % 2)) = 1 ] && echo A B || echo B A); do
				echo $([ "$cfg" = B ] && echo 1 || echo 0) >/sys/module/zns_stat/parameters/enabled
				read -r ios secs busy total < <(run_workload "$wl")
				[ -n "$ios" ] || fail "no result for $wl"
				bench "phase=ab round=$pair cfg=$cfg wl=$wl ios=$ios seconds=$secs busy=$busy total=$total"
			done
		done
	done
	echo 1 >/sys/module/zns_stat/parameters/enabled
	unload_zns
}

# Phase cpu's namespace (CPU at the top), set up by nvmet-null.sh: nvme_core
# reloaded without multipath, as t65 does.
# shellcheck source=selftests/bench/nvmet-null.sh
. "$BENCH/nvmet-null.sh"
CPU_NQN=nqn.2026-11.org.zns-stat:bench-cpu
CPU_SERIAL=zbcpu
CPU_PORT=27

cpu_kmod() {
	modprobe -d "${ZNS_KMOD_ROOT:-/}" -S "$(uname -r)" "$@"
}

# cpu_up: CPU_DISK = the namespace of the zoned null_blk, through CPU_TRANSPORT.
cpu_up() {
	local mods
	if [ -z "$CPU_TRANSPORT" ]; then
		CPU_TRANSPORT=tcp
		cpu_kmod --show-depends nvme_loop >/dev/null 2>&1 && CPU_TRANSPORT=loop
	fi
	case $CPU_TRANSPORT in
	loop) mods="nvme_loop" ;;
	tcp) mods="nvmet_tcp nvme_tcp" ;;
	*) fail "ZNS_BENCH_CPU_TRANSPORT=$CPU_TRANSPORT: loop or tcp" ;;
	esac
	nvme_down
	cpu_kmod nvme_core multipath=0 || fail "modprobe nvme_core multipath=0"
	cpu_kmod null_blk nr_devices=0 || fail "modprobe null_blk"
	# shellcheck disable=SC2086  # module names
	cpu_kmod -a nvmet $mods || fail "modprobe nvmet $mods"
	mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config ||
		fail "mount configfs"
	nvmet_null_up zbcpu "$CPU_SERIAL" "$CPU_NQN" "$CPU_PORT" "$CPU_TRANSPORT"
	CPU_DISK=$NVMET_NULL_DISK
	CPU_CTRL=$NVMET_NULL_CTRL
	CPU_NULLB=$NVMET_NULL_BLK
}

# cpu_down: the fabrics controller, nvmet, null_blk gone; nvme_core and nvme
# as the other phases expect them, WL and the others found again.
cpu_down() {
	local m
	nvmet_null_down zbcpu "$CPU_NQN" "$CPU_PORT"
	CPU_CTRL=
	# kmod.sh's status says whether every dependency went too (configfs,
	# mounted, stays): only these must go.
	for m in nvme_loop nvme_tcp nvmet_tcp nvmet null_blk; do
		"$ZNS_KMOD_SH" unload "$m"
		[ ! -e "/sys/module/$m/initstate" ] || fail "cannot unload $m"
	done
	nvme_down
	nvme_up
	find_disks
}

# cpu_cfg CFG: switch the running configuration (zns_stat loaded) to CFG:
# its probes attached in B only, iostats off in A0 only, like.bt running in
# D only (left running from one D to the next).
cpu_cfg() {
	local on=0 iostats=1
	[ "$1" != B ] || on=1
	[ "$1" != A0 ] || iostats=0
	echo "$on" >/sys/module/zns_stat/parameters/enabled
	echo "$iostats" >"/sys/block/$WL/queue/iostats"
	if [ "$1" = D ] && [ -z "$BPFTRACE_PID" ]; then
		bpftrace_start 0 like
		bench "phase=cpu round=$round cfg=D bpftrace_start_ms=$BPFTRACE_START_MS"
	elif [ "$1" != D ] && [ -n "$BPFTRACE_PID" ]; then
		bpftrace_stop
	fi
}

# cpu_run CFG WL: one timed run.
cpu_run() {
	local ios secs busy total
	read -r ios secs busy total < <(run_workload "$2")
	[ -n "$ios" ] || fail "no result for $2"
	bench "phase=cpu round=$round cfg=$1 wl=$2 ios=$ios seconds=$secs busy=$busy total=$total"
}

# cpu_prepare: WL (CPU_DISK) reset, its random-read region written, zns_stat
# loaded and tracking it.
cpu_prepare() {
	blkzone reset "/dev/$WL" || fail "blkzone reset $WL"
	fio --name=fill --filename="/dev/$WL" --direct=1 --ioengine=psync --rw=write --bs=64k \
		--zonemode=zbd --offset=0 --size=16M >/dev/null || fail "fill $WL"
	load_zns
	track_all "$WL"
	wl_geometry
}

# cpu_rounds: the rounds on CPU_DISK, which stands in for WL here. Per
# round, each workload under A0, A and B back to back (A and B adjacent;
# the order reversed every round: A0 A B, B A A0), and a block of D runs,
# after them in odd rounds and before them in even ones, so that two D
# blocks meet and bpftrace starts once per two rounds.
cpu_rounds() {
	local WL=$CPU_DISK round cfg wl order c totals block odd='' even=''
	cpu_prepare
	bench "phase=cpu_env transport=$CPU_TRANSPORT disk=$WL ctrl=$CPU_CTRL nullb=$CPU_NULLB" \
		"zone_sectors=$ZSEC lba=$LBA zones=$(cat "/sys/block/$WL/queue/nr_zones")" \
		"rounds=$CPU_ROUNDS seconds=$CPU_SECS configs=${CPU_CONFIGS// /,}" \
		"idle=$(grep -o 'idle=[a-z]*' /proc/cmdline | cut -d= -f2 || true)" \
		"clock=$([ "${ZNS_BENCH_ICOUNT:-0}" = 1 ] && echo icount || echo host)"
	# Warm-up, not reported (as in phase rounds), with the probes attached.
	RUN_SECS=1
	for wl in $WORKLOADS; do
		run_workload "$wl" >/dev/null
	done
	RUN_SECS=$CPU_SECS
	# The configurations but D, in the order of odd rounds and of even ones.
	for c in $CPU_CONFIGS; do
		[ "$c" = D ] && continue
		odd+="$c "
		even="$c $even"
	done
	for round in $(seq "$CPU_ROUNDS"); do
		blocks="pairs D"
		[ $((round % 2)) = 1 ] || blocks="D pairs"
		for block in $blocks; do
			if [ "$block" = D ]; then
				[[ " $CPU_CONFIGS " == *" D "* ]] || continue
				cpu_cfg D
				for wl in $WORKLOADS; do
					cpu_run D "$wl"
				done
				continue
			fi
			order=$odd
			[ $((round % 2)) = 1 ] || order=$even
			for wl in $WORKLOADS; do
				for cfg in $order; do
					cpu_cfg "$cfg"
					cpu_run "$cfg" "$wl"
				done
			done
		done
	done
	cpu_cfg A
	echo 1 >/sys/module/zns_stat/parameters/enabled
	# What zns_stat counted in its B runs (and the warm-up): every command, none dropped.
	totals=$(awk 'NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{ r += $col["reads"]; w += $col["writes"]; a += $col["appends"]; z += $col["resets"]; e += $col["errors"] }
		END { printf "reads=%d writes=%d appends=%d resets=%d errors=%d", r, w, a, z, e }' \
		"$ZNS_DEBUGFS/$WL/zones")
	bench "phase=cpu_counted disk=$WL $totals dropped_untracked=$(status_value dropped_untracked)"
	unload_zns
}

phase_cpu() {
	cpu_up
	cpu_rounds
	cpu_down
}

# insn: every workload on CPU_DISK once under A0, A, B, C and D, in a boot where
# QEMU's plugin insn_plugin.c counts each kernel instruction executed (one
# vCPU). zbench marks
# both ends of every timed run (fio's exec_prerun and exec_postrun, zbench's
# loop), so run N's instructions are the plugin's segment 2N; the warm-up
# runs count too. The kernel's code symbols follow ("ZSYM" lines: Debian's
# System.map is a stub), and where zns_stat's .text is, for insn-report.py.
# insn_run CFG WL: one counted run, segment 2 x its number (phase_insn's runs)
insn_run() {
	local ios secs busy total
	read -r ios secs busy total < <(run_workload "$2")
	[ -n "$ios" ] || fail "no result for $2"
	runs=$((runs + 1))
	bench "phase=insn cfg=$1 wl=$2 ios=$ios seconds=$secs segment=$((2 * runs))"
}

phase_insn() {
	local WL runs=0 cfg wl
	cpu_up
	WL=$CPU_DISK
	cpu_prepare
	RUN_SECS=1
	for wl in $WORKLOADS; do
		run_workload "$wl" >/dev/null
		runs=$((runs + 1))
	done
	RUN_SECS=${ZNS_BENCH_INSN_SECONDS:-0.5}
	for wl in $WORKLOADS; do
		for cfg in A0 A B; do
			cpu_cfg "$cfg"
			insn_run "$cfg" "$wl"
		done
	done
	# C (seed.bt) and D (like.bt): bpftrace started once for the workloads;
	# its programs' symbols ([bpf]) exist only while it runs.
	cpu_cfg A
	for cfg in C D; do
		bpftrace_start 0 "$([ "$cfg" = C ] || echo like)"
		awk '$2 ~ /^[tT]$/ && $4 == "[bpf]" { print "ZSYM", $1, $3, $4 }' /proc/kallsyms
		for wl in $WORKLOADS; do
			insn_run "$cfg" "$wl"
		done
		bpftrace_stop
	done
	echo 1 >/sys/module/zns_stat/parameters/enabled
	bench "phase=insn_env transport=$CPU_TRANSPORT runs=$runs" \
		"zns_text=$(cat /sys/module/zns_stat/sections/.text)"
	awk '$2 ~ /^[tT]$/ && $4 != "[bpf]" { print "ZSYM", $1, $3, $4 }' /proc/kallsyms
	unload_zns
	cpu_down
}

# timed_runs CFG WORKLOADS: each workload under each clocksource (the booted
# one, then hpet if it is another), with the timed build loaded.
timed_runs() {
	local clock wl t
	for clock in $CLOCKS; do
		echo "$clock" >"$CS" || continue
		for wl in $2; do
			echo 0 >/sys/module/zns_stat/parameters/bench_timing
			read -r ios secs busy total < <(run_workload "$wl")
			t=$(cat /sys/module/zns_stat/parameters/bench_timing)
			bench "phase=hot cfg=$1 clock=$clock wl=$wl ios=$ios seconds=$secs busy=$busy total=$total $t"
		done
	done
	echo "${CLOCKS%% *}" >"$CS"
}

phase_hot() {
	local layout t avail
	RUN_SECS=$HOT_SECS
	ZNS_KO=$TIMED_KO load_zns
	track_all "$WL"
	layout=$(cat /sys/module/zns_stat/parameters/bench_layout)
	bench "phase=layout $layout"
	avail=$(cat /sys/devices/system/clocksource/clocksource0/available_clocksource)
	CS=/sys/devices/system/clocksource/clocksource0/current_clocksource
	CLOCKS=$(cat "$CS")
	for c in hpet acpi_pm; do
		[[ " $avail " == *" $c "* ]] && [ "$c" != "$CLOCKS" ] && CLOCKS+=" $c" && break
	done
	timed_runs timed "$WORKLOADS"
	unload_zns
	# The same probes reading local_clock() instead of ktime_get_ns().
	if [ -n "$TIMED_LC_KO" ] && [ -n "$LC_WORKLOADS" ]; then
		ZNS_KO=$TIMED_LC_KO load_zns
		track_all "$WL"
		timed_runs timed_localclock "$LC_WORKLOADS"
		unload_zns
	fi

	# Under -icount bpftrace's start (LLVM) takes minutes of the host's time:
	# the probes alone there (ZNS_BENCH_HOT_BPF).
	[ "${ZNS_BENCH_HOT_BPF:-$((1 - ${ZNS_BENCH_ICOUNT:-0}))}" = 1 ] || return 0
	# seed.bt's and like.bt's BPF time per run (kernel.bpf_stats_enabled adds
	# two clock reads).
	local prog
	for prog in seed like; do
		bpftrace_start 0 "$prog"
		sysctl -qw kernel.bpf_stats_enabled=1
		for wl in $WORKLOADS; do
			bpf_prog_stats >/tmp/bpf.before
			read -r ios secs busy total < <(run_workload "$wl")
			bpf_prog_stats >/tmp/bpf.after
			t=$(join /tmp/bpf.before /tmp/bpf.after |
				awk '$4 - $2 > 0 { printf "prog%s_runs=%d prog%s_ns=%d ", $1, $4 - $2, $1, $5 - $3;
					runs += $4 - $2; ns += $5 - $3 } END { printf "bpf_runs=%d bpf_ns=%d", runs, ns }')
			bench "phase=hot cfg=$([ "$prog" = seed ] && echo bpf || echo bpf_like) clock=$(cat "$CS") wl=$wl ios=$ios seconds=$secs busy=$busy total=$total $t"
		done
		sysctl -qw kernel.bpf_stats_enabled=0
		bpftrace_stop
	done

	# What seed.bt's two kprobes see: setups and completions, and its maps.
	RUN_SECS=2
	bpftrace_start 1
	local all=0
	for wl in $WORKLOADS; do
		read -r ios secs busy total < <(run_workload "$wl")
		all=$((all + ios))
	done
	bpftrace_stop
	bench "phase=coverage ios=$all" \
		"setups=$(awk '/^@bench_setups:/ { print $2 }' /tmp/bpftrace.out)" \
		"completions=$(awk '/^@bench_completions:/ { print $2 }' /tmp/bpftrace.out)" \
		"resets_counted=$(awk '/^@z_reset_ctr_map/ { s += $2 } END { print s + 0 }' /tmp/bpftrace.out)" \
		"reset_latencies=$(grep -c '^@reset_lat_map' /tmp/bpftrace.out)" \
		"rw_zones=$(grep -c '^@z_rw_ctr_map' /tmp/bpftrace.out)"
}

# hotab: the timed builds of two trees, ZNS_BENCH_BASE_KO (bench.sh's
# ZNS_BENCH_BASE) and this one, interleaved round by round (base new, new
# base, ...): a change's effect on the hot path, measured against its base in
# one boot, so the host's drift between two runs of make bench does not count.
phase_hotab() {
	local round build ko wl t
	[ -n "$BASE_KO" ] || fail "phase hotab needs ZNS_BENCH_BASE (bench.sh)"
	RUN_SECS=$HOT_SECS
	for round in $(seq "$HOTAB_ROUNDS"); do
		for build in $( [ $((round % 2)) = 1 ] && echo base new || echo new base); do
			ko=$TIMED_KO
			[ "$build" = new ] || ko=$BASE_KO
			ZNS_KO=$ko load_zns
			track_all "$WL"
			for wl in $WORKLOADS; do
				echo 0 >/sys/module/zns_stat/parameters/bench_timing
				read -r ios secs busy total < <(run_workload "$wl")
				[ -n "$ios" ] || fail "no result for $wl"
				t=$(cat /sys/module/zns_stat/parameters/bench_timing)
				[ -n "$t" ] || fail "no timing from the $build build ($ko)"
				bench "phase=hotab round=$round build=$build wl=$wl ios=$ios seconds=$secs $t"
			done
			unload_zns
		done
	done
}

meminfo() {	# "SUnreclaim VmallocUsed Percpu MemFree" in bytes
	awk '/^(SUnreclaim|VmallocUsed|Percpu|MemFree):/ { v[$1] = $2 * 1024 }
	     END { print v["SUnreclaim:"], v["VmallocUsed:"], v["Percpu:"], v["MemFree:"] }' /proc/meminfo
}

vmalloc_zns() {	# bytes of vmalloc areas allocated by zns_stat
	awk '/\[zns_stat\]/ { s += $2 } END { print s + 0 }' /proc/vmallocinfo
}

phase_memory() {
	local d n m0 m1 v0 v1 mem
	load_zns
	track_all "$WL"	# warms blkzone's page cache too
	for n in 100 4096 65536; do
		d=Z$n
		d=${!d}
		sync
		sleep 1
		read -r -a m0 < <(meminfo)
		v0=$(vmalloc_zns)
		track_all "$d"
		sleep 1
		read -r -a m1 < <(meminfo)
		v1=$(vmalloc_zns)
		mem=$(awk -F': ' '$1 ~ /mem|bytes/ && $1 != "lba_bytes" { printf "summary_%s=%s ", $1, $2 }' \
			"$ZNS_DEBUGFS/$d/summary")
		bench "phase=memory zones=$n disk=$d slab=$((m1[0] - m0[0])) vmalloc=$((m1[1] - m0[1])) percpu=$((m1[2] - m0[2])) memfree_drop=$((m0[3] - m1[3])) vmalloc_zns=$((v1 - v0)) $mem"
	done
	grep '\[zns_stat\]' /proc/vmallocinfo | sed 's/^/bench: vmallocinfo: /'
}

# time_ms CMD...: wall time of CMD in ms (stdout to /dev/null).
time_ms() {
	local t0
	t0=$(date +%s%N)
	"$@" >/dev/null || fail "$*"
	echo $((($(date +%s%N) - t0) / 1000000))
}

# dd's own copy time of FILE, in ms (no fork/exec in it).
dd_ms() {
	dd if="$1" of=/dev/null bs=1M 2>&1 | awk '/copied/ { printf "%.2f\n", $(NF-3) * 1000 }'
}

# The base commit's zns-stat (ZNS_BENCH_TOOL_BASE) and this tree's on the same
# namespace, in turn, the order swapped every repetition (drift cancels).
scale_tools() {
	local d=$1 rep tool bin
	for rep in $(seq "$SCALE_REPS"); do
		for tool in $([ $((rep % 2)) = 1 ] && echo base new || echo new base); do
			bin=$ZNS_TOOL
			[ "$tool" = new ] || bin=$BASE_TOOL
			bench "phase=scale what=tool_all tool=$tool rep=$rep ms=$(time_ms "$bin" --all "$d")"
			rm -rf /tmp/rec-tool && mkdir -p /tmp/rec-tool
			bench "phase=scale what=tool_record tool=$tool rep=$rep ms=$(time_ms "$bin" record "$d" -d 1 -c bench -D /tmp/rec-tool)"
		done
	done
	rm -rf /tmp/rec-tool
}

phase_scale() {
	local d=$Z65536 zones=$ZNS_DEBUGFS/$Z65536/zones bytes
	load_zns
	track_all "$d"
	if [ "$SCALE_FILL" = 1 ]; then
		# one 4 KiB write and one read in every zone: every line carries numbers
		bench "phase=scale what=fill $("$ZB" touch "/dev/$d" 4096 | cut -d' ' -f2-)"
	fi
	bytes=$(wc -c <"$zones")
	for _ in $(seq "$SCALE_REPS"); do
		bench "phase=scale what=zones_dd ms=$(dd_ms "$zones") bytes=$bytes lines=$(wc -l <"$zones")"
		bench "phase=scale what=zones_cat ms=$(time_ms cat "$zones")"
		bench "phase=scale what=summary_cat ms=$(time_ms cat "$ZNS_DEBUGFS/$d/summary")"
		# the same numbers formatted by a plain digit loop in user space
		cat "$zones" >/tmp/zones.txt
		bench "phase=scale what=fmt_floor ms=$("$ZB" fmt /tmp/zones.txt | sed 's/.*fmt_ms=\([0-9.]*\).*/\1/')"
	done
	for _ in $(seq "$TOOL_REPS"); do
		bench "phase=scale what=zns_stat_all ms=$(time_ms "$ZNS_TOOL" --all "$d")"
		bench "phase=scale what=zns_stat_active ms=$(time_ms "$ZNS_TOOL" "$d")"
	done
	if "$ZNS_TOOL" --help 2>&1 | grep -q 'zns-stat plot'; then
		rm -rf /tmp/rec && mkdir -p /tmp/rec
		bench "phase=scale what=record_1s_with_figures ms=$(time_ms "$ZNS_TOOL" record "$d" -d 1 -c bench -D /tmp/rec)"
		local dat
		dat=$(find /tmp/rec -maxdepth 1 -name '*.dat' | head -n 1)
		if [ -n "$dat" ]; then
			for _ in $(seq "$TOOL_REPS"); do
				bench "phase=scale what=plot_heatmaps ms=$(time_ms "$ZNS_TOOL" plot "$dat" -D /tmp/plot --force)"
			done
			bench "phase=scale what=heatmap_files n=$(find /tmp/plot -name '*.svg' | wc -l) bytes=$(du -sb /tmp/plot | cut -f1)"
		fi
	else
		note "zns-stat has no plot command: heatmaps not timed"
	fi
	[ -z "$BASE_TOOL" ] || scale_tools "$d"
	# Where reading zones, and printing it with zns-stat, spend their time
	# (perf's cpu-clock sampling; kernel and the tool's symbols).
	if command -v perf >/dev/null; then
		perf record -q -e cpu-clock -F 20000 -o /tmp/perf.data -- \
			dd if="$zones" of=/dev/null bs=1M 2>/dev/null >/dev/null &&
		perf report -q -i /tmp/perf.data --stdio --no-children --sort symbol 2>/dev/null |
			grep -v '^$' | head -n 12 | sed 's/^/bench: perf zones: /'
		perf record -q -e cpu-clock -F 1000 -o /tmp/perf.tool -- \
			"$ZNS_TOOL" --all "$d" >/dev/null 2>&1 &&
		perf report -q -i /tmp/perf.tool --stdio --no-children --sort dso,symbol 2>/dev/null |
			grep -v '^$' | head -n 12 | sed 's/^/bench: perf zns-stat: /'
	fi
}

# The zones a reset-all meets: "open", every zone written and implicitly
# open (these namespaces have no max_active: each one applies the reset in
# the completion), or "full", finished first (the completion publishes the
# reset; the zones apply it later, life_select_all.c).
phase_selectall() {
	local n d timing zones
	insmod "$TIMED_KO" || fail "insmod $TIMED_KO"
	track_all "$Z100" "$Z4096" "$Z65536"
	for n in 100 4096 65536; do
		case $n in 100) d=$Z100 ;; 4096) d=$Z4096 ;; 65536) d=$Z65536 ;; esac
		for zones in open full; do
			for _ in $(seq "$SCALE_REPS"); do
				"$ZB" touch "/dev/$d" 4096 >/dev/null || fail "zbench touch $d"
				[ $zones = open ] || nvme zns finish-zone "/dev/$d" -a >/dev/null ||
					fail "finish-zone -a $d"
				echo 0 >/sys/module/zns_stat/parameters/bench_timing	# zero the sums
				nvme zns reset-zone "/dev/$d" -a >/dev/null || fail "reset-zone -a $d"
				timing=$(cat /sys/module/zns_stat/parameters/bench_timing)
				bench "phase=selectall zones=$n met=$zones disk=$d $timing"
			done
		done
	done
}

# The timer latency of every CPU (tracefs timerlat: what rtla timerlat and
# cyclictest measure; Debian's RT kernel has it, its other kernels not) over
# two seconds in the middle of which one select-all reset completes on the
# 65536-zone namespace: every zone open (each applies it in the completion),
# every zone full (the completion publishes it), or no reset ("none").
# The maxima of the IRQ and thread contexts, ns.
phase_rtlat() {
	local t=/sys/kernel/tracing met lat
	[ -e $t/osnoise/timerlat_period_us ] ||
		{ note "rtlat: $(uname -r) has no timerlat tracer: skipped"; return 0; }
	load_zns
	track_all "$Z65536"
	for met in none open full; do
		for _ in $(seq "$SCALE_REPS"); do
			"$ZB" touch "/dev/$Z65536" 4096 >/dev/null || fail "zbench touch $Z65536"
			[ $met != full ] || nvme zns finish-zone "/dev/$Z65536" -a >/dev/null ||
				fail "finish-zone -a $Z65536"
			echo 0 >$t/tracing_on
			echo timerlat >$t/current_tracer
			echo >$t/trace
			echo 1 >$t/tracing_on
			sleep 1
			[ $met = none ] || nvme zns reset-zone "/dev/$Z65536" -a >/dev/null ||
				fail "reset-zone -a $Z65536"
			sleep 1
			echo 0 >$t/tracing_on
			lat=$(awk '/timer_latency/ {
					for (i = 1; i < NF; i++) if ($i == "context") c = $(i + 1)
					if ($(NF - 1) > m[c]) m[c] = $(NF - 1); n[c]++
				}
				END { printf "irq_max_ns=%d thread_max_ns=%d samples=%d", m["irq"], m["thread"], n["irq"] }' $t/trace)
			echo nop >$t/current_tracer
			bench "phase=rtlat zones=65536 met=$met kernel=$(uname -r) $lat"
		done
	done
}

nvme_up
find_disks
note "workloads on $WL; memory/scale on $Z100 $Z4096 $Z65536"
bench "phase=env kernel=$(uname -r) cpus=$(nproc) clocksource=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource) hz=$(getconf CLK_TCK) bpftrace=$(bpftrace --version | awk '{ print $2 }') fio=$(fio --version) seconds=$SECS rounds=$ROUNDS"

# The random-read region, written once: reads of unwritten blocks would skip work.
blkzone reset "/dev/$WL" || fail "blkzone reset $WL"
fio --name=fill --filename="/dev/$WL" --direct=1 --ioengine=psync --rw=write --bs=64k \
	--zonemode=zbd --offset=0 --size=16M >/dev/null || fail "fill $WL"

# Every phase starts without zns_stat: load_zns keeps a loaded module, so a
# phase that loads a build of its own (hot, hotab) would time whatever the
# phase before left loaded.
for phase in $PHASES; do
	unload_zns
	t0=$(ms_now)
	"phase_$phase"
	bench "phase=done name=$phase ms=$(($(ms_now) - t0))"
done
bench "phase=end loadavg=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' ,)"
exit 0
