#!/bin/bash
# make check: everything CI runs, from a bare Debian bookworm machine.
#   host_checks KVER...     checkpatch, the tool's build and cppcheck, make install;
#                           per kernel: W=1 build, sparse, make dkms-install;
#                           make deb, apt install and purge in a bookworm root
#   guest_suite NAME KVER   the selftests in a QEMU guest booting that kernel
#   debug_suite NAME VARIANT  the same on a debug kernel (guest/debug-kernel.sh)
# Each step's "N passed, N failed" is added up; the last line is the total.
# Arguments (test names or prefixes) are passed to every guest suite.
# The debug kernel's suite, the longest, starts first and runs beside the host
# checks and the others. Its guest keeps about 1.4 of the two cores busy, so
# the Debian suites beside it take about twice as long, yet the whole saves
# some 10 minutes of the 70 that one suite at a time takes (ZNS_CHECK_SERIAL=1).
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo" || exit 1
mkdir -p build
total_pass=0 total_fail=0

add_results() {	# add_results PASS FAIL
	total_pass=$((total_pass + $1))
	total_fail=$((total_fail + $2))
}

host_checks() {
	local out
	out=$(bash selftests/host-checks.sh "$@" 2>&1)
	echo "$out"
	add_results "$(grep -c '^ok ' <<<"$out")" "$(grep -c '^not ok ' <<<"$out")"
}

# patching_int3_oops CONSOLE: the guest died of "Oops: int3" (an int3 that text
# patching left, hit after its handler was gone: QEMU TCG's cross-modifying code,
# seen once on 6.12 while t92 reloaded zns_stat under fio, i.e. while static keys
# of nvme_core's tracepoints were patched), with no zns_stat code at its RIP or
# on its stack.
patching_int3_oops() {
	local oops
	oops=$(tr -d '\r' <"$1" | sed -n '/Oops: int3/,/end trace/p')
	[ -n "$oops" ] && ! grep -E 'RIP: |\+0x[0-9a-f]+/0x[0-9a-f]+' <<<"$oops" | grep -q '\[zns_stat\]'
}

# guest_suite NAME KVER [TEST...]: run the guest tests; required tests never skip.
guest_suite() {
	local name=$1 kver=$2 out=build/guest-$1.out rc summary attempt
	# The whole run's bound: debian-6.1's 32 tests took past 1200 s beside
	# the debug guest (the fresh-clone CI of 1db972e timed out in t95 twice).
	# A frozen guest is caught sooner by the console's silence (vm.sh).
	local -x ZNS_VM_TIMEOUT=${ZNS_VM_TIMEOUT:-2400}
	# The module host_checks built for this kernel, unless the caller chose one.
	local -x ZNS_KO=${ZNS_KO:-}
	[ -n "$ZNS_KO" ] || [ ! -e "$repo/build/kernels/$kver/zns_stat.ko" ] ||
		ZNS_KO=$repo/build/kernels/$kver/zns_stat.ko
	[ -n "$ZNS_KO" ] || unset ZNS_KO
	shift 2
	echo "# guest suite '$name' on $kver"
	for attempt in 1 2; do
		KVER=$kver ZNS_GUEST_LOG=$repo/build/guest-$name.log \
			bash selftests/run-guest-tests.sh "$@" | tee "$out"
		rc=${PIPESTATUS[0]}
		# A guest that froze with no test failed (TCG: every vCPU halted,
		# no timer, no kernel message, the runner silent until QEMU's
		# timeout), or that died of text patching's int3 outside zns_stat
		# (patching_int3_oops), is booted once more; its console is kept
		# and the cause shown. A run with a failed test is never retried.
		[ "$attempt" = 1 ] && grep -Eq '^[0-9]+ passed, 0 failed' "$out" || break
		if grep -q '^run-guest-tests: the guest timed out' "$out"; then
			mv "$repo/build/guest-$name.log" "$repo/build/guest-$name.timed-out.log"
			echo "# $name: the guest timed out (console: build/guest-$name.timed-out.log, last lines below); booting it once more"
			tail -n 15 "$repo/build/guest-$name.timed-out.log" | tr -d '\r' | sed 's/^/# timed out: /'
		elif grep -q '^run-guest-tests: the guest ended without a result' "$out" &&
		     patching_int3_oops "$repo/build/guest-$name.log"; then
			mv "$repo/build/guest-$name.log" "$repo/build/guest-$name.int3-oops.log"
			echo "# $name: the guest died of an int3 left by text patching, outside zns_stat (console: build/guest-$name.int3-oops.log, the oops below); booting it once more"
			tr -d '\r' <"$repo/build/guest-$name.int3-oops.log" |
				sed -n '/Oops: int3/,/end trace/p' | head -n 40 | sed 's/^/# int3 oops: /'
		else
			break
		fi
	done
	summary=$(tail -n 1 "$out")
	if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		local pass=${BASH_REMATCH[1]} fail=${BASH_REMATCH[2]} skip=${BASH_REMATCH[4]:-0}
		[ "$rc" -eq 0 ] || [ "$fail" -gt 0 ] || fail=1
		if [ "$skip" -gt 0 ]; then
			echo "# $name: $skip test(s) skipped: make check requires every test"
			fail=$((fail + skip))
		fi
		add_results "$pass" "$fail"
	else
		echo "# $name: no result line"
		add_results 0 1
	fi
}

