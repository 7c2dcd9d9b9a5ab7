#!/usr/bin/python3
# make-nvme-fixture.py DIR: the raw answers of NVMe namespaces for zns-stat
# placement under ZNS_STAT_NVME_FIXTURE=DIR (user/source/nvme_passthru.c
# names the files), as QEMU 10's FDP device gives them (fdp-findings):
#   nvme1n1  FDP on: 6 placement IDs on handles 1-6 of 8, 4 KiB blocks,
#            1 MiB reclaim units; bytes written; host and controller events
#   nvme0n1  a namespace of a controller without FDP (Get Features 1Dh and
#            the logs answer Invalid Field)
#   sda      no NSID (not an NVMe namespace)
# The files are committed (selftests/user/fixtures/nvme); run again after a change.
import os
import struct
import sys

out = sys.argv[1]


def put(disk, name, data):
    os.makedirs(os.path.join(out, disk), exist_ok=True)
    with open(os.path.join(out, disk, name), "wb") as f:
        f.write(data)


def id_ns(endgid, lbads):
    b = bytearray(4096)
    struct.pack_into("<QQQ", b, 0, 16384, 16384, 16384)
    b[26] = 0		# FLBAS: format 0
    struct.pack_into("<H", b, 102, endgid)
    struct.pack_into("<HBB", b, 128, 0, lbads, 0)	# LBAF0: MS 0, LBADS
    return bytes(b)


def event(typ, flags, pid, ts_ms, nsid, rgid, ruhid, origin=1):
    e = bytearray(64)
    struct.pack_into("<BBH", e, 0, typ, flags, pid)
    e[4:10] = ts_ms.to_bytes(6, "little")
    e[10] = origin << 1
    struct.pack_into("<I", e, 12, nsid)
    struct.pack_into("<HB", e, 32, rgid, ruhid)
    return bytes(e)


def events(evs):
    return struct.pack("<I", len(evs)) + bytes(60) + b"".join(evs)


# nvme1n1: FDP on, configuration 0
d = "nvme1n1"
put(d, "nsid", struct.pack("<I", 1))
put(d, "id-ns", id_ns(1, 12))
put(d, "features-1d", struct.pack("<I", 0x1))		# FDPE 1, FDPCIDX 0
desc = struct.pack("<HBBIHHIQI", 0x60, 0x80, 0, 1, 8, 127, 256, 1 << 20, 0)
desc += bytes(64 - len(desc)) + bytes(4) * 8		# 8 handles: initially isolated (0)
put(d, "log-20", struct.pack("<HBBI", 0, 0, 0, 16 + len(desc)) + bytes(8) + desc)
ruha = [0, 1, 1, 1, 1, 1, 1, 0]
put(d, "log-21", struct.pack("<H", 8) + bytes(6) + b"".join(bytes([a]) + bytes(7) for a in ruha))
hbmw, mbmw = 3 * 1048576 + 40960, 4 * 1048576 + 40960
put(d, "log-22", struct.pack("<QQQQQQ", hbmw, 0, mbmw, 0, 0, 0) + bytes(16))
t0 = 1764950400123		# 2025-12-05T16:00:00.123Z
put(d, "log-23-host", events([event(0, 7, p, t0 + 1000 * i, 1, 0, p + 1)
                              for i, p in enumerate([0, 1, 1, 2, 0, 3, 5])]))
put(d, "log-23", events([event(0x80, 0x4, 0, t0 + 500, 0xffffffff, 0, 2)]))
ruamw = [256, 120, 256, 200, 256, 17]
put(d, "ruh-status", bytes(14) + struct.pack("<H", 6) +
    b"".join(struct.pack("<HHIQ", p, p + 1, 0 if p != 2 else 3600, w) + bytes(16)
             for p, w in enumerate(ruamw)))

# nvme0n1: a controller without FDP (the zoned one of the guest under QEMU 10)
d = "nvme0n1"
put(d, "nsid", struct.pack("<I", 1))
put(d, "id-ns", id_ns(1, 12))

# sda: not NVMe
os.makedirs(os.path.join(out, "sda"), exist_ok=True)
with open(os.path.join(out, "sda", "README"), "w") as f:
    f.write("no nsid: not an NVMe namespace\n")
