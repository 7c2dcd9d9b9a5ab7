/* SPDX-License-Identifier: GPL-2.0 */
/* The per-zone quantities the figures and the report show, from counter columns. */
#ifndef ZNS_STAT_METRICS_H
#define ZNS_STAT_METRICS_H

#include <stdint.h>

struct snapshot;

enum metric_unit { MU_COUNT, MU_BYTES, MU_NS, MU_PERCENT };

struct metric {
	const char *id;		/* figure file name, without .svg */
	const char *title;	/* "data written" */
	const char *legend;	/* what the colour scale is in: "bytes" */
	const char *num;	/* numerator column */
	const char *den;	/* denominator column: an average; NULL: a sum */
	double scale;		/* num multiplier: 512 for sectors, 100 for % */
	enum metric_unit unit;
};

extern const struct metric metrics[];
extern const int nr_metrics;

/* The columns it needs are in s. */
int metric_available(const struct metric *m, const struct snapshot *s);
/*
 * Value over zones [first, first + n): sum(num) * scale / sum(den), so an
 * aggregate of zones is the true combined average. 0 with *defined = 0 when
 * an average has no commands to average.
 */
double metric_value(const struct metric *m, const struct snapshot *s,
		    uint64_t first, uint64_t n, int *defined);
/*
 * The same in a loop over zones: the columns found once (metric_columns),
 * not by name for every zone.
 */
struct metric_cols {
	int num, den;	/* column indexes; den -1: none */
};

void metric_columns(const struct metric *m, const struct snapshot *s,
		    struct metric_cols *c);
double metric_value_cols(const struct metric *m, const struct metric_cols *c,
			 const struct snapshot *s, uint64_t first, uint64_t n,
			 int *defined);
/* A value as people read it: "12", "1.5 MiB", "31.5 us", "50 %". */
void metric_format(const struct metric *m, double v, char *out, int outlen);

#endif
