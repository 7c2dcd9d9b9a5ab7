// SPDX-License-Identifier: GPL-2.0
/*
 * The zone-by-owner map: the heatmaps' grid and axes, each cell in the
 * colour of the cgroup whose data its zones hold (model/owner_map.c), and a
 * legend of colours, names and zone counts instead of a colour bar.
 */
#include <stdio.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/owner_map.h"
#include "render/heatmap.h"
#include "render/owner_svg.h"
#include "source/snapshot.h"

#define LEGEND_W	300
#define LEGEND_ROW	18
#define NAME_CHARS	34	/* a longer path keeps its end */
#define MAX_TOOLTIPS	1024	/* as the heatmaps */

struct legend_row {
	const char *colour;
	char label[96];
};

static void owner_label(struct legend_row *r, const char *colour, const char *name,
			uint64_t zones)
{
	r->colour = colour;
	snprintf(r->label, sizeof(r->label), "%s: %llu %s", name,
		 (unsigned long long)zones, plural(zones, "zone", "zones"));
}

/* Colour and zone count of every owner that has zones, the palette's first. */
static int legend_rows(const struct owner_map *om, owner_namer *name,
		       struct legend_row *r)
{
	char who[NAME_CHARS + 1];
	int i, n = 0;

	for (i = 0; i < om->nr_owners && i < OWNER_PALETTE; i++) {
		name(om->owners[i].id, who, sizeof(who));
		owner_label(&r[n++], owner_palette[i], who, om->owners[i].zones);
	}
	if (om->nr_owners > OWNER_PALETTE) {
		snprintf(who, sizeof(who), "%d other %s", om->nr_owners - OWNER_PALETTE,
			 plural(om->nr_owners - OWNER_PALETTE, "owner", "owners"));
		owner_label(&r[n++], OWNER_REST_COLOUR, who, om->rest_zones);
	}
	if (om->mixed || om->mixed_cells)
		owner_label(&r[n++], OWNER_MIXED_COLOUR, "mixed", om->mixed);
	if (om->unattributed)
		owner_label(&r[n++], OWNER_UNATTRIBUTED_COLOUR, "unattributed",
			    om->unattributed);
	if (om->other)
		owner_label(&r[n++], OWNER_OTHER_COLOUR, "other (table full)", om->other);
	if (om->none)
		owner_label(&r[n++], OWNER_NONE_COLOUR, "no owner since reset", om->none);
	return n;
}

static void cell_tooltip(struct sbuf *b, const struct owner_map *om,
			 owner_namer *name, uint64_t i)
{
	char who[NAME_CHARS + 1];

	name(om->cell[i], who, sizeof(who));
	if (om->zones_per_cell == 1)
		sbuf_printf(b, "><title>zone %llu: ", (unsigned long long)i);
	else
		sbuf_printf(b, "><title>zones %llu-%llu: ",
			    (unsigned long long)(i * om->zones_per_cell),
			    (unsigned long long)((i + 1) * om->zones_per_cell - 1));
	sbuf_xml(b, om->cell[i] ? who : "no owner");
	sbuf_printf(b, "</title></rect>\n");
}

static void draw_cells(struct sbuf *b, const struct heatmap_geom *g,
		       const struct owner_map *om, owner_namer *name, int top)
{
	int tooltips = g->cells <= MAX_TOOLTIPS;
	unsigned int px = g->cell_px, gap = px >= 16 ? 1 : 0;
	uint64_t i, run;

	sbuf_printf(b, "<g class=\"cells\" stroke=\"none\">\n");
	for (i = 0; i < g->cells; i += run) {
		unsigned int col = i % g->cols, row = i / g->cols;
		const char *fill = owner_colour(om, om->cell[i]);

		run = 1;
		/* without tooltips, equal neighbours in a row are one rect */
		while (!tooltips && col + run < g->cols && i + run < g->cells &&
		       owner_colour(om, om->cell[i + run]) == fill)
			run++;
		sbuf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%llu\" height=\"%u\" fill=\"%s\"",
			    HEATMAP_LEFT + col * px, top + row * px,
			    (unsigned long long)(run * px - gap), px - gap, fill);
		if (tooltips)
			cell_tooltip(b, om, name, i);
		else
			sbuf_printf(b, "/>\n");
	}
	sbuf_printf(b, "</g>\n");
}

