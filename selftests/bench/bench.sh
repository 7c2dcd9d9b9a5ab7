#!/bin/bash
# bench.sh - make bench: zns_stat against no tracing and against the seed's
# bpftrace tracer, its hot-path cost, memory and scale, in one QEMU guest boot.
# Documentation/performance.rst explains the method and holds the figures.
#
# Usage: selftests/bench/bench.sh        (as root on Debian bookworm, like make check)
#
# Env (every ZNS_BENCH_* reaches the guest, through build/bench/guest.env;
# defaults in brackets):
#   ZNS_BENCH_ROUNDS      rounds of A B C [5]
#   ZNS_BENCH_SECONDS     seconds per workload run [3]
#   ZNS_BENCH_HOT_SECONDS seconds per workload in the hot-path phase [ZNS_BENCH_SECONDS]
#   ZNS_BENCH_HOT_BPF     1: the hot-path phase times seed.bt and like.bt too [1; 0 under -icount]
#   ZNS_BENCH_LC_WORKLOADS workloads timed again with the local_clock() variant [rr1 rr32 append; empty: none]
#   ZNS_BENCH_CONFIGS     [A B C]   ZNS_BENCH_WORKLOADS [rr1 rr32 seqw append reset]
#   ZNS_BENCH_PHASES      [rounds ab hot memory scale selectall cpu]
#   ZNS_BENCH_ICOUNT_PHASES those of the phases run in a second boot whose guest
#                         time counts instructions (QEMU -icount, one vCPU;
#                         boot() below) [cpu; empty: all in one boot]
#                         Phase insn (make bench-insn) always boots alone,
#                         under insn_plugin.c; ZNS_BENCH_INSN_SECONDS per run [0.5]
#   ZNS_BENCH_KVER        the guest kernel: 6.1 or 6.12 (Debian's, also 6.1-rt,
#                         6.12-rt...: selftests/guest/kernels.sh list) or a
#                         release such as 6.12.95+deb12-amd64 [KVER, else
#                         the release linux-headers-amd64 points at]
#   ZNS_BENCH_CPU_ROUNDS  rounds of phase cpu (the order reversed every
#                         round) [5 under -icount, else 10]
#   ZNS_BENCH_CPU_SECONDS seconds per workload run in phase cpu [0.5 under
#                         -icount, else ZNS_BENCH_SECONDS]
#   ZNS_BENCH_CPU_CONFIGS [A0 A B under -icount, else A0 A B D]
#   ZNS_BENCH_CPU_TRANSPORT phase cpu's path to nvmet: loop (nvme-loop) or tcp
#                         (nvme-tcp on 127.0.0.1) [loop where the kernel has
#                         it: 6.12; Debian's 6.1 has not: tcp]
#   ZNS_BENCH_SCALE_FILL  1: one write and one read in each of the 65536 zones first [1]
#   ZNS_BENCH_SCALE_REPS  repetitions of each scale timing [5]
#   ZNS_BENCH_CLOCK       tsc: boot the guest with tsc=reliable (what real machines
#                         use; TCG makes the kernel distrust the TSC and fall back to
#                         the HPET, whose every read is an emulated MMIO access);
#                         hpet: the harness's default clock [tsc]
#   ZNS_BENCH_IDLE        poll: boot the guest with idle=poll (an idle vCPU
#                         spins instead of halting, so waking it costs no
#                         host thread wake-up); halt: the kernel's default [halt]
#   ZNS_BENCH_TIMEOUT     guest timeout in seconds [3600]
#   ZNS_BENCH_BASE        a commit: its timed build against this tree's, phase
#                         hotab (added to the phases if not named)
#   ZNS_BENCH_HOTAB_ROUNDS rounds of hotab, each timing both builds [6]
#   ZNS_BENCH_TOOL_BASE   a commit: its zns-stat, timed against this tree's in
#                         phase scale (--all and record, interleaved, each
#                         ZNS_BENCH_SCALE_REPS times) on the same namespace
# Output: build/bench/guest.log and guest-icount.log (consoles), build/bench/results.txt (BENCH lines and
# host facts), build/bench/report.txt (tables, also printed); phase insn: guest-insn.log,
# insn.txt (the plugin's counts), insn-syms.txt, insn-report.txt. Exit status non-zero
# if the guest run failed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$repo/selftests/lib/apt.sh"
cd "$repo"
out=$repo/build/bench
mkdir -p "$out"

