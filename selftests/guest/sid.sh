#!/bin/bash
# sid.sh - build zns_stat against Debian sid's newest kernel (7.x) from this bookworm
# machine, and fetch that kernel for the guest. Used by "make check-sid" (all of it)
# and by make check's host checks (--headers).
#
# Usage: selftests/guest/sid.sh [--headers]     (as root; idempotent, cached)
#   --headers   the build root and the module's W=1 build only, not the image: sid may
#               have a kernel's headers before its image, and make check boots none.
#               When sid cannot give its newest kernel's root (lists unreadable, or
#               the packages not installable together while sid is mid-transition),
#               the root cached for an earlier kernel is used and SID_NOTE says so;
#               with none cached, it fails (host-checks.sh then tries testing).
# ZNS_SID_SUITE=testing reads Debian testing instead of sid (cached apart, in
# $ZNS_CACHE/testing); ZNS_SID_MIRROR another mirror.
# Stdout: shell-quoted assignments, nothing else (progress goes to stderr):
#         KVER=...         the suite's kernel release (from its linux-headers-amd64)
#         ZNS_VMLINUZ=...  its image, ZNS_KMOD_ROOT=... its modules (guest/host-setup.sh;
#                          not with --headers)
#         ZNS_KO=...       zns_stat.ko built against its headers, in build/kernels/KVER
#         SID_BUILD_LOG=.. the W=1 build's findings (empty when clean)
#         SID_SUITE=...    sid or testing; SID_NOTE=... why not the newest (or empty)
# Status: 0 when the module was built or its build failed (SID_BUILD_LOG says
# which), not 0 when there is no root or image to build or boot with.
#
# Why a chroot: sid's headers come with kbuild tools (fixdep, modpost) linked against
# sid's glibc (bookworm's is older), and its kernel is configured for sid's gcc (the
# headers package depends on gcc-16-for-host), so neither runs on bookworm. mmdebstrap
# builds a small sid root ($ZNS_CACHE/sid/root: apt, make, gcc, the headers) once per
# kernel, in root.new, which replaces the old root only once complete;
# the module is built in it. The image is split in sid (linux-binary-KVER with the
# vmlinuz, linux-modules-KVER): both are extracted for the guest, as host-setup.sh does
# for bookworm's. apt reads sid with Check-Valid-Until=false: a mirror may serve a
# Release file whose Valid-Until is past (as here), and sid is read-only input.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$repo/selftests/lib/apt.sh"
ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
suite=${ZNS_SID_SUITE:-sid}
case $suite in sid|testing) ;; *) echo "sid.sh: ZNS_SID_SUITE=$suite: sid or testing" >&2; exit 2 ;; esac
sid=$ZNS_CACHE/$suite
mirror=${ZNS_SID_MIRROR:-http://deb.debian.org/debian}
headers_only=0
case ${1:-} in
--headers) headers_only=1 ;;
"") ;;
*) echo "usage: sid.sh [--headers]" >&2; exit 2 ;;
esac

log() { echo "$suite: $*" >&2; }
die() { log "$*"; exit 1; }

mkdir -p "$sid/apt/lists/partial" "$sid/apt/archives/partial"
exec 7>"$sid/.lock"
flock 7

command -v mmdebstrap >/dev/null ||
	zns_apt_install -q mmdebstrap >&2

# The build root: sid's apt, make, the compiler its headers want, the headers.
root=$sid/root
KVER= note=
# cached_root REASON: with --headers, go on with the root cached for an earlier
# kernel (make check must not fail while sid is mid-transition); else fail.
cached_root() {
	local old
	old=$(cat "$root/.kver" 2>/dev/null) || true
	[ "$headers_only" = 1 ] && [ -n "$old" ] && [ -d "$root/usr/src/linux-headers-$old" ] || die "$1"
	note="$suite's newest kernel${KVER:+, $KVER,} unavailable ($1): built against the root cached for $old"
	log "$note"
	KVER=$old
}

