#!/bin/bash
# nvmet-null.sh - sourced, not run: the CPU-bound namespace of the benchmark,
# a zoned null_blk without data exported by nvmet and reached by the host's
# NVMe driver over nvme-loop (or nvme-tcp on 127.0.0.1). Used by phase cpu of
# bench-guest.sh (in the QEMU guest) and by uml-native.sh (in User-Mode
# Linux). The caller loads the modules first (null_blk nr_devices=0,
# nvme_core multipath=0, nvme-fabrics, nvmet and nvme-loop, or nvmet-tcp and
# nvme-tcp), has configfs mounted and defines fail MESSAGE (does not return).
#
# The null_blk: like the emulated SSD's workload namespace as far as null_blk
# allows: 4 KiB LBAs, zone capacity = zone size, no limit on open or active
# zones (QEMU's defaults), no conventional zones (nvmet refuses them), 8192
# zones. null_blk's zone size is in MiB: 1 MiB zones, not the SSD's 64 KiB
# (the workloads adapt). No data kept (memory_backed 0), completions in the
# submitter's context (irqmode 0): the device costs a few instructions.
# nvme_core must run without multipath: nvmet's controllers say they may be
# shared, and with multipath the I/O would go through a head disk, the
# probes seeing a hidden path disk (nvmeXcYnZ).

NVMET_NULL_CFS=/sys/kernel/config
NVMET_NULL_HOSTID=00000000-0000-4000-8000-000000000027

# nvmet_null_up NAME SERIAL NQN PORT TRANSPORT: creates the null_blk NAME
# (configfs), exports it as namespace 1 of subsystem NQN with serial SERIAL
# on nvmet port PORT (a number), connects to it through TRANSPORT (loop or
# tcp) and sets NVMET_NULL_DISK (the namespace's disk, nvmeXnY),
# NVMET_NULL_CTRL (its controller, nvmeX) and NVMET_NULL_BLK (the null_blk's
# disk).
nvmet_null_up() {
	local name=$1 serial=$2 nqn=$3 port=$NVMET_NULL_CFS/nvmet/ports/$4 trtype=$5
	local nullb=$NVMET_NULL_CFS/nullb/$1 sub=$NVMET_NULL_CFS/nvmet/subsystems/$3
	local kv opts b s end

	mkdir "$nullb" || fail "mkdir $nullb"
	for kv in blocksize=4096 size=8192 zoned=1 zone_size=1 zone_capacity=1 \
		zone_nr_conv=0 zone_max_open=0 zone_max_active=0 memory_backed=0 irqmode=0; do
		echo "${kv#*=}" >"$nullb/${kv%%=*}" || fail "null_blk ${kv%%=*}=${kv#*=}"
	done
	echo 1 >"$nullb/power" || fail "null_blk power=1"
	# Named after its configfs directory (6.1 and later), else nullbN.
	NVMET_NULL_BLK=$name
	[ -e "/sys/block/$NVMET_NULL_BLK" ] || NVMET_NULL_BLK=nullb$(cat "$nullb/index")
	end=$((SECONDS + 30))
	until [ -b "/dev/$NVMET_NULL_BLK" ]; do
		[ "$SECONDS" -lt "$end" ] || fail "/dev/$NVMET_NULL_BLK did not appear within 30 s"
		sleep 0.1
	done
	[ "$(cat "/sys/block/$NVMET_NULL_BLK/queue/zoned")" = host-managed ] ||
		fail "$NVMET_NULL_BLK is not zoned"

	mkdir "$sub" || fail "nvmet subsystem $nqn"
	echo 1 >"$sub/attr_allow_any_host"
	echo "$serial" >"$sub/attr_serial" || fail "nvmet serial"
	mkdir "$sub/namespaces/1"
	echo -n "/dev/$NVMET_NULL_BLK" >"$sub/namespaces/1/device_path"
	echo 1 >"$sub/namespaces/1/enable" || fail "nvmet refuses /dev/$NVMET_NULL_BLK"
	mkdir "$port" || fail "nvmet port $port"
	echo "$trtype" >"$port/addr_trtype" || fail "nvmet transport $trtype"
	opts="transport=$trtype,nqn=$nqn"
	opts+=",hostnqn=nqn.2014-08.org.nvmexpress:uuid:$NVMET_NULL_HOSTID,hostid=$NVMET_NULL_HOSTID"
	if [ "$trtype" = tcp ]; then
		ip link set lo up || fail "ip link set lo up"
		echo ipv4 >"$port/addr_adrfam"
		echo 127.0.0.1 >"$port/addr_traddr"
		echo 4420 >"$port/addr_trsvcid"
		opts+=",traddr=127.0.0.1,trsvcid=4420"
	fi
	ln -s "$sub" "$port/subsystems/$nqn" || fail "nvmet port $port: subsystem"
	printf '%s' "$opts" >/dev/nvme-fabrics || fail "connect ($opts)"

	# The namespace: nsid 1 of the controller with this serial.
	NVMET_NULL_DISK=
	end=$((SECONDS + 30))
	while [ -z "$NVMET_NULL_DISK" ]; do
		for b in /sys/block/nvme*n*; do
			[[ ${b##*/} =~ ^nvme[0-9]+n[0-9]+$ ]] || continue
			[ "$(cat "$b/nsid" 2>/dev/null)" = 1 ] || continue
			s=$(cat "$b/device/serial" 2>/dev/null) || continue
			[ "${s// /}" = "$serial" ] || continue
			NVMET_NULL_DISK=${b##*/}
			break
		done
		[ -n "$NVMET_NULL_DISK" ] && [ -b "/dev/$NVMET_NULL_DISK" ] && break
		NVMET_NULL_DISK=
		[ "$SECONDS" -lt "$end" ] || fail "no namespace of $nqn 30 s after connecting"
		sleep 0.1
	done
	[ "$(cat "/sys/block/$NVMET_NULL_DISK/queue/zoned")" = host-managed ] ||
		fail "$NVMET_NULL_DISK is not zoned"
	NVMET_NULL_CTRL=$(basename "$(readlink -f "/sys/block/$NVMET_NULL_DISK/device")")
}

# nvmet_null_down NAME NQN PORT: the controller (NVMET_NULL_CTRL), the
# export and the null_blk gone; whatever is missing is skipped. The caller
# unloads the modules.
nvmet_null_down() {
	local nullb=$NVMET_NULL_CFS/nullb/$1 sub=$NVMET_NULL_CFS/nvmet/subsystems/$2
	local port=$NVMET_NULL_CFS/nvmet/ports/$3

	[ -z "${NVMET_NULL_CTRL:-}" ] ||
		echo 1 >"/sys/class/nvme/$NVMET_NULL_CTRL/delete_controller"
	NVMET_NULL_CTRL=
	rm -f "$port/subsystems/$2"
	rmdir "$port" "$sub/namespaces/1" "$sub" 2>/dev/null || :
	[ ! -d "$nullb" ] || { echo 0 >"$nullb/power"; rmdir "$nullb"; }
	return 0
}
