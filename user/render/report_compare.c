// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat report A.dat B.dat: two recorded runs side by side, one page:
 * each run's context in two columns, then the rates and the mean and
 * percentile latencies per operation, every counter's total, for A and B
 * and B/A, and each heatmap of A and B on one colour scale beside the
 * difference B - A. Runs of different geometry are compared in totals only,
 * and the page says why.
 */
#include <stdio.h>
#include <string.h>

#include "model/detail_model.h"
#include "model/metrics.h"
#include "render/heatmap.h"
#include "render/plot.h"
#include "render/report_html.h"
#include "source/columns.h"
#include "source/datafile.h"

static const char style[] =
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:2em;color:#222;max-width:1300px}"
	"table{border-collapse:collapse;margin:0.5em 0 1.5em}"
	"td,th{border:1px solid #ccc;padding:3px 8px}td.n{text-align:right}"
	"th{background:#f0f0f0;text-align:left}"
	"td.differs{color:#b2182b;font-weight:bold}"
	"p.warn{background:#fde8e8;border-left:4px solid #b2182b;padding:0.5em 0.8em}"
	"svg{max-width:100%;height:auto}"
	/* a metric's three heatmaps in one row: A, B, B - A */
	"div.heatmaps{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:1em}"
	"div.heatmaps figure{margin:0}";

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
	/* with a zero on either side a ratio says nothing (0 or infinite) */
	if (a.have && c.have && a.v > 0 && c.v > 0)
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

/* One row of the runs' context: A and B beside each other, told apart when they differ. */
static void run_row(struct sbuf *b, const char *what, const char *va,
		    const char *vc, int flag)
{
	const char *cls = flag && strcmp(va, vc) ? " class=\"differs\"" : "";

	sbuf_printf(b, "<tr><td>%s</td><td%s>", what, cls);
	sbuf_xml(b, *va ? va : "-");
	sbuf_printf(b, "</td><td%s>", cls);
	sbuf_xml(b, *vc ? vc : "-");
	sbuf_printf(b, "</td></tr>\n");
}

static const char *meta_or_empty(const struct datafile *df, const char *key)
{
	const char *v = datafile_get(df, key);

	return v ? v : "";
}

/* The runs' context, A and B in two columns: file, device, geometry, times, comment. */
static void runs_table(struct sbuf *b, const struct datafile *a,
		       const char *path_a, const struct datafile *c,
		       const char *path_c)
{
	static const char * const keys[] = {
		"device", "model", "serial", "firmware", "kernel", "start_time", "comment",
	};
	const struct datafile *runs[] = { a, c };
	char v[2][64];
	size_t i;
	int r;

	sbuf_printf(b, "<table><tr><th></th><th>A</th><th>B</th></tr>\n");
	run_row(b, "data file", strrchr(path_a, '/') ? strrchr(path_a, '/') + 1 : path_a,
		strrchr(path_c, '/') ? strrchr(path_c, '/') + 1 : path_c, 0);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		run_row(b, keys[i], meta_or_empty(a, keys[i]), meta_or_empty(c, keys[i]), 0);
	for (r = 0; r < 2; r++)
		snprintf(v[r], sizeof(v[r]), "%.1f s", datafile_get_double(runs[r], "duration_s"));
	run_row(b, "duration", v[0], v[1], 0);
	for (r = 0; r < 2; r++)
		snprintf(v[r], sizeof(v[r]), "%llu", (unsigned long long)runs[r]->zones.nr_zones);
	run_row(b, "zones", v[0], v[1], 1);
	for (r = 0; r < 2; r++)
		fmt_bytes(v[r], sizeof(v[r]), summary_u64(runs[r], "zone_sectors") * 512.0);
	run_row(b, "zone size", v[0], v[1], 1);
	for (r = 0; r < 2; r++)
		snprintf(v[r], sizeof(v[r]), "%llu bytes", (unsigned long long)summary_u64(runs[r], "lba_bytes"));
	run_row(b, "LBA size", v[0], v[1], 1);
	sbuf_printf(b, "</table>\n");
}

/*
 * Per metric both runs have: A and B on one colour scale, so a colour means
 * the same amount in both, and B - A, red where B has more, blue less.
 */
