/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The histograms' increments, inline: the completion probe makes three or
 * four per command, and a call each would cost more than the increment
 * (hist.c shows them).
 */
#ifndef ZNS_STAT_HIST_H
#define ZNS_STAT_HIST_H

#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>

#include "internal.h"

static inline unsigned int hist_lat_bucket(u64 ns)
{
	return ns < 2 ? 0 : min_t(unsigned int, ilog2(ns), ZNS_LAT_BUCKETS - 1);
}

/* Bucket i holds [512 << i, 512 << (i + 1)) bytes. */
static inline unsigned int hist_byte_bucket(u64 bytes)
{
	if (bytes < SECTOR_SIZE)
		return 0;
	return min_t(unsigned int, ilog2(bytes) - SECTOR_SHIFT,
		     ZNS_SIZE_BUCKETS - 1);
}

static inline u64 hist_alignment_bytes(u64 offset, u64 len)
{
	return (offset | len) & -(offset | len);
}

static_assert(sizeof(struct zns_op_hist) == 1024, "an operation's histograms");

static inline void hist_latency(struct zone_table *tbl, unsigned int opi, u64 lat_ns)
{
	this_cpu_inc(tbl->hist->op[opi].lat[hist_lat_bucket(lat_ns)]);
}

static inline void hist_queue_wait(struct zone_table *tbl, unsigned int opi, u64 wait_ns)
{
	this_cpu_inc(tbl->hist->op[opi].queue_wait[hist_lat_bucket(wait_ns)]);
}

/*
 * A zone append lands where the device puts it: the completion result holds
 * that LBA. Without status decoding, result is 0 and the zone start is used.
 */
static inline void hist_io(struct zone_table *tbl, const struct zns_cmd *zc,
			   const struct zns_done *done)
{
	unsigned int opi = zns_op_index(zc->op);
	u64 sector = zc->sector;
	u64 len = (u64)zc->nr_sectors << SECTOR_SHIFT;
	u64 align;

	if (zc->op == ZNS_OP_APPEND && done->result)
		sector = done->result << (ilog2(tbl->lba_bytes) - SECTOR_SHIFT);
	align = hist_alignment_bytes(sector << SECTOR_SHIFT, len);
	this_cpu_inc(tbl->hist->op[opi].size[hist_byte_bucket(len)]);
	this_cpu_inc(tbl->hist->op[opi].align[hist_byte_bucket(align)]);
}

#endif /* ZNS_STAT_HIST_H */
