# shellcheck shell=bash
# zns.sh - zns_stat helpers for the selftests, on top of lib.sh. In a test:
#     . "${0%/*}/lib.sh"; . "${0%/*}/zns.sh"
#
# Guest namespaces (selftests/guest/vm.sh), disks $NS1 $NS2 $NS3 after nvme_up:
# nsid 1 zoned, 4096 B LBAs, 16 zones of 1 MiB (2048 sectors, 256 LBAs); nsid 2
# zoned, 512 B LBAs, 8 zones of 1 MiB (2048 LBAs), reads may cross zones, at
# most 4 open zones; nsid 3 conventional. On 6.1 they are nvme0n1..3.

ZNS_KO=${ZNS_KO:-$ZNS_SRC/zns_stat.ko}
ZNS_DEBUGFS=/sys/kernel/debug/zns_stat
# The tool built beside the tests (make check's debug suite: a copy of its own,
# ZNS_TOOL), else the installed one (a lab machine).
ZNS_TOOL=${ZNS_TOOL:-$ZNS_SRC/user/zns-stat}
[ -x "$ZNS_TOOL" ] || ZNS_TOOL=zns-stat
ZONE_SECTORS=2048

zns_loaded() {
	[ -d /sys/module/zns_stat ]
}

# The module built beside the tests, else the installed one (DKMS, .deb).
load_zns() {
	zns_loaded && return 0
	if [ -e "$ZNS_KO" ]; then
		insmod "$ZNS_KO" || fail "cannot insmod $ZNS_KO"
	else
		modprobe zns_stat || fail "cannot modprobe zns_stat (nor find $ZNS_KO)"
	fi
}

# A reader with one of its files open holds the module (rmmod: EAGAIN, as
# for any module with a file open): try again for 5 s, as a user would.
unload_zns() {
	local i
	zns_loaded || return 0
	for i in $(seq 50); do
		rmmod zns_stat 2>/dev/null && return 0
		sleep 0.1
	done
	rmmod zns_stat || fail "cannot rmmod zns_stat"
}

nvme_loaded() {
	[ -d /sys/module/nvme ]
}

# The emulated controller with its three namespaces, ready for I/O.
nvme_up() {
	nvme_loaded || load_nvme
	find_namespaces
}

# nvme and nvme_core both gone (zns_stat may stay).
nvme_down() {
	if nvme_loaded; then
		unload_nvme
	fi
	if [ -d /sys/module/nvme_core ]; then
		rmmod nvme_core || fail "cannot rmmod nvme_core"
	fi
}

# Fabrics on loopback (t65, t84): nvmet exports a namespace over nvme-tcp on
# 127.0.0.1:4420 to nvme_core without multipath, so that I/O reaches the
# controller's own namespace (with multipath, its hidden path disk).
NVMET_CFG=/sys/kernel/config/nvmet

NVMET_KMOD=(modprobe -d "${ZNS_KMOD_ROOT:-/}" -S "$(uname -r)")

# require_nvmet_tcp: the test skips without nvmet_tcp and nvme_tcp (before
# it sets a teardown: nothing to undo then).
require_nvmet_tcp() {
	"${NVMET_KMOD[@]}" --show-depends nvmet_tcp >/dev/null 2>&1 &&
		"${NVMET_KMOD[@]}" --show-depends nvme_tcp >/dev/null 2>&1 ||
		ktap_skip "no nvmet_tcp or nvme_tcp module for $(uname -r)"
}

# nvmet_tcp_up: zns_stat and nvme unloaded, nvme_core back without
# multipath, nvme, nvmet_tcp and nvme_tcp loaded, configfs mounted, lo up.
# The caller's teardown restores nvme_core (nvme_down; nvme_up).
nvmet_tcp_up() {
	local kmod=("${NVMET_KMOD[@]}")
	unload_zns
	nvme_down
	"${kmod[@]}" nvme_core multipath=0 || fail "modprobe nvme_core multipath=0"
	"${kmod[@]}" -a nvme nvmet_tcp nvme_tcp || fail "modprobe nvme nvmet_tcp nvme_tcp"
	mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config ||
		fail "mount configfs"
	ip link set lo up || fail "ip link set lo up"
}

