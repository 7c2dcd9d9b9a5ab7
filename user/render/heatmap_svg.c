// SPDX-License-Identifier: GPL-2.0
/*
 * Per-zone heatmaps as SVG. Zones run left to right, row by row; a row's
 * label is its first zone and a column's label the offset within the row.
 * Zero (or "no command to average") is grey, everything else on viridis, so
 * the smallest value never looks like nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heatmap.h"
#include "source/snapshot.h"

#define GRID_MAX_PX	640	/* the grid fits in this square */
#define CELL_MAX_PX	96
#define LEFT		HEATMAP_LEFT
#define LEGEND_W	170
#define MAX_LABELLED	64	/* cells up to this many carry their value */
#define MAX_TOOLTIPS	1024	/* cells up to this many carry a <title> */

static uint64_t pow2_at_least(uint64_t v)
{
	uint64_t p = 1;

	while (p < v)
		p <<= 1;
	return p;
}

void heatmap_geometry(uint64_t nr_zones, uint64_t max_cells,
		      struct heatmap_geom *g)
{
	uint64_t side, px;

	memset(g, 0, sizeof(*g));
	g->nr_zones = nr_zones;
	g->zones_per_cell = 1;
	while ((nr_zones + g->zones_per_cell - 1) / g->zones_per_cell > max_cells)
		g->zones_per_cell <<= 1;
	g->cells = (nr_zones + g->zones_per_cell - 1) / g->zones_per_cell;
	side = (uint64_t)ceil(sqrt((double)g->cells));
	g->cols = pow2_at_least(side ? side : 1);
	g->rows = (g->cells + g->cols - 1) / g->cols;
	if (!g->rows)
		g->rows = 1;
	px = GRID_MAX_PX / (g->cols > g->rows ? g->cols : g->rows);
	g->cell_px = px > CELL_MAX_PX ? CELL_MAX_PX : px < 1 ? 1 : px;
}

void colour_scale_fit(struct colour_scale *cs, const struct metric *m,
		      const double *v, const int *defined, uint64_t n)
{
	double lo = 0, hi = 0;
	uint64_t i;

	memset(cs, 0, sizeof(*cs));
	for (i = 0; i < n; i++) {
		if (!defined[i] || v[i] <= 0)
			continue;
		if (lo == 0 || v[i] < lo)
			lo = v[i];
		if (v[i] > hi)
			hi = v[i];
	}
	cs->empty = hi == 0;
	if (m->unit == MU_PERCENT) {
		cs->lo = 0;
		cs->hi = 100;	/* fill has a natural scale */
	} else if (hi > 0 && hi / lo >= LOG_SPAN) {
		cs->lo = lo;
		cs->hi = hi;
		cs->log = 1;
	} else if (m->den && lo < hi) {
		cs->lo = lo;	/* averages: show how they differ */
		cs->hi = hi;
	} else {
		cs->lo = 0;	/* sums: colour proportional to the amount */
		cs->hi = hi > 0 ? hi : 1;
	}
}

double colour_scale_pos(const struct colour_scale *cs, double v)
{
	double t;

	if (cs->log)
		t = (log(v) - log(cs->lo)) / (log(cs->hi) - log(cs->lo));
	else
		t = cs->hi > cs->lo ? (v - cs->lo) / (cs->hi - cs->lo) : 1;
	return t < 0 ? 0 : t > 1 ? 1 : t;
}

