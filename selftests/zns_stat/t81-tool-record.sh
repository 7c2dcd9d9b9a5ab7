#!/bin/bash
# zns-stat record / plot / report on a real namespace: the data file holds
# exactly the counters of the commands run while recording, with metadata,
# comment and zone state; its figures are well-formed SVG that render to PNG;
# plot keeps existing figures unless --force; a clear during the recording
# is detected; broken data files and unwritable directories are refused.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
require_cmd xmllint
require_cmd rsvg-convert

nvme_up
load_zns
fresh $NS1
run() { "$@" >/dev/null || fail "$*"; }
rec=/tmp/t81
rm -rf "$rec"
mkdir -p "$rec"

# record_start ARGS...: zns-stat record in the background, back once it has
# taken its first snapshot (it says "recording" after that).
record_start() {
	"$ZNS_TOOL" record "$@" >"$rec/out" 2>"$rec/err" &
	record_pid=$!
	local end=$((SECONDS + 20))
	until grep -q recording "$rec/err"; do
		[ "$SECONDS" -lt "$end" ] || fail "zns-stat record did not start: $(cat "$rec/err")"
		kill -0 "$record_pid" 2>/dev/null || fail "zns-stat record exited: $(cat "$rec/err")"
		sleep 0.1
	done
}
record_stop() {	# SIGINT, as Ctrl-C; its exit status must be 0
	kill -INT "$record_pid"
	wait "$record_pid" || fail "zns-stat record exited with $?: $(cat "$rec/err")"
	cat "$rec/out" "$rec/err"
}
# value FILE ZONE COLUMN: a cell of a data file's zone table
value() {
	awk -v z="$2" -v c="$3" '
		/^# zone / { for (i = 2; i <= NF; i++) col[$i] = i - 1; t = 1; next }
		t && $1 == z { print $(col[c]) }' "$1"
}
meta() { sed -n "s/^$2: //p" "$1"; }

# Before the recording: not part of it.
run nvme write /dev/$NS1 -s 0 -c 0 -z 4096 -d "$(data_file 4096)"
record_start $NS1 -D "$rec" -c 'workload of t81\nsecond line'
run nvme zns reset-zone /dev/$NS1 -a					# select-all
run nvme write /dev/$NS1 -s 0 -c 3 -z 16384 -d "$(data_file 16384)"	# zone 0, 32 sectors
run nvme read /dev/$NS1 -s 0 -c 1 -z 8192 -d /tmp/zns-read		# zone 0, 16 sectors
run nvme zns zone-append /dev/$NS1 -s 256 -z 4096 -d "$(data_file 4096)"	# zone 1
run nvme zns zone-append /dev/$NS1 -s 256 -z 4096 -d "$(data_file 4096)"
run nvme zns reset-zone /dev/$NS1 -s 256				# zone 1
run nvme zns finish-zone /dev/$NS1 -s 768				# zone 3: full
nvme write /dev/$NS1 -s 1032 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null 2>&1 &&
	fail "write off the write pointer succeeded"			# zone 4: error
record_stop

dat=$(ls "$rec"/$NS1-*.dat) || fail "no data file in $rec"
name=$(basename "$dat" .dat)
expect_eq "data file name" "$(grep -cE "^$NS1-[0-9]{8}-[0-9]{6}\$" <<<"$name")" 1
expect_eq "record says" "$(head -n 1 "$rec/out")" "wrote $dat"
expect_eq "first line" "$(head -n 1 "$dat")" "zns-stat data 2"
for kv in device=$NS1 "model=QEMU NVMe Ctrl" serial=zns0 nr_zones=16 zone_sectors=2048 \
	lba_bytes=4096 counters_cleared=no "kernel=$(uname -r)" status_decoding=on \
	"zone_state=at the end of the recording" 'comment=workload of t81\nsecond line' \
	disk.reset_all=1 disk.dropped=0 zones=16; do
	expect_eq "meta ${kv%%=*}" "$(meta "$dat" "${kv%%=*}")" "${kv#*=}"
