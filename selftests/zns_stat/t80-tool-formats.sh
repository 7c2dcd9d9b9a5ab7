#!/bin/bash
# zns-stat's outputs on a real namespace: table, CSV, JSON and Prometheus after
# known nvme-cli commands, every value compared exactly, with the zone state
# from the zone report; --file; and one-line errors with a non-zero exit.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
require_cmd /usr/bin/python3

nvme_up
load_zns
fresh $NS1
fresh $NS2
run() { "$@" >/dev/null || fail "$*"; }
out=/tmp/t80
mkdir -p "$out"

# nvme0n2: 512 B LBAs, 2048 LBAs per zone.
run nvme write /dev/$NS2 -s 0 -c 7 -z 4096 -d "$(data_file 4096)"	# zone 0, 8 sectors
run nvme write /dev/$NS2 -s 8 -c 7 -z 4096 -d "$(data_file 4096)"	# zone 0, at the wp
run nvme zns zone-append /dev/$NS2 -s 4096 -z 1024 -d "$(data_file 1024)"	# zone 2
run nvme read /dev/$NS2 -s 0 -c 15 -z 8192 -d /tmp/zns-read		# zone 0, 16 sectors
run nvme zns reset-zone /dev/$NS2 -s 6144				# zone 3
run nvme zns finish-zone /dev/$NS2 -s 10240				# zone 5
run nvme zns reset-zone /dev/$NS2 -s 12288 -a			# select-all
# ... which emptied every zone: write zone 0 and append zone 2 again.
run nvme write /dev/$NS2 -s 0 -c 7 -z 4096 -d "$(data_file 4096)"
run nvme zns zone-append /dev/$NS2 -s 4096 -z 1024 -d "$(data_file 1024)"

# cell FILE SEP ZONE COLUMN: a cell of a table with a header line, by names.
cell() {
	awk -F"$2" -v z="$3" -v c="$4" '
		NR == 1 || $1 == "disk" && !h { for (i = 1; i <= NF; i++) col[$i] = i; h = 1; next }
		$(col["zone"]) == z { print $(col[c]); found = 1 }
		END { if (!found) print "missing" }' "$1"
}

# The table: zones with activity, counters next to the zone state.
"$ZNS_TOOL" $NS2 >"$out/table" || fail "zns-stat $NS2"
cat "$out/table"
expect_eq "table title" "$(head -n 1 "$out/table")" \
	"$NS2: 8 zones of 1 MiB, 512-byte LBAs; 1 reset of all zones"
tail -n +2 "$out/table" | sed 's/^ *//; s/  */ /g' >"$out/table.ssv"
expect_eq "table zones shown" "$(tail -n +2 "$out/table.ssv" | cut -d' ' -f1 | tr '\n' ' ')" "0 2 3 5 "
# data in bytes, zone positions in hex sectors as blkzone prints them
for kv in start=0x0 cond=imp_open wptr=0x8 cap=0x800 reads=1 read_bytes=8KiB writes=3 \
	write_bytes=12KiB appends=0 append_bytes=0 errors=0; do
	expect_eq "table zone 0 ${kv%=*}" "$(cell "$out/table.ssv" ' ' 0 "${kv%=*}")" "${kv#*=}"
done
expect_eq "table zone 5 cond" "$(cell "$out/table.ssv" ' ' 5 cond)" empty
expect_eq "table zone 3 resets" "$(cell "$out/table.ssv" ' ' 3 resets)" 1

# CSV: the same numbers, every column of the module, and --all.
"$ZNS_TOOL" -o csv $NS2 >"$out/csv" || fail "zns-stat -o csv"
expect_eq "csv header" "$(head -n 1 "$out/csv" | cut -d, -f1-8)" "disk,zone,start,cond,wptr,cap,reads,read_sectors"
expect_eq "csv columns" "$(head -n 1 "$out/csv" | tr ',' '\n' | wc -l)" \
	"$(( $(head -n 1 "$ZNS_DEBUGFS/$NS2/zones" | wc -w) - 1 + 1 + 3 + 1 +
		$(head -n 1 "$ZNS_DEBUGFS/$NS2/zones" | grep -cw owner_cgroup) ))"	# + top_zone_error_code, owner
