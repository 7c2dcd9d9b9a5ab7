#!/bin/bash
# run_tests.sh - KTAP (kselftest-style) runner for the zns_stat tests. Meant to run
# as root inside the test guest (selftests/run-guest-tests.sh boots it).
#
# Usage: selftests/zns_stat/run_tests.sh [TEST...]
#   TEST: a file in this directory, with or without ".sh", or a unique prefix of one
#         (e.g. t00-guest-sanity.sh, t00-guest-sanity, t00); the same in a subdirectory
#         (builtin/t10); or a subdirectory, for every test in it (builtin);
#   default: every test of TEST_PROGS in the Makefile here (tests.list where
#   installed), but those matching a pattern of $ZNS_TEST_EXCLUDE (space-separated,
#   e.g. "*dkms*").
#   The list is explicit: a listed test that is missing or not executable fails, and
#   so does every t[0-9]*.sh of a directory run (here, multi/, builtin/, fdp/) that is not
#   listed (one "not ok" result each, with the reason).
# Env:   ZNS_TEST_TIMEOUT  seconds per test (default: settings' timeout=, 300; a test's
#                          "# zns-timeout: N" header line raises its own)
#
# A test exits 0 (ok), 4 (skip; the reason is its last "SKIP: " line) or anything else
# (not ok; 124 = timed out). Its output is printed prefixed with "# ". A test that passed
# or skipped still fails if the kernel logged one of $KERNEL_BAD while it ran.
# On a kernel with kmemleak (the debug kernel), automatic scans are off while tests run,
# and a last result "kmemleak" unloads zns_stat and scans twice: any unreferenced
# object fails it, with kmemleak's report.
# Ends with "# Totals: ..."; exit status 1 if any test failed.
set -uo pipefail

dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The default per-test timeout is run_kselftest.sh's, from the settings file.
per_test_timeout=${ZNS_TEST_TIMEOUT:-$(sed -n 's/^timeout=\([0-9][0-9]*\)$/\1/p' "$dir/settings" 2>/dev/null)}
per_test_timeout=${per_test_timeout:-300}
KERNEL_BAD='WARNING:|BUG:|Oops|general protection|lockdep|possible recursive locking|possible circular locking|sleeping function called|rcu.*stall|Call Trace|KASAN|UBSAN|kmemleak|list_add corruption|list_del corruption|refcount_t:'
# Debug kernels' reports that may lack the markers above (debug objects, RCU-lockdep,
# KFENCE, SLUB consistency checks, lockdep's own failures); "[(]" works in grep and awk.
KERNEL_BAD+='|ODEBUG:|suspicious RCU usage|KFENCE|unreferenced object|DEBUG_LOCKS_WARN_ON|non-static key|Kernel panic|BUG [^ ]+ [(]'

# A line every minute while a test or a scan runs: a test's own output is
# printed only when it ends, and vm.sh takes a silent console for a frozen
# guest (TCG: every vCPU halted), so without it the silence bound would
# have to exceed the longest test.
heartbeat_pid=
heartbeat_start() {
	local what=$1 from=$SECONDS
	while sleep 60; do
		echo "# $what: still running after $((SECONDS - from))s"
	done &
	heartbeat_pid=$!
}
# The sleep first: killed alone, the loop would leave it running for up to a
# minute with our stdout open, and a caller reading that (out=$(run_tests.sh))
# would wait for it. By SIGPIPE, which bash does not report: after SIGTERM the
# loop printed "Terminated" into the console after every test.
heartbeat_stop() {
	pkill -PIPE -P "$heartbeat_pid" sleep 2>/dev/null
	kill "$heartbeat_pid" 2>/dev/null
	wait "$heartbeat_pid" 2>/dev/null
	heartbeat_pid=
}

# Kernel log records ("prio,seq,usec,flags;text") from /dev/kmsg: sequence numbers
# survive ring-buffer wrap and other readers, unlike line counts of dmesg.
kmsg_records() {
	dd if=/dev/kmsg iflag=nonblock bs=65536 2>/dev/null || true
}
kmsg_last_seq() {
	kmsg_records | awk -F, '/^[0-9]/ { s = $2 } END { print (s == "" ? -1 : s) }'
}
# kmsg_since SEQ: text of the records after SEQ
kmsg_since() {
	kmsg_records | awk -v last="$1" '/^[0-9]/ {
		i = index($0, ";"); split(substr($0, 1, i - 1), h, ",")
		if (h[2] + 0 > last + 0) print substr($0, i + 1)
	}'
}

