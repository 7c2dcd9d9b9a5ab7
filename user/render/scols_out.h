/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every table for people through libsmartcols (util-linux: what lsblk,
 * findmnt and blkzone print with): columns named and aligned, cells added
 * row by row, the whole printed into an sbuf. Which columns fit a terminal
 * is the caller's choice (a number is never cut). Cells are UTF-8: in a
 * UTF-8 locale (main() takes LC_CTYPE from the environment) printed as
 * they are; in any other the library would escape non-ASCII bytes, so
 * "µs" is printed "us" there (scols_out_row) and anything else escaped.
 */
#ifndef ZNS_STAT_SCOLS_OUT_H
#define ZNS_STAT_SCOLS_OUT_H

#include <libsmartcols.h>

#include "lib/util.h"

/* A table of n columns; right[i]: column i right-aligned. NULL: out of memory. */
struct libscols_table *scols_out_new(const char * const *names,
				     const int *right, int n, int raw);
/* One row of the table's n cells (copied); -1 out of memory. */
int scols_out_row(struct libscols_table *tb, const char * const *cells, int n);
/* The table into b, each line after indent; the table is freed. */
void scols_out_print(struct sbuf *b, struct libscols_table *tb,
		     const char *indent);

#endif
