#!/bin/bash
# deb-checks.sh STEP KVER - make deb's packages installed as users install them,
# as host-checks.sh steps: each prints findings only (nothing when all is well).
#   root KVER     a Debian bookworm root (mmdebstrap, minbase) with
#                 linux-headers-KVER and dkms's packages downloaded, not
#                 installed; built once, kept as $ZNS_CACHE/deb-root/bookworm-KVER.tar
#   install KVER  (after make deb) a fresh copy of that root in build/deb-root/KVER/chroot;
#                 apt install ./zns-stat*.deb there (dkms comes in as a Depends);
#                 dkms status says installed for KVER and the .ko is DKMS's build
#                 of this version; the module tree (updates/dkms and modules.*) is
#                 copied to build/deb-root/KVER/root, which the guest test
#                 t16-deb-modprobe loads from with modprobe; the systemd units are
#                 there, name /usr/bin/zns-stat, pass systemd-analyze verify (the
#                 host's: minbase has no systemd) and none is enabled; the
#                 ledger's state directory /var/lib/zns-stat/ledger is there
#   purge KVER    apt remove of zns-stat keeps the ledgers in /var/lib/zns-stat/ledger;
#                 apt purge of both packages leaves none of their files (the
#                 ledgers neither: Debian policy), no /var/lib/dkms/zns_stat, no
#                 zns_stat.ko; the chroot is removed
# Needs root (chroot, mounts in a private mount namespace); installs mmdebstrap.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/selftests/lib/apt.sh"
. "$repo/selftests/lib/units.sh"
cache=${ZNS_CACHE:-/var/cache/zns_stat}
[ $# -eq 2 ] || { echo "usage: deb-checks.sh root|install|purge KVER" >&2; exit 2; }
step=$1 kver=$2
tarball=$cache/deb-root/bookworm-$kver.tar
work=$repo/build/deb-root/$kver
chroot=$work/chroot
version=$(sed -n 's/^#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
	"$repo/include/zns_stat.h")

# (apt and dpkg in the root, and mmdebstrap's, lock the root's /var/lib/dpkg, not
# the host's: only the host's apt-get goes through lib/apt.sh.)
in_root() {	# in_root COMMAND...: run in the chroot, with /proc, /sys and /dev mounted privately
	unshare --mount --propagation private -- /bin/sh -c '
		r=$1; shift
		mount -t proc proc "$r/proc" && mount -t sysfs sysfs "$r/sys" &&
			mount --rbind /dev "$r/dev" || exit 99
		exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"' sh "$chroot" "$@"
}

# The root, once: the host's own bookworm sources (deb.debian.org and its security
# archive by default), so that linux-headers-KVER is found where the host found it;
# for a kernel of bookworm-backports (6.12, the default on many lab machines) the
# backports sources guest/kernels.sh wrote, too.
root_findings() {
	local sources=/etc/apt/sources.list.d/debian.sources tmp backports=()
	local bpo=/etc/apt/sources.list.d/zns-stat-bookworm-backports.sources
	[ -s "$tarball" ] && return 0
	if ! command -v mmdebstrap >/dev/null; then
		zns_apt_install -q mmdebstrap >"$work.apt.log" 2>&1 ||
			{ echo "apt-get install mmdebstrap failed:"; tail -n 5 "$work.apt.log"; return; }
	fi
	[ -s "$sources" ] || sources=/etc/apt/sources.list
	apt-cache madison "linux-headers-$kver" 2>/dev/null | grep bookworm-backports >/dev/null &&
		[ -s "$bpo" ] && backports=("$bpo")
	mkdir -p "$cache/deb-root" "$(dirname "$work")"
	tmp=$cache/deb-root/tmp-$$.tar	# mmdebstrap: a .tar name makes a tarball
	# The lists and dkms's packages (downloaded, not installed) are kept: the
	# install step then needs no network for dkms and its dependencies.
	if ! mmdebstrap --variant=minbase --include="linux-headers-$kver" \
		--skip=cleanup/apt \
		--customize-hook='chroot "$1" apt-get clean' \
		--customize-hook='chroot "$1" apt-get install -y -q --download-only --no-install-recommends dkms' \
		bookworm "$tmp" "$sources" "${backports[@]}" >"$work.mmdebstrap.log" 2>&1; then
		echo "mmdebstrap failed (log: $work.mmdebstrap.log):"
		tail -n 20 "$work.mmdebstrap.log"
		rm -f "$tmp"
		return
	fi
	mv "$tmp" "$tarball"
}

# The DKMS build in the root: the dkms tree, its status and the installed .ko.
dkms_build_findings() {
	local ko st
	st=$(in_root dkms status -m zns_stat -v "$version" -k "$kver" 2>&1)
	grep -q "^zns_stat/$version, $kver, x86_64: installed" <<<"$st" ||
		echo "dkms status in the root does not say installed for $kver: $st"
	ko=$(compgen -G "$chroot/lib/modules/$kver/updates/dkms/zns_stat.ko*" | head -n 1)
	[ -n "$ko" ] || { echo "no zns_stat.ko in the root's /lib/modules/$kver/updates/dkms"; return 1; }
	[ "$(modinfo -F version "$ko")" = "$version" ] ||
		echo "${ko#"$chroot"}: version '$(modinfo -F version "$ko")', include/zns_stat.h says '$version'"
	[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$kver" ] ||
		echo "${ko#"$chroot"}: vermagic '$(modinfo -F vermagic "$ko")' is not for $kver"
	# DKMS's own copy of the build: the same file it installed.
	cmp -s "$ko" "$(compgen -G "$chroot/var/lib/dkms/zns_stat/$version/$kver/x86_64/module/zns_stat.ko*" | head -n 1)" ||
		echo "${ko#"$chroot"} is not dkms's build in /var/lib/dkms/zns_stat/$version/$kver"
}

install_findings() {
	local debs=() log=$work/install.log
	[ -s "$tarball" ] || { echo "no root $tarball (the root step failed)"; return; }
	rm -rf "$chroot" "$work/root"
	mkdir -p "$chroot" "$work/root/lib/modules/$kver"
	tar -xf "$tarball" -C "$chroot" || { echo "cannot extract $tarball"; return; }
	cp -L /etc/resolv.conf "$chroot/etc/resolv.conf" 2>/dev/null
	mkdir -p "$chroot/tmp/deb"
	cp "$repo"/build/deb/zns-stat*_"$version"_*.deb "$chroot/tmp/deb/"
	# No kernel image in the root: dkms builds for KVER because its headers are there.
	debs=("$chroot"/tmp/deb/zns-stat-dkms_"$version"_all.deb "$chroot"/tmp/deb/zns-stat_"$version"_*.deb)
	[ -e "${debs[0]}" ] && [ -e "${debs[1]}" ] ||
		{ echo "no zns-stat and zns-stat-dkms $version in build/deb: run make deb first"; return; }
	if ! in_root apt-get install -y -q --no-install-recommends "${debs[@]#"$chroot"}" >"$log" 2>&1; then
		echo "apt-get install ./zns-stat*.deb failed in the root (log: $log):"
		tail -n 25 "$log"
		return
	fi
	[ "$(in_root /usr/bin/zns-stat --version 2>&1)" = "zns-stat $version" ] ||
		echo "/usr/bin/zns-stat --version in the root: $(in_root /usr/bin/zns-stat --version 2>&1)"
	[ -e "$chroot/usr/share/man/man8/zns-stat.8.gz" ] || echo "no man page zns-stat(8) in the root"
	[ -e "$chroot/usr/share/bash-completion/completions/zns-stat" ] ||
		echo "no bash completion (/usr/share/bash-completion/completions/zns-stat) in the root"
	for u in zns-stat-exporter.service zns-stat-ledger.service zns-stat-ledger.timer zns-stat-ledger-shutdown.service; do
		[ -e "$chroot/lib/systemd/system/$u" ] || echo "no $u in the root"
	done
	! compgen -G "$chroot/etc/systemd/system/*.wants/zns-stat-*" >/dev/null ||
		echo "the install enabled $(cd "$chroot/etc/systemd/system" && echo ./*.wants/zns-stat-*): they ship disabled"
	zns_ledger_units_findings "$chroot/lib/systemd/system" /usr/bin
	zns_units_verify_findings "$chroot/lib/systemd/system" "$chroot/usr/bin/zns-stat" "$work/units"
	[ -d "$chroot/var/lib/zns-stat/ledger" ] || echo "no state directory /var/lib/zns-stat/ledger in the root"
	dkms_build_findings || return
	# The module tree the guest loads from: DKMS's module and the lists depmod made.
	cp -a "$chroot/lib/modules/$kver/updates" "$work/root/lib/modules/$kver/" &&
		touch "$work/root/lib/modules/$kver/"{modules.order,modules.builtin,modules.builtin.modinfo} &&
		depmod -b "$work/root" "$kver" || echo "cannot stage $work/root/lib/modules/$kver"
	cp "$log" "$work/root/install.log"
}

# What dpkg installed, listed before the purge: none of it may stay.
purge_findings() {
	local files log=$work/purge.log left
	[ -d "$chroot/var/lib/dkms" ] || { echo "no installed root in $chroot (the install step failed)"; return; }
	files=$(cat "$chroot"/var/lib/dpkg/info/zns-stat.list "$chroot"/var/lib/dpkg/info/zns-stat-dkms.list 2>/dev/null)
	[ -n "$files" ] || { echo "dpkg lists no files of zns-stat and zns-stat-dkms"; return; }
	# a ledger (the user's data): apt remove keeps it, apt purge does not
	echo "zns-stat ledger 1" >"$chroot/var/lib/zns-stat/ledger/nguid.1.ledger"
	if ! in_root apt-get remove -y -q zns-stat >"$work/remove.log" 2>&1; then
		echo "apt-get remove zns-stat failed (log: $work/remove.log):"; tail -n 20 "$work/remove.log"; return
	fi
	[ -s "$chroot/var/lib/zns-stat/ledger/nguid.1.ledger" ] ||
		echo "apt remove zns-stat did not keep /var/lib/zns-stat/ledger/nguid.1.ledger"
	if ! in_root apt-get purge -y -q zns-stat zns-stat-dkms >"$log" 2>&1; then
		echo "apt-get purge failed (log: $log):"; tail -n 20 "$log"; return
	fi
	in_root dpkg-query -W zns-stat zns-stat-dkms >/dev/null 2>&1 &&
		echo "dpkg still knows the packages: $(in_root dpkg-query -W zns-stat zns-stat-dkms 2>&1)"
	left=$(while read -r f; do
		# directories shared with other packages (/usr, /usr/src, ...) stay
		[ "$f" = /. ] && continue
		[ -d "$chroot$f" ] && [ ! -L "$chroot$f" ] && in_root dpkg-query -S "$f" >/dev/null 2>&1 && continue
		# merged /usr: /lib, /bin, ... are the system's links to /usr/lib, /usr/bin, ...
		[[ $f =~ ^/[^/]+$ ]] && [ -L "$chroot$f" ] && [ -d "$chroot$f" ] && continue
		[ -e "$chroot$f" ] || [ -L "$chroot$f" ] && echo "$f"
	done <<<"$files")
	[ -z "$left" ] || printf 'left after apt purge:\n%s\n' "$left"
	[ ! -e "$chroot/var/lib/dkms/zns_stat" ] || echo "left after apt purge: /var/lib/dkms/zns_stat"
	[ ! -e "$chroot/usr/src/zns_stat-$version" ] || echo "left after apt purge: /usr/src/zns_stat-$version"
	[ ! -e "$chroot/var/lib/zns-stat" ] || echo "left after apt purge: $(cd "$chroot" && find var/lib/zns-stat)"
	left=$(cd "$chroot" && find lib/modules/ -name 'zns_stat.ko*' 2>/dev/null)	# lib/modules/: /lib may be a link
	[ -z "$left" ] || printf 'left after apt purge:\n%s\n' "$left"
	[ -n "$(in_root dkms status -m zns_stat 2>&1)" ] && echo "dkms status after purge: $(in_root dkms status -m zns_stat 2>&1)"
	rm -rf "$chroot"
}

mkdir -p "$(dirname "$work")" "$work"
case $step in
root) root_findings ;;
install) install_findings ;;
purge) purge_findings ;;
*) echo "deb-checks.sh: unknown step '$step'" >&2; exit 2 ;;
esac
exit 0
