// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML page of a recorded run of a namespace with Flexible Data
 * Placement (report_html.h): per placement ID (none, unlisted) the host's
 * writes and their share, the bytes over time when recorded with -i, and
 * the device's own figures (log 22h) and write amplification beside them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "render/report_html.h"
#include "source/datafile.h"

/* Rows drawn on their own in the figure; the rest are "other". */
#define DRAWN_ROWS	7
static const char * const colors[DRAWN_ROWS + 1] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f",
};

/* The figure's frame, in its viewBox's units */
#define FIG_W	900
#define FIG_H	300
#define FIG_L	80	/* the y axis' labels */
#define FIG_R	20
#define FIG_T	20
#define FIG_B	50	/* the x axis' labels and its title */

static const char *row_label(const struct placement_row *r, char *buf, size_t n)
{
	if (r->kind == PROW_NONE)
		return "no placement (none)";
	if (r->kind == PROW_UNLISTED)
		return "unlisted IDs";
	snprintf(buf, n, "placement ID %u", r->pid);
	return buf;
}

static uint64_t row_bytes(const struct datafile *df, int r)
{
	return placement_file_get(&df->prows, r, "write_sectors") * 512;
}

static uint64_t all_bytes(const struct datafile *df)
{
	uint64_t sum = 0;
	int r;

	for (r = 0; r < df->prows.nr_rows; r++)
		sum += row_bytes(df, r);
	return sum;
}

static void rows_table(struct sbuf *b, const struct datafile *df)
{
	const struct placement_file *pf = &df->prows;
	double secs = datafile_get_double(df, "duration_s");
	struct zero_rows zero = { 0 };
	uint64_t total = all_bytes(df);
	char id[32], data[32], rate[32];
	int r;

	zero.head = "<table><tr><th>row</th><th>reclaim unit handle</th><th>writes</th><th>data</th><th>share</th><th>rate</th><th>errors</th></tr>\n";
	sbuf_printf(b, "<h2>Host writes per placement ID</h2>\n<p>As zns_stat counted the namespace's write commands during the run, exact per command: %d placement %s, then the writes without a placement directive (none) and those naming an ID the namespace does not have (unlisted). Share: of the bytes of every row.</p>\n",
		    pf->nr_rows - 2, plural(pf->nr_rows - 2, "ID", "IDs"));
	for (r = 0; r < pf->nr_rows; r++) {
		const struct placement_row *pr = &pf->rows[r];
		uint64_t w = placement_file_get(pf, r, "writes"), by = row_bytes(df, r);
		uint64_t e = placement_file_get(pf, r, "errors");

		if (!w && !by && !e) {
			zero_rows_add(&zero, row_label(pr, id, sizeof(id)));
			continue;
		}
		zero_rows_show(b, &zero);
		fmt_bytes_cell(data, sizeof(data), (double)by);
		if (secs > 0) {
			fmt_bytes_cell(rate, sizeof(rate), by / secs);
			snprintf(rate + strlen(rate), sizeof(rate) - strlen(rate), "/s");
		} else {
			snprintf(rate, sizeof(rate), "-");
		}
		sbuf_printf(b, "<tr><td>%s</td><td class=\"n\">", row_label(pr, id, sizeof(id)));
		if (pr->kind == PROW_PID)
			sbuf_printf(b, "%u", pr->ruhid);
		else
			sbuf_printf(b, "-");
		sbuf_printf(b, "</td><td class=\"n\">%" PRIu64 "</td><td class=\"n\">%s</td><td class=\"n\">",
			    w, data);
		if (total)
			sbuf_printf(b, "%.1f%%", 100.0 * by / total);
		else
			sbuf_printf(b, "-");
		sbuf_printf(b, "</td><td class=\"n\">%s</td><td class=\"n\">%" PRIu64 "</td></tr>\n",
			    rate, e);
	}
	zero_rows_said(b, &zero);
}

/* The rows the figure draws apart: the most bytes first; -1 ends. */
static void drawn_rows(const struct datafile *df, int *drawn)
{
	int i, r, n = 0;

	for (i = 0; i < DRAWN_ROWS; i++) {
		int best = -1;

		for (r = 0; r < df->prows.nr_rows; r++) {
			int taken = 0, k;

			for (k = 0; k < n; k++)
				taken |= drawn[k] == r;
			if (!taken && row_bytes(df, r) &&
			    (best < 0 || row_bytes(df, r) > row_bytes(df, best)))
				best = r;
		}
		if (best < 0)
			break;
		drawn[n++] = best;
	}
	drawn[n] = -1;
}

