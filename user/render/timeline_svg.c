// SPDX-License-Identifier: GPL-2.0
/* A recording over time (source/timeline.c) as zone x time heatmaps and rates. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/metrics.h"
#include "render/heatmap.h"
#include "render/timeline_svg.h"

/* A figure's grid: at most this many intervals and zone rows (bins). */
#define TL_MAX_COLS	240
#define TL_MAX_ROWS	128
#define TL_LEGEND_W	170

static uint64_t value_of(const struct tick_zone *z, int resets)
{
	return resets ? z->resets : z->written_sectors * 512;
}

/* The zones of row r: "zone 3", "zones 512-1023". */
static void zones_of(char *out, size_t n, uint64_t r, uint64_t per_row)
{
	if (per_row == 1)
		snprintf(out, n, "zone %" PRIu64, r);
	else
		snprintf(out, n, "zones %" PRIu64 "-%" PRIu64, r * per_row,
			 (r + 1) * per_row - 1);
}

/* What the colours are in: the heatmaps' legend and formats. */
static const struct metric tl_metrics[2] = {
	{ .id = "written_over_time", .title = "Data written (writes and zone appends)",
	  .legend = "bytes per cell", .unit = MU_BYTES },
	{ .id = "resets_over_time", .title = "Resets",
	  .legend = "resets per cell", .unit = MU_COUNT },
};

/*
 * One zone x time heatmap: intervals left to right, zones top to bottom,
 * each cell the sum over the intervals and zones it holds. Its colours run
 * from the smallest cell above 0 to the largest (log when they span 30x),
 * both ends named in the legend, as the heatmaps'.
 */
static void tl_svg(struct sbuf *b, const struct timeline *tl,
		   uint64_t nr_zones, int resets)
{
	const struct metric *m = &tl_metrics[resets];
	int per_col = tl->nr > TL_MAX_COLS ? (tl->nr + TL_MAX_COLS - 1) / TL_MAX_COLS : 1;
	int cols = (tl->nr + per_col - 1) / per_col;
	uint64_t rows = nr_zones < TL_MAX_ROWS ? nr_zones : TL_MAX_ROWS;
	uint64_t zones_per_row, r, rmax = 0;
	double *grid, lo = 0, hi = 0, cw, ch;
	int i, j, c, cmax = 0, left = 70, top = 58, w = 720, h = 384;
	int legend_x = left + w + 36, width, height;
	struct colour_scale cs = { 0 };
	char colour[8], v[32], what[96], foot[256], zs[48];

	if (!cols || !rows)
		return;
	zones_per_row = (nr_zones + rows - 1) / rows;
	rows = (nr_zones + zones_per_row - 1) / zones_per_row;
	grid = calloc((size_t)cols * rows, sizeof(*grid));
	if (!grid) {
		b->oom = 1;
		return;
	}
	for (i = 0; i < tl->nr; i++) {
		c = i / per_col;
		for (j = 0; j < tl->ticks[i].nr; j++) {
			const struct tick_zone *z = &tl->ticks[i].zones[j];

			if (z->zone < nr_zones)
				grid[z->zone / zones_per_row * cols + c] += (double)value_of(z, resets);
		}
	}
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			double x = grid[r * cols + c];

			if (x > 0 && (lo == 0 || x < lo))
				lo = x;
			if (x > hi) {
				hi = x;
				rmax = r;
				cmax = c;
			}
		}
	cs.empty = hi == 0;
	cs.lo = lo;
	cs.hi = hi > 0 ? hi : 1;
	cs.log = hi > 0 && hi / lo >= LOG_SPAN;
	cs.ends = 1;
	cw = (double)w / cols;
	ch = (double)h / rows;
	if (per_col > 1)
		snprintf(what, sizeof(what), "%d intervals", per_col);
	else
		snprintf(what, sizeof(what), "one interval");
	if (hi > 0) {
		metric_format(m, hi, v, sizeof(v));
		zones_of(zs, sizeof(zs), rmax, zones_per_row);
		snprintf(foot, sizeof(foot), "%d %s; highest cell %s (%s, to %.1f s)",
			 tl->nr, plural(tl->nr, "interval", "intervals"), v, zs,
			 tl->ticks[(cmax + 1) * per_col > tl->nr ? tl->nr - 1 : (cmax + 1) * per_col - 1].end_s);
	} else {
		snprintf(foot, sizeof(foot), "%d %s; none in any cell", tl->nr,
			 plural(tl->nr, "interval", "intervals"));
	}
	width = legend_x + TL_LEGEND_W;
	if (width < heatmap_line_end(left, foot))
		width = heatmap_line_end(left, foot);
	height = top + h + 50;
	sbuf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\">\n",
		    width, height, width, height);
	sbuf_printf(b, "<text x=\"%d\" y=\"18\" font-size=\"13\">%s per zone and interval</text>\n",
		    left, m->title);
	/* what a cell is, as the heatmaps say it */
	if (zones_per_row > 1)
		sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">one cell = %" PRIu64 " zones x %s: their sum</text>\n",
			    left, top - 12, zones_per_row, what);
	else
		sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">one cell = one zone x %s</text>\n",
			    left, top - 12, what);
	sbuf_printf(b, "<g class=\"cells\" stroke=\"none\">\n");
	for (r = 0; r < rows; r++) {
		for (c = 0; c < cols; c++) {
			double x = grid[r * cols + c];
			int last = (c + 1) * per_col > tl->nr ? tl->nr - 1 : (c + 1) * per_col - 1;

			if (x > 0)
				colour_at(colour_scale_pos(&cs, x), colour);
			metric_format(m, x, v, sizeof(v));
			zones_of(zs, sizeof(zs), r, zones_per_row);
			sbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s, to %.1f s: %s</title></rect>\n",
				    left + c * cw, top + r * ch, cw, ch,
				    x > 0 ? colour : ZERO_COLOUR, zs, tl->ticks[last].end_s, v);
		}
	}
	sbuf_printf(b, "</g>\n");
	for (r = 0; r <= 4; r++)
		sbuf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%" PRIu64 "</text>\n",
			    left - 6, top + r * h / 4.0 + 4, r * rows / 4 * zones_per_row);
	sbuf_printf(b, "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">zone</text>\n",
		    top + h / 2, top + h / 2);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\">0 s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f s</text>\n",
		    left, top + h + 16, left + w, top + h + 16, tl->ticks[tl->nr - 1].end_s);
	heatmap_legend(b, m, &cs, m->id, legend_x, top, h < 400 ? h : 400);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#333\">", left, height - 10);
	sbuf_xml(b, foot);
	sbuf_printf(b, "</text>\n</svg>\n");
	free(grid);
}