/* Swatches and labels; then what a cell of several zones shows. */
static void draw_legend(struct sbuf *b, const struct legend_row *r, int n,
		       uint64_t zones_per_cell, int x, int top)
{
	int i, y = top;

	sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">owner cgroup: zones owned</text>\n<g font-size=\"11\">\n",
		    x, top - 8);
	for (i = 0; i < n; i++, y += LEGEND_ROW) {
		sbuf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"18\" height=\"14\" fill=\"%s\" stroke=\"#666\" stroke-width=\"0.5\"/>\n<text x=\"%d\" y=\"%d\">",
			    x, y, r[i].colour, x + 27, y + 11);
		sbuf_xml(b, r[i].label);
		sbuf_printf(b, "</text>\n");
	}
	sbuf_printf(b, "</g>\n");
	if (zones_per_cell > 1)
		sbuf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"11\">each cell %llu zones: mixed when</text>\n<text x=\"%d\" y=\"%d\" font-size=\"11\">they have different owners</text>\n",
			    x, y + 14, (unsigned long long)zones_per_cell, x, y + 28);
}

/* How many zones have an owner, and the largest. */
static void footer(char *out, size_t outlen, const struct owner_map *om,
		   owner_namer *name, uint64_t nr_zones)
{
	uint64_t owned = nr_zones - om->none;
	char who[NAME_CHARS + 1];

	if (!owned) {
		snprintf(out, outlen, "no zone has an owner: none written since its reset");
		return;
	}
	if (!om->nr_owners) {
		snprintf(out, outlen, "%llu of %llu zones written since their reset, none by one cgroup alone",
			 (unsigned long long)owned, (unsigned long long)nr_zones);
		return;
	}
	name(om->owners[0].id, who, sizeof(who));
	snprintf(out, outlen, "%llu of %llu zones have an owner; %d %s; most: %s (%llu)",
		 (unsigned long long)owned, (unsigned long long)nr_zones,
		 om->nr_owners, plural(om->nr_owners, "cgroup", "cgroups"), who,
		 (unsigned long long)om->owners[0].zones);
}

void owner_map_svg(struct sbuf *b, const struct snapshot *s,
		   owner_namer *name, const char *title, const char *subtitle,
		   const char *note)
{
	struct legend_row rows[OWNER_PALETTE + 5];
	int top = heatmap_top(subtitle, note);
	int n, grid_h, legend_x, legend_end, width, height;
	struct heatmap_geom g;
	struct owner_map om;
	char foot[256];

	if (!owner_map_available(s))
		return;
	heatmap_geometry(s->nr_zones, HEATMAP_MAX_CELLS, &g);
	if (owner_map_build(&om, s, g.zones_per_cell, g.cells)) {
		b->oom = 1;
		owner_map_free(&om);
		return;
	}
	n = legend_rows(&om, name, rows);
	grid_h = g.rows * g.cell_px;
	legend_x = heatmap_legend_x(&g);
	width = legend_x + LEGEND_W < 640 ? 640 : legend_x + LEGEND_W;
	legend_end = top + n * LEGEND_ROW + (g.zones_per_cell > 1 ? 36 : 0);
	height = (top + grid_h > legend_end ? top + grid_h : legend_end) + 30;
	footer(foot, sizeof(foot), &om, name, s->nr_zones);
	if (width < heatmap_line_end(HEATMAP_LEFT, foot))
		width = heatmap_line_end(HEATMAP_LEFT, foot);
	heatmap_open(b, width, height, title, subtitle, note);
	heatmap_axes(b, &g, top);
	draw_cells(b, &g, &om, name, top);
	draw_legend(b, rows, n, g.zones_per_cell, legend_x, top);
	heatmap_close(b, height, foot);
	owner_map_free(&om);
}
