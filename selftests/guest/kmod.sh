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

case $op in
load)
	# Since 6.x (6.12, not 6.1) nvme scans namespaces in parallel: nvme0n1
	# need not be namespace 1. Callers find disks by NSID (the selftests'
	# find_namespaces), never by name.
	"${modprobe[@]}" -a "$@"
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