log() { echo "bench: $*" >&2; }

# bpftrace runs in the guest from the host's root (9p): install it here.
if [ "$(dpkg-query -W -f='${db:Status-Status}' bpftrace 2>/dev/null)" != installed ]; then
	log "installing bpftrace"
	zns_apt_get update -qq >&2
	zns_apt_get install -y -qq --no-install-recommends bpftrace >&2
fi
# ZNS_BENCH_KVER: a short name (6.1, 6.12, 6.12-rt...) or a release, as KVER.
if [ -n "${ZNS_BENCH_KVER:-}" ]; then
	if [[ $ZNS_BENCH_KVER =~ ^[0-9]+\.[0-9]+(-[a-z]+)?$ ]]; then
		KVER=$(bash selftests/guest/kernels.sh list |
			awk -v n="debian-$ZNS_BENCH_KVER" '$1 == n { print $2 }')
		[ -n "$KVER" ] || { log "ZNS_BENCH_KVER=$ZNS_BENCH_KVER: not in selftests/guest/kernels.sh list"; exit 1; }
	else
		KVER=$ZNS_BENCH_KVER
	fi
	export KVER
	log "guest kernel $KVER (ZNS_BENCH_KVER=$ZNS_BENCH_KVER)"
fi
setup=$(bash selftests/guest/host-setup.sh)
eval "$(grep '^KVER=' <<<"$setup")"

# The headers as make check and make demo find them (a backports kernel's
# from the cache when they are not installed), unless KDIR is given.
if [ -z "${KDIR:-}" ]; then
	eval "$(bash selftests/guest/kernels.sh kdir "$KVER")"
fi
export KDIR
log "building zns_stat, zns-stat, the timed build and zbench for $KVER"
make -s module KERNELRELEASE="$KVER" KDIR="$KDIR"
make -s tool
timed_ko=$(bash "$here/build-timed.sh" "$KVER" 2> >(grep -v 'Skipping BTF' >&2))
timed_lc_ko=$(bash "$here/build-timed.sh" "$KVER" localclock 2> >(grep -v 'Skipping BTF' >&2))
gcc -O2 -g -Wall -Wextra -Werror -std=gnu11 -pthread -o "$out/zbench" "$here/zbench.c"
# the plugin's callbacks have QEMU's signatures, whatever they use
gcc -O2 -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -fvisibility=hidden \
	-o "$out/insn_plugin.so" "$here/insn_plugin.c"
# ZNS_BENCH_BASE: the base commit's timed build, by its own build-timed.sh.
base_ko=
if [ -n "${ZNS_BENCH_BASE:-}" ]; then
	base_rev=$(git rev-parse --short "$ZNS_BENCH_BASE^{commit}")
	log "building the timed build of $base_rev (ZNS_BENCH_BASE) for phase hotab"
	rm -rf "$out/base-src"
	mkdir -p "$out/base-src"
	git archive "$base_rev" module include Kbuild selftests/bench | tar -x -C "$out/base-src"
	base_ko=$(bash "$out/base-src/selftests/bench/build-timed.sh" "$KVER" 2> >(grep -v 'Skipping BTF' >&2))
	case " ${ZNS_BENCH_PHASES:-} " in
	*" hotab "*) ;;
	*) export ZNS_BENCH_PHASES="${ZNS_BENCH_PHASES:-rounds ab hot memory scale selectall cpu} hotab" ;;
	esac
fi