expect_eq "csv rows" "$(($(wc -l <"$out/csv") - 1))" 4
for kv in 0:writes=3 0:write_sectors=24 0:reads=1 0:read_sectors=16 0:wptr=8 2:appends=2 \
	2:append_sectors=4 2:wptr=2 2:cond=imp_open 3:resets=1 5:finishes=1 5:wptr=0 5:cond=empty \
	3:reset_lat_min_ns=$(awk '$1 == 3 { print $10 }' "$ZNS_DEBUGFS/$NS2/zones"); do
	z=${kv%%:*} kv=${kv#*:}
	expect_eq "csv zone $z ${kv%=*}" "$(cell "$out/csv" , "$z" "${kv%=*}")" "${kv#*=}"
done
"$ZNS_TOOL" -o csv --all $NS2 $NS1 >"$out/csv-all" || fail "zns-stat -o csv --all"
expect_eq "csv --all rows" "$(grep -c "^$NS2," "$out/csv-all"),$(grep -c "^$NS1," "$out/csv-all")" "8,16"

# JSON: one document; the summary and the zones as numbers.
"$ZNS_TOOL" -o json $NS2 $NS1 >"$out/json" || fail "zns-stat -o json"
expect_eq "json" "$(/usr/bin/python3 - "$out/json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n2 = d["disks"][0]
z = {x["zone"]: x for x in n2["zones"]}
print(n2["disk"], len(d["disks"]), n2["nr_zones"], n2["summary"]["writes"],
      n2["summary"]["reset_all"], n2["summary"]["status_decoding"], sorted(z),
      z[0]["write_sectors"], z[0]["cond"], z[2]["append_sectors"], n2["zones_omitted"],
      d["disks"][1]["zones"])
PY
)" "$NS2 2 8 3 1 on [0, 2, 3, 5] 24 imp_open 4 0 []"

# Prometheus: base units, a real parser, and the per-zone limit.
"$ZNS_TOOL" -o prom $NS2 >"$out/prom" || fail "zns-stat -o prom"
for line in "zns_zone_writes_total{disk=\"$NS2\",zone=\"0\"} 3" \
	"zns_zone_write_bytes_total{disk=\"$NS2\",zone=\"0\"} 12288" \
	"zns_zone_append_bytes_total{disk=\"$NS2\",zone=\"2\"} 2048" \
	"zns_zone_resets_total{disk=\"$NS2\",zone=\"3\"} 1" \
	"zns_zone_condition_info{disk=\"$NS2\",zone=\"0\",condition=\"imp_open\",code=\"2\"} 1" \
	"zns_zone_write_pointer_bytes{disk=\"$NS2\",zone=\"0\"} 4096" \
	"zns_zone_capacity_bytes{disk=\"$NS2\",zone=\"0\"} 1048576" \
	"zns_reset_all_total{disk=\"$NS2\"} 1" \
	"zns_zones{disk=\"$NS2\"} 8" \
	"zns_zone_size_bytes{disk=\"$NS2\"} 1048576" \
	"zns_zones_omitted{disk=\"$NS2\"} 0"; do
	expect_eq "prom has $line" "$(grep -cxF "$line" "$out/prom")" 1
done
expect_eq "prom parses" "$(/usr/bin/python3 - "$out/prom" <<'PY'
import sys
from prometheus_client.parser import text_string_to_metric_families
fams = list(text_string_to_metric_families(open(sys.argv[1]).read()))
zones = {s.labels.get("zone") for f in fams for s in f.samples if "zone" in s.labels}
print(len({f.name for f in fams}) == len(fams), sorted(zones, key=int))
PY
)" "True ['0', '2', '3', '5']"
"$ZNS_TOOL" -o prom -m 1 $NS2 >"$out/prom1" || fail "zns-stat -o prom -m 1"
expect_eq "prom -m 1 zones" "$(grep -o 'zone="[0-9]*"' "$out/prom1" | sort -u | tr '\n' ' ')" 'zone="0" '
expect_eq "prom -m 1 omitted" "$(grep -c "^zns_zones_omitted{disk=\"$NS2\"} 3\$" "$out/prom1")" 1

# --file: the same text, written whole.
"$ZNS_TOOL" -o prom -f "$out/textfile.prom" $NS2 >"$out/stdout" || fail "zns-stat -f"
expect_eq "--file prints nothing" "$(wc -c <"$out/stdout")" 0
cmp -s "$out/textfile.prom" "$out/prom" || diff "$out/prom" "$out/textfile.prom" | head -n 20
expect_eq "--file content" "$(cmp -s "$out/textfile.prom" "$out/prom" && echo same)" same
expect_eq "--file leaves no temporary" "$(ls "$out" | grep -c tmp)" 0