static void heatmaps(struct sbuf *b, const struct datafile *a,
		     const struct datafile *c)
{
	const struct datafile *runs[] = { a, c };
	struct colour_scale cs;
	char title[256], note[256], id[64];
	int i, r;

	sbuf_printf(b, "<div class=\"heatmaps\">\n");
	for (i = 0; i < nr_metrics; i++) {
		const struct metric *m = &metrics[i];

		if (!metric_available(m, &a->zones) || !metric_available(m, &c->zones) ||
		    heatmap_pair_scale(&a->zones, &c->zones, m, &cs))
			continue;
		for (r = 0; r < 2; r++) {
			snprintf(title, sizeof(title), "%s: %s", r ? "B" : "A", m->title);
			plot_note(runs[r], m, note, sizeof(note));
			snprintf(id, sizeof(id), "%s-%s", r ? "b" : "a", m->id);
			sbuf_printf(b, "<figure id=\"%s\">\n", id);
			heatmap_svg_scaled(b, &runs[r]->zones, m, &cs, id, title, NULL, note);
			sbuf_printf(b, "</figure>\n");
		}
		snprintf(title, sizeof(title), "B - A: %s", m->title);
		sbuf_printf(b, "<figure id=\"diff-%s\">\n", m->id);
		heatmap_diff_svg(b, &a->zones, &c->zones, m, title, NULL);
		sbuf_printf(b, "</figure>\n");
	}
	sbuf_printf(b, "</div>\n");
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
	char why[256];
	int differ = report_compare_mismatch(a, c, why, sizeof(why));

	sbuf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>zns-stat: two runs</title>\n<style>%s</style>\n</head>\n<body>\n<h1>zns-stat: two runs side by side</h1>\n",
		    style);
	if (differ) {
		sbuf_printf(b, "<p class=\"warn\">The runs differ in geometry: ");
		sbuf_xml(b, why);
		sbuf_printf(b, ". %s</p>\n", differ & REPORT_ZONES_DIFFER ?
			    "Their zones are not the same zones: no zone-by-zone heatmaps; totals, rates and latency are compared, in bytes." :
			    "Totals are in bytes, but sizes and alignment mean other things on each.");
	}
	sbuf_printf(b, "<p>Run A and run B, their totals and rates, and B/A (above 1: B did more, or took longer; \"-\" where either is 0 or missing). Rates are over each run's duration; latency percentiles are upper bounds of the module's buckets (a 16th of a power of two wide; log2, twice the figure at most, in recordings of older modules), the maximum the module's exact one (\"at most\": a run that did not pass the maximum before it, or a recording without one).</p>\n<h2>Runs</h2>\n");
	runs_table(b, a, path_a, c, path_c);
	sbuf_printf(b, "<h2>Rates and latency</h2>\n<table><tr><th>figure</th><th>A</th><th>B</th><th>B/A</th></tr>\n");
	cmp_row(b, "duration", (struct cmp_value){ datafile_get_double(a, "duration_s"), 1 },
		(struct cmp_value){ datafile_get_double(c, "duration_s"), 1 }, fmt_seconds_h);
	rates_and_latency(b, a, c);
	sbuf_printf(b, "</table>\n<h2>Totals</h2>\n<table><tr><th>counter</th><th>A</th><th>B</th><th>B/A</th></tr>\n");
	counters(b, a, c);
	sbuf_printf(b, "</table>\n<h2>Heatmaps</h2>\n");
	if (differ & REPORT_ZONES_DIFFER) {
		sbuf_printf(b, "<p>None: zone by zone needs the same zone count and size (");
		sbuf_xml(b, why);
		sbuf_printf(b, ").</p>\n");
	} else {
		sbuf_printf(b, "<p>Per metric, A and B on one colour scale (a colour is the same amount in both), then B - A: red where B has more, blue where it has less, grey where they are equal (or, for an average, where either run has no command). Zones run left to right, row by row: zone = row label + column label.</p>\n");
		heatmaps(b, a, c);
	}
	sbuf_printf(b, "</body>\n</html>\n");
}
