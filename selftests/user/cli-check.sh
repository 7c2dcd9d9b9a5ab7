#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# zns-stat's command line on the fixture: one command table behind --help and
# "zns-stat help CMD", an unknown disk naming the tracked ones, and the zone
# report's columns said missing once. Prints what is wrong; nothing when all
# is well. Usage: cli-check.sh TOOL (selftests/host-checks.sh runs it).
tool=${1:?usage: cli-check.sh TOOL}
here=$(cd "$(dirname "$0")" && pwd)
export ZNS_STAT_DEBUGFS=$here/fixtures/debugfs ZNS_STAT_DEV=/nonexistent ZNS_STAT_SYSFS=/nonexistent

help=$("$tool" help) || echo "zns-stat help: exit status $?"
[ "$help" = "$("$tool" --help)" ] || echo "zns-stat help and --help differ"
cmds=$(sed -n 's/^ *\(usage:\)\{0,1\} *zns-stat \([a-z]\+\) .*/\2/p' <<<"$help" | sort -u)
[ "$(wc -w <<<"$cmds")" -ge 7 ] || echo "zns-stat --help names only: $cmds"
for c in $cmds; do
	one=$("$tool" help "$c") || echo "zns-stat help $c: exit status $?"
	[ "$(head -n 1 <<<"$one")" = "usage: zns-stat $c$(sed -n "s/^.*zns-stat $c\( .*\)$/\1/p" <<<"$help" | head -n 1)" ] ||
		echo "zns-stat help $c: first line '$(head -n 1 <<<"$one")'"
	[ "$one" = "$("$tool" "$c" --help)" ] || echo "zns-stat $c --help differs from zns-stat help $c"
done
out=$("$tool" help nope 2>&1) && echo "zns-stat help nope: exit status 0"
[ "$(wc -l <<<"$out")" = 1 ] && grep -q "no command 'nope' (commands: record plot report lifecycle detail cgroups export ledger placement help)" <<<"$out" ||
	echo "zns-stat help nope said: $out"

out=$("$tool" nvme9n9 2>&1) && echo "zns-stat nvme9n9: exit status 0"
[ "$out" = "zns-stat: nvme9n9: no such block device; tracked: broken, zcg, zns8, zns8x" ] ||
	echo "zns-stat nvme9n9 said: $out"

