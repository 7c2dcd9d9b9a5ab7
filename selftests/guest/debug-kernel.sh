#!/bin/bash
# debug-kernel.sh - the zns_stat debug kernel: lockdep, KASAN, kmemleak, UBSAN, KFENCE,
# debug objects and list debugging, built once from Debian's linux-source-6.1 and cached.
#
# Usage: selftests/guest/debug-kernel.sh [--modular|--builtin] [--module]
#        selftests/guest/debug-kernel.sh [--modular|--builtin] --test [TEST...]
#   (default)   build the kernel if its cache entry is missing; print its variables
#   --builtin   the variant with nvme_core and nvme built in (default: both modules)
#   --module    also build zns_stat against it, with W=1, in build/debug-module/VARIANT/
#               (fails, printing them, on any warning); adds ZNS_KO to the output:
#               build/debug-module/zns_stat-VARIANT-<hash of the .ko>.ko, and its
#               KUnit tests beside it, zns_stat_kunit-VARIANT-<the same hash>.ko
#   --test      then, instead of printing the variables, run the guest tests on it
#               (selftests/run-guest-tests.sh TEST...; default: every test, or the
#               builtin/ ones for --builtin), e.g.
#               selftests/guest/debug-kernel.sh --test t30-nvme-cli
#
# Configuration: "make tinyconfig" + debug-kernel.config (+ debug-kernel-builtin.config
# for --builtin), merged with scripts/kconfig/merge_config.sh. The final .config must
# hold every option the fragments ask for, else this stops and names the missing ones.
# Cache: ${ZNS_CACHE:-/var/cache/zns_stat}/debug-kernel/<source version>-<variant>-<hash>/
# (hash of the fragments, the compiler and RECIPE below), with
#   bzImage, config, release, build.log   the kernel image, its .config and uname -r
#   build/                                the built source tree: KDIR for external modules
#   root/lib/modules/<release>/           installed modules with depmod indexes (modprobe -d)
# A first build takes about 5 minutes of 2 idle cores (-j$(nproc); ZNS_DEBUG_KERNEL_JOBS
# overrides); the second variant mostly comes from ccache (debug-kernel/.ccache/).
# Entries unused for 14 days are removed. Installs the build tools it needs (flex,
# bison, libelf-dev, bc, ccache, linux-source-6.1, ...) when missing. Concurrent runs
# wait for each other (flock).
#
# Stdout: shell-quoted assignments, nothing else (progress goes to stderr):
#   KVER=...            the kernel release (uname -r in the guest)
#   ZNS_VMLINUZ=...     kernel image: vm.sh boots it instead of Debian's (with acpi=noirq)
#   ZNS_KMOD_ROOT=...   root of the installed modules (guest/kmod.sh, mkinitramfs.sh)
#   ZNS_KDIR=...        build tree for "make -C $ZNS_KDIR M=..."
#   ZNS_KO=...          (--module) the zns_stat.ko the tests load
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$repo/selftests/lib/apt.sh"
ZNS_CACHE=${ZNS_CACHE:-/var/cache/zns_stat}
cache=$ZNS_CACHE/debug-kernel
# Bump when the build steps change what gets built: it is part of the cache key.
RECIPE=1
SOURCE_PKG=linux-source-6.1
PACKAGES=("$SOURCE_PKG" flex bison libelf-dev bc gcc make libc6-dev kmod xz-utils ccache)

log() { echo "debug-kernel: $*" >&2; }
die() { log "$*"; exit 1; }
usage() {
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0" >&2
	exit 2
}

variant=modular
want_module=0
want_test=0
while [ $# -gt 0 ]; do
	case $1 in
	--builtin) variant=builtin; shift ;;
	--modular) variant=modular; shift ;;
	--module) want_module=1; shift ;;
	--test) want_module=1; want_test=1; shift; break ;;
	-h | --help) usage ;;
	*) usage ;;
	esac
done

# --- Build tools and the kernel source ---
installed() {
	[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]
}
missing=()
for p in "${PACKAGES[@]}"; do
	installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
	log "installing: ${missing[*]}"
	zns_apt_install -qq "${missing[@]}" >&2 || die "cannot install ${missing[*]}"
fi
tarball=$(ls /usr/src/$SOURCE_PKG.tar.* 2>/dev/null | head -n 1)
[ -n "$tarball" ] || die "$SOURCE_PKG is installed but /usr/src/$SOURCE_PKG.tar.* is missing"
srcver=$(dpkg-query -W -f='${Version}' "$SOURCE_PKG")

