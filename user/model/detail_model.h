/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Figures of the module's histograms and logs (source/detail.h): what a
 * recorded run added, quantiles as bucket bounds, and the latency maximum,
 * exact where the module kept one.
 */
#ifndef ZNS_STAT_DETAIL_MODEL_H
#define ZNS_STAT_DETAIL_MODEL_H

#include <stdint.h>

#include "source/detail.h"

/*
 * What a run added: after's counts less before's (after's alone when a
 * count went down: counters were cleared), and the resets logged after
 * before's last by seq (all of after's when the log's numbers restarted:
 * cleared).
 */
int detail_delta(struct detail *out, const struct detail *before,
		 const struct detail *after);

/*
 * Quantile q of a histogram's counts for (file, op): the upper bound of the
 * bucket that holds it (log-linear buckets: a 16th of the value; log2 ones of
 * older modules and recordings: up to twice it).
 */
uint64_t detail_quantile(const struct detail *d, const char *file,
			 const char *op, double q, uint64_t *total);

/*
 * Operation op's latency maximum: 1, *ns the module's exact one; 0, *ns a
 * bound of it (a run that did not pass the module's maximum, or a recording
 * without it: its highest bucket's bound).
 */
int detail_lat_max(const struct detail *d, const char *op, uint64_t *ns);
/* Quantile q of op's latency, a bound: its bucket's, or the maximum. */
uint64_t detail_lat_bound(const struct detail *d, const char *op, double q,
			  uint64_t *total);

/* One operation's latency as every view shows it: p50, p99 and the maximum. */
struct detail_lat {
	uint64_t n, p50, p99, max;
	int exact;	/* max is the module's exact maximum, else a bound of it */
};

/* op's figures; 0 when it had no command. */
int detail_lat_figures(const struct detail *d, const char *op,
		       struct detail_lat *f);

#endif
