#!/bin/bash
# uml-native.sh - zns_stat's hot path timed natively: the timed build
# (bench_timing.c, as phase hot of the QEMU bench) in User-Mode Linux, whose
# kernel code runs on this machine's CPU as a host process (no emulation).
# `make bench-native` runs it. Issue 27, "The hot path timed natively".
#
# On the host (as root): installs what it needs (selftests/lib/apt.sh), builds
# once a UML kernel from Debian's linux-source-6.1 (cached in $ZNS_UML_CACHE,
# default /var/cache/zns_stat/uml: reused when its .config has the options
# below), the timed module against it (build/bench/uml/) and zbench, then boots
# UML with the host's root through hostfs and this script as its init.
#
# In UML (ZNS_UML_STAGE=guest): null_blk, nvme-core (multipath=0),
# nvme-fabrics, nvmet, nvme-loop and the timed zns_stat loaded from the tree;
# a zoned null_blk without data (4 KiB LBAs, 1 MiB zones, 8 GiB,
# memory_backed=0, irqmode=0) exported by nvmet over nvme-loop, as phase cpu of
# bench-guest.sh sets it up; the bench's five workloads on it (rr1, rr32, seqw,
# append, reset, as bench-guest.sh runs them on that namespace), each
#   as-is  the module untouched: after the warm-up every command goes
#          through its in-flight slot (bench_path=0)
#   warm   the request's slot read just before each probe, untimed
#          (bench_path=1), to compare with:
#   full   the slot also made stale first (bench_path=2): both probes take
#          the full path, the disk's hash lookup, namespace and tag set
# and the reset workload again with only its resets timed (bench_class=5:
# the completion that logs the reset), all three ways; ZNS_UML_ROUNDS rounds,
# the order reversed every other round. Each run prints a "BENCH" line with
# bench_timing's figures; the host prints one table (`uml-native.sh report
# build/bench/uml/console.log` prints it again).
#
# ZNS_UML_MODE=ab (`make bench-native-ab`): instead, phase cpu's comparison
# (bench-guest.sh) on the same namespace: zns_stat as it ships (not the timed
# build) loaded once; per round each workload under A0 (probes detached with
# enabled=0, the disk's queue/iostats 0), A (detached, iostats 1) and B
# (attached) back to back, the order reversed every round (B A A0), each run
# ZNS_UML_SECONDS long; the module's counts checked unmoved over A0 and A.
# UML runs in a cgroup of its own (cgroup v2, else v1's cpuacct), whose CPU
# time the host reads when zbench marks the ends of each run's timed part on
# the console (ZBENCH_MARK): CPU per command = that time / the commands, and
# IOPS = commands per second of it, so that what else runs on UML's host CPU
# does not count (elapsed-time figures beside). report.py prints table 1d and
# issue 27's verdicts; the lines are kept in build/bench/uml/results-ab.txt.
#
# Knobs: ZNS_UML_SECONDS (2) per run, ZNS_UML_ROUNDS (5; mode ab 20), ZNS_UML_MEM (1G),
# ZNS_UML_CACHE, ZNS_UML_CPU: the host CPU UML and its processes are pinned
# to (taskset; default the last one; empty: not pinned), so that the UML
# kernel and the workload's processes share one core's caches, as a kernel
# and its processes do; ZNS_UML_DEBUG=1: the module's status after each run,
# and the blocked tasks (sysrq w) 20 s into the unload, should it hang.
# Exit status: 0 with the table (its last line says whether rmmod zns_stat
# returned: in UML it sometimes does not, see performance.rst; UML is then
# stopped 90 s after the results), 1 on any failure (the log is in
# build/bench/uml/console.log, console-ab.log in mode ab).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$repo/build/bench/uml

