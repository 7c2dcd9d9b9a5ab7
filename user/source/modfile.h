/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reading layer: one strict parser per module debugfs file, each
 * splitting rows with split_fields() and reading numbers with parse_u64(),
 * parse_i64() and parse_hex() (numbers.c), so every file refuses the same
 * things: a number with a sign or trailing text, a field too many or too
 * few, bounds that are not a bucket's. Here the files more than one view
 * reads: "errors" (detail, export) and "latency" (detail, export); the
 * others have one reader each: "zones" and "summary" snapshot.c (whose row
 * parser the data file's zone table shares), "resets", "sizes" and
 * "alignment" detail.c, "lifecycle" and "lifetimes" lifecycle.c. The views
 * build what they need from the parsed result; none reads a file itself.
 */
#ifndef ZNS_STAT_MODFILE_H
#define ZNS_STAT_MODFILE_H

#include <stdint.h>

#define ERR_MAX_OPS		16
#define ERR_MAX_ROWS		48	/* 10 statuses, 16 other codes, unlisted: room */

/* "errors": "# error code OP..." then "NAME 0xCODE N..." (one N per OP). */
struct err_table {
	int nr_ops;
	char ops[ERR_MAX_OPS][24];		/* from the header line */
	int nr_rows;
	struct {
		char status[32];		/* zone_full, other, ... */
		unsigned int code;		/* SCT << 8 | SC, 0x800 + blk_status_t */
		uint64_t count[ERR_MAX_OPS];
	} rows[ERR_MAX_ROWS];
};

int err_table_parse(struct err_table *t, char *text);

/*
 * "latency": "OP LO HI N" rows, each bucket within one power of two (the
 * log-linear buckets of the module, or log2 ones of older modules; the last
 * one open to 2^64 - 1), and "# max_ns OP NS", the exact maximum.
 * Operations a newer module adds are kept: they are names, not indexes.
 */
struct lat_bucket {
	char op[16];
	uint64_t lo, hi, n;
};

struct lat_max {
	char op[16];
	uint64_t ns;
};

struct lat_file {
	struct lat_bucket *rows;
	int nr_rows;
	struct lat_max *max;
	int nr_max;
};

int lat_file_parse(struct lat_file *f, char *text);
void lat_file_free(struct lat_file *f);

/* The log2 bucket of ns: [0, 1], then [2^i, 2^(i+1) - 1]. */
static inline int lat_log2_of(uint64_t ns)
{
	return ns < 2 ? 0 : 63 - __builtin_clzll(ns);
}

#endif
