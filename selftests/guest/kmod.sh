#!/bin/bash
# kmod.sh - load/unload kernel modules of the guest kernel from the extracted tree.
#
# Usage: kmod.sh load MODULE...     load with dependencies (built-in/loaded ones are fine)
#        kmod.sh unload MODULE...   unload, then its dependencies that nothing else uses
#                                   (not loaded or built-in: nothing to do)
#        kmod.sh deps MODULE...     print the load order (insmod/builtin lines)
# Env:   ZNS_KMOD_ROOT  root of the extracted kernel package (has lib/modules/$(uname -r));
#                       default / (the running system's own modules)
#
# The guest's /lib/modules is the host's and has no tree for the guest kernel, so
# this points kmod's modprobe at the extracted tree (its modules.dep/.bin indexes come
# from depmod in host-setup.sh); modprobe follows dependencies and softdeps (nvme needs
# nvme-core, t10-pi, crc64-rocksoft, crc64, crc-t10dif, crct10dif_*), and knows
# built-in modules from modules.builtin.
set -euo pipefail

root=${ZNS_KMOD_ROOT:-/}
kver=$(uname -r)

usage() {
	echo "usage: $0 load|unload|deps MODULE..." >&2
	exit 2
}
[ $# -ge 2 ] || usage
op=$1
shift
if [ ! -e "$root/lib/modules/$kver/modules.dep.bin" ]; then
	echo "kmod.sh: no module indexes in $root/lib/modules/$kver (ZNS_KMOD_ROOT?)" >&2
	exit 1
fi
modprobe=(modprobe -d "$root" -S "$kver")

# Since 6.x (not 6.1; 6.12 and later) nvme scans the namespaces of a controller in
# parallel, so nvme0n1 is not necessarily nsid 1. The tests name disks, so reload nvme
# (with nvme_core, which makes zns_stat forget them) until every nvmeXnY is nsid Y.
nvme_names_follow_nsids() {
	local c d want have end=$((SECONDS + 15))

	# Controllers probe asynchronously too. A timeout is not ours to report:
	# the test that waits for its disks does.
	until compgen -G '/dev/nvme[0-9]*' >/dev/null; do
		[ "$SECONDS" -lt "$end" ] || return 0
		sleep 0.1
	done
	for c in /dev/nvme[0-9]*; do
		[[ $c =~ ^/dev/nvme[0-9]+$ ]] || continue
		# The scan is over when every active namespace has its block device.
		while :; do
			want=$(nvme list-ns "$c" 2>/dev/null | grep -c .) || want=0
			have=$(find /sys/block -maxdepth 1 -regex "/sys/block/${c#/dev/}n[0-9]+" | wc -l)
			[ "$want" -gt 0 ] && [ "$have" -ge "$want" ] && break
			[ "$SECONDS" -lt "$end" ] || return 0
			sleep 0.1
		done
	done
	for d in /sys/block/nvme*; do
		[[ ${d##*/} =~ ^nvme[0-9]+n([0-9]+)$ ]] || continue
		[ "$(cat "$d/nsid" 2>/dev/null)" = "${BASH_REMATCH[1]}" ] || return 1
	done
}

# 20 loads missed once on 6.12 in make check (2026-11-23, t10): up to 60 make
# that much rarer, at a few seconds per extra load, paid only when it misses.
load_nvme_in_nsid_order() {
	local try

	for try in $(seq 60); do
		nvme_names_follow_nsids && return 0
		rmmod nvme && rmmod nvme_core || return 1
		"${modprobe[@]}" nvme || return 1
	done
	echo "kmod.sh: disk names do not follow namespace IDs after 60 loads of nvme" >&2
	return 1
}

case $op in
load)
	"${modprobe[@]}" -a "$@"
	for m in "$@"; do
		if [ "$m" = nvme ]; then
			load_nvme_in_nsid_order
		fi
	done
	;;
unload)
	for m in "$@"; do
		m=${m//-/_}
		# Dependencies (and softdeps) in reverse load order, without duplicates.
		mapfile -t deps < <("${modprobe[@]}" --show-depends "$m" 2>/dev/null |
			awk '$1 == "insmod" { n = split($2, p, "/"); sub(/\.ko.*$/, "", p[n])
				gsub(/-/, "_", p[n]); if (!seen[p[n]]++) l[++c] = p[n] }
				END { for (i = c; i > 0; i--) if (l[i] != "'"$m"'") print l[i] }')
		# Only modules (not built-in code) that are loaded have initstate.
		[ -e "/sys/module/$m/initstate" ] || continue
		# Right after a probe (PCI rescan) async work may hold it for a moment.
		for try in $(seq 20); do
			rmmod "$m" 2>/dev/null && break
			[ "$try" -lt 20 ] || { rmmod "$m"; exit 1; }
			sleep 0.5
		done
		# modprobe -r would leave some (e.g. t10_pi after nvme_core): drop every
		# dependency that nothing uses any more; others stay.
		for d in "${deps[@]}"; do
			[ -e "/sys/module/$d/initstate" ] && [ "$(cat "/sys/module/$d/refcnt")" = 0 ] &&
				{ rmmod "$d" 2>/dev/null || true; }
		done
	done
	;;
deps)
	"${modprobe[@]}" --show-depends -a "$@"
	;;
*)
	usage
	;;
esac
