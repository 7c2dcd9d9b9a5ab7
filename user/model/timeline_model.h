/* SPDX-License-Identifier: GPL-2.0 */
/* A recording over time (source/timeline.h): each interval from two snapshots. */
#ifndef ZNS_STAT_TIMELINE_MODEL_H
#define ZNS_STAT_TIMELINE_MODEL_H

#include "source/snapshot.h"
#include "source/timeline.h"

/*
 * The interval from prev to cur, ending end_s into the run. A count that
 * went down (cleared) counts from 0.
 */
int timeline_add(struct timeline *tl, const struct snapshot *prev,
		 const struct snapshot *cur, double end_s);

#endif