# nvmet_tcp_port ID NQN...: nvmet's port ID on 127.0.0.1:4420, exporting
# those subsystems.
nvmet_tcp_port() {
	local port=$NVMET_CFG/ports/$1 nqn
	mkdir "$port" || fail "nvmet port $1"
	echo tcp > "$port/addr_trtype"
	echo ipv4 > "$port/addr_adrfam"
	echo 127.0.0.1 > "$port/addr_traddr"
	echo 4420 > "$port/addr_trsvcid"
	for nqn in "${@:2}"; do
		ln -s "$NVMET_CFG/subsystems/$nqn" "$port/subsystems/$nqn" ||
			fail "nvmet port $1: $nqn"
	done
}

# nvmet_tcp_down ID NQN...: whatever happened, the controllers of those
# subsystems deleted, the subsystems, their namespaces and port ID gone,
# nvme_tcp and nvmet_tcp unloaded, nvme_core as nvme_up loads it and zns_stat
# loaded: as the tests after this one expect them. For a teardown.
nvmet_tcp_down() {
	local port=$NVMET_CFG/ports/$1 c nqn
	for c in /sys/class/nvme/nvme*; do
		for nqn in "${@:2}"; do
			[ "$(cat "$c/subsysnqn" 2>/dev/null)" != "$nqn" ] ||
				echo 1 > "$c/delete_controller"
		done
	done
	for nqn in "${@:2}"; do
		rm -f "$port/subsystems/$nqn"
		rmdir "$NVMET_CFG/subsystems/$nqn"/namespaces/* "$NVMET_CFG/subsystems/$nqn" 2>/dev/null
	done
	rmdir "$port" 2>/dev/null
	"$ZNS_KMOD_SH" unload nvme_tcp nvmet_tcp
	unload_zns
	nvme_down
	nvme_up
	load_zns
}

# fabrics_connect NQN HOSTID [OPTION,...]: what nvme connect does, through
# /dev/nvme-fabrics (nvme-cli 2.3 cannot pass fast_io_fail_tmo), to the port
# on 127.0.0.1:4420; the new controller's name in $ctrl.
fabrics_connect() {
	local c end=$((SECONDS + 20))
	printf '%s' "transport=tcp,traddr=127.0.0.1,trsvcid=4420,nqn=$1,hostnqn=nqn.2014-08.org.nvmexpress:uuid:$2,hostid=$2${3:+,$3}" \
		> /dev/nvme-fabrics || fail "connect to $1 through /dev/nvme-fabrics"
	ctrl=
	while [ -z "$ctrl" ] && [ $SECONDS -lt $end ]; do
		for c in /sys/class/nvme/nvme*; do
			[ "$(cat "$c/subsysnqn" 2>/dev/null)" = "$1" ] && ctrl=${c##*/}
		done
		[ -n "$ctrl" ] || sleep 0.2
	done
	[ -n "$ctrl" ] || fail "no controller for $1"
}

# key_value FILE KEY: the value of FILE's "KEY: VALUE" line. The file is read
# whole in one pass (one snapshot) by builtins: on the debug kernel under TCG,
# starting awk costs a second.
key_value() {
	local text

	IFS= read -r -d '' text <"$1"
	[[ $'\n'$text =~ $'\n'"$2":[[:space:]]+([^[:space:]]*) ]] && echo "${BASH_REMATCH[1]}"
	return 0
}

status_value() {
	key_value "$ZNS_DEBUGFS/status" "$1"
}

summary_value() {
	key_value "$ZNS_DEBUGFS/$1/summary" "$2"
}

