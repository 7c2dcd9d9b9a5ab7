# shellcheck shell=bash
# Helpers for the multi/ tests (devices of selftests/guest/multi-devices.sh).
. "${0%/*}/../lib.sh"
. "${0%/*}/../zns.sh"

# subsys_dir NQN_SUFFIX: the /sys/class/nvme-subsystem entry of that subsystem.
subsys_dir() {
	local s
	for s in /sys/class/nvme-subsystem/nvme-subsys*; do
		[[ $(cat "$s/subsysnqn" 2>/dev/null) == *"$1" ]] && echo "$s" && return 0
	done
	return 1
}

# The multipath head (nvmeXn1 of subsystem zns-mp, with paths nvmeXcZn1) and
# the 32768-zone disk.
multi_up() {
	local d name s
	nvme_up
	head_disk= big_disk=
	for i in $(seq 100); do
		s=$(subsys_dir zns-mp) && name=${s##*nvme-subsys} &&
			[ -b "/dev/nvme${name}n1" ] && head_disk=nvme${name}n1
		for d in /sys/block/nvme*n*; do
			[ "$(cat "$d/queue/nr_zones")" = 32768 ] && big_disk=${d##*/}
		done
		[ -n "$head_disk" ] && [ -n "$big_disk" ] && break
		sleep 0.2
	done
	[ -n "$head_disk" ] || fail "no multipath head disk"
	[ -n "$big_disk" ] || fail "no 32768-zone disk"
	echo "multipath head: $head_disk ($(cd /sys/block && echo "${head_disk%n*}"c*n"${head_disk##*n}")); 32768 zones: $big_disk"
}
