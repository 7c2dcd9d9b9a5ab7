#!/bin/bash
# mkdeb.sh - make deb: zns-stat-dkms_VERSION_all.deb and zns-stat_VERSION_ARCH.deb
# in build/deb/, built with debhelper and dh-dkms (dpkg-buildpackage -b) in a copy
# of the tree (build/deb/src) whose debian/ is user/packaging/debian/, then checked
# with lintian (output in build/deb/lintian.txt; any tag not overridden fails).
# VERSION is ZNS_STAT_VERSION of include/zns_stat.h; the changelog entry is
# written here, dated by the last commit (reproducible), or now outside git.
# Installs debhelper, dh-dkms and lintian when missing (Debian bookworm).
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=selftests/lib/apt.sh
. "$repo/selftests/lib/apt.sh"
out=$repo/build/deb
src=$out/src

die() { echo "mkdeb: $*" >&2; exit 1; }

install_missing() {	# the build and lint tools, from Debian
	local need=()
	command -v dh >/dev/null || need+=(debhelper)
	command -v dh_dkms >/dev/null || need+=(dh-dkms)
	command -v lintian >/dev/null || need+=(lintian)
	command -v dpkg-buildpackage >/dev/null || need+=(dpkg-dev)
	[ ${#need[@]} -eq 0 ] && return 0
	echo "mkdeb: installing ${need[*]}"
	mkdir -p "$out"
	# waits for apt's locks (unattended upgrades), then one line if still held
	zns_apt_install -q "${need[@]}" >"$out/apt.log" 2>&1 ||
		die "apt-get install ${need[*]} failed: $(tail -n 1 "$out/apt.log") (see $out/apt.log)"
}

stage() {	# the tree dpkg-buildpackage builds: what make install-tool and dkms-source read
	rm -rf "$out"/*.deb "$out"/*.buildinfo "$out"/*.changes "$src"
	mkdir -p "$src"
	(cd "$repo" && cp -a --parents Makefile Kbuild dkms.conf include module user "$src/") ||
		die "cannot copy the tree to $src"
	rm -rf "$src/user/packaging" "$src/user/zns-stat"
	find "$src" \( -name '*.o' -o -name '*.ko' -o -name '.*.cmd' -o -name '*.mod*' \) -delete
	cp -a "$repo/user/packaging/debian" "$src/debian" || die "cannot copy debian/"
}

changelog() {	# debian/changelog: one entry, VERSION, dated by the last commit
	local version=$1 epoch
	epoch=$(git -C "$repo" log -1 --format=%ct 2>/dev/null) || epoch=$(date +%s)
	cat >"$src/debian/changelog" <<-EOT
	zns-stat ($version) unstable; urgency=medium

	  * zns_stat $version, packaged from the upstream tree (make deb).

	 -- $(sed -n 's/^Maintainer: //p' "$src/debian/control")  $(date -R -u -d "@$epoch")
	EOT
}

version=$(sed -n 's/^#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
	"$repo/include/zns_stat.h")
[ -n "$version" ] || die "no ZNS_STAT_VERSION in include/zns_stat.h"
install_missing
stage
changelog "$version"
echo "mkdeb: building zns-stat $version in $src (log: $out/build.log)"
if ! (cd "$src" && dpkg-buildpackage -b -us -uc) >"$out/build.log" 2>&1; then
	tail -n 30 "$out/build.log" >&2
	die "dpkg-buildpackage failed (see $out/build.log)"
fi
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
debs=("$out/zns-stat-dkms_${version}_all.deb" "$out/zns-stat_${version}_$arch.deb")
for deb in "${debs[@]}"; do
	[ -e "$deb" ] || die "dpkg-buildpackage made no ${deb##*/}"
done
# Lintian on the two packages: every tag it prints (errors, warnings, info,
# pedantic) fails, unless overridden with its reason in debian/*.lintian-overrides.
# (It warns on stderr that it runs as root: make check runs as root.)
lintian --info --pedantic --display-experimental "${debs[@]}" >"$out/lintian.txt" 2>"$out/lintian.err" ||
	{ cat "$out/lintian.err" >&2; die "lintian failed"; }
if [ -s "$out/lintian.txt" ]; then
	cat "$out/lintian.txt" >&2
	die "lintian has findings on ${debs[*]##*/} (see $out/lintian.txt)"
fi
printf '%s\n' "${debs[@]}"
