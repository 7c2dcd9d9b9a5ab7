// SPDX-License-Identifier: GPL-2.0
/*
 * Two runs' figures (compare.h): rates over each run's duration, mean
 * latency from the sums, percentiles as bucket bounds and the exact
 * maximum from the run's histograms, and every counter's total.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "model/compare.h"
#include "model/detail_model.h"
#include "source/columns.h"
#include "source/datafile.h"

static uint64_t summary_u64(const struct datafile *df, const char *key)
{
	uint64_t v = 0;

	snapshot_summary_u64(&df->zones, key, &v);
	return v;
}

int report_compare_mismatch(const struct datafile *a, const struct datafile *c,
			    char *why, size_t len)
{
	uint64_t za = summary_u64(a, "zone_sectors"), zc = summary_u64(c, "zone_sectors");
	uint64_t la = summary_u64(a, "lba_bytes"), lc = summary_u64(c, "lba_bytes");
	char sa[32], sc[32];
	size_t n = 0;
	int ret = 0;

	why[0] = '\0';
	if (a->zones.nr_zones != c->zones.nr_zones) {
		n += snprintf(why + n, len - n, "zone count %llu vs %llu, ",
			      (unsigned long long)a->zones.nr_zones,
			      (unsigned long long)c->zones.nr_zones);
		ret |= REPORT_ZONES_DIFFER;
	}
	if (za != zc && n < len) {
		fmt_bytes(sa, sizeof(sa), za * 512.0);
		fmt_bytes(sc, sizeof(sc), zc * 512.0);
		n += snprintf(why + n, len - n, "zone size %s vs %s, ", sa, sc);
		ret |= REPORT_ZONES_DIFFER;
	}
	if (la != lc && n < len) {
		n += snprintf(why + n, len - n, "LBA size %llu vs %llu bytes, ",
			      (unsigned long long)la, (unsigned long long)lc);
		ret |= REPORT_LBA_DIFFERS;
	}
	if (n >= 2 && n < len)
		why[n - 2] = '\0';	/* the last ", " */
	return ret;
}

static const struct {
	const char *key;
	const char *meta;	/* the data file's metadata key; NULL: a number */
	int geometry;
} contexts[CTX_COUNT] = {
	[CTX_DEVICE] = { "device", "device", 0 },
	[CTX_MODEL] = { "model", "model", 0 },
	[CTX_SERIAL] = { "serial", "serial", 0 },
	[CTX_FIRMWARE] = { "firmware", "firmware", 0 },
	[CTX_KERNEL] = { "kernel", "kernel", 0 },
	[CTX_START_TIME] = { "start_time", "start_time", 0 },
	[CTX_COMMENT] = { "comment", "comment", 0 },
	[CTX_DURATION_S] = { "duration_s", NULL, 0 },
	[CTX_ZONES] = { "zones", NULL, 1 },
	[CTX_ZONE_BYTES] = { "zone_bytes", NULL, 1 },
	[CTX_LBA_BYTES] = { "lba_bytes", NULL, 1 },
};

const char *cmp_context_key(enum cmp_context c)
{
	return contexts[c].key;
}

int cmp_context_geometry(enum cmp_context c)
{
	return contexts[c].geometry;
}

int cmp_context_value(const struct datafile *df, enum cmp_context c,
		      const char **text, double *num)
{
	*text = NULL;
	*num = 0;
	if (contexts[c].meta) {
		*text = datafile_get(df, contexts[c].meta);
		return 1;
	}
	if (c == CTX_DURATION_S)
		*num = datafile_get_double(df, "duration_s");
	else if (c == CTX_ZONES)
		*num = (double)df->zones.nr_zones;
	else if (c == CTX_ZONE_BYTES)
		*num = summary_u64(df, "zone_sectors") * 512.0;
	else
		*num = (double)summary_u64(df, "lba_bytes");
	return 0;
}

int cmp_ratio(const struct cmp_figure *f, double *ratio)
{
	/* with a zero on either side a ratio says nothing (0 or infinite) */
	if (!f->a.have || !f->b.have || f->a.v <= 0 || f->b.v <= 0)
		return 0;
	*ratio = f->b.v / f->a.v;
	return 1;
}

static struct cmp_value total(const struct datafile *df, const char *col)
{
	struct cmp_value r = { 0, snapshot_column(&df->zones, col) >= 0 };

	if (r.have)
		r.v = (double)snapshot_total(&df->zones, col);
	return r;
}

static struct cmp_value per_second(struct cmp_value v, const struct datafile *df,
				   double scale)
{
	double s = datafile_get_double(df, "duration_s");

	v.have = v.have && s > 0;
	v.v = v.have ? v.v * scale / s : 0;
	return v;
}

/* One more figure; its key and label from printf formats of the same arguments. */
static struct cmp_figure *add(struct compare *cmp, enum cmp_section section,
			      enum cmp_unit unit, struct cmp_value a,
			      struct cmp_value b, const char *key,
			      const char *label, const char *op)
{
	struct cmp_figure *f, *grown;

	if (cmp->nr < 0)
		return NULL;	/* out of memory before */
	grown = realloc(cmp->fig, (cmp->nr + 1) * sizeof(*f));
	if (!grown) {
		free(cmp->fig);
		cmp->fig = NULL;
		cmp->nr = -1;
		return NULL;
	}
	cmp->fig = grown;
	f = &cmp->fig[cmp->nr++];
	memset(f, 0, sizeof(*f));
	snprintf(f->key, sizeof(f->key), key, op);
	snprintf(f->label, sizeof(f->label), label, op);
	f->unit = unit;
	f->section = section;
	f->a = a;
	f->b = b;
	return f;
}

