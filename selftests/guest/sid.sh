#!/bin/bash
# sid.sh - build zns_stat against Debian sid's newest kernel (7.x) from this bookworm
# machine, and fetch that kernel for the guest. Used by "make check-sid".
#
# Usage: selftests/guest/sid.sh     (as root; idempotent, cached)
# Stdout: shell-quoted assignments, nothing else (progress goes to stderr):
#         KVER=...         sid's kernel release (from sid's linux-headers-amd64)
#         ZNS_VMLINUZ=...  its image, ZNS_KMOD_ROOT=... its modules (guest/host-setup.sh)
#         ZNS_KO=...       zns_stat.ko built against its headers, in build/kernels/KVER
#         SID_BUILD_LOG=.. the W=1 build's findings (empty when clean)
#
# Why a chroot: sid's headers come with kbuild tools (fixdep, modpost) linked against
# sid's glibc (bookworm's is older), and its kernel is configured for sid's gcc (the
# headers package depends on gcc-16-for-host), so neither runs on bookworm. mmdebstrap
# builds a small sid root ($ZNS_CACHE/sid/root: apt, make, gcc, the headers) once;
# the module is built in it. The image is split in sid (linux-binary-KVER with the
# vmlinuz, linux-modules-KVER): both are extracted for the guest, as host-setup.sh does
# for bookworm's. apt reads sid with Check-Valid-Until=false: a mirror may serve a
# Release file whose Valid-Until is past (as here), and sid is read-only input.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$repo/selftests/lib/apt.sh"
ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
sid=$ZNS_CACHE/sid
mirror=${ZNS_SID_MIRROR:-http://deb.debian.org/debian}

log() { echo "sid: $*" >&2; }
die() { log "$*"; exit 1; }

mkdir -p "$sid/apt/lists/partial" "$sid/apt/archives/partial"
exec 7>"$sid/.lock"
flock 7

command -v mmdebstrap >/dev/null ||
	zns_apt_install -q mmdebstrap >&2

# sid's package lists, private to this cache: the host's apt never sees sid.
cat >"$sid/apt/sid.sources" <<EOF
Types: deb
URIs: $mirror
Suites: sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
apt_sid=(-o Dir::Etc::SourceList="$sid/apt/sid.sources" -o Dir::Etc::SourceParts=/nonexistent
	 -o Dir::State::Lists="$sid/apt/lists" -o Dir::Cache::Archives="$sid/apt/archives"
	 -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o Acquire::Check-Valid-Until=false
	 -o Dir::State::status=/var/lib/dpkg/status)
log "apt-get update (sid)"
zns_apt_get "${apt_sid[@]}" update -qq >&2 || die "cannot read sid's package lists from $mirror"

ver=$(apt-cache "${apt_sid[@]}" show linux-headers-amd64 | sed -n 's/^Version: //p' | sort -V | tail -n 1)
KVER=$(apt-cache "${apt_sid[@]}" show "linux-headers-amd64=$ver" |
	sed -n 's/^Depends:.*linux-headers-\([^ ,]*-amd64\) (=.*/\1/p' | head -n 1)
[ -n "$KVER" ] || die "cannot resolve sid's kernel release from linux-headers-amd64"
log "sid's kernel: $KVER"

# The build root: sid's apt, make, the compiler its headers want, the headers.
root=$sid/root
if [ "$(cat "$root/.kver" 2>/dev/null)" != "$KVER" ]; then
	rm -rf "$root"
	log "mmdebstrap sid into $root (once per sid kernel; a few minutes)"
	mmdebstrap --mode=root --variant=apt --include="make,kmod,linux-headers-$KVER" \
		--aptopt='Acquire::Check-Valid-Until "false"' --aptopt='Acquire::Retries "3"' \
		sid "$root" "$mirror" >&2 || { rm -rf "$root"; die "mmdebstrap failed"; }
	echo "$KVER" >"$root/.kver"
fi

# The module, built inside the root from a copy of the sources.
out=$repo/build/kernels/$KVER
rm -rf "$root/build" "$out"
mkdir -p "$root/build" "$out"
(cd "$repo" && cp -a --parents Kbuild include/zns_stat.h module/*.c module/*.h "$root/build/")
log "building zns_stat against $KVER (W=1, in the sid root)"
# objtool reads /proc: a private mount namespace gives the root one, and no mount outlives it.
unshare -m --propagation private sh -c 'mount -t proc proc "$1/proc" &&
	exec chroot "$1" make -C "/lib/modules/$2/build" M=/build -s W=1 modules' sh "$root" "$KVER" \
	>"$out/build.log" 2>&1 || true
grep -v -e '^make' -e 'Skipping BTF generation' -e '^  [A-Z]' "$out/build.log" >"$out/findings.log" || true
[ -e "$root/build/zns_stat.ko" ] || echo "zns_stat.ko was not built" >>"$out/findings.log"
cp "$root/build/zns_stat.ko" "$out/" 2>/dev/null || true

# The kernel for the guest: the image and the modules, extracted, with depmod indexes.
kimage=$sid/kernels/$KVER
if [ ! -e "$kimage/.complete" ]; then
	tmp=$(mktemp -d "$sid/kernel.XXXXXX")
	log "downloading and extracting $KVER's image and modules"
	(cd "$tmp" && zns_apt_get "${apt_sid[@]}" download -q "linux-binary-$KVER" "linux-modules-$KVER" >&2 ||
		zns_apt_get "${apt_sid[@]}" download -q "linux-image-$KVER" >&2) || die "cannot download $KVER's image"
	for d in "$tmp"/*.deb; do dpkg-deb -x "$d" "$tmp/root"; done
	# sid ships modules (and the image, as vmlinuz) in usr/lib/modules/KVER.
	if [ ! -d "$tmp/root/lib/modules/$KVER" ] && [ -d "$tmp/root/usr/lib/modules/$KVER" ]; then
		mkdir -p "$tmp/root/lib/modules"
		mv "$tmp/root/usr/lib/modules/$KVER" "$tmp/root/lib/modules/"
	fi
	mkdir -p "$tmp/root/boot"
	[ -f "$tmp/root/boot/vmlinuz-$KVER" ] || cp "$tmp/root/lib/modules/$KVER/vmlinuz" \
		"$tmp/root/boot/vmlinuz-$KVER" 2>/dev/null || die "no vmlinuz for $KVER in sid's packages"
	[ -d "$tmp/root/lib/modules/$KVER/kernel" ] || die "no modules for $KVER in sid's packages"
	depmod -b "$tmp/root" "$KVER"
	rm -rf "$kimage"
	mkdir -p "$sid/kernels"
	mv "$tmp/root" "$kimage"
	rm -rf "$tmp"
	touch "$kimage/.complete"
fi

printf 'KVER=%q\nZNS_VMLINUZ=%q\nZNS_KMOD_ROOT=%q\nZNS_KO=%q\nSID_BUILD_LOG=%q\n' "$KVER" \
	"$kimage/boot/vmlinuz-$KVER" "$kimage" "$out/zns_stat.ko" "$out/findings.log"