done
expect_eq "no states among the counts" "$(grep -cE '^disk\.(paths|counting):' "$dat")" 0
expect_eq "duration > 0" "$(awk '/^duration_s: / { print ($2 > 0) }' "$dat")" 1
expect_eq "end line" "$(tail -n 1 "$dat")" "# end"
# Every counter of every zone: the listed cells, all others 0.
expect_eq "zone table" "$(awk -v spec="0:writes=1 0:write_sectors=32 0:reads=1 0:read_sectors=16
	1:appends=2 1:append_sectors=16 1:resets=1 3:finishes=1 4:errors=1 4:top_zone_error=444
	0:cond=2 0:wptr=32 0:cap=2048 1:cond=1 1:wptr=0 3:cond=14 3:wptr=2048 4:cond=1
	0:host_cond=2 0:host_written_sectors=32 1:fill_resets=1 1:fill_sum_sectors=16
	0:fill_resets=1 0:fill_sum_sectors=8 0:fill_min_sectors=8 0:fill_max_sectors=8
	1:fill_min_sectors=16 1:fill_max_sectors=16 3:host_cond=14
	3:finish_waste_sectors=2048" '
	BEGIN { n = split(spec, it, /[ \n\t]+/); for (i = 1; i <= n; i++) { split(it[i], kv, "="); want[kv[1]] = kv[2] } }
	/^# zone / { for (i = 2; i <= NF; i++) col[i - 1] = $i; ncol = NF - 1; t = 1; next }
	/^# end/ { t = 0 }
	t { for (i = 1; i <= ncol; i++) {
		c = col[i]; k = $1 ":" c
		if (c == "zone" || c == "start") continue
		if (k in want) e = want[k]
		else if (c == "cap") e = 2048
		# zones are seeded empty by the zone report record takes at its start
		else if (c == "cond" || c == "host_cond" || c == "host_written_known") e = 1
		else if (c ~ /_lat_/) e = "skip"
		# passthrough: the root cgroup on 6.1, no cgroup on 6.12 (t36 checks them)
		else if (c == "owner_cgroup" || c == "root_written_sectors") e = "skip"
		else if (c == "host_cond_time_ns") e = $1 == 0 || $1 == 1 || $1 == 3 ? ($i > 0 ? $i : "> 0") : 0
		else e = 0
		if (e != "skip" && $i != e) { print "zone " $1 " " c "=" $i " want " e; bad++ }
	} }
	END { print bad + 0 }' "$dat")" 0
