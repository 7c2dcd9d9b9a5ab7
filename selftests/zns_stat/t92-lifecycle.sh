#!/bin/bash
# Device lifecycle under load (fio reads) with debugfs readers running:
# controller reset and namespace rescan (the reads fio saw complete are
# exactly the reads counted), PCI remove (the directory goes) and rescan
# (fresh statistics), nvme and nvme_core unloaded and reloaded, zns_stat
# unloaded and reloaded again and again.
. "${0%/*}/lib.sh"
. "${0%/*}/zns.sh"

require_cmd fio jq
nvme_up
load_zns
fresh $NS1
start_readers 2

for event in "nvme reset /dev/nvme0" "nvme ns-rescan /dev/nvme0"; do
	zns_clear $NS1
	fio_reads_bg $NS1 2000
	sleep 2
	$event >/dev/null || fail "$event"
	wait $fio_pid || fail "fio during '$event'"
	wait_for_block $NS1
	expect_summary $NS1 reads="$(fio_json /tmp/fio-bg.json read total_ios)" writes=0
	echo "after '$event': errors $(summary_value $NS1 errors) (aborted and retried attempts)"
done

# PCI remove: the namespace, and its directory, go away.
bdf=$(pci_address)
fio_reads_bg $NS1 100000
sleep 2
echo 1 > "/sys/bus/pci/devices/$bdf/remove" || fail "PCI remove $bdf"
wait $fio_pid
# The driver deletes the namespaces one by one, and a poll once a second
# notices each: wait for all of them (nvme0n2 may be tracked too).
end=$((SECONDS + 10))
while { [ -e "$ZNS_DEBUGFS/$NS1" ] || [ "$(status_value disks)" != 0 ]; } &&
	[ $SECONDS -lt $end ]; do
	sleep 0.2
done
expect_eq "$NS1 directory after PCI remove" \
	"$([ -e "$ZNS_DEBUGFS/$NS1" ] && echo present || echo gone)" gone
expect_eq "disks after PCI remove" "$(status_value disks)" 0
# Rescan: the namespace comes back with fresh statistics.
echo 1 > /sys/bus/pci/rescan || fail "PCI rescan"
# A re-probe under TCG can take tens of seconds; newer kernels scan namespaces
# in parallel, so find the 4096-byte one by its attributes, not its name.
end=$((SECONDS + 120)) disk=
while [ -z "$disk" ] && [ $SECONDS -lt $end ]; do
	sleep 0.5
	for b in /sys/block/nvme0n*; do
		[ "$(cat "$b/queue/logical_block_size" 2>/dev/null)" = 4096 ] &&
			[ -b "/dev/${b##*/}" ] && disk=${b##*/}
	done
done
if [ -z "$disk" ]; then
	echo w > /proc/sysrq-trigger	# what is blocked, for the log
	sleep 1
	dmesg | tail -n 60
	echo "block: $(ls /sys/block | tr '\n' ' ')"
	echo "nvme: $(ls /sys/class/nvme | tr '\n' ' ') subsystems: $(ls /sys/class/nvme-subsystem | tr '\n' ' ')"
	grep -H . /sys/class/nvme-subsystem/*/nvme*/address /sys/block/*/queue/logical_block_size 2>&1 | head -20
	fail "no 4096-byte namespace 120 s after PCI rescan"
fi
blkzone report -c 1 "/dev/$disk" >/dev/null || fail "blkzone report $disk"
wait_tracked "$disk"
# Fresh: nothing of the old counters, though fio read it before. Newer
# kernels read a few blocks of a namespace as they add it: those count.
read -r kreads _ ksectors _ <"/sys/block/$disk/stat"
expect_zones "$disk" 0:reads="$kreads" 0:read_sectors="$ksectors"
fresh "$disk"
nvme write "/dev/$disk" -s 0 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null || fail "write"
expect_zones "$disk" 0:writes=1 0:write_sectors=8
# Back to the usual names for what follows.
unload_nvme
nvme_up

# nvme and nvme_core unloaded under load while zns_stat stays, then back.
fio_reads_bg $NS1 100000
sleep 2
unload_nvme
wait $fio_pid
nvme_down
expect_eq "$NS1 directory without nvme_core" \
	"$([ -e "$ZNS_DEBUGFS/$NS1" ] && echo present || echo gone)" gone
expect_eq "attached without nvme_core" "$(status_value attached)" 0
nvme_up
fresh $NS1
nvme write /dev/$NS1 -s 512 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null || fail "write"
expect_zones $NS1 2:writes=1 2:write_sectors=8

# zns_stat unloaded and reloaded under load; counting is exact after each.
rounds=$(stress_count 5 50)
fio_reads_bg $NS1 1000000
for i in $(seq "$rounds"); do
	# A reader with a debugfs file open pins the module for a moment: retry.
	for try in $(seq 50); do
		rmmod zns_stat 2>/dev/null && break
		[ "$try" -lt 50 ] || fail "rmmod round $i"
		sleep 0.1
	done
	insmod "$ZNS_KO" || fail "insmod round $i"
done
kill $fio_pid 2>/dev/null
wait $fio_pid
stop_readers
fresh $NS1
nvme write /dev/$NS1 -s 256 -c 0 -z 4096 -d "$(data_file 4096)" >/dev/null || fail "write"
expect_zones $NS1 1:writes=1 1:write_sectors=8
echo "$rounds reloads under load"
finish