static const char * const lat_ops[] = {
	"read", "write", "append", "reset", "finish", "open", "close",
	"write_zeroes",
};

/* Per operation: mean latency from the sums, p50 and p99 bounds, the maximum. */
static void latency(struct compare *cmp, const struct datafile * const *runs,
		    const char *op)
{
	struct cmp_value v[2];
	struct cmp_figure *f;
	char col[48], cnt[48];
	uint64_t n;
	int r, exact[2] = { 1, 1 };

	snprintf(col, sizeof(col), "%s_lat_sum_ns", op);
	if (latency_count_column(col, cnt, sizeof(cnt)))
		return;
	for (r = 0; r < 2; r++) {
		struct cmp_value c = total(runs[r], cnt), sum = total(runs[r], col);

		v[r].have = c.have && sum.have && c.v > 0;
		v[r].v = v[r].have ? sum.v / c.v : 0;
	}
	if (v[0].have || v[1].have)
		add(cmp, CMP_RATES, CMP_NS, v[0], v[1], "%s_latency_mean_ns",
		    "%s mean latency", op);
	for (r = 0; r < 2; r++) {
		v[r].v = (double)detail_lat_bound(&runs[r]->detail, op, 0.5, &n);
		v[r].have = n > 0;
	}
	if ((v[0].have || v[1].have) &&
	    (f = add(cmp, CMP_RATES, CMP_NS, v[0], v[1], "%s_latency_p50_le_ns",
		     "%s latency p50 (bucket bound, at most)", op)))
		f->bound = 1;
	for (r = 0; r < 2; r++) {
		v[r].v = (double)detail_lat_bound(&runs[r]->detail, op, 0.99, &n);
		v[r].have = n > 0;
	}
	if ((v[0].have || v[1].have) &&
	    (f = add(cmp, CMP_RATES, CMP_NS, v[0], v[1], "%s_latency_p99_le_ns",
		     "%s latency p99 (bucket bound, at most)", op)))
		f->bound = 1;
	for (r = 0; r < 2; r++) {
		uint64_t max = 0;

		if (v[r].have)
			exact[r] = detail_lat_max(&runs[r]->detail, op, &max);
		v[r].v = (double)max;
	}
	if (!v[0].have && !v[1].have)
		return;
	/* the module's exact maximum; "at most" where either run has only a bound */
	f = add(cmp, CMP_RATES, CMP_NS, v[0], v[1], "%s_latency_max_ns",
		exact[0] && exact[1] ? "%s latency max" : "%s latency max (at most)", op);
	if (f)
		f->bound = !exact[0] || !exact[1];
}

/* Per data operation: commands and data per second; per operation: latency. */
static void rates_and_latency(struct compare *cmp, const struct datafile *a,
			      const struct datafile *b)
{
	static const struct { const char *op, *count, *sectors; } io[] = {
		{ "read", "reads", "read_sectors" },
		{ "write", "writes", "write_sectors" },
		{ "append", "appends", "append_sectors" },
	};
	const struct datafile *runs[] = { a, b };
	size_t i;

	add(cmp, CMP_RATES, CMP_SECONDS,
	    (struct cmp_value){ datafile_get_double(a, "duration_s"), 1 },
	    (struct cmp_value){ datafile_get_double(b, "duration_s"), 1 },
	    "duration_s", "duration", "");
	for (i = 0; i < sizeof(io) / sizeof(io[0]); i++) {
		add(cmp, CMP_RATES, CMP_PER_SECOND,
		    per_second(total(a, io[i].count), a, 1),
		    per_second(total(b, io[i].count), b, 1),
		    "%s_commands_per_s", "%s commands per second", io[i].op);
		add(cmp, CMP_RATES, CMP_BYTES_PER_SECOND,
		    per_second(total(a, io[i].sectors), a, 512),
		    per_second(total(b, io[i].sectors), b, 512),
		    "%s_bytes_per_s", "%s data per second", io[i].op);
	}
	for (i = 0; i < sizeof(lat_ops) / sizeof(lat_ops[0]); i++)
		latency(cmp, runs, lat_ops[i]);
}

/* Every column that counts, in A's order then B's others. */
static void counters(struct compare *cmp, const struct datafile *a,
		     const struct datafile *b)
{
	const struct datafile *runs[] = { a, b };
	const struct snapshot *s;
	struct cmp_figure *f;
	size_t len;
	int r, k;

	for (r = 0; r < 2; r++) {
		s = &runs[r]->zones;
		for (k = 0; k < s->nr_columns; k++) {
			const char *col = s->columns[k];

			if (column_kind(col) != COL_COUNTER || column_unit(col) == UNIT_NS ||
			    column_is_status(col) ||
			    (r && snapshot_column(&a->zones, col) >= 0))
				continue;
			f = add(cmp, CMP_TOTALS,
				column_unit(col) == UNIT_SECTORS ? CMP_SECTORS : CMP_COUNT,
				total(a, col), total(b, col), "%s", "%s", col);
			/* the label says what the cell holds: bytes (the key: sectors) */
			len = strlen(col);
			if (f && column_unit(col) == UNIT_SECTORS && len > 8 &&
			    !strcmp(col + len - 8, "_sectors"))
				snprintf(f->label, sizeof(f->label), "%.*s_bytes",
					 (int)(len - 8), col);
		}
	}
}

int compare_runs(struct compare *cmp, const struct datafile *a,
		 const struct datafile *b)
{
	memset(cmp, 0, sizeof(*cmp));
	rates_and_latency(cmp, a, b);
	counters(cmp, a, b);
	if (cmp->nr < 0) {
		cmp->nr = 0;
		return -1;
	}
	return 0;
}

void compare_free(struct compare *cmp)
{
	free(cmp->fig);
	memset(cmp, 0, sizeof(*cmp));
}
