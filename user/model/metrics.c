// SPDX-License-Identifier: GPL-2.0
/*
 * The figures: the seed tool's set (reads, writes, data, I/O size, resets,
 * reset latency) plus appends, errors, fill, and the zone lifecycle's fill
 * at reset and finish waste.
 */
#include <stdio.h>

#include "lib/numbers.h"
#include "model/metrics.h"
#include "source/columns.h"
#include "source/snapshot.h"

const struct metric metrics[] = {
	{ "read_cmds", "read commands", "commands", "reads", NULL, 1, MU_COUNT },
	{ "write_cmds", "write commands", "commands", "writes", NULL, 1, MU_COUNT },
	{ "append_cmds", "zone append commands", "commands", "appends", NULL, 1, MU_COUNT },
	{ "read_data", "data read", "bytes", "read_sectors", NULL, 512, MU_BYTES },
	{ "write_data", "data written (write commands)", "bytes", "write_sectors", NULL, 512, MU_BYTES },
	{ "append_data", "data appended", "bytes", "append_sectors", NULL, 512, MU_BYTES },
	{ "read_size", "average read size", "bytes per command", "read_sectors", "reads", 512, MU_BYTES },
	{ "write_size", "average write size", "bytes per command", "write_sectors", "writes", 512, MU_BYTES },
	{ "append_size", "average append size", "bytes per command", "append_sectors", "appends", 512, MU_BYTES },
	{ "resets", "zone resets", "resets", "resets", NULL, 1, MU_COUNT },
	{ "reset_latency", "mean reset latency", "latency", "reset_lat_sum_ns", "resets", 1, MU_NS },
	{ "errors", "failed commands", "commands", "errors", NULL, 1, MU_COUNT },
	{ "fill", "zone fill at the end (write pointer / capacity)", "% of capacity", COL_WPTR, COL_CAP, 100, MU_PERCENT },
	{ "fill_at_reset", "mean fill at reset (data written before each reset)", "bytes per reset", "fill_sum_sectors", "fill_resets", 512, MU_BYTES },
	{ "finish_waste", "finish waste (capacity finishes left unwritten)", "bytes", "finish_waste_sectors", NULL, 512, MU_BYTES },
};

const int nr_metrics = sizeof(metrics) / sizeof(metrics[0]);

int metric_available(const struct metric *m, const struct snapshot *s)
{
	return snapshot_column(s, m->num) >= 0 &&
	       (!m->den || snapshot_column(s, m->den) >= 0);
}

void metric_columns(const struct metric *m, const struct snapshot *s,
		    struct metric_cols *c)
{
	c->num = snapshot_column(s, m->num);
	c->den = m->den ? snapshot_column(s, m->den) : -1;
}

double metric_value_cols(const struct metric *m, const struct metric_cols *c,
			 const struct snapshot *s, uint64_t first, uint64_t n,
			 int *defined)
{
	double num = 0, den = 0;
	uint64_t z;

	for (z = first; z < first + n && z < s->nr_zones; z++) {
		num += snapshot_row(s, z)[c->num];
		if (c->den >= 0)
			den += snapshot_row(s, z)[c->den];
	}
	*defined = 1;
	if (!m->den)
		return num * m->scale;
	if (den == 0) {
		*defined = 0;
		return 0;
	}
	return num * m->scale / den;
}

double metric_value(const struct metric *m, const struct snapshot *s,
		    uint64_t first, uint64_t n, int *defined)
{
	struct metric_cols c;

	metric_columns(m, s, &c);
	return metric_value_cols(m, &c, s, first, n, defined);
}

void metric_format(const struct metric *m, double v, char *out, int outlen)
{
	switch (m->unit) {
	case MU_BYTES:
		fmt_bytes(out, outlen, v);
		break;
	case MU_NS:
		fmt_ns(out, outlen, v);
		break;
	case MU_PERCENT:
		snprintf(out, outlen, v > 0 && v < 10 ? "%.1f %%" : "%.0f %%", v);
		break;
	default:
		fmt_count(out, outlen, v);
	}
}