/* A round step for about 4 intervals of span: 1-2-5 decimal, powers of 2 for bytes. */
static double nice_step(double span, enum metric_unit unit)
{
	double raw = span / 4, p, f;

	if (raw <= 0)
		return 1;
	if (unit == MU_BYTES)
		return pow(2, floor(log2(raw) + 0.5));
	p = pow(10, floor(log10(raw)));
	f = raw / p;
	if (unit == MU_COUNT && p < 1)
		p = 1, f = 1;	/* no fractional commands */
	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

int colour_scale_ticks(const struct colour_scale *cs, const struct metric *m,
		       double *ticks, int max)
{
	int n = 0;
	double t, step;

	if (cs->empty)
		return 0;
	if (cs->log) {
		double base = m->unit == MU_BYTES ? 2 : 10;
		double k0 = ceil(log(cs->lo) / log(base) - 1e-9);
		double k1 = floor(log(cs->hi) / log(base) + 1e-9);
		double kstep = ceil((k1 - k0 + 1) / (max - 1));
		double k;

		for (k = k0; k <= k1 && n < max; k += kstep)
			ticks[n++] = pow(base, k);
	} else {
		step = nice_step(cs->hi - cs->lo, m->unit);
		for (t = ceil(cs->lo / step - 1e-9) * step;
		     t <= cs->hi * (1 + 1e-9) && n < max; t += step)
			ticks[n++] = fabs(t) < step * 1e-6 ? 0 : t;	/* no "-0" */
	}
	if (cs->ends && max >= 2) {
		/* the data's ends, and the round ticks not too near them */
		double inner[16];
		int k = 0, i;

		for (i = 0; i < n; i++) {
			t = colour_scale_pos(cs, ticks[i]);
			if (t > 0.1 && t < 0.9 && k + 2 < max && k < 16)
				inner[k++] = ticks[i];
		}
		ticks[0] = cs->lo;
		for (i = 0; i < k; i++)
			ticks[1 + i] = inner[i];
		ticks[k + 1] = cs->hi;
		return cs->hi > cs->lo ? k + 2 : 1;
	}
	if (n < 2 && max >= 2) {	/* at least both ends */
		ticks[0] = cs->lo;
		ticks[1] = cs->hi;
		n = cs->hi > cs->lo ? 2 : 1;
	}
	return n;
}

static const unsigned char viridis[9][3] = {
	{ 0x44, 0x01, 0x54 }, { 0x47, 0x2d, 0x7b }, { 0x3b, 0x52, 0x8b },
	{ 0x2c, 0x72, 0x8e }, { 0x21, 0x91, 0x8c }, { 0x28, 0xae, 0x80 },
	{ 0x5e, 0xc9, 0x62 }, { 0xad, 0xdc, 0x30 }, { 0xfd, 0xe7, 0x25 },
};

void colour_at(double t, char out[8])
{
	double x = (t < 0 ? 0 : t > 1 ? 1 : t) * 8;
	int i = x >= 8 ? 7 : (int)x, c;
	double f = x - i;
	unsigned char rgb[3];

	for (c = 0; c < 3; c++)
		rgb[c] = (unsigned char)(viridis[i][c] +
					 f * (viridis[i + 1][c] - viridis[i][c]) + 0.5);
	snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Blue (B lower) through near-white to red (B higher): ColorBrewer's RdBu. */
static const unsigned char rdbu[5][3] = {
	{ 0x21, 0x66, 0xac }, { 0x92, 0xc5, 0xde }, { 0xf7, 0xf7, 0xf7 },
	{ 0xf4, 0xa5, 0x82 }, { 0xb2, 0x18, 0x2b },
};

static void diverging_at(double t, char out[8])
{
	double x = (t < 0 ? 0 : t > 1 ? 1 : t) * 4;
	int i = x >= 4 ? 3 : (int)x, c;
	double f = x - i;
	unsigned char rgb[3];

	for (c = 0; c < 3; c++)
		rgb[c] = (unsigned char)(rdbu[i][c] + f * (rdbu[i + 1][c] - rdbu[i][c]) + 0.5);
	snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static void scale_colour(const struct colour_scale *cs, double t, char out[8])
{
	if (cs->diverging)
		diverging_at(t, out);
	else
		colour_at(t, out);
}

/* A value as people read it; a difference with its sign. */
static void value_format(const struct metric *m, const struct colour_scale *cs,
			 double v, char *out, int outlen)
{
	if (!cs->diverging || v == 0) {
		metric_format(m, v, out, outlen);
		return;
	}
	out[0] = v > 0 ? '+' : '-';
	metric_format(m, fabs(v), out + 1, outlen - 1);
}

/* Dark text on light colours, light on dark. */
static const char *text_on(const char *fill)
{
	unsigned int r, g, b;

	if (sscanf(fill, "#%02x%02x%02x", &r, &g, &b) != 3)
		return "#000";
	return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
}

struct cells {
	double *v;
	int *defined;
};

static int cells_fill(struct cells *c, const struct heatmap_geom *g,
		      const struct snapshot *s, const struct metric *m)
{
	struct metric_cols mc;
	uint64_t i;

	c->v = calloc(g->cells ? g->cells : 1, sizeof(*c->v));
	c->defined = calloc(g->cells ? g->cells : 1, sizeof(*c->defined));
	if (!c->v || !c->defined)
		return -1;
	metric_columns(m, s, &mc);
	for (i = 0; i < g->cells; i++)
		c->v[i] = metric_value_cols(m, &mc, s, i * g->zones_per_cell,
					    g->zones_per_cell, &c->defined[i]);
	return 0;
}

static void cells_free(struct cells *c)
{
	free(c->v);
	free(c->defined);
}

/* Grey: nothing (or, for a difference, no change); else on the scale. */
static void cell_fill(const struct cells *c, uint64_t i,
		      const struct colour_scale *cs, char out[8])
{
	if (!c->defined[i] || (cs->diverging ? c->v[i] == 0 : c->v[i] <= 0))
		snprintf(out, 8, "%s", ZERO_COLOUR);
	else
		scale_colour(cs, colour_scale_pos(cs, c->v[i]), out);
}

/* The line above the grid: how to read a zone's number, and what a cell is. */
static void axes_line(const struct heatmap_geom *g, char *out, size_t outlen)
{
	char cell[32];

	if (g->zones_per_cell > 1)
		snprintf(cell, sizeof(cell), "%llu zones", (unsigned long long)g->zones_per_cell);
	else
		snprintf(cell, sizeof(cell), "one zone");
	snprintf(out, outlen, "zone = row label + column label; one cell = %s", cell);
}

int heatmap_legend_x(const struct heatmap_geom *g)
{
	char line[96];
	int x = LEFT + g->cols * g->cell_px + 36;

	/* right of the line above the grid too, which a grid of 2 columns is narrower than */
	axes_line(g, line, sizeof(line));
	return x > heatmap_line_end(LEFT, line) ? x : heatmap_line_end(LEFT, line);
}

void heatmap_axes(struct sbuf *b, const struct heatmap_geom *g, int top)
{
	unsigned int px = g->cell_px, step, c, r, width;
	char num[32], line[96];

	sbuf_printf(b, "<g font-size=\"11\" fill=\"#333\">\n");
	/* columns: label every step columns so the numbers do not touch */
	snprintf(num, sizeof(num), "%llu",
		 (unsigned long long)((g->cols - 1) * g->zones_per_cell));
	width = strlen(num) * 7 + 6;
	for (step = 1; step * px < width; step <<= 1)
		;
	for (c = 0; c < g->cols; c += step)
		sbuf_printf(b, "<text x=\"%u\" y=\"%d\" text-anchor=\"middle\">%llu</text>\n",
			    LEFT + c * px + px / 2, top - 6,
			    (unsigned long long)(c * g->zones_per_cell));
	for (step = 1; step * px < 14; step <<= 1)
		;
	for (r = 0; r < g->rows; r += step)
		sbuf_printf(b, "<text x=\"%d\" y=\"%u\" text-anchor=\"end\">%llu</text>\n",
			    LEFT - 6, top + r * px + px / 2 + 4,
			    (unsigned long long)r * g->cols * g->zones_per_cell);
	axes_line(g, line, sizeof(line));
	sbuf_printf(b, "</g>\n<text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n",
		    LEFT, top - 24, line);
	sbuf_printf(b, "<text transform=\"translate(16,%u) rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">first zone of the row</text>\n",
		    top + g->rows * px / 2);
}

static void draw_cells(struct sbuf *b, const struct heatmap_geom *g,
		       const struct metric *m, const struct cells *c,
		       const struct colour_scale *cs, int top)
{
	int tooltips = g->cells <= MAX_TOOLTIPS;
	int labels = g->cells <= MAX_LABELLED && g->cell_px >= 40;
	unsigned int px = g->cell_px, gap = px >= 16 ? 1 : 0;
	char fill[8], next[8], val[48];
	uint64_t i, run;

	sbuf_printf(b, "<g class=\"cells\" stroke=\"none\">\n");
	for (i = 0; i < g->cells; i += run) {
		unsigned int col = i % g->cols, row = i / g->cols;

		cell_fill(c, i, cs, fill);
		run = 1;
		/* without tooltips, equal neighbours in a row are one rect */
		while (!tooltips && col + run < g->cols && i + run < g->cells) {
			cell_fill(c, i + run, cs, next);
			if (strcmp(next, fill))
				break;
			run++;
		}
		sbuf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%llu\" height=\"%u\" fill=\"%s\"",
			    LEFT + col * px, top + row * px,
			    (unsigned long long)(run * px - gap), px - gap, fill);
		if (!tooltips) {
			sbuf_printf(b, "/>\n");
			continue;
		}
		if (c->defined[i])
			value_format(m, cs, c->v[i], val, sizeof(val));
		else
			snprintf(val, sizeof(val), "none");
		if (g->zones_per_cell == 1)
			sbuf_printf(b, "><title>zone %llu: %s</title></rect>\n",
				    (unsigned long long)i, val);
		else
			sbuf_printf(b, "><title>zones %llu-%llu: %s</title></rect>\n",
				    (unsigned long long)(i * g->zones_per_cell),
				    (unsigned long long)((i + 1) * g->zones_per_cell - 1),
				    val);
	}
	sbuf_printf(b, "</g>\n");
	if (!labels)
		return;
	sbuf_printf(b, "<g class=\"values\" font-size=\"12\" text-anchor=\"middle\">\n");
	for (i = 0; i < g->cells; i++) {
		if (!c->defined[i])
			continue;
		value_format(m, cs, c->v[i], val, sizeof(val));
		if (strlen(val) * 7 + 4 > px)
			continue;
		cell_fill(c, i, cs, fill);
		sbuf_printf(b, "<text x=\"%u\" y=\"%u\" fill=\"%s\">%s</text>\n",
			    LEFT + (unsigned int)(i % g->cols) * px + px / 2,
			    top + (unsigned int)(i / g->cols) * px + px / 2 + 4,
			    text_on(fill), val);
	}
	sbuf_printf(b, "</g>\n");
}

/* Colour bar with ticks in real units, then the grey swatch for zero. */
int heatmap_legend(struct sbuf *b, const struct metric *m,
		   const struct colour_scale *cs, const char *id, int x, int top,
		   int height)
{
	double ticks[8];
	int n = colour_scale_ticks(cs, m, ticks, 8), i, y;
	char label[48];

	/* above the top tick's label */
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">", x, top - 12);
	sbuf_xml(b, m->legend);
	sbuf_printf(b, "%s</text>\n", cs->log ? " (log scale)" : "");
	y = top;
	if (!cs->empty) {
		sbuf_printf(b, "<defs><linearGradient id=\"bar-%s\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n",
			    id);
		for (i = 0; i <= 8; i++) {
			char col[8];

			scale_colour(cs, i / 8.0, col);
			sbuf_printf(b, "<stop offset=\"%g\" stop-color=\"%s\"/>\n", i / 8.0, col);
		}
		sbuf_printf(b, "</linearGradient></defs>\n<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"18\" height=\"%d\" fill=\"url(#bar-%s)\" stroke=\"#666\" stroke-width=\"0.5\"/>\n",
			    x, top, height, id);
		sbuf_printf(b, "<g font-size=\"11\" fill=\"#333\">\n");
		for (i = 0; i < n; i++) {
			int ty = top + height - (int)(colour_scale_pos(cs, ticks[i]) * height + 0.5);

			value_format(m, cs, ticks[i], label, sizeof(label));
			sbuf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n<text x=\"%d\" y=\"%d\">%s</text>\n",
				    x + 18, ty, x + 23, ty, x + 27, ty + 4, label);
		}
		sbuf_printf(b, "</g>\n");
		y = top + height + 16;
	}
	sbuf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"18\" height=\"14\" fill=\"%s\" stroke=\"#666\" stroke-width=\"0.5\"/>\n<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>\n",
		    x, y, ZERO_COLOUR, x + 27, y + 11,
		    cs->diverging ? (m->den ? "no change, or none" : "0 (no change)") :
		    m->unit == MU_PERCENT ? "0 (empty)" :
		    m->den ? "none (no command)" : "0");
	return y + 14;
}

