#!/bin/bash
# vm.sh - boot the zns_stat test guest under QEMU (TCG) and run one command in it.
#
# Usage: selftests/guest/vm.sh [--kver KVER] [--timeout SECONDS] [--silence SECONDS]
#                              [--log FILE] [--fdp] -- COMMAND [ARGS...]
#
# COMMAND is a host path (or a command in the host's PATH); it runs as root in the guest
# with /bin/bash in a chroot of the host's root filesystem, shared read-only over 9p
# (writable: tmpfs /tmp, /run, /var/tmp; the guest's own /proc /sys /dev, debugfs, tracefs).
# The console streams to stdout (and to FILE with --log, overwritten). Exit status: the
# command's, 124 if the timeout (default 1200 s) killed QEMU, 125 if the guest printed no
# ZNS_GUEST_EXIT marker (kernel panic, QEMU error), 123 if the guest init failed.
# --silence S: a guest whose console stays silent for S seconds is taken as frozen,
# stopped and reported as timed out (124); for runners that print at least that often.
#
# Guest environment: PATH, HOME=/tmp, cwd = the caller's cwd (else /), and
#   ZNS_SRC        this repository (host path, read-only in the guest)
#   ZNS_KMOD_ROOT  extracted kernel tree (lib/modules/$KVER): use selftests/guest/kmod.sh
#   ZNS_KVER       the guest kernel release
#   every ZNS_* variable of the caller's environment.
# No NVMe driver is loaded at boot: tests run "kmod.sh load nvme" themselves.
#
# Guest devices: one NVMe controller (-device nvme,serial=zns0,id=nvme0) with
#   nsid 1: zoned, 4096 B LBAs, 1 MiB zones (capacity 1 MiB), 16 MiB = 16 zones -> /dev/nvme0n1
#   nsid 2: zoned,  512 B LBAs, 1 MiB zones (capacity 1 MiB),  8 MiB =  8 zones -> /dev/nvme0n2
#           (zoned.cross_read=true: reads may cross zone boundaries;
#            zoned.max_open=4: a fifth explicitly opened zone is refused)
#   nsid 3: conventional (not zoned), 512 B LBAs, 8 MiB                           -> /dev/nvme0n3
# backed by fresh sparse raw images in a temporary directory, deleted afterwards
# (ZNS_IMAGE_DIR: in that directory, kept, for a test across two boots).
#
# FDP guest (ZNS_QEMU=fdp, or --fdp, which sets it): bookworm-backports' QEMU 10
# (guest/qemu10.sh: a private copy; bookworm's 7.2 stays the default) with the devices
# above, unchanged, and a second controller for NVMe Flexible Data Placement:
#   -device nvme-subsys,id=fdp0,nqn=fdp0,fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=1M
#   -device nvme,serial=fdp0,id=nvme1,subsys=fdp0
#   nsid 1: conventional, 4096 B LBAs, 64 MiB, fdp.ruhs=1-6
# One endurance group (ENDGID 1), one reclaim group, 8 reclaim unit handles of which
# the namespace has 6: placement IDs 0-5 are handles 1-6 (a placement ID is not a
# handle ID, on purpose); handles 0 and 7 belong to no namespace. A reclaim unit is
# 1 MiB = 256 blocks. FDP is enabled from power-on (Get Features 1Dh: FDPE=1).
# Writes without a directive, and with an invalid placement ID, go to placement ID 0.
# Names are not fixed: nvme probes the two controllers in parallel, either may be
# nvme0, and QEMU 10 puts every controller in a subsystem (CMIC bit 1), so every
# namespace, the zoned ones too, is a multipath head nvmeXnY over a hidden path
# nvmeXcZnY (the disk nvme_setup_cmd names). Find namespaces by serial (zns0, fdp0)
# and NSID (lib.sh's find_ns_disk). The guest sees ZNS_QEMU=fdp. What the device
# does: Documentation/testing.rst, "The FDP guest".
# ZNS_QEMU=10: QEMU 10 with the ordinary devices only (to compare the two QEMUs).
#
# Env:  KVER, ZNS_CACHE    as for host-setup.sh (kernel + initramfs cache); KVER may be
#                          any Debian release, e.g. 6.1.0-56-rt-amd64 or 6.12.95+deb12-amd64
#                          (guest/kernels.sh list); 6.12's .ko.xz modules are decompressed
#                          for the initramfs and loaded by kmod's modprobe in the guest
#       ZNS_VMLINUZ, ZNS_KMOD_ROOT  boot this kernel image with this module tree instead
#                          of Debian's (host-setup.sh; guest/debug-kernel.sh prints them)
#       ZNS_QEMU_EXTRA     extra QEMU arguments, split at whitespace (no quoting), e.g.
#                          "-device nvme,serial=zns1,id=nvme1 -drive ... -device nvme-ns,..."
#       ZNS_KERNEL_APPEND  extra kernel command line, e.g. "loglevel=7" to see kernel
#                          info messages on the console (default loglevel=4: errors only,
#                          which keeps the console output parseable)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)