# ---------------------------------------------------------------- in UML
if [ "${ZNS_UML_STAGE:-}" = guest ]; then
	export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	export HOME=/root LC_ALL=C
	MODE=${ZNS_UML_MODE:-hot}
	SECS=${ZNS_UML_SECONDS:-2}
	ROUNDS=${ZNS_UML_ROUNDS:?}
	K=${ZNS_UML_KDIR:?}
	P=/sys/module/zns_stat/parameters
	ZB=$out/zbench
	NQN=nqn.2026-11.org.zns-stat:bench-uml
	# shellcheck source=selftests/bench/nvmet-null.sh
	. "$here/nvmet-null.sh"

	bench() { echo "BENCH $*"; }
	off() {
		sync
		echo o >/proc/sysrq-trigger 2>/dev/null
		poweroff -f 2>/dev/null
		sleep 5
	}
	fail() {
		echo "uml-native: $*" >&2
		bench "failed $*"
		off
		exit 1
	}

	for fs in proc:/proc sysfs:/sys devtmpfs:/dev tmpfs:/tmp tmpfs:/run \
		debugfs:/sys/kernel/debug configfs:/sys/kernel/config; do
		mountpoint -q "${fs#*:}" || mount -t "${fs%%:*}" none "${fs#*:}" ||
			fail "mount ${fs#*:}"
	done
	echo 1 >/proc/sys/kernel/sysrq

	for m in drivers/block/null_blk/null_blk.ko:nr_devices=0 \
		drivers/nvme/host/nvme-core.ko:multipath=0 \
		drivers/nvme/host/nvme-fabrics.ko drivers/nvme/target/nvmet.ko \
		drivers/nvme/target/nvme-loop.ko; do
		arg=()
		[[ $m != *:* ]] || arg=("${m#*:}")
		insmod "$K/${m%%:*}" "${arg[@]}" || fail "insmod ${m%%:*}"
	done
	# hot: the timed build; ab: the module as it ships (not timed)
	ko=$out/timed/zns_stat.ko
	[ "$MODE" = hot ] || ko=$out/plain/zns_stat.ko
	insmod "$ko" || fail "insmod $ko"

	nvmet_null_up zbuml zbuml "$NQN" 27 loop
	WL=$NVMET_NULL_DISK
	ZSEC=$(cat "/sys/block/$WL/queue/chunk_sectors")

	# fio_run NAME ARGS...: one time-based fio job; prints "ios seconds busy
	# total" (its I/Os, its run time, and UML's /proc/stat busy and total
	# ticks over the job, zbench stat before and after, as bench-guest.sh)
	fio_run() {
		local name=$1
		shift
		rm -f "/tmp/$name.prerun.txt" "/tmp/$name.postrun.txt"
		(cd /tmp && fio --name="$name" --filename="/dev/$WL" --direct=1 --time_based \
			--runtime="$RUN_SECS" --output-format=json --output="/tmp/$name.json" \
			--exec_prerun="$ZB stat" --exec_postrun="$ZB stat" "$@" >/dev/null) ||
			fail "fio $name"
		python3 - "/tmp/$name.json" "/tmp/$name.prerun.txt" "/tmp/$name.postrun.txt" <<'EOF'
import json, sys
job = json.load(open(sys.argv[1]))["jobs"][0]
def ticks(path):
    kv = dict(w.split("=") for w in open(path).read().split())
    return int(kv["busy"]), int(kv["total"])
b0, t0 = ticks(sys.argv[2])
b1, t1 = ticks(sys.argv[3])
print(job["read"]["total_ios"] + job["write"]["total_ios"], job["job_runtime"] / 1000.0,
      b1 - b0, t1 - t0)
EOF
	}
	zbench_run() {	# the same for zbench
		local o
		o=$("$ZB" "$@") || fail "zbench $*"
		awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		       print v["ios"], v["seconds"], v["busy"], v["total"] }' <<<"$o"
	}
	# The workloads as bench-guest.sh runs them on phase cpu's null_blk.
	run_workload() {
		case $1 in
		rr1) fio_run rr1 --rw=randread --bs=4k --ioengine=io_uring --iodepth=1 \
			--offset=0 --size=16M ;;
		rr32) fio_run rr32 --rw=randread --bs=4k --ioengine=io_uring --iodepth=32 \
			--offset=0 --size=16M ;;
		seqw)
			local r
			r=$(fio_run seqw --rw=write --bs=4k --ioengine=psync --zonemode=zbd \
				--offset=$((1024 * ZSEC / 2))k)
			echo "$r"
			blkzone reset -o $((1024 * ZSEC)) -c $((${r%% *} * 8 / ZSEC + 1)) "/dev/$WL" >&2 ||
				fail "blkzone reset" ;;
		append) zbench_run append "/dev/$WL" 4 256 $((ZSEC >= 2048 ? 1 : 2048 / ZSEC)) \
			4096 "$RUN_SECS" ;;
		reset) zbench_run reset "/dev/$WL" 512 256 4 16384 "$RUN_SECS" ;;
		esac
	}
	counted() {	# the module's totals over every zone, and what it dropped
		awk 'NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{ r += $col["reads"]; w += $col["writes"]; a += $col["appends"]; z += $col["resets"]; e += $col["errors"] }
		END { printf "reads=%d writes=%d appends=%d resets=%d errors=%d", r, w, a, z, e }' \
			"/sys/kernel/debug/zns_stat/$WL/zones"
		echo " dropped_untracked=$(awk '$1 == "dropped_untracked:" { print $2 }' \
			/sys/kernel/debug/zns_stat/status)"
	}

	# The module's count of commands (summary's totals), and whether its
	# probes are attached (status).
	counted_sum() {
		awk '$1 ~ /^(reads|writes|appends|resets):$/ { s += $2 } END { print s + 0 }' \
			"/sys/kernel/debug/zns_stat/$WL/summary"
	}
	attached() { awk '$1 == "attached:" { print $2 }' /sys/kernel/debug/zns_stat/status; }

	# Then the unload, reported apart: in UML it has hung in some boots
	# after "detached from nvme_core" (performance.rst); the host stops UML
	# if this never returns.
	unload_off() {
		bench "done"
		[ -z "${ZNS_UML_DEBUG:-}" ] ||	# the tasks' stacks, should the unload hang
			(sleep 20; echo w >/proc/sysrq-trigger) &
		if timeout 60 rmmod zns_stat; then
			bench "rmmod ok"
		else
			bench "rmmod failed"
		fi
		off
		exit 0
	}

	# ab_cfg CFG: zns_stat loaded throughout (the build it ships as); A0 and A
	# with its probes detached (enabled=0 unregisters them from the
	# tracepoints), B attached; iostats off in A0 only.
	ab_cfg() {
		local on=0 iostats=1
		[ "$1" != B ] || on=1
		[ "$1" != A0 ] || iostats=0
		echo "$on" >$P/enabled || fail "enabled=$on"
		echo "$iostats" >"/sys/block/$WL/queue/iostats" || fail "iostats=$iostats"
		[ "$(attached)" = "$on" ] || fail "$1: attached is $(attached), not $on"
	}

	# Mode ab: the A/B comparison of phase cpu (bench-guest.sh) in UML, in
	# report.py's format: per round each workload under A0 A B back to back,
	# the order reversed every round (B A A0) so that drift cancels.
	mode_ab() {
		local round wl cfg order r ios secs busy total c0 c1 t0 bios=0 bz=0 br=0
		bench "phase=env substrate=uml kernel=$(uname -r) cpus=$(nproc) hz=$(getconf CLK_TCK)" \
			"fio=$(fio --version) seconds=$SECS rounds=$ROUNDS"
		bench "phase=cpu_env transport=loop disk=$WL ctrl=$NVMET_NULL_CTRL nullb=$NVMET_NULL_BLK" \
			"zone_sectors=$ZSEC lba=$(cat "/sys/block/$WL/queue/logical_block_size")" \
			"zones=$(cat "/sys/block/$WL/queue/nr_zones") rounds=$ROUNDS seconds=$SECS" \
			"configs=A0,A,B"
		t0=$(date +%s%N)
		for round in $(seq "$ROUNDS"); do
			order="A0 A B"
			[ $((round % 2)) = 1 ] || order="B A A0"
			for wl in rr1 rr32 seqw append reset; do
				for cfg in $order; do
					ab_cfg "$cfg"
					c0=$(counted_sum)
					# zbench marks both ends of the timed part on the
					# console: the host reads UML's CPU time there
					r=$(ZBENCH_MARK=$round.$cfg.$wl run_workload "$wl")
					read -r ios secs busy total <<<"$r"
					[ -n "$ios" ] || fail "no result for $wl"
					c1=$(counted_sum)
					bench "phase=cpu round=$round cfg=$cfg wl=$wl ios=$ios seconds=$secs" \
						"busy=$busy total=$total counted=$((c1 - c0)) mark=$round.$cfg.$wl"
					[ "$cfg" = B ] || continue
					bios=$((bios + ios))
					# seqw's blkzone reset afterwards, zbench reset's
					# preparation: commands the module counts too
					[ "$wl" != seqw ] || bz=$((bz + ios * 8 / ZSEC + 1))
					[ "$wl" != reset ] || br=$((br + 1))
				done
			done
		done
		bench "phase=done name=cpu ms=$((($(date +%s%N) - t0) / 1000000))"
		ab_cfg A
		echo 1 >$P/enabled
		bench "phase=cpu_counted disk=$WL b_ios=$bios b_blkzone_resets=$bz b_reset_runs=$br" \
			"$(counted)"
		unload_off
	}

	blkzone reset "/dev/$WL" || fail "blkzone reset $WL"
	fio --name=fill --filename="/dev/$WL" --direct=1 --ioengine=psync --rw=write --bs=64k \
		--zonemode=zbd --offset=0 --size=16M >/dev/null || fail "fill $WL"
	[ -e "/sys/kernel/debug/zns_stat/$WL/zones" ] || fail "zns_stat does not track $WL"
	RUN_SECS=1	# warm-up, not reported
	for wl in rr1 rr32 seqw append reset; do
		run_workload "$wl" >/dev/null
	done
	RUN_SECS=$SECS
	echo all >$P/clear || fail "clear"
	sleep 1
	[ "$MODE" = hot ] || mode_ab	# does not return
	bench "env kernel=$(uname -r) disk=$WL zone_sectors=$ZSEC lba=$(cat "/sys/block/$WL/queue/logical_block_size") zones=$(cat "/sys/block/$WL/queue/nr_zones") seconds=$SECS rounds=$ROUNDS $(cat $P/bench_layout)"
	# Every (workload, bench_path, bench_class) once a round, the order
	# reversed every other round so that drift on the host cancels.
	specs=
	for slow in 0 1 2; do
		for wl in rr1 rr32 seqw append reset reset:5; do
			[[ $wl == *:* ]] || wl+=:0
			specs+="${wl%:*}:$slow:${wl#*:} "
		done
	done
	total=0 zreset=0
	for round in $(seq "$ROUNDS"); do
		order=$specs
		[ $((round % 2)) = 1 ] || order=$(tr ' ' '\n' <<<"$specs" | tac | tr '\n' ' ')
		for spec in $order; do
			IFS=: read -r wl slow class <<<"$spec"
			echo "$slow" >$P/bench_path
			echo "$class" >$P/bench_class
			echo 0 >$P/bench_timing	# zero, and measure the TSC's rate
			ios=$(run_workload "$wl")
			ios=${ios%% *}
			[ -n "$ios" ] || fail "no result for $wl"
			t=$(cat $P/bench_timing)
			total=$((total + ios))
			# seqw's blkzone reset afterwards: commands the module counts too
			[ "$wl" != seqw ] || zreset=$((zreset + ios * 8 / ZSEC + 1))
			bench "run round=$round wl=$wl path=$slow class=$class ios=$ios $t"
			[ -z "${ZNS_UML_DEBUG:-}" ] ||
				bench "status $(tr -s ' \n' ' ' </sys/kernel/debug/zns_stat/status)"
		done
	done
	echo 0 >$P/bench_path
	echo 0 >$P/bench_class
	bench "counted ios=$total blkzone_resets=$zreset $(counted)"
	unload_off