/* Where row r goes in the figure: its color's index (DRAWN_ROWS: other). */
static int slot(const int *drawn, int r)
{
	int i;

	for (i = 0; drawn[i] >= 0; i++)
		if (drawn[i] == r)
			return i;
	return DRAWN_ROWS;
}

/* The interval's rate, stacked per row: the highest sum sets the scale. */
static double highest_rate(const struct datafile *df)
{
	double hi = 0, prev = 0;
	int i, r;

	for (i = 0; i < df->nr_pticks; i++) {
		double dt = df->pticks[i].t - prev, sum = 0;

		for (r = 0; r < df->pticks[i].nr; r++)
			sum += df->pticks[i].sectors[r] * 512.0;
		if (dt > 0 && sum / dt > hi)
			hi = sum / dt;
		prev = df->pticks[i].t;
	}
	return hi;
}

static void legend(struct sbuf *b, const struct datafile *df, const int *drawn)
{
	char id[32];
	int i, other = 0, r;

	sbuf_printf(b, "<figcaption>");
	for (i = 0; drawn[i] >= 0; i++)
		sbuf_printf(b, "<span style=\"color:%s\">&#9632;</span> %s &#160; ", colors[i],
			    row_label(&df->prows.rows[drawn[i]], id, sizeof(id)));
	for (r = 0; r < df->prows.nr_rows; r++)
		other |= slot(drawn, r) == DRAWN_ROWS && row_bytes(df, r);
	if (other)
		sbuf_printf(b, "<span style=\"color:%s\">&#9632;</span> every other row",
			    colors[DRAWN_ROWS]);
	sbuf_printf(b, "</figcaption>\n");
}

/* Stacked bars: each interval's host write rate, per row. */
static void over_time(struct sbuf *b, const struct datafile *df)
{
	double hi = highest_rate(df), end, prev = 0, pw = FIG_W - FIG_L - FIG_R;
	double ph = FIG_H - FIG_T - FIG_B;
	int drawn[DRAWN_ROWS + 1], i, r, k;
	char label[32];

	sbuf_printf(b, "<h2>Host writes over time</h2>\n");
	if (!df->nr_pticks) {
		sbuf_printf(b, "<p>Recorded without intervals: zns-stat record -i SEC keeps each row's bytes per interval, drawn here.</p>\n");
		return;
	}
	end = df->pticks[df->nr_pticks - 1].t;
	drawn_rows(df, drawn);
	sbuf_printf(b, "<figure id=\"placement_over_time\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" font-family=\"DejaVu Sans,Verdana,sans-serif\" font-size=\"13\">\n",
		    FIG_W, FIG_H, FIG_W, FIG_H);
	sbuf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" fill=\"#fafafa\" stroke=\"#ccc\"/>\n",
		    FIG_L, FIG_T, pw, ph);
	for (i = 0; hi > 0 && end > 0 && i < df->nr_pticks; i++) {
		const struct datafile_ptick *pt = &df->pticks[i];
		double dt = pt->t - prev, x = FIG_L + pw * prev / end, w = pw * dt / end;
		double y = FIG_T + ph;

		prev = pt->t;
		if (dt <= 0)
			continue;
		/* the drawn rows from the bottom in their order, the others on top */
		for (k = 0; k <= DRAWN_ROWS; k++) {
			double v = 0;

			for (r = 0; r < pt->nr; r++)
				if (slot(drawn, r) == k)
					v += pt->sectors[r] * 512.0;
			if (!v)
				continue;
			v = ph * v / dt / hi;
			y -= v;
			sbuf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>\n",
				    x, y, w, v, colors[k]);
		}
	}
	/* the axes' words, apart from the bars and from each other */
	fmt_bytes(label, sizeof(label), hi);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s/s</text>\n",
		    FIG_L - 6, FIG_T + 10, label);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n",
		    FIG_L - 6, FIG_T + (int)ph);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\">0 s</text>\n", FIG_L, FIG_H - FIG_B + 18);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f s</text>\n",
		    FIG_W - FIG_R, FIG_H - FIG_B + 18, end);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">host write rate per interval, stacked by placement ID (%d %s)</text>\n",
		    FIG_L + (int)pw / 2, FIG_H - 10, df->nr_pticks,
		    plural(df->nr_pticks, "interval", "intervals"));
	sbuf_printf(b, "</svg>\n");
	legend(b, df, drawn);
	sbuf_printf(b, "</figure>\n");
}