/* The legend, and what the colour of a cell of several zones is. */
static void draw_legend(struct sbuf *b, const struct metric *m,
		       const struct colour_scale *cs, const char *id,
		       uint64_t zones_per_cell, int x, int top, int height)
{
	int y = heatmap_legend(b, m, cs, id, x, top, height);

	if (zones_per_cell > 1)
		sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"11\">each cell %s</text>\n<text x=\"%d\" y=\"%d\" font-size=\"11\">%llu zones%s</text>\n",
			    x, y + 18, m->den ? "averages" : "sums", x, y + 32,
			    (unsigned long long)zones_per_cell, m->den ? " together" : "");
}

/*
 * One line of what the figure adds up to, and its highest value: the
 * zone's, or where a cell holds several zones the cell's, which the
 * legend's colours are, and the busiest zone's beside it.
 */
static void footer(char *out, size_t outlen, const struct snapshot *s,
		   const struct metric *m, const struct heatmap_geom *g,
		   const struct cells *cells)
{
	uint64_t z, i, nz = 0, zmax = 0, cmax = 0;
	double v, vmax = -1, total, cv = -1;
	struct metric_cols mc;
	int defined;
	char a[48], c[48], d[48];
	size_t n;

	metric_columns(m, s, &mc);
	for (z = 0; z < s->nr_zones; z++) {
		v = metric_value_cols(m, &mc, s, z, 1, &defined);
		if (!defined || v <= 0)
			continue;
		nz++;
		if (v > vmax) {
			vmax = v;
			zmax = z;
		}
	}
	total = metric_value(m, s, 0, s->nr_zones, &defined);
	if (!nz) {
		snprintf(out, outlen, "no zone has any: every zone is 0");
		return;
	}
	metric_format(m, total, a, sizeof(a));
	metric_format(m, vmax, c, sizeof(c));
	n = snprintf(out, outlen, "%s %s; %llu of %llu zones %s; highest ",
		     m->den ? (m->unit == MU_PERCENT ? "all zones:" : "overall:") : "total",
		     a, (unsigned long long)nz, (unsigned long long)s->nr_zones,
		     m->unit == MU_PERCENT ? "written" : m->den ? "with commands" : "above 0");
	if (n >= outlen)
		return;
	if (g->zones_per_cell == 1) {
		snprintf(out + n, outlen - n, "%s (zone %llu)", c, (unsigned long long)zmax);
		return;
	}
	for (i = 0; i < g->cells; i++)
		if (cells->defined[i] && cells->v[i] > cv) {
			cv = cells->v[i];
			cmax = i;
		}
	metric_format(m, cv, d, sizeof(d));
	snprintf(out + n, outlen - n, "per cell %s (zones %llu-%llu), per zone %s (zone %llu)",
		 d, (unsigned long long)(cmax * g->zones_per_cell),
		 (unsigned long long)((cmax + 1) * g->zones_per_cell - 1), c,
		 (unsigned long long)zmax);
}