# debug_suite NAME VARIANT [TEST...]: a debug kernel (lockdep, KASAN, kmemleak, ...:
# guest/debug-kernel.sh, cached; a first build takes minutes), zns_stat built against it
# with W=1 and no warning, then the guest suite on it, ending with a kmemleak scan.
debug_suite() {
	local name=$1 variant=$2 vars KVER ZNS_KDIR
	# KASAN, lockdep and kmemleak under TCG: several times slower than Debian's
	# kernel, and twice as slow again beside the other suites: t92 took 360 s
	# alone, 527 s beside them here, and over its 600 s on CI's machine.
	local -x ZNS_VMLINUZ ZNS_KMOD_ROOT ZNS_KO ZNS_TEST_TIMEOUT=${ZNS_TEST_TIMEOUT:-1200}
	local -x ZNS_VM_TIMEOUT=${ZNS_VM_TIMEOUT:-4200}
	# Debian's packaging (DKMS) has nothing to test on a kernel of our own;
	# the block-layer fallback (t63) runs on the Debian kernels, and here
	# under injected faults in t68; host path errors (t65) and the nvmet
	# target's witness (t43) need nvme-tcp, nvmet-tcp and null_blk, which the
	# debug kernel (tinyconfig-based) does not build; the fio and
	# /sys/block witness (t42, about 4 minutes here) runs on Debian's
	# kernels, beside t41 which runs here too; the tool's tests run on 6.1;
	# the plug's queue waits (t38) are those of 6.9+ (6.12's suite), where
	# this 6.1 stamps each bio itself.
	local -x ZNS_TEST_EXCLUDE="*dkms* *-deb-* t38-* t42-* t43-* t63-* t65-* $tool_tests"
	shift 2
	echo "# debug kernel '$variant'"
	if vars=$(bash selftests/guest/debug-kernel.sh --module "--$variant"); then
		eval "$vars"
		echo "ok - debug: zns_stat builds with W=1 and no warning ($KVER)"
		add_results 1 0
		guest_suite "$name" "$KVER" "$@"
	else
		echo "not ok - debug: debug kernel '$variant' or zns_stat's W=1 build against it"
		add_results 0 1
	fi
}

mkdir -p build && touch build/check.start
setup=$(bash selftests/guest/host-setup.sh) || { echo "host setup failed"; echo "0 passed, 1 failed"; exit 1; }
eval "$(grep '^KVER=' <<<"$setup")"
echo "# default guest kernel: $KVER"

# Debian's kernels (guest/kernels.sh): bookworm 6.1 and bookworm-backports 6.12, each
# generic, rt and cloud. All are compile-tested (W=1, sparse, DKMS); the guest suite
# runs on 6.1, 6.1 PREEMPT_RT and 6.12.
declare -A kernel
while read -r name release; do kernel[$name]=$release; done < <(bash selftests/guest/kernels.sh list)
if [ "${#kernel[@]}" -ne 6 ]; then
	echo "not ok - cannot resolve Debian's kernel releases (selftests/guest/kernels.sh list)"
	add_results 0 1
	kernel=([debian-6.1]=$KVER)