# On a terminal of 80 columns the table fits it and says what it left out;
# the pipe above got every column (issue 14, item 1).
"$ZNS_TOOL" -a $NS2 >/dev/null || fail "zns-stat -a"
script -qc "COLUMNS=80 $ZNS_TOOL -a $NS2" /dev/null | tr -d '\r' >"$out/tty" || fail "zns-stat on a terminal"
cat "$out/tty"
expect_eq "terminal: lines over 80" "$(awk 'length($0) > 80' "$out/tty" | wc -l)" 0
expect_eq "terminal: says what it left out" "$(grep -c '^([0-9]* more columns to fit 80 characters: --columns COL,\.\.\. or a pipe shows them)$' "$out/tty")" 1
# idle columns (0 in every zone shown) are the first left out: room for wptr
expect_eq "terminal: busy and errors first" "$(sed -n 2p "$out/tty" | awk '{ print $1, $2, $3, $4, $5 }')" "zone start wptr reads writes"

# Every namespace without DISK.
expect_eq "no DISK: namespaces" "$("$ZNS_TOOL" | grep -o '^nvme[0-9]*n[0-9]*:' | sort | tr '\n' ' ')" "$(printf '%s:\n' "$NS1" "$NS2" | sort | tr '\n' ' ')"

# Errors: one line on stderr naming the problem, a non-zero exit.
err_case() {	# err_case NAME EXPECTED_RC STDERR_PART COMMAND...
	local name=$1 rc_want=$2 part=$3 rc=0
	shift 3
	"$@" >"$out/err.out" 2>"$out/err" || rc=$?
	expect_eq "$name: exit" "$rc" "$rc_want"
	expect_eq "$name: stderr lines" "$(wc -l <"$out/err")" 1
	expect_eq "$name: says" "$(grep -c -- "$part" "$out/err")" 1
	echo "$name: $(cat "$out/err")"
}
err_case "unknown disk" 1 "nvme9n9: no such block device" "$ZNS_TOOL" nvme9n9
err_case "conventional namespace" 1 "$NS3: not a zoned block device (queue/zoned is none)" "$ZNS_TOOL" /dev/$NS3
expect_eq "/dev/ path as DISK" "$("$ZNS_TOOL" /dev/$NS2 | head -n 1)" "$("$ZNS_TOOL" $NS2 | head -n 1)"
err_case "bad format" 2 "-o wants table, csv, json or prom" "$ZNS_TOOL" -o xml
err_case "not root" 1 "permission denied, run as root" setpriv --reuid=65534 --regid=65534 --clear-groups "$ZNS_TOOL" $NS2
err_case "unwritable --file" 1 "cannot write $ZNS_SRC/x.prom: Read-only file system" \
	"$ZNS_TOOL" -o prom -f "$ZNS_SRC/x.prom" $NS2
unload_zns
err_case "module not loaded" 1 "not found: load the module with 'modprobe zns_stat'" "$ZNS_TOOL" $NS2
# Loaded again, before any command: nothing tracked yet, and the tool says
# which zoned namespaces it sees and how to make them tracked.
load_zns
none=$("$ZNS_TOOL") || fail "zns-stat with nothing tracked"
echo "$none"
expect_eq "nothing tracked: says" "$none" "no zoned namespace tracked yet: zns_stat tracks a namespace from its first command after it loads; not tracked yet: $(printf '%s\n' $NS1 $NS2 | sort | tr '\n' ' ' | sed 's/ $//') (any command will do, e.g. 'blkzone report -c 1 /dev/$(printf '%s\n' $NS1 $NS2 | sort | head -n 1)')"
err_case "not tracked yet" 1 "$NS2: not tracked yet: zns_stat tracks a namespace from its first command after it loads; any command will do, e.g. 'blkzone report -c 1 /dev/$NS2'" "$ZNS_TOOL" $NS2
unload_zns
umount -l /sys/kernel/debug || fail "umount debugfs"
err_case "debugfs not mounted" 1 "debugfs is not mounted: mount -t debugfs none /sys/kernel/debug" "$ZNS_TOOL"
mount -t debugfs debugfs /sys/kernel/debug || fail "mount debugfs"
finish