usage() {
	echo "usage: $0 [--kver KVER] [--timeout SECONDS] [--silence SECONDS] [--log FILE] [--fdp] -- COMMAND [ARGS...]" >&2
	exit 2
}

timeout=1200
silence=
logfile=
while [ $# -gt 0 ]; do
	case $1 in
	--kver) [ $# -ge 2 ] || usage; export KVER=$2; shift 2 ;;
	--timeout) [ $# -ge 2 ] || usage; timeout=$2; shift 2 ;;
	--silence) [ $# -ge 2 ] || usage; silence=$2; shift 2 ;;
	--log) [ $# -ge 2 ] || usage; logfile=$2; shift 2 ;;
	--fdp) export ZNS_QEMU=fdp; shift ;;
	--) shift; break ;;
	*) usage ;;
	esac
done
[ $# -ge 1 ] || usage
# A relative path means a host file: make it absolute, the guest's cwd may differ.
if [[ $1 == */* ]] && [ -e "$1" ]; then
	set -- "$(realpath "$1")" "${@:2}"
fi

qemu_bin="qemu-system-x86_64"
case ${ZNS_QEMU:-} in
"" | 7) ;;
10 | fdp) qemu_bin=$("$here/qemu10.sh") ;;
*) echo "vm.sh: ZNS_QEMU=$ZNS_QEMU: not 7, 10 or fdp" >&2; exit 2 ;;
esac
eval "$("$here/host-setup.sh")"	# KVER KIMAGE_ROOT VMLINUZ
eval "$("$here/mkinitramfs.sh")"	# INITRD

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zns-vm.XXXXXX")
qemu_pid=
# shellcheck disable=SC2317  # called by the trap
cleanup() {
	if [ -n "$qemu_pid" ]; then kill "$qemu_pid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The bash script the guest runs (zns.cmd): environment, cwd, then the command.
{
	echo "export ZNS_SRC=$(printf %q "$repo") ZNS_KMOD_ROOT=$(printf %q "$KIMAGE_ROOT") ZNS_KVER=$(printf %q "$KVER")"
	while IFS= read -r var; do
		[[ $var == ZNS_SRC || $var == ZNS_KMOD_ROOT || $var == ZNS_KVER ]] && continue
		# The host's QEMU arguments mean nothing in the guest, and are long.
		[[ $var == ZNS_QEMU_EXTRA ]] && continue
		echo "export $var=$(printf %q "${!var}")"
	done < <(compgen -e | grep '^ZNS_' || true)
	echo "cd $(printf %q "$PWD") 2>/dev/null || cd /"
	printf '%q ' "$@"
	echo
} >"$tmp/cmd.sh"
# Host dirs the guest needs that its tmpfs mounts would hide (see init: zns.keep):
# the repository, the kernel tree, the cwd and files/dirs named by absolute paths in
# the command.
keep=$(printf '%s\n' "$repo" "$KIMAGE_ROOT" "$PWD")
for a in "$@"; do
	case $a in
	/tmp/* | /run/* | /var/tmp/*)
		if [ -e "$a" ]; then keep+=$'\n'$a; fi ;;
	esac
done

append="console=ttyS0 loglevel=4 panic=-1 log_buf_len=4M"
# Our own small kernels (ZNS_VMLINUZ, e.g. guest/debug-kernel.sh's) must not route PCI
# interrupts through ACPI: there, every nvme probe and remove stalls 17-20 s under TCG.
# KASAN (if built in) reports every finding, not only the first: tests are judged apart.
[ -z "${ZNS_VMLINUZ:-}" ] || append+=" acpi=noirq kasan_multi_shot"
keep=$(LC_ALL=C sort -u <<<"$keep")	# parents before children
append+=" zns.cmd=$(base64 -w0 "$tmp/cmd.sh") zns.keep=$(printf '%s' "$keep" | base64 -w0)"
append+=" ${ZNS_KERNEL_APPEND:-}"
# x86 COMMAND_LINE_SIZE is 2048; the kernel would silently truncate.
if [ "${#append}" -ge 2000 ]; then
	echo "vm.sh: kernel command line too long (${#append} bytes): shorten the command" >&2
	exit 2
fi

# ZNS_IMAGE_DIR: the namespaces' images there, kept for the next boot (the
# reboot/ tests: two boots, one disk); by default fresh ones, gone after.
images=${ZNS_IMAGE_DIR:-$tmp}
mkdir -p "$images"
truncate -s 16M "$images/ns1.img"
truncate -s 8M "$images/ns2.img" "$images/ns3.img"
zoned="zoned=true,zoned.zone_size=1M,zoned.zone_capacity=1M"
# shellcheck disable=SC2054  # commas belong to QEMU's option syntax
qemu=("$qemu_bin" -accel tcg -m 2G -smp 2 -nographic -no-reboot -vga none -nic none
	-kernel "$VMLINUZ" -initrd "$INITRD" -append "$append"
	-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap
	-device nvme,serial=zns0,id=nvme0
	-drive "file=$images/ns1.img,id=z1,format=raw,if=none"
	-device "nvme-ns,drive=z1,bus=nvme0,nsid=1,$zoned,logical_block_size=4096,physical_block_size=4096"
	-drive "file=$images/ns2.img,id=z2,format=raw,if=none"
	-device "nvme-ns,drive=z2,bus=nvme0,nsid=2,$zoned,zoned.cross_read=true,zoned.max_open=4,logical_block_size=512,physical_block_size=512"
	-drive "file=$images/ns3.img,id=c3,format=raw,if=none"
	-device "nvme-ns,drive=c3,bus=nvme0,nsid=3,logical_block_size=512,physical_block_size=512")
if [ "${ZNS_QEMU:-}" = fdp ]; then
	truncate -s 64M "$images/fdp1.img"
	# shellcheck disable=SC2054  # commas belong to QEMU's option syntax
	qemu+=(-device nvme-subsys,id=fdp0,nqn=fdp0,fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=1M
		-device nvme,serial=fdp0,id=nvme1,subsys=fdp0
		-drive "file=$images/fdp1.img,id=f1,format=raw,if=none"
		-device "nvme-ns,drive=f1,bus=nvme1,nsid=1,fdp.ruhs=1-6,logical_block_size=4096,physical_block_size=4096")
fi
if [ -n "${ZNS_QEMU_EXTRA:-}" ]; then
	read -ra extra <<<"$ZNS_QEMU_EXTRA"
	qemu+=("${extra[@]}")
fi

console="$tmp/console.log"
outs=("$console")
[ -n "$logfile" ] && outs+=("$logfile")
echo "vm.sh: booting $KVER, timeout ${timeout}s: $*" >&2
start=$SECONDS
# QEMU in the background, so that the traps can stop it (bash runs traps only between
# commands); stdin from /dev/null, so that it never steals the caller's terminal.
exec {out}> >(exec tee "${outs[@]}")
tee_pid=$!
timeout -k 10 "$timeout" "${qemu[@]}" </dev/null >&"$out" 2>&1 &
qemu_pid=$!
exec {out}>&-
rc=0
# A guest that printed its result but froze before powering off (TCG: every
# vCPU halted, no timer; seen in CI after the last test of a suite) would
# hold the run until the timeout: QEMU is stopped 30 s after the marker.
# The same freeze in the middle of a run leaves the console silent: with
# --silence, QEMU is stopped then and the run reported as timed out (CI: the
# 6.1-rt guest froze during a test, 18 minutes without a line).
marker_at=
size=0
spoke_at=$SECONDS
frozen=
while kill -0 "$qemu_pid" 2>/dev/null; do
	if [ -z "$marker_at" ] && grep -aq '^ZNS_GUEST_EXIT=' "$console" 2>/dev/null; then
		marker_at=$SECONDS
	fi
	if [ -n "$marker_at" ] && [ $((SECONDS - marker_at)) -ge 30 ]; then
		echo "vm.sh: the guest gave its result but did not power off in 30 s: QEMU stopped" >&2
		kill "$qemu_pid" 2>/dev/null
		break
	fi
	now_size=$(stat -c %s "$console" 2>/dev/null || echo 0)
	if [ "$now_size" != "$size" ]; then
		size=$now_size
		spoke_at=$SECONDS
	elif [ -n "$silence" ] && [ $((SECONDS - spoke_at)) -ge "$silence" ]; then
		echo "vm.sh: the guest printed nothing for ${silence}s (frozen): QEMU stopped" >&2
		frozen=1
		kill "$qemu_pid" 2>/dev/null
		break
	fi
	sleep 1
done
wait "$qemu_pid" || rc=$?
qemu_pid=
wait "$tee_pid" 2>/dev/null || true	# console.log complete
elapsed=$((SECONDS - start))

status=$(tr -d '\r' <"$console" | sed -n 's/^ZNS_GUEST_EXIT=\([0-9][0-9]*\)$/\1/p' | tail -n 1)
if [ -n "$frozen" ] && [ -z "$status" ]; then
	exit 124
fi
if [ "$rc" = 124 ] && [ -z "$status" ]; then
	echo "vm.sh: timeout after ${timeout}s, QEMU killed" >&2
	exit 124
fi
if [ -z "$status" ]; then
	echo "vm.sh: no ZNS_GUEST_EXIT marker (QEMU exit status $rc) after ${elapsed}s" >&2
	exit 125
fi
echo "vm.sh: guest command exited with $status after ${elapsed}s" >&2
exit "$status"
