/* SPDX-License-Identifier: GPL-2.0 */
/* A recording over time, drawn. */
#ifndef ZNS_STAT_TIMELINE_SVG_H
#define ZNS_STAT_TIMELINE_SVG_H

#include <stdint.h>

#include "lib/sbuf.h"
#include "source/timeline.h"

/*
 * The report's "Over time" section: data written and resets per zone and
 * interval as SVG heatmaps, and the namespace's rates per interval.
 */
void timeline_html(struct sbuf *b, const struct timeline *tl,
		   uint64_t nr_zones);

#endif
