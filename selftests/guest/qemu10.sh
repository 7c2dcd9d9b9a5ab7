#!/bin/bash
# qemu10.sh - bookworm-backports' QEMU (10.0: NVMe Flexible Data Placement emulation)
# in a private directory, beside bookworm's QEMU 7.2, which stays the system's and the
# default of every guest suite.
#
# Usage: selftests/guest/qemu10.sh          prints the path of its qemu-system-x86_64
#
# The path printed is a small wrapper, $ZNS_CACHE/qemu10/qemu-system-x86_64, that runs
# the extracted binary (root/usr/bin/qemu-system-x86_64) with
#   -L root/usr/share/seabios -L root/usr/share/qemu   its own firmware first: bookworm's
#                            seabios (1.16.2) is older than QEMU 10 asks for;
#   QEMU_MODULE_DIR          its own module directory, searched first (the system's,
#                            searched next, holds 7.2's: at start QEMU 10 says once
#                            "failed to initialize module: .../ui-opengl.so Only modules
#                            from the same build can be loaded", which is harmless);
#   LD_LIBRARY_PATH          the extracted libraries, if any had to come from backports.
# How: apt's resolver is asked (apt-get install -s qemu-system-x86/bookworm-backports)
# what installing it would take. Packages from bookworm-backports (QEMU 10, its common
# and data packages, seabios; any library newer than bookworm's) are downloaded with
# "apt-get download" and extracted with dpkg-deb -x into $ZNS_CACHE/qemu10/root; never
# installed, so the system's qemu-system-x86 stays 7.2. Packages from bookworm itself
# (libraries a machine without QEMU lacks) are installed from bookworm, as host-setup.sh
# installs bookworm's QEMU and its libraries. bookworm-backports is added to the apt
# sources if it is not there (guest/kernels.sh backports).
#
# Idempotent (done once: root/.complete; flock'ed); run as root the first time.
# Env:  ZNS_CACHE  cache directory (default /var/cache/zns_stat)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
# shellcheck source-path=SCRIPTDIR source=../lib/apt.sh
. "$here/../lib/apt.sh"
dir=$ZNS_CACHE/qemu10
wrapper=$dir/qemu-system-x86_64

log() { echo "qemu10: $*" >&2; }
die() { log "$*"; exit 1; }

# The wrapper works and says it is QEMU 10 or later.
usable() {
	local v
	[ -e "$dir/root/.complete" ] && [ -x "$wrapper" ] || return 1
	v=$("$wrapper" --version 2>/dev/null | sed -n 's/^QEMU emulator version \([0-9]*\)\..*/\1/p')
	[ -n "$v" ] && [ "$v" -ge 10 ]
}

if usable; then
	echo "$wrapper"
	exit 0
fi

# kernels.sh takes $ZNS_CACHE/.apt.lock itself: add the source before locking.
"$here/kernels.sh" backports
mkdir -p "$dir"
exec 9>"$dir/.lock"
flock 9
if usable; then	# another caller finished while we waited
	echo "$wrapper"
	exit 0
fi

# apt's plan: "Inst NAME [OLD] (VERSION ORIGIN... [ARCH])" lines. Where bookworm's
# version of a dependency is too old ("Depends: seabios (> 1.16.3-1~) but 1.16.2-1 is
# to be installed": apt takes backports only for the packages named so), name it
# from backports too, and ask again.
want=(qemu-system-x86/bookworm-backports)
for _ in 1 2 3 4 5 6 7 8; do
	plan=$(LC_ALL=C apt-get install -s --no-install-recommends "${want[@]}" 2>&1) && break
	mapfile -t more < <(sed -n 's|.*Depends: \([^ ]*\) .* but .* is to be installed$|\1/bookworm-backports|p' <<<"$plan" | sort -u)
	[ "${#more[@]}" -gt 0 ] || break
	want+=("${more[@]}")
done
grep -q '^Inst ' <<<"$plan" ||
	die "apt cannot resolve ${want[*]}: $(tail -n 4 <<<"$plan")"
from_bpo=() from_bookworm=()
while read -r name ver origin; do
	case $origin in
	*ackports*) from_bpo+=("$name=$ver") ;;
	*) from_bookworm+=("$name") ;;
	esac
done < <(sed -n 's/^Inst \([^ ]*\) \(\[[^]]*\] \)\{0,1\}(\([^ ]*\) \([^[]*\).*/\1 \3 \4/p' <<<"$plan")
printf '%s\n' "${from_bpo[@]}" | grep -q '^qemu-system-x86=' ||
	die "apt's plan installs no qemu-system-x86 from bookworm-backports: $(grep '^Inst' <<<"$plan")"
if [ "${#from_bookworm[@]}" -gt 0 ]; then
	log "installing from bookworm: ${from_bookworm[*]}"
	zns_apt_install -q "${from_bookworm[@]}" >&2
fi

log "extracting ${from_bpo[*]} into $dir/root"
tmp=$(mktemp -d "$dir/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# apt's unprivileged _apt user writes the downloads (else apt warns and does it as root).
chown _apt "$tmp" 2>/dev/null || true
(cd "$tmp" && zns_apt_get download -q "${from_bpo[@]}" >&2) ||
	die "cannot download ${from_bpo[*]}"
for d in "$tmp"/*.deb; do
	dpkg-deb -x "$d" "$tmp/root"
done
libs=
for l in lib/x86_64-linux-gnu usr/lib/x86_64-linux-gnu; do
	# a library directory, not only QEMU's modules
	if compgen -G "$tmp/root/$l/*.so*" >/dev/null; then
		libs+=${libs:+:}$dir/root/$l
	fi
done
cat >"$tmp/wrapper" <<-EOF
#!/bin/sh
# Written by zns_stat's selftests/guest/qemu10.sh: bookworm-backports' QEMU with its
# own firmware, modules and libraries (see there).
root=$dir/root
export QEMU_MODULE_DIR="\$root/usr/lib/x86_64-linux-gnu/qemu"
${libs:+export LD_LIBRARY_PATH="$libs\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"}
exec "\$root/usr/bin/qemu-system-x86_64" -L "\$root/usr/share/seabios" -L "\$root/usr/share/qemu" "\$@"
EOF
chmod 755 "$tmp/wrapper"
rm -rf "$dir/root"
mv "$tmp/root" "$dir/root"
mv "$tmp/wrapper" "$wrapper"
touch "$dir/root/.complete"
usable || die "$wrapper does not run: $("$wrapper" --version 2>&1 | head -n 3)"
log "$("$wrapper" --version | head -n 1)"
echo "$wrapper"
