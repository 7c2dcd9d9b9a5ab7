/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat detail's views: for people (detail_text.c) and for scripts
 * (detail_out.c: n namespaces' details, named by disks).
 */
#ifndef ZNS_STAT_DETAIL_OUT_H
#define ZNS_STAT_DETAIL_OUT_H

#include "lib/sbuf.h"
#include "source/detail.h"

/* The terminal's tables: latency percentiles, errors, resets, sizes, alignment. */
void detail_text(struct sbuf *b, const char *title, const struct detail *d);
/*
 * What the run's counters (a data file's zones and summary) say happened,
 * -1 where they do not say: a section of detail_html() without rows reads
 * "not recorded" unless its count is 0 (the data file has no breakdown).
 */
struct detail_counted {
	int64_t failed;		/* commands that failed */
	int64_t resets;		/* resets (select-all ones included) */
	int64_t reads, writes;	/* successful; writes with zone appends */
};

/* The same as HTML sections of the report. */
void detail_html(struct sbuf *b, const struct detail *d,
		 const struct detail_counted *n);

/* One CSV table per kind (latency, errors, resets, sizes, alignment). */
void detail_csv(struct sbuf *b, char **disks, const struct detail *d, int n);
/* One JSON document: {"version", "disks": [{"disk", "latency", ...}]}. */
void detail_json(struct sbuf *b, char **disks, const struct detail *d, int n);

#endif