int heatmap_line_end(int x, const char *line)
{
	/* DejaVu Sans at 12 px: 7 px a character at most but for a few (W, m) */
	return x + 7 * (int)strlen(line) + 16;
}

int heatmap_top(const char *subtitle, const char *note)
{
	/* the grid below the title, the subtitle and the note there are */
	return (note && *note ? 112 : 96) - (subtitle && *subtitle ? 0 : 22);
}

void heatmap_open(struct sbuf *b, int width, int height, const char *title,
		  const char *subtitle, const char *note)
{
	int has_sub = subtitle && *subtitle;

	sbuf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
		    width, height, width, height);
	sbuf_printf(b, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n<text x=\"16\" y=\"28\" font-size=\"17\" font-weight=\"bold\">");
	sbuf_xml(b, title);
	sbuf_printf(b, "</text>\n");
	if (has_sub) {
		sbuf_printf(b, "<text x=\"16\" y=\"50\" font-size=\"12\" fill=\"#444\">");
		sbuf_xml(b, subtitle);
		sbuf_printf(b, "</text>\n");
	}
	if (note && *note) {
		sbuf_printf(b, "<text x=\"16\" y=\"%d\" font-size=\"12\" fill=\"#444\">",
			    has_sub ? 68 : 46);
		sbuf_xml(b, note);
		sbuf_printf(b, "</text>\n");
	}
}

