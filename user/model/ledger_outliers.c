// SPDX-License-Identifier: GPL-2.0
/* Zones reset far above their namespace's mean (ledger_outliers.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/ledger_outliers.h"

static int by_resets(const void *a, const void *b)
{
	const struct ledger_outlier *x = a, *y = b;

	if (x->resets != y->resets)
		return x->resets < y->resets ? 1 : -1;
	return x->zone < y->zone ? -1 : x->zone > y->zone;
}

int ledger_is_outlier(const struct ledger_outliers *o, uint64_t resets)
{
	return resets > o->mean + OUTLIER_SDS * o->sd &&
	       resets >= OUTLIER_TIMES_MEAN * o->mean;
}

int ledger_outliers(const struct ledger *l, struct ledger_outliers *o)
{
	double sum = 0, sq = 0, d;
	uint64_t z, r;

	memset(o, 0, sizeof(*o));
	if (!l->nr_zones)
		return 0;
	for (z = 0; z < l->nr_zones; z++)
		sum += l->zones[z].total[LC_RESETS];
	o->mean = sum / l->nr_zones;
	for (z = 0; z < l->nr_zones; z++) {
		d = l->zones[z].total[LC_RESETS] - o->mean;
		sq += d * d;
	}
	o->sd = sqrt(sq / l->nr_zones);
	for (z = 0; z < l->nr_zones; z++) {
		r = l->zones[z].total[LC_RESETS];
		if (!ledger_is_outlier(o, r))
			continue;
		if (!(o->nr & (o->nr - 1))) {	/* at 0, 1, 2, 4 ...: double */
			struct ledger_outlier *p;

			p = realloc(o->zones, (o->nr ? 2 * o->nr : 1) * sizeof(*p));
			if (!p) {
				ledger_outliers_free(o);
				return -1;
			}
			o->zones = p;
		}
		o->zones[o->nr].zone = z;
		o->zones[o->nr++].resets = r;
	}
	if (o->nr)
		qsort(o->zones, o->nr, sizeof(*o->zones), by_resets);
	return 0;
}

void ledger_outliers_free(struct ledger_outliers *o)
{
	free(o->zones);
	o->zones = NULL;
	o->nr = 0;
}
