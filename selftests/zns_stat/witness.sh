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
# The global trace clock orders events of different CPUs; a buffer that
# overflowed fails the test (entries-in-buffer below entries-written).

WITNESS_TRACE=/sys/kernel/tracing
[ -d "$WITNESS_TRACE/events" ] || WITNESS_TRACE=/sys/kernel/debug/tracing
WITNESS_EVENTS="nvme/nvme_setup_cmd nvme/nvme_complete_rq block/block_rq_complete"
# The per-zone columns the witness gives, in this order.
WITNESS_COLUMNS="reads read_sectors writes write_sectors appends append_sectors resets finishes opens closes errors write_zeroes write_zeroes_sectors"

witness_events() {	# witness_events 0|1
	local e
	for e in $WITNESS_EVENTS; do
		echo "$1" > "$WITNESS_TRACE/events/$e/enable" ||
			fail "cannot set tracefs event $e to $1"
	done
}

# witness_start: an empty buffer of 16 MiB per CPU, the events on.
witness_start() {
	[ -d "$WITNESS_TRACE/events/nvme" ] || fail "no nvme trace events in $WITNESS_TRACE"
	echo 0 > "$WITNESS_TRACE/tracing_on"
	witness_events 0
	echo global > "$WITNESS_TRACE/trace_clock" || fail "trace_clock global"
	echo 16384 > "$WITNESS_TRACE/buffer_size_kb" || fail "buffer_size_kb"
	: > "$WITNESS_TRACE/trace"
	witness_events 1
	echo 1 > "$WITNESS_TRACE/tracing_on"
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
	awk -v disk="$disk" -v spl="$((lba / 512))" -v zsec="$zsec" -v nz="$nz" -v mode="${3:-}" '
	function field(name,   i) {
		for (i = 1; i <= NF; i++)
			if (index($i, name "=") == 1) {
				v = substr($i, length(name) + 2); sub(/[,)]$/, "", v)
				sub(/:.*/, "", v)	# 6.12: "zsa=4:reset zone,"
				return v
			}
		return ""
	}
	# mawk (Debian'"'"'s awk) has no strtonum() nor and()
	function hex(h,   i, x) {
		x = 0; h = tolower(h); sub(/^0x/, "", h)
		for (i = 1; i <= length(h); i++) x = x * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return x
	}
	function key(   i) {
		for (i = 1; i <= NF; i++) if ($i ~ /^nvme[0-9]+:$/) break
		return $i field("qid") "/" field("cmdid")
	}
	/nvme_setup_cmd: / {
		if (field("disk") != disk) next
		op = ""; for (i = 1; i <= NF; i++) if ($i ~ /^cmd=\(/) { op = substr($i, 6); break }
		pend[key()] = op "|" field("slba") "|" field("len") "|" field("zsa") "|" field("all")
		next
	}
	/nvme_complete_rq: / {
		if (field("disk") != disk) next
		k = key()
		if (!(k in pend)) { unmatched++; next }
		split(pend[k], c, "|"); delete pend[k]
		st = hex(field("status")) % 2048	# SCT/SC, without DNR, MORE, CRD
		user = int(hex(field("flags")) / 2) % 2
		op = c[1]; slba = c[2] + 0; z = int(slba * spl / zsec)
		if (mode == "block" && user) next
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
		if (op == "nvme_cmd_read") {	# sectors in every zone touched
			first = slba * spl
			for (x = first; x < first + sectors; x = (int(x / zsec) + 1) * zsec) {
				end = (int(x / zsec) + 1) * zsec
				if (end > first + sectors) end = first + sectors
				sec[int(x / zsec), op] += end - x
			}
		} else sec[z, op] += sectors
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
