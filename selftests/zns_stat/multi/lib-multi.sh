# shellcheck shell=bash
# Helpers for the multi/ tests (devices of selftests/guest/multi-devices.sh).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../zns.sh"

# The multipath head (nvmeXnY with paths nvmeXcZnY) and the 32768-zone disk.
multi_up() {
	local d name
	nvme_up
	head_disk= big_disk=
	for i in $(seq 100); do
		for d in /sys/block/nvme*n*; do
			name=${d##*/}
			[[ $name =~ ^nvme([0-9]+)n([0-9]+)$ ]] || continue
			compgen -G "/sys/block/nvme${BASH_REMATCH[1]}c*n${BASH_REMATCH[2]}" >/dev/null &&
				head_disk=$name
			[ "$(cat "$d/queue/nr_zones")" = 32768 ] && big_disk=$name
		done
		[ -n "$head_disk" ] && [ -n "$big_disk" ] && break
		sleep 0.2
	done
	[ -n "$head_disk" ] || fail "no multipath head disk"
	[ -n "$big_disk" ] || fail "no 32768-zone disk"
	echo "multipath head: $head_disk ($(cd /sys/block && echo "${head_disk%n*}"c*n"${head_disk##*n}")); 32768 zones: $big_disk"
}
