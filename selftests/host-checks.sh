#!/bin/bash
# host-checks.sh KVER [KVER...] - the checks that need no guest, as KTAP.
# Once: checkpatch.pl --strict is clean on module/ and include/; so is kernel-doc -v
# on module/, where every shared function and every structure of internal.h has one;
# the tool builds
# with -Wall -Wextra -Werror and cppcheck finds nothing in user/; make install and
# make uninstall with DESTDIR and PREFIX install and remove exactly their files.
# The newest kernel: the module builds with W=1 and no warning against Debian sid's
# (guest/sid.sh --headers, in a sid root, prepared beside the other checks).
# Per kernel release (headers from guest/kernels.sh kdir): the module builds with W=1
# and no warning (for the first, its objects call each other in one direction,
# module-circles.py, and share only zns_ symbols), sparse (C=2) reports nothing, and (not for cloud kernels) make
# dkms-install adds, builds and installs it with dkms into a staging tree
# (build/dkms/KVER/root, which the DKMS guest test loads with modprobe); once, dkms
# refuses a kernel without CONFIG_BLK_DEV_ZONED.
# Once, a 32-bit kernel: Kbuild refuses it with one line.
# Debian packages, for the first KVER (make check's default guest kernel): make deb
# builds both, lintian clean; apt install of both in a fresh bookworm root (cached,
# deb-checks.sh) has dkms build and install zns_stat for KVER (its module tree goes
# to build/deb-root/KVER/root, which the guest test t16-deb-modprobe loads from);
# the systemd units are there, disabled; apt remove keeps the ledgers, apt purge
# leaves nothing behind.
# Each kernel's module is built in build/kernels/KVER/ (a copy of the sources), where
# the guest suites of make check take it from.
# Installs sparse, cppcheck, dkms, linux-source-6.1 (for checkpatch.pl), the
# tool's libraries (libjson-c-dev, libsmartcols-dev, pkg-config) and make deb's
# tools when missing, waiting for apt's locks (lib/apt.sh, ZNS_APT_LOCK_TIMEOUT).
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/selftests/lib/apt.sh"
. "$repo/selftests/lib/units.sh"
[ $# -ge 1 ] || { echo "usage: host-checks.sh KVER [KVER...]" >&2; exit 2; }
kvers=("$@")
logdir=$repo/build/host-checks
mkdir -p "$logdir"
cache=${ZNS_CACHE:-/var/cache/zns_stat}

need=()
command -v sparse >/dev/null || need+=(sparse)
command -v cppcheck >/dev/null || need+=(cppcheck)
command -v dkms >/dev/null || need+=(dkms)
ls /usr/src/linux-source-6.1.tar.* >/dev/null 2>&1 || need+=(linux-source-6.1)
# zns-stat's unit tests and figure checks
[ -e /usr/include/cmocka.h ] || need+=(libcmocka-dev)
[ -e /usr/include/json-c/json.h ] || need+=(libjson-c-dev)
[ -e /usr/include/libsmartcols/libsmartcols.h ] || need+=(libsmartcols-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v xmllint >/dev/null || need+=(libxml2-utils)
command -v rsvg-convert >/dev/null || need+=(librsvg2-bin)
[ -d /usr/lib/python3/dist-packages/prometheus_client ] || need+=(python3-prometheus-client)
# zns-stat export: served by node_exporter's textfile collector, linted by promtool
command -v prometheus-node-exporter >/dev/null || need+=(prometheus-node-exporter)
command -v promtool >/dev/null || need+=(prometheus)
# zns-stat report: laid out by a real browser (issue 14)
command -v chromium >/dev/null || need+=(chromium)
# zns-stat's bash completion: found by bash-completion's own loader once installed
[ -e /usr/share/bash-completion/bash_completion ] || need+=(bash-completion)
# the systemd units: systemd-analyze verify (lib/units.sh)
command -v systemd-analyze >/dev/null || need+=(systemd)
# make deb's (user/packaging/mkdeb.sh would install them, without waiting for a lock)
command -v dh >/dev/null || need+=(debhelper)
command -v dh_dkms >/dev/null || need+=(dh-dkms)
command -v lintian >/dev/null || need+=(lintian)
command -v dpkg-buildpackage >/dev/null || need+=(dpkg-dev)
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)	# deb-checks.sh's root
if [ ${#need[@]} -gt 0 ]; then
	echo "# installing ${need[*]}"
	zns_apt_install -q "${need[@]}" >"$logdir/apt.log" 2>&1 ||
		{ echo "# apt-get install ${need[*]} failed: $(tail -n 1 "$logdir/apt.log")"; exit 1; }
fi

# checkpatch.pl and its data files, extracted once from Debian's kernel source.
checkpatch_dir=$cache/checkpatch
if [ ! -x "$checkpatch_dir/scripts/checkpatch.pl" ]; then
	mkdir -p "$checkpatch_dir"
	tar -xf /usr/src/linux-source-6.1.tar.* -C "$checkpatch_dir" --strip-components=1 \
		linux-source-6.1/scripts/checkpatch.pl linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
fi
# scripts/kernel-doc from the same source (a cache made before it has checkpatch only).
if [ ! -x "$checkpatch_dir/scripts/kernel-doc" ]; then
	mkdir -p "$checkpatch_dir"
	tar -xf /usr/src/linux-source-6.1.tar.* -C "$checkpatch_dir" --strip-components=1 \
		linux-source-6.1/scripts/kernel-doc
fi

# ZNS_HOST_CHECKS=REGEX: run only the checks whose name matches it (grep -E), e.g. one
# being worked on; the others are left out of the plan.
only=${ZNS_HOST_CHECKS:-}
n=0 failed=0
check() {	# check NAME COMMAND...: ok if the command succeeds and prints nothing
	local name=$1 log
	shift
	[ -z "$only" ] || grep -Eq -- "$only" <<<"$name" || return 0
	n=$((n + 1))
	log=$logdir/$n.log
	SECONDS=0
	if "$@" >"$log" 2>&1 && [ ! -s "$log" ]; then
		echo "ok $n host: $name"
	else
		echo "not ok $n host: $name"
		sed 's/^/# /' "$log" | head -n 40
		failed=$((failed + 1))
	fi
	echo "# $n took ${SECONDS}s"	# where make check's time goes
}

kbuild_filter() {	# Kbuild's own chatter is not a finding: keep warnings, errors, sparse
	grep -v -e '^make' -e 'Skipping BTF generation' -e '^  [A-Z]' || true
}

# The newest kernel this machine can get: Debian sid's, its module built with W=1 in a
# sid root (guest/sid.sh --headers: mmdebstrap, cached in $cache/sid per sid kernel; a
# first run fetches about 125 MB and takes a minute or a few). It is prepared in the
# background from here, beside the checks below, and checked after them: a compat.h
# that no longer builds on the newest kernel fails make check. When sid cannot give its
# newest kernel (lists unreadable, packages not installable together mid-transition),
# sid.sh builds against the root cached for an earlier sid kernel and says so; with none
# cached, Debian testing's newest kernel is built instead (testing takes only packages
# installable together). Only when neither gives a kernel does the check fail: it never
# skips. Documentation/testing.rst ("The newest kernel") has the reasons.
newest_name() {	# newest_name WHICH: the check's name
	echo "module builds with W=1 and no warning (newest Debian kernel: $1)"
}
newest_prepare() {	# stdout: guest/sid.sh's assignments and SID_SECONDS
	local start=$SECONDS
	if ! bash "$repo/selftests/guest/sid.sh" --headers; then
		echo "host-checks: no kernel from sid (above): Debian testing's newest instead" >&2
		ZNS_SID_SUITE=testing bash "$repo/selftests/guest/sid.sh" --headers || return
	fi
	echo "SID_SECONDS=$((SECONDS - start))"
}
newest_check() {	# after the other checks: wait for newest_prepare, check its build
	local KVER= SID_BUILD_LOG= SID_SUITE= SID_NOTE= SID_SECONDS= ZNS_KO= start=$SECONDS waited
	wait "$newest_pid"
	waited=$((SECONDS - start))
	eval "$(cat "$logdir/newest/vars")"
	if [ -n "$KVER" ]; then
		check "$(newest_name "$SID_SUITE $KVER")" cat "$SID_BUILD_LOG"
		[ "$SID_SUITE" = sid ] || echo "# sid gave no kernel (why: its log, below): Debian $SID_SUITE's newest instead"
		[ -z "$SID_NOTE" ] || echo "# $SID_NOTE"
	else
		check "$(newest_name "none from sid or testing")" newest_unavailable
	fi
	echo "# $n: the root and the build took ${SID_SECONDS:-?}s beside the checks above, ${waited}s more here (log: $logdir/newest/log)"
}
newest_unavailable() {
	echo "selftests/guest/sid.sh --headers found no kernel headers in Debian sid or testing:"
	tail -n 20 "$logdir/newest/log"
	return 1
}
newest_pid=
if [ -z "$only" ] || grep -Eq -- "$only" <<<"$(newest_name "sid")"; then
	rm -rf "$logdir/newest"
	mkdir -p "$logdir/newest"
	newest_prepare >"$logdir/newest/vars" 2>"$logdir/newest/log" &
	newest_pid=$!
fi

# A fresh copy of the module's sources per release: builds for several kernels
# never share objects, and never touch the tree others may be building in.
kernel_tree() {	# kernel_tree KVER -> prints the directory
	local dir=$repo/build/kernels/$1
	rm -rf "$dir"
	mkdir -p "$dir"
	(cd "$repo" && cp -a --parents Kbuild include/zns_stat.h module/*.c module/*.h "$dir/")
	echo "$dir"
}

build_findings() {	# build_findings KVER KDIR: W=1 build from scratch
	local dir
	dir=$(kernel_tree "$1")
	make -C "$2" M="$dir" -s -j"$(nproc)" W=1 modules 2>&1 | kbuild_filter
	[ -e "$dir/zns_stat.ko" ] || echo "zns_stat.ko was not built"
}

# module/'s files call each other in one direction (issue 45): no circle among
# the objects build_findings just built (selftests/module-circles.py: nm arrows).
circles_findings() {	# circles_findings KVER
	python3 "$repo/selftests/module-circles.py" "$repo/build/kernels/$1"
}

# Every symbol the module's objects share carries its prefix, so that a stack
# trace or a symbol clash says whose code it is (issue 45); module_init() and
# module_exit() name theirs init_module and cleanup_module.
prefix_findings() {	# prefix_findings KVER
	local o
	compgen -G "$repo/build/kernels/$1/module/*.o" >/dev/null ||
		{ echo "no objects in build/kernels/$1 (the W=1 build's)"; return; }
	for o in "$repo/build/kernels/$1"/module/*.o; do
		nm "$o" | awk -v o="module/${o##*/}" '$2 ~ /^[TDBRG]$/ && $3 !~ /^(zns_|__|init_module$|cleanup_module$)/ {
			print o ": " $3 " is shared without the zns_ prefix" }'
	done
}

sparse_findings() {	# sparse_findings KVER KDIR: C=2 checks every file, built or not
	make -C "$2" M="$repo/build/kernels/$1" -s -j"$(nproc)" C=2 modules 2>&1 | kbuild_filter
}

# make dkms-install with every dkms path under build/dkms/KVER: sources, dkms tree,
# and a module tree (root/lib/modules/KVER) that the guest's modprobe -d can use.
dkms_findings() {	# dkms_findings KVER KDIR
	local kver=$1 kdir=$2 t=$repo/build/dkms/$1 ko version vermagic
	local flags="--sourcetree $t/src --dkmstree $t/tree --installtree $t/root/lib/modules --kernelsourcedir $kdir --no-depmod"

	rm -rf "$t"
	mkdir -p "$t/src" "$t/tree" "$t/root/lib/modules/$kver"
	if ! make -C "$repo" -s dkms-install KERNELRELEASE="$kver" DKMS_SRCTREE="$t/src" \
		DKMS_FLAGS="$flags" >"$t/dkms.log" 2>&1; then
		echo "make dkms-install failed:"
		tail -n 30 "$t/dkms.log"
		return
	fi
	ko=$(compgen -G "$t/root/lib/modules/$kver/updates/dkms/zns_stat.ko*" | head -n 1)
	[ -n "$ko" ] || { echo "dkms installed no zns_stat.ko in $t/root/lib/modules/$kver/updates/dkms"; return; }
	version=$(modinfo -F version "$ko")
	[ "$version" = "$zns_version" ] || echo "$ko: version '$version', include/zns_stat.h says '$zns_version'"
	vermagic=$(modinfo -F vermagic "$ko")
	[ "${vermagic%% *}" = "$kver" ] || echo "$ko: vermagic '$vermagic' is not for $kver"
	# (dkms status runs readelf on 6.12's vmlinux, which warns about .comment)
	dkms $flags status -m zns_stat -v "$zns_version" -k "$kver" 2>/dev/null | grep -q ': installed' ||
		echo "dkms status does not say installed: $(dkms $flags status -m zns_stat 2>&1)"
	# A module tree of zns_stat alone: depmod wants the kernel's lists, empty here.
	touch "$t/root/lib/modules/$kver/"{modules.order,modules.builtin,modules.builtin.modinfo}
	depmod -b "$t/root" "$kver" || echo "depmod -b $t/root $kver failed"
	modprobe -d "$t/root" -S "$kver" --show-depends zns_stat 2>&1 | grep -q "insmod $ko" ||
		echo "modprobe -d $t/root -S $kver cannot find zns_stat"
}

# A kernel without zoned block devices: dkms must refuse to build (BUILD_EXCLUSIVE_CONFIG).
dkms_exclusive_findings() {	# dkms_exclusive_findings KVER KDIR
	local kver=$1 t=$repo/build/dkms/exclusive fake out rc=0
	local flags="--sourcetree $t/src --dkmstree $t/tree --installtree $t/root --no-depmod"

	rm -rf "$t"
	mkdir -p "$t/src" "$t/tree" "$t/root/$kver"
	fake=$t/kernel	# all dkms reads before refusing: .config (and include/ exists)
	mkdir -p "$fake/include"
	grep -v '^CONFIG_BLK_DEV_ZONED=' "$2/.config" >"$fake/.config"
	out=$(make -C "$repo" -s dkms-install KERNELRELEASE="$kver" DKMS_SRCTREE="$t/src" \
		DKMS_FLAGS="$flags --kernelsourcedir $fake" 2>&1) || rc=$?
	[ "$rc" -ne 0 ] || echo "dkms built zns_stat for a kernel without CONFIG_BLK_DEV_ZONED"
	grep -q 'BUILD_EXCLUSIVE' <<<"$out" || { echo "dkms did not refuse with BUILD_EXCLUSIVE:"; tail -n 10 <<<"$out"; }
	[ -z "$(find "$t/root" -name 'zns_stat.ko*')" ] || echo "a module was installed anyway"
	rm -rf "$t"
}

# make install / make uninstall into a DESTDIR, from a copy of the tree.
install_findings() {	# install_findings KVER
	local kver=$1 t=$repo/build/install-test want got unit KDIR out
	rm -rf "$t"
	mkdir -p "$t/src" "$t/dest"
	(cd "$repo" && cp -a --parents Makefile Kbuild dkms.conf include module user "$t/src/") &&
		make -C "$t/src" -s clean >/dev/null 2>&1
	# the headers where kernels.sh has them: /lib/modules, or its cache (a
	# backports kernel whose headers this machine has not installed)
	eval "$(bash "$repo/selftests/guest/kernels.sh" kdir "$kver" 2>/dev/null)"
	if ! make -C "$t/src" -s install KERNELRELEASE="$kver" ${KDIR:+KDIR="$KDIR"} \
		DESTDIR="$t/dest" PREFIX=/usr >"$t/install.log" 2>&1; then
		echo "make install failed:"
		tail -n 20 "$t/install.log"
		return
	fi
	want="lib/modules/$kver/extra/zns_stat.ko
usr/bin/zns-stat
lib/systemd/system/zns-stat-exporter.service
lib/systemd/system/zns-stat-ledger.service
lib/systemd/system/zns-stat-ledger.timer
lib/systemd/system/zns-stat-ledger-shutdown.service
usr/share/zns-stat/zns-stat-dashboard.json
usr/share/bash-completion/completions/zns-stat"
	[ -e "$repo/user/zns-stat.8" ] && want+=$'\n'"usr/share/man/man8/zns-stat.8"
	got=$(cd "$t/dest" && find . -type f -o -type l | sed 's|^\./||' | LC_ALL=C sort)
	[ "$got" = "$(LC_ALL=C sort <<<"$want")" ] ||
		printf 'make install DESTDIR= PREFIX=/usr installed:\n%s\nexpected:\n%s\n' "$got" "$want"
	[ "$(stat -c %a "$t/dest/usr/bin/zns-stat" 2>/dev/null)" = 755 ] || echo "zns-stat is not mode 755"
	# the units name the installed tool, and systemd accepts them (pointed at DESTDIR's)
	unit=$t/dest/lib/systemd/system/zns-stat-exporter.service
	grep -q '^ExecStart=/usr/bin/zns-stat export --textfile-dir /var/lib/prometheus/node-exporter ' "$unit" ||
		echo "zns-stat-exporter.service: ExecStart is not /usr/bin/zns-stat export: $(grep ExecStart= "$unit")"
	zns_ledger_units_findings "$t/dest/lib/systemd/system" /usr/bin
	# bash-completion's loader (what a <Tab> after zns-stat runs) finds and loads it there
	out=$(XDG_DATA_DIRS=$t/dest/usr/share bash -c 'source /usr/share/bash-completion/bash_completion &&
		__load_completion zns-stat && complete -p zns-stat' 2>&1)
	[ "$out" = "complete -F _zns_stat zns-stat" ] ||
		echo "bash-completion does not load the installed completion: $out"
	zns_units_verify_findings "$t/dest/lib/systemd/system" "$t/dest/usr/bin/zns-stat" "$t/units"
	modinfo -F vermagic "$t/dest/lib/modules/$kver/extra/zns_stat.ko" 2>/dev/null | grep -q "^$kver " ||
		echo "the installed module is not for $kver"
	if ! make -C "$t/src" -s uninstall KERNELRELEASE="$kver" DESTDIR="$t/dest" PREFIX=/usr \
		>"$t/uninstall.log" 2>&1; then
		echo "make uninstall failed:"
		tail -n 20 "$t/uninstall.log"
	fi
	got=$(cd "$t/dest" && find . -type f -o -type l)
	[ -z "$got" ] || printf 'left after make uninstall:\n%s\n' "$got"
	rm -rf "$t"
}

# make on a machine without kernel headers (a KDIR that does not exist), from a
# copy of the tree: it builds the tool, exits 0, builds no module object and
# says in one line on stderr how to build the module; make install fails,
# naming make install-tool.
no_headers_findings() {
	local t=$repo/build/no-headers out
	rm -rf "$t"
	mkdir -p "$t/src"
	# the sources alone (no objects of an earlier build); clean drops the tool
	(cd "$repo" && cp -a --parents Makefile Kbuild include module/*.c module/*.h user "$t/src/") &&
		make -C "$t/src" -s clean KDIR="$t/none" >/dev/null 2>&1
	[ ! -e "$t/src/user/zns-stat" ] || echo "make clean left user/zns-stat"
	make -C "$t/src" -s KDIR="$t/none" CC=gcc >"$t/out" 2>"$t/err" || echo "make without headers failed"
	[ -x "$t/src/user/zns-stat" ] || echo "make without headers did not build user/zns-stat"
	! compgen -G "$t/src/module/*.o" >/dev/null || echo "module objects were built"
	out=$(cat "$t/err")
	[ "$out" = "zns_stat: built user/zns-stat only; no kernel build tree at $t/none for the module: install linux-headers-$(uname -r), or make KDIR=/path/to/build" ] ||
		printf 'want one line on how to build the module, got:\n%s\n' "$out"
	[ ! -s "$t/out" ] || { echo "make -s without headers printed:"; head -n 5 "$t/out"; }
	# make install needs the module: it fails, naming the tool's own targets
	out=$(make -C "$t/src" -s install KDIR="$t/none" DESTDIR="$t/dest" 2>&1) &&
		echo "make install without headers succeeded"
	grep -q "^zns_stat: no kernel build tree at $t/none: .*(the tool alone: make tool, make install-tool)$" <<<"$out" ||
		printf 'make install without headers said:\n%s\n' "$out"
	rm -rf "$t"
}

# The tool under cppcheck: warnings, portability and performance (not style).
cppcheck_findings() {
	(cd "$repo" && cppcheck -q --std=c11 --enable=warning,performance,portability \
		--inline-suppr --error-exitcode=1 -Iinclude -Iuser \
		--template='{file}:{line}: {severity}: {message} [{id}]' user/main.c user/*/*.c)
}

# zns-stat's layers (selftests/user/layers-check.py): no two files call each other
# in a loop, and none calls a later layer (lib/ source/ model/ render/ cmd/ main.c).
layers_findings() {
	(cd "$repo" && python3 selftests/user/layers-check.py cc -std=gnu11 -Iinclude \
		'-D__maybe_unused=__attribute__((unused))' \
		$(pkg-config --cflags json-c smartcols))
}

# zns-stat's cmocka unit tests (make unit-test); their output only when one fails.
unit_test_findings() {
	local out
	out=$(make -C "$repo" -s -j"$(nproc)" unit-test CC=gcc 2>&1) ||
		grep -v -e '^\[ RUN' -e '^\[       OK' <<<"$out" | tail -n 40
}

# performance.rst's scale tree (selftests/user/scale-fixture.sh), 300 zones: the
# recipe's zns-stat --all reads it, and -o csv --all has every zone.
scale_fixture_findings() {
	local t=$logdir/scale-fixture
	local env=(env "ZNS_STAT_DEBUGFS=$t" "ZNS_STAT_DEV=$t/no-dev" "ZNS_STAT_SYSFS=$t/no-sys")

	rm -rf "$t"
	mkdir -p "$t"
	bash "$repo/selftests/user/scale-fixture.sh" "$t" 300 || { echo "scale-fixture.sh failed"; return; }
	"${env[@]}" "$repo/user/zns-stat" --all zbig >"$t/table" 2>"$t/err" ||
		{ echo "zns-stat --all refused the scale tree:"; grep -v 'no cond, wptr' "$t/err" | head -n 3; }
	"${env[@]}" "$repo/user/zns-stat" -o csv --all zbig 2>/dev/null >"$t/csv"
	[ "$(grep -c '^zbig,' "$t/csv")" = 300 ] || echo "zns-stat -o csv --all: not the scale tree's 300 zones"
}

# Each SVG (under DIR) well-formed and rendered to a PNG beside it: svg_findings DIR SVG...
svg_findings() {
	local t=$1 svg

	shift
	for svg; do
		xmllint --noout "$svg" 2>&1 | head -n 5
		rsvg-convert -o "${svg%.svg}.png" "$svg" 2>&1 | head -n 5
		[ "$(stat -c %s "${svg%.svg}.png" 2>/dev/null || echo 0)" -gt 4096 ] ||
			echo "${svg#"$t"/}: no or a tiny PNG"
	done
}

# zns-stat's figures of an 8-zone and a 65536-zone data file and its report, and of ledgers:
# well-formed XML, every SVG rendered to PNG; its Prometheus output parsed.
figure_findings() {
	local t=$logdir/figures tool=$repo/user/zns-stat n
	rm -rf "$t"
	mkdir -p "$t"
	for n in 8 65536; do
		bash "$repo/selftests/user/make-datafile.sh" "$n" >"$t/zones$n.dat"
		"$tool" plot "$t/zones$n.dat" >/dev/null || { echo "zns-stat plot zones$n.dat failed"; continue; }
		svg_findings "$t" "$t/zones$n"/*.svg
		[ "$(ls "$t/zones$n"/*.png 2>/dev/null | wc -l)" = 14 ] || echo "zones$n: not 14 figures"
		"$tool" report "$t/zones$n.dat" -f "$t/zones$n.html" >/dev/null &&
			xmllint --noout "$t/zones$n.html" 2>&1 | head -n 5
	done
	# ledger plot and report of an 8-zone and a 65536-zone ledger: 2 figures and a page each
	for n in 8 65536; do
		bash "$repo/selftests/user/make-ledger.sh" "$n" >"$t/ledger$n.ledger"
		"$tool" ledger plot "$t/ledger$n.ledger" -D "$t/ledger$n" >/dev/null ||
			{ echo "zns-stat ledger plot ledger$n.ledger failed"; continue; }
		svg_findings "$t" "$t/ledger$n"/*/*.svg
		[ "$(ls "$t/ledger$n"/*/*.png 2>/dev/null | wc -l)" = 2 ] || echo "ledger$n: not 2 figures"
		"$tool" ledger report "$t/ledger$n.ledger" -f "$t/ledger$n.html" >/dev/null &&
			xmllint --noout "$t/ledger$n.html" 2>&1 | head -n 5
	done
	# (the fixture has no block devices: that one line is expected, cli-check.sh checks it)
	ZNS_STAT_DEBUGFS=$repo/selftests/user/fixtures/debugfs "$tool" -o prom zns8 zns8x \
		2> >(grep -v 'no cond, wptr and cap columns' >&2) |
		/usr/bin/python3 -c 'import sys
from prometheus_client.parser import text_string_to_metric_families as parse
n = sum(len(f.samples) for f in parse(sys.stdin.read()))
if n < 400: print("prometheus_client parsed only %d samples" % n)' 2>&1 | tail -n 5
}

# zns-stat export on the fixture, served by node_exporter's textfile collector alone
# on a loopback port: values against the fixture files and ledgers, promtool's lint, the Grafana
# dashboard's metric names; the atomic write (nothing else left in the directory),
# the --interval loop ended by SIGTERM, and bad arguments (one line, nothing written).
export_findings() {
	local t=$logdir/export tool=$repo/user/zns-stat port pid i out rc files fd end f
	local env=(env ZNS_STAT_DEBUGFS="$repo/selftests/user/fixtures/debugfs" ZNS_STAT_DEV=/nonexistent)
	rm -rf "$t"
	mkdir -p "$t/prom" "$t/loop" "$t/bad"
	out=$("${env[@]}" "$tool" export --textfile-dir "$t/prom" --zones \
		--ledger-dir "$repo/selftests/user/fixtures/ledger-dir" zns8 zns8x nvme1n1 2>&1) ||
		echo "zns-stat export failed: $out"
	[ -z "$out" ] || echo "zns-stat export said: $out"
	files=$(ls -A "$t/prom")
	[ "$files" = zns_stat.prom ] || echo "the textfile directory holds: $files"
	promtool check metrics <"$t/prom/zns_stat.prom" 2>&1 | head -n 10
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	prometheus-node-exporter --collector.disable-defaults --collector.textfile \
		--collector.textfile.directory="$t/prom" --web.listen-address="127.0.0.1:$port" \
		>"$t/node-exporter.log" 2>&1 &
	pid=$!
	# Until it answers: a loaded machine may take seconds to start it (60 s is a hang).
	end=$((SECONDS + 60))
	until python3 -c "import urllib.request as u; open('$t/scrape', 'wb').write(u.urlopen('http://127.0.0.1:$port/metrics', timeout=5).read())" \
		2>/dev/null || [ "$SECONDS" -ge "$end" ]; do
		sleep 0.2
	done
	kill "$pid" && wait "$pid" 2>/dev/null
	if [ -s "$t/scrape" ]; then
		/usr/bin/python3 "$repo/selftests/user/export-check.py" "$repo/selftests/user/fixtures/debugfs" \
			"$t/scrape" "$repo/user/grafana/zns-stat-dashboard.json" \
			"$repo/selftests/user/fixtures/ledger-dir" 2>&1 | head -n 20
	else
		echo "no scrape from node_exporter on 127.0.0.1:$port:"
		tail -n 5 "$t/node-exporter.log"
	fi
	# --interval: rewritten by rename (the file first seen, held open, is unlinked and
	# whole; the new one is whole too), SIGTERM ends it with 0, no temporary left.
	# Properties, not a deadline: on a loaded machine 0.2 s may be seconds (60: a hang).
	"${env[@]}" "$tool" export --textfile-dir "$t/loop" --interval 0.2 zns8 2>"$t/loop.err" &
	pid=$!
	end=$((SECONDS + 60))
	until [ -e "$t/loop/zns_stat.prom" ] || [ "$SECONDS" -ge "$end" ]; do sleep 0.1; done
	if [ -e "$t/loop/zns_stat.prom" ] && exec {fd}<"$t/loop/zns_stat.prom"; then
		# (held open, its inode number cannot be reused by a later file)
		i=$(stat -L -c %i "/dev/fd/$fd")
		until [ "$(stat -c %i "$t/loop/zns_stat.prom" 2>/dev/null)" != "$i" ] ||
			[ "$SECONDS" -ge "$end" ]; do
			sleep 0.1
		done
		cp "$t/loop/zns_stat.prom" "$t/second.prom"
		cat <&"$fd" >"$t/first.prom"
		if [ "$(stat -c %i "$t/loop/zns_stat.prom")" = "$i" ]; then
			echo "export --interval 0.2 did not replace its file in 60 s"
		else
			[ "$(stat -L -c %h "/dev/fd/$fd")" = 0 ] ||
				echo "export --interval: the file first written is still linked after it was replaced"
			for f in first second; do
				promtool check metrics <"$t/$f.prom" 2>&1 | sed "s/^/$f file: /" | head -n 10
			done
			grep -q '^zns_stat_' "$t/first.prom" &&
				[ "$(grep -c '^zns_stat_' "$t/first.prom")" = "$(grep -c '^zns_stat_' "$t/second.prom")" ] ||
				echo "export --interval: the first and second files differ in their samples' count"
		fi
		exec {fd}<&-
	else
		echo "export --interval 0.2 wrote no file in 60 s"
	fi
	kill -TERM "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" = 0 ] || echo "export --interval: exit status $rc after SIGTERM"
	[ -s "$t/loop.err" ] && { echo "export --interval said:"; cat "$t/loop.err"; }
	files=$(ls -A "$t/loop")
	[ "$files" = zns_stat.prom ] || echo "after the loop, the textfile directory holds: $files"
	promtool check metrics <"$t/loop/zns_stat.prom" 2>&1 | head -n 10
	# no module: zns_stat_module_up 0, said once, exit 1
	out=$(ZNS_STAT_DEBUGFS=$t/none "$tool" export --textfile-dir "$t/loop" 2>&1) &&
		echo "export without the module exited 0"
	[ "$(wc -l <<<"$out")" = 1 ] || echo "export without the module said: $out"
	grep -qx 'zns_stat_module_up 0' "$t/loop/zns_stat.prom" || echo "export without the module: not zns_stat_module_up 0"
	# bad arguments: one line on stderr, non-zero, nothing written
	for args in "--textfile-dir $t/missing" "--textfile-dir $t/prom/zns_stat.prom" "" \
		"--textfile-dir $t/bad --interval 0" "--textfile-dir $t/bad --interval -5" \
		"--textfile-dir $t/bad --interval 1x" "--textfile-dir $t/bad --interval nan" \
		"--textfile-dir $t/bad --max-zones 3" "--textfile-dir $t/bad --bogus"; do
		# shellcheck disable=SC2086
		out=$("${env[@]}" "$tool" export $args 2>&1 >/dev/null) && echo "export $args: exit status 0"
		[ "$(wc -l <<<"$out")" = 1 ] && [ -n "$out" ] || echo "export $args said: $out"
	done
	[ -z "$(ls -A "$t/bad")" ] || echo "bad arguments wrote: $(ls -A "$t/bad")"
	[ ! -e "$t/missing" ] || echo "export created $t/missing"
}

# The kselftests' installation (selftests/zns_stat/Makefile): the tree the kernel's
# run_kselftest.sh runs, its kselftest-list.txt naming exactly the tests there, the
# runner's files Linux 6.1's; on a machine without the test guest's devices every test
# skips with its reason (an empty sysfs; a PATH without nvme-cli).
kselftest_findings() {
	local t=$logdir/kselftest src=$repo/selftests/zns_stat want got f out n
	rm -rf "$t"
	mkdir -p "$t/empty-sysfs" "$t/bin"
	make -s -C "$src" install INSTALL_PATH="$t/install" || { echo "make install failed"; return; }
	want=$(cd "$src" && LC_ALL=C && printf "%s\n" t[0-9]*.sh | sed 's/^/zns_stat:/')
	got=$(cat "$t/install/kselftest-list.txt")
	[ "$got" = "$want" ] || printf 'kselftest-list.txt:\n%s\nexpected (the t*.sh files):\n%s\n' "$got" "$want"
	want=$(cd "$src" && LC_ALL=C && printf "%s\n" t[0-9]*.sh multi/t[0-9]*.sh builtin/t[0-9]*.sh reboot/t[0-9]*.sh fdp/t[0-9]*.sh)
	got=$(LC_ALL=C sort "$t/install/zns_stat/tests.list")
	[ "$got" = "$(LC_ALL=C sort <<<"$want")" ] || printf 'tests.list:\n%s\nexpected:\n%s\n' "$got" "$want"
	for f in $want lib.sh zns.sh multi/lib-multi.sh reboot/lib-reboot.sh fdp/lib-fdp.sh kmod.sh run_tests.sh settings; do
		[ -e "$t/install/zns_stat/$f" ] || echo "not installed: zns_stat/$f"
	done
	mkdir -p "$t/linux"
	tar -xf /usr/src/linux-source-6.1.tar.* -C "$t/linux" --strip-components=4 \
		linux-source-6.1/tools/testing/selftests/{run_kselftest.sh,kselftest/runner.sh,kselftest/prefix.pl,kselftest/module.sh}
	for f in run_kselftest.sh kselftest/runner.sh kselftest/prefix.pl kselftest/module.sh; do
		cmp -s "$t/linux/$f" "$t/install/$f" || echo "$f: not Linux 6.1's tools/testing/selftests/$f"
	done
	n=$(wc -l <"$t/install/kselftest-list.txt")
	printf '#!/bin/sh\nexit 0\n' >"$t/bin/nvme"
	chmod +x "$t/bin/nvme"
	# The kernel's runner, as on a lab machine: no zoned namespace, then no nvme-cli.
	out=$(cd / && ZNS_SYSFS=$t/empty-sysfs PATH=$t/bin:/usr/bin:/bin "$t/install/run_kselftest.sh" 2>&1)
	ktap_all_skip "$out" "$n" "no zoned namespace (no host-managed block device) and no QEMU NVMe controller"
	# A lab machine with ZNS_STAT_TEST_DEV: a test for the guest's controllers
	# skips, saying which run; a name that is not a zoned disk fails.
	mkdir -p "$t/lab-sysfs/block/nvme9n2/queue"
	echo host-managed >"$t/lab-sysfs/block/nvme9n2/queue/zoned"
	out=$(cd / && ZNS_SYSFS=$t/lab-sysfs ZNS_STAT_TEST_DEV=/dev/nvme9n2 PATH=$t/bin:/usr/bin:/bin \
		"$t/install/run_kselftest.sh" -t zns_stat:t30-nvme-cli.sh 2>&1)
	ktap_all_skip "$out" 1 "needs the QEMU NVMe controllers of selftests/guest/vm.sh; on ZNS_STAT_TEST_DEV run the tests for any zoned namespace (t31)"
	out=$(cd / && ZNS_SYSFS=$t/lab-sysfs ZNS_STAT_TEST_DEV=nvme9n1 PATH=$t/bin:/usr/bin:/bin \
		"$t/install/run_kselftest.sh" -t zns_stat:t31-any-zoned-namespace.sh 2>&1)
	grep -q '^not ok 1 selftests: zns_stat: t31-any-zoned-namespace.sh' <<<"$out" &&
		grep -qF 'ZNS_STAT_TEST_DEV=nvme9n1: not a zoned (host-managed) block device' <<<"$out" ||
		printf 'ZNS_STAT_TEST_DEV=nvme9n1 (no such disk): want t31 to fail saying so, got:\n%s\n' "$out"
	if [ -e /usr/bin/nvme ] || [ -e /bin/nvme ]; then
		echo "nvme-cli in /usr/bin or /bin: cannot test its absence"
	else
		out=$(cd / && PATH=/usr/bin:/bin "$t/install/run_kselftest.sh" -c zns_stat 2>&1)
		ktap_all_skip "$out" "$n" "nvme-cli (nvme) is not installed"
	fi
	rm -rf "$t"
}
ktap_all_skip() {	# ktap_all_skip OUTPUT N REASON: N results, every one skipped for REASON
	local plan skips reasons
	plan=$(grep -c '^1\.\.'"$2"'$' <<<"$1")
	skips=$(grep -Ec '^ok [0-9]+ selftests: zns_stat: t[0-9][^ ]*\.sh # SKIP$' <<<"$1")
	reasons=$(grep -cFx "# SKIP: $3" <<<"$1")
	[ "$plan" = 1 ] && [ "$skips" = "$2" ] && [ "$reasons" = "$2" ] && [ "$(grep -c '^ok \|^not ok ' <<<"$1")" = "$2" ] ||
		printf 'run_kselftest.sh: want 1..%s and every test "# SKIP: %s", got:\n%s\n' "$2" "$3" "$(head -n 20 <<<"$1")"
}

# The explicit list: on a copy of the tests (stubs that pass), a listed test not
# executable, a listed one missing and a t*.sh not listed, here and in multi/,
# builtin/ (and reboot/ listed), each fail run_tests.sh with its reason, in the repository's layout and
# in an installed tree (tests.list); make install refuses such a tree.
test_list_findings() {
	local t=$logdir/test-list d out f
	rm -rf "$t"
	mkdir -p "$t/selftests/guest"
	cp -a "$repo/selftests/zns_stat" "$repo/selftests/kselftest" "$t/selftests/"
	cp -a "$repo/selftests/guest/kmod.sh" "$t/selftests/guest/"
	d=$t/selftests/zns_stat
	for f in "$d"/t[0-9]*.sh "$d"/*/t[0-9]*.sh; do
		printf '#!/bin/bash\necho stub\n' >"$f"
	done
	make -s -C "$d" install INSTALL_PATH="$t/install" || echo "make install of the stubs failed"
	out=$("$d/run_tests.sh" 2>&1) || echo "run_tests.sh failed on a sound tree"
	list_results "$out" "$(make -s -C "$d" list | grep -c -v /)" 0
	out=$("$t/install/zns_stat/run_tests.sh" multi builtin reboot fdp 2>&1) ||
		echo "the installed run_tests.sh failed on a sound tree"
	list_results "$out" "$(grep -c / "$t/install/zns_stat/tests.list")" 0
	[ "$(grep -c '^ok ' <<<"$out")" -ge 10 ] || echo "the installed run_tests.sh ran under 10 tests of multi/, builtin/, reboot/ and fdp/"

	chmod -x "$d/t10-interface.sh" "$t/install/zns_stat/t10-interface.sh"
	rm "$d/multi/t20-multi-ctrl.sh"
	printf '#!/bin/bash\necho stub\n' | tee "$d/t99-unlisted.sh" "$d/builtin/t99-unlisted.sh" >/dev/null
	chmod +x "$d/t99-unlisted.sh" "$d/builtin/t99-unlisted.sh"
	out=$("$d/run_tests.sh" 2>&1) && echo "run_tests.sh passed with broken lists"
	list_results "$out" "$(($(make -s -C "$d" list | grep -c -v /) + 1))" 2
	list_failed "$out" t10-interface.sh "listed, but not executable"
	list_failed "$out" t99-unlisted.sh "not listed in"
	out=$("$d/run_tests.sh" multi builtin/ 2>&1) && echo "run_tests.sh multi builtin/ passed with broken lists"
	list_failed "$out" multi/t20-multi-ctrl.sh "listed, but there is no such file"
	list_failed "$out" builtin/t99-unlisted.sh "not listed in"
	out=$("$t/install/zns_stat/run_tests.sh" t10 2>&1) && echo "the installed run_tests.sh t10 passed, not executable"
	list_failed "$out" t10-interface.sh "listed, but not executable"
	make -s -C "$d" install INSTALL_PATH="$t/install2" >/dev/null 2>&1 &&
		echo "make install installed a tree with a missing and an unlisted test"
	rm -rf "$t"
}
list_results() {	# list_results OUTPUT N FAILED: a plan of N results, FAILED of them not ok
	[ "$(grep -c "^1\.\.$2\$" <<<"$1")" = 1 ] && [ "$(grep -c '^not ok ' <<<"$1")" = "$3" ] &&
		[ "$(grep -c '^ok ' <<<"$1")" = "$(($2 - $3))" ] ||
		printf 'run_tests.sh: want %s listed tests, %s failed; got:\n%s\n' "$2" "$3" "$(grep -v '^# stub' <<<"$1" | head -n 40)"
}
list_failed() {	# list_failed OUTPUT TEST REASON
	grep -qx "not ok [0-9]* $2" <<<"$1" && grep -q "^# $2: $3" <<<"$1" ||
		printf 'run_tests.sh: want "not ok N %s" for "%s", got:\n%s\n' "$2" "$3" "$(grep -v '^# stub' <<<"$1" | head -n 40)"
}

# lib/apt.sh on a machine where another process holds dpkg's frontend lock (as
# unattended upgrades do; an fcntl lock like apt's: flock(1)'s would not conflict),
# and apt's lists lock (apt-get update, which DPkg::Lock::Timeout does not cover).
# Held past ZNS_APT_LOCK_TIMEOUT=3: zns_apt_get waits about that long, then fails
# with 75 and one line naming the lock, the holder and the variable. Released after
# 2 s: it waits, then succeeds. apt-get check and a refused update need no network.
apt_lock_findings() {
	apt_lock_case /var/lib/dpkg/lock-frontend 60 3 75 check
	apt_lock_case /var/lib/apt/lists/lock 60 3 75 update
	apt_lock_case /var/lib/dpkg/lock-frontend 2 60 0 check
}
apt_lock_case() {	# apt_lock_case LOCK HOLD_S TIMEOUT_S WANT_STATUS APT-GET-ARGS...
	local lock=$1 hold=$2 limit=$3 want=$4 t=$logdir/apt-lock pid i rc=0 start ms err
	shift 4
	rm -rf "$t"
	mkdir -p "$t"
	/usr/bin/python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "a")
fcntl.lockf(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(float(sys.argv[3]))' "$lock" "$t/held" "$hold" &
	pid=$!
	# (a real apt holding it now: wait for it, as the helper would)
	for i in $(seq 600); do [ -e "$t/held" ] && break; sleep 0.1; done
	[ -e "$t/held" ] || { echo "cannot take $lock in 60 s to test with"; kill "$pid"; wait "$pid" 2>/dev/null; return; }
	start=${EPOCHREALTIME/./}
	ZNS_APT_LOCK_TIMEOUT=$limit zns_apt_get "$@" >"$t/out" 2>"$t/err" || rc=$?
	ms=$(((${EPOCHREALTIME/./} - start) / 1000))
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	err=$(cat "$t/err")
	[ "$rc" = "$want" ] || printf 'apt-get %s, %s held %s s, ZNS_APT_LOCK_TIMEOUT=%s: status %s, want %s; stderr:\n%s\n' \
		"$*" "$lock" "$hold" "$limit" "$rc" "$want" "$err"
	if [ "$want" = 0 ]; then
		# it waited for the holder (not: the lock was free), and no more than needed
		[ "$ms" -ge 1500 ] && [ "$ms" -lt 30000 ] ||
			echo "apt-get $*, $lock held 2 s: done after $ms ms, want it to wait about 2 s"
		return
	fi
	[ "$ms" -ge $((limit * 1000 - 200)) ] && [ "$ms" -lt $((limit * 1000 + 30000)) ] ||
		echo "apt-get $*, $lock held: gave up after $ms ms, want about ZNS_APT_LOCK_TIMEOUT=$limit s"
	[[ $err == "apt-get $1: $lock still held after $limit s by process $pid (python3); "*ZNS_APT_LOCK_TIMEOUT* &&
		$err != *$'\n'* ]] ||
		printf 'apt-get %s, %s held: want one line naming it, process %s (python3) and ZNS_APT_LOCK_TIMEOUT; stderr:\n%s\n' \
			"$*" "$lock" "$pid" "$err"
}

# Prints findings only; the per-file "total: 0 errors..." lines are not.
checkpatch() {
	local cp=$checkpatch_dir/scripts/checkpatch.pl
	local opts=(--strict --no-tree --terse --show-types)
	local files
	files=$(cd "$repo" && ls module/*.c module/*.h module/kunit/*.c include/*.h | grep -v compat.h)
	{
		(cd "$repo" && "$cp" "${opts[@]}" -f $files)
		# compat.h exists to hold version checks: only there are they allowed.
		(cd "$repo" && "$cp" "${opts[@]}" --ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON \
			-f module/compat.h)
	} | grep -v '^total: 0 errors, 0 warnings, 0 checks'
	return 0
}

# The module's kernel-doc (issue 45), checked by 6.1's scripts/kernel-doc -v: each
# comment well-formed, with its short description, every parameter and member, and a
# Return: section where there is a value. And every function the module's files share
# (declared in a module/ header, not static: W=1's -Wmissing-prototypes keeps every
# non-static function declared there) and every structure of internal.h has one, so
# that a new one without it fails here.
kernel_doc_findings() {
	local kd=$checkpatch_dir/scripts/kernel-doc out name
	out=$(cd "$repo" && perl "$kd" -none -v module/*.c module/*.h 2>&1)
	grep -v ': info: Scanning doc for ' <<<"$out"
	while read -r name; do
		grep -q ": info: Scanning doc for function $name\$" <<<"$out" ||
			echo "$name(): shared (declared in a module/ header) but has no kernel-doc comment"
	done < <(cd "$repo" && grep -hoE '^([a-z_][a-z0-9_]* )+\**[a-z_][a-z0-9_]*\(' module/*.h |
		grep -v '^static ' | sed -E 's/.*[ *]([a-z0-9_]+)\($/\1/')
	while read -r name; do
		grep -q ": info: Scanning doc for struct $name\$" <<<"$out" ||
			echo "struct $name (module/internal.h) has no kernel-doc comment"
	done < <(sed -n 's/^struct \([a-z0-9_]*\) {.*/\1/p' "$repo/module/internal.h")
}

zns_version=$(sed -n 's/^#define[[:space:]]*ZNS_STAT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
	"$repo/include/zns_stat.h")

echo "TAP version 13"
check "apt-get waits for a held dpkg or lists lock up to ZNS_APT_LOCK_TIMEOUT, then says so in one line" \
	apt_lock_findings
check "checkpatch.pl --strict is clean on module/ and include/" checkpatch
check "kernel-doc -v is clean on module/: every shared function and internal.h structure has one" \
	kernel_doc_findings
check "zns-stat builds with -Wall -Wextra -Werror" \
	bash -c "make -C '$repo' -s -B tool CC=gcc"
check "cppcheck finds nothing in user/" cppcheck_findings
check "zns-stat's files call each other in one direction: no loops, no later layer" layers_findings
check "zns-stat's bash completion: subcommands, options, formats, tracked disks, data files" \
	bash "$repo/selftests/user/completion-check.sh"
check "make without kernel headers builds the tool and says how to build the module" no_headers_findings
check "zns-stat unit tests (cmocka): parsing, deltas, formats, heatmaps, data files" unit_test_findings
check "scale-fixture.sh (performance.rst's recipe) writes a tree zns-stat reads: 300 zones, every column" scale_fixture_findings
check "zns-stat figures (8 and 65536 zones) and report, and a ledger's: well-formed, rendered by rsvg-convert" figure_findings
check "zns-stat export: node_exporter serves the fixture's values, promtool, dashboard, atomic, bad args" \
	export_findings
check "zns-stat command line: --help and help CMD from one table, unknown disks, missing zone report said" \
	bash "$repo/selftests/user/cli-check.sh" "$repo/user/zns-stat"
# issue 46: every view in every format on the fixtures, checked by its grammar
# (selftests/user/style-check.py says what), not by a list of strings
check "zns-stat speaks with one voice: RFC 3339 times, no sentinel numbers, 64-bit ids as strings, one status code form, the same figures in every format" \
	/usr/bin/python3 "$repo/selftests/user/style-check.py" "$repo/user/zns-stat" "$repo/selftests/user/fixtures"
# The HTML pages laid out by headless Chromium at 1400 px and at a phone's 390 px
# (issue 46, item 7): the report of a 64-zone run with every section, of the
# fixtures' runs (and one with intervals: the over-time figures), their
# comparison, a 65536-zone run with intervals and its comparison, and the
# ledger report of the fixtures' ledgers and a 65536-zone one. Nothing wider
# than the window, nothing overlapping, no figure wider than its box, no text
# of a figure past its edge, on its cells or on another text (a copy of each
# page gets selftests/user/report-layout.js, which tells the frame of
# report-layout.html; the pages have no script); at 1400 px the 64-zone
# report's heatmaps in two or more columns, the comparison's in three. The
# files of plot and ledger plot too, inline in one page.
report_layout_findings() {
	local t=$logdir/report fx=$repo/selftests/user/fixtures tool=$repo/user/zns-stat page w l
	rm -rf "$t"
	mkdir -p "$t"
	cp "$repo/selftests/user/report-layout.js" "$repo/selftests/user/report-layout.html" "$t/"
	bash "$repo/selftests/user/make-datafile.sh" 64 | sed 's/^zns-stat data 1$/zns-stat data 2/
		s/^zones: 64$/count: latency write - 16384 15\ncount: latency reset - 1048576 2\ncount: errors write zone_invalid_write 444 1\ncount: errors open too_many_active_zones 445 3\ncount: sizes write - 4096 15\ncount: alignment write - 4096 15\nreset: 7 1767323050123456789 3 1048576 0 0x0 1200\nreset: 8 1767323051123456789 -1 1048576 1 0x1bf -1\nzones: 64/' >"$t/run.dat"
	"$tool" report "$t/run.dat" -f "$t/report.html" >/dev/null || { echo "zns-stat report failed"; return; }
	grep -q '<h2>Latency</h2>' "$t/report.html" || echo "the report has no Latency section"
	# 14 heatmaps (the figures of make-datafile.sh's columns, the owner map too), two or more a row
	report_layout "$t" report.html 1400 14 2
	report_layout "$t" report.html 390
	# two runs: per metric A, B and B - A in a row (the same run twice: 39 heatmaps)
	"$tool" report "$t/run.dat" "$t/run.dat" -f "$t/compare.html" >/dev/null ||
		{ echo "zns-stat report run.dat run.dat failed"; return; }
	report_layout "$t" compare.html 1400 39 3
	report_layout "$t" compare.html 390
	# the fixtures' runs, one with two intervals, and 65536 zones with a write
	# frontier over 40 intervals (an interval every 7th zone of 1600)
	sed 's/^zones: /tick: 30.000 0:24:0:0 1:0:16:0\ntick: 60.000 1:0:0:1\nzones: /' "$fx/runs/a.dat" >"$t/ticks.dat"
	bash "$repo/selftests/user/make-datafile.sh" 65536 >"$t/z65536.dat"
	awk 'BEGIN { for (i = 1; i <= 40; i++) { printf "tick: %.3f", i * 1.5
		for (z = (i - 1) * 1600; z < i * 1600; z += 7) printf " %d:%d:0:%d", z, 8 * (z % 13 + 1), z % 97 == 0
		printf "\n" } }' >"$t/ticks65536"
	awk -v f="$t/ticks65536" '/^zones: / { while ((getline l <f) > 0) print l } { print }' \
		"$t/z65536.dat" >"$t/ticks65536.dat"
	# (p.dat: a placement namespace's run, its rows, their bytes over time and the device's figures)
	for page in "$fx/runs/a.dat" "$fx/runs/b.dat" "$t/ticks.dat" "$t/ticks65536.dat" "$fx/runs/p.dat"; do
		"$tool" report "$page" -f "$t/${page##*/}.html" >/dev/null || { echo "zns-stat report ${page##*/} failed"; continue; }
		grep -q '<figure id="written_over_time">' "$t/${page##*/}.html" || [[ $page != */ticks* ]] ||
			echo "${page##*/}.html: no over-time figures"
		grep -q '<figure id="placement_over_time">' "$t/${page##*/}.html" || [[ $page != */p.dat ]] ||
			echo "${page##*/}.html: no placement figure"
		for w in 1400 390; do report_layout "$t" "${page##*/}.html" $w; done
	done
	"$tool" report "$fx/runs/a.dat" "$fx/runs/b.dat" -f "$t/a-vs-b.html" >/dev/null &&
		"$tool" report "$t/ticks65536.dat" "$t/z65536.dat" -f "$t/65536-vs.html" >/dev/null ||
		echo "zns-stat report A B failed"
	for page in a-vs-b.html 65536-vs.html; do
		for w in 1400 390; do report_layout "$t" $page $w; done
	done
	bash "$repo/selftests/user/make-ledger.sh" 65536 >"$t/65536.ledger"
	for l in "$fx"/ledger/good.ledger "$fx"/ledger/good-v2.ledger "$fx"/ledger-dir/*.ledger "$t/65536.ledger"; do
		"$tool" ledger report "$l" -f "$t/${l##*/}.html" >/dev/null || { echo "zns-stat ledger report ${l##*/} failed"; continue; }
		for w in 1400 390; do report_layout "$t" "${l##*/}.html" $w; done
	done
	# the files of plot and ledger plot (with their subtitles and notes), inline in one page
	"$tool" plot "$fx/runs/a.dat" "$t/ticks65536.dat" -D "$t/plots" >/dev/null &&
		"$tool" ledger plot "$fx/ledger/good.ledger" -D "$t/plots/good" >/dev/null &&
		"$tool" ledger plot "$t/65536.ledger" -D "$t/plots/65536" >/dev/null || echo "zns-stat plot or ledger plot failed"
	{
		echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>plots</title><style>svg{max-width:100%;height:auto}</style></head><body>'
		for svg in "$t"/plots/*/*.svg "$t"/plots/*/*/*.svg; do
			page=${svg#"$t"/plots/}
			echo "<figure id=\"${page//\//-}\">"
			sed '/^<?xml/d' "$svg"
			echo "</figure>"
		done
		echo '</body></html>'
	} >"$t/plots.html"
	for w in 1400 390; do report_layout "$t" plots.html $w; done
}
report_layout() {	# report_layout DIR PAGE WIDTH [HEATMAPS MIN_COLUMNS]: Chromium's layout of DIR/PAGE
	local t=$1 out width heatmaps
	sed 's|</body>|<script src="report-layout.js"></script></body>|' "$t/$2" >"$t/measured.html"
	out=$(cd "$t" && HOME=$t timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--window-size=$(($3 + 100)),1100 --virtual-time-budget=10000 \
		--dump-dom "file://$t/report-layout.html#$3" 2>"$t/chromium.err")
	width=$(sed -n "s/.*<title>width \([0-9]*\) of $3;.*/\1/p" <<<"$out")
	heatmaps=$(sed -n 's/.*; heatmaps \([0-9]* in [0-9]* columns\)<\/title>.*/\1/p' <<<"$out")
	if [ -z "$width" ]; then
		echo "$2 at $3 px: headless Chromium did not lay it out: '$(grep -o '<title>[^<]*' <<<"$out")'"
		tail -n 5 "$t/chromium.err"
		return
	fi
	# its findings, one a line (the <pre> as --dump-dom escapes it)
	awk '/<pre id="layout-findings">/ { on = 1; sub(/.*<pre id="layout-findings">/, "") }
		on { e = sub(/<\/pre>.*/, ""); if ($0 != "") print; if (e) exit }' <<<"$out" |
		sed "s/&quot;/\"/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g; s|^|$2 at $3 px: |"
	if [ -n "${4:-}" ] && ! { [[ $heatmaps =~ ^$4\ in\ ([0-9]+)\ columns$ ]] &&
		[ "${BASH_REMATCH[1]}" -ge "$5" ]; }; then
		echo "$2 at $3 px: want $4 heatmaps in $5 or more columns; Chromium laid out: ${heatmaps:-?}"
	fi
}
# report without -f: the page beside the data file; two runs of another
# geometry: one warning line naming the difference, and the page says it too.
report_cli_findings() {
	local t=$logdir/report-cli out
	rm -rf "$t"
	mkdir -p "$t/runs"
	bash "$repo/selftests/user/make-datafile.sh" 64 >"$t/runs/a.dat"
	bash "$repo/selftests/user/make-datafile.sh" 64 >"$t/runs/b.dat"
	bash "$repo/selftests/user/make-datafile.sh" 128 >"$t/c.dat"
	out=$(cd "$t" && "$repo/user/zns-stat" report runs/a.dat 2>&1)
	[ "$out" = "wrote runs/a.html" ] && [ -s "$t/runs/a.html" ] ||
		echo "report runs/a.dat: want runs/a.html written, got: $out"
	out=$(cd "$t" && "$repo/user/zns-stat" report runs/a.dat runs/b.dat 2>&1)
	[ "$out" = "wrote runs/a-vs-b.html" ] && [ -s "$t/runs/a-vs-b.html" ] ||
		echo "report runs/a.dat runs/b.dat: want runs/a-vs-b.html written, got: $out"
	out=$(cd "$t" && "$repo/user/zns-stat" report runs/a.dat c.dat -f - 2>&1 >"$t/ac.html") ||
		echo "report of two geometries failed"
	[ "$out" = "zns-stat: warning: the runs differ in geometry (zone count 64 vs 128): compared in totals, rates and latency only, not zone by zone" ] ||
		echo "report of two geometries said: $out"
	grep -q '<p class="warn">The runs differ in geometry: zone count 64 vs 128' "$t/ac.html" ||
		echo "the page of two geometries does not say they differ"
	xmllint --noout "$t/runs/a.html" "$t/runs/a-vs-b.html" "$t/ac.html" 2>&1 | head -n 5
	rm -rf "$t"
}
check "zns-stat report: no -f writes beside the data; two geometries are warned about" report_cli_findings
check "zns-stat report, its comparison and ledger report in headless Chromium at 1400 and 390 px (65536 zones too): nothing overlaps or runs past the window or its figure; heatmaps in a grid" report_layout_findings
check "make install and uninstall, DESTDIR and PREFIX (${kvers[0]})" install_findings "${kvers[0]}"
check "kselftests: make install's tree, kselftest-list.txt, run_kselftest.sh skips without ZNS, ZNS_STAT_TEST_DEV" kselftest_findings
check "kselftests: a test missing, not executable or not listed fails run_tests.sh and make install" test_list_findings
# 32-bit kernels are refused (Kbuild, dkms.conf): with CONFIG_64BIT unset (on
# the command line: a 32-bit tree costs a prepared kernel source of its own; the
# guard reads nothing else), zns_stat stops at once with Kbuild's one line and
# builds nothing.
i386_findings() {	# i386_findings KDIR
	local dir out
	dir=$(kernel_tree 32bit)
	out=$(make -C "$1" M="$dir" -s CONFIG_64BIT= modules 2>&1 | grep -v '^make')
	grep -Eqx "$dir/Kbuild:[0-9]+: \*\*\* zns_stat needs a 64-bit kernel \(CONFIG_64BIT\): its counters are 64-bit atomics\.  Stop\." <<<"$out" &&
		[ "$(wc -l <<<"$out")" = 1 ] ||
		printf 'want the one line of Kbuild refusing a 32-bit kernel, got:\n%s\n' "$out"
	! compgen -G "$dir/module/*.o" >/dev/null || echo "objects were built: $(cd "$dir" && echo module/*.o)"
}
for kver in "${kvers[@]}"; do
	if ! kdir=$(bash "$repo/selftests/guest/kernels.sh" kdir "$kver" 2>"$logdir/kdir.log"); then
		n=$((n + 1)) failed=$((failed + 1))
		echo "not ok $n host: headers of $kver"
		sed 's/^/# /' "$logdir/kdir.log" | tail -n 20
		continue
	fi
	eval "$kdir"	# KDIR
	check "module builds with W=1 and no warning ($kver)" build_findings "$kver" "$KDIR"
	[ "$kver" = "${kvers[0]}" ] &&
		check "module/'s files call each other in one direction: no circle among the objects ($kver)" \
			circles_findings "$kver"
	[ "$kver" = "${kvers[0]}" ] &&
		check "every symbol module/'s objects share carries the zns_ prefix ($kver)" \
			prefix_findings "$kver"
	check "sparse (C=2) is clean ($kver)" sparse_findings "$kver" "$KDIR"
	# DKMS for generic and PREEMPT_RT (cloud kernels are for VMs without ZNS drives).
	[[ $kver == *-cloud-* ]] ||
		check "make dkms-install: dkms add, build, install ($kver)" dkms_findings "$kver" "$KDIR"
	[ "$kver" = "${kvers[0]}" ] &&
		check "dkms refuses a kernel without CONFIG_BLK_DEV_ZONED" dkms_exclusive_findings "$kver" "$KDIR"
	[ "$kver" = "${kvers[0]}" ] &&
		check "a 32-bit kernel is refused with one line (Kbuild)" i386_findings "$KDIR"
done
# make deb: both packages, lintian clean (user/packaging/mkdeb.sh checks it).
deb_findings() {
	local out
	out=$(make -C "$repo" -s deb 2>&1) || { echo "make deb failed:"; tail -n 30 <<<"$out"; }
}
check "make deb: zns-stat-dkms and zns-stat, lintian clean" deb_findings
check "a Debian bookworm root with linux-headers-${kvers[0]} (mmdebstrap, cached)" \
	bash "$repo/selftests/deb-checks.sh" root "${kvers[0]}"
check "apt install ./build/deb/*.deb in it: dkms builds and installs zns_stat for ${kvers[0]}; units disabled, verified" \
	bash "$repo/selftests/deb-checks.sh" install "${kvers[0]}"
check "apt remove keeps the ledgers; apt purge zns-stat zns-stat-dkms leaves no file, no dkms tree, no module" \
	bash "$repo/selftests/deb-checks.sh" purge "${kvers[0]}"
[ -z "$newest_pid" ] || newest_check
# Leave a normal build behind for guest tests run by hand (run-guest-tests.sh).
[ -n "$only" ] || make -C "$repo" -s module KERNELRELEASE="${kvers[0]}" >/dev/null 2>&1
echo "1..$n"
echo "# host checks: $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
