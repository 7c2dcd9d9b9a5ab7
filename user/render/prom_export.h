/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's latency, errors and placement files as Prometheus families
 * (prom_latency.c, prom_errors.c, prom_placement.c), for zns-stat export.
 */
#ifndef ZNS_STAT_PROM_EXPORT_H
#define ZNS_STAT_PROM_EXPORT_H

#include <stdint.h>

#include "../../include/zns_stat.h"
#include "lib/sbuf.h"
#include "model/placement_model.h"
#include "source/modfile.h"

struct snapshot;

#define LAT_MAX_BUCKETS		64	/* [2^i, 2^(i+1) - 1] ns, the first [0, 1] */
/* The le bounds exported: 2^(i+1) - 1 ns for i in [FIRST, LAST], then +Inf. */
#define LAT_LE_FIRST		9	/* 1.023 us */
#define LAT_LE_LAST		34	/* 34.4 s */

/* A namespace's "latency" file summed into log2 ns buckets per operation. */
struct lat_hist {
	uint64_t count[ZNS_NR_OPS][LAT_MAX_BUCKETS];
	uint64_t max[ZNS_NR_OPS];	/* "# max_ns": the exact maximum */
	int has_max[ZNS_NR_OPS];	/* log2 files have none */
};

/* The file's text (modified in place) through lat_file_parse; -1 on bad content. */
int lat_hist_parse(struct lat_hist *h, char *text);

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

/*
 * zns_placement_host_writes_total and _host_bytes_total: h[d], the figures
 * of names[d]'s placement file, per placement ID, none and unlisted.
 */
void prom_placement(struct sbuf *b, const struct placement_host *h, char **names,
		    int n);

#endif