# ZNS_BENCH_TOOL_BASE: the base commit's zns-stat, built from its own tree.
base_tool_rev=
if [ -n "${ZNS_BENCH_TOOL_BASE:-}" ]; then
	base_tool_rev=$(git rev-parse --short "$ZNS_BENCH_TOOL_BASE^{commit}")
	log "building zns-stat of $base_tool_rev (ZNS_BENCH_TOOL_BASE) for phase scale"
	rm -rf "$out/base-tool"
	mkdir -p "$out/base-tool"
	git archive "$base_tool_rev" Makefile include user | tar -x -C "$out/base-tool"
	make -s -C "$out/base-tool" tool
	export ZNS_BENCH_BASE_TOOL=$out/base-tool/user/zns-stat
fi

# Fresh sparse images (QEMU opens them on the host): a 64 GiB one for 65536 zones.
img=$out/img
rm -rf "$img"
mkdir -p "$img"
truncate -s 512M "$img/wl.img"
truncate -s 100M "$img/z100.img"
truncate -s 4G "$img/z4096.img"
truncate -s 64G "$img/z65536.img"
# Short specs: vm.sh hands every ZNS_* variable to the guest on the kernel
# command line (2 KiB at most), this one included. QEMU runs in $img (below).
z1m="zoned=true,zoned.zone_size=1M,logical_block_size=4096,physical_block_size=4096"
z64k="zoned=true,zoned.zone_size=64K,logical_block_size=4096,physical_block_size=4096"
extra="-device nvme,serial=zbench,id=zb"
nsid=0
for spec in "wl:$z64k" "z100:$z1m" "z4096:$z1m" "z65536:$z1m"; do
	nsid=$((nsid + 1))
	extra+=" -drive file=${spec%%:*}.img,id=d$nsid,format=raw,if=none"
	extra+=" -device nvme-ns,drive=d$nsid,bus=zb,nsid=$nsid,${spec#*:}"
done
export ZNS_QEMU_EXTRA="${ZNS_QEMU_EXTRA:+$ZNS_QEMU_EXTRA }$extra"
if [ "${ZNS_BENCH_CLOCK:-tsc}" = tsc ]; then
	export ZNS_KERNEL_APPEND="${ZNS_KERNEL_APPEND:+$ZNS_KERNEL_APPEND }tsc=reliable"
fi
if [ "${ZNS_BENCH_IDLE:-halt}" = poll ]; then
	export ZNS_KERNEL_APPEND="${ZNS_KERNEL_APPEND:+$ZNS_KERNEL_APPEND }idle=poll"
fi
export ZNS_BENCH_ZBENCH=$out/zbench ZNS_BENCH_TIMED_KO=$timed_ko ZNS_BENCH_TIMED_LC_KO=$timed_lc_ko
export ZNS_BENCH_BASE_KO=$base_ko
timeout=${ZNS_BENCH_TIMEOUT:-3600}
# The phases of the instruction-counted boot, and those of the other.
phases=${ZNS_BENCH_PHASES:-rounds ab hot memory scale selectall cpu}
icount_phases=() host_phases=() insn=0
for p in $phases; do
	if [ "$p" = insn ]; then
		insn=1
	elif [[ " ${ZNS_BENCH_ICOUNT_PHASES-cpu} " == *" $p "* ]]; then
		icount_phases+=("$p")
	else
		host_phases+=("$p")
	fi
done
# The knobs reach the guest in a file, not in the environment: vm.sh puts every
# ZNS_* variable on the kernel command line, which ZNS_QEMU_EXTRA nearly fills.
knobs=
while IFS= read -r var; do
	knobs+=$(printf 'export %s=%q' "$var" "${!var}")$'\n'
	unset "$var"
done < <(compgen -e | grep '^ZNS_BENCH_')

{
	echo "HOST date=$(date -u +%Y-%m-%dT%H:%M:%SZ) commit=$(git rev-parse --short HEAD 2>/dev/null || echo none) dirty=$(git status --porcelain 2>/dev/null | grep -c . || true)${base_ko:+ base=$base_rev}${base_tool_rev:+ base_tool=$base_tool_rev}"
	echo "HOST cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//; s/ /_/g') cores=$(nproc) qemu=$(qemu-system-x86_64 --version | awk 'NR == 1 { print $4 }')"
	echo "HOST load_before=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' ,)"
} >"$out/results.txt"
log "load before: $(uptime)"

