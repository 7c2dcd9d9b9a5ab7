/* SPDX-License-Identifier: GPL-2.0 */
/* Per-zone heatmaps as SVG: no plotting program needed. */
#ifndef ZNS_STAT_HEATMAP_H
#define ZNS_STAT_HEATMAP_H

#include <stdint.h>

#include "lib/sbuf.h"
#include "model/metrics.h"

struct snapshot;

/* At most this many cells: a 64K-zone map stays a few hundred KB. */
#define HEATMAP_MAX_CELLS	4096

/*
 * The grid: zones in order, row by row. Each cell holds zones_per_cell
 * consecutive zones (a power of two, 1 up to HEATMAP_MAX_CELLS zones); cols is
 * a power of two near sqrt(cells), so row labels are round zone numbers.
 */
struct heatmap_geom {
	uint64_t nr_zones, zones_per_cell, cells;
	unsigned int cols, rows, cell_px;
};

void heatmap_geometry(uint64_t nr_zones, uint64_t max_cells,
		      struct heatmap_geom *g);
/*
 * The grid's labels, for figures of other cells too (owner_svg.c): the grid
 * starts HEATMAP_LEFT px from the left and top px from the top.
 */
#define HEATMAP_LEFT	96	/* row labels and the y-axis title */
void heatmap_axes(struct sbuf *b, const struct heatmap_geom *g, int top);
/* Where the legend right of the grid starts. */
int heatmap_legend_x(const struct heatmap_geom *g);
/* Where the grid starts below the title and the subtitle and note given. */
int heatmap_top(const char *subtitle, const char *note);
/*
 * Every figure's opening: the <svg> of width x height px, its white
 * background, the title, and the subtitle and note where not NULL or "".
 */
void heatmap_open(struct sbuf *b, int width, int height, const char *title,
		  const char *subtitle, const char *note);
/* Where a 12 px line of text at x ends, and a margin: a figure's width at least. */
int heatmap_line_end(int x, const char *line);
/* The footer line at the bottom, and </svg>. */
void heatmap_close(struct sbuf *b, int height, const char *foot);

/* Value -> colour. Log scale when the values span 30x or more. */
struct colour_scale {
	double lo, hi;
	int log;
	int empty;	/* no value above 0: everything is grey */
	int diverging;	/* a difference: -hi..hi, blue to red, 0 grey */
	int ends;	/* lo and hi are the data's own: ticks at both */
};

#define LOG_SPAN	30	/* values spanning this factor get a log scale */

void colour_scale_fit(struct colour_scale *cs, const struct metric *m,
		      const double *v, const int *defined, uint64_t n);
double colour_scale_pos(const struct colour_scale *cs, double v);
int colour_scale_ticks(const struct colour_scale *cs, const struct metric *m,
		       double *ticks, int max);
/*
 * The colour bar of cs, height px high at x, top, in m's units (m->legend its
 * title; id names its gradient, unique in the page), and the grey swatch
 * under it; returns the y below the swatch.
 */
int heatmap_legend(struct sbuf *b, const struct metric *m,
		   const struct colour_scale *cs, const char *id, int x, int top,
		   int height);
/* Viridis at t in [0, 1] as "#rrggbb"; ZERO_COLOUR for 0 / none. */
void colour_at(double t, char out[8]);
#define ZERO_COLOUR	"#cccccc"

/*
 * One figure: title, subtitle (device, geometry, time; NULL on a page that
 * says it once for many figures), an optional note line, the grid with axes,
 * the legend in real units (and what a cell of several zones holds) and a
 * footer.
 */
void heatmap_svg(struct sbuf *b, const struct snapshot *s,
		 const struct metric *m, const char *title,
		 const char *subtitle, const char *note);
/*
 * The same on a given colour scale (NULL: fitted to s); id names its
 * gradient, unique in a page of several figures of m (NULL: m's id).
 */
void heatmap_svg_scaled(struct sbuf *b, const struct snapshot *s,
			const struct metric *m, const struct colour_scale *scale,
			const char *id, const char *title, const char *subtitle,
			const char *note);
/*
 * Two runs of the same zones: one colour scale fitted to both (-1: not the
 * same zone count), and the figure of B - A per cell on a diverging scale.
 */
int heatmap_pair_scale(const struct snapshot *a, const struct snapshot *c,
		       const struct metric *m, struct colour_scale *cs);
int heatmap_diff_svg(struct sbuf *b, const struct snapshot *a,
		     const struct snapshot *c, const struct metric *m,
		     const char *title, const char *note);

#endif
