#!/bin/bash
# The FDP guest's device (no zns_stat): what the placement tests build on.
# A seeded random mix of writes, each below its reclaim unit's end: nvme-cli
# passthrough writes with a placement ID (directive type 2), passthrough and
# block-layer writes without a directive. Then:
#  - nvme_setup_cmd shows each write's placement: control (CDW12 bits 31:16)
#    0x20 = directive type 2 and dsmgmt (CDW13) = placement ID << 16; 6.12's
#    block writes carry no directive (0x0, 0);
#  - log page 22h: host and media bytes written both grow by the bytes written,
#    exactly; nothing erased;
#  - each placement ID's reclaim unit available media writes (RUAMW) fall by its
#    blocks, writes without a directive counting for placement ID 0.
# A reclaim unit handle update of two placement IDs (I/O Management Send, opcode
# 1Dh) adds their unwritten blocks to the media bytes, starts fresh units and
# logs one "reclaim unit not fully written" host event each. A write that fills
# a unit switches it: QEMU 10.0 adds the blocks the unit had left before that
# write to the media bytes again (it does not take the write's own blocks off
# first), and logs the same event. ZNS_FDP_SEED=N reruns a seed.
# shellcheck source-path=SCRIPTDIR source=lib-fdp.sh
. "${0%/*}/lib-fdp.sh"

fdp_up
fdp_ruamw
units=$(nvme fdp configs "/dev/$FDP_CTRL" -e 1 -o json | jq -r '.configs[0].runs')
[[ $units =~ ^[1-9][0-9]*$ ]] || fail "nvme fdp configs: no reclaim unit size"
ru_blocks=$((units / FDP_BS))
echo "$nph placement IDs (handles ${ruhid[*]}), reclaim units of $ru_blocks blocks"
[ "$nph" -ge 2 ] || fail "the namespace has $nph placement IDs; the FDP guest gives it several"
for ((p = 0; p < nph; p++)); do
	expect_eq "pid $p RUAMW at start" "${ruamw[p]}" "$ru_blocks"
done

seed=${ZNS_FDP_SEED:-$(($(date +%s) % 100000))}
echo "seed $seed (ZNS_FDP_SEED=$seed reruns it)"
RANDOM=$seed

tr=/sys/kernel/tracing/instances/zns-fdp-t10
rmdir "$tr" 2>/dev/null
mkdir "$tr" || fail "cannot make tracefs instance $tr"
trap 'echo 0 >"$tr/tracing_on"; rmdir "$tr" 2>/dev/null' EXIT
echo 4096 >"$tr/buffer_size_kb"
echo 1 >"$tr/events/nvme/nvme_setup_cmd/enable" || fail "no nvme_setup_cmd tracepoint"

fdp_stats
hbmw0=$hbmw mbmw0=$mbmw mbe0=$mbe
declare -a used=() cmds=() start=("${ruamw[@]}")
nodir=0 bytes=0 lba=0
for ((i = 0; i < 24; i++)); do
	r=$((RANDOM % (nph + 2)))
	n=$((1 + RANDOM % 16))
	pid=$r
	[ "$r" -lt "$nph" ] || pid=0	# no directive: placement ID 0
	# Below the unit's end: a write that reaches it switches units (below).
	[ $((${used[pid]:-0} + n)) -lt "${start[pid]}" ] || continue
	if [ "$r" -lt "$nph" ]; then
		fdp_write "$lba" "$n" "$pid"
		cmds[pid]=$((${cmds[pid]:-0} + 1))
	elif [ "$r" = "$nph" ]; then
		fdp_write "$lba" "$n"
		nodir=$((nodir + 1))
	else
		# one command: one O_DIRECT write of n blocks
		dd if=/dev/zero of="/dev/$FDP_NS" bs=$((n * FDP_BS)) count=1 seek=$((lba * FDP_BS)) \
			oflag=direct,seek_bytes status=none || fail "dd to $FDP_NS"
		nodir=$((nodir + 1))
	fi
	used[pid]=$((${used[pid]:-0} + n))
	bytes=$((bytes + n * FDP_BS))
	lba=$((lba + n))
done
echo "wrote $bytes bytes in $lba blocks: per placement ID ${used[*]}; $nodir writes without a directive"

