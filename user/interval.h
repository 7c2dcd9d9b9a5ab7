/* SPDX-License-Identifier: GPL-2.0 */
/* The live view: every interval, per namespace, what happened in it (like iostat). */
#ifndef ZNS_STAT_INTERVAL_H
#define ZNS_STAT_INTERVAL_H

#include "util.h"
#include "view.h"

struct snapshot;

enum out_format { FMT_TABLE, FMT_CSV, FMT_JSON, FMT_PROM };

struct interval_opts {
	double seconds;
	long count;		/* intervals to show, -1: until interrupted */
	enum out_format format;
	int top;		/* busiest zones per namespace */
	const char *file;	/* replaced each interval, else stdout */
	struct view_opts view;	/* for -o prom, which prints the counters */
};

/* Until count intervals or SIGINT/SIGTERM; disks NULL: every tracked one. */
int interval_run(char **disks, int nr_disks, const struct interval_opts *o);

/*
 * One namespace's interval as text (table row, CSV row, JSON object), from
 * the delta of two snapshots over secs seconds; cleared: counters were
 * cleared in between. The header of the table and CSV formats comes from
 * interval_header. Exposed for the unit tests.
 */
void interval_header(struct sbuf *b, const struct snapshot *d,
		     enum out_format f);
void interval_format(struct sbuf *b, const struct snapshot *d, double secs,
		     int cleared, int top, enum out_format f, double epoch);

#endif