fi

# ---------------------------------------------------------------- on the host
# report CONSOLE: the table, from the BENCH lines of a UML run's console.
report() {
python3 - "$1" "$(lscpu | sed -n 's/^Model name: *//p')" <<'EOF'
import statistics, sys
runs, env, counted, rmmod = [], {}, {}, "did not return"
for line in open(sys.argv[1], errors="replace"):
    w = line.split()
    if len(w) < 2 or w[0] != "BENCH":
        continue
    kv = dict(x.split("=", 1) for x in w[2:] if "=" in x)
    if w[1] == "run":
        runs.append(kv)
    elif w[1] == "env":
        env = kv
    elif w[1] == "counted":
        counted = kv
    elif w[1] == "rmmod":
        rmmod = w[2]
med = statistics.median
timer = med(float(r["rdtsc_ns"]) for r in runs)
print("zns_stat's probes timed natively: UML %s on %s; zoned null_blk over nvme-loop (%s),"
      % (env.get("kernel"), sys.argv[2], env.get("disk")))
print("%s zones of %s sectors, %s B LBAs; %s rounds of every run, %s s each"
      % (env.get("zones"), env.get("zone_sectors"), env.get("lba"), env.get("rounds"),
         env.get("seconds")))
print("ns per probe call: the median over the rounds of each run's median (5 ns buckets),")
print("the timer (%.1f ns, lfence; rdtsc) subtracted; [lowest-highest run median];" % timer)
print("cmds: probe calls timed, over the rounds. path: as-is = the module untouched;")
print("warm = its slot read just before (untimed); full = and made stale: the full path")
print("%-7s %-6s %-6s %18s %18s %8s %9s" % ("wl", "path", "timed", "setup", "done", "total",
                                          "cmds"))
names = {"0": "as-is", "1": "warm", "2": "full"}
order = ["rr1", "rr32", "seqw", "append", "reset"]
keys = list(dict.fromkeys((r["wl"], r["path"], r["class"]) for r in runs))
keys.sort(key=lambda k: (k[1], k[2], order.index(k[0])))


def cell(v):
    return "%5.0f [%4.0f-%4.0f]" % (med(v), min(v), max(v)) if v else "-"


for k in keys:
    rs = [r for r in runs if (r["wl"], r["path"], r["class"]) == k]
    s = [int(r["setup_med_ns"]) - timer for r in rs if int(r["setup_calls"])]
    d = [int(r["done_med_ns"]) - timer for r in rs if int(r["done_calls"])]
    calls = sum(int(r["setup_calls"]) for r in rs)
    print("%-7s %-6s %-6s %18s %18s %8.0f %9d" % (
        k[0], names.get(k[1], k[1]), "resets" if k[2] == "5" else "all", cell(s), cell(d),
        med(s) + med(d) if s and d else float("nan"), calls))
print("one ktime_get_ns() %.1f ns, one atomic64_inc() %.1f ns (medians); TSC %s kHz"
      " (measured against ktime_get_ns)" % (
          med(float(r["clock_ns"]) for r in runs), med(float(r["atomic_ns"]) for r in runs),
          runs[-1].get("tsc_khz")))
n = sum(int(counted.get(k, 0)) for k in ("reads", "writes", "appends", "resets"))
print("counted by zns_stat in the timed runs: %s (%d); issued: %s I/Os of the workloads"
      " + %s resets by blkzone after seqw (%d); errors=%s dropped_untracked=%s" % (
          " ".join("%s=%s" % (k, counted.get(k)) for k in ("reads", "writes", "appends", "resets")),
          n, counted.get("ios"), counted.get("blkzone_resets"),
          int(counted.get("ios", 0)) + int(counted.get("blkzone_resets", 0)),
          counted.get("errors"), counted.get("dropped_untracked")))
print("rmmod zns_stat afterwards: %s" % rmmod)
EOF
}

