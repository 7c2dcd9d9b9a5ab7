#!/bin/bash
# zns_stat's placement counters against two witnesses that are not zns_stat,
# in the FDP guest: nvme_core's own nvme_setup_cmd trace of the same commands,
# and the device's log page 22h (host bytes written).
#  - The namespace is tracked from its first write naming a placement (a write
#    without one before it is not seen: no directory).
#  - A seeded random mix, with outcomes from nvme_core (auto) and from the
#    block layer (status_source=block): nvme-cli writes with each listed
#    placement ID, with IDs the namespace does not list ("unlisted": QEMU
#    puts them on ID 0 and says nothing), without a directive (passthrough
#    and O_DIRECT block writes), reads, and on kernels with block-layer write
#    streams (6.16+: check-sid) io_uring writes with a stream, which
#    nvme_core turns into a placement (write-stream.c). Per row of
#    "placement", writes, write_sectors, reads and read_sectors equal what
#    the trace shows per placement (control 0x20, dsmgmt = ID << 16), and the
#    namespace's write_sectors equal HBMW's growth; "unlisted_pids" lists
#    the IDs outside the namespace's list that the trace shows.
#  - A write past the namespace's end with a listed ID fails: an error of its
#    row, not a write (outcomes from nvme_core: 6.12's block layer reports a
#    failed passthrough command as a success).
#  - The other controller's conventional namespace, written and read after
#    placements were seen, stays untracked and uncounted.
#  - Reloads: zns_stat removed and loaded again counts afresh from the next
#    placement write; so does nvme_core removed and loaded under it.
# ZNS_FDP_SEED=N reruns a seed.
# shellcheck source-path=SCRIPTDIR source=lib-fdp.sh
. "${0%/*}/lib-fdp.sh"
# shellcheck source-path=SCRIPTDIR source=../zns.sh
. "${0%/*}/../zns.sh"
# shellcheck source-path=SCRIPTDIR source=../witness.sh
. "${0%/*}/../witness.sh"

# placement_col ROW COLUMN: that column (by the header's name) of a row
# ("none", "unlisted" or a placement ID) of the namespace's "placement" file.
placement_col() {
	awk -v r="$1" -v c="$2" 'NR == 1 { for (i = 2; i <= NF; i++) n[$i] = i - 1; next }
		$1 == r { print $n[c] }' "$ZNS_DEBUGFS/$FDP_NS/placement"
}

wait_placement() {
	local end=$((SECONDS + 10))

	until [ -e "$ZNS_DEBUGFS/$FDP_NS/placement" ]; do
		[ "$SECONDS" -lt "$end" ] || fail "$FDP_NS not tracked 10 s after a placement write"
		sleep 0.1
	done
}

unload_zns
fdp_up
fdp_ruamw
seed=${ZNS_FDP_SEED:-$(($(date +%s) % 100000))}
echo "seed $seed (ZNS_FDP_SEED=$seed reruns it)"
RANDOM=$seed

tr=/sys/kernel/tracing/instances/zns-fdp-t30
rmdir "$tr" 2>/dev/null
mkdir "$tr" || fail "cannot make tracefs instance $tr"
trap 'echo 0 >"$tr/tracing_on"; rmdir "$tr" 2>/dev/null' EXIT
echo 4096 >"$tr/buffer_size_kb"
echo 1 >"$tr/events/nvme/nvme_setup_cmd/enable" || fail "no nvme_setup_cmd tracepoint"
lba=0

# Write streams (6.16+): the block layer's, mapped to placement IDs by nvme_core.
streams=$(cat "/sys/block/$FDP_NS/queue/max_write_streams" 2>/dev/null || echo 0)
IFS=. read -r major minor _ <<<"$(uname -r)"
if [ "$streams" -gt 0 ]; then
	ws=$(mktemp -d)/write-stream
	cc -O2 -o "$ws" "${0%/*}/write-stream.c" || fail "cannot build write-stream.c"
	echo "write streams: $streams on $(uname -r): in the mix"
elif [ "$major" -gt 6 ] || { [ "$major" = 6 ] && [ "$minor" -ge 16 ]; }; then
	fail "$(uname -r) has write streams (6.16+), but $FDP_NS shows none (max_write_streams)"
