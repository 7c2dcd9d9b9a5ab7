/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who owns each zone, by cell of a heatmap grid: the zones' owner_cgroup
 * (a cgroup id or ZNS_OWNER_ID_*), each cgroup's zone count, and which
 * cgroups get a colour of their own.
 */
#ifndef ZNS_STAT_OWNER_MAP_H
#define ZNS_STAT_OWNER_MAP_H

#include <stdint.h>

struct snapshot;

/* Colours for this many cgroups; the rest share one. */
#define OWNER_PALETTE	7

struct owner_count {
	uint64_t id;		/* a cgroup id */
	uint64_t zones;		/* zones it owns */
};

struct owner_map {
	uint64_t zones_per_cell, cells;
	/*
	 * Per cell: the owner of its owned zones when they share one (zones
	 * with no owner aside), ZNS_OWNER_ID_MIXED when they do not, 0 when
	 * none of its zones has an owner.
	 */
	uint64_t *cell;
	struct owner_count *owners;	/* most zones first, then by id */
	int nr_owners;
	/* zones of no cgroup: no owner since reset, mixed, unattributed, other */
	uint64_t none, mixed, unattributed, other;
	uint64_t rest_zones;		/* zones of the owners beyond the palette */
	uint64_t mixed_cells;		/* cells whose zones have different owners */
};

/* The snapshot has the owner_cgroup column (a module of issue 28 or later). */
int owner_map_available(const struct snapshot *s);
/* -1 when out of memory; cells of zones_per_cell zones. */
int owner_map_build(struct owner_map *om, const struct snapshot *s,
		    uint64_t zones_per_cell, uint64_t cells);
/*
 * An owner's colour ("#rrggbb"): the palette's for the OWNER_PALETTE
 * largest cgroups, the rest's for the others, fixed ones for mixed,
 * unattributed and other, grey for none.
 */
const char *owner_colour(const struct owner_map *om, uint64_t id);
void owner_map_free(struct owner_map *om);

/* The colours, for the legend. */
extern const char *const owner_palette[OWNER_PALETTE];
#define OWNER_REST_COLOUR		"#dfc27d"	/* light tan */
#define OWNER_MIXED_COLOUR		"#000000"
#define OWNER_UNATTRIBUTED_COLOUR	"#6e6e6e"	/* dark grey */
#define OWNER_OTHER_COLOUR		"#8c510a"	/* brown */
#define OWNER_NONE_COLOUR		"#cccccc"	/* the heatmaps' grey for 0 */

#endif