void heatmap_close(struct sbuf *b, int height, const char *foot)
{
	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#333\">", LEFT, height - 10);
	sbuf_xml(b, foot);
	sbuf_printf(b, "</text>\n</svg>\n");
}

/* The figure around cells c on scale cs: title, grid, legend, footer line. */
static void figure(struct sbuf *b, const struct heatmap_geom *g,
		   const struct metric *m, const struct cells *c,
		   const struct colour_scale *cs, const char *id, const char *title,
		   const char *subtitle, const char *note, const char *foot)
{
	int top = heatmap_top(subtitle, note), grid_h, legend_h, legend_end;
	int width, height, legend_x;

	grid_h = g->rows * g->cell_px;
	legend_h = grid_h < 160 ? 160 : grid_h > 400 ? 400 : grid_h;
	legend_x = heatmap_legend_x(g);
	width = legend_x + LEGEND_W;
	if (width < 640)
		width = 640;
	if (width < heatmap_line_end(LEFT, foot))
		width = heatmap_line_end(LEFT, foot);

	legend_end = top + (cs->empty ? 0 : legend_h + 16) + 14 +
		     (g->zones_per_cell > 1 ? 36 : 0);
	height = (top + grid_h > legend_end ? top + grid_h : legend_end) + 30;
	heatmap_open(b, width, height, title, subtitle, note);
	heatmap_axes(b, g, top);
	draw_cells(b, g, m, c, cs, top);
	draw_legend(b, m, cs, id, g->zones_per_cell, legend_x, top, legend_h);
	heatmap_close(b, height, foot);
}

