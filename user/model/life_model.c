// SPDX-License-Identifier: GPL-2.0
/* Quantiles of the zone lifecycle's log2 histograms (life_model.h). */
#include "../../include/zns_stat.h"
#include "model/life_model.h"

uint64_t life_quantile_us(const uint64_t *buckets, double q)
{
	uint64_t total = 0, seen = 0;
	int i;

	for (i = 0; i < ZNS_LIFE_BUCKETS; i++)
		total += buckets[i];
	for (i = 0; i < ZNS_LIFE_BUCKETS && total; i++) {
		seen += buckets[i];
		if (seen >= q * total && buckets[i])
			return (2ULL << i) - 1;
	}
	return 0;
}