# sid's package lists, private to this cache: the host's apt never sees sid, and
# this apt never sees the host's installed packages (an empty status: with the host's,
# a failed update left the host's linux-headers-amd64 as "sid's newest").
cat >"$sid/apt/sid.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
apt_sid=(-o Dir::Etc::SourceList="$sid/apt/sid.sources" -o Dir::Etc::SourceParts=/nonexistent
	 -o Dir::State::Lists="$sid/apt/lists" -o Dir::Cache::Archives="$sid/apt/archives"
	 -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o Acquire::Check-Valid-Until=false
	 -o Dir::State::status="$sid/apt/status")
log "apt-get update ($suite)"
: >"$sid/apt/status"
# --error-on=any: a list that cannot be fetched fails the update (else a warning).
if ! zns_apt_get "${apt_sid[@]}" update -qq --error-on=any >&2; then
	cached_root "cannot read $suite's package lists from $mirror"
else
	ver=$(apt-cache "${apt_sid[@]}" show linux-headers-amd64 | sed -n 's/^Version: //p' |
		sort -V | tail -n 1) || true
	KVER=$(apt-cache "${apt_sid[@]}" show "linux-headers-amd64=$ver" |
		sed -n 's/^Depends:.*linux-headers-\([^ ,]*-amd64\) (=.*/\1/p' | head -n 1) || true
	[ -n "$KVER" ] || cached_root "cannot resolve $suite's kernel release from linux-headers-amd64"
fi
log "$suite's kernel: $KVER"

if [ "$(cat "$root/.kver" 2>/dev/null)" != "$KVER" ]; then
	rm -rf "$root.new"
	log "mmdebstrap $suite into $root (once per $suite kernel; a few minutes)"
	if mmdebstrap --mode=root --variant=apt --include="make,kmod,linux-headers-$KVER" \
		--aptopt='Acquire::Check-Valid-Until "false"' --aptopt='Acquire::Retries "3"' \
		"$suite" "$root.new" "$mirror" >&2; then
		echo "$KVER" >"$root.new/.kver"
		rm -rf "$root"
		mv "$root.new" "$root"
	else
		rm -rf "$root.new"
		cached_root "mmdebstrap of linux-headers-$KVER failed"
	fi
fi

# The module, built inside the root from a copy of the sources.
out=$repo/build/kernels/$KVER
rm -rf "$root/build" "$out"
mkdir -p "$root/build" "$out"
(cd "$repo" && cp -a --parents Kbuild include/zns_stat.h module/*.c module/*.h "$root/build/")
log "building zns_stat against $KVER (W=1, in the $suite root)"
# objtool reads /proc: a private mount namespace gives the root one, and no mount outlives it.
unshare -m --propagation private sh -c 'mount -t proc proc "$1/proc" &&
	exec chroot "$1" make -C "/lib/modules/$2/build" M=/build -s W=1 modules' sh "$root" "$KVER" \
	>"$out/build.log" 2>&1 || true
grep -v -e '^make' -e 'Skipping BTF generation' -e '^  [A-Z]' "$out/build.log" >"$out/findings.log" || true
[ -e "$root/build/zns_stat.ko" ] || echo "zns_stat.ko was not built" >>"$out/findings.log"
cp "$root/build/zns_stat.ko" "$out/" 2>/dev/null || true

if [ "$headers_only" = 1 ]; then
	printf 'KVER=%q\nZNS_KO=%q\nSID_BUILD_LOG=%q\nSID_SUITE=%q\nSID_NOTE=%q\n' "$KVER" \
		"$out/zns_stat.ko" "$out/findings.log" "$suite" "$note"
	exit 0
fi

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

printf 'KVER=%q\nZNS_VMLINUZ=%q\nZNS_KMOD_ROOT=%q\nZNS_KO=%q\nSID_BUILD_LOG=%q\nSID_SUITE=%q\nSID_NOTE=%q\n' \
	"$KVER" "$kimage/boot/vmlinuz-$KVER" "$kimage" "$out/zns_stat.ko" "$out/findings.log" "$suite" "$note"
