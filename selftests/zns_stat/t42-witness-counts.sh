#!/bin/bash
# zns_stat against two more recorders that are not zns_stat: fio's own
# counts of its I/Os, bytes, syncs and zone resets, and the disk's
# /sys/block/<disk>/stat. A seeded random workload of fio zbd jobs on both
# namespaces (randwrite, write, randread, read; libaio and io_uring; queue
# depth 1-16; blocks of 4-64 KiB; fio's own zone resets, some forced by
# zone_reset_threshold; fsync now and then; merging on or off), with a few
# blkzone finish/close/reset ranges between them, with outcomes from
# nvme_core (auto) and from the block layer (status_source=block). After
# every step, per namespace, fio's, zns_stat's summary and /sys/block's
# deltas must agree exactly (below); at the end of each mode the zones
# file's columns must sum to the totals. The seed is printed
# (ZNS_WITNESS_SEED=N reruns it); ZNS_WITNESS_STEPS sets the steps per mode.
#
# What /sys/block/<disk>/stat counts (Documentation/ABI/stable/sysfs-block,
# Documentation/block/stat.rst), established in the guest on 6.1.0-57 and
# 6.12.95 by reading the file before and after one command at a time, on
# the namespaces below (zns_stat loaded, mq-deadline):
# - block-layer requests only: nvme-cli passthrough (read, write, Write
#   Zeroes, zone append, zone reset, flush, a failed write) and zone reports
#   (blkzone report, the kernel's own, fio's) change nothing;
# - one request each when it completes, failed ones too (a zone open or
#   close the device refuses: writes +1; on 6.1 a write off the write
#   pointer: writes +1 and its sectors, while zns_stat counts it in errors
#   without sectors; 6.12's zone write plug refuses it before any request:
#   nothing counted, nothing sent); a bio split in two (a read across a
#   zone boundary of namespace 2) is two reads;
# - reads; writes, Write Zeroes and zone appends (zonefs on 6.1) are
#   writes, with their sectors; zone reset, open, close and finish are
#   writes without sectors, one per zone (blkzone finish/open/close of the
#   whole device: one each per zone), a reset of the whole device one
#   (REQ_OP_ZONE_RESET_ALL); discards none here;
# - a flush (fsync on the block device: an empty REQ_PREFLUSH write) is a
#   write without sectors, and its own field counts the flushes sent to the
#   device, where concurrent ones are merged into one (io_uring fsync at
#   queue depth 4: 12 writes, 10 flushes);
# - merges: a bio merged into a request counts in its direction's merges
#   field, not in its I/Os; so fio's I/Os = I/Os + merges. 6.1 merged no
#   fio write (zone write locking lets one write a zone out) nor read here;
#   6.12's zone write plugs merge sequential writes (256 4 KiB writes at
#   queue depth 16: 60 I/Os + 196 merges). With queue/nomerges=2 the block
#   layer merges nothing (both kernels: 256 I/Os, no merges): a step with
#   it compares fio's I/Os with zns_stat's commands one for one.
# zns_stat counts NVMe commands, the witness block-layer requests: one
# each here, since nothing in this workload is passthrough, every fio I/O
# fits its zone and the device's limits (no splits), and no command fails
# but a blkzone close of an empty or full zone (an error in zns_stat, a
# write in /sys/block).
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
. "${0%/*}/witness.sh"

require_cmd fio jq blkzone
nvme_up
witness_seed 8
T=$(mktemp -d)


engines=(libaio)
if grep -q 'sys_io_uring_setup$' /proc/kallsyms &&
   [ "$(cat /proc/sys/kernel/io_uring_disabled 2>/dev/null || echo 0)" = 0 ]; then
	engines+=(io_uring)
fi
echo "fio engines: ${engines[*]}"

