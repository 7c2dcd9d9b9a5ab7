// SPDX-License-Identifier: GPL-2.0
/* A ledger's zones: those shown, and the heatmaps' snapshot (ledger_zones.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ledger_zones.h"
#include "model/view.h"

int ledger_zone_active(const struct ledger_zone *lz)
{
	int i;

	for (i = 0; i < LC_NR; i++)
		if (lz->total[i])
			return 1;
	return 0;
}

/* As a snapshot's zones are ranked: the sectors, then the commands. */
static void busy_key(const struct ledger_zone *lz, struct zone_busy *b)
{
	static const enum ledger_counter data[] = {
		LC_READ_SECTORS, LC_WRITE_SECTORS, LC_APPEND_SECTORS,
		LC_WRITE_ZEROES_SECTORS,
	};
	static const enum ledger_counter cmds[] = {
		LC_READS, LC_WRITES, LC_APPENDS, LC_WRITE_ZEROES, LC_RESETS,
		LC_FINISHES, LC_OPENS, LC_CLOSES,
	};
	unsigned int i;

	b->data = b->cmds = 0;
	for (i = 0; i < sizeof(data) / sizeof(data[0]); i++)
		b->data += lz->total[data[i]];
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		b->cmds += lz->total[cmds[i]];
}

int ledger_zones(const struct ledger *l, long max_zones, uint64_t **zones,
		 uint64_t *nr, uint64_t *omitted)
{
	uint64_t n = l->nr_zones ? l->nr_zones : 1, z, k = 0;
	struct zone_busy *b = malloc(n * sizeof(*b));

	*nr = *omitted = 0;
	*zones = malloc(n * sizeof(**zones));
	if (!b || !*zones) {
		free(b);
		free(*zones);
		*zones = NULL;
		return -1;
	}
	for (z = 0; z < l->nr_zones; z++) {
		if (!ledger_zone_active(&l->zones[z]))
			continue;
		b[k].zone = z;
		busy_key(&l->zones[z], &b[k]);
		k++;
	}
	*nr = max_zones >= 0 && k > (uint64_t)max_zones ? (uint64_t)max_zones : k;
	*omitted = k - *nr;
	zones_busiest(b, k, *nr, *zones);
	free(b);
	return 0;
}

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
