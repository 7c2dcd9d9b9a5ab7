/* SPDX-License-Identifier: GPL-2.0 */
/* What happened between two snapshots of one namespace. */
#ifndef ZNS_STAT_DELTA_H
#define ZNS_STAT_DELTA_H

struct snapshot;

/*
 * out = after - before, column by column, as a snapshot with after's columns
 * and zone state. Counters are differences. Extrema (*_min_*, *_max_*) are
 * after's values (since the counters were last cleared) in zones whose
 * operation happened in the interval, else 0. Summary counters (reset_all,
 * ...) are differences too, the geometry keys after's.
 *
 * When counters were cleared in between (any counter went down, or the zone
 * geometry changed), everything restarted from 0: out = after, and the
 * return value is 1 so the caller can say so. 0 otherwise, -1 out of memory.
 */
int delta_compute(const struct snapshot *before, const struct snapshot *after,
		  struct snapshot *out);

#endif
