// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "latency" file as one Prometheus histogram, in seconds, its
 * log-linear buckets summed into log2 ones: 26 series per operation rather
 * than hundreds (the sixteen buckets of a power of two never straddle one).
 * Latencies are whole nanoseconds, so bucket i ([2^i, 2^(i+1) - 1] ns)
 * holds exactly the values <= 2^(i+1) - 1 ns not in an earlier one: the
 * cumulative count up to it is exact at le = (2^(i+1) - 1) ns. Every
 * namespace and operation gets the same le bounds, so quantiles aggregate.
 */
#include <stdio.h>
#include <string.h>

#include "export.h"
#include "snapshot.h"

/* The log2 bucket of ns: [0, 1], then [2^i, 2^(i+1) - 1]. */
static int log2_of(unsigned long long ns)
{
	return ns < 2 ? 0 : 63 - __builtin_clzll(ns);
}

/*
 * Rows of log-linear buckets (each within a power of two; the last one
 * open, to 2^64 - 1) or of log2 ones (older modules), summed into log2
 * buckets; "# max_ns" lines are skipped.
 */
int lat_hist_parse(struct lat_hist *h, char *text)
{
	unsigned long long lo, hi, n;
	char *line, *save, op[32];
	int i, o;

	memset(h, 0, sizeof(*h));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "# max_ns %31s %llu", op, &n) == 2) {
			for (o = 0; o < ZNS_NR_OPS && strcmp(op, zns_op_names[o]); o++)
				;
			if (o < ZNS_NR_OPS) {
				h->max[o] = n;
				h->has_max[o] = 1;
			}
			continue;
		}
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%31s %llu %llu %llu", op, &lo, &hi, &n) != 4)
			return -1;
		i = log2_of(lo);
		for (o = 0; o < ZNS_NR_OPS && strcmp(op, zns_op_names[o]); o++)
			;
		/* an operation a newer module adds is left out, not an error */
		if (hi < lo || (hi != ~0ULL && log2_of(hi) != i))
			return -1;
		if (o < ZNS_NR_OPS)
			h->count[o][i] += n;
	}
	return 0;
}

static void hist_one(struct sbuf *b, const struct snapshot *s,
		     const struct lat_hist *h, int op)
{
	const char *name = zns_op_names[op];
	uint64_t cum = 0, sum_ns;
	char key[64], le[32];
	int i;

	for (i = 0; i < LAT_MAX_BUCKETS; i++) {
		cum += h->count[op][i];
		if (i < LAT_LE_FIRST || i > LAT_LE_LAST)
			continue;
		fmt_seconds(le, sizeof(le), (2ULL << i) - 1);
		sbuf_printf(b, "zns_latency_seconds_bucket{disk=\"%s\",op=\"%s\",le=\"%s\"} %llu\n",
			    s->disk, name, le, (unsigned long long)cum);
	}
	sbuf_printf(b, "zns_latency_seconds_bucket{disk=\"%s\",op=\"%s\",le=\"+Inf\"} %llu\n",
		    s->disk, name, (unsigned long long)cum);
	snprintf(key, sizeof(key), "%s_lat_sum_ns", name);
	if (!snapshot_summary_u64(s, key, &sum_ns)) {
		fmt_seconds(le, sizeof(le), sum_ns);
		sbuf_printf(b, "zns_latency_seconds_sum{disk=\"%s\",op=\"%s\"} %s\n",
			    s->disk, name, le);
	}
	sbuf_printf(b, "zns_latency_seconds_count{disk=\"%s\",op=\"%s\"} %llu\n",
		    s->disk, name, (unsigned long long)cum);
}

void prom_latency(struct sbuf *b, struct snapshot *snaps,
		  struct lat_hist **h, int n)
{
	int d, op, first = 1;
	char le[32];

	for (d = 0; d < n; d++) {
		if (!h[d])
			continue;
		if (first)
			sbuf_printf(b, "# HELP zns_latency_seconds Latency of successful commands by operation, setup to completion (_sum: the zones' OP_lat_sum_ns, without select-all commands).\n"
				    "# TYPE zns_latency_seconds histogram\n");
		first = 0;
		for (op = 0; op < ZNS_NR_OPS; op++)
			hist_one(b, &snaps[d], h[d], op);
	}
	for (d = 0, first = 1; d < n; d++) {
		for (op = 0; h[d] && op < ZNS_NR_OPS; op++) {
			if (!h[d]->has_max[op])
				continue;
			if (first)
				sbuf_printf(b, "# HELP zns_latency_max_seconds The longest successful command by operation, setup to completion, exact (select-all commands too), since the module counts the namespace.\n"
					    "# TYPE zns_latency_max_seconds gauge\n");
			first = 0;
			fmt_seconds(le, sizeof(le), h[d]->max[op]);
			sbuf_printf(b, "zns_latency_max_seconds{disk=\"%s\",op=\"%s\"} %s\n",
				    snaps[d].disk, zns_op_names[op], le);
		}
	}
}
