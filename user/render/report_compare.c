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

#include "model/compare.h"
#include "model/metrics.h"
#include "render/compare_out.h"
#include "render/heatmap.h"
#include "render/plot.h"
#include "render/report_html.h"
#include "source/columns.h"
#include "source/datafile.h"

static const char style[] =
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:2em;color:#222;max-width:1300px}"
	/* a table wider than a phone scrolls in its own box, not the page */
	"table{border-collapse:collapse;margin:0.5em 0 1.5em;display:block;max-width:100%;overflow-x:auto}"
	"td,th{border:1px solid #ccc;padding:3px 8px}td.n{text-align:right}"
	"th{background:#f0f0f0;text-align:left}"
	"td.differs{color:#b2182b;font-weight:bold}"
	"p.warn{background:#fde8e8;border-left:4px solid #b2182b;padding:0.5em 0.8em}"
	"svg{max-width:100%;height:auto}"
	/* a metric's three heatmaps in one row: A, B, B - A */
	"div.heatmaps{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:1em}"
	"div.heatmaps figure{margin:0}"
	/* on a phone one a row: three would be a third of its width each */
	"@media (max-width:600px){body{margin:0.8em}div.heatmaps{grid-template-columns:minmax(0,1fr)}}";

/* One row: the figure, A, B and B/A ("-" where either is missing or 0). */
static void cmp_row(struct sbuf *b, const struct cmp_figure *f)
{
	char va[48], vb[48], ratio[48];

	cmp_figure_text(f, va, vb, ratio, sizeof(va));
	sbuf_printf(b, "<tr><td>");
	sbuf_xml(b, f->label);
	sbuf_printf(b, "</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td></tr>\n",
		    va, vb, ratio);
}

/* A section's rows; those 0 or missing in both runs are said under the table. */
static void cmp_rows(struct sbuf *b, const struct compare *cmp,
		     enum cmp_section section, const char *head)
{
	struct zero_rows zero = { .head = head };
	const struct cmp_figure *f;
	int i;

	for (i = 0; i < cmp->nr; i++) {
		f = &cmp->fig[i];
		if (f->section != section)
			continue;
		if ((!f->a.have || !f->a.v) && (!f->b.have || !f->b.v)) {
			zero_rows_add(&zero, f->label);
			continue;
		}
		zero_rows_show(b, &zero);
		cmp_row(b, f);
	}
	zero_rows_said(b, &zero);
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

/* The runs' context, A and B in two columns: file, device, geometry, times, comment. */
static void runs_table(struct sbuf *b, const struct datafile *a,
		       const char *path_a, const struct datafile *c,
		       const char *path_c)
{
	char va[128], vc[128];
	int k;

	sbuf_printf(b, "<table><tr><th></th><th>A</th><th>B</th></tr>\n");
	run_row(b, "data file", cmp_data_file(path_a), cmp_data_file(path_c), 0);
	for (k = 0; k < CTX_COUNT; k++) {
		cmp_context_text(va, sizeof(va), a, k);
		cmp_context_text(vc, sizeof(vc), c, k);
		run_row(b, cmp_context_label(k), va, vc, cmp_context_geometry(k));
	}
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

void report_compare_html(struct sbuf *b, const struct datafile *a,
			 const char *path_a, const struct datafile *c,
			 const char *path_c)
{
	char why[256];
	int differ = report_compare_mismatch(a, c, why, sizeof(why));
	struct compare cmp;

	if (compare_runs(&cmp, a, c)) {
		b->oom = 1;
		return;
	}

	sbuf_printf(b, REPORT_HEAD "<title>zns-stat: two runs</title>\n<style>%s</style>\n</head>\n<body>\n<h1>zns-stat: two runs side by side</h1>\n",
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
	sbuf_printf(b, "<h2>Rates and latency</h2>\n");
	cmp_rows(b, &cmp, CMP_RATES, "<table><tr><th>figure</th><th>A</th><th>B</th><th>B/A</th></tr>\n");
	sbuf_printf(b, "<h2>Totals</h2>\n");
	cmp_rows(b, &cmp, CMP_TOTALS, "<table><tr><th>counter</th><th>A</th><th>B</th><th>B/A</th></tr>\n");
	sbuf_printf(b, "<h2>Heatmaps</h2>\n");
	if (differ & REPORT_ZONES_DIFFER) {
		sbuf_printf(b, "<p>None: zone by zone needs the same zone count and size (");
		sbuf_xml(b, why);
		sbuf_printf(b, ").</p>\n");
	} else {
		sbuf_printf(b, "<p>Per metric, A and B on one colour scale (a colour is the same amount in both), then B - A: red where B has more, blue where it has less, grey where they are equal (or, for an average, where either run has no command). Zones run left to right, row by row: zone = row label + column label.</p>\n");
		heatmaps(b, a, c);
	}
	sbuf_printf(b, "</body>\n</html>\n");
	compare_free(&cmp);
}
