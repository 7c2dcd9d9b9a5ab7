#!/bin/bash
# mkinitramfs.sh - build the busybox initramfs of the zns_stat test guest.
#
# Usage:  selftests/guest/mkinitramfs.sh [KVER]
# Env:    KVER, ZNS_CACHE as for host-setup.sh (which this runs first).
# Stdout: INITRD=<path>  (shell-quoted), i.e. ${ZNS_CACHE:-/var/cache/zns_stat}/initramfs/$KVER.cpio.gz
#
# Contents: static busybox with applet links in /bin, /init (selftests/guest/init),
# the modules needed to mount the host's root over virtio-9p (virtio_pci, 9pnet_virtio,
# 9p and their dependencies, uncompressed because busybox insmod can't decompress)
# listed in load order in /lib/zns/modules.list. NVMe is deliberately not included:
# tests load it themselves (kmod.sh) to control the order against zns_stat.
# The image is rebuilt only when one of its inputs changes (sha256 stamp).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -gt 0 ] && export KVER=$1
eval "$("$here/host-setup.sh")"	# KVER, KIMAGE_ROOT, VMLINUZ

ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
BOOT_MODULES=(virtio_pci 9pnet_virtio 9p)
busybox=/bin/busybox
out="$ZNS_CACHE/initramfs/$KVER.cpio.gz"

log() { echo "mkinitramfs: $*" >&2; }

# Module files in load order, without duplicates (--show-depends repeats shared deps).
mapfile -t mods < <(modprobe -d "$KIMAGE_ROOT" -S "$KVER" --show-depends -a "${BOOT_MODULES[@]}" |
	awk '$1 == "insmod" && !seen[$2]++ { print $2 }')
[ "${#mods[@]}" -gt 0 ] || { log "no modules resolved for ${BOOT_MODULES[*]} in $KIMAGE_ROOT"; exit 1; }

stamp=$( { echo "$KVER"; sha256sum "$here/init" "$here/mkinitramfs.sh" "$busybox" "${mods[@]}"; } |
	sha256sum | cut -d' ' -f1)

mkdir -p "$ZNS_CACHE/initramfs"
exec 9>"$ZNS_CACHE/initramfs/.lock"
flock 9

if [ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
	printf 'INITRD=%q\n' "$out"
	exit 0
fi

log "building $out"
tmp=$(mktemp -d "$ZNS_CACHE/initramfs/.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
r="$tmp/root"
mkdir -p "$r"/{bin,dev,proc,sys,host,hostfull,lib/zns/modules}

cp "$busybox" "$r/bin/busybox"
for applet in $("$busybox" --list); do
	[ -e "$r/bin/$applet" ] || ln -s busybox "$r/bin/$applet"
done
install -m 0755 "$here/init" "$r/init"
# The kernel's built-in initramfs already has /dev/console; this is belt and braces.
mknod -m 600 "$r/dev/console" c 5 1 2>/dev/null || true

for m in "${mods[@]}"; do
	base=$(basename "$m")
	case $base in
	*.ko.xz)  xz -dc "$m" >"$r/lib/zns/modules/${base%.xz}";    base=${base%.xz} ;;
	*.ko.zst) zstd -qdc "$m" >"$r/lib/zns/modules/${base%.zst}"; base=${base%.zst} ;;
	*.ko.gz)  gzip -dc "$m" >"$r/lib/zns/modules/${base%.gz}";  base=${base%.gz} ;;
	*)        cp "$m" "$r/lib/zns/modules/$base" ;;
	esac
	# "file module_name": init checks /sys/module/<name> to tolerate already-loaded ones.
	name=${base%.ko}
	echo "$base ${name//-/_}" >>"$r/lib/zns/modules.list"
done

(cd "$r" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	gzip -1 >"$tmp/initramfs.cpio.gz"
mv "$tmp/initramfs.cpio.gz" "$out"
echo "$stamp" >"$out.stamp"
printf 'INITRD=%q\n' "$out"
