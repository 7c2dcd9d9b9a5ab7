#!/bin/bash
# zns-stat ledger keys a namespace by its identity, not by its name. nvmet
# exports the zoned nsid 2 over nvme-tcp on 127.0.0.1 with an NGUID we choose
# (QEMU's own namespaces have none the kernel believes, and a fixed serial);
# nvme_core without multipath, as t65. Under one name, another NGUID gets a
# ledger of its own and the first one's is left as it was; the first NGUID
# again under another name (a controller without namespaces connected first
# takes the name) finds its ledger and adds to it.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_nvmet_tcp
cfg=$NVMET_CFG
nqn=nqn.2026-11.org.zns-stat:t84
empty_nqn=nqn.2026-11.org.zns-stat:t84-empty
ns=$cfg/subsystems/$nqn/namespaces/1
hostid=00000000-0000-4000-8000-000000000084
nguid_a=84000000000000000000000000000a0a
nguid_b=84000000000000000000000000000b0b
state=/tmp/t84-ledger

teardown() {
	nvmet_tcp_down 84 "$nqn" "$empty_nqn"
	rm -rf "$state"
}
trap teardown EXIT

nvmet_tcp_up
# by NSID: on sid's 7.x nvme0n2 was not namespace 2 (parallel scanning)
find_namespaces
load_zns

mkdir "$cfg/subsystems/$nqn" "$cfg/subsystems/$empty_nqn" || fail "nvmet subsystems"
echo 1 > "$cfg/subsystems/$nqn/attr_allow_any_host"
echo 1 > "$cfg/subsystems/$empty_nqn/attr_allow_any_host"
mkdir "$ns"
echo -n "/dev/$NS2" > "$ns/device_path"
nvmet_tcp_port 84 "$nqn" "$empty_nqn"

# export NGUID: the namespace, disabled while its NGUID changes
export_nguid() {
	echo 0 > "$ns/enable"
	echo "$1" > "$ns/device_nguid" || fail "nvmet refuses NGUID $1"
	echo 1 > "$ns/enable" || fail "nvmet refuses /dev/$NS2"
}
disconnect() {	# disconnect CTRL
	local end=$((SECONDS + 20))
	echo 1 > "/sys/class/nvme/$1/delete_controller" || fail "delete $1"
	while [ -e "/sys/class/nvme/$1" ]; do
		[ $SECONDS -lt $end ] || fail "$1 still there 20 s after its deletion"
		sleep 0.1
	done
}
# write ZONE N: N writes of 4 KiB at the zone's write pointer (zone empty)
write() {
	dd if=/dev/zero of="/dev/$disk" bs=4096 count="$2" seek=$(($1 * 256)) \
		oflag=direct status=none || fail "write zone $1 of $disk"
}
zreset() {
	blkzone reset -o $(($1 * ZONE_SECTORS)) -c 1 "/dev/$disk" || fail "reset zone $1"
}
fold() {
	"$ZNS_TOOL" ledger --state-dir "$state" --once "$disk" || fail "zns-stat ledger --once $disk"
}
ledger_file() {	# of the namespace $disk is now
	echo "$state/nguid.$(tr -d ' ' < "/sys/block/$disk/nguid").ledger"
}
# ledgers: the state directory's ledgers, one per line
ledgers() {
	find "$state" -name '*.ledger' | sort
}

rm -rf "$state"
mkdir -p "$state"

# NGUID A as nvme?n1: 3 writes in zone 0, a reset, 1 write.
export_nguid $nguid_a
fabrics_connect "$nqn" "$hostid"
disk=${ctrl}n1
wait_for_block "$disk"
fresh "$disk"
echo "# $disk: nguid $(cat "/sys/block/$disk/nguid")"
write 0 3; zreset 0; write 0 1
fold
ledger_a=$(ledger_file)
[ -f "$ledger_a" ] || fail "no ledger $ledger_a"
expect_eq "ledgers after A" "$(ledgers)" "$ledger_a"
a_before=$(cat "$ledger_a")
name_a=$disk

# NGUID B under the same name: a ledger of its own, from zero; A's unchanged.
disconnect "$ctrl"
blkzone reset "/dev/$NS2" || fail "blkzone reset $NS2"
export_nguid $nguid_b
fabrics_connect "$nqn" "$hostid"
disk=${ctrl}n1
[ "$disk" = "$name_a" ] || fail "B came as $disk, not $name_a: the test needs the same name"
wait_for_block "$disk"
fresh "$disk"
write 1 2
fold
ledger_b=$(ledger_file)
[ "$ledger_b" != "$ledger_a" ] || fail "NGUID B has A's ledger name $ledger_a"
expect_eq "ledgers after B" "$(ledgers)" "$(printf '%s\n' "$ledger_a" "$ledger_b" | sort)"
expect_eq "B zone 0 writes" "$(ledger_value "$state" "$disk" 0 writes)" 0
expect_eq "B zone 0 resets" "$(ledger_value "$state" "$disk" 0 resets)" 0
expect_eq "B zone 1 writes" "$(ledger_value "$state" "$disk" 1 writes)" 2
expect_eq "B zone 1 write sectors" "$(ledger_value "$state" "$disk" 1 write_sectors)" 16
[ "$(cat "$ledger_a")" = "$a_before" ] || fail "A's ledger changed while B was folded"

# NGUID A again, another name: the empty subsystem's controller takes A's.
disconnect "$ctrl"
blkzone reset "/dev/$NS2" || fail "blkzone reset $NS2"
export_nguid $nguid_a
fabrics_connect "$empty_nqn" "$hostid"
fabrics_connect "$nqn" "$hostid"
disk=${ctrl}n1
[ "$disk" != "$name_a" ] || fail "A came back as $disk again: the test needs another name"
wait_for_block "$disk"
fresh "$disk"
write 0 2
fold
expect_eq "ledger of A as $disk" "$(ledger_file)" "$ledger_a"
expect_eq "ledgers after A as $disk" "$(ledgers)" "$(printf '%s\n' "$ledger_a" "$ledger_b" | sort)"
expect_eq "A zone 0 writes" "$(ledger_value "$state" "$disk" 0 writes)" 6
expect_eq "A zone 0 write sectors" "$(ledger_value "$state" "$disk" 0 write_sectors)" 48
expect_eq "A zone 0 resets" "$(ledger_value "$state" "$disk" 0 resets)" 1
expect_eq "A zone 1 writes" "$(ledger_value "$state" "$disk" 1 writes)" 0
expect_eq "A's ledger names its disk" \
	"$(sed -n 's/^disk: //p' "$ledger_a")" "$disk"
finish
