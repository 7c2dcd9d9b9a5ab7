/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat export: the Prometheus text exposition of every tracked namespace,
 * written atomically into node_exporter's textfile collector directory, once
 * or every interval. The families beyond -o prom come from the module's
 * "latency" (a histogram in seconds) and "errors" (counters by status) files.
 */
#ifndef ZNS_STAT_EXPORT_H
#define ZNS_STAT_EXPORT_H

#include <stdint.h>

#include "../include/zns_stat.h"
#include "util.h"

struct snapshot;

#define EXPORT_FILE		"zns_stat.prom"
#define LAT_MAX_BUCKETS		64	/* [2^i, 2^(i+1) - 1] ns, the first [0, 1] */
/* The le bounds exported: 2^(i+1) - 1 ns for i in [FIRST, LAST], then +Inf. */
#define LAT_LE_FIRST		9	/* 1.023 us */
#define LAT_LE_LAST		34	/* 34.4 s */
#define ERR_MAX_OPS		16
#define ERR_MAX_ROWS		48

/* A namespace's "latency" file: counts per operation and log2 ns bucket (summed). */
struct lat_hist {
	uint64_t count[ZNS_NR_OPS][LAT_MAX_BUCKETS];
	uint64_t max[ZNS_NR_OPS];	/* "# max_ns": the exact maximum */
	int has_max[ZNS_NR_OPS];	/* log2 files have none */
};

/* A namespace's "errors" file: one row per status, one count per operation. */
struct err_table {
	int nr_ops;
	char ops[ERR_MAX_OPS][24];		/* from the header line */
	int nr_rows;
	struct {
		char status[32];		/* zone_full, other, ... */
		char code[16];			/* as printed: 0x1b9 */
		uint64_t count[ERR_MAX_OPS];
	} rows[ERR_MAX_ROWS];
};

/* Parse the files' text (modified in place); -1 on content not understood. */
int lat_hist_parse(struct lat_hist *h, char *text);
int err_table_parse(struct err_table *t, char *text);

/*
 * One family each, all namespaces: zns_latency_seconds (histogram; _sum from
 * the summary's OP_lat_sum_ns where snaps[d] has it), zns_latency_max_seconds
 * (the module's exact maximum, where it keeps one) and
 * zns_command_errors_total. A NULL entry: that namespace has no such file.
 */
void prom_latency(struct sbuf *b, struct snapshot *snaps,
		  struct lat_hist **h, int n);
void prom_errors(struct sbuf *b, struct snapshot *snaps,
		 struct err_table **t, int n);

struct export_opts {
	const char *dir;	/* textfile collector directory */
	double seconds;		/* 0: once */
	int zones;		/* per-zone series too */
	long max_zones;		/* of them, at most this many per namespace */
	char **disks;		/* NULL: every tracked namespace */
	int nr_disks;
};

/* The document of one moment; returns 0 when the module could be read. */
int export_format(struct sbuf *b, const struct export_opts *o, char *err,
		  size_t errlen);
/* zns-stat export: its exit status. */
int export_run(const struct export_opts *o);

#endif