# Latencies where, and only where, the operation happened.
for zc in 0:write 0:read 1:append 1:reset 3:finish; do
	z=${zc%:*} op=${zc#*:}
	expect_eq "zone $z ${op}_lat_sum_ns > 0" "$(( $(value "$dat" "$z" "${op}_lat_sum_ns") > 0 ))" 1
done
expect_eq "zone 2 read_lat_sum_ns" "$(value "$dat" 2 read_lat_sum_ns)" 0

# What the run added to the histograms, errors and resets log (issue 14,
# item 4): one write, one read, two appends (sizes: "write" counts both), the
# off-pointer write's error, and the two resets logged with their fills.
cnt() { awk -v f="$1" -v o="$2" -v w="${3:--}" '$1 == "count:" && $2 == f && $3 == o && $4 == w { n += $6 } END { print n + 0 }' "$dat"; }
expect_eq "run: latency counts read, write, append" "$(cnt latency read) $(cnt latency write) $(cnt latency append)" "1 1 2"
expect_eq "run: sizes write 16 KiB, 4 KiB" \
	"$(awk '$1 == "count:" && $2 == "sizes" && $3 == "write" { printf "%s:%s ", $5, $6 }' "$dat")" "4096:2 16384:1 "
expect_eq "run: errors" "$(grep '^count: errors ' "$dat")" "count: errors write zone_invalid_write 444 1"
expect_eq "run: resets logged (zone, select_all, status, fill)" \
	"$(awk '$1 == "reset:" { printf "%s/%s/%s/%s ", $4, $6, $7, $8 }' "$dat")" "-1/1/0x0/8 1/0/0x0/16 "

# The figures: every SVG well-formed and rendered; README with the comment.
figs=$rec/$name
expect_eq "figures" "$(ls "$figs" | tr '\n' ' ')" \
	"README.md append_cmds.svg append_data.svg append_size.svg errors.svg fill.svg fill_at_reset.svg finish_waste.svg owners.svg read_cmds.svg read_data.svg read_size.svg reset_latency.svg resets.svg write_cmds.svg write_data.svg write_size.svg "
# One program each for all of them (each program start costs seconds under
# TCG): rsvg-convert renders them as the pages of one PDF and names any it
# cannot read.
xmllint --noout "$figs"/*.svg || fail "a figure is not well-formed XML"
rsvg-convert -f pdf -o "$rec/figs.pdf" "$figs"/*.svg || fail "rsvg-convert cannot render a figure"
svgs=("$figs"/*.svg)
expect_eq "figures rendered (PDF pages)" "$(grep -ac '/Type */Page[^s]' "$rec/figs.pdf")" "${#svgs[@]}"
expect_eq "write_cmds: zone 0" "$(grep -c '<title>zone 0: 1</title>' "$figs/write_cmds.svg")" 1
expect_eq "resets: select-all note" "$(grep -c 'plus 1 reset of all zones (select-all)' "$figs/resets.svg")" 1
expect_eq "fill: zone 3 full" "$(grep -c '<title>zone 3: 100 %</title>' "$figs/fill.svg")" 1
expect_eq "fill at reset: zone 1, 16 sectors" "$(grep -c '<title>zone 1: 8 KiB</title>' "$figs/fill_at_reset.svg")" 1
expect_eq "finish waste: zone 3, 1 MiB" "$(grep -c '<title>zone 3: 1 MiB</title>' "$figs/finish_waste.svg")" 1
expect_eq "README comment" "$(sed -n 3,4p "$figs/README.md" | tr '\n' '|')" "workload of t81|second line|"
expect_eq "README figures" "$(grep -c '^!\[' "$figs/README.md")" 16
expect_eq "README: no epoch rows, the data file by name" \
	"$(grep -c '_epoch |' "$figs/README.md") $(grep -c "^Data file: \`$name.dat\`\$" "$figs/README.md")" "0 1"

# plot: existing figures are kept and counted in one line; a missing one is
# drawn; --force redraws.
sum_before=$(cat "$figs"/* | md5sum)
"$ZNS_TOOL" plot "$dat" >"$rec/plot.out" || fail "plot"
expect_eq "plot skips all: one line" "$(cat "$rec/plot.out")" "$figs: 0 files written, 17 skipped (they exist: --force replaces them)"
expect_eq "plot changed nothing" "$(cat "$figs"/* | md5sum)" "$sum_before"
rm "$figs/errors.svg"
"$ZNS_TOOL" plot "$dat" >"$rec/plot.out" || fail "plot"
expect_eq "plot draws the missing one" "$(cat "$rec/plot.out")" "$figs: 1 file written, 16 skipped (they exist: --force replaces them)"
"$ZNS_TOOL" plot --force "$dat" -D "$rec/elsewhere" >"$rec/plot.out" || fail "plot --force"
"$ZNS_TOOL" plot --force "$dat" >"$rec/plot.out" || fail "plot --force"
expect_eq "plot --force" "$(tail -n 1 "$rec/plot.out")" "$figs: 17 files written, 0 skipped"
expect_eq "plot -D" "$(ls "$rec/elsewhere/$name" | wc -l)" 17

# report: one page, every figure inline, nothing external.
"$ZNS_TOOL" report "$dat" -f "$rec/report.html" >/dev/null || fail "report"
xmllint --noout "$rec/report.html" 2>"$rec/html.err" || fail "report.html is not well-formed: $(cat "$rec/html.err")"
expect_eq "report figures" "$(grep -c '<figure id=' "$rec/report.html")" 16
expect_eq "report: zone lifecycle" "$(grep -c 'Fill at reset (figure below): 2 resets whose fill zns_stat knew reclaimed 12 KiB, 6 KiB per reset (1% of a zone' "$rec/report.html")" 1
expect_eq "report: finish waste" "$(grep -c 'Finish waste (figure below): 1 finishes left 1 MiB of zone capacity unwritten' "$rec/report.html")" 1
expect_eq "report svgs" "$(grep -c '<svg ' "$rec/report.html")" 16
expect_eq "report comment" "$(grep -c '^second line</pre>' "$rec/report.html")" 1
expect_eq "report external refs" "$(grep -cE '(src|href)=' "$rec/report.html")" 0
# findings before metadata; the data file by name; no epoch seconds beside ISO times
expect_eq "report: sections in order" "$(grep -o '<h2>[^<]*</h2>' "$rec/report.html" | sed 's/<[^>]*>//g' | tr '\n' '|')" \
	"Comment|Summary|Zones with the most activity|Zone lifecycle|Latency|Errors|Resets|Sizes and alignment|Heatmaps|Recording|"
expect_eq "report: latency of the run's write" "$(grep -c '^<tr><td>write</td><td class="n">1</td>' "$rec/report.html")" 1
expect_eq "report: the error by name" "$(grep -c '<tr><td>zone_invalid_write</td><td>0x1bc</td><td>write</td><td class="n">1</td></tr>' "$rec/report.html")" 1
expect_eq "report: every logged reset" "$(grep -c '<td>success</td><td class="n">8KiB</td></tr>' "$rec/report.html")" 1
expect_eq "report: busiest zones in people's units, every column folded" \
	"$(grep '^<table class="zones"><tr><th>zone</th>' "$rec/report.html" | head -n 1 | grep -o '<th>read_[a-z]*</th>' | tr '\n' ' ')$(grep -c '<details><summary>Every column' "$rec/report.html")" \
	"<th>read_bytes</th> 1"
expect_eq "report: data file by name" "$(grep -c "<tr><td>data file</td><td>$name.dat</td></tr>" "$rec/report.html")" 1
expect_eq "report: no epoch rows" "$(grep -c '_epoch</td>' "$rec/report.html")" 0
expect_eq "report writes row" "$(grep -c '<tr><td>writes</td><td class="n">1</td><td class="n">16KiB</td><td class="n">16KiB</td></tr>' "$rec/report.html")" 1

# A clear during the recording: counts since the clear, and said so.
record_start $NS1 -D "$rec/cleared" -c cleared
run nvme write /dev/$NS1 -s 512 -c 0 -z 4096 -d "$(data_file 4096)"	# zone 2
run nvme write /dev/$NS1 -s 513 -c 0 -z 4096 -d "$(data_file 4096)"
zns_clear $NS1
run nvme write /dev/$NS1 -s 514 -c 0 -z 4096 -d "$(data_file 4096)"
record_stop
dat2=$(ls "$rec"/cleared/*.dat)
expect_eq "cleared: flagged" "$(meta "$dat2" counters_cleared)" yes
expect_eq "cleared: said so" "$(grep -c 'cleared during the recording' "$rec/err")" 1
expect_eq "cleared: writes since the clear" "$(value "$dat2" 2 writes)" 1
expect_eq "cleared: zone 0 (before the recording) not counted" "$(value "$dat2" 0 writes)" 0

# --duration, and a comment from a non-terminal stdin: none.
"$ZNS_TOOL" record $NS1 -d 0.5 -D "$rec/timed" >/dev/null 2>&1 </dev/null || fail "record -d"
expect_eq "record -d: comment" "$(meta "$(ls "$rec"/timed/*.dat)" comment)" ""

# record -i: each interval's per-zone changes, adding up over the run to
# the data file's zone table; the report draws them over time; report A B
# compares two runs (issue 14, item 6e).
record_start $NS1 -D "$rec/ticks" -c ticks -i 0.3
run nvme write /dev/$NS1 -s 1280 -c 1 -z 8192 -d "$(data_file 8192)"	# zone 5, 16 sectors
sleep 0.7
run nvme write /dev/$NS1 -s 1536 -c 0 -z 4096 -d "$(data_file 4096)"	# zone 6
run nvme read /dev/$NS1 -s 1280 -c 0 -z 4096 -d /tmp/zns-read		# zone 5
sleep 0.4
record_stop
dat3=$(ls "$rec"/ticks/*.dat)
ticks() { awk -v z="$1" -v f="$2" '$1 == "tick:" { for (i = 3; i <= NF; i++) { split($i, v, ":"); if (v[1] == z) n += v[f] } } END { print n + 0 }' "$dat3"; }
expect_eq "record -i: intervals" "$(($(grep -c '^tick: ' "$dat3") >= 3))" 1
expect_eq "record -i: zone 5 written, zone 6 written, zone 5 read" \
	"$(ticks 5 2) $(ticks 6 2) $(ticks 5 3)" \
	"$(value "$dat3" 5 write_sectors) $(value "$dat3" 6 write_sectors) $(value "$dat3" 5 read_sectors)"
expect_eq "record -i: the table's values" "$(value "$dat3" 5 write_sectors) $(value "$dat3" 6 write_sectors)" "16 8"
expect_eq "record -i: zone 5 first, zone 6 in a later interval" \
	"$(awk '$1 == "tick:" && / 5:16:/ { a = NR } $1 == "tick:" && / 6:8:/ { b = NR } END { print (a && b > a) }' "$dat3")" 1
"$ZNS_TOOL" report "$dat3" -f "$rec/ticks.html" >/dev/null || fail "report of record -i"
xmllint --noout "$rec/ticks.html" || fail "ticks.html is not well-formed"
expect_eq "report: over time" \
	"$(grep -c '<h2>Over time</h2>' "$rec/ticks.html") $(grep -c '<figure id="written_over_time">' "$rec/ticks.html") $(grep -c '<figure id="resets_over_time">' "$rec/ticks.html")" "1 1 1"
"$ZNS_TOOL" report "$dat" "$dat3" -f "$rec/compare.html" >/dev/null || fail "report A B"
xmllint --noout "$rec/compare.html" || fail "compare.html is not well-formed"
expect_eq "report A B: writes 1 and 2" "$(grep -c '<tr><td>writes</td><td class="n">1</td><td class="n">2</td><td class="n">2.000</td></tr>' "$rec/compare.html")" 1
expect_eq "report A B: write data 16KiB and 12KiB" "$(grep -c '<tr><td>write_bytes</td><td class="n">16KiB</td><td class="n">12KiB</td><td class="n">0.750</td></tr>' "$rec/compare.html")" 1
expect_eq "report A B -o csv: the page's figures" "$("$ZNS_TOOL" report "$dat" "$dat3" -o csv | grep -c '^totals,writes,1,2,2.000,0$')" 1

# Refused, with one line each: broken data files, an unwritable directory.
head -n -1 "$dat" >"$rec/truncated.dat"
sed '5d' "$dat" | sed 's/^zns-stat data 2$/hello/' >"$rec/notdata.dat"
for case in "truncated.dat:no '# end' line: truncated" "notdata.dat:not a zns-stat data file"; do
	rc=0
	"$ZNS_TOOL" plot "$rec/${case%%:*}" >/dev/null 2>"$rec/err" || rc=$?
	expect_eq "plot ${case%%:*}: exit" "$rc" 1
	expect_eq "plot ${case%%:*}: one line" "$(wc -l <"$rec/err")" 1
	expect_eq "plot ${case%%:*}: says" "$(grep -c "${case#*:}" "$rec/err")" 1
	cat "$rec/err"
done
rc=0
start=$SECONDS
"$ZNS_TOOL" record $NS1 -D "$ZNS_SRC/no-such-dir" >/dev/null 2>"$rec/err" || rc=$?
expect_eq "record into a read-only place: exit" "$rc" 1
expect_eq "record into a read-only place: at once" "$((SECONDS - start < 3))" 1
expect_eq "record into a read-only place: says" \
	"$(grep -c "cannot create directory $ZNS_SRC/no-such-dir: Read-only file system" "$rec/err")" 1
rc=0
"$ZNS_TOOL" report "$dat" -f "$ZNS_SRC/r.html" >/dev/null 2>"$rec/err" || rc=$?
expect_eq "report into a read-only place: exit" "$rc" 1
expect_eq "report into a read-only place: one line" "$(wc -l <"$rec/err")" 1
# -f -: the report on stdout, the same page.
"$ZNS_TOOL" report "$dat" -f - >"$rec/stdout.html" || fail "report -f -"
expect_eq "report -f -: the page" "$(cmp -s "$rec/stdout.html" "$rec/report.html" && echo same)" same
expect_eq "report -f -: no file named -" "$([ -e ./- ] || [ -e "$rec/-" ] && echo made || echo none)" none

# Misused options: one line each, exit 2, nothing made (issue 14, item 6c).
cd "$rec" || fail "cd $rec"
misuse() {	# misuse SAYS ARGS...
	local says=$1 rc=0
	shift
	"$ZNS_TOOL" "$@" >"$rec/misuse.out" 2>"$rec/err" || rc=$?
	expect_eq "zns-stat $*: exit" "$rc" 2
	expect_eq "zns-stat $*: one line" "$(wc -l <"$rec/err")" 1
	expect_eq "zns-stat $*: says" "$(grep -cF -- "$says" "$rec/err")" 1
}
misuse "record: -o is the output format of the table: record's folder is -D DIR (--dir)" record $NS1 -o json -d 1
expect_eq "record -o json: no folder json" "$([ -e json ] && echo made || echo none)" none
misuse "report: -o wants html (the page), table, csv or json" report "$dat" -o -
misuse "report: -o table, csv and json are the comparison's: two DATAFILEs" report "$dat" -o csv
misuse "plot: -o is the output format of the table: plot's folder is -D DIR" plot "$dat" -o x
misuse "report wants one DATAFILE (or two to compare)" report "$dat" "$dat" "$dat" -f x.html
misuse "zns-stat: -o needs a value" -o
misuse "zns-stat: -t needs -i" -t 2 $NS1
misuse "zns-stat: -n needs -i" -n 2 $NS1
misuse "zns-stat: -w does not apply to -i" -i 1 -w $NS1
misuse "zns-stat: -a and -m apply to -i only with -o prom" -i 1 -m 2 $NS1
# zns-stat detail: the live files since the clear, the same counts.
"$ZNS_TOOL" detail $NS1 >"$rec/detail" || fail "zns-stat detail"
cat "$rec/detail"
expect_eq "detail: write commands" "$(awk '$1 == "write" && $2 ~ /^[0-9]+$/ { print $2; exit }' "$rec/detail")" "$(latency_total $NS1 write)"
expect_eq "detail: resets logged" "$(sed -n 's/^resets logged: //p' "$rec/detail")" "$(grep -vc '^#' "$ZNS_DEBUGFS/$NS1/resets")"
active=$("$ZNS_TOOL" -o csv $NS1 | tail -n +2 | wc -l)
expect_eq "zones with activity" "$((active > 0))" 1
expect_eq "-m 0: says what it left out" "$("$ZNS_TOOL" -m 0 $NS1 | tail -n 1)" "($active zone$([ "$active" = 1 ] || echo s) with activity not shown: --max-zones)"
finish
