#!/bin/bash
# kernels.sh - the Debian kernels zns_stat is built and tested against.
#
# Usage: selftests/guest/kernels.sh list        "NAME KVER" lines, one per kernel
#        selftests/guest/kernels.sh kdir KVER   KDIR=<build tree of KVER> (shell-quoted)
#        selftests/guest/kernels.sh backports   make bookworm-backports an apt source
#
# The kernels: Debian bookworm's 6.1 and bookworm-backports' 6.12 (the LTS most lab
# machines run), each in the generic, PREEMPT_RT and cloud flavours:
#   debian-6.1  debian-6.1-rt  debian-6.1-cloud  debian-6.12  debian-6.12-rt  debian-6.12-cloud
# 6.1's release is the one the installed linux-headers-amd64 depends on (as for
# host-setup.sh); 6.12's is the one bookworm-backports' linux-headers-amd64 depends on.
# The rt and cloud releases are the same ABI with another flavour.
#
# Headers: 6.1's are installed by their explicit package names (linux-headers-6.1.0-N-rt-amd64
# and so on), which depend only on kbuild and compiler packages. 6.12's headers packages
# depend on their image package, whose installation would run initramfs and boot loader
# hooks on this host and might change what it boots, so they are downloaded and extracted
# into $ZNS_CACHE/headers/KVER instead, like the guest images; the one absolute path in
# their Makefile is pointed at the extracted tree. The machine's default kernel packages
# are never replaced: the backports suite has a lower priority, and only explicit names
# are installed.
#
# Env:   ZNS_CACHE  cache directory (default /var/cache/zns_stat)
# Needs root for apt (run once by make check, idempotent, flock'ed).
set -euo pipefail

ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
# shellcheck source-path=SCRIPTDIR source=../lib/apt.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/apt.sh"
BACKPORTS_SOURCES=/etc/apt/sources.list.d/zns-stat-bookworm-backports.sources

log() { echo "kernels: $*" >&2; }
die() { log "$*"; exit 1; }

mkdir -p "$ZNS_CACHE"
exec 8>"$ZNS_CACHE/.apt.lock"
flock 8

apt_quiet() {
	zns_apt_get -q -y -o Dpkg::Use-Pty=0 "$@" >&2
}

# The URIs and keyring of the machine's own bookworm entry, deb822 (*.sources) or
# one-line (sources.list) format, as two lines; Debian's defaults when there is none.
bookworm_entry() {
	local f entry=

	for f in /etc/apt/sources.list.d/*.sources; do
		[ -e "$f" ] || continue
		entry=$(awk 'BEGIN { RS = ""; FS = "\n" }
			/(^|\n)Types:[^\n]*deb([ \t]|\n|$)/ && /(^|\n)Suites:[^\n]*[ \t]bookworm([ \t]|\n|$)/ &&
			!/(^|\n)Enabled:[ \t]*no/ {
				u = ""; k = ""
				for (i = 1; i <= NF; i++) {
					if ($i ~ /^URIs:/) { u = $i; sub(/^URIs:[ \t]*/, "", u) }
					if ($i ~ /^Signed-By:[ \t]*\//) { k = $i; sub(/^Signed-By:[ \t]*/, "", k) }
				}
				if (u != "") { print u; print k; exit }
			}' "$f")
		[ -n "$entry" ] && break
	done
	if [ -z "$entry" ] && [ -e /etc/apt/sources.list ]; then
		entry=$(awk '$1 == "deb" {
			i = 2; k = ""
			if ($2 ~ /^\[/) {
				for (; i <= NF; i++) {
					if ($i ~ /signed-by=/) { k = $i; sub(/.*signed-by=/, "", k); sub(/\].*/, "", k) }
					if ($i ~ /\]$/) break
				}
				i++
			}
			if ($(i + 1) == "bookworm") { print $i; print k; exit }
		}' /etc/apt/sources.list)
	fi
	local uris keyring
	uris=$(sed -n 1p <<<"$entry")
	keyring=$(sed -n 2p <<<"$entry")
	echo "${uris:-http://deb.debian.org/debian}"
	echo "${keyring:-/usr/share/keyrings/debian-archive-keyring.gpg}"
}

ensure_backports() {
	if grep -rqsE '^[^#]*bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
		# Listed: make sure its package list is there.
		apt-cache madison linux-headers-amd64 | grep bookworm-backports >/dev/null && return 0
	else
		local entry
		entry=$(bookworm_entry)
		log "adding bookworm-backports to the apt sources ($BACKPORTS_SOURCES)"
		cat >"$BACKPORTS_SOURCES" <<-EOF
		# Added by zns_stat's selftests/guest/kernels.sh: Linux 6.12 headers and images
		# for compile and guest tests. Backports has a lower priority than bookworm, so
		# nothing is upgraded from it unless asked for by name.
		Types: deb
		URIs: $(sed -n 1p <<<"$entry")
		Suites: bookworm-backports
		Components: main
		Signed-By: $(sed -n 2p <<<"$entry")
		EOF
	fi
	log "apt-get update"
	apt_quiet update
}

