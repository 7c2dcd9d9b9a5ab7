// SPDX-License-Identifier: GPL-2.0
/* Which zones an output shows: those with activity (or all), busiest first when limited. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "model/view.h"
#include "source/cgroup_names.h"
#include "source/columns.h"
#include "source/snapshot.h"

/* The lifecycle's counters (fills at reset, finish waste) are no I/O. */
static int lifecycle_column(const char *name)
{
	return !strncmp(name, "fill_", 5) || !strncmp(name, "finish_", 7);
}

/* What a column adds to a zone's busy key: data, commands or nothing. */
enum { BUSY_NONE, BUSY_DATA, BUSY_CMDS };

static void busy_columns(const struct snapshot *s, unsigned char *what)
{
	int i;

	for (i = 0; i < s->nr_columns; i++) {
		const char *c = s->columns[i];

		if (column_kind(c) != COL_COUNTER || column_unit(c) == UNIT_NS ||
		    lifecycle_column(c))
			what[i] = BUSY_NONE;
		else
			what[i] = column_unit(c) == UNIT_SECTORS ? BUSY_DATA : BUSY_CMDS;
	}
}

/* Busy: sectors the zone's commands moved, then its commands. */
static void busy_key(const struct snapshot *s, const unsigned char *what,
		     uint64_t z, uint64_t *data, uint64_t *cmds)
{
	const uint64_t *row = snapshot_row(s, z);
	int i;

	*data = *cmds = 0;
	for (i = 0; i < s->nr_columns; i++) {
		if (what[i] == BUSY_DATA)
			*data += row[i];
		else if (what[i] == BUSY_CMDS)
			*cmds += row[i];
	}
}

static int busier(uint64_t da, uint64_t ca, uint64_t a, uint64_t db,
		  uint64_t cb, uint64_t b)
{
	if (da != db)
		return da > db;
	if (ca != cb)
		return ca > cb;
	return a < b;	/* a stable order: the lower zone first */
}

int zone_busier(const struct snapshot *s, uint64_t a, uint64_t b)
{
	unsigned char what[SNAPSHOT_MAX_COLUMNS];
	uint64_t da, ca, db, cb;

	busy_columns(s, what);
	busy_key(s, what, a, &da, &ca);
	busy_key(s, what, b, &db, &cb);
	return busier(da, ca, a, db, cb, b);
}

static int cmp_busy(const void *pa, const void *pb)
{
	const struct zone_busy *a = pa, *b = pb;

	return a->zone == b->zone ? 0 :
	       busier(a->data, a->cmds, a->zone, b->data, b->cmds, b->zone) ? -1 : 1;
}

static int cmp_zone(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

void zones_busiest(struct zone_busy *b, uint64_t nr, uint64_t n,
		   uint64_t *zones)
{
	uint64_t k;

	qsort(b, nr, sizeof(*b), cmp_busy);
	for (k = 0; k < n; k++)
		zones[k] = b[k].zone;
	qsort(zones, n, sizeof(*zones), cmp_zone);
}

/* The n busiest of zones[], in zone order; -1 out of memory. */
static int keep_busiest(const struct snapshot *s, uint64_t *zones, uint64_t nr,
			uint64_t n)
{
	unsigned char what[SNAPSHOT_MAX_COLUMNS];
	struct zone_busy *b = malloc((nr ? nr : 1) * sizeof(*b));
	uint64_t k;

	if (!b)
		return -1;
	busy_columns(s, what);
	for (k = 0; k < nr; k++) {
		b[k].zone = zones[k];
		busy_key(s, what, zones[k], &b[k].data, &b[k].cmds);
	}
	zones_busiest(b, nr, n, zones);
	free(b);
	return 0;
}

uint64_t *view_zones(const struct snapshot *s, const struct view_opts *o,
		     uint64_t *nr, uint64_t *omitted)
{
	uint64_t *zones = malloc((s->nr_zones ? s->nr_zones : 1) * sizeof(*zones));
	unsigned char kind[SNAPSHOT_MAX_COLUMNS];
	uint64_t z, n = 0;

	*nr = *omitted = 0;
	if (!zones)
		return NULL;
	snapshot_kinds(s, kind);
	for (z = 0; z < s->nr_zones; z++)
		if (o->all || snapshot_row_active(s, kind, z))
			zones[n++] = z;
	if (o->max_zones >= 0 && n > (uint64_t)o->max_zones) {
		if (keep_busiest(s, zones, n, o->max_zones)) {
			free(zones);
			return NULL;
		}
		*omitted = n - o->max_zones;
		n = o->max_zones;
	}
	*nr = n;
	if (!n) {
		free(zones);
		return NULL;
	}
	return zones;
}

uint64_t view_omitted(const struct snapshot *s, const struct view_opts *o)
{
	unsigned char kind[SNAPSHOT_MAX_COLUMNS];
	uint64_t z, n = 0;

	if (o->max_zones < 0)
		return 0;
	snapshot_kinds(s, kind);
	for (z = 0; z < s->nr_zones; z++)
		if (o->all || snapshot_row_active(s, kind, z))
			n++;
	return n > (uint64_t)o->max_zones ? n - o->max_zones : 0;
}

void view_cell(const struct snapshot *s, uint64_t zone, int col, char *out,
	       int outlen)
{
	uint64_t v = snapshot_row(s, zone)[col];

	if (!strcmp(s->columns[col], COL_COND))
		fmt_str(out, outlen, zone_cond_name(v));
	else if (!strcmp(s->columns[col], COL_HOST_COND))
		fmt_str(out, outlen, v ? zone_cond_name(v) : "unknown");
	else if (column_is_status(s->columns[col]))
		fmt_str(out, outlen, status_key(v));
	else
		fmt_u64(out, outlen, v);
}

void view_cell_human(const struct snapshot *s, uint64_t zone, int col,
		     char *out, int outlen)
{
	char code[32];

	if (column_is_status(s->columns[col]))
		fmt_str(out, outlen, status_name(snapshot_row(s, zone)[col],
						 code, sizeof(code)));
	else if (!strcmp(s->columns[col], COL_OWNER))
		cgroup_owner_name(snapshot_row(s, zone)[col], out, outlen);
	else
		view_cell(s, zone, col, out, outlen);
}

void fmt_time(char *out, int outlen, double epoch)
{
	/* UTC and Z, as jq's todate writes it: one form in every view */
	if (fmt_rfc3339(out, outlen, (int64_t)epoch, 0, 0) < 0)
		snprintf(out, outlen, "-");
}