else
	echo "write streams: none before 6.16 ($(uname -r)): not in the mix"
fi

# mix_and_check MODE: zns_stat loaded afresh with outcomes from MODE, a write
# without a placement (not seen), then the mix, checked against the trace.
mix_and_check() {
	local mode=$1 i n bad nsze cmds total row op want_n want_s want_e
	unload_zns
	witness_load "$mode"
	fdp_write "$lba" 1
	lba=$((lba + 1))
	sleep 0.5
	[ ! -e "$ZNS_DEBUGFS/$FDP_NS" ] || fail "$mode: $FDP_NS tracked before any write named a placement"

	echo >"$tr/trace"
	echo 1 >"$tr/tracing_on"
	fdp_stats
	hbmw0=$hbmw
	fdp_write "$lba" 2 $((RANDOM % nph))	# the first: tracking starts
	lba=$((lba + 2))
	wait_placement
	expect_eq "placement IDs listed" "$(awk 'NR > 1 && $1 ~ /^[0-9]+$/ { printf "%s:%s ", $1, $2 }' \
		"$ZNS_DEBUGFS/$FDP_NS/placement")" "$(for ((p = 0; p < nph; p++)); do printf '%s:%s ' "$p" "${ruhid[p]}"; done)"

	for ((i = 0; i < 40; i++)); do
		n=$((1 + RANDOM % 8))
		case $((RANDOM % (streams > 0 ? 6 : 5))) in
		0 | 1) fdp_write "$lba" "$n" $((RANDOM % nph)) ;;
		2) fdp_write "$lba" "$n" $((nph + RANDOM % 32)) ;;
		3) if ((RANDOM % 2)); then
			fdp_write "$lba" "$n"
		else
			dd if=/dev/zero of="/dev/$FDP_NS" bs=$((n * FDP_BS)) count=1 seek=$((lba * FDP_BS)) \
				oflag=direct,seek_bytes status=none || fail "dd to $FDP_NS"
		fi ;;
		4) dd if="/dev/$FDP_NS" of=/dev/null bs=$((n * FDP_BS)) count=1 skip=$((RANDOM % 64 * FDP_BS)) \
			iflag=direct,skip_bytes status=none || fail "dd from $FDP_NS" ;;
		5) "$ws" "/dev/$FDP_NS" $((lba * FDP_BS)) $((n * FDP_BS)) $((RANDOM % (streams + 1))) ||
			fail "io_uring write with a stream" ;;
		esac
		[ $((RANDOM % 5)) = 4 ] || lba=$((lba + n))
	done
	# Past the end, with a listed ID: fails (LBA out of range). Only a
	# passthrough write can name a placement on 6.12, and 6.12's block layer
	# completes a failed one as successful (zns_stat.rst, "The completion
	# status"): with outcomes from the block layer it is left out.
	nsze=$(($(cat "/sys/block/$FDP_NS/size") * 512 / FDP_BS))
	bad=$((RANDOM % nph))
	if [ "$mode" = auto ]; then
		nvme write "/dev/$FDP_NS" -s "$nsze" -c 0 -z "$FDP_BS" -d /dev/zero -T 2 -S "$bad" \
			>/dev/null 2>&1 && fail "a write at LBA $nsze (the namespace has $nsze) succeeded"
	fi
	echo 0 >"$tr/tracing_on"
	fdp_stats

	# The trace: "ROW write|read|failed SECTORS PID" per command of the namespace.
	cmds=$(sed -n "s/.*nvme_setup_cmd: nvme$FDP_ID: disk=[^ ]*, qid=[1-9][0-9]*, cmdid=[0-9]*, nsid=1, .*cmd=(nvme_cmd_\(write\|read\) slba=\([0-9]*\), len=\([0-9]*\), ctrl=\(0x[0-9a-f]*\), dsmgmt=\([0-9]*\),.*/\1 \2 \3 \4 \5/p" "$tr/trace" |
		awk -v nph="$nph" -v bs="$FDP_BS" -v nsze="$nsze" '{
			ctrl = $4; sub(/^0x/, "", ctrl); c = 0
			for (i = 1; i <= length(ctrl); i++)
				c = c * 16 + index("0123456789abcdef", substr(ctrl, i, 1)) - 1
			row = "none"
			if ($1 == "write" && int(c / 16) % 16 == 2) {
				pid = int($5 / 65536)
				row = pid < nph ? pid : "unlisted"
			}
			print row, ($2 >= nsze ? "failed" : $1), ($3 + 1) * bs / 512, pid
		}')
	[ -n "$cmds" ] || fail "$mode: nothing traced"
	echo "$mode: traced $(wc -l <<<"$cmds") commands"
	total=0
	for row in $(seq 0 $((nph - 1))) none unlisted; do
		for op in write read; do
			want_n=$(awk -v r="$row" -v o="$op" '$1 == r && $2 == o { n++ } END { print n + 0 }' <<<"$cmds")
			want_s=$(awk -v r="$row" -v o="$op" '$1 == r && $2 == o { s += $3 } END { print s + 0 }' <<<"$cmds")
			expect_eq "$mode: row $row ${op}s (trace)" "$(placement_col "$row" "${op}s")" "$want_n"
			expect_eq "$mode: row $row ${op}_sectors (trace)" "$(placement_col "$row" "${op}_sectors")" "$want_s"
			[ "$op" = read ] || total=$((total + $(placement_col "$row" write_sectors)))
		done
		want_e=$(awk -v r="$row" '$1 == r && $2 == "failed" { n++ } END { print n + 0 }' <<<"$cmds")
		expect_eq "$mode: row $row errors (trace)" "$(placement_col "$row" errors)" "$want_e"
	done
	[ "$mode" != auto ] ||
		expect_eq "$mode: the failed write's row ($bad) has it" "$(placement_col "$bad" errors)" 1
	expect_eq "$mode: written bytes = log 22h HBMW growth" $((total * 512)) $((hbmw - hbmw0))
	expect_eq "$mode: dropped" "$(summary_value "$FDP_NS" dropped)" 0
	expect_eq "$mode: the unlisted placement IDs used (trace)" \
		"$(awk 'NR > 1' "$ZNS_DEBUGFS/$FDP_NS/unlisted_pids" | tr '\n' ' ')" \
		"$(awk '$1 == "unlisted" { print $4 }' <<<"$cmds" | sort -nu | tr '\n' ' ')"
}