void timeline_html(struct sbuf *b, const struct timeline *tl, uint64_t nr_zones)
{
	double prev = 0, len;
	uint64_t w, r, x;
	char wr[32], rd[32];
	int i, j;

	if (!tl->nr)
		return;
	sbuf_printf(b, "<h2>Over time</h2>\n<p>%d intervals of the recording (<code>record -i</code>): where data was written and zones reset, interval by interval; a write frontier moving through the zones shows as a diagonal, the host's garbage collection as bursts of resets.</p>\n",
		    tl->nr);
	sbuf_printf(b, "<figure id=\"written_over_time\">\n");
	tl_svg(b, tl, nr_zones, 0);
	sbuf_printf(b, "</figure>\n<figure id=\"resets_over_time\">\n");
	tl_svg(b, tl, nr_zones, 1);
	sbuf_printf(b, "</figure>\n<details><summary>rates per interval</summary>\n<table><tr><th>interval end</th><th>written</th><th>read</th><th>resets/s</th></tr>\n");
	for (i = 0; i < tl->nr; i++) {
		w = r = x = 0;
		for (j = 0; j < tl->ticks[i].nr; j++) {
			w += tl->ticks[i].zones[j].written_sectors;
			r += tl->ticks[i].zones[j].read_sectors;
			x += tl->ticks[i].zones[j].resets;
		}
		len = tl->ticks[i].end_s - prev;
		prev = tl->ticks[i].end_s;
		fmt_bytes(wr, sizeof(wr), len > 0 ? w * 512.0 / len : 0);
		fmt_bytes(rd, sizeof(rd), len > 0 ? r * 512.0 / len : 0);
		sbuf_printf(b, "<tr><td class=\"n\">%.1f s</td><td class=\"n\">%s/s</td><td class=\"n\">%s/s</td><td class=\"n\">%.1f</td></tr>\n",
			    tl->ticks[i].end_s, wr, rd, len > 0 ? x / len : 0);
	}
	sbuf_printf(b, "</table>\n</details>\n");
}
