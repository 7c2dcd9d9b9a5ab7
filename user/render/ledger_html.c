// SPDX-License-Identifier: GPL-2.0
/* zns-stat ledger report's page (ledger_html.h). */
#include <inttypes.h>
#include <stdio.h>

#include "lib/words.h"
#include "model/ledger_outliers.h"
#include "model/ledger_zones.h"
#include "render/heatmap.h"
#include "render/ledger_html.h"
#include "render/ledger_out.h"
#include "render/ledger_svg.h"
#include "render/report_html.h"

static void row(struct sbuf *b, const char *what, const char *v)
{
	sbuf_printf(b, "<tr><th>");
	sbuf_xml(b, what);
	sbuf_printf(b, "</th><td class=\"n\">");
	sbuf_xml(b, v);
	sbuf_printf(b, "</td></tr>\n");
}

static void number_row(struct sbuf *b, struct zero_rows *zero, const char *what,
		       uint64_t v)
{
	char num[24];

	if (!v) {
		zero_rows_add(zero, what);
		return;
	}
	snprintf(num, sizeof(num), "%" PRIu64, v);
	row(b, what, num);
}

/*
 * The lifetime's span and every namespace counter; those that are 0 are left
 * out, and said under the table.
 */
static void namespace_table(struct sbuf *b, const struct ledger *l)
{
	struct zero_rows zero = { .head = "<table>\n" };
	char v[32];
	int i;

	sbuf_printf(b, "<h2>Namespace</h2>\n");
	zero_rows_show(b, &zero);
	ledger_time(v, sizeof(v), l->first_seen);
	row(b, "first seen", v);
	ledger_time(v, sizeof(v), l->last_seen);
	row(b, "last seen", v);
	number_row(b, &zero, "folds", l->folds);
	number_row(b, &zero, "counter restarts", l->restarts);
	for (i = 0; i < LN_NR; i++)
		number_row(b, &zero, i < LN_LIFE ? disk_counter_noun(ledger_ns_names[i]) :
			   ledger_ns_names[i], l->ns_total[i]);
	zero_rows_said(b, &zero);
}

static void outliers_section(struct sbuf *b, const struct ledger_outliers *o)
{
	uint64_t i;

	sbuf_printf(b, "<h2>Reset outliers</h2>\n<p>Zones reset more than the mean + %d standard deviations and at least %dx the mean (mean %.2f, sd %.2f resets per zone): ",
		    OUTLIER_SDS, OUTLIER_TIMES_MEAN, o->mean, o->sd);
	if (!o->nr) {
		sbuf_printf(b, "none.</p>\n");
		return;
	}
	sbuf_printf(b, "%" PRIu64 ".</p>\n<table>\n<tr><th>zone</th><th>resets</th><th>x the mean</th></tr>\n",
		    o->nr);
	for (i = 0; i < o->nr; i++)
		sbuf_printf(b, "<tr><td class=\"n\">%" PRIu64 "</td><td class=\"n\">%" PRIu64 "</td><td class=\"n\">%.1f</td></tr>\n",
			    o->zones[i].zone, o->zones[i].resets,
			    o->zones[i].resets / o->mean);
	sbuf_printf(b, "</table>\n");
}

void ledger_report_html(struct sbuf *b, const struct ledger *l)
{
	struct ledger_outliers o;
	struct heatmap_geom g;
	struct snapshot s;
	char sub[512];
	int i;

	if (ledger_zone_snapshot(l, &s) || ledger_outliers(l, &o)) {
		snapshot_free(&s);
		b->oom = 1;
		return;
	}
	ledger_subtitle(l, sub, sizeof(sub));
	sbuf_printf(b, REPORT_HEAD "<title>zns-stat: ");
	sbuf_xml(b, l->disk);
	sbuf_printf(b, " lifetime</title>\n<style>%s</style>\n</head>\n<body>\n<h1>zns-stat: ", report_style);
	sbuf_xml(b, l->disk);
	sbuf_printf(b, " lifetime</h1>\n<p>");
	sbuf_xml(b, sub);
	sbuf_printf(b, "; identity ");
	sbuf_xml(b, l->identity);
	sbuf_printf(b, "</p>\n");
	namespace_table(b, l);
	outliers_section(b, &o);
	heatmap_geometry(l->nr_zones, HEATMAP_MAX_CELLS, &g);
	sbuf_printf(b, "<h2>Heatmaps</h2>\n<p>Zones run left to right, row by row: zone = row label + column label. ");
	if (g.zones_per_cell > 1)
		sbuf_printf(b, "Each cell sums %" PRIu64 " consecutive zones. ", g.zones_per_cell);
	sbuf_printf(b, "Grey is 0.</p>\n<div class=\"heatmaps\">\n");
	for (i = 0; i < LEDGER_NR_METRICS; i++) {
		sbuf_printf(b, "<figure id=\"%s\">\n", ledger_metrics[i].id);
		ledger_figure(b, l, &s, &o, &ledger_metrics[i], 0);
		sbuf_printf(b, "</figure>\n");
	}
	sbuf_printf(b, "</div>\n</body>\n</html>\n");
	ledger_outliers_free(&o);
	snapshot_free(&s);
}