err=$("$tool" zns8 zns8x 2>&1 >/dev/null)
# one line, within 80 columns where the devices are in /dev
dev_err=${err//\/nonexistent\//\/dev\/}
[ "$(grep -c 'no cond, wptr and cap columns' <<<"$err")" = 1 ] && [ "$(wc -l <<<"$err")" = 1 ] &&
	[ "${#dev_err}" -le 80 ] ||
	echo "zns-stat without the block devices said: $err"

# zns-stat cgroups: its help, a bad -o, an older module's namespace (no
# cgroups file) and a malformed file: each one line and its exit status.
out=$("$tool" cgroups -h) && [ "$(head -n 1 <<<"$out")" = "usage: zns-stat cgroups [-wb] [-o FMT] [-f FILE] [DISK...]" ] ||
	echo "zns-stat cgroups -h said: $(head -n 1 <<<"$out")"
out=$("$tool" cgroups -o xml zns8 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$out" = "zns-stat: cgroups: -o wants table, csv, json or prom; see 'zns-stat --help'" ] ||
	echo "zns-stat cgroups -o xml: exit status $rc, said: $out"
out=$("$tool" cgroups zns8x 2>&1); rc=$?
[ "$rc" = 1 ] && [ "$out" = "zns-stat: zns8x: no cgroups file (not a tracked namespace, or a zns_stat without cgroup attribution)" ] ||
	echo "zns-stat cgroups zns8x: exit status $rc, said: $out"
out=$("$tool" cgroups broken 2>&1); rc=$?
[ "$rc" = 1 ] && [ "$out" = "zns-stat: broken: unexpected content in its cgroups file, line 3" ] ||
	echo "zns-stat cgroups broken: exit status $rc, said: $out"
out=$("$tool" cgroups -w -o csv zns8 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$(wc -l <<<"$out")" = 7 ] ||
	echo "zns-stat cgroups -w -o csv zns8: exit status $rc, said: $out"

# zns-stat ledger on the fixture's namespaces (identities from fixtures/sys):
# a fold twice of the same counters adds nothing; a corrupted state file is
# one line, exit status 1, and kept byte for byte; no temporary is left.
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
sys=$here/fixtures/sys
out=$("$tool" ledger 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$out" = "zns-stat: ledger wants --state-dir DIR; see 'zns-stat --help'" ] ||
	echo "zns-stat ledger: exit status $rc, said: $out"
out=$("$tool" ledger --state-dir "$state" --once --interval 5 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$out" = "zns-stat: ledger: --once and --interval exclude each other; see 'zns-stat --help'" ] ||
	echo "zns-stat ledger --once --interval: exit status $rc, said: $out"
touch "$state/.x.ledger.tmpAbC123" "$state/.x.ledger.tmpkeep"	# a killed run's, and not one
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger --state-dir "$state" --once zns8 zns8x 2>&1); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] || echo "zns-stat ledger --once zns8 zns8x: exit status $rc, said: $out"
[ ! -e "$state/.x.ledger.tmpAbC123" ] && [ -e "$state/.x.ledger.tmpkeep" ] ||
	echo "zns-stat ledger: a killed run's temporary not removed, or another file removed"
rm -f "$state/.x.ledger.tmpkeep"
[ "$(ls -A "$state" | tr '\n' ' ')" = ".zns-stat-ledger.lock nguid.5eed0000-0000-0000-0000-00000000a108.ledger serial.zns8x-serial.nsid.2.ledger " ] ||
	echo "zns-stat ledger left in its state directory: $(ls -A "$state")"
# the totals: every column but last_seen (the fold's own time, which a
# second fold in the next second moves)
totals() {
	ZNS_STAT_SYSFS=$sys "$tool" ledger show zns8 --state-dir "$state" -o csv 2>&1 |
		awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "last_seen") ls = i }
			ls { $ls = "" } { print }'
}
first=$(totals)
[ "$(wc -l <<<"$first")" = 9 ] && grep -q '^zns8,nguid.5eed0000-0000-0000-0000-00000000a108,5,0,0,16,2048,' <<<"$first" ||
	echo "zns-stat ledger show zns8 -o csv said: $first"
ZNS_STAT_SYSFS=$sys "$tool" ledger --state-dir "$state" --once zns8 ||
	echo "zns-stat ledger --once zns8 (again): exit status $?"
[ "$(totals)" = "$first" ] ||
	echo "zns-stat ledger: a second fold of the same counters changed the totals"
# the lifecycle's counters too (fixtures/debugfs/zns8/lifecycle), once
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger show zns8 --state-dir "$state" -o json 2>&1)
[ "$(jq -r '.namespace | "\(.reclaimed_sectors) \(.resets_fill_100pct) \(.finish_waste_sectors) \(.time_open_sum_ns)"' <<<"$out")" = "2048 1 2040 12000000" ] ||
	echo "zns-stat ledger show zns8 -o json: the lifecycle's totals: $(jq -c .namespace <<<"$out")"
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger show "$state/serial.zns8x-serial.nsid.2.ledger" -o json 2>&1) &&
	[ "$(jq -r '.identity, (.zones | length), .folds' <<<"$out" | tr '\n' ' ')" = "serial.zns8x-serial.nsid.2 8 1 " ] ||
	echo "zns-stat ledger show FILE -o json said: $(head -c 300 <<<"$out")"
# a placement namespace's rows (fixtures/debugfs/nvme1n1/placement): folded
# once, again with nothing new, then after a reload (a new instance, fewer
# writes on placement ID 0) its counters added whole; the zones' views refused
pdfs=$state/pdebugfs
mkdir -p "$pdfs" && cp -r "$here/fixtures/debugfs/nvme1n1" "$pdfs/"
prows() {
	ZNS_STAT_DEBUGFS=$pdfs ZNS_STAT_SYSFS=$sys "$tool" ledger show nvme1n1 --state-dir "$state" -o csv 2>&1 |
		cut -d, -f3-7 | tr '\n' ' '
}
for pass in 1 2; do
	out=$(ZNS_STAT_DEBUGFS=$pdfs ZNS_STAT_SYSFS=$sys "$tool" ledger --state-dir "$state" --once 2>&1) ||
		echo "zns-stat ledger --once (placement, fold $pass): exit status $?, said: $out"
