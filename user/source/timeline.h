/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A recording over time (record -i SEC): per interval, each zone's data
 * written (writes and appends), data read and resets. Kept in the data file
 * as "tick:" lines; the report draws them as zone x time heatmaps (the
 * write frontier moving, reset bursts) and rates per interval.
 */
#ifndef ZNS_STAT_TIMELINE_H
#define ZNS_STAT_TIMELINE_H

#include <stdint.h>

#include "lib/sbuf.h"

struct snapshot;

/* One zone's changes in one interval; zones without any are left out. */
struct tick_zone {
	uint64_t zone, written_sectors, read_sectors, resets;
};

struct tick {
	double end_s;		/* seconds from the start of the recording */
	int nr;
	struct tick_zone *zones;
};

struct timeline {
	int nr;
	struct tick *ticks;
};

void timeline_free(struct timeline *tl);

/* "tick: END_S ZONE:W:R:X ..." lines, and one back. */
void timeline_format_lines(struct sbuf *b, const struct timeline *tl);
int timeline_parse_line(struct timeline *tl, const char *value);

#endif