# wait_seeded DISK|all: zns_stat's own zone report of a new table (seed_zones)
# is done, so that what a test does next does not race it.
wait_seeded() {
	local end=$((SECONDS + 20)) f

	for f in "$ZNS_DEBUGFS"/${1/#all/*}/lifecycle; do
		[ -e "$f" ] || continue
		while [ "$(awk '$1 == "seed_pending" { print $2 }' "$f")" = 1 ]; do
			[ "$SECONDS" -lt "$end" ] || fail "$f: seed_pending after 20 s"
			sleep 0.1
		done
	done
}

# until_ok SECONDS CMD...: run CMD every 0.2 s until it succeeds; fails
# (status 1) after SECONDS.
until_ok() {
	local end=$((SECONDS + $1))
	shift
	until "$@"; do
		[ "$SECONDS" -lt "$end" ] || return 1
		sleep 0.2
	done
}

# wait_tracked DISK: zns_stat tracks a namespace from its first command.
wait_tracked() {
	local end=$((SECONDS + 10))

	while [ ! -e "$ZNS_DEBUGFS/$1/zones" ]; do
		[ "$SECONDS" -lt "$end" ] || fail "$1 not tracked after 10 s"
		sleep 0.1
	done
	wait_seeded "$1"
}

# zone_col ZONE COLUMN: zone ZONE's COLUMN (by the header's name) in $D's
# zones file; cgroup_field PATH FIELD: that field of $D's cgroups row of
# PATH ("" if no row has PATH).
zone_col() {
	awk -v z="$1" -v c="$2" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		$1 == z { print $n[c] }' "$ZNS_DEBUGFS/$D/zones"
}
# ledger_value DIR DISK ZONE COLUMN: the zone's lifetime COLUMN (by the
# header's name) in DISK's ledger in state directory DIR.
ledger_value() {
	"$ZNS_TOOL" ledger show "$2" --state-dir "$1" -a -o csv |
		awk -F, -v z="$3" -v c="$4" 'NR == 1 { for (i = 1; i <= NF; i++) n[$i] = i; next }
			$n["zone"] == z { print $n[c] }'
}
cgroup_field() {
	awk -v p="$1" -v f="$2" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		$2 == p { print $n[f] }' "$ZNS_DEBUGFS/$D/cgroups"
}

# cgroups_make NAME...: cgroup2 at $ZNS_CGROUP (mounted if it is not) with
# the io and memory controllers on for its children (cgroup writeback needs
# both), and an empty child cgroup NAME each.
ZNS_CGROUP=/sys/fs/cgroup
cgroups_make() {
	local g
	grep -q "^[^ ]* $ZNS_CGROUP cgroup2 " /proc/mounts ||
		mount -t cgroup2 none "$ZNS_CGROUP" || fail "cannot mount cgroup2"
	echo "+io +memory" >"$ZNS_CGROUP/cgroup.subtree_control" ||
		fail "cannot enable the io and memory controllers"
	for g in "$@"; do
		rmdir "$ZNS_CGROUP/$g" 2>/dev/null
		mkdir "$ZNS_CGROUP/$g" || fail "cannot make cgroup $g"
	done
}

# in_cgroup NAME CMD...: run CMD in cgroup NAME ("" for the root), its
# output discarded; fail if it fails.
in_cgroup() {
	local g=$1
	shift
	sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$ZNS_CGROUP${g:+/$g}" "$@" \
		>/dev/null 2>&1 || fail "in cgroup ${g:-/}: $*"
}

# zns_clear DISK|all: zero the counters through the module parameter.
zns_clear() {
	echo "$1" > /sys/module/zns_stat/parameters/clear ||
		fail "cannot clear $1"
	wait_seeded "$1"
}

# fresh DISK: every zone empty, every counter zero, the namespace tracked.
# blkzone report makes the first command if zns_stat has not seen one yet.
fresh() {
	blkzone report -c 1 "/dev/$1" >/dev/null || fail "blkzone report $1"
	wait_tracked "$1"
	blkzone reset "/dev/$1" || fail "blkzone reset $1"
	zns_clear "$1"
}

# expect_zones DISK [ZONE:COLUMN=VALUE ...]
# Checks EVERY zone and EVERY column of DISK's zones file: "zone" must be
# the row index, "start" zone * ZONE_SECTORS, each listed cell its VALUE (a
# number, or "+" for any value above 0), every other cell 0, except the
# latency columns OP_lat_{min,max,sum}_ns: unless listed, they must be above
# 0 exactly when the zone's OP count is, with min <= sum / count <= max
# where OP has a min and a max. The zone lifecycle columns (host_*, fill_*,
# finish_waste_sectors, queue_wait_sum_ns) are checked where listed only:
# t94 checks them for every zone; so are the owner columns (owner_cgroup,
# root_written_sectors): t36 checks them.
expect_zones() {
	local disk=$1 out
	shift
	out=$(awk -v spec="$*" -v zsec="$ZONE_SECTORS" '
		BEGIN {
			n = split(spec, items, " ")
			for (i = 1; i <= n; i++) {
				split(items[i], kv, "=")
				want[kv[1]] = kv[2]
				seen[kv[1]] = 0
			}
			split("read:reads write:writes append:appends reset:resets " \
			      "finish:finishes open:opens close:closes " \
			      "write_zeroes:write_zeroes", pairs, " ")
			for (i in pairs) {
				split(pairs[i], kv, ":")
				count_of[kv[1]] = kv[2]
			}
		}
		NR == 1 {
			if ($1 != "#") { print "bad header: " $0; bad++ }
			for (i = 2; i <= NF; i++) col[i - 1] = $i
			ncol = NF - 1
			next
		}
		{
			zone = NR - 2
			if (NF != ncol) { print "zone " zone ": " NF " fields, want " ncol; bad++ }
			for (i = 1; i <= ncol; i++) val[col[i]] = $i
			for (i = 1; i <= ncol; i++) {
				c = col[i]; v = $i; key = zone ":" c
				if (key in want) { expect = want[key]; seen[key] = 1 }
				else if (c == "zone") expect = zone
				else if (c == "start") expect = zone * zsec
				else if (c ~ /^(host_|fill_|finish_waste_sectors$|queue_wait_sum_ns$|owner_cgroup$|root_written_sectors$)/)
					continue
				else if (c ~ /_lat_(min|max|sum)_ns$/) {
					op = c; sub(/_lat_.*/, "", op)
					expect = val[count_of[op]] > 0 ? "+" : 0
				}
				else expect = 0
				if (expect == "+" ? v + 0 <= 0 : v != expect) {
					print "zone " zone " " c ": " v ", want " expect
					bad++
				}
			}
			for (op in count_of) {
				cnt = val[count_of[op]]
				# write_zeroes has a sum but no min/max per zone
				if (cnt > 0 && (op "_lat_min_ns") in val && !(val[op "_lat_min_ns"] <= val[op "_lat_sum_ns"] / cnt &&
				    val[op "_lat_sum_ns"] / cnt <= val[op "_lat_max_ns"])) {
					print "zone " zone ": " op " latency min/avg/max inconsistent"
					bad++
				}
			}
		}
		END {
			for (k in seen) if (!seen[k]) { print "no such cell: " k; bad++ }
			exit bad > 0
		}' "$ZNS_DEBUGFS/$disk/zones") && return 0
	echo "$out"
	echo "FAIL: $disk zones table differs:"
	"$ZNS_TOOL" "$disk" || true
	_zns_failures=$((_zns_failures + 1))
}

# expect_summary DISK KEY=VALUE...
expect_summary() {
	local disk=$1 kv
	shift
	for kv in "$@"; do
		expect_eq "$disk ${kv%%=*}" "$(summary_value "$disk" "${kv%%=*}")" \
			"${kv#*=}"
	done
}

# A file of N bytes of a recognisable pattern, for nvme-cli writes.
data_file() {
	local f=/tmp/zns-data-$1
	[ -e "$f" ] || head -c "$1" /dev/urandom > "$f"
	echo "$f"
}

# hist_count DISK FILE KEY1 KEY2: the last column of the row whose first two
# columns are KEY1 KEY2 (alignment: dir bytes; sizes: dir lo_bytes), else 0.
hist_count() {
	awk -v a="$3" -v b="$4" '$1 == a && $2 == b { n = $NF } END { print n + 0 }' \
		"$ZNS_DEBUGFS/$1/$2"
}

# latency_total DISK OP: the operation's count over all latency buckets.
latency_total() {
	awk -v op="$2" '$1 == op { n += $4 } END { print n + 0 }' "$ZNS_DEBUGFS/$1/latency"
}

# error_count DISK ERROR OP: failed OP commands with that status (errors file).
error_count() {
	awk -v e="$2" -v op="$3" '
		NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		$1 == e { n += $col[op] } END { print n + 0 }' "$ZNS_DEBUGFS/$1/errors"
}

# start_readers N: N processes read every zns_stat file in a loop until
# stop_readers; a zones file read whole must be well-formed (each row as many
# fields as the header), a failed read (file gone) is fine. Bash builtins
# only, and a pause of 100 ms after each file: a program per file (cat,
# awk) costs a second of the debug kernel's CPU, and readers that spin take
# the CPUs the test's own commands need (fio took over a minute to start).
start_readers() {
	local i
	touch /tmp/zns-readers.run
	: > /tmp/zns-readers.bad
	rm -f /tmp/zns-readers.pause
	mkfifo /tmp/zns-readers.pause
	# Also on fail: leftover readers would keep the test's output open.
	trap 'rm -f /tmp/zns-readers.run; kill $(jobs -p) 2>/dev/null' EXIT
	for i in $(seq "$1"); do
		(
			# Nobody writes the fifo: read -t is a sleep without a program.
			exec {pause}<>/tmp/zns-readers.pause
			while [ -e /tmp/zns-readers.run ]; do
				for f in "$ZNS_DEBUGFS"/status "$ZNS_DEBUGFS"/*/*; do
					read -t 0.1 -u "$pause" _
					mapfile lines < "$f" 2>/dev/null || continue
					[[ $f == */zones ]] || continue
					zones_well_formed "$f" "${lines[@]}" >>/tmp/zns-readers.bad
				done
			done
		) &
	done
}

