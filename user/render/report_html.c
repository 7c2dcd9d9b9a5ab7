// SPDX-License-Identifier: GPL-2.0
/*
 * One HTML page for a recorded run: metadata, comment, a summary table, the
 * busiest zones and every heatmap inline. No script, no external file: it
 * can be mailed or attached to a bug as it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/detail_model.h"
#include "model/metrics.h"
#include "model/owner_map.h"
#include "model/view.h"
#include "render/detail_out.h"
#include "render/heatmap.h"
#include "render/plot.h"
#include "render/report_html.h"
#include "render/timeline_svg.h"
#include "source/columns.h"
#include "source/datafile.h"

#define TOP_ZONES	10

/*
 * A recorded run's page up to its heading's disk name, left open for the
 * rest of the heading: the title (disk and start time), the style.
 */
void report_page_start(struct sbuf *b, const struct datafile *df)
{
	sbuf_printf(b, REPORT_HEAD "<title>zns-stat: ");
	sbuf_xml(b, df->zones.disk);
	sbuf_printf(b, " ");
	sbuf_xml(b, datafile_get(df, "start_time"));
	sbuf_printf(b, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>zns-stat: ", report_style);
	sbuf_xml(b, df->zones.disk);
}

const char report_style[] =
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:2em;color:#222;max-width:1100px}"
	/* a table wider than the window scrolls in its own box, not the page */
	"table{border-collapse:collapse;margin:0.5em 0 1.5em;display:block;max-width:100%;overflow-x:auto}"
	/* the busiest zones' numbers: past the text's width where the window has room */
	"table.zones{width:max-content;max-width:calc(100vw - 5em)}"
	"td,th{border:1px solid #ccc;padding:3px 8px}td.n{text-align:right}"
	"th{background:#f0f0f0;text-align:left}"
	"pre{background:#f6f6f6;padding:0.8em;white-space:pre-wrap;overflow-wrap:anywhere}"
	"figure{margin:1.5em 0}svg{max-width:100%;height:auto}"
	"div.wide{overflow-x:auto}"
	/* heatmaps side by side, as many as fit (two in the page's width; one on a phone) */
	"div.heatmaps{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(480px,100%),1fr));gap:1em 1.5em}"
	"div.heatmaps figure{margin:0}"
	"@media (max-width:600px){body{margin:0.8em}table.zones{max-width:100%}}";

/* The busiest zones' table: as wide as a terminal of this many characters. */
#define REPORT_TABLE_CHARS	120

/* Their names up to this many; beyond, a line of names says little: the count. */
#define ZERO_ROWS_NAMED	10

void zero_rows_add(struct zero_rows *z, const char *name)
{
	if (z->n++)
		sbuf_printf(&z->names, ", ");
	sbuf_xml(&z->names, name);
}

void zero_rows_show(struct sbuf *b, struct zero_rows *z)
{
	if (!z->shown++)
		sbuf_printf(b, "%s", z->head);
}

void zero_rows_said(struct sbuf *b, struct zero_rows *z)
{
	if (z->shown)
		sbuf_printf(b, "</table>\n");
	if (z->n)
		sbuf_printf(b, "<p class=\"left\">(%d %s%s, all 0%s%s)</p>\n",
			    z->n, z->shown ? "more " : "", plural(z->n, "row", "rows"),
			    z->n <= ZERO_ROWS_NAMED ? ": " : "",
			    z->n <= ZERO_ROWS_NAMED ? z->names.s : "");
	if (z->names.oom)
		b->oom = 1;
	sbuf_free(&z->names);
	z->n = z->shown = 0;
}

static void row(struct sbuf *b, const char *what, const char *v1,
		const char *v2, const char *v3)
{
	sbuf_printf(b, "<tr><td>");
	sbuf_xml(b, what);
	sbuf_printf(b, "</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td></tr>\n",
		    v1, v2, v3);
}

/* Per operation: commands, data, average size; per zone management op: count. */
static void summary_table(struct sbuf *b, const struct datafile *df)
{
	static const struct { const char *what, *count, *sectors; } io[] = {
		{ "reads", "reads", "read_sectors" },
		{ "writes", "writes", "write_sectors" },
		{ "zone appends", "appends", "append_sectors" },
	};
	const struct snapshot *s = &df->zones;
	struct op_group g[MAX_OP_GROUPS];
	struct zero_rows zero = { 0 };
	char a[48], c[48], d[64];
	uint64_t n, sec, v, z, lo = 0, hi = 0;
	int exact;
	size_t i;
	int k, ng;

	zero.head = "<table><tr><th>operation</th><th>commands</th><th>data</th><th>average size</th></tr>\n";
	sbuf_printf(b, "<h2>Summary</h2>\n");
	for (i = 0; i < sizeof(io) / sizeof(io[0]); i++) {
		if (snapshot_column(s, io[i].count) < 0)
			continue;
		n = snapshot_total(s, io[i].count);
		sec = snapshot_total(s, io[i].sectors);
		if (!n && !sec) {
			zero_rows_add(&zero, io[i].what);
			continue;
		}
		snprintf(a, sizeof(a), "%llu", (unsigned long long)n);
		fmt_bytes_cell(c, sizeof(c), sec * 512.0);
		if (n)
			fmt_bytes_cell(d, sizeof(d), sec * 512.0 / n);
		else
			snprintf(d, sizeof(d), "-");
		zero_rows_show(b, &zero);
		row(b, io[i].what, a, c, d);
	}
	zero_rows_said(b, &zero);
	zero.head = "<table><tr><th>zone management</th><th>count</th><th>mean latency</th><th>min / max latency</th></tr>\n";
	ng = op_groups((const char * const *)s->columns, s->nr_columns, g, MAX_OP_GROUPS);
	for (k = 0; k < s->nr_columns; k++) {
		const char *col = s->columns[k];
		const struct op_group *grp = op_group_of(g, ng, k);

		if (column_kind(col) != COL_COUNTER || column_unit(col) ||
		    !strcmp(col, "reads") || !strcmp(col, "writes") ||
		    !strcmp(col, "appends"))
			continue;
		n = snapshot_total(s, col);
		if (!n) {	/* no command: no latency either */
			zero_rows_add(&zero, col);
			continue;
		}
		snprintf(a, sizeof(a), "%llu", (unsigned long long)n);
		snprintf(c, sizeof(c), "-");
		snprintf(d, sizeof(d), "-");
		/* "resets" has reset_lat_*_ns: its mean, min and max */
		if (grp && grp->count == (int)k && n) {
			fmt_ns_cell(c, sizeof(c), (double)snapshot_total(s, s->columns[grp->lat_sum]) / n);
			lo = hi = 0;
			for (z = 0; z < s->nr_zones; z++) {
				v = grp->lat_min >= 0 ? snapshot_row(s, z)[grp->lat_min] : 0;
				if (v && (!lo || v < lo))
					lo = v;
				v = grp->lat_max >= 0 ? snapshot_row(s, z)[grp->lat_max] : 0;
				if (v > hi)
					hi = v;
			}
			/*
			 * The namespace's exact maximum, select-all commands too;
			 * else a bound: the zones' maxima are theirs since the
			 * module counted them, not the run's.
			 */
			exact = detail_lat_max(&df->detail, grp->op, &v);
			if (exact || (v && v < hi))
				hi = v;
			if (hi) {
				char l1[24], l2[24];

				fmt_ns_cell(l1, sizeof(l1), lo);
				fmt_ns_cell(l2, sizeof(l2), hi);
				snprintf(d, sizeof(d), "%s / %s%s", l1, exact ? "" : "≤", l2);
			}
		}
		zero_rows_show(b, &zero);
		row(b, col, a, c, d);
	}
	for (k = 0; k < s->nr_summary; k++) {
		if (!summary_disk_counter(s, s->summary[k].key))
			continue;
		if (!strcmp(s->summary[k].value, "0")) {
			zero_rows_add(&zero, disk_counter_noun(s->summary[k].key));
		} else {
			zero_rows_show(b, &zero);
			row(b, disk_counter_noun(s->summary[k].key),
			    s->summary[k].value, "-", "-");
		}
	}
	zero_rows_said(b, &zero);
}

static void busiest_table(struct sbuf *b, const struct datafile *df)
{
	const struct snapshot *s = &df->zones;
	struct view_opts o = { .all = 0, .max_zones = TOP_ZONES };
	uint64_t nr, omitted, k, *zones = view_zones(s, &o, &nr, &omitted);
	struct table_col t[SNAPSHOT_MAX_COLUMNS];
	int i, nt, left;
	char cell[32];

	sbuf_printf(b, "<h2>Zones with the most activity</h2>\n");
	if (!nr) {
		sbuf_printf(b, "<p>No zone had any activity.</p>\n");
		return;
	}
	/* the terminal's table, fitted to the page; every column folded away */
	nt = table_layout(s, zones, nr, 0, REPORT_TABLE_CHARS, t, &left);
	sbuf_printf(b, "<table class=\"zones\"><tr>");
	for (i = 0; i < nt; i++)
		sbuf_printf(b, "<th>%s</th>", t[i].name);
	sbuf_printf(b, "</tr>\n");
	for (k = 0; k < nr; k++) {
		sbuf_printf(b, "<tr>");
		for (i = 0; i < nt; i++) {
			table_cell(s, &t[i], zones[k], cell, sizeof(cell));
			sbuf_printf(b, "<td class=\"n\">%s</td>", cell);
		}
		sbuf_printf(b, "</tr>\n");
	}
	sbuf_printf(b, "</table>\n<details><summary>Every column (%d), as the module counts them: 512-byte sectors, nanoseconds</summary>\n<div class=\"wide\"><table><tr>",
		    s->nr_columns);
	for (i = 0; i < s->nr_columns; i++)
		sbuf_printf(b, "<th>%s</th>", s->columns[i]);
	sbuf_printf(b, "</tr>\n");
	for (k = 0; k < nr; k++) {
		sbuf_printf(b, "<tr>");
		for (i = 0; i < s->nr_columns; i++) {
			view_cell_human(s, zones[k], i, cell, sizeof(cell));
			sbuf_printf(b, "<td class=\"n\">%s</td>", cell);
		}
		sbuf_printf(b, "</tr>\n");
	}
	sbuf_printf(b, "</table></div>\n</details>\n");
	if (omitted)
		sbuf_printf(b, "<p>%llu more zones had activity: see the figures.</p>\n",
			    (unsigned long long)omitted);
	free(zones);
}

/* "Zone lifecycle": one sentence reading each of its two figures. */
static void lifecycle_section(struct sbuf *b, const struct datafile *df)
{
	const struct snapshot *s = &df->zones;
	uint64_t resets = snapshot_total(s, "fill_resets");
	uint64_t fill = snapshot_total(s, "fill_sum_sectors");
	uint64_t waste = snapshot_total(s, "finish_waste_sectors");
	uint64_t finishes = snapshot_total(s, "finishes"), cap = 0;
	char total[32], mean[32];

	if (snapshot_column(s, "fill_resets") < 0)
		return;
	if (s->nr_zones && snapshot_column(s, COL_CAP) >= 0)
		cap = snapshot_get(s, 0, COL_CAP);
	else
		snapshot_summary_u64(s, "zone_sectors", &cap);
	sbuf_printf(b, "<h2>Zone lifecycle</h2>\n<p>");
	fmt_bytes(total, sizeof(total), fill * 512.0);
	fmt_bytes(mean, sizeof(mean), resets ? fill * 512.0 / resets : 0);
	if (resets)
		sbuf_printf(b, "Fill at reset (figure below): %llu resets whose fill zns_stat knew reclaimed %s, %s per reset (%.0f%% of a zone's capacity): what the host's garbage collection found in a zone when it reset it; the nearer to 0, the less it had to copy out first.",
			    (unsigned long long)resets, total, mean,
			    cap ? 100.0 * fill / resets / cap : 0);
	else
		sbuf_printf(b, "Fill at reset: no reset with a known fill during the recording.");
	fmt_bytes(total, sizeof(total), waste * 512.0);
	sbuf_printf(b, "</p>\n<p>Finish waste (figure below): %llu finishes left %s of zone capacity unwritten: capacity given up until those zones are reset.</p>\n",
		    (unsigned long long)finishes, total);
}

/*
 * The metadata: the data file by its name (where it lay on the machine that
 * ran report says nothing to a reader), without what datafile_meta_hidden()
 * leaves to programs.
 */
void report_recording_table(struct sbuf *b, const struct datafile *df,
			   const char *datapath)
{
	const char *slash = strrchr(datapath, '/');
	int i;

	sbuf_printf(b, "<h2>Recording</h2>\n<table>\n<tr><td>data file</td><td>");
	sbuf_xml(b, slash ? slash + 1 : datapath);
	sbuf_printf(b, "</td></tr>\n");
	for (i = 0; i < df->nr_meta; i++) {
		if (datafile_meta_hidden(df->meta[i].key, df->meta[i].value))
			continue;
		sbuf_printf(b, "<tr><td>");
		sbuf_xml(b, df->meta[i].key);
		sbuf_printf(b, "</td><td>");
		sbuf_xml(b, df->meta[i].value);
		sbuf_printf(b, "</td></tr>\n");
	}
	sbuf_printf(b, "</table>\n");
}

/*
 * Every heatmap, in a grid: what they share (the run, how zones are laid
 * out, what a cell holds) is said once above them, not in each figure.
 */
static void heatmaps_section(struct sbuf *b, const struct datafile *df,
			     const char *subtitle)
{
	struct heatmap_geom g;
	int i;

	heatmap_geometry(df->zones.nr_zones, HEATMAP_MAX_CELLS, &g);
	sbuf_printf(b, "<h2>Heatmaps</h2>\n<p>");
	sbuf_xml(b, subtitle);
	sbuf_printf(b, ". Zones run left to right, row by row: zone = row label + column label. ");
	if (g.zones_per_cell > 1)
		sbuf_printf(b, "Each cell holds %llu consecutive zones: it sums their counts and data, and averages (sizes, latency, fill) are over their commands together.",
			    (unsigned long long)g.zones_per_cell);
	else
		sbuf_printf(b, "One cell per zone.");
	sbuf_printf(b, " Grey is 0 (or no command to average)%s.</p>\n<div class=\"heatmaps\">\n",
		    owner_map_available(&df->zones) ? "; in the owner map, no owner since the zone's reset" : "");
	for (i = 0; i < nr_metrics; i++) {
		if (!metric_available(&metrics[i], &df->zones))
			continue;
		sbuf_printf(b, "<figure id=\"%s\">\n", metrics[i].id);
		plot_figure(b, df, &metrics[i], 0);
		sbuf_printf(b, "</figure>\n");
	}
	/* an older module's or recording's zones have no owner: no figure */
	if (owner_map_available(&df->zones)) {
		sbuf_printf(b, "<figure id=\"%s\">\n", PLOT_OWNER_ID);
		plot_owner_figure(b, df, 0);
		sbuf_printf(b, "</figure>\n");
	}
	sbuf_printf(b, "</div>\n");
}

void report_default_file(const char *path_a, const char *path_b, char *out,
			 size_t outlen)
{
	const char *slash = strrchr(path_a, '/');
	char a[256], c[256] = "";

	datafile_name(path_a, a, sizeof(a));
	if (path_b)
		datafile_name(path_b, c, sizeof(c));
	snprintf(out, outlen, "%.*s%s%s%s.html", slash ? (int)(slash - path_a + 1) : 0,
		 path_a, a, path_b ? "-vs-" : "", c);
}

/*
 * What the run's counters say: the zones' column col plus the summary's key
 * (NULL: none); -1 when the data file has neither.
 */
static int64_t counted(const struct snapshot *s, const char *col,
		       const char *col2, const char *key)
{
	int known = 0;
	uint64_t n = 0, v;

	if (snapshot_column(s, col) >= 0) {
		n += snapshot_total(s, col);
		known = 1;
	}
	if (col2 && snapshot_column(s, col2) >= 0) {
		n += snapshot_total(s, col2);
		known = 1;
	}
	if (key && !snapshot_summary_u64(s, key, &v)) {
		n += v;
		known = 1;
	}
	return known ? (int64_t)n : -1;
}

/* The figures a section of the detail without rows is checked against. */
static void detail_counted_of(const struct snapshot *s,
			      struct detail_counted *n)
{
	n->failed = counted(s, "errors", NULL, "select_all_errors");
	n->resets = counted(s, "resets", NULL, "reset_all");
	n->reads = counted(s, "reads", NULL, NULL);
	n->writes = counted(s, "writes", "appends", NULL);
}

void report_html(struct sbuf *b, const struct datafile *df,
		 const char *datapath)
{
	const char *comment = datafile_get(df, "comment");
	struct detail_counted n;
	char subtitle[512];

	plot_subtitle(df, subtitle, sizeof(subtitle));
	report_page_start(b, df);
	sbuf_printf(b, "</h1>\n<p>");
	sbuf_xml(b, subtitle);
	sbuf_printf(b, "</p>\n<h2>Comment</h2>\n<pre>");
	sbuf_xml(b, comment && *comment ? comment : "(none)");
	sbuf_printf(b, "</pre>\n");
	/* findings first, the recording's metadata last */
	summary_table(b, df);
	busiest_table(b, df);
	lifecycle_section(b, df);
	if (df->detail.nr_counts || df->detail.nr_resets) {
		detail_counted_of(&df->zones, &n);
		detail_html(b, &df->detail, &n);
	}
	timeline_html(b, &df->timeline, df->zones.nr_zones);
	heatmaps_section(b, df, subtitle);
	report_recording_table(b, df, datapath);
	sbuf_printf(b, "</body>\n</html>\n");
}