# The release a headers meta-package of SUITE depends on: "linux-headers-X (= V)" -> X.
meta_release() {	# meta_release SUITE
	local ver
	ver=$(apt-cache madison linux-headers-amd64 | awk -F' [|] ' -v s="$1" '$3 ~ " " s "/" { print $2; exit }')
	[ -n "$ver" ] || return 1
	apt-cache show "linux-headers-amd64=$ver" |
		sed -n 's/^Depends:.*linux-headers-\([^ ,]*\) (=.*/\1/p' | head -n 1
}

release_61() {
	local dep
	if ! dpkg-query -W -f='${db:Status-Status}' linux-headers-amd64 2>/dev/null | grep -qx installed; then
		apt_quiet install --no-install-recommends linux-headers-amd64 ||
			{ apt_quiet update && apt_quiet install --no-install-recommends linux-headers-amd64; }
	fi
	dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64)
	sed -n 's/^linux-headers-\([^ ,]*\).*/\1/p' <<<"$dep"
}

release_612() {
	local r
	ensure_backports
	r=$(meta_release bookworm-backports) || true
	[ -n "$r" ] || die "no linux-headers-amd64 in bookworm-backports"
	echo "$r"
}

# 6.1.0-56-amd64 -> 6.1.0-56-rt-amd64
flavour() { echo "${1%-amd64}-$2-amd64"; }

cmd_list() {
	local k61 k612
	k61=$(release_61)
	[ -n "$k61" ] || die "cannot resolve the 6.1 release from linux-headers-amd64"
	k612=$(release_612)
	printf '%s %s\n' debian-6.1 "$k61" debian-6.1-rt "$(flavour "$k61" rt)" \
		debian-6.1-cloud "$(flavour "$k61" cloud)" debian-6.12 "$k612" \
		debian-6.12-rt "$(flavour "$k612" rt)" debian-6.12-cloud "$(flavour "$k612" cloud)"
}

# Headers of a release whose package does not drag in an image: install them.
install_headers() {	# install_headers KVER
	local pkg=linux-headers-$1
	dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qx installed && return 0
	log "installing $pkg"
	apt_quiet install --no-install-recommends "$pkg" ||
		{ apt_quiet update && apt_quiet install --no-install-recommends "$pkg"; }
}

# Headers whose package depends on its image: extract the headers, their common
# part and kbuild into $ZNS_CACHE/headers/KVER; install what their tools need.
extract_headers() {	# extract_headers KVER
	local kver=$1 root=$ZNS_CACHE/headers/$1 tmp pkgs deps
	[ -e "$root/.complete" ] && return 0
	command -v pahole >/dev/null || apt_quiet install --no-install-recommends pahole
	apt-cache show "linux-headers-$kver" >/dev/null 2>&1 || ensure_backports
	deps=$(apt-cache show "linux-headers-$kver" | sed -n 's/^Depends: //p' | head -n 1)
	[ -n "$deps" ] || die "no package linux-headers-$kver"
	# Its own linux-headers-*-common* and linux-kbuild-* dependencies, not the image.
	mapfile -t pkgs < <(tr ',' '\n' <<<"$deps" | sed -n 's/^ *\(linux-\(headers\|kbuild\)-[^ ]*\).*/\1/p')
	pkgs+=("linux-headers-$kver")
	log "extracting ${pkgs[*]} into $root"
	tmp=$(mktemp -d "$ZNS_CACHE/headers.tmp.XXXXXX")
	(cd "$tmp" && zns_apt_get download -q "${pkgs[@]}" >&2 2>/dev/null) ||
		{ apt_quiet update; (cd "$tmp" && zns_apt_get download -q "${pkgs[@]}" >&2); } ||
		{ rm -rf "$tmp"; die "cannot download ${pkgs[*]}"; }
	for d in "$tmp"/*.deb; do
		dpkg-deb -x "$d" "$tmp/root"
	done
	# "include /usr/src/linux-headers-X-common/Makefile" -> the extracted copy
	sed -i "s|^include /usr/src/|include $root/usr/src/|" "$tmp/root/usr/src/linux-headers-$kver/Makefile"
	rm -rf "$root"
	mkdir -p "$ZNS_CACHE/headers"
	mv "$tmp/root" "$root"
	rm -rf "$tmp"
	touch "$root/.complete"
}

cmd_kdir() {	# cmd_kdir KVER
	local kver=$1
	case $kver in
	6.1.*)
		install_headers "$kver"
		printf 'KDIR=%q\n' "/lib/modules/$kver/build"
		;;
	*)
		# The machine's own (installed) headers first, then an extracted copy.
		if [ -e "/lib/modules/$kver/build/Makefile" ]; then
			printf 'KDIR=%q\n' "/lib/modules/$kver/build"
			return
		fi
		extract_headers "$kver"
		printf 'KDIR=%q\n' "$ZNS_CACHE/headers/$kver/usr/src/linux-headers-$kver"
		;;
	esac
}

case ${1:-} in
list) cmd_list ;;
kdir) [ $# -eq 2 ] || die "usage: $0 kdir KVER"; cmd_kdir "$2" ;;
backports) ensure_backports ;;
*) echo "usage: $0 list | kdir KVER | backports" >&2; exit 2 ;;
esac
