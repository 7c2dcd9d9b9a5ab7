// SPDX-License-Identifier: GPL-2.0
/*
 * The zone-by-owner map. Colours are categorical, not a scale: Okabe-Ito's
 * colour-blind-safe set without its black (mixed is black), given to the
 * cgroups that own the most zones, so the map's big areas are told apart.
 */
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "model/owner_map.h"
#include "source/columns.h"
#include "source/snapshot.h"

const char *const owner_palette[OWNER_PALETTE] = {
	"#e69f00", "#56b4e9", "#009e73", "#f0e442",
	"#0072b2", "#d55e00", "#cc79a7",
};

int owner_map_available(const struct snapshot *s)
{
	return snapshot_column(s, COL_OWNER) >= 0;
}

static int is_cgroup(uint64_t id)
{
	return id && id != ZNS_OWNER_ID_MIXED && id != ZNS_OWNER_ID_UNATTRIBUTED &&
	       id != ZNS_OWNER_ID_OTHER;
}

static int by_zones(const void *a, const void *b)
{
	const struct owner_count *x = a, *y = b;

	if (x->zones != y->zones)
		return x->zones < y->zones ? 1 : -1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static int by_id(const void *a, const void *b)
{
	const struct owner_count *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* One more zone of a cgroup; owners is kept sorted by id while counting. */
static int count_owner(struct owner_map *om, uint64_t id, size_t *room)
{
	struct owner_count key = { .id = id }, *o;
	int i;

	o = bsearch(&key, om->owners, om->nr_owners, sizeof(*o), by_id);
	if (o) {
		o->zones++;
		return 0;
	}
	if ((size_t)om->nr_owners == *room) {
		size_t n = *room ? 2 * *room : 16;

		o = realloc(om->owners, n * sizeof(*o));
		if (!o)
			return -1;
		om->owners = o;
		*room = n;
	}
	for (i = om->nr_owners; i > 0 && om->owners[i - 1].id > id; i--)
		om->owners[i] = om->owners[i - 1];
	om->owners[i].id = id;
	om->owners[i].zones = 1;
	om->nr_owners++;
	return 0;
}

static void count_zone(struct owner_map *om, uint64_t id)
{
	switch (id) {
	case 0: om->none++; break;
	case ZNS_OWNER_ID_MIXED: om->mixed++; break;
	case ZNS_OWNER_ID_UNATTRIBUTED: om->unattributed++; break;
	case ZNS_OWNER_ID_OTHER: om->other++; break;
	}
}

int owner_map_build(struct owner_map *om, const struct snapshot *s,
		    uint64_t zones_per_cell, uint64_t cells)
{
	int col = snapshot_column(s, COL_OWNER), i;
	size_t room = 0;
	uint64_t c, z, id;

	memset(om, 0, sizeof(*om));
	om->zones_per_cell = zones_per_cell;
	om->cells = cells;
	om->cell = calloc(cells ? cells : 1, sizeof(*om->cell));
	if (!om->cell || col < 0)
		return om->cell ? 0 : -1;
	for (z = 0; z < s->nr_zones; z++) {
		id = snapshot_row(s, z)[col];
		if (!is_cgroup(id))
			count_zone(om, id);
		else if (count_owner(om, id, &room))
			return -1;
		c = z / zones_per_cell;
		if (c >= cells || !id)
			continue;
		if (!om->cell[c])
			om->cell[c] = id;
		else if (om->cell[c] != id && om->cell[c] != ZNS_OWNER_ID_MIXED) {
			om->cell[c] = ZNS_OWNER_ID_MIXED;
			om->mixed_cells++;
		}
	}
	qsort(om->owners, om->nr_owners, sizeof(*om->owners), by_zones);
	for (i = OWNER_PALETTE; i < om->nr_owners; i++)
		om->rest_zones += om->owners[i].zones;
	return 0;
}

const char *owner_colour(const struct owner_map *om, uint64_t id)
{
	int i;

	switch (id) {
	case 0: return OWNER_NONE_COLOUR;
	case ZNS_OWNER_ID_MIXED: return OWNER_MIXED_COLOUR;
	case ZNS_OWNER_ID_UNATTRIBUTED: return OWNER_UNATTRIBUTED_COLOUR;
	case ZNS_OWNER_ID_OTHER: return OWNER_OTHER_COLOUR;
	}
	for (i = 0; i < om->nr_owners && i < OWNER_PALETTE; i++)
		if (om->owners[i].id == id)
			return owner_palette[i];
	return OWNER_REST_COLOUR;
}

void owner_map_free(struct owner_map *om)
{
	free(om->cell);
	free(om->owners);
	memset(om, 0, sizeof(*om));
}