static int meta_u64(const struct datafile *df, const char *key, uint64_t *v)
{
	const char *s = datafile_get(df, key);

	return s && !parse_u64(s, v) ? 0 : -1;
}

static void bytes_cell(struct sbuf *b, int have, uint64_t v)
{
	char c[32];

	fmt_bytes_cell(c, sizeof(c), (double)v);
	sbuf_printf(b, "<td class=\"n\">%s</td>", have ? c : "-");
}

/* The device's figures of the run, and what they make of the host's. */
static void device_section(struct sbuf *b, const struct datafile *df)
{
	const char *why = datafile_get(df, "fdp.unavailable");
	uint64_t hb = 0, mb = 0, me = 0, lh = 0, lm = 0, g = 0;
	int have = !meta_u64(df, "fdp.host_bytes_written", &hb) &&
		   !meta_u64(df, "fdp.media_bytes_written", &mb);
	int life = !meta_u64(df, "fdp.lifetime_host_bytes_written", &lh) &&
		   !meta_u64(df, "fdp.lifetime_media_bytes_written", &lm);
	int erased = !meta_u64(df, "fdp.media_bytes_erased", &me);

	sbuf_printf(b, "<h2>The device's figures</h2>\n");
	if (!have && !life) {
		sbuf_printf(b, "<p>Not in this recording");
		if (why) {
			sbuf_printf(b, ": ");
			sbuf_xml(b, why);
		}
		sbuf_printf(b, ".</p>\n");
		return;
	}
	meta_u64(df, "fdp.endurance_group", &g);
	sbuf_printf(b, "<p>The device's own counts (log 22h), of endurance group %" PRIu64 " as a whole (every namespace in it), read at the start and at the end of the run: honest to the moment read, not per command. Write amplification: media bytes written over the device's host bytes written.</p>\n",
		    g);
	sbuf_printf(b, "<table><tr><th>figure</th><th>during the run</th><th>device's lifetime</th></tr>\n");
	sbuf_printf(b, "<tr><td>host bytes written (device)</td>");
	bytes_cell(b, have, hb);
	bytes_cell(b, life, lh);
	sbuf_printf(b, "</tr>\n<tr><td>media bytes written</td>");
	bytes_cell(b, have, mb);
	bytes_cell(b, life, lm);
	sbuf_printf(b, "</tr>\n<tr><td>media bytes erased</td>");
	bytes_cell(b, have && erased, me);
	sbuf_printf(b, "<td class=\"n\">-</td></tr>\n<tr><td>write amplification</td><td class=\"n\">");
	if (have && hb)
		sbuf_printf(b, "%.2f", (double)mb / hb);
	else
		sbuf_printf(b, "-");
	sbuf_printf(b, "</td><td class=\"n\">");
	if (life && lh)
		sbuf_printf(b, "%.2f", (double)lm / lh);
	else
		sbuf_printf(b, "-");
	sbuf_printf(b, "</td></tr>\n<tr><td>host bytes as zns_stat counted (this namespace)</td>");
	bytes_cell(b, 1, all_bytes(df));
	sbuf_printf(b, "<td class=\"n\">-</td></tr>\n</table>\n");
}

void report_placement_html(struct sbuf *b, const struct datafile *df,
			   const char *datapath)
{
	const char *comment = datafile_get(df, "comment");
	char total[32];

	report_page_start(b, df);
	fmt_bytes(total, sizeof(total), (double)all_bytes(df));
	sbuf_printf(b, "</h1>\n<p>Flexible Data Placement, %d placement %s; %s written by the host, ",
		    df->prows.nr_rows - 2, plural(df->prows.nr_rows - 2, "ID", "IDs"), total);
	sbuf_xml(b, datafile_get(df, "start_time"));
	sbuf_printf(b, " to ");
	sbuf_xml(b, datafile_get(df, "end_time"));
	sbuf_printf(b, "</p>\n<h2>Comment</h2>\n<pre>");
	sbuf_xml(b, comment && *comment ? comment : "(none)");
	sbuf_printf(b, "</pre>\n");
	rows_table(b, df);
	over_time(b, df);
	device_section(b, df);
	report_recording_table(b, df, datapath);
	sbuf_printf(b, "</body>\n</html>\n");
}
