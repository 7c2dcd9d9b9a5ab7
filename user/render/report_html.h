/* SPDX-License-Identifier: GPL-2.0 */
/* One self-contained HTML page of a recorded run. */
#ifndef ZNS_STAT_REPORT_HTML_H
#define ZNS_STAT_REPORT_HTML_H

#include <stddef.h>

#include "lib/sbuf.h"

struct datafile;

/* The pages' CSS: ledger report's page looks like report's. */
extern const char report_style[];
/* Every page's <head> up to its title: charset, a phone's viewport. */
#define REPORT_HEAD \
	"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n" \
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"

/*
 * A table's rows whose every value is 0 or absent are left out, and said
 * once under it, as the zone table says what it left out:
 * "(3 more rows, all 0: finishes, opens, closes)". A table of none but
 * such rows is that line alone.
 */
struct zero_rows {
	const char *head;	/* "<table><tr>...</tr>\n", before the first row */
	int n, shown;
	struct sbuf names;
};

/* Row name left out, all 0. */
void zero_rows_add(struct zero_rows *z, const char *name);
/* A row is shown: the table's head first. */
void zero_rows_show(struct sbuf *b, struct zero_rows *z);
/* The table's end and the line under it; z is empty again. */
void zero_rows_said(struct sbuf *b, struct zero_rows *z);

void report_html(struct sbuf *b, const struct datafile *df,
		 const char *datapath);
/* A placement namespace's run (df->placement; report_placement.c). */
void report_page_start(struct sbuf *b, const struct datafile *df);
void report_placement_html(struct sbuf *b, const struct datafile *df,
			   const char *datapath);
/* The run's metadata, the data file by its name. */
void report_recording_table(struct sbuf *b, const struct datafile *df,
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
