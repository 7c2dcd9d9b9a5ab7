#!/bin/bash
# zns_stat against the target's own view of the same commands: a zoned
# null_blk (8 zones of 1 MiB, 4 KiB blocks, data kept) exported by nvmet
# over nvme-tcp on the loopback and connected through the host's fabrics
# driver, zns_stat counting the host's namespace. A seeded random workload
# (fio zbd random and sequential writes and reads at several queue depths,
# blkzone reset/open/close/finish of zone ranges and of the whole device,
# nvme-cli select-all zone actions, zone appends, writes, Write Zeroes and
# reads, writes off the write pointer) runs with outcomes from nvme_core
# (auto) and from the block layer (status_source=block). Witnesses:
# - nvmet's trace events: nvmet_req_init (queue, command id, opcode, SLBA,
#   length, zone action, select-all) joined to nvmet_req_complete (status;
#   an append's LBA) by controller, queue and command id. Every zone's
#   reads, writes, appends, Write Zeroes and their sectors, resets,
#   finishes, opens, closes and errors, and the select-all counts, must
#   equal zns_stat's exactly: every attempt zns_stat counts is one command
#   nvmet received and answered (no path errors, no timeouts here).
# - the null_blk's zone report: where zns_stat knows a zone's condition or
#   its data written since the last reset, the device must agree (its
#   write pointer, unless the zone is full: a finish moves the device's
#   write pointer, not the data written); and the target's own record
#   (written since its last reset, finishes) must give the device's write
#   pointers, so the witness itself is checked.
# - the null_blk's /sys/block/*/stat: the sectors read equal those of the
#   reads nvmet answered; the sectors written are a bound, between the
#   writes nvmet completed and those plus its failed writes (a failed
#   write counts there when it reached the driver, which the kernel's zone
#   write plugging, 6.10+, decides).
# Not nvme_core's host-side events (t41): over nvme-tcp (6.1) a write
# that waits for the target's R2T has its command PDU overwritten by the
# H2C data PDU, so nvme_complete_rq prints the target's transfer tag as
# the command id and cannot be joined to its nvme_setup_cmd (zns_stat
# does not read the command at completion). The seed is printed (ZNS_WITNESS_SEED=N reruns it);
# ZNS_WITNESS_STEPS sets the steps per mode. Failed passthrough commands
# run in auto mode only: 6.12's block layer completes them as successes,
# which the fallback cannot tell (t63).
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
. "${0%/*}/witness.sh"

require_cmd nvme fio blkzone
require_nvmet_tcp
"${NVMET_KMOD[@]}" --show-depends null_blk >/dev/null 2>&1 ||
	ktap_skip "no null_blk module for $(uname -r)"
witness_seed 12
T=$(mktemp -d)
nqn=nqn.2026-12.org.zns-stat:t43
hostid=00000000-0000-4000-8000-000000000043
name=zns_t43
nullb=/sys/kernel/config/nullb/$name
WITNESS_EVENTS+=" nvmet/nvmet_req_init nvmet/nvmet_req_complete"

# Whatever happened: the fabrics controller and the export gone, nvme_core
# as nvme_up loads it, zns_stat loaded with its defaults, the null_blk
# removed and its module unloaded.
# shellcheck disable=SC2317 # run by the trap
teardown() {
	local e
	for e in $WITNESS_EVENTS; do
		echo 0 > "$WITNESS_TRACE/events/$e/enable" 2>/dev/null
	done
	nvmet_tcp_down 43 "$nqn"
	if [ -d "$nullb" ]; then
		echo 0 > "$nullb/power"
		rmdir "$nullb"
	fi
	"$ZNS_KMOD_SH" unload null_blk
	rm -rf "$T"
}
trap teardown EXIT

nvmet_tcp_up
"${NVMET_KMOD[@]}" null_blk nr_devices=0 || fail "modprobe null_blk nr_devices=0"
mkdir "$nullb" || fail "mkdir $nullb"
for kv in blocksize=4096 size=8 zoned=1 zone_size=1 zone_capacity=1 zone_nr_conv=0 \
	zone_max_open=0 zone_max_active=0 memory_backed=1; do
	echo "${kv#*=}" > "$nullb/${kv%%=*}" || fail "null_blk ${kv%%=*}=${kv#*=}"
