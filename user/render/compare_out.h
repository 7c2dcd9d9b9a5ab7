/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat report A.dat B.dat's views of the comparison (model/compare.h):
 * the HTML page (report_compare.c) and, with -o, a table, CSV or JSON of
 * the same figures (compare_out.c).
 */
#ifndef ZNS_STAT_COMPARE_OUT_H
#define ZNS_STAT_COMPARE_OUT_H

#include <stddef.h>

#include "model/compare.h"
#include "render/out_format.h"

struct datafile;

/* A figure's value for people: "12.5/s", "4 MiB", "90 µs", "10.0 s". */
void cmp_value_text(char *out, size_t n, enum cmp_unit unit, double v);
/* A figure's A, B and B/A for people, each in n bytes ("-": none, or no ratio). */
void cmp_figure_text(const struct cmp_figure *f, char *va, char *vb,
		     char *ratio, size_t n);
/* The data file's name, without its folder, as the views name a run. */
const char *cmp_data_file(const char *path);
/* A run's context for people ("-" for none) and its label ("zone size"). */
void cmp_context_text(char *out, size_t n, const struct datafile *df,
		      enum cmp_context c);
const char *cmp_context_label(enum cmp_context c);

/*
 * The comparison as f (FMT_TABLE, FMT_CSV or FMT_JSON); A and B named by
 * paths. width > 0: the table fits that many characters (the runs' text
 * wraps in its cells); 0 for a pipe or a file.
 */
void compare_output(struct sbuf *b, enum out_format f,
		    const struct datafile *a, const char *path_a,
		    const struct datafile *c, const char *path_c, int width);

#endif