# zones_well_formed FILE LINE...: print FILE and the first row whose field
# count is not the header's less its "#"; a read cut short (the file went
# away: its last line has no newline) is not judged.
zones_well_formed() {
	local f=$1 header fields line
	shift
	[ $# -gt 0 ] && [[ ${!#} == *$'\n' ]] || return 0
	read -ra header <<<"$1"
	shift
	for line; do
		read -ra fields <<<"$line"
		[ "${#fields[@]}" = $((${#header[@]} - 1)) ] && continue
		echo "$f: ${fields[*]}"
		return
	done
}

stop_readers() {
	rm -f /tmp/zns-readers.run
	wait
	[ ! -s /tmp/zns-readers.bad ] || { cat /tmp/zns-readers.bad; fail "malformed zones read"; }
}

# fio_reads_bg DISK COUNT: COUNT 4 KiB random reads in the background; the
# JSON result lands in /tmp/fio-bg.json. Returns once the reads have begun
# (fio can take seconds to start on a debug kernel under TCG).
fio_reads_bg() {
	local before end=$((SECONDS + 60))

	read -r before _ < "/sys/block/$1/stat"
	fio --name=bg --filename="/dev/$1" --rw=randread --bs=4k --size=8M --number_ios="$2" \
		--direct=1 --ioengine=psync --output-format=json > /tmp/fio-bg.json 2>/dev/null &
	fio_pid=$!
	while [ "$(read -r n _ < "/sys/block/$1/stat" && echo "$n")" -le "$before" ]; do
		kill -0 "$fio_pid" 2>/dev/null || return 0	# done or failed: the caller's wait says
		[ "$SECONDS" -lt "$end" ] || fail "fio made no read on $1 within 60 s"
		sleep 0.1
	done
}

# fio_json FILE KEY...: a value of fio's first job, e.g. fio_json F read
# total_ios. jq, not python3: Python takes 20 s to start on the debug kernel.
fio_json() {
	local IFS=.
	jq -er ".jobs[0].${*:2}" "$1"
}

pci_address() {	# of controller nvme0
	basename "$(readlink -f /sys/class/nvme/nvme0/device)"
}

# ZNS_STRESS=1 (make stress) runs the long variants.
stress_count() {	# stress_count SHORT LONG
	if [ -n "${ZNS_STRESS:-}" ]; then echo "$2"; else echo "$1"; fi
}

# load_staged ROOT WHAT: zns_stat loaded as users load it, with modprobe from
# the module tree ROOT, checked to be WHAT's DKMS build (updates/dkms) of this
# version; unload_staged takes it out again with modprobe -r.
load_staged() {
	local root=$1 kver staged version
	kver=$(uname -r)
	version=$(sed -n 's/^#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
		"$ZNS_SRC/include/zns_stat.h")
	ZNS_MODPROBE=(modprobe -d "$root" -S "$kver")
	unload_zns
	staged=$("${ZNS_MODPROBE[@]}" --show-depends zns_stat | awk '$1 == "insmod" { print $2 }')
	case $staged in
	"$root/lib/modules/$kver/updates/dkms/zns_stat.ko"*) echo "modprobe resolves zns_stat to $staged" ;;
	*) fail "modprobe resolves zns_stat to '$staged', not $2 in updates/dkms" ;;
	esac
	"${ZNS_MODPROBE[@]}" zns_stat || fail "modprobe zns_stat"
	zns_loaded || fail "zns_stat is not loaded after modprobe"
	expect_eq "version" "$(cat /sys/module/zns_stat/version)" "$version"
	expect_eq "srcversion is $2's" "$(cat /sys/module/zns_stat/srcversion)" \
		"$(modinfo -F srcversion "$staged")"
}
unload_staged() {
	"${ZNS_MODPROBE[@]}" -r zns_stat || fail "modprobe -r zns_stat"
	! zns_loaded || fail "zns_stat still loaded after modprobe -r"
}