done
[ "$(prows)" = "pid,ruhid,writes,write_sectors,errors 0,1,8,2048,0 1,2,4,1024,0 2,3,0,0,0 3,4,2,512,0 4,5,0,0,0 5,6,10,2000,1 none,,5,560,0 unlisted,,1,80,0 " ] ||
	echo "zns-stat ledger show nvme1n1 -o csv, after two folds: $(prows)"
sed -i -e 's/^instance: .*/instance: 0x5eed0000000000b2/' "$pdfs/nvme1n1/summary"
sed -i -e 's/^0 1 8 2048 /0 1 3 768 /' "$pdfs/nvme1n1/placement"
ZNS_STAT_DEBUGFS=$pdfs ZNS_STAT_SYSFS=$sys "$tool" ledger --state-dir "$state" --once nvme1n1 ||
	echo "zns-stat ledger --once nvme1n1 (reloaded): exit status $?"
[ "$(prows)" = "pid,ruhid,writes,write_sectors,errors 0,1,11,2816,0 1,2,8,2048,0 2,3,0,0,0 3,4,4,1024,0 4,5,0,0,0 5,6,20,4000,2 none,,10,1120,0 unlisted,,2,160,0 " ] ||
	echo "zns-stat ledger show nvme1n1 -o csv, after a reload: $(prows)"
out=$(ZNS_STAT_DEBUGFS=$pdfs ZNS_STAT_SYSFS=$sys "$tool" ledger show nvme1n1 --state-dir "$state" 2>&1)
[ "$(sed -n 1p <<<"$out")" = "nvme1n1: Flexible Data Placement, 6 placement IDs; 5.45 MiB written" ] &&
	grep -q "^3 folds, 2 counter restarts; identity nguid.5eed0000-0000-0000-0000-0000000fd901$" <<<"$out" ||
	echo "zns-stat ledger show nvme1n1 said: $out"
for sub in "plot -D" "report -f"; do
	# shellcheck disable=SC2086 # the command and its option
	out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger $sub "$state/p" nvme1n1 --state-dir "$state" 2>&1); rc=$?
	[ "$rc" = 1 ] && [ ! -e "$state/p" ] && [[ $out == "zns-stat: ledger ${sub% *}: nvme1n1's ledger is of a namespace with Flexible Data Placement, which has no zones to draw"* ]] ||
		echo "zns-stat ledger $sub nvme1n1: exit status $rc, said: $out"
done
# export --ledger-dir leaves it out (no lifetime series of placement rows), the zoned ones in
mkdir "$state/prom"
ZNS_STAT_DEBUGFS=$pdfs "$tool" export --textfile-dir "$state/prom" --ledger-dir "$state" 2>/dev/null
out=$(grep -c '^zns_ledger_folds_total{' "$state/prom/zns_stat.prom")
[ "$out" = 2 ] && ! grep -q '^zns_ledger_[a-z_]*{disk="nvme1n1"' "$state/prom/zns_stat.prom" ||
	echo "zns-stat export --ledger-dir with a placement ledger: $(grep '^zns_ledger_folds_total' "$state/prom/zns_stat.prom")"
rm -rf "$pdfs" "$state/prom" "$state"/nguid.*fd901*.ledger
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger show zns8 --state-dir "$state" -o prom 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$out" = "zns-stat: ledger show: -o wants table, csv or json; see 'zns-stat --help'" ] ||
	echo "zns-stat ledger show -o prom: exit status $rc, said: $out"
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger show eui --state-dir "$state" 2>&1); rc=$?
[ "$rc" = 1 ] && [ "$out" = "zns-stat: ledger show: $state/eui.0011223344556677.ledger: no ledger yet (zns-stat ledger --state-dir $state makes it)" ] ||
	echo "zns-stat ledger show eui: exit status $rc, said: $out"