done
echo 1 > "$nullb/power" ||
	ktap_skip "$(uname -r): null_blk cannot make a zoned disk (CONFIG_BLK_DEV_ZONED?)"
# Named after its configfs directory (6.1 and later), else nullbN.
nb=$name
[ -e "/sys/block/$nb" ] || nb=nullb$(cat "$nullb/index")
wait_for_block "$nb"
[ "$(cat "/sys/block/$nb/queue/zoned")" = host-managed ] ||
	ktap_skip "$(uname -r): the null_blk is not zoned (CONFIG_BLK_DEV_ZONED?)"
for e in nvmet_req_init nvmet_req_complete; do
	[ -d "$WITNESS_TRACE/events/nvmet/$e" ] ||
		ktap_skip "$(uname -r): nvmet has no trace event $e"
done

sub=$NVMET_CFG/subsystems/$nqn
mkdir "$sub" || fail "nvmet subsystem $nqn"
echo 1 > "$sub/attr_allow_any_host"
mkdir "$sub/namespaces/1"
echo -n "/dev/$nb" > "$sub/namespaces/1/device_path"
echo 1 > "$sub/namespaces/1/enable" || fail "nvmet refuses /dev/$nb"
nvmet_tcp_port 43 "$nqn"
fabrics_connect "$nqn" "$hostid"
disk=${ctrl}n1
wait_for_block "$disk"
# nvmet exports a zoned block device as a ZNS namespace only when built
# with CONFIG_BLK_DEV_ZONED (its zns.c); otherwise as a conventional one.
[ "$(cat "/sys/block/$disk/queue/zoned")" = host-managed ] ||
	ktap_skip "$(uname -r): nvmet exports the zoned null_blk as a conventional namespace (no ZNS in nvmet: CONFIG_BLK_DEV_ZONED)"
echo "nvmet exports /dev/$nb as $disk ($ctrl, $(cat "/sys/class/nvme/$ctrl/transport"))"

witness_geometry "$disk"	# the write pointer as the host reads it: through nvmet

# A write the zone write plug (6.10+, the host's or the null_blk's) holds
# at a write pointer a passthrough command or a failed write moved fails.
plug_note="fio: some writes failed (a write pointer moved behind a zone write plug)"