if [ "${1:-}" = report ]; then	# uml-native.sh report CONSOLE|RESULTS: the table again
	if grep -q '^BENCH phase=env substrate=uml' "${2:?usage: uml-native.sh report FILE}"; then
		python3 "$here/report.py" "$2"	# mode ab: results-ab.txt
	else
		report "$2"
	fi
	exit
fi
mode=${ZNS_UML_MODE:-hot}
case $mode in
hot | ab) ;;
*) echo "uml-native: ZNS_UML_MODE=$mode: hot or ab" >&2; exit 2 ;;
esac
CACHE=${ZNS_UML_CACHE:-/var/cache/zns_stat/uml}
SRC=$CACHE/linux-source-6.1
log() { echo "uml-native: $*" >&2; }
die() { log "$*"; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (apt-get, and UML's hostfs root)"

# shellcheck source=selftests/lib/apt.sh
. "$repo/selftests/lib/apt.sh"
need=
for t in gcc:gcc make:make flex:flex bison:bison bc:bc fio:fio blkzone:util-linux \
	insmod:kmod python3:python3 uml_mconsole:uml-utilities; do
	command -v "${t%%:*}" >/dev/null || need+=" ${t#*:}"
done
[ -e /usr/include/libelf.h ] || need+=" libelf-dev"
[ -e /usr/src/linux-source-6.1.tar.xz ] || [ -e "$SRC/Makefile" ] || need+=" linux-source-6.1"
if [ -n "$need" ]; then
	log "installing$need"
	# shellcheck disable=SC2086  # package names
	zns_apt_install -q $need >&2 || die "apt-get install$need"
fi

# The UML kernel: options beyond defconfig (checked against 6.1's Kconfig).
opts="MODULES MODULE_UNLOAD BLOCK BLK_DEV_ZONED BLK_CGROUP BLK_DEV_NULL_BLK=m CONFIGFS_FS
NVME_CORE=m NVME_FABRICS=m NVME_MULTIPATH NVME_TARGET=m NVME_TARGET_LOOP=m HOSTFS DEBUG_FS
FTRACE TRACEPOINTS KALLSYMS DEVTMPFS TMPFS IO_URING MAGIC_SYSRQ 64BIT"
config_ok() {
	local o
	[ -e "$SRC/.config" ] || return 1
	for o in $opts; do
		[[ $o == *=* ]] || o+="=y"
		grep -qx "CONFIG_$o" "$SRC/.config" || return 1
	done
}
if [ ! -e "$SRC/Makefile" ]; then
	log "unpacking linux-source-6.1 into $CACHE"
	mkdir -p "$CACHE"
	tar -C "$CACHE" -xf /usr/src/linux-source-6.1.tar.xz || die "tar"
fi
if ! config_ok; then
	log "configuring UML (ARCH=um x86_64)"
	frag=$(mktemp)
	for o in $opts; do
		[[ $o == *=* ]] || o+="=y"
		echo "CONFIG_$o"
	done >"$frag"
	echo "CONFIG_DEBUG_INFO_NONE=y" >>"$frag"
	make -s -C "$SRC" ARCH=um defconfig >&2
	(cd "$SRC" && ARCH=um scripts/kconfig/merge_config.sh -m .config "$frag" >&2)
	rm -f "$frag"
	make -s -C "$SRC" ARCH=um olddefconfig >&2
	config_ok || die "UML .config lacks one of: $opts (see $SRC/.config)"
fi
if [ ! -x "$SRC/linux" ] || [ ! -e "$SRC/drivers/nvme/target/nvme-loop.ko" ] ||
	[ "$SRC/.config" -nt "$SRC/linux" ]; then
	log "building UML (make -j2, about 8 minutes on 2 cores)"
	nice -n 5 make -s -C "$SRC" ARCH=um -j2 all >&2 || die "UML kernel build"
fi

mkdir -p "$out"
if [ "$mode" = hot ]; then
	log "building the timed module for UML and zbench"
	ARCH=um KDIR=$SRC ZNS_BENCH_TIMED_DIR=$out bash "$here/build-timed.sh" uml >/dev/null ||
		die "timed build"
else	# the module as it ships: a tree of symlinks, as build-timed.sh makes
	log "building the module for UML and zbench"
	rm -rf "$out/plain"
	mkdir -p "$out/plain/module"
	ln -s "$repo"/module/*.c "$repo"/module/*.h "$out/plain/module/"
	ln -s "$repo/include" "$out/plain/include"
	cp "$repo/Kbuild" "$out/plain/Kbuild"
	make -s -C "$SRC" ARCH=um M="$out/plain" modules >&2 || die "module build"
fi
gcc -O2 -g -Wall -Wextra -Werror -std=gnu11 -pthread -o "$out/zbench" "$here/zbench.c" ||
	die "zbench"

pin=()
cpu=${ZNS_UML_CPU-$(($(nproc) - 1))}
[ -z "$cpu" ] || pin=(taskset -c "$cpu")
log "booting UML ($(lscpu | sed -n 's/^Model name: *//p'))${cpu:+, pinned to CPU $cpu}"
console=$out/console.log
[ "$mode" = hot ] || console=$out/console-ab.log
load_before=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' ,)
# Mode ab: UML (its kernel and every process, all host processes) in a
# cgroup of its own, whose CPU time the console's reader below takes at each
# "BENCH mark" line (zbench's, at both ends of a run's timed part): the CPU
# UML used, whatever else ran on its host CPU meanwhile.
cg='' cg_file=''
if [ "$mode" = ab ]; then
	if [ -e /sys/fs/cgroup/cgroup.controllers ]; then	# v2
		cg=/sys/fs/cgroup/zns_uml.$$ cg_file=cpu.stat
	elif [ -d /sys/fs/cgroup/cpuacct ]; then	# v1
		cg=/sys/fs/cgroup/cpuacct/zns_uml.$$ cg_file=cpuacct.usage
	fi
	if [ -n "$cg" ] && ! mkdir "$cg" 2>/dev/null; then
		log "cannot create $cg: CPU per command from elapsed time only"
		cg=
	fi
fi
cg_cleanup() { [ -z "$cg" ] || rmdir "$cg" 2>/dev/null || :; }
trap cg_cleanup EXIT
# cg_usage: NS = the cgroup's CPU time (builtins only: read at once)
cg_usage() {
	local k v
	if [ "$cg_file" = cpuacct.usage ]; then
		read -r NS <"$cg/$cg_file"
		return
	fi
	while read -r k v; do
		[ "$k" != usage_usec ] || { NS=$((v * 1000)); return; }
	done <"$cg/$cg_file"
}
# console_reader: UML's console into $console, a "BENCH phase=hostcpu" line
# after each mark
console_reader() {
	local line NS
	while IFS= read -r line; do
		line=${line%$'\r'}
		printf '%s\n' "$line"
		if [ -n "$cg" ] && [[ $line == "BENCH mark "* ]]; then
			cg_usage
			printf 'BENCH phase=hostcpu mark=%s usage_ns=%s\n' "${line#BENCH mark }" "$NS"
		fi
	done >"$console"
}
fifo=$out/console.fifo
rm -f "$fifo"
: >"$console"	# not the last run's, which the loop below must not see
mkfifo "$fifo"
console_reader <"$fifo" &
reader=$!
# UML's memory is a file in TMPDIR; its consoles: con0 on stdio, the rest none.
rc=0
secs=${ZNS_UML_SECONDS:-2} rounds=${ZNS_UML_ROUNDS:-$([ "$mode" = hot ] && echo 5 || echo 20)}
runs=18	# runs a round
[ "$mode" = hot ] || runs=15
limit=$(((rounds * runs * (secs + 3) + 180) * 2))	# twice what it should take
# UML alone in the cgroup (not this script's polling below)
(
	[ -z "$cg" ] || echo "$BASHPID" >"$cg/cgroup.procs"
	TMPDIR=/dev/shm exec timeout "$limit" "${pin[@]}" "$SRC/linux" mem="${ZNS_UML_MEM:-1G}" \
		root=/dev/root rootflags=/ rootfstype=hostfs rw \
		init="$here/uml-native.sh" con=null con0=null,fd:1 ssl=null umid="zns_uml.$$" \
		ZNS_UML_STAGE=guest ZNS_UML_KDIR="$SRC" ZNS_UML_SECONDS="$secs" \
		ZNS_UML_ROUNDS="$rounds" ZNS_UML_DEBUG="${ZNS_UML_DEBUG:-}" ZNS_UML_MODE="$mode"
) </dev/null >"$fifo" 2>&1 &
uml=$!
# Once the results are in, UML gets 90 s to unload zns_stat and power off;
# if rmmod has not returned after 30 s, the console gets what runs: sysrq p
# (the registers and stack of the interrupted task) three times, 2 s apart,
# through UML's management console (uml_mconsole, Debian's uml-utilities),
# whose sysrq runs in UML's interrupt handler, so that even a task that never
# yields the CPU shows. Not t or w: in UML 6.1 they cannot walk other tasks'
# stacks ("Received SIGSEGV in SIGSEGV handler"), and t panicked UML in
# print_worker_info() (2026-11-27).
done_at='' dumped=''
while kill -0 "$uml" 2>/dev/null; do
	if [ -z "$done_at" ] && grep -q '^BENCH done' "$console"; then
		done_at=$SECONDS
	elif [ -n "$done_at" ] && [ -z "$dumped" ] && [ $((SECONDS - done_at)) -gt 30 ] &&
		! grep -q '^BENCH rmmod' "$console"; then
		dumped=1
		log "rmmod zns_stat has not returned in 30 s: stacks into $console"
		if command -v uml_mconsole >/dev/null; then
			for _ in 1 2 3; do
				timeout 10 uml_mconsole "zns_uml.$$" sysrq p >&2 || :
				sleep 2
			done
		fi
	elif [ -n "$done_at" ] && [ $((SECONDS - done_at)) -gt 90 ]; then
		log "UML still running 90 s after its results (the unload did not return): stopped"
		kill "$uml"
	fi
	sleep 2
done
wait "$uml" || rc=$?
wait "$reader" || :
rm -f "$fifo"
grep -q '^BENCH done' "$console" || {
	grep -E '^(BENCH failed|uml-native:)' "$console" >&2 || tail -20 "$console" >&2
	die "UML run failed (status $rc); see $console"
}

if [ "$mode" = hot ]; then
	report "$console"
	exit 0
fi
# Mode ab: the raw lines, this host's, then report.py's table.
results=$out/results-ab.txt
{
	echo "HOST cpu=$(lscpu | sed -n 's/^Model name: *//p' | tr ' ' _) cores=$(nproc)" \
		"pinned=${cpu:-no} load_before=$load_before" \
		"load_after=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' ,)" \
		"commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo ?)" \
		"dirty=$(git -C "$repo" status --porcelain 2>/dev/null | wc -l)" \
		"rmmod=$(sed -n 's/^BENCH rmmod \([a-z]*\).*/\1/p' "$console" | grep . ||
			echo did_not_return)"
	grep -a '^BENCH ' "$console"
} >"$results"
python3 "$here/report.py" "$results"
