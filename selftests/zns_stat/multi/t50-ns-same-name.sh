#!/bin/bash
# A multipath namespace detached from both controllers and attached again
# to one of them comes back under the same head name, as a new disk: its
# counters start from zero. The path through the other controller is gone,
# and its statistics must not carry the old counters over into the new
# namespace, even before the once-a-second poll has noticed it is deleted
# (a race: under TCG the poll usually wins it, so the test catches the bug
# only now and then; it checks the outcome either way).
. "${0%/*}/lib-multi.sh"

require_cmd nvme
multi_up
load_zns
ZONE_SECTORS=4096	# 2 MiB zones
subsys=$(dirname "$(readlink -f "/sys/block/$head_disk")")
echo round-robin > "$subsys/iopolicy" || fail "iopolicy round-robin ($subsys)"
ctrls=()
for c in "$subsys"/nvme*; do [[ ${c##*/} =~ ^nvme[0-9]+$ ]] && ctrls+=("${c##*/}"); done
[ "${#ctrls[@]}" = 2 ] || fail "subsystem ${subsys##*/} has ${#ctrls[@]} controllers, not 2"

fresh "$head_disk"
dd if=/dev/zero of="/dev/$head_disk" bs=4096 count=8 oflag=direct status=none || fail "dd 8 writes"
expect_summary "$head_disk" paths=2 writes=8 dropped=0

for c in "${ctrls[@]}"; do
	nvme detach-ns "/dev/$c" -n 1 -c "$(cat "/sys/class/nvme/$c/cntlid")" >/dev/null ||
		fail "detach nsid 1 from $c"
	nvme ns-rescan "/dev/$c" || fail "ns-rescan $c"
done
end=$((SECONDS + 30))
while [ -e "/sys/block/$head_disk" ]; do
	[ $SECONDS -lt $end ] || fail "$head_disk still there 30 s after its detach"
	sleep 0.02
done
c=${ctrls[0]}
nvme attach-ns "/dev/$c" -n 1 -c "$(cat "/sys/class/nvme/$c/cntlid")" >/dev/null ||
	fail "attach nsid 1 to $c"
nvme ns-rescan "/dev/$c" || fail "ns-rescan $c"
old=$head_disk head_disk=
for i in $(seq 1500); do
	for b in "$subsys"/nvme*n*; do
		[ -b "/dev/${b##*/}" ] && head_disk=${b##*/}
	done
	[ -n "$head_disk" ] && break
	sleep 0.02
done
[ -n "$head_disk" ] || fail "no head disk in ${subsys##*/} 30 s after the attach"
echo "nsid 1 came back as $head_disk ($([ "$head_disk" = "$old" ] && echo "the same name" || echo "a new name: the merge cannot happen"))"
blkzone report -c 1 "/dev/$head_disk" >/dev/null || fail "blkzone report $head_disk"
wait_tracked "$head_disk"
dmesg | grep -F zns_stat | tail -n 6	# for the log: deleted / tracking, in order
expect_summary "$head_disk" paths=1 writes=0 dropped=0
dd if=/dev/zero of="/dev/$head_disk" bs=4096 count=2 seek=8 oflag=direct status=none ||
	fail "dd 2 writes"
expect_summary "$head_disk" paths=1 writes=2 dropped=0
finish