# step MODE: one random command or job on the fabrics namespace.
step() {
	local mode=$1 z n qd bs act acts
	pick "$nz"; z=$r
	pick 4; qd=$((1 << r))
	pick 4; bs=$(((1 << r) * 4096))
	pick 8; n=$((1 + r))
	pick 12
	case $r in
	0|1)	echo "fio randwrite qd=$qd bs=$bs"
		fio --name=w --filename="/dev/$disk" --zonemode=zbd --direct=1 --ioengine=libaio \
			--rw=randwrite --bs=$bs --iodepth=$qd --max_open_zones=3 \
			--io_size=$((bs * 3 * n)) --randseed="$RANDOM" --continue_on_error=write \
			--output=/dev/null || echo "$plug_note" ;;
	2)	echo "fio write zone $z qd=$qd bs=$bs"
		fio --name=s --filename="/dev/$disk" --zonemode=zbd --direct=1 --ioengine=libaio \
			--rw=write --bs=$bs --iodepth=$qd --offset=$((z * zsec * 512)) \
			--size=$((zsec * 512)) --io_size=$((bs * n)) --continue_on_error=write \
			--output=/dev/null || echo "$plug_note" ;;
	3)	echo "fio randread qd=$qd bs=$bs"
		fio --name=r --filename="/dev/$disk" --zonemode=zbd --direct=1 --ioengine=libaio \
			--rw=randread --bs=$bs --iodepth=$qd --io_size=$((bs * 2 * n)) \
			--randseed="$RANDOM" --output=/dev/null || fail "fio randread" ;;
	4|5)	pick 3; n=$((1 + r))
		[ $((z + n)) -le "$nz" ] || n=$((nz - z))
		acts=(reset open close finish); pick 4; act=${acts[$r]}
		echo "blkzone $act zones $z+$n"
		blkzone "$act" -o $((z * zsec)) -c "$n" "/dev/$disk" 2>/dev/null || true ;;
	6)	pick 5
		if [ "$r" = 0 ]; then
			echo "blkzone reset (the whole device: select-all)"
			blkzone reset "/dev/$disk" || fail "blkzone reset $disk"
		else
			acts=(reset open close finish); act=${acts[$((r - 1))]}
			echo "nvme zns $act-zone -a"
			nvme zns "$act-zone" "/dev/$disk" -a >/dev/null || fail "nvme $act-zone -a"
		fi ;;
	7)	witness_wp "$disk" "$z"; n=$(((n + 1) / 2))
		if [ $((w + n)) -gt "$zlbas" ]; then
			[ "$mode" = auto ] || return 0
			echo "nvme zone-append zone $z lbas $n (does not fit: fails)"
		else
			echo "nvme zone-append zone $z lbas $n"
		fi
		nvme zns zone-append "/dev/$disk" -s $((z * zlbas)) -z $((n * lba)) \
			-d /dev/zero >/dev/null 2>&1 || true ;;
	8)	witness_wp "$disk" "$z"; n=$(((n + 1) / 2))
		[ $((w + n)) -le "$zlbas" ] || return 0
		pick 2
		if [ "$r" = 0 ]; then
			echo "nvme write zone $z at wp $w lbas $n"
			nvme write "/dev/$disk" -s $((z * zlbas + w)) -c $((n - 1)) -z $((n * lba)) \
				-d /dev/zero >/dev/null 2>&1 || echo "nvme write: failed"
		else
			echo "nvme write-zeroes zone $z at wp $w lbas $n"
			nvme write-zeroes "/dev/$disk" -s $((z * zlbas + w)) -c $((n - 1)) \
				>/dev/null 2>&1 || echo "nvme write-zeroes: failed"
		fi ;;
	9)	echo "nvme read zone $z lbas $n"
		nvme read "/dev/$disk" -s $((z * zlbas)) -c $((n - 1)) -z $((n * lba)) \
			-d "$T/read" >/dev/null || fail "nvme read $disk" ;;
	10|11)	[ "$r" = 10 ] || [ "$mode" = auto ] || return 0
		witness_wp "$disk" "$z"
		# at LBA 1 of a full zone, else one past the write pointer
		if [ "$r" = 10 ]; then
			echo "dd write zone $z off the write pointer ($w): fails"
			dd if=/dev/zero of="/dev/$disk" bs="$lba" count=1 oflag=direct status=none \
				seek=$((z * zlbas + (w + 1) % zlbas)) 2>/dev/null
		else
			echo "nvme write zone $z off the write pointer ($w): fails"
			nvme write "/dev/$disk" -s $((z * zlbas + (w + 1) % zlbas)) -c 0 -z "$lba" \
				-d /dev/zero >/dev/null 2>&1
		fi && fail "a write off the write pointer succeeded" ;;
	esac
	return 0
}

