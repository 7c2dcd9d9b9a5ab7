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
#include "render/heatmap.h"
#include "render/timeline_svg.h"

/* A figure's grid: at most this many intervals and zone rows (bins). */
#define TL_MAX_COLS	240
#define TL_MAX_ROWS	128

static uint64_t value_of(const struct tick_zone *z, int resets)
{
	return resets ? z->resets : z->written_sectors * 512;
}

/*
 * One zone x time heatmap: intervals left to right, zones top to bottom,
 * each cell the sum over the intervals and zones it holds.
 */
static void tl_svg(struct sbuf *b, const struct timeline *tl,
		   uint64_t nr_zones, int resets)
{
	int cols = tl->nr < TL_MAX_COLS ? tl->nr : TL_MAX_COLS;
	uint64_t rows = nr_zones < TL_MAX_ROWS ? nr_zones : TL_MAX_ROWS;
	uint64_t zones_per_row, r;
	double *grid, max = 0, t, cw, ch;
	int i, j, c, left = 70, top = 30, w = 720, h = 384;
	char colour[8], v[32], lo[32], hi[32];

	if (!cols || !rows)
		return;
	zones_per_row = (nr_zones + rows - 1) / rows;
	grid = calloc((size_t)cols * rows, sizeof(*grid));
	if (!grid) {
		b->oom = 1;
		return;
	}
	for (i = 0; i < tl->nr; i++) {
		c = (int)((int64_t)i * cols / tl->nr);
		for (j = 0; j < tl->ticks[i].nr; j++) {
			const struct tick_zone *z = &tl->ticks[i].zones[j];

			if (z->zone < nr_zones)
				grid[z->zone / zones_per_row * cols + c] += (double)value_of(z, resets);
		}
	}
	for (i = 0; i < (int)(cols * rows); i++)
		max = grid[i] > max ? grid[i] : max;
	cw = (double)w / cols;
	ch = (double)h / rows;
	sbuf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\">\n",
		    left + w + 20, top + h + 50, left + w + 20, top + h + 50);
	sbuf_printf(b, "<text x=\"%d\" y=\"18\" font-size=\"13\">%s per zone and interval</text>\n",
		    left, resets ? "Resets" : "Data written (writes and zone appends)");
	for (r = 0; r < rows; r++) {
		for (c = 0; c < cols; c++) {
			double x = grid[r * cols + c];

			t = max > 0 ? log1p(x) / log1p(max) : 0;
			if (x > 0)
				colour_at(t, colour);
			if (resets)
				snprintf(v, sizeof(v), "%.0f", x);
			else
				fmt_bytes(v, sizeof(v), x);
			sbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>zones %" PRIu64 "-%" PRIu64 ", to %.1f s: %s</title></rect>\n",
				    left + c * cw, top + r * ch, cw, ch,
				    x > 0 ? colour : ZERO_COLOUR, r * zones_per_row,
				    (r + 1) * zones_per_row - 1,
				    tl->ticks[(int)(((int64_t)c + 1) * tl->nr / cols) - 1].end_s, v);
		}
	}
	for (r = 0; r <= 4; r++)
		sbuf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%" PRIu64 "</text>\n",
			    left - 6, top + r * h / 4.0 + 4, r * rows / 4 * zones_per_row);
	sbuf_printf(b, "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">zone</text>\n",
		    top + h / 2, top + h / 2);
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\">0 s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f s</text>\n",
		    left, top + h + 16, left + w, top + h + 16, tl->ticks[tl->nr - 1].end_s);
	if (resets) {
		snprintf(lo, sizeof(lo), "1");
		snprintf(hi, sizeof(hi), "%.0f", max);
	} else {
		fmt_bytes(lo, sizeof(lo), 512);
		fmt_bytes(hi, sizeof(hi), max);
	}
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\">colour: log scale from %s (dark) to %s (yellow) per cell; grey: none. %d %s, %" PRIu64 " %s per row.</text>\n</svg>\n",
		    left, top + h + 36, lo, max > 0 ? hi : "0", tl->nr,
		    plural(tl->nr, "interval", "intervals"), zones_per_row,
		    plural(zones_per_row, "zone", "zones"));
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