# zns_stat's summary totals (the zones' columns summed) compared here.
TOTALS="reads read_sectors writes write_sectors appends append_sectors write_zeroes write_zeroes_sectors resets finishes opens closes errors reset_all finish_all open_all close_all select_all_errors dropped"
# /sys/block/<disk>/stat's fields compared here, by position.
STAT_FIELDS="rios:0 rmerges:1 rsectors:2 wios:4 wmerges:5 wsectors:6 dios:11 fios:15"

# snap DISK: zns_stat's totals and /sys/block's fields of DISK into $now
# (an associative array), with builtins only.
declare -A now before
snap() {
	local d=$1 text k s
	IFS= read -r -d '' text < "$ZNS_DEBUGFS/$d/summary"
	for k in $TOTALS; do
		[[ $'\n'$text =~ $'\n'"$k":[[:space:]]+([0-9]+) ]] ||
			fail "$d summary: no $k"
		now[$d:$k]=${BASH_REMATCH[1]}
	done
	read -ra s < "/sys/block/$d/stat"
	for k in $STAT_FIELDS; do
		now[$d:sys_${k%:*}]=${s[${k#*:}]}
	done
}

# agree WHAT NAME=VALUE...: every VALUE equal, else a failure naming the
# step, the seed and every recorder's value.
agree() {
	local v
	for v in "${@:3}"; do
		[ "${v#*=}" = "${2#*=}" ] && continue
		echo "FAIL: seed $seed, $mode, $where: $1: ${*:2}"
		_zns_failures=$((_zns_failures + 1))
		return
	done
}

# fio_job DISK ARGS...: one fio job on DISK; its counts in f_* (JSON:
# I/Os, bytes, syncs, its error, short I/Os; fio 3.33's JSON has no zone
# resets: those from its normal output, "; N zone resets").
fio_job() {
	local out=$T/fio.out line
	# --disk_util=0: fio's disk statistics are /sys/block's, read here
	# anyway; collecting them costs fio half a second a job under TCG.
	fio --name=j --filename="/dev/$1" --zonemode=zbd --direct=1 "${@:2}" \
		--disk_util=0 --output-format=json,normal > "$out" 2>&1 ||
		{ cat "$out"; fail "seed $seed, $mode, $where: fio failed"; }
	line=$(sed -n '/^{$/,/^}$/p' "$out" | jq -Mr '.jobs[0] | [.read.total_ios,
		.read.io_bytes, .write.total_ios, .write.io_bytes, .sync.total_ios,
		.error, .read.short_ios + .write.short_ios] | @tsv') ||
		{ cat "$out"; fail "seed $seed, $mode, $where: fio's JSON"; }
	read -r f_rios f_rbytes f_wios f_wbytes f_syncs f_err f_short <<<"$line"
	f_resets=$(sed -n 's/.*; \([0-9]*\) zone resets$/\1/p' "$out")
	f_resets=${f_resets:-0}
	echo "  fio: $f_rios reads ($f_rbytes B), $f_wios writes ($f_wbytes B), $f_syncs syncs, $f_resets zone resets"
}

# step: one random fio job (or, 1 in 14, a blkzone range) on one of
# the namespaces, then the checks on both.
step() {
	local d z n qd bs eng job=() nm zsec nz x k other acts
	pick 2; d=$NS1 other=$NS2
	[ "$r" = 0 ] || { d=$NS2 other=$NS1; }
	zsec=$(< "/sys/block/$d/queue/chunk_sectors")
	nz=$(< "/sys/block/$d/queue/nr_zones")
	pick "$nz"; z=$r
	pick 16; qd=$((1 + r))
	pick 16; bs=$(((1 + r) * 4096))
	pick 16; n=$((2 + r))
	pick "${#engines[@]}"; eng=${engines[$r]}
	pick 2; nm=$((r * 2))
	echo "$nm" > "/sys/block/$d/queue/nomerges" || fail "nomerges=$nm on $d"
	f_rios=0 f_rbytes=0 f_wios=0 f_wbytes=0 f_syncs=0 f_err=0 f_short=0 f_resets=0
	t_resets=0
	snap "$NS1"; snap "$NS2"
	for k in "${!now[@]}"; do before[$k]=${now[$k]}; done
	pick 14
	case $r in
	0|1|2|3)	# fio picks the zones; resets when it finds one full, or often
		job+=(--rw=randwrite --randseed="$RANDOM")
		pick 3; [ "$r" = 0 ] || job+=(--zone_reset_threshold=0.01 --zone_reset_frequency=0.$((1 + r * 3)))
		pick 4; [ "$r" != 0 ] || job+=(--fsync=$((2 + n % 7))) ;;
	4|5|6)	# from zone z on, resetting full zones on its way
		pick 3; x=$((1 + r))
		[ $((z + x)) -le "$nz" ] || x=$((nz - z))
		job+=(--rw=write --offset=$((z * zsec * 512)) --size=$((x * zsec * 512)))
		pick 4; [ "$r" != 0 ] || job+=(--fsync=$((2 + n % 7))) ;;
	7|8|9)	job+=(--rw=randread --randseed="$RANDOM") ;;
	10|11|12)	pick 3; x=$((1 + r))
		[ $((z + x)) -le "$nz" ] || x=$((nz - z))
		job+=(--rw=read --offset=$((z * zsec * 512)) --size=$((x * zsec * 512))) ;;
	13)	# no open: fio's writes would meet the device's open zone limit
		pick 3; x=$((1 + r))
		[ $((z + x)) -lt "$nz" ] || x=$((nz - z - 1))	# never the whole disk
		[ "$x" -gt 0 ] || { z=0; x=1; }
		pick 3; acts=(reset finish close); k=${acts[$r]}
		where="step $i: blkzone $k $d zones $z+$x"
		echo "$where"
		blkzone "$k" -o $((z * zsec)) -c "$x" "/dev/$d" 2>/dev/null ||
			echo "  blkzone $k: refused (a zone empty or full)"
		[ "$k" != reset ] || t_resets=$x ;;
	esac
	if [ "${#job[@]}" -gt 0 ]; then
		job+=(--ioengine="$eng" --iodepth="$qd" --bs="$bs" --io_size=$((bs * n)))
		where="step $i: fio ${job[*]} on $d, nomerges=$nm"
		echo "$where"
		fio_job "$d" "${job[@]}"
	fi
	snap "$NS1"; snap "$NS2"
	check "$d"
	f_rios=0 f_rbytes=0 f_wios=0 f_wbytes=0 f_syncs=0 f_err=0 f_short=0 f_resets=0 t_resets=0
	check "$other"
}