# target_record TRACE: from nvmet's events of /dev/$nb, one line per zone,
# "ZONE" then $WITNESS_COLUMNS, and "all RESET_ALL FINISH_ALL OPEN_ALL
# CLOSE_ALL SELECT_ALL_ERRORS", counted as zns_stat counts (witness_nvme in
# witness.sh); then lines "wp ZONE WRITTEN FINISHED" (sectors written since
# the zone's last reset by commands that succeeded, 1 if a finish succeeded
# since), "stat READ_SECTORS WRITTEN_OK WRITTEN_FAILED" and, if any,
# "unmatched N" (a completion without its command), "misplaced N" (an
# append whose LBA is outside the zone it named). 6.1 prints the zone
# commands' dwords 10-15 in hex (cdw10=..), later kernels decode them.
target_record() {
	awk -v dev="disk=/dev/$nb," -v spl="$((lba / 512))" -v zsec="$zsec" -v nz="$nz" "$WITNESS_AWK_FIELDS"'
	function le(b, from, n,   i, x) {	# little-endian bytes b[from..from+n-1] (1-based)
		x = 0
		for (i = from + n - 1; i >= from; i--) x = x * 256 + hex(b[i])
		return x
	}
	/ nvmet_req_init: / {
		if (index($0, dev) == 0) next
		op = $0; sub(/.*cmd=\(/, "", op); sub(/,.*/, "", op)
		if (index($0, "cdw10=")) {	# 6.1: raw dwords 10-15
			raw = $0; sub(/.*cdw10=/, "", raw); sub(/\).*/, "", raw)
			split(raw, b, " ")
			slba = le(b, 1, 8); len = le(b, 9, 2); zsa = hex(b[13]); sel = hex(b[14]) % 2
		} else {
			slba = field("slba"); len = field("len"); zsa = field("zsa"); sel = field("all")
		}
		pend[key()] = op "|" slba "|" len "|" zsa "|" sel
		next
	}
	/ nvmet_req_complete: / {
		k = key()
		if (!(k in pend)) { if (field("qid") != 0) unmatched++; next }
		split(pend[k], c, "|"); delete pend[k]
		st = hex(field("status")) % 2048	# SCT/SC, without DNR and More
		op = c[1]; slba = c[2] + 0; z = int(slba * spl / zsec)
		sectors = (c[3] + 1) * spl
		if (op == "nvme_cmd_zone_mgmt_send") {
			zsa = c[4] + 0
			if (c[5] == 1) {
				if (st) { sae++; next }
				all[zsa]++
				for (x = 0; x < nz; x++)
					if (zsa == 4) { written[x] = 0; fin[x] = 0 }
					else if (zsa == 2) fin[x] = 1
				next
			}
			if (st) { err[z]++; next }
			mgmt[z, zsa]++
			if (zsa == 4) { written[z] = 0; fin[z] = 0 }
			if (zsa == 2) fin[z] = 1
			next
		}
		if (op !~ /^nvme_cmd_(read|write|zone_append|write_zeroes)$/) next
		if (op == "nvme_cmd_read") rsec += sectors
		else if (st) wfail += sectors
		else wok += sectors
		if (st) { err[z]++; next }
		if (op == "nvme_cmd_zone_append" && int(hex(field("res")) * spl / zsec) != z) misplaced++
		cnt[z, op]++
		if (op == "nvme_cmd_read") per_zone(sec, op, slba * spl, sectors)	# every zone touched
		else {
			sec[z, op] += sectors
			written[z] += sectors
		}
	}
	END {
		for (z = 0; z < nz; z++)
			print z, cnt[z, "nvme_cmd_read"] + 0, sec[z, "nvme_cmd_read"] + 0,
				cnt[z, "nvme_cmd_write"] + 0, sec[z, "nvme_cmd_write"] + 0,
				cnt[z, "nvme_cmd_zone_append"] + 0, sec[z, "nvme_cmd_zone_append"] + 0,
				mgmt[z, 4] + 0, mgmt[z, 2] + 0, mgmt[z, 3] + 0, mgmt[z, 1] + 0, err[z] + 0,
				cnt[z, "nvme_cmd_write_zeroes"] + 0, sec[z, "nvme_cmd_write_zeroes"] + 0
		print "all", all[4] + 0, all[2] + 0, all[3] + 0, all[1] + 0, sae + 0
		if (unmatched) print "unmatched", unmatched
		if (misplaced) print "misplaced", misplaced
		for (z = 0; z < nz; z++) print "wp", z, written[z] + 0, fin[z] + 0
		print "stat", rsec + 0, wok + 0, wfail + 0
	}' "$1"
}

# device_zones: the null_blk's zone report, "ZONE COND WRITTEN CAPACITY"
# (sectors; the write pointer's offset in its zone).
device_zones() {
	blkzone report "/dev/$nb" | awk '{
		for (i = 1; i < NF; i++) {
			if ($i == "cap") c = $(i + 1)
			if ($i == "wptr") w = $(i + 1)
		}
		# "zcond: 1(em)" but "zcond:14(fu)"
		k = $0; sub(/.*zcond: */, "", k); sub(/\(.*/, "", k)
		sub(/,$/, "", c)
		print n++, k + 0, w, c
	}' | while read -r z k w c; do echo "$z $k $((w)) $((c))"; done
}

