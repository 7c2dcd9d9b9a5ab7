// SPDX-License-Identifier: GPL-2.0
/* A ledger's zones as a snapshot for the heatmaps (ledger_zones.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ledger_zones.h"

const struct metric ledger_metrics[LEDGER_NR_METRICS] = {
	{ "lifetime_resets", "zone resets, lifetime", "resets", "resets", NULL, 1, MU_COUNT },
	{ "lifetime_written", "data written, lifetime (writes, appends, write zeroes)",
	  "bytes", "written_sectors", NULL, 512, MU_BYTES },
};

int ledger_zone_snapshot(const struct ledger *l, struct snapshot *s)
{
	static const char * const names[] = { "resets", "written_sectors" };
	uint64_t z;
	int i;

	memset(s, 0, sizeof(*s));
	snprintf(s->disk, sizeof(s->disk), "%s", l->disk);
	s->nr_zones = l->nr_zones;
	s->values = calloc(l->nr_zones ? l->nr_zones * 2 : 1, sizeof(*s->values));
	if (!s->values)
		return -1;
	for (i = 0; i < 2; i++) {
		s->columns[i] = strdup(names[i]);
		if (!s->columns[i])
			return -1;
		s->nr_columns++;
	}
	for (z = 0; z < l->nr_zones; z++) {
		const uint64_t *t = l->zones[z].total;

		s->values[2 * z] = t[LC_RESETS];
		s->values[2 * z + 1] = t[LC_WRITE_SECTORS] + t[LC_APPEND_SECTORS] +
				       t[LC_WRITE_ZEROES_SECTORS];
	}
	return 0;
}
