// SPDX-License-Identifier: GPL-2.0
/* A recording over time: its intervals' data file lines (model/timeline_model.c makes them). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/timeline.h"

void timeline_free(struct timeline *tl)
{
	int i;

	for (i = 0; i < tl->nr; i++)
		free(tl->ticks[i].zones);
	free(tl->ticks);
	memset(tl, 0, sizeof(*tl));
}

void timeline_format_lines(struct sbuf *b, const struct timeline *tl)
{
	const struct tick_zone *z;
	int i, j;

	for (i = 0; i < tl->nr; i++) {
		sbuf_printf(b, "tick: %.3f", tl->ticks[i].end_s);
		for (j = 0; j < tl->ticks[i].nr; j++) {
			z = &tl->ticks[i].zones[j];
			sbuf_printf(b, " %" PRIu64 ":%" PRIu64 ":%" PRIu64 ":%" PRIu64,
				    z->zone, z->written_sectors, z->read_sectors, z->resets);
		}
		sbuf_printf(b, "\n");
	}
}

int timeline_parse_line(struct timeline *tl, const char *value)
{
	struct tick *ticks, t = { 0 };
	struct tick_zone tz, *zones;
	const char *p = value;
	int n;

	if (sscanf(p, "%lf%n", &t.end_s, &n) != 1 || t.end_s < 0 ||
	    (tl->nr && t.end_s < tl->ticks[tl->nr - 1].end_s))
		return -1;
	for (p += n; *p == ' '; p += n) {
		if (sscanf(p, " %" SCNu64 ":%" SCNu64 ":%" SCNu64 ":%" SCNu64 "%n",
			   &tz.zone, &tz.written_sectors, &tz.read_sectors,
			   &tz.resets, &n) != 4)
			goto bad;
		zones = realloc(t.zones, sizeof(*zones) * (t.nr + 1));
		if (!zones)
			goto bad;
		t.zones = zones;
		t.zones[t.nr++] = tz;
	}
	if (*p)
		goto bad;
	ticks = realloc(tl->ticks, sizeof(*ticks) * (tl->nr + 1));
	if (!ticks)
		goto bad;
	tl->ticks = ticks;
	tl->ticks[tl->nr++] = t;
	return 0;
bad:
	free(t.zones);
	return -1;
}