# drop_nvme_timeout_lockdep FILE: Linux 6.1's nvme-pci, resetting a controller
# after a command timed out, flushes the queues' timeout work while holding
# namespaces_rwsem (nvme_sync_queues), which its timeout handler's controller
# disable orders the other way: lockdep reports it on every such reset (6.10
# replaced the rwsem with SRCU). A test that makes commands time out declares
# it with a "# known-kernel-report: nvme-timeout-lockdep" line; the report, if
# it names nothing of zns_stat, is cut from FILE (one line says so).
drop_nvme_timeout_lockdep() {
	awk '
		function flush() {
			if (block ~ /possible circular locking dependency/ &&
			    block ~ /nvme_sync_queues/ && block ~ /timeout_work/ &&
			    block !~ /zns_stat|probe_/)
				print "(cut here: a known report of nvme-pci itself, nvme_sync_queues vs timeout_work)"
			else
				printf "%s", block
			block = ""; inside = 0
		}
		!inside && (/^=+\r?$/ || /WARNING: possible circular locking/) { inside = 1 }
		inside { block = block $0 "\n"; if ($0 ~ /<\/TASK>/) flush(); next }
		{ print }
		END { if (inside) flush() }' "$1" >"$1.kept" && mv "$1.kept" "$1"
}

# drop_zonefs_append_sector FILE: Debian's 6.1 zonefs, after a zone append
# that landed where it should (the device's and the block layer's sector
# agree, block_rq_complete), reads the bio's sector a block past it and
# fails the write with three warnings of its own, the filesystem read-only.
# A test that makes zonefs append declares it with a "# known-kernel-report:
# zonefs-append-sector" line; exactly those three lines are cut from FILE
# (one line says so), anything else stays.
drop_zonefs_append_sector() {
	awk '/zonefs \([^)]*\) WARNING: (Corrupted write pointer [0-9]+ for zone at [0-9]+|inode [0-9]+: invalid size [0-9]+ \(should be [0-9]+\)|remounting filesystem read-only)\r?$/ {
			if (!cut++) print "(cut here: a known report of zonefs itself, its zone append sector check)"
			next }
		{ print }' "$1" >"$1.kept" && mv "$1.kept" "$1"
}

# The list of tests (one source of truth: TEST_PROGS, TEST_PROGS_MULTI and
# TEST_PROGS_BUILTIN of the Makefile here; tests.list where make install put it).
if [ -e "$dir/Makefile" ]; then
	listed=$(make -s --no-print-directory -C "$dir" list) || { echo "run_tests.sh: make -C $dir list failed" >&2; exit 2; }
elif [ -r "$dir/tests.list" ]; then
	listed=$(cat "$dir/tests.list")
else
	echo "run_tests.sh: no list of tests in $dir (Makefile or tests.list)" >&2
	exit 2
fi
declare -A is_listed=() problem=()
for t in $listed; do is_listed[$t]=1; done

