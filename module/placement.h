/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Flexible Data Placement (TP4146), the pure parts: which placement a write
 * names, the namespace's placement IDs from a reclaim unit handle status, and
 * the row of a placement table a write counts in. Nothing here reads or
 * writes anything but its arguments; KUnit's placement suite drives it.
 *
 * A placement table's rows: 0..n-1 the namespace's placement IDs in the
 * order the status lists them, then "no directive" (a write without
 * directive type 2, any other command), then "not listed" (directive type 2
 * with a placement ID the namespace does not have: QEMU 10 writes it to
 * placement ID 0 and logs nothing, so only the host can count it).
 */
#ifndef ZNS_STAT_PLACEMENT_H
#define ZNS_STAT_PLACEMENT_H

#include <linux/bits.h>
#include <linux/nvme.h>
#include <linux/types.h>

#define ZNS_DTYPE_PLACEMENT	2	/* directive type: data placement */
#define ZNS_MAX_PIDS		128	/* QEMU's MAXPIDS; NRUHSD is 16-bit */
#define ZNS_RUHS_HEADER		16	/* reserved, NRUHSD at bytes 15:14 */
#define ZNS_RUHS_DESC		32	/* PID, RUHID, EARUTR, RUAMW, reserved */

/* What a zone table is a table of (struct zone_table, struct zns_geometry). */
enum zns_table_kind {
	ZNS_KIND_ZONES,
	ZNS_KIND_PLACEMENT,
};

/* A namespace's placement IDs and their reclaim unit handles. */
struct zns_placement_ids {
	u16 nr;
	u16 pid[ZNS_MAX_PIDS];
	u16 ruhid[ZNS_MAX_PIDS];
};

/*
 * A command of a placement namespace carries its placement in the sector
 * the probes keep (struct zns_cmd): a code (the placement ID, or
 * ZNS_PLACEMENT_NONE_CODE) above ZNS_PLACEMENT_SHIFT, the low bits of its
 * own sector below (for the alignment histogram). The row is looked up at
 * completion, in the table the command counts in, so that a command set up
 * before its table existed (early.c) is placed too.
 */
#define ZNS_PLACEMENT_SHIFT	40
#define ZNS_PLACEMENT_LOW	(BIT_ULL(ZNS_PLACEMENT_SHIFT) - 1)
#define ZNS_PLACEMENT_NONE_CODE	0x10000	/* no directive: above every PID */

static inline u64 zns_placement_sector(u32 code, u64 sector, u32 nr_sectors)
{
	u64 low = sector & ZNS_PLACEMENT_LOW;

	if (nr_sectors > BIT_ULL(ZNS_PLACEMENT_SHIFT) - low)
		low = 0;	/* a range never runs into the next row */
	return (u64)code << ZNS_PLACEMENT_SHIFT | low;
}

/*
 * The placement ID a command names: true for a write with directive type 2
 * (CDW12 bits 23:20; control holds CDW12's upper half), its DSPEC (CDW13
 * bits 31:16) in *pid.
 */
static inline bool zns_placement_of(const struct nvme_command *cmd, u16 *pid)
{
	if (cmd->common.opcode != nvme_cmd_write ||
	    ((le16_to_cpu(cmd->rw.control) >> 4) & 0xf) != ZNS_DTYPE_PLACEMENT)
		return false;
	*pid = le32_to_cpu(cmd->rw.dsmgmt) >> 16;
	return true;
}

/*
 * The placement IDs of a reclaim unit handle status (I/O Management
 * Receive, management operation 1) of len bytes: up to max into pids[] and
 * their handles into ruhids[]; returns how many, or -EINVAL when the buffer
 * is too short for the descriptors it announces or they exceed max.
 */
static inline int zns_ruhs_parse(const u8 *buf, size_t len, u16 *pids,
				 u16 *ruhids, unsigned int max)
{
	unsigned int i, n;
	const u8 *d;

	if (len < ZNS_RUHS_HEADER)
		return -EINVAL;
	n = buf[14] | buf[15] << 8;
	if (n > max || len < ZNS_RUHS_HEADER + (size_t)n * ZNS_RUHS_DESC)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		d = buf + ZNS_RUHS_HEADER + i * ZNS_RUHS_DESC;
		pids[i] = d[0] | d[1] << 8;
		ruhids[i] = d[2] | d[3] << 8;
	}
	return n;
}

/* The row of a write: its placement ID's, "no directive" or "not listed". */
static inline unsigned int zns_placement_row(const u16 *pids, unsigned int n,
					     bool directive, u16 pid)
{
	unsigned int i;

	if (!directive)
		return n;
	if (pid < n && pids[pid] == pid)	/* the usual list: 0..n-1 */
		return pid;
	for (i = 0; i < n; i++)	/* n is small: 8 to 128 handles */
		if (pids[i] == pid)
			return i;
	return n + 1;
}

/*
 * A placement command's sector in a placement table: its row's, the low
 * bits kept; U64_MAX (outside every table: dropped) for a code no probe
 * makes.
 */
static inline u64 zns_placement_row_sector(const struct zns_placement_ids *ids,
					   u64 sector)
{
	u64 code = sector >> ZNS_PLACEMENT_SHIFT;

	if (code > ZNS_PLACEMENT_NONE_CODE)
		return U64_MAX;
	return (u64)zns_placement_row(ids->pid, ids->nr,
				      code != ZNS_PLACEMENT_NONE_CODE,
				      code) << ZNS_PLACEMENT_SHIFT |
	       (sector & ZNS_PLACEMENT_LOW);
}

#endif /* ZNS_STAT_PLACEMENT_H */