for bad in truncated version4 bad-number; do
	f=$state/nguid.5eed0000-0000-0000-0000-00000000a108.ledger
	cp "$here/fixtures/ledger/$bad.ledger" "$f"
	out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger --state-dir "$state" --once zns8 2>&1); rc=$?
	[ "$rc" = 1 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "^zns-stat: ledger: $f: .*kept as it is" <<<"$out" ||
		echo "zns-stat ledger over $bad.ledger: exit status $rc, said: $out"
	cmp -s "$f" "$here/fixtures/ledger/$bad.ledger" || echo "zns-stat ledger changed $bad.ledger"
done
[ "$(ls -A "$state" | grep -c tmp)" = 0 ] || echo "zns-stat ledger left temporaries: $(ls -A "$state")"
# zns-stat export --ledger-dir: a directory that is not there, or not a
# directory, is one line, exit status 1, nothing written; the ledgers are
# read and left as they were (no file added, none changed).
prom=$(mktemp -d) ledgers=$(mktemp -d)
trap 'rm -rf "$state" "$prom" "$ledgers" "${plots:-}"' EXIT
for bad in "$prom/missing:No such file or directory" "$here/fixtures/ledger/good.ledger:not a directory"; do
	out=$("$tool" export --textfile-dir "$prom" --ledger-dir "${bad%%:*}" zns8 2>&1); rc=$?
	[ "$rc" = 1 ] && [ "$out" = "zns-stat: export: --ledger-dir ${bad%%:*}: ${bad#*:}" ] ||
		echo "zns-stat export --ledger-dir ${bad%%:*}: exit status $rc, said: $out"
done
[ -z "$(ls -A "$prom")" ] || echo "zns-stat export with a bad --ledger-dir wrote: $(ls -A "$prom")"
cp -a "$here/fixtures/ledger-dir/." "$ledgers/"
cp "$here/fixtures/ledger/bad-number.ledger" "$ledgers/eui.0011223344556677.ledger"
before=$(cd "$ledgers" && ls -A --full-time && md5sum ./* ./.[!.]*)
out=$("$tool" export --textfile-dir "$prom" --ledger-dir "$ledgers" zns8 zns8x 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "^zns-stat: $ledgers/eui.0011223344556677.ledger: line .*kept as it is" <<<"$out" ||
	echo "zns-stat export --ledger-dir over bad-number.ledger: exit status $rc, said: $out"
[ "$(grep -c '^zns_ledger_folds_total{' "$prom/zns_stat.prom")" = 2 ] ||
	echo "zns-stat export --ledger-dir: not the 2 ledgers' series: $(grep '^zns_ledger_folds_total' "$prom/zns_stat.prom")"
# the lifecycle's totals: the 11 fill buckets of each, nanoseconds as exact seconds
[ "$(grep -c '^zns_ledger_resets_fill_total{.*,fill_pct="[0-9]*"} [0-9]*$' "$prom/zns_stat.prom")" = 22 ] ||
	echo "zns-stat export --ledger-dir: not 11 fill buckets a ledger: $(grep '^zns_ledger_resets_fill_total' "$prom/zns_stat.prom")"
grep -qx 'zns_ledger_time_to_full_seconds_total{disk="zns8x",identity="serial.zns8x-serial.nsid.2"} 61.000000123' "$prom/zns_stat.prom" ||
	echo "zns-stat export --ledger-dir: zns8x time to full not 61.000000123 s: $(grep '^zns_ledger_time_to_full_seconds_total' "$prom/zns_stat.prom")"
[ "$(cd "$ledgers" && ls -A --full-time && md5sum ./* ./.[!.]*)" = "$before" ] ||
	echo "zns-stat export --ledger-dir changed its directory: $(ls -A "$ledgers")"

# ledger plot and report: the figures into -D DIR/<identity>/ (kept without
# --force), the page to -f FILE; bad arguments one line, exit status 2 or 1
plots=$(mktemp -d)
good=$here/fixtures/ledger/good-v2.ledger
out=$("$tool" ledger plot "$good" -D "$plots" 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$out" = "$plots/nguid.5eed0000-0000-0000-0000-00000000a108: 2 files written, 0 skipped" ] &&
	[ "$(ls "$plots/nguid.5eed0000-0000-0000-0000-00000000a108" | tr '\n' ' ')" = "lifetime_resets.svg lifetime_written.svg " ] ||
	echo "zns-stat ledger plot FILE -D DIR: exit status $rc, said: $out; made: $(ls -R "$plots")"
out=$("$tool" ledger plot "$good" -D "$plots" 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$out" = "$plots/nguid.5eed0000-0000-0000-0000-00000000a108: 0 files written, 2 skipped (they exist: --force replaces them)" ] ||
	echo "zns-stat ledger plot again: exit status $rc, said: $out"
out=$(tool=$(realpath "$tool") && cd "$plots" && "$tool" ledger report "$good" 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$out" = "wrote ./nguid.5eed0000-0000-0000-0000-00000000a108.lifetime.html" ] &&
	grep -q '<h2>Reset outliers</h2>' "$plots/nguid.5eed0000-0000-0000-0000-00000000a108.lifetime.html" ||
	echo "zns-stat ledger report FILE: exit status $rc, said: $out"
for args in "plot" "plot zns8" "report zns8 zns8x" "plot --bogus $good" "report -f"; do
	# shellcheck disable=SC2086 # the words are the arguments
	out=$("$tool" ledger $args 2>&1); rc=$?
	[ "$rc" = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && [[ $out == "zns-stat: ledger "* ]] ||
		echo "zns-stat ledger $args: exit status $rc, said: $out"
done
for bad in truncated version4; do
	out=$("$tool" ledger report "$here/fixtures/ledger/$bad.ledger" -f "$plots/x.html" 2>&1); rc=$?
	[ "$rc" = 1 ] && [ "$(wc -l <<<"$out")" = 1 ] && [[ $out == *"kept as it is"* ]] && [ ! -e "$plots/x.html" ] ||
		echo "zns-stat ledger report $bad.ledger: exit status $rc, said: $out"
done
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger plot eui --state-dir "$state" -D "$plots" 2>&1); rc=$?
[ "$rc" = 1 ] && [ "$out" = "zns-stat: ledger plot: $state/eui.0011223344556677.ledger: no ledger yet (zns-stat ledger --state-dir $state makes it)" ] ||
	echo "zns-stat ledger plot eui: exit status $rc, said: $out"
# issue 46: a command after the main view's options is said to go first, not
# taken for a disk; ledger's subcommand after --state-dir DIR is still one.
# detail's table lines fit 80 columns (its title's caveat on a line of its own)
out=$("$tool" detail zns8 | awk 'length($0) > 80')
[ -z "$out" ] || echo "zns-stat detail zns8: lines over 80 columns: $out"

out=$("$tool" -o json detail zns8 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$out" = "zns-stat: 'detail' is a command: it comes first, its options after it (zns-stat detail -o ...); see 'zns-stat --help'" ] ||
	echo "zns-stat -o json detail zns8: exit status $rc, said: $out"
out=$(ZNS_STAT_SYSFS=$sys "$tool" ledger --state-dir "$here/fixtures/ledger-dir" show zns8 -o json 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$(jq -r .disk <<<"$out" 2>&1)" = zns8 ] ||
	echo "zns-stat ledger --state-dir DIR show zns8: exit status $rc, said: $(head -n 1 <<<"$out")"

# issue 46's fixtures: zcg has every cgroup case, as rows and as zone owners;
# z4096 (scale-fixture.sh) 4,096 zones: every view reads them, exit status 0
out=$("$tool" cgroups zcg 2>&1) && [ "$(grep -cE ' \((unattributed|other|mixed)\)$' <<<"$out")" = 3 ] ||
	echo "zns-stat cgroups zcg: not its (unattributed), (other) and (mixed) rows: $out"
out=$(ZNS_STAT_CGROUPFS=/nonexistent "$tool" -a -r --columns zone,owner_cgroup zcg 2>/dev/null | cut -d' ' -f3 | tr '\n' ' ')
[ "$out" = "owner_cgroup mixed 57 unattributed other none 43 1 99 " ] ||
	echo "zns-stat -r --columns zone,owner_cgroup zcg: owners $out"
big=$(mktemp -d)
trap 'rm -rf "$state" "$prom" "$ledgers" "${plots:-}" "$big"' EXIT
bash "$here/scale-fixture.sh" "$big" 4096 z4096 || echo "scale-fixture.sh 4096 failed"
for args in "-a z4096" "-w z4096" "-r -a z4096" "-b z4096" "-i 0.05 -n 1 z4096" "detail z4096" \
	"cgroups z4096" "lifecycle z4096" "-o csv -a z4096" "-o json z4096" "-o prom z4096"; do
	# shellcheck disable=SC2086 # the words are the arguments
	ZNS_STAT_DEBUGFS=$big "$tool" $args >"$big/out" 2>"$big/err" ||
		echo "zns-stat $args: exit status $?: $(grep -v 'no cond, wptr' "$big/err" | head -n 2)"
done
[ "$(ZNS_STAT_DEBUGFS=$big "$tool" -o csv -a z4096 2>/dev/null | grep -c '^z4096,')" = 4096 ] ||
	echo "zns-stat -o csv -a z4096: not 4096 zones"
# -b: sizes in exact bytes, as lsblk -b
out=$("$tool" -b -r --columns zone,write_bytes zns8 2>/dev/null | sed -n 2p)
[ "$out" = "zns8 0 16384" ] || echo "zns-stat -b -r --columns zone,write_bytes zns8: $out"
# zns-stat placement: the device's FDP logs, here the fixture's raw pages
# (ZNS_STAT_NVME_FIXTURE): bad arguments (status 2), a namespace without FDP,
# a device that is not NVMe, none at all (status 1), each one line; the figures.
nvme=$here/fixtures/nvme
while IFS='|' read -r args want; do
	# shellcheck disable=SC2086 # the words are the arguments
	out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement $args 2>&1 >/dev/null); rc=$?
	[ "$rc" = 2 ] && [ "$out" = "zns-stat: $want; see 'zns-stat --help'" ] ||
		echo "zns-stat placement $args: exit status $rc, said: $out"
done <<'CASES'
|placement wants a DISK (an NVMe namespace with FDP, nvme1n1)
nvme1n1 nvme0n1|placement wants one DISK
-o prom nvme1n1|placement: -o wants table, csv or json
-i 0 nvme1n1|placement: -i wants seconds, at least 0.01
-i x nvme1n1|placement: -i wants seconds, at least 0.01
-i 1 -n 1.5 nvme1n1|placement: -n wants a whole number of intervals, at least 1
-n 2 nvme1n1|placement: -n goes with -i
--bogus nvme1n1|placement: unknown option '--bogus'
nvme1n1 -i|placement: -i needs a value
CASES
while IFS='|' read -r disk want; do
	out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement "$disk" 2>&1 >/dev/null); rc=$?
	[ "$rc" = 1 ] && [ "${out%% (*}" = "zns-stat: $want" ] && [ "$(wc -l <<<"$out")" = 1 ] ||
		echo "zns-stat placement $disk: exit status $rc, said: $out"
done <<'CASES'
nvme0n1|nvme0n1: FDP is not enabled on this namespace's endurance group
sda|sda: not an NVMe namespace
nvme9n9|nvme9n9: no such block device
CASES
out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -o json |
	jq -r '.disks[0] | [.endurance_group_stats | .host_bytes_written, .media_bytes_written, .waf] +
		[.placement_ids[5].ruamw_bytes, (.events | length), .event_counts[1].count] | join(" ")')
[ "$out" = "3186688 4235264 1.329 69632 8 7" ] || echo "zns-stat placement nvme1n1 -o json: $out"
out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -b | grep -A1 '^host_written' | tail -n 1 | xargs)
[ "$out" = "3186688 4235264 0 1.329" ] || echo "zns-stat placement nvme1n1 -b: $out"
# without the module's placement file: the device's figures alone, one line why
out=$(ZNS_STAT_DEBUGFS=/nonexistent ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -i 0.05 -n 2 -o csv | cut -d, -f2,6-)
[ "$out" = "$(printf 'disk,host_bytes_written,media_bytes_written,media_bytes_erased,waf,new_host_events,new_controller_events,ns_host_bytes,pid,ruhid,host_writes,host_bytes,host_bytes_per_s,host_share\nnvme1n1,0,0,0,,0,0,,,,,,,\nnvme1n1,0,0,0,,0,0,,,,,,,')" ] ||
	echo "zns-stat placement nvme1n1 -i 0.05 -n 2 -o csv (no module): $out"
empty=$(mktemp -d)
while IFS='|' read -r dbg want; do
	out=$(ZNS_STAT_DEBUGFS=$dbg ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 2>&1); rc=$?
	[ "$rc" = 0 ] && [ "$(grep -c '^No host columns' <<<"$out")" = 1 ] &&
		grep -qx "No host columns: $want." <<<"$out" && ! grep -q host_writes <<<"$out" ||
		echo "zns-stat placement nvme1n1 without its placement file ($dbg): exit status $rc, said: $(grep -i 'host col' <<<"$out")"
done <<CASES
/nonexistent|the zns_stat module is not loaded
$empty|zns_stat has not seen a write with a placement directive on nvme1n1 yet
CASES
rmdir "$empty"
# the module's placement file (fixtures/debugfs/nvme1n1): the host's figures per
# ID, none and unlisted, in every format; its total is log 22h's host bytes here
out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -o json |
	jq -r '.disks[0] | [.host.tracked, .host.bytes, .endurance_group_stats.host_bytes_written,
		.placement_ids[5].host_bytes, .placement_ids[5].host_share] +
		[.host.rows[] | select(.row != "pid") | .row, .host_writes, .host_bytes] | join(" ")')
[ "$out" = "true 3186688 3186688 1024000 0.3213 none 5 286720 unlisted 1 40960" ] ||
	echo "zns-stat placement nvme1n1 -o json, host: $out"
out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -b | awk '$1 == "0" || $1 == "none" || $1 == "unlisted"' | xargs)
[ "$out" = "0 1 host specified 1048576 - 8 1048576 32.9% none - no directive - - 5 286720 9.0% unlisted - misplaced - - 1 40960 1.3%" ] ||
	echo "zns-stat placement nvme1n1 -b, host columns: $out"
out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -o csv | sed -n '/^time,disk,nsid/,/^$/p' | cut -d, -f5,11- | xargs)
[ "$out" = "pid,host_writes,host_bytes,host_share 0,8,1048576,0.3290 1,4,524288,0.1645 2,0,0,0.0000 3,2,262144,0.0823 4,0,0,0.0000 5,10,1024000,0.3213 none,5,286720,0.0900 unlisted,1,40960,0.0129" ] ||
	echo "zns-stat placement nvme1n1 -o csv, host columns: $out"
out=$(ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 -i 0.05 -n 2 -o csv | cut -d, -f2,5,12-)
[ "$(wc -l <<<"$out")" = 17 ] && [ "$(sed -n 2p <<<"$out")" = "nvme1n1,0,0,0,1,0,0,0.000," ] &&
	[ "$(sed -n 9p <<<"$out")" = "nvme1n1,0,0,unlisted,,0,0,0.000," ] ||
	echo "zns-stat placement nvme1n1 -i 0.05 -n 2 -o csv: $out"
# a placement file the tool does not understand: the device's figures, the
# problem in one line, exit status 1
bad=$(mktemp -d)
mkdir "$bad/nvme1n1"
for text in "# pid ruhid writes\nnone - 0\nunlisted - 0|no write_sectors column" \
	"# pid ruhid writes write_sectors\n0 1 x 0\n|line 2: unexpected content '0 1 x 0'"; do
	printf '%b\n' "${text%%|*}" >"$bad/nvme1n1/placement"
	out=$(ZNS_STAT_DEBUGFS=$bad ZNS_STAT_NVME_FIXTURE=$nvme "$tool" placement nvme1n1 2>&1 >/dev/null); rc=$?
	[ "$rc" = 1 ] && [ "$out" = "zns-stat: $bad/nvme1n1/placement: ${text#*|}" ] ||
		echo "zns-stat placement nvme1n1, placement file '${text%%|*}': exit status $rc, said: $out"
done
rm -rf "$bad"
# a module with only a placement namespace: no zoned one, and where it is
only=$(mktemp -d)
cp -r "$ZNS_STAT_DEBUGFS/nvme1n1" "$only/"
out=$(ZNS_STAT_DEBUGFS=$only "$tool" 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$(sed -n 2p <<<"$out")" = "with Flexible Data Placement (zns-stat placement DISK): nvme1n1" ] ||
	echo "zns-stat with a placement namespace only: exit status $rc, said: $out"
rm -rf "$only"
# the zoned views leave it out, and say what it is when it is named; export
# without DISKs has both kinds
out=$("$tool" -o json 2>/dev/null | jq -r '[.disks[].disk] | join(" ")')
[ "$out" = "zcg zns8 zns8x" ] || echo "zns-stat -o json: namespaces $out"
out=$("$tool" -i 0.05 -n 1 -o csv 2>/dev/null | cut -d, -f2 | sort -u | xargs)
[ "$out" = "disk zcg zns8 zns8x" ] || echo "zns-stat -i 0.05 -n 1 -o csv: namespaces $out"
"$tool" export --textfile-dir "$big" 2>/dev/null
out=$(grep -E '^zns_stat_up|^zns_placement_host_bytes_total\{disk="nvme1n1",pid="(5|unlisted)"' "$big/zns_stat.prom" | xargs)
[ "$out" = 'zns_stat_up{disk=broken} 0 zns_stat_up{disk=zcg} 1 zns_stat_up{disk=zns8} 1 zns_stat_up{disk=zns8x} 1 zns_stat_up{disk=nvme1n1} 1 zns_placement_host_bytes_total{disk=nvme1n1,pid=5,ruhid=6} 1024000 zns_placement_host_bytes_total{disk=nvme1n1,pid=unlisted} 40960' ] ||
	echo "zns-stat export: $out"

for args in "nvme1n1" "detail nvme1n1" "lifecycle nvme1n1" "cgroups nvme1n1" "-i 1 -n 1 nvme1n1"; do
	# shellcheck disable=SC2086 # the words are the arguments
	out=$("$tool" $args 2>&1 >/dev/null); rc=$?
	[ "$rc" = 1 ] && [ "$out" = "zns-stat: nvme1n1: a namespace with Flexible Data Placement, not zoned: 'zns-stat placement nvme1n1'" ] ||
		echo "zns-stat $args: exit status $rc, said: $out"
done

# zns-stat record of the placement namespace (a copy of its files, written
# to during the run): the run's growth per row, its intervals summing to it,
# the device's figures (the nvme fixture's log 22h: unchanged, so 0 during
# the run), one data file and no temporary; report draws it, plot does not
rec=$big/rec
mkdir -p "$rec/dfs" && cp -r "$here/fixtures/debugfs/nvme1n1" "$rec/dfs/"
ZNS_STAT_DEBUGFS=$rec/dfs ZNS_STAT_NVME_FIXTURE=$here/fixtures/nvme \
	"$tool" record nvme1n1 -d 3 -i 0.5 -c "two writes" -D "$rec/out" >"$rec/said" 2>&1 </dev/null &
sleep 1
sed -i -e 's/^3 4 2 512 /3 4 4 1024 /' -e 's/^unlisted - 1 80 /unlisted - 3 96 /' "$rec/dfs/nvme1n1/placement"
wait $! || echo "zns-stat record nvme1n1: exit status $?, said: $(cat "$rec/said")"
dat=$(ls "$rec/out")
[ "$(ls -A "$rec/out" | wc -l)" = 1 ] && [[ $dat == nvme1n1-*.dat ]] ||
	echo "zns-stat record nvme1n1 left: $(ls -A "$rec/out")"
out=$(awk '/^# pid / { t = 1; next } t && !/^# end/ { printf "%s:%s:%s ", $1, $3, $4 }' "$rec/out/$dat")
[ "$out" = "0:0:0 1:0:0 2:0:0 3:2:512 4:0:0 5:0:0 none:0:0 unlisted:2:16 " ] ||
	echo "zns-stat record nvme1n1: the rows' growth: $out"
out=$(awk '/^ptick: / { n++; for (i = 3; i <= NF; i++) s[i] += $i } END { printf "%d", (n > 2); for (i = 3; i <= 10; i++) printf " %d", s[i] }' "$rec/out/$dat")
[ "$out" = "1 0 0 0 512 0 0 0 16" ] || echo "zns-stat record nvme1n1 -i: the intervals: $out"
grep -qx 'kind: placement' "$rec/out/$dat" && grep -qx 'fdp.media_bytes_written: 0' "$rec/out/$dat" &&
	grep -qx 'fdp.lifetime_host_bytes_written: [1-9][0-9]*' "$rec/out/$dat" ||
	echo "zns-stat record nvme1n1: its metadata: $(grep -v '^ptick\|^[0-9nu#]' "$rec/out/$dat")"
"$tool" report "$rec/out/$dat" -f "$rec/p.html" >/dev/null && grep -q '<figure id="placement_over_time">' "$rec/p.html" &&
	grep -q '<td>placement ID 3</td><td class="n">4</td><td class="n">2</td><td class="n">256KiB</td><td class="n">97.0%</td>' "$rec/p.html" ||
	echo "zns-stat report of a placement run: $(grep -A3 'placement ID 3' "$rec/p.html" | head -c 400)"
out=$("$tool" plot "$rec/out/$dat" -D "$rec/plots" 2>&1); rc=$?
[ "$rc" = 1 ] && [ ! -e "$rec/plots" ] && [[ $out == *"a run of a namespace with Flexible Data Placement, which has no zones to draw"* ]] ||
	echo "zns-stat plot of a placement run: exit status $rc, said: $out"
out=$("$tool" report "$rec/out/$dat" "$here/fixtures/runs/a.dat" -f "$rec/c.html" 2>&1); rc=$?
[ "$rc" = 1 ] && [ ! -e "$rec/c.html" ] && [[ $out == *"comparing two is for zoned runs" ]] ||
	echo "zns-stat report PLACEMENT ZONED: exit status $rc, said: $out"
exit 0
