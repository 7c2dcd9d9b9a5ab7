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

#include "lib/sbuf.h"

/* A table of n columns; right[i]: column i right-aligned. NULL: out of memory. */
struct libscols_table *scols_out_new(const char * const *names,
				     const int *right, int n, int raw);
/*
 * A long table made and printed in parts, so that the library's passes
 * over every cell of a column stay in the CPU's caches (65536 zones: a
 * table of 130 MB). Each part gets the columns' widths of the whole table
 * (width[]: its widest cell or name, as the caller measured them: ASCII);
 * only the first is made with names (the rest: names "", not shown).
 */
#define SCOLS_OUT_MAX	128	/* columns of a table made in parts */

struct libscols_table *scols_out_part_new(const char * const *names,
					  const int *right, const int *width,
					  int n, int raw, int first);
/*
 * The part into b, freed, when each of its columns came out as wide as
 * width[] (raw: always); -1 when not (nothing added): the caller prints
 * the table whole instead.
 */
int scols_out_print_part(struct sbuf *b, struct libscols_table *tb,
			 const int *width, int n, int raw);
/*
 * One row of a part after the first, right-aligned at the widths the
 * first part confirmed, without the library (non-raw only); -1 when the
 * library would print a cell otherwise (see scols_out.c).
 */
int scols_out_fast_row(struct sbuf *b, const char * const *cells,
		       const int *width, int n);
/*
 * A table of text (not numbers) that fits a terminal: its cells' lines
 * are broken at their newlines (scols_out_wrap_words() puts them between
 * words, every line at most width characters), as lsblk's MOUNTPOINTS are.
 */
int scols_out_wrap(struct libscols_table *tb);
/*
 * A table fitted (scols_out_fit()) to width characters but for its last
 * column, text: that one wraps in its cells to the room left.
 */
int scols_out_wrap_last(struct libscols_table *tb, int width);
void scols_out_wrap_words(char *out, size_t n, const char *text, int width);
/*
 * The columns to hide, a bit each (n at most SCOLS_OUT_FIT_MAX), so that
 * the rest fit max characters (0: no limit): the highest rank[] first;
 * column 0, the row's name, stays. width[]: each column's widest cell.
 */
#define SCOLS_OUT_FIT_MAX	64
unsigned long long scols_out_fit(const int *width, const int *rank, int n,
				 int max);
/* A column's rank for scols_out_fit(): its place in order[], or n if absent. */
int scols_out_rank(const char *name, const char * const *order, int n);
/* Hide those columns of tb; how many. */
int scols_out_hide(struct libscols_table *tb, unsigned long long hidden, int n);
/* One row of the table's n cells (copied); -1 out of memory. */
int scols_out_row(struct libscols_table *tb, const char * const *cells, int n);
/* The table into b, each line after indent; the table is freed. */
void scols_out_print(struct sbuf *b, struct libscols_table *tb,
		     const char *indent);

#endif
