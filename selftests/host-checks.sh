#!/bin/bash
# host-checks.sh KVER - the checks that need no guest, as KTAP:
# the module builds against KVER's headers with W=1 and no warning, sparse
# (C=2) reports nothing, checkpatch.pl --strict is clean on module/ and
# include/, and the tool builds with -Wall -Wextra -Werror.
# Installs sparse and linux-source-6.1 (for checkpatch.pl) when missing.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kver=${1:?usage: host-checks.sh KVER}
logdir=$repo/build/host-checks
mkdir -p "$logdir"
cache=${ZNS_CACHE:-/var/cache/zns_stat}

need=()
command -v sparse >/dev/null || need+=(sparse)
ls /usr/src/linux-source-6.1.tar.* >/dev/null 2>&1 || need+=(linux-source-6.1)
if [ ${#need[@]} -gt 0 ]; then
	echo "# installing ${need[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" \
		>"$logdir/apt.log" 2>&1 ||
		{ apt-get update -q >>"$logdir/apt.log" 2>&1 &&
		  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" \
			>>"$logdir/apt.log" 2>&1; } || { echo "# apt-get install ${need[*]} failed"; exit 1; }
fi

# checkpatch.pl and its data files, extracted once from Debian's kernel source.
checkpatch_dir=$cache/checkpatch
if [ ! -x "$checkpatch_dir/scripts/checkpatch.pl" ]; then
	mkdir -p "$checkpatch_dir"
	tar -xf /usr/src/linux-source-6.1.tar.* -C "$checkpatch_dir" --strip-components=1 \
		linux-source-6.1/scripts/checkpatch.pl linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
fi

n=0 failed=0
check() {	# check NAME COMMAND...: ok if the command succeeds and prints nothing
	local name=$1 log
	shift
	n=$((n + 1))
	log=$logdir/$n.log
	if "$@" >"$log" 2>&1 && [ ! -s "$log" ]; then
		echo "ok $n host: $name"
	else
		echo "not ok $n host: $name"
		sed 's/^/# /' "$log" | head -n 40
		failed=$((failed + 1))
	fi
}

# Kbuild's own chatter is not a finding: keep warnings, errors and sparse lines.
build_findings() {
	make -C "/lib/modules/$kver/build" M="$repo" -s clean >/dev/null 2>&1
	make -C "$repo" -s module KERNELRELEASE="$kver" "$@" 2>&1 |
		grep -v -e '^make' -e 'Skipping BTF generation' -e '^  [A-Z]' || true
	[ -e "$repo/zns_stat.ko" ] || echo "zns_stat.ko was not built"
}

# Prints findings only; the per-file "total: 0 errors..." lines are not.
checkpatch() {
	local cp=$checkpatch_dir/scripts/checkpatch.pl
	local opts=(--strict --no-tree --terse --show-types)
	local files
	files=$(cd "$repo" && ls module/*.c module/*.h include/*.h | grep -v compat.h)
	{
		(cd "$repo" && "$cp" "${opts[@]}" -f $files)
		# compat.h exists to hold version checks: only there are they allowed.
		(cd "$repo" && "$cp" "${opts[@]}" --ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON \
			-f module/compat.h)
	} | grep -v '^total: 0 errors, 0 warnings, 0 checks'
	return 0
}

echo "TAP version 13"
echo "1..4"
check "module builds with W=1 and no warning ($kver)" build_findings W=1
check "sparse (C=2) is clean ($kver)" build_findings C=2
check "checkpatch.pl --strict is clean on module/ and include/" checkpatch
check "zns-stat builds with -Wall -Wextra -Werror" \
	bash -c "make -C '$repo' -s -B tool CC=gcc"
# Leave a normal build behind for the guest tests.
make -C "$repo" -s module KERNELRELEASE="$kver" >/dev/null 2>&1
echo "# host checks: $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
