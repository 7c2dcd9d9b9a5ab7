/* SPDX-License-Identifier: GPL-2.0 */
/* The output formats (-o), their names, and the outputs of a set of snapshots. */
#ifndef ZNS_STAT_OUT_FORMAT_H
#define ZNS_STAT_OUT_FORMAT_H

#include "lib/sbuf.h"

struct snapshot;
struct view_opts;

enum out_format { FMT_TABLE, FMT_CSV, FMT_JSON, FMT_PROM, FMT_COUNT };

/* "table", "csv", "json", "prom": 0, or -1 for anything else. */
int out_format_parse(const char *name, enum out_format *f);

/* The zone counters of snaps in format f (output_table.c, output_csv.c...). */
void output_snapshots(struct sbuf *b, enum out_format f,
		      struct snapshot *snaps, int n, const struct view_opts *o);

#endif