# check DISK: the step's deltas on DISK against fio's counts (f_*, all 0
# for the namespace the step left alone) and the test's own resets.
check() {
	local d=$1 k mgmt
	declare -A c
	for k in $TOTALS; do c[$k]=$((${now[$d:$k]} - ${before[$d:$k]})); done
	for k in $STAT_FIELDS; do
		k=sys_${k%:*}
		c[$k]=$((${now[$d:$k]} - ${before[$d:$k]}))
	done
	agree "$d: fio's error and short I/Os" fio="$f_err+$f_short" expected=0+0
	agree "$d: bytes read" fio="$f_rbytes" zns_stat=$((c[read_sectors] * 512)) \
		sysfs=$((c[sys_rsectors] * 512))
	# every write command's sectors are sysfs's write sectors
	agree "$d: bytes written" fio="$f_wbytes" \
		zns_stat=$(((c[write_sectors] + c[append_sectors] + c[write_zeroes_sectors]) * 512)) \
		sysfs=$((c[sys_wsectors] * 512))
	# a merged bio is one of fio's I/Os in a request with another
	agree "$d: reads (+ sysfs read merges)" fio="$f_rios" \
		zns_stat=$((c[reads] + c[sys_rmerges])) sysfs=$((c[sys_rios] + c[sys_rmerges]))
	agree "$d: writes (+ sysfs write merges)" fio="$f_wios" \
		zns_stat=$((c[writes] + c[appends] + c[write_zeroes] + c[sys_wmerges]))
	# sysfs's writes: data writes, zone management, failed ones, flushes
	mgmt=$((c[resets] + c[finishes] + c[opens] + c[closes] + c[errors] + c[reset_all] +
		c[finish_all] + c[open_all] + c[close_all] + c[select_all_errors]))
	agree "$d: write requests (data, zone management, errors; + fio's syncs)" \
		zns_stat=$((c[writes] + c[appends] + c[write_zeroes] + mgmt + f_syncs)) \
		sysfs="${c[sys_wios]}"
	agree "$d: zone resets" fio+test=$((f_resets + t_resets)) zns_stat="${c[resets]}"
	# concurrent flushes are sent as one: at most fio's syncs, at least one
	agree "$d: flushes (sysfs ${c[sys_fios]}, fio's syncs $f_syncs): 1 to fio's syncs, 0 without" \
		within=$((f_syncs > 0 ? c[sys_fios] > 0 && c[sys_fios] <= f_syncs : c[sys_fios] == 0)) \
		expected=1
	agree "$d: discards, dropped" sysfs+zns_stat="${c[sys_dios]}+${c[dropped]}" expected=0+0
	if [ "$(< "/sys/block/$d/queue/nomerges")" = 2 ]; then
		agree "$d: merges with nomerges=2" sysfs=$((c[sys_rmerges] + c[sys_wmerges])) expected=0
	fi
	for k in reads read_sectors writes write_sectors resets sys_rmerges sys_wmerges; do
		run[$d:$k]=$((${run[$d:$k]:-0} + c[$k]))
	done
	run[$d:fio_ios]=$((${run[$d:fio_ios]:-0} + f_rios + f_wios))
	run[$d:fio_resets]=$((${run[$d:fio_resets]:-0} + f_resets))
}

