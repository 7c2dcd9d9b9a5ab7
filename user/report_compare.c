// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat report A.dat B.dat: two recorded runs side by side, one page:
 * each run's context, then every counter's total, the rates and the mean and
 * percentile latencies per operation for A and B, and B/A.
 */
#include <stdio.h>
#include <string.h>

#include "columns.h"
#include "datafile.h"
#include "report_html.h"

static const char style[] =
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:2em;color:#222;max-width:1100px}"
	"table{border-collapse:collapse;margin:0.5em 0 1.5em}"
	"td,th{border:1px solid #ccc;padding:3px 8px}td.n{text-align:right}"
	"th{background:#f0f0f0;text-align:left}";

struct cmp_value {
	double v;
	int have;	/* 0: the run has no such figure */
};

/* One row: the figure, A, B and B/A; fmt formats a value for people. */
static void cmp_row(struct sbuf *b, const char *what, struct cmp_value a,
		    struct cmp_value c, void (*fmt)(char *, size_t, double))
{
	char va[48] = "-", vb[48] = "-", ratio[32] = "-";

	if (a.have)
		fmt(va, sizeof(va), a.v);
	if (c.have)
		fmt(vb, sizeof(vb), c.v);
	if (a.have && c.have && a.v > 0)
		snprintf(ratio, sizeof(ratio), "%.3f", c.v / a.v);
	sbuf_printf(b, "<tr><td>");
	sbuf_xml(b, what);
	sbuf_printf(b, "</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td></tr>\n",
		    va, vb, ratio);
}

static void fmt_plain(char *out, size_t n, double v)
{
	snprintf(out, n, "%.0f", v);
}

static void fmt_seconds_h(char *out, size_t n, double v)
{
	snprintf(out, n, "%.1f s", v);
}

static void fmt_rate(char *out, size_t n, double v)
{
	snprintf(out, n, "%.1f/s", v);
}