# stat_sectors: the null_blk's sectors read and written (/sys/block/*/stat).
stat_sectors() {
	local s
	read -ra s < "/sys/block/$nb/stat"
	echo "${s[2]} ${s[6]}"
}

# target_compare MODE TRACE STAT0: every comparison above; a difference
# is printed and counts as a failure.
target_compare() {
	local mode=$1 trace=$2 rec d known
	rec=$(target_record "$trace")
	d=$(diff <(grep -v '^\(wp\|stat\) ' <<<"$rec") <(zns_counts "$disk")) ||
		{ echo "FAIL: $mode: nvmet's trace (<) vs zns_stat (>), columns zone $WITNESS_COLUMNS:"
		  echo "$d"; _zns_failures=$((_zns_failures + 1)); }
	device_zones > "$T/device"
	# zns_stat's view of each zone where it knows, the device's, the target's.
	known=$(awk -v mode="$mode" '
		FILENAME == ARGV[1] { cond[$1] = $2; wpo[$1] = $3; cap[$1] = $4; next }
		FILENAME == ARGV[2] { if ($1 == "wp") { tw[$2] = $3; tf[$2] = $4 }; next }
		FNR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{
			z = $1; hc = $col["host_cond"]; hw = $col["host_written_sectors"]
			hk = $col["host_written_known"]
			if (hc != 0) {
				nc++
				if (hc != cond[z]) bad = bad sprintf("zone %d: zns_stat condition %d, the device %d\n", z, hc, cond[z])
			}
			if (hk == 1) {
				nw++
				if (cond[z] != 14 && hw != wpo[z] || cond[z] == 14 && hw > cap[z])
					bad = bad sprintf("zone %d: zns_stat written %d, the device condition %d write pointer +%d\n", z, hw, cond[z], wpo[z])
			}
			if (cond[z] != 14 && tw[z] != wpo[z] || cond[z] == 14 && tw[z] != cap[z] && !tf[z])
				bad = bad sprintf("zone %d: the target wrote %d since its last reset (finished %d), the device condition %d write pointer +%d\n", z, tw[z], tf[z], cond[z], wpo[z])
		}
		END { printf "%s", bad; print "known", nc + 0, nw + 0 }' \
		"$T/device" <(grep '^wp ' <<<"$rec") "$ZNS_DEBUGFS/$disk/zones")
	if grep -q '^zone ' <<<"$known"; then
		echo "FAIL: $mode: zone conditions and write pointers:"
		grep '^zone ' <<<"$known"
		_zns_failures=$((_zns_failures + 1))
	fi
	known=$(tail -n 1 <<<"$known")
	echo "$mode: the device's zones:$(awk '{ n[$2]++ } END { for (c in n) printf " %d in condition %d", n[c], c }' "$T/device");" \
		"zns_stat knew ${known#known } (conditions, written sectors) of $nz"
	# The null_blk's own counts since the workload began.
	read -r r0 w0 <<<"$3"
	read -r r1 w1 < <(stat_sectors)
	read -r _ rs wok wfail < <(grep '^stat ' <<<"$rec")
	echo "$mode: the null_blk read $((r1 - r0)) and wrote $((w1 - w0)) sectors;" \
		"nvmet: reads $rs, writes that succeeded $wok, failed $wfail"
	expect_eq "$mode: the null_blk's sectors read" $((r1 - r0)) "$rs"
	expect_eq "$mode: the null_blk's sectors written within [$wok, $((wok + wfail))]" \
		$((w1 - w0 >= wok && w1 - w0 <= wok + wfail)) 1
}

for mode in auto block; do
	unload_zns
	witness_load $mode
	fresh "$disk"
	witness_start
	stat0=$(stat_sectors)
	for _ in $(seq "$steps"); do
		step $mode
	done
	witness_stop "$T/trace-$mode"
	echo "witness: $(grep -c ' nvmet_req_complete: ' "$T/trace-$mode") nvmet completions"
	target_compare "$mode" "$T/trace-$mode" "$stat0"
	expect_eq "$mode: $disk dropped" "$(summary_value "$disk" dropped)" 0
done
# teardown: zns_stat as a load leaves it (nvmet_tcp_down).
finish
