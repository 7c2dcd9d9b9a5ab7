# shellcheck shell=bash
# lib-reboot.sh - what reboot/t10 and reboot/t20 share: the ledger's state
# on namespace 3 (ext4: the disk that survives the reboot), the zone work
# and the lifetime totals read back.
STATE_MNT=/tmp/zns-state
STATE=$STATE_MNT/ledger

mount_state() {
	"$ZNS_KMOD_SH" load ext4 >/dev/null || fail "cannot load ext4"
	mkdir -p "$STATE_MNT"
	mount -t ext4 /dev/$NS3 "$STATE_MNT" || fail "mount /dev/$NS3"
	mkdir -p "$STATE"
}

# zone2_write_reset: one 4 KiB write at zone 2's start, then its reset.
zone2_write_reset() {
	nvme write /dev/$NS1 -s 512 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null ||
		fail "write zone 2"
	nvme zns reset-zone /dev/$NS1 -s 512 >/dev/null || fail "reset zone 2"
}

fold() {
	"$ZNS_TOOL" ledger --state-dir "$STATE" --once $NS1 || fail "zns-stat ledger"
}

lifetime() {	# lifetime ZONE COLUMN: NS1's, in the ledger on namespace 3
	ledger_value "$STATE" $NS1 "$1" "$2"
}
