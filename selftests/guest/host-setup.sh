#!/bin/bash
# host-setup.sh - prepare a Debian bookworm host for the zns_stat QEMU guest tests.
#
# Usage:  selftests/guest/host-setup.sh
#         eval "$(selftests/guest/host-setup.sh)"     # to import the variables below
#
# Idempotent; safe to run concurrently (flock on the cache). It
#   1. installs the Debian packages the harness needs, if any is missing
#      ("apt-get update" runs only when something has to be installed/downloaded);
#   2. resolves the guest kernel release KVER (env KVER, else the release that
#      linux-headers-amd64 depends on, e.g. 6.1.0-56-amd64); any release of Debian's
#      archive works, e.g. 6.1.0-56-rt-amd64, or 6.12.95+deb12-amd64 from
#      bookworm-backports (guest/kernels.sh list prints the tested ones; the
#      backports source is added when the image is not found without it);
#   3. downloads linux-image-$KVER with "apt-get download" and extracts it into
#      ${ZNS_CACHE:-/var/cache/zns_stat}/kernels/$KVER/ (boot/vmlinuz-$KVER,
#      lib/modules/$KVER/ with depmod indexes). The package is never installed:
#      its postinst would run initramfs/bootloader hooks on this host.
#
# Env:    KVER       guest kernel release (default: see 2.)
#         ZNS_CACHE  cache directory (default /var/cache/zns_stat)
#         ZNS_VMLINUZ, ZNS_KMOD_ROOT   a kernel of our own instead of 2. and 3.: its
#                    image, and the root of its installed modules (lib/modules/KVER
#                    with depmod indexes), e.g. from guest/debug-kernel.sh
# Stdout: shell-quoted assignments, nothing else (progress goes to stderr):
#         KVER=...          guest kernel release
#         KIMAGE_ROOT=...   extracted tree; the guest gets it as ZNS_KMOD_ROOT
#         VMLINUZ=...       kernel image to boot
set -euo pipefail

ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
# shellcheck source-path=SCRIPTDIR source=../lib/apt.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/apt.sh"

# Everything the harness uses on the host and, through the shared root, in the guest.
PACKAGES=(qemu-system-x86 busybox-static nvme-cli fio util-linux kmod cpio gzip
	  xz-utils linux-headers-amd64 coreutils bash python3 jq make gcc sparse
	  libxml2-utils librsvg2-bin python3-prometheus-client	# zns-stat tests (t8*)
	  pkg-config libjson-c-dev libsmartcols-dev	# zns-stat's build
	  btrfs-progs)	# multi/t70: a btrfs in zoned mode

log() { echo "host-setup: $*" >&2; }

apt_updated=0
apt_update_once() {
	if [ "$apt_updated" = 0 ]; then
		log "apt-get update"
		zns_apt_get update -qq >&2
		apt_updated=1
	fi
}

installed() {
	[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]
}

missing=()
for p in "${PACKAGES[@]}"; do
	installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
	log "installing: ${missing[*]}"
	apt_update_once
	zns_apt_get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# A kernel not from Debian's archive (guest/debug-kernel.sh prints these): use its
# image and installed module tree as they are; nothing to download.
if [ -n "${ZNS_VMLINUZ:-}" ]; then
	[ -n "${ZNS_KMOD_ROOT:-}" ] || { log "ZNS_VMLINUZ needs ZNS_KMOD_ROOT (its lib/modules root)"; exit 1; }
	if [ -z "${KVER:-}" ]; then
		KVER=$(ls "$ZNS_KMOD_ROOT/lib/modules" 2>/dev/null)
		[[ -n $KVER && $KVER != *$'\n'* ]] ||
			{ log "set KVER: not one release in $ZNS_KMOD_ROOT/lib/modules"; exit 1; }
	fi
	[ -f "$ZNS_VMLINUZ" ] || { log "ZNS_VMLINUZ: no such file: $ZNS_VMLINUZ"; exit 1; }
	[ -e "$ZNS_KMOD_ROOT/lib/modules/$KVER/modules.dep.bin" ] ||
		{ log "no module indexes in $ZNS_KMOD_ROOT/lib/modules/$KVER (depmod -b?)"; exit 1; }
	printf 'KVER=%q\nKIMAGE_ROOT=%q\nVMLINUZ=%q\n' "$KVER" "$ZNS_KMOD_ROOT" "$ZNS_VMLINUZ"
	exit 0
fi

# "linux-headers-6.1.0-56-amd64 (= 6.1.192-2)" -> KVER=6.1.0-56-amd64, kver_version=6.1.192-2
kver_version=
if [ -z "${KVER:-}" ]; then
	dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64)
	KVER=$(sed -n 's/^linux-headers-\([^ ,]*\).*/\1/p' <<<"$dep")
	kver_version=$(sed -n 's/.*(= \([^)]*\)).*/\1/p' <<<"$dep")
	[ -n "$KVER" ] || { log "cannot parse KVER from linux-headers-amd64 Depends: $dep"; exit 1; }
fi

root="$ZNS_CACHE/kernels/$KVER"
mkdir -p "$ZNS_CACHE/kernels"
exec 9>"$ZNS_CACHE/kernels/.lock"
flock 9

if [ ! -e "$root/.complete" ]; then
	tmp=$(mktemp -d "$ZNS_CACHE/kernels/.tmp.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	# Prefer the exact version of the installed headers (module vermagic/CRCs),
	# then whatever the archive has for this ABI; -unsigned is the same kernel.
	cands=()
	[ -n "$kver_version" ] && cands+=("linux-image-$KVER=$kver_version")
	cands+=("linux-image-$KVER" "linux-image-$KVER-unsigned")
	got=
	for attempt in 1 2; do
		for c in "${cands[@]}"; do
			if (cd "$tmp" && zns_apt_get download -qq "$c" >&2 2>/dev/null); then
				got=$c
				break 2
			fi
		done
		# Not found with the current lists: refresh them once and retry, with
		# bookworm-backports (6.12) among the sources.
		if [ "$attempt" = 2 ] || [ "$apt_updated" = 1 ]; then break; fi
		"$(dirname "${BASH_SOURCE[0]}")/kernels.sh" backports >&2 || true
		apt_update_once
	done
	[ -n "$got" ] || { log "cannot download any of: ${cands[*]}"; exit 1; }
	log "extracting $got into $root"
	dpkg-deb -x "$tmp"/*.deb "$tmp/root"
	if [ ! -f "$tmp/root/boot/vmlinuz-$KVER" ] || [ ! -d "$tmp/root/lib/modules/$KVER" ]; then
		log "$got has no boot/vmlinuz-$KVER or lib/modules/$KVER"
		exit 1
	fi
	# The package ships no modules.dep (depmod runs in its postinst): make the indexes
	# that modprobe -d (kmod.sh, mkinitramfs.sh) needs.
	depmod -b "$tmp/root" "$KVER"
	rm -rf "$root"
	mv "$tmp/root" "$root"
	echo "$got" >"$root/.complete"
	rm -rf "$tmp"
	trap - EXIT
fi

printf 'KVER=%q\nKIMAGE_ROOT=%q\nVMLINUZ=%q\n' "$KVER" "$root" "$root/boot/vmlinuz-$KVER"