fdp_stats
expect_eq "HBMW growth" $((hbmw - hbmw0)) "$bytes"
expect_eq "MBMW growth" $((mbmw - mbmw0)) "$bytes"
expect_eq "MBE growth" $((mbe - mbe0)) 0
fdp_ruamw
for ((p = 0; p < nph; p++)); do
	expect_eq "pid $p RUAMW" "${ruamw[p]}" $((start[p] - ${used[p]:-0}))
done

# The writes as nvme_setup_cmd saw them: "ctrl dsmgmt blocks" per write.
writes=$(sed -n "s/.*nvme_setup_cmd: nvme$FDP_ID: disk=[^ ]*, qid=[0-9]*, cmdid=[0-9]*, nsid=1, .*cmd=(nvme_cmd_write slba=[0-9]*, len=\([0-9]*\), ctrl=\(0x[0-9a-f]*\), dsmgmt=\([0-9]*\),.*/\2 \3 \1/p" "$tr/trace")
traced=0
while read -r _ _ l; do
	traced=$((traced + (l + 1) * FDP_BS))
done <<<"$writes"
expect_eq "bytes of the traced writes" "$traced" "$bytes"
for ((p = 0; p < nph; p++)); do
	expect_eq "traced writes with placement ID $p" \
		"$(grep -c "^0x20 $((p << 16)) " <<<"$writes")" "${cmds[p]:-0}"
done
expect_eq "traced writes without a directive" "$(grep -c '^0x0 0 ' <<<"$writes")" "$nodir"

# Reclaim unit handle update of two placement IDs, events on for every handle.
for ((p = 0; p < nph; p++)); do
	nvme fdp set-events "/dev/$FDP_CTRL" -n 1 -p "$p" -t 0 -e >/dev/null ||
		fail "nvme fdp set-events -p $p"
done
ev0=$(fdp_host_events | wc -l)
a=$((RANDOM % nph))
b=$(((a + 1 + RANDOM % (nph - 1)) % nph))
echo >"$tr/trace"
hbmw0=$hbmw mbmw0=$mbmw
nvme fdp update "/dev/$FDP_NS" -p "$a,$b" >/dev/null || fail "nvme fdp update -p $a,$b"
fdp_stats
expect_eq "HBMW growth after updating pids $a,$b" $((hbmw - hbmw0)) 0
expect_eq "MBMW growth after updating pids $a,$b" $((mbmw - mbmw0)) \
	$(((ruamw[a] + ruamw[b]) * FDP_BS))
expect_eq "traced I/O Management Send (MO 1, 2 IDs)" \
	"$(grep -c "nvme$FDP_ID: disk=[^ ]*, .*cmd=(0x1d cdw10=01 00 01 00 " "$tr/trace")" 1
fdp_ruamw
expect_eq "pid $a RUAMW after the update" "${ruamw[a]}" "$ru_blocks"
expect_eq "pid $b RUAMW after the update" "${ruamw[b]}" "$ru_blocks"
expect_eq "new host events" "$(fdp_host_events | tail -n +$((ev0 + 1)) | sort | tr '\n' ' ')" \
	"$(printf '0 %s 1\n' "$a" "$b" | sort | tr '\n' ' ')"

# Fill placement ID a's fresh unit: all blocks but one, then the last one.
ev0=$(fdp_host_events | wc -l)
hbmw0=$hbmw mbmw0=$mbmw
left=$((ru_blocks - 1))
while [ "$left" -gt 0 ]; do
	n=$((left > 64 ? 64 : left))
	fdp_write "$lba" "$n" "$a"
	lba=$((lba + n)) left=$((left - n))
done
fdp_ruamw
expect_eq "pid $a RUAMW one block before the unit's end" "${ruamw[a]}" 1
fdp_write "$lba" 1 "$a"
fdp_stats
fdp_ruamw
expect_eq "pid $a RUAMW in the next unit" "${ruamw[a]}" "$ru_blocks"
expect_eq "HBMW growth filling a unit" $((hbmw - hbmw0)) $((ru_blocks * FDP_BS))
expect_eq "MBMW growth filling a unit (QEMU 10.0: the last write's block twice)" \
	$((mbmw - mbmw0)) $(((ru_blocks + 1) * FDP_BS))
expect_eq "host events filling a unit" "$(fdp_host_events | tail -n +$((ev0 + 1)) | tr '\n' ' ')" \
	"0 $a 1 "
finish
