/* SPDX-License-Identifier: GPL-2.0 */
/* One self-contained HTML page of a recorded run. */
#ifndef ZNS_STAT_REPORT_HTML_H
#define ZNS_STAT_REPORT_HTML_H

#include <stddef.h>

struct datafile;
struct sbuf;

/* The pages' CSS: ledger report's page looks like report's. */
extern const char report_style[];

void report_html(struct sbuf *b, const struct datafile *df,
		 const char *datapath);
/*
 * Where report writes without -f: beside the (first) data file, as plot puts
 * its figures: runs/x.dat -> runs/x.html; with B, runs/x-vs-<B's name>.html.
 */
void report_default_file(const char *path_a, const char *path_b, char *out,
			 size_t outlen);
/* Two runs side by side (report_compare.c). */
void report_compare_html(struct sbuf *b, const struct datafile *a,
			 const char *path_a, const struct datafile *c,
			 const char *path_c);

#endif
