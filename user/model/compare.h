/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two recorded runs compared (zns-stat report A.dat B.dat): their context,
 * and each figure of A and B with B/A, computed once here for every view
 * of it (HTML, table, CSV, JSON).
 */
#ifndef ZNS_STAT_COMPARE_H
#define ZNS_STAT_COMPARE_H

#include <stddef.h>

struct datafile;

/*
 * Whether runs A and B differ in geometry: REPORT_ZONES_DIFFER (zone count
 * or size: no zone-by-zone comparison) and REPORT_LBA_DIFFERS, with "zone
 * count 8 vs 16, ..." in why; 0 when they match.
 */
#define REPORT_ZONES_DIFFER	1
#define REPORT_LBA_DIFFERS	2
int report_compare_mismatch(const struct datafile *a, const struct datafile *c,
			    char *why, size_t len);

/* What a figure's value is: the views format it for people by this. */
enum cmp_unit {
	CMP_COUNT, CMP_SECTORS, CMP_SECONDS, CMP_PER_SECOND, CMP_BYTES_PER_SECOND,
	CMP_NS,
};

enum cmp_section { CMP_RATES, CMP_TOTALS };

struct cmp_value {
	double v;
	int have;	/* 0: the run has no such figure */
};

struct cmp_figure {
	char key[48];		/* snake_case, the unit in the name: CSV and JSON */
	char label[64];		/* for people: the HTML page and the table */
	enum cmp_unit unit;
	enum cmp_section section;
	int bound;		/* an upper bound: a bucket's, or a maximum not exact */
	struct cmp_value a, b;
};

struct compare {
	struct cmp_figure *fig;
	int nr;
};

/* The figures of runs a and b, rates and latency then totals; -1 out of memory. */
int compare_runs(struct compare *cmp, const struct datafile *a,
		 const struct datafile *b);
void compare_free(struct compare *cmp);

/* B/A: 1 and *ratio, or 0 where it says nothing (either side missing or 0). */
int cmp_ratio(const struct cmp_figure *f, double *ratio);

/* Each run's context, in the order the views show it. */
enum cmp_context {
	CTX_DEVICE, CTX_MODEL, CTX_SERIAL, CTX_FIRMWARE, CTX_KERNEL,
	CTX_START_TIME, CTX_COMMENT, CTX_DURATION_S, CTX_ZONES, CTX_ZONE_BYTES,
	CTX_LBA_BYTES, CTX_COUNT
};

/* Its key ("zone_bytes"), and whether the runs must match in it (geometry). */
const char *cmp_context_key(enum cmp_context c);
int cmp_context_geometry(enum cmp_context c);
/* Run df's value: 1 and *text (NULL: the run has none), or 0 and *num. */
int cmp_context_value(const struct datafile *df, enum cmp_context c,
		      const char **text, double *num);

#endif
