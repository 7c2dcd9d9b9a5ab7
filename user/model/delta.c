// SPDX-License-Identifier: GPL-2.0
/*
 * Differences of two snapshots. Clearing replaces a namespace's whole table at
 * once, so one counter going down means every counter restarted from 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "model/delta.h"
#include "source/columns.h"
#include "source/snapshot.h"

/* Summary keys whose differences make sense (include/zns_stat.h). */
static int summary_is_counter(const char *key, const char *value)
{
	return summary_key_kind(key, value) == ZNS_KEY_COUNTER;
}

static int geometry_changed(const struct snapshot *a, const struct snapshot *b)
{
	const char *za = snapshot_summary(a, "zone_sectors");
	const char *zb = snapshot_summary(b, "zone_sectors");

	return a->nr_zones != b->nr_zones ||
	       (za && zb && strcmp(za, zb));
}

static int went_down(const struct snapshot *before, const struct snapshot *after)
{
	uint64_t z, va, vb;
	int i, c;

	if (geometry_changed(before, after))
		return 1;
	for (i = 0; i < after->nr_columns; i++) {
		if (column_kind(after->columns[i]) != COL_COUNTER)
			continue;
		c = snapshot_column(before, after->columns[i]);
		if (c < 0)
			continue;
		for (z = 0; z < after->nr_zones; z++)
			if (snapshot_row(after, z)[i] < snapshot_row(before, z)[c])
				return 1;
	}
	for (i = 0; i < after->nr_summary; i++) {
		const struct kv *kv = &after->summary[i];

		if (summary_is_counter(kv->key, kv->value) &&
		    !snapshot_summary_u64(after, kv->key, &va) &&
		    !snapshot_summary_u64(before, kv->key, &vb) && va < vb)
			return 1;
	}
	return 0;
}

static void diff_zones(const struct snapshot *before,
		       const struct snapshot *after, struct snapshot *out)
{
	int map[SNAPSHOT_MAX_COLUMNS] = { 0 }, i, ng;
	int count[SNAPSHOT_MAX_COLUMNS] = { 0 };
	unsigned char kind[SNAPSHOT_MAX_COLUMNS];
	struct op_group g[MAX_OP_GROUPS];
	const struct op_group *grp;
	uint64_t z;

	/* an extremum's count column (reset_lat_max_ns: resets), -1: none */
	ng = op_groups((const char * const *)after->columns, after->nr_columns,
		       g, MAX_OP_GROUPS);
	for (i = 0; i < after->nr_columns; i++) {
		map[i] = snapshot_column(before, after->columns[i]);
		grp = op_group_of(g, ng, i);
		count[i] = grp ? grp->count : -1;
	}
	/* out has after's columns: their kinds, resolved once for every zone */
	snapshot_kinds(after, kind);
	for (z = 0; z < after->nr_zones; z++) {
		const uint64_t *a = snapshot_row(after, z);
		const uint64_t *b = snapshot_row(before, z);
		uint64_t *o = snapshot_row(out, z);

		for (i = 0; i < after->nr_columns; i++) {
			o[i] = a[i];
			if (kind[i] == COL_COUNTER && map[i] >= 0)
				o[i] = a[i] - b[map[i]];
		}
		/*
		 * Extrema only where their operation happened (now known); one
		 * without an operation (fill_min_sectors) follows the zone's activity.
		 */
		for (i = 0; i < after->nr_columns; i++) {
			int c = count[i];

			if (kind[i] != COL_EXTREMUM)
				continue;
			if (c >= 0 ? !o[c] : !snapshot_row_active(out, kind, z))
				o[i] = 0;
		}
	}
}

static int diff_summary(const struct snapshot *before,
			const struct snapshot *after, struct snapshot *out,
			int cleared)
{
	char num[32];
	uint64_t va, vb;
	int i;

	for (i = 0; i < after->nr_summary; i++) {
		const struct kv *kv = &after->summary[i];
		const char *value = kv->value;

		if (!cleared && summary_is_counter(kv->key, kv->value) &&
		    !snapshot_summary_u64(after, kv->key, &va) &&
		    !snapshot_summary_u64(before, kv->key, &vb)) {
			snprintf(num, sizeof(num), "%llu",
				 (unsigned long long)(va - vb));
			value = num;
		}
		if (snapshot_set_summary(out, kv->key, value))
			return -1;
	}
	return 0;
}

int delta_compute(const struct snapshot *before, const struct snapshot *after,
		  struct snapshot *out)
{
	int cleared = went_down(before, after);

	if (snapshot_init_like(out, after))
		return -1;
	out->mono = after->mono;
	out->epoch = after->epoch;
	if (cleared)
		memcpy(out->values, after->values,
		       after->nr_zones * after->nr_columns * sizeof(uint64_t));
	else
		diff_zones(before, after, out);
	if (diff_summary(before, after, out, cleared)) {
		snapshot_free(out);
		return -1;
	}
	return cleared;
}