void heatmap_svg_scaled(struct sbuf *b, const struct snapshot *s,
			const struct metric *m, const struct colour_scale *scale,
			const char *id, const char *title, const char *subtitle,
			const char *note)
{
	struct heatmap_geom g;
	struct colour_scale cs;
	struct cells c = { 0 };
	char foot[256];

	heatmap_geometry(s->nr_zones, HEATMAP_MAX_CELLS, &g);
	if (cells_fill(&c, &g, s, m)) {
		b->oom = 1;
		goto out;
	}
	if (scale)
		cs = *scale;
	else
		colour_scale_fit(&cs, m, c.v, c.defined, g.cells);
	footer(foot, sizeof(foot), s, m, &g, &c);
	figure(b, &g, m, &c, &cs, id ? id : m->id, title, subtitle, note, foot);
out:
	cells_free(&c);
}

void heatmap_svg(struct sbuf *b, const struct snapshot *s,
		 const struct metric *m, const char *title,
		 const char *subtitle, const char *note)
{
	heatmap_svg_scaled(b, s, m, NULL, NULL, title, subtitle, note);
}

int heatmap_pair_scale(const struct snapshot *a, const struct snapshot *c,
		       const struct metric *m, struct colour_scale *cs)
{
	struct heatmap_geom g;
	struct cells ca = { 0 }, cc = { 0 }, both = { 0 };
	int ret = -1;

	heatmap_geometry(a->nr_zones, HEATMAP_MAX_CELLS, &g);
	both.v = calloc(2 * g.cells + 1, sizeof(*both.v));
	both.defined = calloc(2 * g.cells + 1, sizeof(*both.defined));
	if (c->nr_zones == a->nr_zones && both.v && both.defined &&
	    !cells_fill(&ca, &g, a, m) && !cells_fill(&cc, &g, c, m)) {
		memcpy(both.v, ca.v, g.cells * sizeof(*both.v));
		memcpy(both.v + g.cells, cc.v, g.cells * sizeof(*both.v));
		memcpy(both.defined, ca.defined, g.cells * sizeof(*both.defined));
		memcpy(both.defined + g.cells, cc.defined, g.cells * sizeof(*both.defined));
		colour_scale_fit(cs, m, both.v, both.defined, 2 * g.cells);
		ret = 0;
	}
	cells_free(&ca);
	cells_free(&cc);
	cells_free(&both);
	return ret;
}

/* Where the largest rise or fall is: a zone, or a cell's zones. */
static void diff_where(char *out, size_t outlen, const struct heatmap_geom *g,
		       uint64_t i)
{
	if (g->zones_per_cell == 1)
		snprintf(out, outlen, "zone %llu", (unsigned long long)i);
	else
		snprintf(out, outlen, "in a cell, zones %llu-%llu",
			 (unsigned long long)(i * g->zones_per_cell),
			 (unsigned long long)((i + 1) * g->zones_per_cell - 1));
}

