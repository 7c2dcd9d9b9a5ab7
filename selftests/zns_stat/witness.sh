# shellcheck shell=bash
# witness.sh - the kernel's own record of the commands zns_stat counts, for the
# selftests, on top of lib.sh and zns.sh. In a test:
#     . "${0%/*}/lib.sh"; . "${0%/*}/zns.sh"; . "${0%/*}/witness.sh"
#
# Two recorders that are not zns_stat, through tracefs:
# - nvme_core's own trace events, as the kernel prints them (nvme_setup_cmd:
#   opcode, SLBA, length, zone send action, select-all bit, decoded by
#   drivers/nvme/host/trace.c; nvme_complete_rq: the status and whether the
#   request was a passthrough one, flags 0x2 = NVME_REQ_USERCMD), joined by
#   controller, queue and command id. Every command of every path.
# - the block layer's block_rq_complete, for block-layer requests (a
#   passthrough request traces sector -1): operation, sector, length, error.
#   A completed zone append carries the sector it landed at.
# The trace clock is "mono": CLOCK_MONOTONIC, zns_stat's clock, which orders
# events of different CPUs too; a buffer that overflowed fails the test
# (entries-in-buffer below entries-written). block_bio_queue and the merges
# give each block-layer request's submission, for the queue wait.

WITNESS_TRACE=/sys/kernel/tracing
[ -d "$WITNESS_TRACE/events" ] || WITNESS_TRACE=/sys/kernel/debug/tracing
WITNESS_EVENTS="nvme/nvme_setup_cmd nvme/nvme_complete_rq block/block_rq_complete
	block/block_rq_issue block/block_bio_queue block/block_bio_backmerge
	block/block_bio_frontmerge block/block_rq_merge block/block_getrq
	raw_syscalls/sys_enter"
# sys_enter of the system calls that submit I/O (x86-64 numbers: read,
# write, ioctl, pread64, pwrite64, readv, writev, preadv, pwritev, preadv2,
# pwritev2, io_submit, io_uring_enter, fsync, fdatasync, sync, syncfs)
WITNESS_SYSCALLS="0 1 16 17 18 19 20 295 296 327 328 209 426 74 75 162 306"
# The per-zone columns the witness gives, in this order.
WITNESS_COLUMNS="reads read_sectors writes write_sectors appends append_sectors resets finishes opens closes errors write_zeroes write_zeroes_sectors"

