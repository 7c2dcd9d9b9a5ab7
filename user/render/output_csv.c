// SPDX-License-Identifier: GPL-2.0
/*
 * CSV: a header, then one row per zone shown, the namespace in the first
 * column; a status column is its name, then COLUMN_code its code in hex.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "model/view.h"
#include "source/cgroup_names.h"
#include "source/columns.h"
#include "source/snapshot.h"

static int same_columns(const struct snapshot *a, const struct snapshot *b)
{
	int i;

	if (a->nr_columns != b->nr_columns)
		return 0;
	for (i = 0; i < a->nr_columns; i++)
		if (strcmp(a->columns[i], b->columns[i]))
			return 0;
	return 1;
}

/* A status's code as nvme-cli writes it: "0x1bc", "0x0" for none. */
static void put_code(struct sbuf *b, uint64_t v)
{
	char hex[24];

	hex[0] = ',';
	sbuf_put(b, hex, fmt_hex(hex + 1, sizeof(hex) - 1, v) + 1);
}

/*
 * A zone's owner: the cgroup's id (empty when the owner is a word, never
 * the module's sentinel), then its name as the table says it.
 */
static void put_owner(struct sbuf *b, uint64_t v)
{
	char name[4096];

	if (cgroup_owner_is_id(v))
		sbuf_printf(b, ",%llu", (unsigned long long)v);
	else
		sbuf_put(b, ",", 1);
	cgroup_owner_name(v, name, sizeof(name));
	sbuf_put(b, ",", 1);
	sbuf_csv(b, name);
}

void output_csv(struct sbuf *b, struct snapshot *snaps, int n,
		const struct view_opts *o)
{
	uint64_t *zones, nr, omitted, k, v;
	char cell[32];
	/* per column, resolved once: 0 a number, 1 a name, 2 a status, 3 the owner */
	unsigned char named[SNAPSHOT_MAX_COLUMNS];
	int d, i, len;

	for (d = 0; d < n; d++) {
		const struct snapshot *s = &snaps[d];

		/* A namespace with other columns starts a new header block. */
		if (!d || !same_columns(s, &snaps[d - 1])) {
			if (d)
				sbuf_printf(b, "\n");
			sbuf_printf(b, "disk");
			for (i = 0; i < s->nr_columns; i++)
				if (column_is_status(s->columns[i]))
					sbuf_printf(b, ",%s,%s_code", s->columns[i],
						    s->columns[i]);
				else if (!strcmp(s->columns[i], COL_OWNER))
					sbuf_printf(b, ",%s,owner", COL_OWNER);
				else
					sbuf_printf(b, ",%s", s->columns[i]);
			sbuf_printf(b, "\n");
		}
		for (i = 0; i < s->nr_columns; i++)
			named[i] = !strcmp(s->columns[i], COL_OWNER) ? 3 :
				   column_is_status(s->columns[i]) ? 2 :
				   !strcmp(s->columns[i], COL_COND) ||
				   !strcmp(s->columns[i], COL_HOST_COND);
		zones = view_zones(s, o, &nr, &omitted);
		for (k = 0; k < nr; k++) {
			sbuf_put(b, s->disk, strlen(s->disk));
			for (i = 0; i < s->nr_columns; i++) {
				v = snapshot_row(s, zones[k])[i];
				cell[0] = ',';
				if (named[i] == 3) {
					put_owner(b, v);
					continue;
				} else if (named[i]) {
					view_cell(s, zones[k], i, cell + 1, sizeof(cell) - 1);
					len = strlen(cell);
				} else {
					len = fmt_u64(cell + 1, sizeof(cell) - 1, v) + 1;
				}
				sbuf_put(b, cell, len);
				/* the status by name, then its code */
				if (named[i] == 2)
					put_code(b, v);
			}
			sbuf_put(b, "\n", 1);
		}
		free(zones);
	}
}