# boot LOG MODE PHASE...: one guest run of bench-guest.sh, its BENCH lines
# shown as they come and added to results.txt. MODE icount: under QEMU's
# -icount shift=0,sleep=off, on one vCPU (QEMU 7.2 hangs bringing up a
# second one there): guest time is the instructions executed, 1 ns each, and
# an idle vCPU skips to its next timer, so the host's load and noise cannot
# move what the guest measures; what it cannot see is what an instruction
# costs on a real CPU (caches, atomics, branches). MODE insn: QEMU's plugin
# insn_plugin.c counts every kernel instruction into insn.txt, on one vCPU
# (its counters are not atomic).
boot() {
	local log=$1 mode=$2 rc
	shift 2
	{
		echo "$knobs"
		echo "export ZNS_BENCH_PHASES=$(printf %q "$*") ZNS_BENCH_ICOUNT=$([ "$mode" = icount ] && echo 1 || echo 0)"
	} >"$out/guest.env"
	rm -f "$log"
	set +e
	(
		cd "$img" || exit 1
		case $mode in
		icount) export ZNS_QEMU_EXTRA="$ZNS_QEMU_EXTRA -icount shift=0,sleep=off -smp 1" ;;
		insn) export ZNS_QEMU_EXTRA="$ZNS_QEMU_EXTRA -smp 1 -plugin $out/insn_plugin.so,out=$out/insn.txt" ;;
		esac
		bash "$repo/selftests/guest/vm.sh" --timeout "$timeout" --log "$log" -- \
			"$here/bench-guest.sh" 2>&1 | sed -u 's/\r$//' |
			grep --line-buffered -E '^(BENCH |bench: |vm.sh: |FAIL)' >&2
		exit "${PIPESTATUS[0]}"
	)
	rc=$?
	set -e
	tr -d '\r' <"$log" | grep -E '^(BENCH |bench: )' >>"$out/results.txt" || true
	# grep reads to the end: with -q it would stop at the line, and tr,
	# still writing, die of SIGPIPE, which pipefail makes a failure (seen
	# with phase insn's long symbol listing)
	if [ "$rc" = 0 ] && ! tr -d '\r' <"$log" | grep '^BENCH phase=end' >/dev/null; then
		log "the guest run ended early: no 'BENCH phase=end' line"
		rc=1
	fi
	if [ "$rc" != 0 ]; then
		log "the guest run failed ($rc): see $log"
		tr -d '\r' <"$log" | grep -E 'FAIL|error' | tail -n 5 >&2 || true
	fi
	return "$rc"
}
rc=0
rm -f "$out/guest.log" "$out/guest-icount.log"
if [ "${#host_phases[@]}" -gt 0 ]; then
	boot "$out/guest.log" host "${host_phases[@]}" || rc=$?
fi
if [ "${#icount_phases[@]}" -gt 0 ]; then
	log "phases ${icount_phases[*]}: a second boot, instructions counted (-icount)"
	start=$SECONDS
	boot "$out/guest-icount.log" icount "${icount_phases[@]}" || rc=$?
	echo "HOST icount_boot_s=$((SECONDS - start))" >>"$out/results.txt"
fi
if [ "$insn" = 1 ]; then
	log "phase insn: a boot of its own, every kernel instruction counted (insn_plugin.c)"
	rm -f "$out/insn.txt"
	boot "$out/guest-insn.log" insn insn || rc=$?
	tr -d '\r' <"$out/guest-insn.log" | grep '^ZSYM ' >"$out/insn-syms.txt" || true
	python3 "$here/insn-report.py" --results "$out/results.txt" --counts "$out/insn.txt" \
		--syms "$out/insn-syms.txt" \
		--module "$repo/zns_stat.ko" >"$out/insn-report.txt" || rc=1
fi

echo "HOST load_after=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' ,)" >>"$out/results.txt"
log "load after: $(uptime)"
python3 "$here/report.py" "$out/results.txt" | tee "$out/report.txt"
exit "$rc"