# awk functions for a trace line, shared by the witnesses' programs:
# field(NAME), a "NAME=VALUE," field's value (6.12 decodes some: "zsa=4:reset
# zone," gives 4); hex(H) (mawk, Debian's awk, has no strtonum() nor and());
# key(), a command's controller (nvme or nvmet), queue and command id.
WITNESS_AWK_FIELDS='
function field(name,   i, v) {
	for (i = 1; i <= NF; i++)
		if (index($i, name "=") == 1) {
			v = substr($i, length(name) + 2); sub(/[,)]$/, "", v)
			sub(/:.*/, "", v)
			return v
		}
	return ""
}
function hex(h,   i, x) {
	x = 0; h = tolower(h); sub(/^0x/, "", h)
	for (i = 1; i <= length(h); i++) x = x * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return x
}
function key(   i) {
	for (i = 1; i <= NF; i++) if ($i ~ /^nvmet?[0-9]*:$/) break
	return $i field("qid") "/" field("cmdid")
}
function cmd_op(   i) {	# the opcode of an nvme_setup_cmd line: "nvme_cmd_write"
	for (i = 1; i <= NF; i++) if ($i ~ /^cmd=\(/) return substr($i, 6)
	return ""
}
# setup_kept(), on an nvme_setup_cmd line: pend[key()] holds its command,
# "OP|SLBA|LEN|ZSA|ALL", until its completion
function setup_kept() {
	pend[key()] = cmd_op() "|" field("slba") "|" field("len") "|" field("zsa") "|" field("all")
}
# per_zone(A, OP, FIRST, N): N sectors from sector FIRST added to A[ZONE, OP]
# in each zone they touch (zones of zsec sectors)
function per_zone(a, op, first, n,   x, end) {
	for (x = first; x < first + n; x = (int(x / zsec) + 1) * zsec) {
		end = (int(x / zsec) + 1) * zsec
		if (end > first + n) end = first + n
		a[int(x / zsec), op] += end - x
	}
}'

# witness_seed STEPS: $seed (ZNS_WITNESS_SEED, else from the time) and
# $steps per mode (ZNS_WITNESS_STEPS, else STEPS), printed; RANDOM seeded.
witness_seed() {
	seed=${ZNS_WITNESS_SEED:-$(( $(date +%s) % 100000 ))}
	steps=${ZNS_WITNESS_STEPS:-$1}
	echo "seed $seed, $steps steps per mode (ZNS_WITNESS_SEED=$seed reruns it)"
	RANDOM=$seed
}

# pick N: a random number below N in $r. Never in $(...): a subshell's
# RANDOM is reseeded, and the run would no longer follow the seed.
pick() { r=$((RANDOM % $1)); }

# witness_load auto|block: zns_stat (not loaded) loaded with outcomes from
# nvme_core, or from the block layer (status_source=block).
witness_load() {
	if [ "$1" = auto ]; then
		load_zns
	else
		insmod "$ZNS_KO" status_source=block || fail "insmod status_source=block"
	fi
}

# witness_geometry DISK: lba, zsec, nz and zlbas (LBAs a zone) of DISK.
witness_geometry() {
	lba=$(cat "/sys/block/$1/queue/logical_block_size")
	zsec=$(cat "/sys/block/$1/queue/chunk_sectors")
	nz=$(cat "/sys/block/$1/queue/nr_zones")
	zlbas=$((zsec * 512 / lba))
}

# witness_wp DISK ZONE: the zone's write pointer in $w, in LBAs from its
# start, as a zone report gives it; the zone's length when full. DISK's
# geometry from witness_geometry.
witness_wp() {
	local p c
	read -r p c < <(blkzone report -o $(($2 * zsec)) -c 1 "/dev/$1" |
		sed -n 's/.*wptr 0x\([0-9a-f]*\).*zcond:[ ]*\([0-9]*\).*/\1 \2/p')
	[ -n "$c" ] || fail "blkzone report $1 zone $2"
	if [ "$c" = 14 ]; then w=$zlbas; else w=$((16#$p * 512 / lba)); fi
}

witness_events() {	# witness_events 0|1
	local e id filter=
	for id in $WITNESS_SYSCALLS; do filter="${filter:+$filter || }id == $id"; done
	echo "$filter" > "$WITNESS_TRACE/events/raw_syscalls/sys_enter/filter" ||
		fail "cannot filter sys_enter"
	for e in $WITNESS_EVENTS; do
		echo "$1" > "$WITNESS_TRACE/events/$e/enable" ||
			fail "cannot set tracefs event $e to $1"
	done
}

# witness_start: an empty buffer of 16 MiB per CPU, the events on. Start it
# before zns_stat is loaded: a tracepoint calls its probes in the order
# they were registered, so the witness then reads the clock first at every
# tracepoint, before zns_stat's probe runs (witness_times).
witness_start() {
	[ -d "$WITNESS_TRACE/events/nvme" ] || fail "no nvme trace events in $WITNESS_TRACE"
	echo 0 > "$WITNESS_TRACE/tracing_on"
	witness_events 0
	echo mono > "$WITNESS_TRACE/trace_clock" || fail "trace_clock mono"
	echo 16384 > "$WITNESS_TRACE/buffer_size_kb" || fail "buffer_size_kb"
	: > "$WITNESS_TRACE/trace"
	witness_events 1
	echo 1 > "$WITNESS_TRACE/tracing_on"
}

# witness_bio_queue_last: from 6.9 zns_stat stamps bios in its own probe
# of block_bio_queue (the kernel stamps the plug's cached time, or from
# 6.18 later, if at all): after zns_stat is loaded, the witness's event is
# registered again, after that probe, so that the stamp comes before the
# time the event records, as the kernel's own stamp does before 6.9
# (witness_times).
witness_bio_queue_last() {
	local e=$WITNESS_TRACE/events/block/block_bio_queue/enable kver major minor
	kver=$(uname -r); major=${kver%%.*} minor=${kver#*.}; minor=${minor%%[.-]*}
	[ $((major * 100 + minor)) -ge 609 ] || return 0
	{ echo 0 > "$e" && echo 1 > "$e"; } || fail "cannot enable block_bio_queue again"
}

# witness_clear: the record emptied, the events left on (what came before,
# e.g. a test's own setup, is not part of what is compared).
witness_clear() {
	: > "$WITNESS_TRACE/trace"
}

# witness_stop FILE: the events off, the record in FILE; fails if events were lost.
witness_stop() {
	local counts
	witness_events 0
	echo 0 > "$WITNESS_TRACE/tracing_on"
	cat "$WITNESS_TRACE/trace" > "$1" || fail "cannot read the trace"
	counts=$(sed -n 's/^# entries-in-buffer\/entries-written: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p' "$1")
	[ -n "$counts" ] || fail "the trace has no entries-in-buffer line"
	[ "${counts% *}" = "${counts#* }" ] || fail "the witness lost events: $counts (in buffer/written)"
	: > "$WITNESS_TRACE/trace"
	echo 1 > "$WITNESS_TRACE/tracing_on"
	echo "witness: $(grep -c 'nvme_complete_rq' "$1") NVMe completions, $(grep -c 'block_rq_complete' "$1") block completions"
}

# witness_nvme DISK TRACE [block]: per zone of DISK, from nvme_core's events,
# one line "ZONE" then $WITNESS_COLUMNS, and last "all RESET_ALL FINISH_ALL
# OPEN_ALL CLOSE_ALL SELECT_ALL_ERRORS" (select-all commands). As zns_stat
# counts (zns_stat.rst, "What is counted where"): every attempt that
# completed; an error (SCT/SC not 0) only in errors of the zone its SLBA
# names; a read's sectors in every zone it touches, the command in the
# first. With "block": block-layer requests only, and per zone
# "ZONE R RS W WS A AS M E" (reads, writes, appends and their sectors, zone
# management commands whatever their outcome, errors), to compare with
# witness_block.
witness_nvme() {
	local disk=$1 lba zsec nz
	lba=$(cat "/sys/block/$disk/queue/logical_block_size")
	zsec=$(cat "/sys/block/$disk/queue/chunk_sectors")
	nz=$(cat "/sys/block/$disk/queue/nr_zones")
	awk -v disk="$disk" -v spl="$((lba / 512))" -v zsec="$zsec" -v nz="$nz" -v mode="${3:-}" \
		-v maxr="$(cat /sys/module/nvme_core/parameters/max_retries)" "$WITNESS_AWK_FIELDS"'
	/nvme_setup_cmd: / { if (field("disk") == disk) setup_kept(); next }
	/nvme_complete_rq: / {
		if (field("disk") != disk) next
		k = key()
		if (!(k in pend)) { unmatched++; next }
		split(pend[k], c, "|"); delete pend[k]
		st = hex(field("status")) % 2048	# SCT/SC, without DNR, MORE, CRD
		user = int(hex(field("flags")) / 2) % 2
		op = c[1]; slba = c[2] + 0; z = int(slba * spl / zsec)
		if (mode == "block" && user) next
		# an attempt nvme_core retries (no DNR, retries below max_retries:
		# nvme_decide_disposition()) is no block-layer completion
		dnr = int(hex(field("status")) / 16384) % 2
		if (mode == "block" && st && !dnr && field("retries") < maxr) next
		sectors = (c[3] + 1) * spl
		if (op == "nvme_cmd_zone_mgmt_send") {
			if (mode == "block") { M[z]++; if (st) E[z]++; next }
			if (c[5] == 1) { if (st) sae++; else all[c[4]]++; next }
			if (st) { err[z]++; next }
			mgmt[z, c[4]]++
			next
		}
		if (op !~ /^nvme_cmd_(read|write|zone_append|write_zeroes)$/) next
		if (mode == "block") {
			if (st) { E[z]++; next }
			cls = op == "nvme_cmd_read" ? "R" : op == "nvme_cmd_write" ? "W" : op == "nvme_cmd_zone_append" ? "A" : "Z"
			n[z, cls]++; s[z, cls] += sectors
			next
		}
		if (st) { err[z]++; next }
		cnt[z, op]++
		if (op == "nvme_cmd_read") per_zone(sec, op, slba * spl, sectors)	# every zone touched
		else sec[z, op] += sectors
	}
	END {
		for (z = 0; z < nz; z++) {
			if (mode == "block") {
				print z, n[z, "R"] + 0, s[z, "R"] + 0, n[z, "W"] + 0, s[z, "W"] + 0, n[z, "A"] + 0, s[z, "A"] + 0, M[z] + 0, E[z] + 0
				continue
			}
			print z, cnt[z, "nvme_cmd_read"] + 0, sec[z, "nvme_cmd_read"] + 0,
				cnt[z, "nvme_cmd_write"] + 0, sec[z, "nvme_cmd_write"] + 0,
				cnt[z, "nvme_cmd_zone_append"] + 0, sec[z, "nvme_cmd_zone_append"] + 0,
				mgmt[z, 4] + 0, mgmt[z, 2] + 0, mgmt[z, 3] + 0, mgmt[z, 1] + 0, err[z] + 0,
				cnt[z, "nvme_cmd_write_zeroes"] + 0, sec[z, "nvme_cmd_write_zeroes"] + 0
		}
		if (mode != "block")
			print "all", all[4] + 0, all[2] + 0, all[3] + 0, all[1] + 0, sae + 0
		if (unmatched) print "unmatched", unmatched
	}' "$2"
}

# An awk function for a block_rq_complete line, shared by witness_block and
# witness_appends_inside: 0 for another device's line; else 1, with rwbs,
# sector ("" for a passthrough request, which traces -1), nr and err (1:
# failed). After the rwbs come "()" (the command), SECTOR, "+", NR, (6.x:
# the I/O priority, "be,0,4"), "[ERROR]".
WITNESS_RQ_COMPLETE='
function rq_complete(dev,   i, j) {
	for (i = 1; i <= NF; i++) if ($i == "block_rq_complete:") break
	if ($(i + 1) != dev) return 0
	rwbs = $(i + 2)
	for (j = i + 3; j <= NF; j++) if ($j == "+") break
	sector = $(j - 1); nr = $(j + 1) + 0; err = $NF != "[0]"
	if (sector == "18446744073709551615") sector = ""
	return 1
}'

# witness_block DISK TRACE: per zone "ZONE R RS W WS A AS M E" from
# block_rq_complete, block-layer requests only (passthrough ones trace sector
# -1). 6.1 names zone appends and zone management "N" (a zone append has
# sectors); later kernels "ZA", "ZR", "ZRA", "ZO", "ZC", "ZF". A completed
# append's sector is where it landed: the same zone as the one it named.
witness_block() {
	local disk=$1 dev zsec nz
	dev=$(cat "/sys/block/$disk/dev")
	zsec=$(cat "/sys/block/$disk/queue/chunk_sectors")
	nz=$(cat "/sys/block/$disk/queue/nr_zones")
	awk -v dev="${dev%%:*},${dev#*:}" -v zsec="$zsec" -v nz="$nz" "$WITNESS_RQ_COMPLETE"'
	/block_rq_complete: / {
		if (!rq_complete(dev) || sector == "") next
		z = int(sector / zsec)
		if (rwbs ~ /^(N|ZR|ZF|ZO|ZC)/ && nr == 0) { M[z]++; if (err) E[z]++; next }
		if (rwbs ~ /^F/ || nr == 0) next	# flushes
		if (err) { E[z]++; next }
		cls = rwbs ~ /^R/ ? "R" : rwbs ~ /^W/ ? "W" : rwbs ~ /^(N|ZA)/ ? "A" : "?"
		n[z, cls]++; s[z, cls] += nr
	}
	END {
		for (z = 0; z < nz; z++)
			print z, n[z, "R"] + 0, s[z, "R"] + 0, n[z, "W"] + 0, s[z, "W"] + 0, n[z, "A"] + 0, s[z, "A"] + 0, M[z] + 0, E[z] + 0
		for (k in n) { split(k, p, SUBSEP); if (p[2] == "?") print "unknown", p[1], n[k] }
	}' "$2"
}

# witness_appends_inside DISK TRACE: how many block-layer zone appends
# landed away from their zone's start (block_rq_complete gives where): the
# case where the block layer's sector is no longer the one set up.
witness_appends_inside() {
	local dev
	dev=$(cat "/sys/block/$1/dev")
	awk -v dev="${dev%%:*},${dev#*:}" -v zsec="$(cat "/sys/block/$1/queue/chunk_sectors")" \
		"$WITNESS_RQ_COMPLETE"'
		/block_rq_complete: / { if (rq_complete(dev) && sector != "" && rwbs ~ /^(N|ZA)/ &&
					    nr > 0 && !err && sector % zsec) n++ }
		END { print n + 0 }' "$2"
}

# zns_counts DISK: zns_stat's zones file as witness_nvme prints it, and the
# summary's select-all line.
zns_counts() {
	awk -v want="$WITNESS_COLUMNS" 'NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1
			nw = split(want, w, " "); next }
		{ s = $col["zone"]; for (i = 1; i <= nw; i++) s = s " " $col[w[i]]; print s }' \
		"$ZNS_DEBUGFS/$1/zones"
	echo "all $(summary_value "$1" reset_all) $(summary_value "$1" finish_all)" \
		"$(summary_value "$1" open_all) $(summary_value "$1" close_all)" \
		"$(summary_value "$1" select_all_errors)"
}

# witness_compare WHAT DISK TRACE: zns_stat against nvme_core's events, and
# those against the block layer's for block-layer requests; every zone,
# exactly. A difference is printed as a diff and counts as a failure.
witness_compare() {
	local what=$1 disk=$2 trace=$3 d
	d=$(diff <(witness_nvme "$disk" "$trace") <(zns_counts "$disk")) ||
		{ echo "FAIL: $what: $disk: nvme_core's trace (<) vs zns_stat (>), columns zone $WITNESS_COLUMNS:"
		  echo "$d"; _zns_failures=$((_zns_failures + 1)); }
	d=$(diff <(witness_nvme "$disk" "$trace" block) <(witness_block "$disk" "$trace")) ||
		{ echo "FAIL: $what: $disk: block-layer requests, nvme_core's trace (<) vs block_rq_complete (>), columns zone R RS W WS A AS M E:"
		  echo "$d"; _zns_failures=$((_zns_failures + 1)); }
	expect_eq "$what: $disk dropped" "$(summary_value "$disk" dropped)" 0
}

# witness_times DISK TRACE [auto|block [EVENTS]]: per zone and operation that
# completed without error (select-all commands left out: zns_stat counts no
# time for them per zone), from the trace: "ZONE OP N" then the bounds the
# witness puts on zns_stat's latency min, max and sum ("LO HI" each, HI "-"
# for none), then per zone "ZONE wait N - - - - LO HI": the bounds on the
# sum of the queue waits of block-layer commands (auto mode only: with
# outcomes from the block layer zns_stat keeps none). EVENTS: a file (made
# empty by the caller) where each write, append, Write Zeroes and zone
# management command of DISK is added, for witness_life: "LO HI ZONE OP ALL
# ZSA SECTOR LEN S 0" for a success, with the bounds of its completion
# below (HI "-": none); "LO - ZONE OP ALL ZSA SECTOR LEN F STATUS" for a
# failed attempt (LO: its nvme_complete_rq).
#
# Where the bounds come from. The witness's probes were registered first,
# so at each tracepoint they read the clock (CLOCK_MONOTONIC, trace_clock
# "mono", zns_stat's clock) before zns_stat's probe runs, and the next event
# of the same call chain comes after it returned:
# - zns_stat's setup time lies between the command's nvme_setup_cmd and its
#   block_rq_issue (blk_mq_start_request(), right after nvme_setup_cmd()
#   in the same task; a setup the task did not issue before its next one
#   failed its dispatch and is set up again);
# - its end, with outcomes from nvme_core, between nvme_complete_rq and the
#   request's block_rq_complete (the same interrupt of a CPU, or the same
#   task for a threaded interrupt, in order: a batch of
#   completions traces all its nvme_complete_rq first, then all its
#   block_rq_complete); with outcomes from the block layer, between
#   block_rq_complete and the next event of that CPU, when the completion
#   ran with interrupts off (flags "d"), else no upper bound;
# - a bio's submission stamp comes before its block_bio_queue and after
#   the task's previous event: before 6.9 bio_issue_init() stamps it right
#   before the trace; from 6.9 zns_stat stamps it in its own probe of
#   block_bio_queue, with ktime_get_ns(), which the witness registers
#   again after it (witness_bio_queue_last). The task's previous event may
#   be the request of the bio before (block_getrq): a stamp of the plug's
#   cached time (the kernel's from 6.9) lies before it. The request's
#   first bio is the latest queued at its sector that no merge took.
# The trace prints microseconds: each bound moves by under 1 us a command.
witness_times() {
	local disk=$1 dev lba zsec mode=${3:-auto} life=${4:-}
	dev=$(cat "/sys/block/$disk/dev")
	lba=$(cat "/sys/block/$disk/queue/logical_block_size")
	zsec=$(cat "/sys/block/$disk/queue/chunk_sectors")
	awk -v disk="$disk" -v dev="${dev%%:*},${dev#*:}" -v spl="$((lba / 512))" -v zsec="$zsec" \
		-v mode="$mode" -v debug="${ZNS_WITNESS_DEBUG:-0}" -v life="$life" \
		-v maxr="$(cat /sys/module/nvme_core/parameters/max_retries)" "$WITNESS_AWK_FIELDS"'
	# a block event "DEV RWBS [BYTES (CMD)] SECTOR + NR ...": its sector
	function bio_sector(ev,   j) {
		if ($(ev + 1) != dev) return ""
		for (j = ev + 2; j <= NF; j++) if ($j == "+") return $(j - 1)
		return ""
	}
	function push(s, v) { bios[s] = bios[s] " " v }
	function pop(s,   v) {	# the latest bio queued at s, "" for none
		if (bios[s] == "") return ""
		v = bios[s]; sub(/.* /, "", v); sub(/ [^ ]*$/, "", bios[s])
		return v
	}
	function fifo_push(q, v) { Q[q] = Q[q] " " v }
	function fifo_pop(q,   v) {
		if (Q[q] == "") return ""
		v = Q[q]; sub(/^ /, "", v); sub(/ .*/, "", v); sub(/^ [^ ]*/, "", Q[q])
		return v
	}
	# each line: its CPU, task id, time (ns) and event (field index ev)
	{
		for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) break
		if (i > NF) next
		c = $i; task = $(i - 1); sub(/.*-/, "", task)
		for (ev = i + 1; ev <= NF; ev++) if ($ev ~ /^[a-z_]+:$/ && $(ev - 1) ~ /^[0-9]+\.[0-9]+:$/) break
		if (ev > NF) next
		tm = $(ev - 1); sub(/:$/, "", tm); split(tm, p, "."); now = p[1] * 1000000000 + p[2] * 1000
		name = $ev; sub(/:$/, "", name)
		irqoff = $(i + 1) ~ /^d/
		intask = substr($(i + 1), 3, 1) == "."	# not in an interrupt
		if (c in ending) { hi_end[ending[c]] = now; done(ending[c]); delete ending[c] }
		# a completion chain runs in one context: an interrupt of a CPU
		# (where another interrupt cannot nest), or a task (a threaded
		# interrupt on PREEMPT_RT)
		ctx = substr($(i + 1), 3, 1); q = intask ? "task" task : c ctx
		if (name == "block_bio_queue") {
			if ((s = bio_sector(ev)) != "") {
				push(s, ++nbio); bhi[nbio] = now
				blo[nbio] = task in last ? last[task] : ""
			}
		} else if (name == "block_bio_backmerge" || name == "block_rq_merge") {
			if ((s = bio_sector(ev)) != "") pop(s)
		} else if (name == "block_bio_frontmerge") {
			if ((s = bio_sector(ev)) != "") { for (j = ev + 2; $j != "+"; j++) ; pop(s + $(j + 1)) }
		} else if (name == "nvme_setup_cmd") {
			# a setup the task never issued failed its dispatch (the
			# request is set up again later): its bio goes back
			if ((task in pend) && (pend[task] in t)) {
				k = pend[task]; if (bio[k] != "") push(sec[k], bio[k])
				delete t[k]; delete bio[k]
			}
			k = key(); pend[task] = k
			if (field("disk") == disk) {
				lost(k)
				op = cmd_op()
				s = field("slba") * spl
				t[k] = now; o[k] = op; z[k] = int(s / zsec); a[k] = field("all") == 1
				zsa[k] = field("zsa"); sec[k] = s; issue[k] = ""; hi_end[k] = ""
				ln[k] = field("len"); lo_end[k] = ""; st[k] = 0
				# a command that names a sector: the first bio of its request
				bio[k] = op ~ /^nvme_cmd_(read|write|zone_append|write_zeroes)$/ ||
					 (op == "nvme_cmd_zone_mgmt_send" && !a[k]) ? pop(s) : ""
			}
		} else if (name == "block_rq_issue") {
			if ((task in pend) && (pend[task] in t)) issue[pend[task]] = now
			delete pend[task]
		} else if (name == "nvme_complete_rq") {
			if (prev[q] != "nvme_complete_rq") Q["end" q] = ""	# a new batch
			k = key()
			if (field("disk") == disk && (k in t)) {
				st[k] = hex(field("status")) % 2048
				user[k] = int(hex(field("flags")) / 2) % 2
				retried[k] = field("retries") > 0
				if (user[k] && bio[k] != "") push(sec[k], bio[k])	# not its bio
				# an attempt nvme_core retries: the setup of the next
				# attempt takes the bio again
				if (!user[k] && st[k] && int(hex(field("status")) / 16384) % 2 == 0 &&
				    field("retries") < maxr && bio[k] != "") push(sec[k], bio[k])
				lo_end[k] = now
				# for witness_life: a failed attempt, where its outcome
				# is known (nvme_core: now), by its status
				if (life != "" && st[k] && o[k] != "nvme_cmd_read")
					printf "%.0f - %d %s %d %s %.0f %d F %d\n", now, z[k], o[k], a[k], zsa[k] == "" ? "-" : zsa[k],
						sec[k], ln[k], st[k] > life
			}
			# a failed attempt ends alone (never in a batch): its
			# block_rq_complete, if it is not retried, comes next
			failed[q] = hex(field("status")) % 2048 != 0
			if (!failed[q]) fifo_push("end" q, (field("disk") == disk && (k in t)) ? k : "-")
		} else if (name == "block_rq_complete") {
			if (prev[q] == "nvme_complete_rq" && failed[q]) {
			} else if ((k = fifo_pop("end" q)) == "" || k == "-" || !(k in t)) {
			} else if (mode != "block") { hi_end[k] = now; done(k)
			} else {
				lo_end[k] = now
				# the probe of zns_stat runs next: done at the next event here
				if (irqoff) ending[c] = k; else { hi_end[k] = ""; done(k) }
			}
		}
		prev[q] = name
		if (intask) last[task] = now
	}
	# mawk prints %d at most 2^31 - 1, and a number joined to a string with
	# 6 digits: every time goes through %.0f
	function num(v) { return v == "" ? "-" : sprintf("%.0f", v) }
	# done K: the bounds of command K counted
	function done(k,   op, lo, hi, zk, b) {
		lifeline(k)
		op = o[k]
		if (op == "nvme_cmd_zone_mgmt_send") op = zsa[k] == 4 ? "reset" : zsa[k] == 2 ? "finish" : zsa[k] == 3 ? "open" : zsa[k] == 1 ? "close" : ""
		else { sub(/^nvme_cmd_/, "", op); if (op == "zone_append") op = "append" }
		if (!st[k] && !a[k] && op ~ /^(read|write|append|reset|finish|open|close|write_zeroes)$/) {
			zk = z[k] SUBSEP op
			# zns_stat: at least 1 ns
			lo = issue[k] == "" ? 1 : lo_end[k] - issue[k] - 1000; if (lo < 1) lo = 1
			hi = hi_end[k] == "" ? "" : hi_end[k] - t[k] + 1000
			if (!(zk in n)) { minlo[zk] = lo; minhi[zk] = hi; maxlo[zk] = lo; maxhi[zk] = hi; slo[zk] = 0; shi[zk] = 0 }
			n[zk]++; slo[zk] += lo
			if (lo < minlo[zk]) minlo[zk] = lo
			if (lo > maxlo[zk]) maxlo[zk] = lo
			if (hi == "" || shi[zk] == "") { shi[zk] = ""; maxhi[zk] = "" }
			else { shi[zk] += hi; if (hi > maxhi[zk]) maxhi[zk] = hi }
			if (hi != "" && (minhi[zk] == "" || hi < minhi[zk])) minhi[zk] = hi
			if (debug) printf "CMD %d %s %s %.0f %s %.0f %s %s %d\n", z[k], op, k, t[k], issue[k] == "" ? "-" : sprintf("%.0f", issue[k]),
				lo_end[k], hi_end[k] == "" ? "-" : sprintf("%.0f", hi_end[k]), bio[k] == "" ? "-" : bio[k], user[k] > "/dev/stderr"
			if (!user[k] && !retried[k] && mode != "block") {
				b = bio[k]
				if (b == "" || issue[k] == "") nobio++
				else {
					wn[z[k]]++; wlo[z[k]] += t[k] - bhi[b] - 1000
					if (blo[b] == "" || (z[k] in wnohi)) wnohi[z[k]] = 1
					else whi[z[k]] += issue[k] - blo[b] + 1000
				}
			}
		}
		delete t[k]; delete bio[k]
	}
	# a command that completed without error but whose end the witness
	# did not find: witness_life still needs it (no upper bound)
	function lost(k) {
		if ((k in t) && lo_end[k] != "" && !st[k]) { hi_end[k] = ""; lifeline(k); delete t[k] }
	}
	# for witness_life: a successful command, when zns_stat took its
	# completion time (between these bounds, the upper one "-" if none)
	function lifeline(k) {
		if (life != "" && lo_end[k] != "" && !st[k] && o[k] ~ /^nvme_cmd_(write|zone_append|write_zeroes|zone_mgmt_send)$/)
			printf "%.0f %s %d %s %d %s %.0f %d S 0\n", lo_end[k], hi_end[k] == "" ? "-" : sprintf("%.0f", hi_end[k] + 1000),
				z[k], o[k], a[k], zsa[k] == "" ? "-" : zsa[k], sec[k], ln[k] > life
	}
	END {
		for (c in ending) { hi_end[ending[c]] = ""; done(ending[c]) }
		for (k in t) lost(k)
		for (zk in n) {
			split(zk, p, SUBSEP)
			printf "%d %s %d %.0f %s %.0f %s %.0f %s\n", p[1], p[2], n[zk], minlo[zk], num(minhi[zk]),
				maxlo[zk], num(maxhi[zk]), slo[zk], num(shi[zk])
		}
		for (zz in wn) printf "%d wait %d - - - - %.0f %s\n", zz, wn[zz], wlo[zz], (zz in wnohi) ? "-" : num(whi[zz])
		if (nobio) print "nobio", nobio
	}' "$2" | sort -k1,1n -k2,2
}

# zns_times DISK: zns_stat's zones file as witness_times prints it.
zns_times() {
	awk 'NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{ nop = split("read write append reset finish open close", ops, " ")
		  cnt["read"] = "reads"; cnt["write"] = "writes"; cnt["append"] = "appends"; cnt["reset"] = "resets"
		  cnt["finish"] = "finishes"; cnt["open"] = "opens"; cnt["close"] = "closes"
		  for (i = 1; i <= nop; i++) {
			o = ops[i]; c = $col[cnt[o]]
			if (c > 0) print $col["zone"], o, c, $col[o "_lat_min_ns"], $col[o "_lat_max_ns"], $col[o "_lat_sum_ns"]
		  }
		  if ($col["write_zeroes"] > 0) print $col["zone"], "write_zeroes", $col["write_zeroes"], "-", "-", $col["write_zeroes_lat_sum_ns"]
		  if ($col["queue_wait_sum_ns"] > 0) print $col["zone"], "wait", "-", "-", "-", $col["queue_wait_sum_ns"]
		}' "$ZNS_DEBUGFS/$1/zones" | sort -k1,1n -k2,2
}

# witness_compare_times WHAT DISK TRACE [auto|block [EVENTS]]: zns_stat's
# latencies (count, min, max, sum per zone and operation) and queue waits
# (sum per zone) inside the bounds witness_times puts on them; every zone,
# every figure. EVENTS: a file for witness_times's lifecycle events.
# A figure outside is printed with its bounds and counts as a failure.
witness_compare_times() {
	local what=$1 disk=$2 trace=$3 mode=${4:-auto} life=${5:-} out rc cmds zones
	cmds=$(mktemp)
	out=$(join -a1 -a2 -e x -o auto \
		<(ZNS_WITNESS_DEBUG=1 witness_times "$disk" "$trace" "$mode" "$life" 2>"$cmds" |
		  awk '{ $1 = $1 ":" $2; $2 = ""; print }' | sort) \
		<(zns_times "$disk" | awk '{ $1 = $1 ":" $2; $2 = ""; print }' | sort) |
	awk -v mode="$mode" '
	function within(name, v, lo, hi) {
		if (v == "-") return
		checked++
		if (v < lo || (hi != "-" && v > hi)) { printf "%s %s %s outside [%s, %s]\n", $1, name, v, lo, hi; bad++ }
	}
	# the witness line "nobio N", joined as "nobio:N"
	$1 ~ /^nobio:/ { printf "no bio found for %s commands\n", substr($1, 7); bad++; next }
	# witness: N MINLO MINHI MAXLO MAXHI SUMLO SUMHI, zns_stat: N MIN MAX SUM
	$1 ~ /:wait$/ {
		if (mode == "block") { if ($9 != "x" && $12 != 0) { print $1, "a queue wait with outcomes from the block layer"; bad++ }; next }
		if (NF != 12 || $2 == "x") { print $1, "zns_stat has a queue wait the witness has not:", $0; bad++; next }
		if ($9 == "x") { print $1, "zns_stat has no queue wait for", $2, "commands"; bad++; next }
		within("wait_sum", $12, $7, $8); next
	}
	NF != 12 || $2 == "x" || $9 == "x" { print $1, "in one record only:", $0; bad++; next }
	$2 != $9 { printf "%s count %s, witness %s\n", $1, $9, $2; bad++; next }
	{ within("min", $10, $3, $4); within("max", $11, $5, $6); within("sum", $12, $7, $8) }
	END { printf "%d figures checked\n", checked; exit bad > 0 }')
	rc=$?
	echo "$what: $disk: times: ${out##*$'\n'}"
	if [ $rc != 0 ]; then
		echo "FAIL: $what: $disk: zns_stat times outside the witness bounds (ns):"
		echo "$out" | sed '$d'
		# the witness's commands of those zones: zone op key setup issue
		# end-lo end-hi bio-queued:stamp-after passthrough
		zones=$(echo "$out" | sed -n 's/^\([0-9]*\):.*/\1/p' | sort -u | tr '\n' ' ')
		awk -v zones=" $zones" 'index(zones, " " $2 " ")' "$cmds" | head -40
		_zns_failures=$((_zns_failures + 1))
	fi
	rm -f "$cmds"
}

# witness_lifecycle WHAT DISK: zns_stat's view of each zone, where it knows
# it, against the device's own zone report: host_cond (when not 0) the
# device's condition, except that an implicitly opened zone may have been
# closed by the device to open another (ZNS's auto transition; its own
# move, which zns_stat does not claim to see); host_written_sectors (when
# host_written_known) the device's write pointer, or at most its capacity
# for a full zone (a finish moves the pointer, not the data written).
witness_lifecycle() {
	local what=$1 disk=$2 out
	out=$(blkzone report "/dev/$disk" | awk "$WITNESS_AWK_FIELDS"'
		NR == FNR {
			# start: 0x000000000, len 0x000800, cap 0x000800, wptr 0x000000 reset:0 non-seq:0, zcond: 1(em) [type: 2(SEQ_WRITE_REQUIRED)]
			w = $0; sub(/.*wptr 0x/, "", w); sub(/ .*/, "", w)
			c = $0; sub(/.*cap 0x/, "", c); sub(/,.*/, "", c)
			k = $0; sub(/.*zcond: */, "", k); sub(/\(.*/, "", k)
			z = n++; wp[z] = hex(w); cap[z] = hex(c); cond[z] = k + 0
			next
		}
		FNR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{
			z = $col["zone"]; hc = $col["host_cond"]
			hw = $col["host_written_sectors"]; hk = $col["host_written_known"]
			if (hc != 0) {
				nc++
				if (hc != cond[z] && !(hc == 2 && cond[z] == 4))
					printf "zone %d: zns_stat condition %d, the device %d\n", z, hc, cond[z]
			}
			if (hk == 1) {
				nw++
				if (cond[z] != 14 && hw != wp[z] || cond[z] == 14 && hw > cap[z])
					printf "zone %d: zns_stat written %d, the device condition %d write pointer +%d\n", z, hw, cond[z], wp[z]
			}
		}
		END { print "known", nc + 0, nw + 0, n }' - "$ZNS_DEBUGFS/$disk/zones")
	if grep -q '^zone ' <<<"$out"; then
		echo "FAIL: $what: $disk: zns_stat's zones against the device's zone report:"
		grep '^zone ' <<<"$out"
		_zns_failures=$((_zns_failures + 1))
	fi
	out=$(tail -n 1 <<<"$out")
	read -r _ nc nw n <<<"$out"
	echo "$what: $disk: zns_stat knew $nc conditions and $nw written counts of $n zones, as the device has them"
}

# witness_fills DISK TRACE: per zone "ZONE N SUM MIN MAX SA" of the fills of
# its successful resets as the device answered them in nvme_core's trace:
# the sectors of the writes, appends and Write Zeroes it accepted in the
# zone since its last successful reset (a workload starts on reset zones).
# A select-all reset resets the zones that are not empty: those written
# since their last reset. SA 1, the zone left out of the comparison: a
# select-all reset found it unwritten but opened or finished since (empty
# or not: the trace does not say), or, on a kernel with nvme_core's fault
# injection, a write in it failed (an injected failure may have written).
witness_fills() {
	local disk=$1 lba zsec nz injectable=0
	lba=$(cat "/sys/block/$disk/queue/logical_block_size")
	zsec=$(cat "/sys/block/$disk/queue/chunk_sectors")
	nz=$(cat "/sys/block/$disk/queue/nr_zones")
	[ ! -d "/sys/kernel/debug/$disk/fault_inject" ] || injectable=1
	awk -v disk="$disk" -v spl="$((lba / 512))" -v zsec="$zsec" -v nz="$nz" -v injectable="$injectable" "$WITNESS_AWK_FIELDS"'
	/nvme_setup_cmd: / { if (field("disk") == disk) setup_kept(); next }
	/nvme_complete_rq: / {
		if (field("disk") != disk) next
		k = key()
		if (!(k in pend)) next
		split(pend[k], c, "|"); delete pend[k]
		z = int(c[2] * spl / zsec)
		# nvme_core fault injection fails commands the device carried
		# out: a failed write may have written (the zone report that
		# zns_stat reads then knows it), the trace cannot tell
		if (hex(field("status")) % 2048) {
			if (injectable && c[1] ~ /^nvme_cmd_(write|zone_append|write_zeroes)$/) sa[z] = 1
			next
		}
		if (c[1] ~ /^nvme_cmd_(write|zone_append|write_zeroes)$/) { w[z] += (c[3] + 1) * spl; next }
		if (c[1] != "nvme_cmd_zone_mgmt_send") next
		if (c[4] != 4) {	# an open or a finish may leave a zone not empty
			if (c[4] != 3 && c[4] != 2) next
			if (c[5] == 1) for (z = 0; z < nz; z++) touched[z] = 1
			else touched[z] = 1
			next
		}
		if (c[5] != 1) { fill(z); next }
		# a select-all reset resets the zones that are not empty
		for (z = 0; z < nz; z++)
			if (w[z]) fill(z)
			else if (touched[z]) { sa[z] = 1; touched[z] = 0 }
	}
	function fill(z,   f) {
		f = w[z] + 0; w[z] = 0; touched[z] = 0
		if (!n[z] || f < mn[z]) mn[z] = f
		if (f > mx[z]) mx[z] = f
		n[z]++; s[z] += f
	}
	END { for (z = 0; z < nz; z++) print z, n[z] + 0, s[z] + 0, mn[z] + 0, mx[z] + 0, sa[z] + 0 }' "$2"
}

# witness_compare_fills WHAT DISK TRACE: zns_stat's fills at reset (count,
# sum, min, max) against witness_fills, in every zone the witness knows:
# equal where zns_stat knew every fill (fill_resets equal), none
# more than the witness's where it did not (a fill it did not know is
# counted apart: lifecycle's resets_fill_unknown).
witness_compare_fills() {
	local what=$1 disk=$2 trace=$3 out
	out=$(awk 'NR == FNR { n[$1] = $2; s[$1] = $3; mn[$1] = $4; mx[$1] = $5; sa[$1] = $6; next }
		FNR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{
			z = $col["zone"]; r = $col["fill_resets"]
			if (sa[z]) { apart++; next }
			if (r > n[z]) { printf "zone %d: %d fills, the device %d resets\n", z, r, n[z]; next }
			if (r < n[z]) { partly++; next }
			if (r && ($col["fill_sum_sectors"] != s[z] || $col["fill_min_sectors"] != mn[z] || $col["fill_max_sectors"] != mx[z]))
				printf "zone %d: fills sum %s min %s max %s, the device %d %d %d\n", z,
					$col["fill_sum_sectors"], $col["fill_min_sectors"], $col["fill_max_sectors"], s[z], mn[z], mx[z]
			if (r) same += r
		}
		END { print "fills", same + 0, partly + 0, apart + 0 }' \
		<(witness_fills "$disk" "$trace") "$ZNS_DEBUGFS/$disk/zones")
	if grep -q '^zone ' <<<"$out"; then
		echo "FAIL: $what: $disk: zns_stat's fills at reset against the device's answers (nvme_core's trace):"
		grep '^zone ' <<<"$out"
		_zns_failures=$((_zns_failures + 1))
	fi
	read -r _ same partly apart < <(tail -n 1 <<<"$out")
	echo "$what: $disk: $same fills at reset as the device's; zones with a fill zns_stat did not know: $partly; zones the witness cannot tell: $apart"
}

lifecycle_value() {	# lifecycle_value DISK KEY: a "KEY VALUE" line's value
	awk -v k="$2" '$1 == k { print $2 }' "$ZNS_DEBUGFS/$1/lifecycle"
}

# witness_offset: CLOCK_REALTIME - CLOCK_MONOTONIC now, as "LO HI" in
# $witness_off (widened to every earlier reading's): the offset
# zns_stat adds to host_cond_time_ns (taken when its table was made, with no
# step of the wall clock since, the same). One reading of the realtime
# clock between two of the monotonic one bounds it (the narrowest of 50
# tries); the width of that window is
# added on both sides for the kernel's own two readings, which are closer
# together than three calls of Python.
witness_off=
witness_offset() {
	local lo hi
	read -r lo hi < <(python3 -c 'import time
best = None
for _ in range(50):
    m1 = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    r = time.clock_gettime_ns(time.CLOCK_REALTIME)
    m2 = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    if best is None or m2 - m1 < best[2] - best[0]:
        best = (m1, r, m2)
m1, r, m2 = best
print(r - m2 - (m2 - m1), r - m1 + (m2 - m1))') || fail "cannot read the clocks"
	if [ -n "$witness_off" ]; then
		[ "$lo" -lt "${witness_off% *}" ] || lo=${witness_off% *}
		[ "$hi" -gt "${witness_off#* }" ] || hi=${witness_off#* }
	fi
	witness_off="$lo $hi"
}

# witness_life DISK EVENTS [block]: the zone lifecycle that zns_stat must
# have followed, from the device's answers in nvme_core's trace and the
# completion times witness_times bounds (zns_stat takes every lifecycle time
# at a command's completion, done->now_ns): EVENTS is what witness_times
# wrote to its fourth argument (witness_compare_times passes it on; sorted
# here in place). The host's view of each zone
# (condition, sectors written since its last reset, when it last changed)
# moves as life_move.c moves it, with the same rules for what zns_stat does
# not know:
# - a zone is "maybe unknown" (u) after a failure zns_stat may have made it
#   unknown for (any failure with outcomes from the block layer; from
#   nvme_core a zone status where the host's view expected success,
#   expected_to_succeed(), or a status that does not say the device
#   refused the command whole), until a reset;
# - with max_open_zones (lifecycle's), a zone opening while the host's view
#   has that many open, and a write or an open of a zone the device may
#   have closed, is a moment the device may have closed an implicitly open
#   zone: every other zone implicitly open then is "tainted" (tn) until it
#   leaves open, and so is one that opened in a window overlapping such a
#   moment (the host's view counts at least the zones zns_stat counts, so
#   zns_stat never has such a moment the witness has not).
# Out: per zone "zone Z WASTE WASTE_MAYBE U TN KIND LO HI" (the known finish
# waste; what maybe-unknown finishes add; KIND of host_cond_time: 0 none,
# t within LO..HI, t0 0 or within, any), "finishes KNOWN MAYBE
# MAYBE_SINGLE", per histogram "times WHAT N N_MAYBE SUM_LO SUM_HI
# SUM_HI_MAYBE" ("-": no upper bound), "bucket WHAT B MIN MAX" (log2 us
# buckets, as lifetimes has them), "evictions N"; each sample on stderr.
witness_life() {
	local disk=$1 events=$2 mode=${3:-auto} lba zsec nz caps seeded injectable=0
	[ ! -d "/sys/kernel/debug/$disk/fault_inject" ] || injectable=1
	lba=$(cat "/sys/block/$disk/queue/logical_block_size")
	zsec=$(cat "/sys/block/$disk/queue/chunk_sectors")
	nz=$(cat "/sys/block/$disk/queue/nr_zones")
	caps=$(blkzone report "/dev/$disk" | sed -n 's/.*cap 0x\([0-9a-f]*\),.*/\1/p' |
		while read -r c; do printf '%d ' $((16#$c)); done)
	seeded=0
	[ "$(lifecycle_value "$disk" zones_seeded)" = "$nz" ] &&
		[ "$(lifecycle_value "$disk" zones_seed_raced)" = 0 ] && seeded=1
	sort -k1,1n -o "$events" "$events"
	awk -v nz="$nz" -v zsec="$zsec" -v spl="$((lba / 512))" -v caps="$caps" \
		-v mode="$mode" -v seeded="$seeded" -v injectable="$injectable" \
		-v maxopen="$(lifecycle_value "$disk" max_open_zones)" \
		-v capknown="$(lifecycle_value "$disk" zone_capacity_sectors)" '
	BEGIN {
		split(caps, cp, " ")
		for (z = 0; z < nz; z++) {
			cap[z] = cp[z + 1]; c[z] = "E"; w[z] = 0; tn[z] = 0; ck[z] = "0"
			fwl[z] = ""; u[z] = !seeded || !capknown
		}
		evhi = ""; NB = 40
	}
	function isopen(x) { return x == "I" || x == "X" }
	function active(x) { return x == "I" || x == "X" || x == "C" }
	function bucket(ns,   us, b) {
		us = int(ns / 1000); b = 0
		while (us >= 2 && b < NB - 1) { us = int(us / 2); b++ }
		return b
	}
	# a sample zns_stat takes (maybe 0) or may take (maybe 1), in LO..HI ns
	function sample(what, lo, hi, maybe,   b, bh) {
		if (lo < 0) lo = 0
		if (hi != "-" && hi < lo) hi = lo
		printf "%s %s %.0f %s %d\n", what, maybe ? "maybe" : "certain", lo,
			hi == "-" ? "-" : sprintf("%.0f", hi), zone > "/dev/stderr"
		bh = hi == "-" ? NB - 1 : bucket(hi)
		if (maybe) {
			nm[what]++
			if (hi == "-") mhinf[what] = 1; else mhi[what] += hi
		} else {
			nc[what]++; slo[what] += lo
			if (hi == "-") shinf[what] = 1; else shi[what] += hi
			if (bucket(lo) == bh) cin[what, bh]++
		}
		for (b = bucket(lo); b <= bh; b++) poss[what, b]++
	}
	# a sample from a time FL..FH of the zone to now (L..H)
	function span(what, fl, fh, maybe,   lo) {
		if (u[zone]) { sample(what, 0, "-", 1); return }
		lo = fh == "-" ? 0 : L - fh
		if (lo <= 0) maybe = 1	# zns_stat samples only if now >= since
		sample(what, lo, H == "-" ? "-" : H - fl, maybe)
	}
	# the bounds of the instant now in zone z: completions of one zone whose
	# windows overlap (concurrent writes) may be applied by zns_stat in
	# either order, so each takes the whole group of them (L0..H0: its own);
	# a first write or a change of the group widens with it
	function at(z) {
		if (gh[z] != "" && (gh[z] == "-" || L0 < gh[z])) {
			if (H0 == "-" || gh[z] == "-") gh[z] = "-"
			else if (H0 > gh[z]) gh[z] = H0
			if (fwg[z] == gid[z]) fwh[z] = gh[z]
			if (chg[z] == gid[z]) chh[z] = gh[z]
		} else { gid[z]++; gl[z] = L0; gh[z] = H0 }
		L = gl[z]; H = gh[z]; zh[z] = H
	}
	# the device may have closed every other zone implicitly open now
	function evict(z,   y) {
		for (y = 0; y < nz; y++) if (y != z && c[y] == "I") tn[y] = 1
		if (H == "-" || evhi == "-") evhi = "-"
		else if (evhi == "" || H > evhi) evhi = H
		nev++
	}
	# zone z moves from oc to nc by a command
	function move(z, oc, nc,   y, cnt, opening, tainted, was) {
		zone = z; cnt = 0
		if (oc == nc || (isopen(oc) && isopen(nc))) { c[z] = nc; return }
		# a tainted zone: a zone report may have settled it (closed, or open
		# since a time not known) and a write reopened it since
		if (isopen(oc) && ck[z] != "0")
			span("open", chl[z], tn[z] ? "-" : chh[z], tn[z] || ck[z] != "t")
		opening = isopen(nc) && !isopen(oc)
		# opened in a window that overlaps such a moment: maybe before it
		tainted = opening && evhi != "" && (evhi == "-" || L < evhi)
		if (opening && maxopen > 0) {
			for (y = 0; y < nz; y++) if (y != z && isopen(c[y])) cnt++
			printf "open %d %d %.0f%s\n", z, cnt, L, (cnt >= maxopen ? " evict" : "") > "/dev/stderr"
			if (cnt >= maxopen) evict(z)
		}
		c[z] = nc; was = tn[z]
		if (!isopen(nc)) tn[z] = 0
		if (tainted) tn[z] = 1
		chl[z] = L; chh[z] = H; chg[z] = gid[z]
		# closed: one a report settled closed did not change now
		ck[z] = u[z] ? "any" : was && nc == "C" ? "t0" : "t"
	}
	function wrote(z, n,   oc, ow, nc) {
		at(z); zone = z; oc = c[z]; ow = w[z]
		if (oc == "F" || ow + n > cap[z]) u[z] = 1	# not as the witness has it
		w[z] = ow + n
		nc = w[z] >= cap[z] ? "F" : oc == "X" ? "X" : "I"
		if (ow == 0) { fwl[z] = L; fwh[z] = H; fwg[z] = gid[z] }
		if (nc == "F" && oc != "F") {
			if (ow == 0) sample("to_full", 0, 0, u[z])
			else if (fwl[z] == "") sample("to_full", 0, "-", 1)
			else span("to_full", fwl[z], fwh[z], 0)
		}
		# a zone the device may have closed is open for sure now
		if (oc == "I" && isopen(nc) && tn[z]) { evict(z); if (ck[z] == "t") ck[z] = "t0" }
		move(z, oc, nc)
	}
	function mgmt(z, zsa, sa,   oc, wst) {
		at(z); zone = z; oc = c[z]
		if (zsa == 4) {		# reset
			if (oc == "E") {
				if (sa && !u[z]) return
				if (u[z]) ck[z] = "any"	# known now, changed now or not
			} else move(z, oc, "E")
			if (oc != "E") ck[z] = "t"
			u[z] = 0; w[z] = 0; fwl[z] = ""; tn[z] = 0
		} else if (zsa == 2) {	# finish
			if (sa && !active(oc)) return
			wst = oc == "F" ? 0 : cap[z] - w[z]
			if (u[z]) { wm[z] += wst; fm++; if (!sa) fms++ }
			else { wc[z] += wst; fc++ }
			if (oc != "F") move(z, oc, "F")
		} else if (zsa == 3) {	# open
			if (sa && oc != "C") return
			if (oc == "F") u[z] = 1
			if (oc == "I" && tn[z]) { evict(z); if (ck[z] == "t") ck[z] = "t0" }
			if (oc == "I") c[z] = "X"
			else if (oc != "X") move(z, oc, "X")
		} else if (zsa == 1 && isopen(oc)) {	# close
			# nothing written: QEMU closes it, ZBC empties it, so
			# zns_stat does not know which (life_state.h)
			if (!w[z]) u[z] = 1
			move(z, oc, "C")
		}
	}
	# a failed command zns_stat may have made its zone unknown for
	# (zns_life_failed()): with outcomes from the block layer, any; from
	# nvme_core, a zone status the host view did not expect, or any but
	# those that say the device refused the command whole (too many
	# active or open zones, invalid opcode, field or namespace, LBA out of
	# range, capacity exceeded, namespace not ready, a host path error)
	function failed(z, op, zsa, sec, n, st,   e) {
		if (u[z]) return
		if (mode == "block") { u[z] = 1; return }
		if (st == 445 || st == 446 || st == 1 || st == 2 || st == 11 || st == 128 ||
		    st == 129 || st == 130 || st == 880) return
		if (st < 440 || st > 447) { u[z] = 1; return }
		if (op == "nvme_cmd_zone_mgmt_send")
			e = zsa == 3 ? c[z] != "F" : zsa == 1 ? active(c[z]) : 0
		else {
			e = c[z] != "F" && w[z] + n <= cap[z]
			if (op != "nvme_cmd_zone_append" && sec != z * zsec + w[z]) e = 0
		}
		if (e) u[z] = 1
	}
	{
		L0 = $1 + 0; H0 = $2 == "-" ? "-" : $2 + 0; z = $3 + 0; n = ($8 + 1) * spl
		# nvme_core fault injection fails commands the device carried
		# out: after a failed write the witness does not know the zone
		if ($9 == "F" && injectable && $4 ~ /^nvme_cmd_(write|zone_append|write_zeroes)$/) u[z] = 1
		if ($9 == "F") { if ($5 != 1) failed(z, $4, $6 + 0, $7 + 0, n, $10 + 0); next }
		if (H0 == "-") nohi++
		if ($4 != "nvme_cmd_zone_mgmt_send") { wrote(z, n); next }
		if ($5 == 1) for (y = 0; y < nz; y++) mgmt(y, $6 + 0, 1)
		else mgmt(z, $6 + 0, 0)
	}
	function num(v) { return v == "" ? "-" : sprintf("%.0f", v) }
	END {
		# a tainted zone: 0 (settled by a report, or open again since a
		# time not known), or changed by any command of the zone since
		for (z = 0; z < nz; z++)
			printf "zone %d %.0f %.0f %d %d %s %s %s\n", z, wc[z], wm[z], u[z], tn[z],
				tn[z] && ck[z] == "t" ? "t0" : ck[z], num(chl[z]),
				tn[z] ? (zh[z] == "-" ? "-" : num(zh[z])) : chh[z] == "-" ? "-" : num(chh[z])
		printf "finishes %d %d %d\n", fc, fm, fms
		split("to_full open", ws, " ")
		for (i = 1; i <= 2; i++) {
			x = ws[i]
			printf "times %s %d %d %.0f %s %s\n", x, nc[x], nm[x], slo[x],
				shinf[x] ? "-" : sprintf("%.0f", shi[x]), mhinf[x] ? "-" : sprintf("%.0f", mhi[x])
			for (b = 0; b < NB; b++) if (poss[x, b]) printf "bucket %s %d %d %d\n", x, b, cin[x, b], poss[x, b]
		}
		printf "evictions %d %d\n", nev, nohi
	}' "$events"
}

# witness_compare_life WHAT DISK EVENTS [block]: zns_stat's finish waste and
# lifecycle times against witness_life. Per zone, finish_waste_sectors the
# witness's known waste, plus at most what its maybe-unknown finishes
# wasted (equal where it has none); lifecycle's finishes_waste_known at
# least the witness's known finishes and at most those and the maybe ones,
# finishes_waste_unknown at most the maybe ones, the two together at least
# the known and the single maybe ones (a single finish is counted one way
# or the other), finish_waste_sectors the zones' sum. Per histogram of
# lifetimes: the samples at least the witness's certain ones and at most
# those and the maybe ones, in every log2 bucket too (a certain sample whose
# bounds lie in one bucket must be in it), the sum (lifecycle's
# time_to_full_sum_ns, time_open_sum_ns) between the certain samples'
# lower bounds and all samples' upper ones. Per zone, host_cond_time_ns
# minus the realtime offset ($witness_off, witness_offset) inside the
# bounds of the completion that last changed the condition (0 where the
# witness says no change was seen; 0 allowed where the device may have
# closed the zone; not checked for a zone maybe unknown).
witness_compare_life() {
	local what=$1 disk=$2 events=$3 mode=${4:-auto} out samples zones z fw v olo ohi
	olo=${witness_off% *} ohi=${witness_off#* }
	samples=$(mktemp)
	out=$({ witness_life "$disk" "$events" "$mode" 2>"$samples"
		awk 'NR == 1 { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
			{ print $col["zone"], $col["finish_waste_sectors"], $col["host_cond_time_ns"] }' \
			"$ZNS_DEBUGFS/$disk/zones" |
		while read -r z fw v; do
			# 64-bit arithmetic: realtime ns lose digits in awk
			[ "$v" = 0 ] || v=$((v - olo))
			echo "zns $z $fw $v"
		done
		sed 's/^/zl /' "$ZNS_DEBUGFS/$disk/lifecycle"
		sed -n 's/^\(to_full\|open\) /zt \1 /p' "$ZNS_DEBUGFS/$disk/lifetimes"
	} | awk -v d="$((ohi - olo))" '
	$1 == "zone" { wc[$2] = $3; wm[$2] = $4; u[$2] = $5; tn[$2] = $6; ck[$2] = $7; lo[$2] = $8; hi[$2] = $9; next }
	$1 == "finishes" { fc = $2; fm = $3; fms = $4; next }
	$1 == "times" { n[$2] = $3; nm[$2] = $4; slo[$2] = $5; shi[$2] = $6; mhi[$2] = $7; next }
	$1 == "bucket" { cin[$2, $3] = $4; poss[$2, $3] = $5; next }
	$1 == "evictions" { nev = $2; nohi = $3; next }
	$1 == "zns" {
		z = $2; zw += $3
		if ($3 < wc[z] || $3 > wc[z] + wm[z]) printf "zone %d: finish_waste_sectors %s, the witness %.0f (+ at most %.0f)\n", z, $3, wc[z], wm[z]
		else if (wm[z]) wmaybe++; else wsame++
		if (u[z] || ck[z] == "any") { tskip++; next }
		if ($4 == 0) {
			if (ck[z] == "t") printf "zone %d: host_cond_time_ns 0, the witness a change at %s..%s (mono ns)\n", z, lo[z], hi[z]
			else tsame++
			next
		}
		# the realtime offset of zns_stat is within d of the one subtracted
		if (ck[z] == "0") printf "zone %d: host_cond_time_ns %s (mono, offset %s below), the witness no change seen\n", z, $4, d
		else if ($4 < lo[z] - 1 || (hi[z] != "-" && $4 - d > hi[z]))
			printf "zone %d: host_cond_time_ns %s (mono, up to %s less), outside the witness %s..%s\n", z, $4, d, lo[z], hi[z]
		else tin++
		next
	}
	$1 == "zl" { zl[$2] = $3; next }
	$1 == "zt" { b = 0; for (x = $3; x > 1; x /= 2) b++; zt[$2, b] += $5; zn[$2] += $5; next }
	END {
		k = zl["finishes_waste_known"]; un = zl["finishes_waste_unknown"]
		if (k < fc || k > fc + fm || un > fm || k + un < fc + fms)
			printf "finishes_waste_known %s, finishes_waste_unknown %s: the witness %d known, %d maybe (%d single)\n", k, un, fc, fm, fms
		if (zl["finish_waste_sectors"] != zw) printf "finish_waste_sectors %s, the zones sum %.0f\n", zl["finish_waste_sectors"], zw
		split("to_full open", ws, " ")
		for (i = 1; i <= 2; i++) {
			x = ws[i]; s = zl["time_" x "_sum_ns"]
			if (zn[x] < n[x] || zn[x] > n[x] + nm[x])
				printf "lifetimes %s: %d samples, the witness %d certain, %d maybe\n", x, zn[x], n[x], nm[x]
			if (s < slo[x] || (shi[x] != "-" && mhi[x] != "-" && s > shi[x] + mhi[x]))
				printf "time_%s_sum_ns %s, outside the witness %s..%s (+ maybe %s)\n", x, s, slo[x], shi[x], mhi[x]
			for (b = 0; b < 40; b++)
				if (zt[x, b] < cin[x, b] || zt[x, b] > poss[x, b])
					printf "lifetimes %s bucket %d: %d samples, the witness %d..%d\n", x, b, zt[x, b], cin[x, b], poss[x, b]
		}
		printf "life %d %d %d %d %d %d %d %d %d %d %d %d\n", wsame, wmaybe, fc, fm, tin + tsame, tskip,
			n["to_full"], nm["to_full"], n["open"], nm["open"], nev, nohi
	}')
	if grep -qv '^life ' <<<"$out"; then
		echo "FAIL: $what: $disk: zns_stat's finish waste and lifecycle times against the witness (nvme_core's trace):"
		grep -v '^life ' <<<"$out"
		echo "the witness's samples (what certain|maybe lo hi zone) and openings (open ZONE OTHERS_OPEN LO [evict])":
		head -100 "$samples"
		# the completions of those zones: lo hi zone op all zsa sector
		# len S|F status (the select-all ones too)
		zones=$(echo "$out" | sed -n 's/^zone \([0-9]*\):.*/\1/p' | sort -u | tr '\n' ' ')
		echo "the witness's completions of zones $zones(lo hi zone op all zsa sector len S|F status):"
		awk -v zones=" $zones" 'index(zones, " " $3 " ") || $5 == 1' "$events" | tail -60
		_zns_failures=$((_zns_failures + 1))
	fi
	rm -f "$samples"
	read -r _ ws wm fc fm tc ts tfc tfm toc tom nev nohi < <(grep '^life ' <<<"$out")
	echo "$what: $disk: finish waste: $ws zones as the witness, $wm within its maybe-unknown finishes ($fc finishes known, $fm maybe);" \
		"host_cond_time_ns: $tc zones checked (realtime offset within $((ohi - olo)) ns), $ts not; samples to_full $tfc certain + $tfm maybe, open $toc + $tom; $nev moments the device may have closed a zone; $nohi completions with no upper bound"
}