static void fmt_bytes_rate(char *out, size_t n, double v)
{
	fmt_bytes(out, n, v);
	strncat(out, "/s", n - strlen(out) - 1);
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

/* The run's context: device, times, comment. */
static void run_table(struct sbuf *b, const char *name, const struct datafile *df,
		      const char *path)
{
	static const char * const keys[] = {
		"device", "model", "kernel", "start_time", "duration_s", "comment",
	};
	size_t i;
	const char *v;

	sbuf_printf(b, "<tr><th colspan=\"2\">run %s: ", name);
	sbuf_xml(b, strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	sbuf_printf(b, "</th></tr>\n");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		v = datafile_get(df, keys[i]);
		sbuf_printf(b, "<tr><td>%s</td><td>", keys[i]);
		sbuf_xml(b, v && *v ? v : "-");
		sbuf_printf(b, "</td></tr>\n");
	}
}

/* Every column that counts, in A's order then B's others. */
static void counters(struct sbuf *b, const struct datafile *a,
		     const struct datafile *c)
{
	const struct datafile *runs[] = { a, c };
	const struct snapshot *s;
	struct cmp_value va, vc;
	int r, k;

	for (r = 0; r < 2; r++) {
		s = &runs[r]->zones;
		for (k = 0; k < s->nr_columns; k++) {
			const char *col = s->columns[k];

			if (column_kind(col) != COL_COUNTER || column_unit(col) == UNIT_NS ||
			    column_is_status(col) ||
			    (r && snapshot_column(&a->zones, col) >= 0))
				continue;
			va = total(a, col);
			vc = total(c, col);
			if (column_unit(col) == UNIT_SECTORS) {
				va.v *= 512;
				vc.v *= 512;
				cmp_row(b, col, va, vc, fmt_bytes);
			} else {
				cmp_row(b, col, va, vc, fmt_plain);
			}
		}
	}
}

/* Per data operation: rates; per operation: mean latency and percentiles. */
static void rates_and_latency(struct sbuf *b, const struct datafile *a,
			      const struct datafile *c)
{
	static const struct { const char *op, *count, *sectors; } io[] = {
		{ "read", "reads", "read_sectors" },
		{ "write", "writes", "write_sectors" },
		{ "append", "appends", "append_sectors" },
	};
	static const char * const ops[] = {
		"read", "write", "append", "reset", "finish", "open", "close",
		"write_zeroes",
	};
	const struct datafile *runs[] = { a, c };
	struct cmp_value v[2];
	char what[64], col[48], cnt[48];
	size_t i;
	int r, q;

	for (i = 0; i < sizeof(io) / sizeof(io[0]); i++) {
		snprintf(what, sizeof(what), "%s commands per second", io[i].op);
		cmp_row(b, what, per_second(total(a, io[i].count), a, 1),
			per_second(total(c, io[i].count), c, 1), fmt_rate);
		snprintf(what, sizeof(what), "%s data per second", io[i].op);
		cmp_row(b, what, per_second(total(a, io[i].sectors), a, 512),
			per_second(total(c, io[i].sectors), c, 512), fmt_bytes_rate);
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		snprintf(col, sizeof(col), "%s_lat_sum_ns", ops[i]);
		if (latency_count_column(col, cnt, sizeof(cnt)))
			continue;
		for (r = 0; r < 2; r++) {
			struct cmp_value n = total(runs[r], cnt), sum = total(runs[r], col);

			v[r].have = n.have && sum.have && n.v > 0;
			v[r].v = v[r].have ? sum.v / n.v : 0;
		}
		snprintf(what, sizeof(what), "%s mean latency", ops[i]);
		if (v[0].have || v[1].have)
			cmp_row(b, what, v[0], v[1], fmt_ns);
		for (q = 0; q < 3; q++) {
			uint64_t n[2], max;
			int exact = 1;

			for (r = 0; r < 2; r++) {
				v[r].v = (double)detail_lat_bound(&runs[r]->detail, ops[i],
								  q == 1 ? 0.99 : 0.5, &n[r]);
				v[r].have = n[r] > 0;
				if (q == 2) {
					exact &= !v[r].have ||
						 detail_lat_max(&runs[r]->detail, ops[i], &max);
					v[r].v = (double)max;
				}
			}
			if (q < 2)
				snprintf(what, sizeof(what), "%s latency p%d (bucket bound, at most)",
					 ops[i], q ? 99 : 50);
			else
				snprintf(what, sizeof(what), "%s latency max%s", ops[i],
					 exact ? "" : " (at most)");
			if (v[0].have || v[1].have)
				cmp_row(b, what, v[0], v[1], fmt_ns);
		}
	}
}

void report_compare_html(struct sbuf *b, const struct datafile *a,
			 const char *path_a, const struct datafile *c,
			 const char *path_c)
{
	sbuf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>zns-stat: two runs</title>\n<style>%s</style>\n</head>\n<body>\n<h1>zns-stat: two runs side by side</h1>\n",
		    style);
	sbuf_printf(b, "<p>Run A and run B, their totals and rates, and B/A (above 1: B did more, or took longer). Rates are over each run's duration; latency percentiles are upper bounds of the module's buckets (a 16th of a power of two wide; log2, twice the figure at most, in recordings of older modules), the maximum the module's exact one (\"at most\": a run that did not pass the maximum before it, or a recording without one).</p>\n<h2>Runs</h2>\n<table>\n");
	run_table(b, "A", a, path_a);
	run_table(b, "B", c, path_c);
	sbuf_printf(b, "</table>\n<h2>Rates and latency</h2>\n<table><tr><th>figure</th><th>A</th><th>B</th><th>B/A</th></tr>\n");
	cmp_row(b, "duration", (struct cmp_value){ datafile_get_double(a, "duration_s"), 1 },
		(struct cmp_value){ datafile_get_double(c, "duration_s"), 1 }, fmt_seconds_h);
	rates_and_latency(b, a, c);
	sbuf_printf(b, "</table>\n<h2>Totals</h2>\n<table><tr><th>counter</th><th>A</th><th>B</th><th>B/A</th></tr>\n");
	counters(b, a, c);
	sbuf_printf(b, "</table>\n</body>\n</html>\n");
}
