/* SPDX-License-Identifier: GPL-2.0 */
/* The zone-by-owner map as SVG: each cell in its owner cgroup's colour. */
#ifndef ZNS_STAT_OWNER_SVG_H
#define ZNS_STAT_OWNER_SVG_H

#include <stddef.h>
#include <stdint.h>

struct sbuf;
struct snapshot;

/* An owner_cgroup value as the figure names it (cgroup_names.h). */
typedef void owner_namer(uint64_t id, char *out, size_t n);

/*
 * The figure on the heatmaps' grid, with a legend of the owners, their
 * colours and zone counts; subtitle and note as heatmap_svg(). Nothing
 * when s has no owner_cgroup column.
 */
void owner_map_svg(struct sbuf *b, const struct snapshot *s,
		   owner_namer *name, const char *title, const char *subtitle,
		   const char *note);

#endif