fi
# The tool's own tests (formats, recordings, intervals: t8x) read debugfs files
# that are the same on every kernel: they run on Debian's 6.1 only, which keeps
# make check within its hour.
tool_tests='t8*'
rm -f build/check-*.result
# in_background NAME FUNCTION ARGS...: run a suite beside the others, its
# output in build/check-NAME.out, shown and counted by wait_background.
bg_names=() bg_pids=()
in_background() {
	local name=$1
	shift
	if [ "${ZNS_CHECK_SERIAL:-0}" = 1 ]; then
		"$@"
		return
	fi
	echo "# $name: running beside the suites below (its output follows when they end)"
	( total_pass=0 total_fail=0
	  "$@"
	  echo "$total_pass $total_fail" >"build/check-$name.result"
	) >"build/check-$name.out" 2>&1 &
	bg_names+=("$name") bg_pids+=($!)
}
wait_background() {
	local i name result
	for i in "${!bg_pids[@]}"; do
		name=${bg_names[$i]}
		wait "${bg_pids[$i]}"
		cat "build/check-$name.out"
		if result=$(cat "build/check-$name.result" 2>/dev/null) && [ -n "$result" ]; then
			add_results $result
		else
			echo "not ok - $name: the suite ended without a result"
			add_results 0 1
		fi
	done
}
# The debug kernel's suite, the longest, starts first: its kernel build (or
# cache) and its guest run beside the host checks and the Debian suites, with
# a zns-stat of its own (t36 and t94 run it): host checks rebuild
# user/zns-stat (make -B tool) meanwhile.
debug_tool=$repo/build/tool-debug-6.1/zns-stat
mkdir -p "${debug_tool%/*}"
make -s tool && cp user/zns-stat "$debug_tool" ||
	echo "# make tool failed: the debug suite's tests of the tool will fail"
