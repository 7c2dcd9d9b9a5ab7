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
	block/block_bio_frontmerge block/block_rq_merge raw_syscalls/sys_enter"
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

# witness_bio_queue_last: from 6.18 zns_stat stamps bios in its own probe
# of block_bio_queue (the kernel stamps later, if at all): after zns_stat
# is loaded, the witness's event is registered again, after that probe, so
# that the stamp comes before the time the event records, as the kernel's
# own stamp does before 6.18 (witness_times).
witness_bio_queue_last() {
	local e=$WITNESS_TRACE/events/block/block_bio_queue/enable kver major minor
	kver=$(uname -r); major=${kver%%.*} minor=${kver#*.}; minor=${minor%%[.-]*}
	[ $((major * 100 + minor)) -ge 618 ] || return 0
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

# witness_times DISK TRACE [block]: per zone and operation that completed
# without error (select-all commands left out: zns_stat counts no time for
# them per zone), from the trace: "ZONE OP N" then the bounds the witness
# puts on zns_stat's latency min, max and sum ("LO HI" each, HI "-" for
# none), then per zone "ZONE wait N - - - - LO HI": the bounds on the sum of
# the queue waits of block-layer commands (auto mode only: with outcomes
# from the block layer zns_stat keeps none).
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
# - a bio's submission stamp (bio_issue_init()) comes before its
#   block_bio_queue, and after the task's previous event (before 6.9,
#   stamped right before the trace) or after the task's current system call
#   began (6.9+: the plug's cached time, taken at most as early as the
#   plug, which lives inside one system call). From 6.18 zns_stat stamps
#   it in its own probe of block_bio_queue, with ktime_get_ns(), which the
#   witness registers again after it (witness_bio_queue_last): before the
#   event, after the task's previous one, as before 6.9. The request's
#   first bio is the latest queued at its sector that no merge took.
# The trace prints microseconds: each bound moves by under 1 us a command.
witness_times() {
	local disk=$1 dev lba zsec mode=${3:-auto} kver major minor cached=0
	dev=$(cat "/sys/block/$disk/dev")
	lba=$(cat "/sys/block/$disk/queue/logical_block_size")
	zsec=$(cat "/sys/block/$disk/queue/chunk_sectors")
	kver=$(uname -r); major=${kver%%.*} minor=${kver#*.}; minor=${minor%%[.-]*}
	[ $((major * 100 + minor)) -lt 609 ] || cached=1
	[ $((major * 100 + minor)) -lt 618 ] || cached=0	# zns_stat stamps
	awk -v disk="$disk" -v dev="${dev%%:*},${dev#*:}" -v spl="$((lba / 512))" -v zsec="$zsec" \
		-v mode="$mode" -v cached="$cached" -v debug="${ZNS_WITNESS_DEBUG:-0}" \
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
		if (name == "sys_enter") { sys[task] = now; last[task] = now; prev[q] = name; next }
		if (name == "block_bio_queue") {
			if ((s = bio_sector(ev)) != "") {
				push(s, ++nbio); bhi[nbio] = now
				blo[nbio] = cached ? (task in sys ? sys[task] : "") : (task in last ? last[task] : "")
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
				op = cmd_op()
				s = field("slba") * spl
				t[k] = now; o[k] = op; z[k] = int(s / zsec); a[k] = field("all") == 1
				zsa[k] = field("zsa"); sec[k] = s; issue[k] = ""; hi_end[k] = ""
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
	END {
		for (c in ending) { hi_end[ending[c]] = ""; done(ending[c]) }
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

# witness_compare_times WHAT DISK TRACE [block]: zns_stat's latencies (count,
# min, max, sum per zone and operation) and queue waits (sum per zone)
# inside the bounds witness_times puts on them; every zone, every figure.
# A figure outside is printed with its bounds and counts as a failure.
witness_compare_times() {
	local what=$1 disk=$2 trace=$3 mode=${4:-auto} out rc cmds zones
	cmds=$(mktemp)
	out=$(join -a1 -a2 -e x -o auto \
		<(ZNS_WITNESS_DEBUG=1 witness_times "$disk" "$trace" "$mode" 2>"$cmds" |
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
