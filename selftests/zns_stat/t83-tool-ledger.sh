#!/bin/bash
# zns-stat ledger: each zone's lifetime totals equal every command run, across
# a clear and two reloads of zns_stat, when folded before each; what ran after
# the last fold before a reload is lost and nothing is counted twice (a fold
# of unchanged counters adds nothing); the lifecycle's totals agree with the
# zones'; ledger plot and report draw it; a corrupted state file is said and kept.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"
require_cmd jq

nvme_up
load_zns
fresh $NS1
state=/tmp/t83-ledger
rm -rf "$state"
mkdir -p "$state"
d4k=$(data_file 4096)
for f in nguid eui uuid wwid; do	# which identity QEMU's namespace shows
	[ -e /sys/block/$NS1/$f ] && echo "# $NS1 $f: $(cat /sys/block/$NS1/$f)"
done

# What the ledger must hold, per zone of $NS1 (256 LBAs of 4 KiB a zone).
declare -a W R RD F WP
count=1
wr() {	# wr ZONE N: N writes of one LBA at the zone's write pointer
	local i
	for ((i = 0; i < $2; i++)); do
		nvme write /dev/$NS1 -s $(($1 * 256 + ${WP[$1]:-0})) -c 0 -z 4096 -d "$d4k" \
			>/dev/null || fail "write zone $1"
		WP[$1]=$((${WP[$1]:-0} + 1))
		((count)) && W[$1]=$((${W[$1]:-0} + 1))
	done
}
rd() {	# rd ZONE: one LBA read at the zone's start
	nvme read /dev/$NS1 -s $(($1 * 256)) -c 0 -z 4096 -d /dev/null >/dev/null ||
		fail "read zone $1"
	RD[$1]=$((${RD[$1]:-0} + 1))
}
zreset() {
	nvme zns reset-zone /dev/$NS1 -s $(($1 * 256)) >/dev/null || fail "reset zone $1"
	WP[$1]=0
	R[$1]=$((${R[$1]:-0} + 1))
}
zfinish() {
	nvme zns finish-zone /dev/$NS1 -s $(($1 * 256)) >/dev/null || fail "finish zone $1"
	WP[$1]=256
	F[$1]=$((${F[$1]:-0} + 1))
}
fold() {
	"$ZNS_TOOL" ledger --state-dir "$state" --once $NS1 || fail "zns-stat ledger --once"
}
reload() {
	unload_zns
	load_zns
	blkzone report -c 1 "/dev/$NS1" >/dev/null || fail "blkzone report $NS1"
	wait_tracked $NS1
}

wr 0 3; rd 0; zreset 0; wr 0 1; wr 1 2; zfinish 1
fold
# a clear: the generation moves, the instance stays
inst=$(summary_value $NS1 instance) gen=$(summary_value $NS1 generation)
wr 2 2; fold
zns_clear $NS1
expect_summary $NS1 instance=$inst generation=$((gen + 1))
wr 2 1; rd 2; zreset 2
fold
# a reload: a new instance
wr 3 1; fold
reload
[ "$(summary_value $NS1 instance)" != "$inst" ] || fail "the instance survived a reload"
wr 3 2; zreset 1; wr 1 1
fold
# the bound: a write after the last fold, then a reload, is lost
count=0; wr 4 1; count=1
reload
wr 4 1
fold
fold	# the same counters again: nothing added
ledger=$("$ZNS_TOOL" ledger show $NS1 --state-dir "$state" -o csv) || fail "zns-stat ledger show"
for ((z = 0; z < 16; z++)); do
	want="${RD[z]:-0} $((${RD[z]:-0} * 8)) ${W[z]:-0} $((${W[z]:-0} * 8)) ${R[z]:-0} ${F[z]:-0}"
	got=$(awk -F, -v z=$z 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["zone"]) == z { print $(c["reads"]), $(c["read_sectors"]), $(c["writes"]),
			$(c["write_sectors"]), $(c["resets"]), $(c["finishes"]) }' <<<"$ledger")
	expect_eq "zone $z reads read_sectors writes write_sectors resets finishes" "$got" "$want"
done
json=$("$ZNS_TOOL" ledger show $NS1 --state-dir "$state" -o json) || fail "ledger show -o json"
# folds: 7, of which the first, the clear's and the two reloads' started over
expect_eq "folds restarts" "$(jq -r '"\(.folds) \(.restarts)"' <<<"$json")" "7 4"
expect_eq "instance" "$(jq -r .instance <<<"$json")" "$(summary_value $NS1 instance)"
# the lifecycle folds with the zones, from the same readings (a clear swaps both):
# its reclaimed sectors are the zones' fill at reset summed, its fill buckets
# (and fraction unknown) count the zones' resets of known fill
expect_eq "reclaimed_sectors, the zones' fill_sum_sectors" \
	"$(jq -r .namespace.reclaimed_sectors <<<"$json")" "$(jq -r '[.zones[].fill_sum_sectors] | add' <<<"$json")"
expect_eq "resets of known fill in the buckets, in the zones" \
	"$(jq -r '[.namespace | to_entries[] | select(.key | test("^resets_fill_([0-9]+pct|fraction_unknown)$")) | .value] | add' <<<"$json")" \
	"$(jq -r '[.zones[].fill_resets] | add' <<<"$json")"
# its lifetime heatmaps and page
plots=/tmp/t83-plots
rm -rf "$plots"
"$ZNS_TOOL" ledger plot $NS1 --state-dir "$state" -D "$plots" >/dev/null || fail "zns-stat ledger plot"
expect_eq "ledger plot's figures" "$(cd "$plots"/*/ && echo *.svg)" "lifetime_resets.svg lifetime_written.svg"
"$ZNS_TOOL" ledger report $NS1 --state-dir "$state" -f "$plots/page.html" >/dev/null ||
	fail "zns-stat ledger report"
grep -q '<h2>Reset outliers</h2>' "$plots/page.html" || fail "ledger report's page has no reset outliers"

# a corrupted state file: one line, exit status 1, kept byte for byte
file=$(echo "$state"/*.ledger)
cp "$file" /tmp/t83-good
sed -i 's/^1 /1 x/' "$file"	# zone 1's line
cp "$file" /tmp/t83-bad
if out=$("$ZNS_TOOL" ledger --state-dir "$state" --once $NS1 2>&1); then
	fail "zns-stat ledger folded into a corrupted file"
fi
echo "# $out"
[[ $out == *"kept as it is"* ]] || fail "zns-stat ledger said: $out"
cmp -s "$file" /tmp/t83-bad || fail "zns-stat ledger changed the corrupted file"
cp /tmp/t83-good "$file"
finish