ZNS_TOOL=$debug_tool in_background debug-6.1 debug_suite debug-6.1 modular "$@"
host_checks "$KVER" $(for k in "${!kernel[@]}"; do [ "${kernel[$k]}" = "$KVER" ] || echo "${kernel[$k]}"; done | sort)
# Debian's kernels have no CONFIG_FAULT_INJECTION and no CONFIG_KUNIT: the fault
# tests (t*fault*) and the KUnit suites (t05-kunit) run on the debug kernel only.
debian_exclude() {	# debian_exclude KVER: '*fault*', '*kunit*' unless its .config has them
	local KDIR out=()
	eval "$(bash selftests/guest/kernels.sh kdir "$1")"
	grep -q '^CONFIG_FAULT_INJECTION=y' "$KDIR/.config" 2>/dev/null || out+=('*fault*')
	grep -q '^CONFIG_KUNIT=y' "$KDIR/.config" 2>/dev/null || out+=('*kunit*')
	echo "${out[*]}"	# one line: run_tests.sh reads one
}
debian_suite() {	# debian_suite NAME KVER EXCLUDE [TEST...]
	local -x ZNS_TEST_EXCLUDE
	ZNS_TEST_EXCLUDE="$(debian_exclude "$2") $3"
	[ -z "$(debian_exclude "$2")" ] ||
		echo "# $1: not run here: $(cd selftests/zns_stat && echo t*fault*.sh t*kunit*.sh) (no CONFIG_FAULT_INJECTION or CONFIG_KUNIT in $2; they run on the debug kernel)"
	[ -z "$3" ] || echo "# $1: not run here: $3 (the tool's tests read the same files on every kernel and run on 6.1; the zone lifecycle's, t94 and t95, on 6.1, 6.12 and the debug kernel; the Debian packages', t16, on 6.1, the kernel host-checks.sh installs them for)"
	guest_suite "$1" "$2" "${@:4}"
}
debian_suite debian-6.1 "$KVER" "" "$@"
# The Debian packages' test (t16: apt install in a bookworm root, host-checks.sh)
# is prepared for the default kernel only, so it runs on 6.1 only.
deb_tests='t16-deb-*'
# PREEMPT_RT changes the context the probes and the module's locks run in
# (threaded interrupts, preemptible spinlocks, RCU), not what the counters
# mean: its suite runs the tests of those paths, not the ones that check the
# same counters once more. Completions, errors and the reset log (t17, t30,
# t60, t64), cgroup lookup (t36), attaching, enabling, reloading under load
# (t10, t70, t90, t92), concurrent readers and writers (t93), and the
# module DKMS built for the RT kernel (t15).
rt_tests=(t10 t15 t17 t30 t36 t60 t64 t70 t90 t92 t93)
rt_suite() {	# rt_suite KVER [TEST...]: those tests, or the ones chosen
	if [ $# -gt 1 ]; then
		debian_suite debian-6.1-rt "$1" "$tool_tests $deb_tests t94-* t95-*" "${@:2}"
	else
		echo "# debian-6.1-rt: the tests of the paths PREEMPT_RT changes: ${rt_tests[*]}"
		debian_suite debian-6.1-rt "$1" "" "${rt_tests[@]}"
	fi
}
[ -z "${kernel[debian-6.1-rt]:-}" ] || rt_suite "${kernel[debian-6.1-rt]}" "$@"
# 6.12's suite runs the installed kselftests (make -C selftests/zns_stat install):
# the tree a lab machine gets, through its own copy of run_tests.sh and tests.list.
installed_suite() {	# installed_suite NAME KVER EXCLUDE [TEST...]
	local -x ZNS_TEST_RUNNER=$repo/build/kselftest-install/zns_stat/run_tests.sh
	rm -rf "$repo/build/kselftest-install"
	if ! make -s -C selftests/zns_stat install INSTALL_PATH="$repo/build/kselftest-install"; then
		echo "not ok - $1: make -C selftests/zns_stat install INSTALL_PATH=build/kselftest-install"
		add_results 0 1
		return
	fi
	echo "# $1: the tests installed in build/kselftest-install"
	debian_suite "$@"
}
[ -z "${kernel[debian-6.12]:-}" ] || installed_suite debian-6.12 "${kernel[debian-6.12]}" "$tool_tests $deb_tests" "$@"
# A lab machine with a ZNS drive: the same installed tree, nvme loaded, the
# kernel's run_kselftest.sh, ZNS_STAT_TEST_DEV naming namespace 1 (lab-kselftest.sh).
if [ -n "${kernel[debian-6.12]:-}" ] && [ $# = 0 ] && [ -d build/kselftest-install ]; then
	# ~30 s: a guest that freezes after its result (TCG) waits 5 minutes, not 20
	ZNS_TEST_RUNNER=$repo/selftests/guest/lab-kselftest.sh ZNS_VM_TIMEOUT=300 \
		guest_suite debian-6.12-lab "${kernel[debian-6.12]}" "$repo/build/kselftest-install"
fi
# demo_on KVER: make demo's job on KVER, as on a machine whose
# linux-headers-amd64 comes from bookworm-backports (6.12): the headers from
# the cache instead of /lib/modules. Each guest checks its own figures
# against its workload and fails the demo on a mismatch; both must also
# have said so (a run left out fails too).
demo_on() {
	local KDIR log=build/check-demo-$1.log rc=0 said
	eval "$(bash selftests/guest/kernels.sh kdir "$1")"
	KVER=$1 KDIR=$KDIR bash selftests/demo.sh >"$log" 2>&1 || rc=$?
	# As guest_suite does: a guest killed by text patching's int3 outside
	# zns_stat (TCG, seen in CI while zns_stat attached) runs once more.
	if [ "$rc" != 0 ] && patching_int3_oops "$log"; then
		mv "$log" "${log%.log}.int3-oops.log"
		echo "# make demo on $1: the guest died of text patching's int3 outside zns_stat (${log%.log}.int3-oops.log); once more"
		rc=0
		KVER=$1 KDIR=$KDIR bash selftests/demo.sh >"$log" 2>&1 || rc=$?
	fi
	for said in "yes: every counter of every zone matches the workload" \
		"yes: every placement ID's host bytes are what was written with it"; do
		[ "$rc" != 0 ] || grep -qF "$said" "$log" || {
			echo "# make demo on $1: the output lacks \"$said\""
			rc=1
		}
	done
	if [ "$rc" = 0 ]; then
		echo "ok - make demo on $1 (a backports machine's default kernel; zoned and placement runs)"
		add_results 1 0
	else
		echo "not ok - make demo on $1 (console and output: $log)"
		tail -n 20 "$log" | sed 's/^/# /'
		add_results 0 1
	fi
}
[ -z "${kernel[debian-6.12]:-}" ] || [ $# -gt 0 ] || demo_on "${kernel[debian-6.12]}"
# More devices at once (guest/multi-devices.sh): a second controller with a
# 32768-zone namespace and a multipath subsystem; their tests are zns_stat/multi/.
multi_suite() {	# multi_suite NAME KVER DEVICES TEST...: DEVICES as multi-devices.sh names them
	local name=$1 kver=$2 devices=$3
	local -x ZNS_QEMU_EXTRA
	shift 3
	ZNS_QEMU_EXTRA=$(bash selftests/guest/multi-devices.sh "$repo/build/multi-images-$name" $devices)
	guest_suite "$name" "$kver" "$@"
}
multi_tests=()
for t in "${@:-multi}"; do [[ $t != multi* ]] || multi_tests+=("$t"); done
# On Debian's 6.1 whatever the default kernel: on 6.12.95 a write through a
# zoned multipath head with round-robin I/O fails with EIO, zns_stat loaded or
# not (numa works; likely each path disk's own zone write plug, 6.10's), and
# the multipath tests rely on round-robin to use both paths.
[ "${#multi_tests[@]}" = 0 ] ||
	multi_suite debian-6.1-multi "${kernel[debian-6.1]:-$KVER}" "" "${multi_tests[@]}"
# The btrfs test (no multipath) on 6.12 too: zone write plugging and 6.12's
# btrfs place and relocate the data their own way.
btrfs_tests=()
for t in "${multi_tests[@]}"; do
	case $t in
	multi) btrfs_tests+=(multi/t70) ;;
	multi/t70*) btrfs_tests+=("$t") ;;
	esac
done
[ -z "${kernel[debian-6.12]:-}" ] || [ "${#btrfs_tests[@]}" = 0 ] ||
	multi_suite debian-6.12-btrfs "${kernel[debian-6.12]}" btr "${btrfs_tests[@]}"
# The ledger across a reboot (zns_stat/reboot/): reboot/t10 in one boot, then
# reboot/t20 in another on the same images (ZNS_IMAGE_DIR), on 6.1.
reboot_suite() {	# reboot_suite KVER
	local -x ZNS_IMAGE_DIR=$repo/build/reboot-images
	rm -rf "$ZNS_IMAGE_DIR"
	guest_suite debian-6.1-reboot "$1" reboot/t10-ledger-first-boot
	guest_suite debian-6.1-reboot-after "$1" reboot/t20-ledger-second-boot
}
reboot_wanted=0
for t in "${@:-reboot}"; do [[ $t != reboot* ]] || reboot_wanted=1; done
[ "$reboot_wanted" = 0 ] || reboot_suite "${kernel[debian-6.1]:-$KVER}"
# NVMe Flexible Data Placement (zns_stat/fdp/): the FDP guest (guest/vm.sh --fdp,
# bookworm-backports' QEMU 10) on 6.12, when chosen or by default.
fdp_suite() {	# fdp_suite KVER TEST...
	local -x ZNS_QEMU=fdp
	local kver=$1
	shift
	guest_suite debian-6.12-fdp "$kver" "$@"
}
fdp_tests=()
for t in "${@:-fdp}"; do [[ $t != fdp* ]] || fdp_tests+=("$t"); done
# By default the faults (fdp/t50: fault injection) run on the debug kernel only,
# with the counts again (fdp/t30) under lockdep, KASAN and kmemleak.
fdp_debug_tests=()
if [ "${fdp_tests[*]}" = fdp ]; then
	fdp_tests=(fdp/t10 fdp/t20 fdp/t30 fdp/t40)
	fdp_debug_tests=(fdp/t30 fdp/t50)
fi
[ -z "${kernel[debian-6.12]:-}" ] || [ "${#fdp_tests[@]}" = 0 ] ||
	fdp_suite "${kernel[debian-6.12]}" "${fdp_tests[@]}"
[ "${#fdp_debug_tests[@]}" = 0 ] ||
	ZNS_QEMU=fdp debug_suite debug-6.1-fdp modular "${fdp_debug_tests[@]}"
# nvme_core built in: its own tests (zns_stat/builtin/), run when chosen or by default.
builtin_tests=()
for t in "${@:-builtin}"; do [[ $t != builtin* ]] || builtin_tests+=("$t"); done
[ "${#builtin_tests[@]}" = 0 ] || debug_suite debug-6.1-builtin builtin "${builtin_tests[@]}"
wait_background

# Each failed guest test's reasons (its FAIL lines, the diffs and bounds they
# name, its seed), last: where a reader of the run's tail (CI's) sees them.
for out in build/guest-*.out; do
	[ "$out" -nt build/check.start ] || continue
	name=${out#build/guest-}
	tr -d '\r' <"$out" | awk -v suite="${name%.out}" '
	/^(not )?ok [0-9]+ / {
		if ($1 == "not") { shown = 0
			for (i = 1; i <= nb; i++) if (buf[i] ~ /FAIL|seed [0-9]+,|outside|no bio|^# [<>] / && shown++ < 30)
				printf "# why: %s: %s: %s\n", suite, $4, buf[i]
		}
		nb = 0; next
	}
	{ buf[++nb] = $0 }'
done

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
