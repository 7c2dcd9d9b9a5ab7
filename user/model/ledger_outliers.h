/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The zones of a ledger reset far above its namespace's mean: more than
 * the mean + 3 standard deviations (of every zone, population) and at
 * least twice the mean. The second keeps a namespace of very even zones
 * from naming a zone a few resets above the rest; the first needs 11 zones
 * or more to be met at all (one zone of n is at most (n - 1) / sqrt(n)
 * deviations above the mean), so a smaller namespace names none.
 */
#ifndef ZNS_STAT_LEDGER_OUTLIERS_H
#define ZNS_STAT_LEDGER_OUTLIERS_H

#include <stdint.h>

#include "source/ledger_state.h"

#define OUTLIER_SDS	3
#define OUTLIER_TIMES_MEAN	2

struct ledger_outlier {
	uint64_t zone, resets;
};

struct ledger_outliers {
	double mean, sd;	/* of every zone's lifetime resets */
	uint64_t nr;
	struct ledger_outlier *zones;	/* nr, most resets first, then by zone */
};

/* -1 out of memory. */
int ledger_outliers(const struct ledger *l, struct ledger_outliers *o);
void ledger_outliers_free(struct ledger_outliers *o);
/* Is a zone of this many resets one of them. */
int ledger_is_outlier(const struct ledger_outliers *o, uint64_t resets);

#endif
