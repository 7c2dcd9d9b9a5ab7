/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's histograms and logs beside "zones" and "summary": latency,
 * sizes and alignment (log-linear and log2 histograms, the exact latency
 * maximum), errors by status and operation,
 * and the resets log. Read live, kept in a recorded run as the run's
 * changes, shown by "zns-stat detail" and the HTML report. The reading
 * layer: parsing only (model/detail_model.h computes from it).
 */
#ifndef ZNS_STAT_DETAIL_H
#define ZNS_STAT_DETAIL_H

#include <stdint.h>

#include "lib/sbuf.h"

/*
 * One count: of file "latency", "sizes" or "alignment", op the operation or
 * direction and lo, hi the bucket's bounds (ns, bytes, alignment bytes; hi
 * 0: not known, a log2 bucket's); of "errors", what the status name and lo
 * its code. File "lat_max": n is the operation's exact latency maximum, or
 * for a run whose maximum did not pass the module's (what "at_most") a
 * bound of it.
 */
struct detail_count {
	char file[12];
	char op[16];
	char what[32];
	uint64_t lo, n, hi;
};

/* One event of the resets log (fill -1: unknown or failed). */
struct detail_reset {
	uint64_t seq, time_ns, lat_ns;
	int64_t zone, fill;
	unsigned int status;
	int select_all;
};

struct detail {
	struct detail_count *counts;
	int nr_counts;
	struct detail_reset *resets;
	int nr_resets;
};

/* The files of namespace disk; -1 with one line in err when none is there. */
int detail_read(const char *disk, struct detail *d, char *err, size_t errlen);
/* One module file's text (modified) into d. */
int detail_parse_file(struct detail *d, const char *file, char *text);
/* One more count or reset event in d; -1 out of memory. */
int detail_add_count(struct detail *d, const char *file, const char *op,
		     const char *what, uint64_t lo, uint64_t hi, uint64_t n);
int detail_add_reset(struct detail *d, const struct detail_reset *r);
void detail_free(struct detail *d);

/*
 * Data file lines ("count: FILE OP WHAT LO N [HI]", "reset: ...") and back:
 * HI where known (latency), which readers of version 2 files skip.
 */
void detail_format_lines(struct sbuf *b, const struct detail *d);
/* Strict as the module files' parsers (split_fields, parse_u64): -1 on a bad line. */
int detail_parse_line(struct detail *d, const char *key, const char *value);

#endif