fragments_of() {	# fragments_of VARIANT: the config fragments, in merge order
	echo "$here/debug-kernel.config"
	[ "$1" = modular ] || echo "$here/debug-kernel-$1.config"
}
hash_of() {		# hash_of VARIANT: what the build depends on besides the source
	local f
	{
		echo "recipe $RECIPE variant $1"
		gcc --version | head -n 1
		while read -r f; do cat "$f"; done < <(fragments_of "$1")
	} | sha256sum | cut -c1-10
}
mapfile -t fragments < <(fragments_of "$variant")
# ccache, shared by the variants and by every version of the fragments: the second
# variant, and a rebuild after a small change of a fragment, compile little.
export CCACHE_DIR=$cache/.ccache CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
kmake=(CC="ccache gcc")
hash=$(hash_of "$variant")
key=$srcver-$variant-$hash
dir=$cache/$key
tree=$dir/build

# check_config: every option the fragments ask for (the last fragment wins) is in .config.
check_config() {
	local missing
	missing=$(awk '
		FNR == 1 { file++ }
		file < last {
			if (match($0, /^CONFIG_[A-Za-z0-9_]+=/)) {
				sym = substr($0, 1, RLENGTH - 1)
				if (!(sym in want)) order[++n] = sym
				want[sym] = $0
			} else if (match($0, /^# CONFIG_[A-Za-z0-9_]+ is not set$/)) {
				sym = $2
				if (!(sym in want)) order[++n] = sym
				want[sym] = $0
			}
			next
		}
		match($0, /^CONFIG_[A-Za-z0-9_]+=/) { have[substr($0, 1, RLENGTH - 1)] = $0 }
		END {
			for (i = 1; i <= n; i++) {
				sym = order[i]; w = want[sym]; h = (sym in have) ? have[sym] : ""
				if (w ~ /^# /) {
					if (h != "") printf "  %s   (the .config has %s)\n", w, h
				} else if (h != w) {
					printf "  %s   (the .config has %s)\n", w, (h == "" ? "it unset" : h)
				}
			}
		}' last=$(($# + 1)) "$@" "$tree/.config")
	if [ -n "$missing" ]; then
		log "the final .config lacks options that $(printf '%s ' "${@##*/}")ask for"
		log "(Kconfig dropped them: a dependency is missing or a choice overrides them):"
		echo "$missing" >&2
		log "add what they depend on to the fragment (see the Kconfig files in $tree)"
		return 1
	fi
}

build_kernel() {
	local start=$SECONDS jobs=${ZNS_DEBUG_KERNEL_JOBS:-$(nproc)}
	rm -rf "$dir"
	mkdir -p "$dir"
	: >"$dir/build.log"
	log "$key: extracting $tarball"
	mkdir -p "$tree"
	tar -xf "$tarball" -C "$tree" --strip-components=1

	log "$key: configuring (tinyconfig + ${fragments[*]##*/})"
	printf 'CONFIG_LOCALVERSION="-zdbg-%s"\n# CONFIG_LOCALVERSION_AUTO is not set\n' "$hash" \
		>"$dir/localversion.config"
	(
		cd "$tree"
		make -s "${kmake[@]}" tinyconfig
		scripts/kconfig/merge_config.sh -m .config "${fragments[@]}" "$dir/localversion.config"
		make -s "${kmake[@]}" olddefconfig
	) >>"$dir/build.log" 2>&1 || { tail -n 30 "$dir/build.log" >&2; die "configuration failed"; }
	check_config "${fragments[@]}" "$dir/localversion.config" ||
		die "stopped: the debug kernel would lack what the tests rely on"

	log "$key: building bzImage and modules with -j$jobs (about 4 minutes; log: $dir/build.log)"
	if ! make -C "$tree" "${kmake[@]}" -j"$jobs" bzImage modules >>"$dir/build.log" 2>&1 ||
	   ! make -C "$tree" "${kmake[@]}" -s INSTALL_MOD_PATH="$dir/root" modules_install \
		>>"$dir/build.log" 2>&1; then
		grep -E -B2 -A8 'error|Error' "$dir/build.log" | tail -n 40 >&2 || tail -n 40 "$dir/build.log" >&2
		die "kernel build failed (log: $dir/build.log)"
	fi
	make -C "$tree" -s kernelrelease >"$dir/release"
	local release
	release=$(cat "$dir/release")
	[ -d "$dir/root/lib/modules/$release" ] || die "modules_install made no lib/modules/$release"
	depmod -b "$dir/root" "$release"
	cp "$tree/arch/x86/boot/bzImage" "$dir/bzImage"
	cp "$tree/.config" "$dir/config"
	log "$key: built $release in $((SECONDS - start)) s"
	echo "$release built in $((SECONDS - start)) s on $(date -u +%FT%TZ)" >"$dir/.complete"
}

prune_unused() {	# cache entries nobody used for 14 days (and nobody holds now)
	local d
	for d in "$cache"/*/; do
		d=${d%/}
		[ "$d" != "$dir" ] && [ -e "$d/.last-used" ] || continue
		[ -n "$(find "$d/.last-used" -mtime +14)" ] || continue
		(flock -n 8 && rm -rf "$d" && log "removed unused $d") 8>"$cache/.lock-${d##*/}" || true
	done
}

mkdir -p "$cache"
exec 9>"$cache/.lock-$key"
# Shared while in use, exclusive to build: a build never replaces a tree in use.
if ! { flock -s -n 9 && [ -e "$dir/.complete" ]; }; then
	flock -u 9
	flock -n 9 || { log "$key: waiting for another run that builds it"; flock 9; }
	[ -e "$dir/.complete" ] || { prune_unused; build_kernel; }
	flock -s 9	# downgrade to shared
fi
touch "$dir/.last-used"
release=$(cat "$dir/release")
[ -f "$dir/bzImage" ] && [ -e "$dir/root/lib/modules/$release/modules.dep.bin" ] ||
	die "$dir is incomplete: remove it and run again"
export KVER=$release ZNS_VMLINUZ=$dir/bzImage ZNS_KMOD_ROOT=$dir/root ZNS_KDIR=$tree

# --- zns_stat against it, from a copy of the sources (the repository's own build
# --- is for Debian's kernel) ---
if [ "$want_module" = 1 ]; then
	# One build at a time in the scratch directory (the repository is shared); the
	# result is kept under a name of its contents, which no later build changes
	# while a guest loads it.
	mroot=$repo/build/debug-module
	mdir=$mroot/$variant
	mkdir -p "$mroot"
	exec 7>"$mroot/.lock-$variant"
	flock 7
	rm -rf "$mdir"
	mkdir -p "$mdir"
	cp -a "$repo/Kbuild" "$repo/module" "$repo/include" "$mdir/"
	find "$mdir" \( -name '*.o' -o -name '.*.cmd' -o -name '*.ko' -o -name '*.mod' \
		-o -name '*.mod.c' \) -delete
	# -g: a report's "zns_probe_done+0x42/0x1a0" can be turned into a source
	# line with $ZNS_KDIR/scripts/faddr2line $ZNS_KO zns_probe_done+0x42/0x1a0.
	findings=$(make -C "$tree" -s M="$mdir" W=1 KCFLAGS=-g modules 2>&1 |
		grep -v -e '^make' -e 'Skipping BTF generation' -e '^  [A-Z]' || true)
	[ -e "$mdir/zns_stat.ko" ] || findings+=$'\n'"zns_stat.ko was not built"
	if [ -n "$findings" ]; then
		log "zns_stat does not build cleanly (W=1) against $KVER:"
		echo "$findings" >&2
		exit 1
	fi
	ZNS_KO=$mroot/zns_stat-$variant-$(sha256sum "$mdir/zns_stat.ko" | cut -c1-12).ko
	if [ ! -e "$ZNS_KO" ]; then
		cp "$mdir/zns_stat.ko" "$ZNS_KO.tmp$$"
		mv "$ZNS_KO.tmp$$" "$ZNS_KO"
	fi
	touch "$ZNS_KO"
	# The KUnit tests (t05-kunit.sh) beside it, named after it: zns_stat_kunit-...
	[ -e "$mdir/zns_stat_kunit.ko" ] || die "zns_stat_kunit.ko was not built (CONFIG_KUNIT?)"
	kunit_ko=$mroot/zns_stat_kunit-${ZNS_KO#"$mroot"/zns_stat-}
	cp "$mdir/zns_stat_kunit.ko" "$kunit_ko.tmp$$"
	mv "$kunit_ko.tmp$$" "$kunit_ko"
	find "$mroot" -maxdepth 1 -name "zns_stat*-$variant-*.ko" -mmin +1440 -delete
	flock -u 7
	export ZNS_KO
fi

if [ "$want_test" = 1 ]; then
	[ $# -gt 0 ] || [ "$variant" = modular ] || set -- "$variant"
	export ZNS_TEST_TIMEOUT=${ZNS_TEST_TIMEOUT:-600} ZNS_VM_TIMEOUT=${ZNS_VM_TIMEOUT:-3600}
	# Debian's packaging (DKMS) has nothing to test on a kernel of our own.
	export ZNS_TEST_EXCLUDE=${ZNS_TEST_EXCLUDE-*dkms*}
	unset ZNS_KDIR	# the guest does not need it; keep the kernel command line short
	exec "$repo/selftests/run-guest-tests.sh" "$@"
fi
printf 'KVER=%q\nZNS_VMLINUZ=%q\nZNS_KMOD_ROOT=%q\nZNS_KDIR=%q\n' \
	"$KVER" "$ZNS_VMLINUZ" "$ZNS_KMOD_ROOT" "$ZNS_KDIR"
[ "$want_module" = 0 ] || printf 'ZNS_KO=%q\n' "$ZNS_KO"
