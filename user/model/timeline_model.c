// SPDX-License-Identifier: GPL-2.0
/* A recording's intervals: each zone's changes between two snapshots (timeline_model.h). */
#include <stdlib.h>
#include <string.h>

#include "model/timeline_model.h"

static uint64_t change(const struct snapshot *prev, const struct snapshot *cur,
		       int pc, int cc, uint64_t zone)
{
	uint64_t now, was;

	if (cc < 0)
		return 0;
	now = snapshot_row(cur, zone)[cc];
	was = pc >= 0 && zone < prev->nr_zones ? snapshot_row(prev, zone)[pc] : 0;
	return now >= was ? now - was : now;	/* cleared: since the clear */
}

int timeline_add(struct timeline *tl, const struct snapshot *prev,
		 const struct snapshot *cur, double end_s)
{
	static const char * const cols[] = {
		"write_sectors", "append_sectors", "read_sectors", "resets",
	};
	int pc[4], cc[4], i;
	struct tick *t, *ticks;
	struct tick_zone tz, *zones;
	uint64_t z;

	ticks = realloc(tl->ticks, sizeof(*ticks) * (tl->nr + 1));
	if (!ticks)
		return -1;
	tl->ticks = ticks;
	t = &ticks[tl->nr];
	memset(t, 0, sizeof(*t));
	t->end_s = end_s;
	for (i = 0; i < 4; i++) {
		pc[i] = snapshot_column(prev, cols[i]);
		cc[i] = snapshot_column(cur, cols[i]);
	}
	for (z = 0; z < cur->nr_zones; z++) {
		tz.zone = z;
		tz.written_sectors = change(prev, cur, pc[0], cc[0], z) +
				     change(prev, cur, pc[1], cc[1], z);
		tz.read_sectors = change(prev, cur, pc[2], cc[2], z);
		tz.resets = change(prev, cur, pc[3], cc[3], z);
		if (!tz.written_sectors && !tz.read_sectors && !tz.resets)
			continue;
		zones = realloc(t->zones, sizeof(*zones) * (t->nr + 1));
		if (!zones) {
			free(t->zones);
			return -1;
		}
		t->zones = zones;
		t->zones[t->nr++] = tz;
	}
	tl->nr++;
	return 0;
}