# in_dir SUBDIR: the listed tests of that directory ("" for this one), in list order.
in_dir() {
	local t
	for t in $listed; do
		if [ -z "$1" ]; then [[ $t != */* ]] && echo "$t"
		else [[ $t == "$1"/* ]] && echo "$t"; fi
	done
	return 0
}
# check_dir SUBDIR: every t[0-9]*.sh file there not in the list is a failed result.
unlisted=()
declare -A dir_checked=()
check_dir() {
	local f t
	[ -z "${dir_checked[x$1]:-}" ] || return 0
	dir_checked[x$1]=1
	for f in "$dir/${1:+$1/}"t[0-9]*.sh; do
		[ -e "$f" ] || continue
		t=${f#"$dir"/}
		[ -n "${is_listed[$t]:-}" ] || unlisted+=("$t")
	done
}

LC_COLLATE=C	# name order, whatever the locale
tests=()
if [ $# -gt 0 ]; then
	for t in "$@"; do
		t=${t%/}
		# "builtin/t10..." is a test in a subdirectory; any other path, its file here.
		[ -e "$dir/$t" ] || compgen -G "$dir/$t*.sh" >/dev/null || t=$(basename "$t")
		if [ -d "$dir/$t" ]; then	# every listed test in that subdirectory
			mapfile -t -O "${#tests[@]}" tests < <(in_dir "$t")
			check_dir "$t"
			continue
		fi
		if [ -z "${is_listed[$t]:-}" ] && [ ! -e "$dir/$t" ]; then
			# "t00-guest-sanity" or a unique prefix such as "t00", of a listed
			# test (or else of a file, which then fails as unlisted)
			m=()
			for l in $listed; do [[ $l == "$t"* ]] && m+=("$l"); done
			[ "${#m[@]}" != 0 ] || m=("$dir/$t"*.sh)
			[ "${#m[@]}" = 1 ] && { [ -e "${m[0]}" ] || [ -n "${is_listed[${m[0]}]:-}" ]; } &&
				t=${m[0]#"$dir"/}
		fi
		tests+=("$t")
		[[ $t != */* ]] || check_dir "${t%/*}"
		[[ $t == */* ]] || check_dir ""
	done
else
	read -ra exclude <<<"${ZNS_TEST_EXCLUDE:-}"
	for t in $(in_dir ""); do
		for x in "${exclude[@]}"; do
			# shellcheck disable=SC2254  # $x is a pattern
			case $t in $x) continue 2 ;; esac
		done
		tests+=("$t")
	done
	check_dir ""
fi
# Each test once; an unlisted file named or found above is a result of its own.
declare -A seen=()
selected=()
for t in "${tests[@]}" "${unlisted[@]}"; do
	[ -z "${seen[$t]:-}" ] || continue
	seen[$t]=1
	selected+=("$t")
	if [ -z "${is_listed[$t]:-}" ] && [ ! -e "$dir/$t" ]; then
		problem[$t]="no such test in $dir/Makefile's lists (or not a unique prefix)"
	elif [ -z "${is_listed[$t]:-}" ]; then
		problem[$t]="not listed in $dir/Makefile (TEST_PROGS, TEST_PROGS_MULTI, TEST_PROGS_BUILTIN, TEST_PROGS_REBOOT, TEST_PROGS_FDP)"
	elif [ ! -e "$dir/$t" ]; then
		problem[$t]="listed, but there is no such file in $dir"
	elif [ ! -x "$dir/$t" ]; then
		problem[$t]="listed, but not executable (chmod +x; git update-index --chmod=+x)"
	fi
done
tests=("${selected[@]}")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

kmemleak=/sys/kernel/debug/kmemleak
leak_check=0
if [ -w "$kmemleak" ]; then
	leak_check=1
	# A scan's report would land in whichever test runs: only ours, after the last
	# test. (A scan takes half a minute under TCG; boot leaves nothing unreferenced.)
	echo scan=off >"$kmemleak" || echo "# kmemleak: cannot stop its automatic scans"
fi

echo "TAP version 13"
echo "1..$((${#tests[@]} + leak_check))"
pass=0 fail=0 skip=0 n=0
for t in "${tests[@]}"; do
	n=$((n + 1))
	if [ -n "${problem[$t]:-}" ] || [ ! -x "$dir/$t" ]; then
		echo "# $t: ${problem[$t]:-no such executable test in $dir}"
		echo "not ok $n $t"
		fail=$((fail + 1))
		continue
	fi
	seq=$(kmsg_last_seq)
	start=$SECONDS
	# A test may ask for more ("# zns-timeout: N" in its header): a long
	# random workload beside other guests on two cores.
	test_timeout=$(sed -n 's/^# zns-timeout: \([0-9][0-9]*\)$/\1/p' "$dir/$t")
	[ "${test_timeout:-0}" -gt "$per_test_timeout" ] || test_timeout=$per_test_timeout
	heartbeat_start "$t"
	# Each test in a session of its own: whatever it leaves running (a
	# background fio or zns-stat after a failure) is killed before the next
	# test, which would otherwise inherit open devices and stray readers.
	(cd "$dir" && setsid --wait bash -c 'echo $$ >"$0"; exec timeout -k 10 "$1" "./$2" \
		</dev/null >"$3" 2>&1' "$work/sid" "$test_timeout" "$t" "$work/out")
	rc=$?
	heartbeat_stop
	read -r sid <"$work/sid"
	pkill -KILL -s "$sid" 2>/dev/null
	# A regular file where a device node belongs (written while the device
	# was gone) would keep devtmpfs from creating the node for every later
	# test: remove it, and fail the test that left it.
	for f in /dev/nvme*; do
		[ -f "$f" ] || continue
		echo "stray regular file $f removed" >>"$work/out"
		rm -f "$f"
		[ "$rc" = 0 ] && rc=1
	done
	sed 's/^/# /' "$work/out"
	[ "$rc" = 124 ] && echo "# $t: timed out after ${test_timeout}s"
	echo "# $t: exit status $rc after $((SECONDS - start))s"

	kmsg_since "$seq" >"$work/kmsg"
	if grep -q '^# known-kernel-report: nvme-timeout-lockdep$' "$dir/$t"; then
		drop_nvme_timeout_lockdep "$work/kmsg"
	fi
	if grep -q '^# known-kernel-report: zonefs-append-sector$' "$dir/$t"; then
		drop_zonefs_append_sector "$work/kmsg"
	fi
	if grep -Eq -- "$KERNEL_BAD" "$work/kmsg"; then
		echo "# $t: kernel log reports a problem (from its first line on, at most 400):"
		awk -v re="$KERNEL_BAD" 'f || $0 ~ re { f = 1; print }' "$work/kmsg" |
			head -n 400 | sed 's/^/# kernel: /'
		rc=kernel
	fi

	case $rc in
	0)
		echo "ok $n $t"
		pass=$((pass + 1))
		;;
	4)
		reason=$(sed -n 's/^SKIP: *//p' "$work/out" | tail -n 1)
		echo "ok $n $t # SKIP ${reason:-exit status 4}"
		skip=$((skip + 1))
		;;
	*)
		# The kernel's side of the story helps to debug any failure.
		if [ "$rc" != kernel ] && [ -s "$work/kmsg" ]; then
			echo "# $t: last kernel messages:"
			tail -n 30 "$work/kmsg" | sed 's/^/# kmsg: /'
		fi
		echo "not ok $n $t"
		fail=$((fail + 1))
		;;
	esac
done

if [ "$leak_check" = 1 ]; then
	n=$((n + 1))
	seq=$(kmsg_last_seq)
	# Unloaded, zns_stat no longer references what it failed to free (where its
	# code was is kept, to name the allocation sites). kmemleak reports only
	# objects older than 5 s.
	zns_text=
	if [ -d /sys/module/zns_stat ]; then
		zns_text=$(grep -H . /sys/module/zns_stat/sections/.*text* 2>/dev/null |
			sed 's|.*/||; s/:/ /')	# "SECTION ADDRESS" lines
		rmmod zns_stat || echo "# kmemleak: rmmod zns_stat failed"
	fi
	sleep 6
	start=$SECONDS
	# Two scans: an object first found unreferenced is reported only if its
	# contents are unchanged in the next scan.
	heartbeat_start kmemleak
	echo scan >"$kmemleak" && echo scan >"$kmemleak"
	leaks=$(cat "$kmemleak")
	heartbeat_stop
	echo "# kmemleak: scanned in $((SECONDS - start))s"
	kmsg_since "$seq" >"$work/kmsg"
	if grep -q '^# known-kernel-report: nvme-timeout-lockdep$' "$dir/$t"; then
		drop_nvme_timeout_lockdep "$work/kmsg"
	fi
	if grep -q '^# known-kernel-report: zonefs-append-sector$' "$dir/$t"; then
		drop_zonefs_append_sector "$work/kmsg"
	fi
	if [ -n "$leaks" ] || grep -Eq -- "$KERNEL_BAD" "$work/kmsg"; then
		[ -z "$leaks" ] || echo "# kmemleak: objects the tests left unreferenced (at most 300 lines):"
		head -n 300 <<<"$leaks" | sed 's/^/# kmemleak: /'
		# Raw addresses in zns_stat's code: section+offset, and the line (ZNS_KO).
		ko=${ZNS_KO:-${ZNS_SRC:-}/zns_stat.ko}
		for a in $(grep -o '0xffffffff[0-9a-f]*' <<<"$leaks" | sort -u); do
			best= off=
			while read -r sec base; do
				[ -n "$base" ] && (((a - base) >= 0)) || continue
				[ -n "$off" ] && (((a - base) >= off)) && continue
				best=$sec off=$((a - base))
			done <<<"$zns_text"
			[ -n "$best" ] && ((off < 0x400000)) || continue
			printf '# kmemleak: %s was zns_stat %s+0x%x: %s\n' "$a" "$best" "$off" \
				"$(addr2line -f -i -p -j "$best" -e "$ko" "$(printf 0x%x "$off")" 2>&1 |
					sed 's|^ *||; s|/[^ ]*/build/\./||' | paste -sd ';')"
		done
		awk -v re="$KERNEL_BAD" 'f || $0 ~ re { f = 1; print }' "$work/kmsg" |
			head -n 400 | sed 's/^/# kernel: /'
		echo "not ok $n kmemleak"
		fail=$((fail + 1))
	else
		echo "ok $n kmemleak"
		pass=$((pass + 1))
	fi
fi

echo "# Totals: pass:$pass fail:$fail xfail:0 xpass:0 skip:$skip error:0"
[ "$fail" = 0 ]