/*
 * What the difference adds up to: overall, how many zones rose and fell, and
 * the extremes of the cells the legend colours (a cell is a zone up to 4096).
 */
static void diff_footer(char *out, size_t outlen, const struct snapshot *a,
			const struct snapshot *c, const struct metric *m,
			const struct colour_scale *cs, const struct heatmap_geom *g,
			const struct cells *d)
{
	uint64_t z, i, up = 0, down = 0, iup = 0, idown = 0;
	double dz, dup = 0, ddown = 0, ta, tc;
	int da, dc;
	struct metric_cols mca, mcc;
	char t[48], w[48], where[64];
	size_t n;

	metric_columns(m, a, &mca);
	metric_columns(m, c, &mcc);
	for (z = 0; z < a->nr_zones; z++) {
		dz = metric_value_cols(m, &mcc, c, z, 1, &dc) -
		     metric_value_cols(m, &mca, a, z, 1, &da);
		if (!da || !dc || dz == 0)
			continue;
		if (dz > 0)
			up++;
		else
			down++;
	}
	for (i = 0; i < g->cells; i++) {
		if (!d->defined[i])
			continue;
		if (d->v[i] > dup)
			dup = d->v[i], iup = i;
		if (d->v[i] < ddown)
			ddown = d->v[i], idown = i;
	}
	ta = metric_value(m, a, 0, a->nr_zones, &da);
	tc = metric_value(m, c, 0, c->nr_zones, &dc);
	if (!up && !down) {
		snprintf(out, outlen, "no zone differs");
		return;
	}
	value_format(m, cs, da && dc ? tc - ta : 0, t, sizeof(t));
	n = snprintf(out, outlen, "%s %s; %llu zones higher in B", m->den ? "overall" : "total", t,
		     (unsigned long long)up);
	if (dup > 0 && n < outlen) {
		value_format(m, cs, dup, w, sizeof(w));
		diff_where(where, sizeof(where), g, iup);
		n += snprintf(out + n, outlen - n, " (most %s, %s)", w, where);
	}
	if (n < outlen)
		n += snprintf(out + n, outlen - n, ", %llu lower", (unsigned long long)down);
	if (ddown < 0 && n < outlen) {
		value_format(m, cs, ddown, w, sizeof(w));
		diff_where(where, sizeof(where), g, idown);
		snprintf(out + n, outlen - n, " (most %s, %s)", w, where);
	}
}

int heatmap_diff_svg(struct sbuf *b, const struct snapshot *a,
		     const struct snapshot *c, const struct metric *m,
		     const char *title, const char *note)
{
	struct heatmap_geom g;
	struct colour_scale cs = { 0 };
	struct cells ca = { 0 }, cc = { 0 };
	char foot[256], id[64];
	double span = 0;
	uint64_t i;

	if (a->nr_zones != c->nr_zones)
		return -1;	/* zone by zone needs the same zones */
	heatmap_geometry(a->nr_zones, HEATMAP_MAX_CELLS, &g);
	if (cells_fill(&ca, &g, a, m) || cells_fill(&cc, &g, c, m)) {
		b->oom = 1;
		goto out;
	}
	/* B - A in A's cells; an average needs commands in both runs */
	for (i = 0; i < g.cells; i++) {
		cc.defined[i] = ca.defined[i] && cc.defined[i];
		cc.v[i] = cc.defined[i] ? cc.v[i] - ca.v[i] : 0;
		if (fabs(cc.v[i]) > span)
			span = fabs(cc.v[i]);
	}
	/* symmetric around 0, linear: a rise and a fall of one size look alike */
	cs.diverging = 1;
	cs.empty = span == 0;
	cs.lo = -(span > 0 ? span : 1);
	cs.hi = span > 0 ? span : 1;
	diff_footer(foot, sizeof(foot), a, c, m, &cs, &g, &cc);
	snprintf(id, sizeof(id), "diff-%s", m->id);
	figure(b, &g, m, &cc, &cs, id, title, "", note, foot);
out:
	cells_free(&ca);
	cells_free(&cc);
	return 0;
}
