/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The histograms' increments, inline: the completion probe makes three or
 * four per command, and a call each would cost more than the increment
 * (hist.c shows them). Latency and queue wait also keep their exact maximum.
 */
#ifndef ZNS_STAT_HIST_H
#define ZNS_STAT_HIST_H

#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>

#include "internal.h"

/*
 * A latency's bucket (internal.h): exact below 32 ns, then the power of two
 * by ilog2 and its 16th by the next four bits, with no division.
 */
static inline unsigned int hist_lat_bucket(u64 ns)
{
	unsigned int k;

	if (ns < 2 * ZNS_LAT_SUB)
		return ns;
	k = ilog2(ns);
	if (unlikely(k >= ZNS_LAT_TOP_SHIFT))
		return ZNS_LAT_BUCKETS - 1;
	return ((k - ZNS_LAT_SUB_BITS + 1) << ZNS_LAT_SUB_BITS) +
	       ((ns >> (k - ZNS_LAT_SUB_BITS)) & (ZNS_LAT_SUB - 1));
}

/* The lowest latency of bucket i; its highest is the next one's less 1. */
static inline u64 hist_lat_lo(unsigned int i)
{
	unsigned int k = (i >> ZNS_LAT_SUB_BITS) + ZNS_LAT_SUB_BITS - 1;

	if (i < 2 * ZNS_LAT_SUB)
		return i;
	if (i >= ZNS_LAT_BUCKETS - 1)
		return 1ULL << ZNS_LAT_TOP_SHIFT;
	return (u64)(ZNS_LAT_SUB + (i & (ZNS_LAT_SUB - 1))) << (k - ZNS_LAT_SUB_BITS);
}

/* The highest latency of bucket i: the last one has no bound. */
static inline u64 hist_lat_hi(unsigned int i)
{
	return i >= ZNS_LAT_BUCKETS - 1 ? U64_MAX : hist_lat_lo(i + 1) - 1;
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

static_assert(sizeof(struct zns_op_hist) == 512, "an operation's histograms");
static_assert(sizeof(struct zns_lat_hist) == 8480, "an operation's latencies");

/*
 * Raise this CPU's maximum to ns. Usually one read and a compare; the
 * cmpxchg is this CPU's (no lock prefix), against an interrupt that
 * completes another command between the read and the write.
 */
static inline void hist_max(u64 __percpu *max, u64 ns)
{
	u64 old = this_cpu_read(*max), prev;

	while (unlikely(ns > old)) {
		prev = this_cpu_cmpxchg(*max, old, ns);
		if (prev == old)
			break;
		old = prev;
	}
}

static inline void hist_latency(struct zone_table *tbl, unsigned int opi, u64 lat_ns)
{
	struct zns_lat_hist __percpu *h = tbl->lat[opi];

	this_cpu_inc(h->lat[hist_lat_bucket(lat_ns)]);
	hist_max(&h->lat_max, lat_ns);
}

static inline void hist_queue_wait(struct zone_table *tbl, unsigned int opi, u64 wait_ns)
{
	struct zns_lat_hist __percpu *h = tbl->lat[opi];

	this_cpu_inc(h->queue_wait[hist_lat_bucket(wait_ns)]);
	hist_max(&h->queue_wait_max, wait_ns);
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
		sector = done->result << tbl->lba_shift;
	align = hist_alignment_bytes(sector << SECTOR_SHIFT, len);
	this_cpu_inc(tbl->hist->op[opi].size[hist_byte_bucket(len)]);
	this_cpu_inc(tbl->hist->op[opi].align[hist_byte_bucket(align)]);
}

#endif /* ZNS_STAT_HIST_H */
