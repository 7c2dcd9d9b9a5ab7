// SPDX-License-Identifier: GPL-2.0
/*
 * CSV: a header, then one row per zone shown, the namespace in the first
 * column; a status column is its name, then COLUMN_code its code in hex.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/view.h"
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

void output_csv(struct sbuf *b, struct snapshot *snaps, int n,
		const struct view_opts *o)
{
	uint64_t *zones, nr, omitted, k;
	char cell[32];
	int d, i;

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
				else
					sbuf_printf(b, ",%s", s->columns[i]);
			sbuf_printf(b, "\n");
		}
		zones = view_zones(s, o, &nr, &omitted);
		for (k = 0; k < nr; k++) {
			sbuf_printf(b, "%s", s->disk);
			for (i = 0; i < s->nr_columns; i++) {
				view_cell(s, zones[k], i, cell, sizeof(cell));
				sbuf_printf(b, ",%s", cell);
				/* the status by name, then its code */
				if (column_is_status(s->columns[i]))
					sbuf_printf(b, ",%#llx", (unsigned long long)
						    snapshot_row(s, zones[k])[i]);
			}
			sbuf_printf(b, "\n");
		}
		free(zones);
	}
}
