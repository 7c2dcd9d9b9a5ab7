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

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "render/prom_export.h"
#include "source/snapshot.h"

/* An operation's index, or ZNS_NR_OPS for one a newer module adds (left out). */
static int op_index(const char *op)
{
	int o;

	for (o = 0; o < ZNS_NR_OPS && strcmp(op, zns_op_names[o]); o++)
		;
	return o;
}

/* The rows of modfile_latency.c's parser summed into log2 buckets. */
int lat_hist_parse(struct lat_hist *h, char *text)
{
	struct lat_file f;
	int i, o;

	memset(h, 0, sizeof(*h));
	if (lat_file_parse(&f, text))
		return -1;
	for (i = 0; i < f.nr_rows; i++) {
		o = op_index(f.rows[i].op);
		if (o < ZNS_NR_OPS)
			h->count[o][lat_log2_of(f.rows[i].lo)] += f.rows[i].n;
	}
	for (i = 0; i < f.nr_max; i++) {
		o = op_index(f.max[i].op);
		if (o < ZNS_NR_OPS) {
			h->max[o] = f.max[i].ns;
			h->has_max[o] = 1;
		}
	}
	lat_file_free(&f);
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
