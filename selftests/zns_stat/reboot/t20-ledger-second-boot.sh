#!/bin/bash
# The ledger across a guest reboot, second boot (after reboot/t10, on the
# same images): the first boot's ledger is there, on namespace 3; the module
# is another instance; one more write and reset in zone 2 gives its
# lifetime totals of all three. Then folds killed (SIGKILL) at random
# moments while zone 3 is written: each leaves a state file that reads, and
# the last fold's totals are exact (a killed fold wrote all or nothing).
. "${0%/*}/../lib.sh"
. "${0%/*}/../zns.sh"
. "${0%/*}/lib-reboot.sh"

require_cmd jq
nvme_up
load_zns
mount_state
ledgers=("$STATE"/*.ledger)
expect_eq "ledgers kept from the first boot" "${#ledgers[@]} $([ -e "${ledgers[0]}" ] && echo there)" "1 there"
# zns_stat tracks a namespace from its first command
nvme read /dev/$NS1 -s 0 -c 0 -z 4096 -d /tmp/zns-read >/dev/null || fail "read"
wait_tracked $NS1
folded=$("$ZNS_TOOL" ledger show $NS1 --state-dir "$STATE" -o json | jq -r .instance)
now=$(summary_value $NS1 instance)
echo "instances: the ledger's $folded, this boot's $now"
[ -n "$folded" ] && [ -n "$now" ] || fail "no instance in the ledger or the summary"
# run in the same boot as reboot/t10 (run_tests.sh reboot): nothing to test
[ "$folded" != "$now" ] || ktap_skip "the ledger's module instance is this boot's: boot again after reboot/t10"
fresh $NS1
zone2_write_reset
fold
expect_eq "zone 2's lifetime writes, write_sectors, resets (both boots)" \
	"$(lifetime 2 writes) $(lifetime 2 write_sectors) $(lifetime 2 resets)" "3 24 3"

# Folds killed mid-way: zone 3 (LBA 768 on) written once before each.
folds() { "$ZNS_TOOL" ledger show $NS1 --state-dir "$STATE" -o json | jq -r .folds; }
before=$(folds)
for i in $(seq 10); do
	nvme write /dev/$NS1 -s $((768 + i - 1)) -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null ||
		fail "write $i in zone 3"
	"$ZNS_TOOL" ledger --state-dir "$STATE" --once $NS1 >/dev/null 2>&1 &
	sleep "0.0$((RANDOM % 10))"
	kill -KILL $! 2>/dev/null
	wait $! 2>/dev/null
	"$ZNS_TOOL" ledger show $NS1 --state-dir "$STATE" >/dev/null ||
		fail "the state file does not read after fold $i was killed"
done
echo "of the 10 folds killed, $(($(folds) - before)) had written the ledger"
fold
expect_eq "zone 3's lifetime writes and write_sectors after 10 killed folds" \
	"$(lifetime 3 writes) $(lifetime 3 write_sectors)" "10 80"
expect_eq "zone 2's unchanged" "$(lifetime 2 writes) $(lifetime 2 resets)" "3 3"
umount "$STATE_MNT" || fail "umount $STATE_MNT"
finish