# zones_sum DISK: the zones file's columns summed, as "KEY VALUE" lines.
zones_sum() {
	awk -v want="reads read_sectors writes write_sectors appends append_sectors write_zeroes write_zeroes_sectors resets finishes opens closes errors" '
		NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{ n = split(want, w, " "); for (i = 1; i <= n; i++) s[w[i]] += $col[w[i]] }
		END { for (i = 1; i <= n; i++) print w[i], s[w[i]] + 0 }' "$ZNS_DEBUGFS/$1/zones"
}

declare -A nomerges_was run
for d in "$NS1" "$NS2"; do nomerges_was[$d]=$(< "/sys/block/$d/queue/nomerges"); done
for mode in auto block; do
	unload_zns
	witness_load $mode
	fresh "$NS1"
	fresh "$NS2"
	run=()
	for i in $(seq "$steps"); do
		step
	done
	where="the whole run"
	for d in "$NS1" "$NS2"; do
		snap "$d"
		while read -r k v; do
			agree "$d: the zones file's $k summed and the summary's" zones="$v" \
				summary="${now[$d:$k]}"
		done < <(zones_sum "$d")
		echo "$mode: $d: fio ${run[$d:fio_ios]} I/Os, ${run[$d:fio_resets]} zone resets;" \
			"zns_stat ${run[$d:reads]} reads (${run[$d:read_sectors]} sectors)," \
			"${run[$d:writes]} writes (${run[$d:write_sectors]} sectors), ${run[$d:resets]} resets;" \
			"sysfs merges ${run[$d:sys_rmerges]} read, ${run[$d:sys_wmerges]} write"
	done
done
for d in "$NS1" "$NS2"; do echo "${nomerges_was[$d]}" > "/sys/block/$d/queue/nomerges"; done
rm -rf "$T"
[ "$_zns_failures" = 0 ] || echo "seed $seed: rerun with ZNS_WITNESS_SEED=$seed"
# The next test finds zns_stat as a load leaves it: outcomes from nvme_core.
unload_zns
load_zns
finish