mix_and_check auto
mix_and_check block

# A conventional namespace without placements, after placements were seen.
find_namespaces
untracked=$(status_value dropped_untracked)
dd if=/dev/zero of="/dev/$NS3" bs=4096 count=4 oflag=direct status=none || fail "dd to $NS3"
dd if="/dev/$NS3" of=/dev/null bs=4096 count=4 iflag=direct status=none || fail "dd from $NS3"
fdp_write "$lba" 1 0
lba=$((lba + 1))
[ ! -e "$ZNS_DEBUGFS/$NS3" ] || fail "$NS3 (conventional, no placement) tracked"
expect_eq "$NS3's commands: not in dropped_untracked" "$(status_value dropped_untracked)" "$untracked"

# zns_stat reloaded: nothing until the next placement write, then that alone.
unload_zns
load_zns
fdp_write "$lba" 1
sleep 0.5
[ ! -e "$ZNS_DEBUGFS/$FDP_NS" ] || fail "$FDP_NS tracked again before a placement write"
p=$((RANDOM % nph))
fdp_write "$lba" 3 "$p"
wait_placement
expect_eq "after reloading zns_stat: row $p writes, sectors" \
	"$(placement_col "$p" writes) $(placement_col "$p" write_sectors)" "1 $((3 * FDP_BS / 512))"

# nvme_core removed and loaded under zns_stat: a new disk, counted afresh.
rmmod nvme nvme_core || fail "cannot rmmod nvme nvme_core under zns_stat"
[ ! -e "$ZNS_DEBUGFS/$FDP_NS" ] || fail "$FDP_NS still in debugfs after nvme_core left"
fdp_up
p=$((RANDOM % nph))
fdp_write "$lba" 2 "$p"
wait_placement
expect_eq "after reloading nvme_core: row $p writes, sectors" \
	"$(placement_col "$p" writes) $(placement_col "$p" write_sectors)" "1 $((2 * FDP_BS / 512))"
unload_zns
finish
