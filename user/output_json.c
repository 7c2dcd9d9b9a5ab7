// SPDX-License-Identifier: GPL-2.0
/* JSON: one document for all namespaces, one zone object per line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../include/zns_stat.h"
#include "columns.h"
#include "snapshot.h"
#include "view.h"

static int is_number(const char *s)
{
	if (!*s)
		return 0;
	if (*s == '0' && s[1])
		return 0;	/* JSON has no leading zeros */
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

static void json_zone(struct sbuf *b, const struct snapshot *s, uint64_t z)
{
	char cell[32];
	int i;

	sbuf_printf(b, "{");
	for (i = 0; i < s->nr_columns; i++) {
		sbuf_printf(b, "%s", i ? ", " : "");
		sbuf_json_str(b, s->columns[i]);
		view_cell(s, z, i, cell, sizeof(cell));
		if (column_is_status(s->columns[i])) {
			/* by name, the code beside it */
			sbuf_printf(b, ": ");
			sbuf_json_str(b, cell);
			sbuf_printf(b, ", \"%s_code\": %llu", s->columns[i],
				    (unsigned long long)snapshot_row(s, z)[i]);
		} else if (!strcmp(s->columns[i], COL_COND) ||
			   !strcmp(s->columns[i], COL_HOST_COND)) {
			sbuf_printf(b, ": ");
			sbuf_json_str(b, cell);
		} else {
			sbuf_printf(b, ": %s", cell);
		}
	}
	sbuf_printf(b, "}");
}

static void json_disk(struct sbuf *b, const struct snapshot *s,
		      const struct view_opts *o)
{
	uint64_t *zones, nr, omitted, k;
	int i;

	sbuf_printf(b, "    {\n      \"disk\": ");
	sbuf_json_str(b, s->disk);
	sbuf_printf(b, ",\n      \"nr_zones\": %llu,\n      \"summary\": {",
		    (unsigned long long)s->nr_zones);
	for (i = 0; i < s->nr_summary; i++) {
		const struct kv *kv = &s->summary[i];

		sbuf_printf(b, "%s\n        ", i ? "," : "");
		sbuf_json_str(b, kv->key);
		sbuf_printf(b, ": ");
		if (is_number(kv->value))
			sbuf_printf(b, "%s", kv->value);
		else
			sbuf_json_str(b, kv->value);
	}
	zones = view_zones(s, o, &nr, &omitted);
	sbuf_printf(b, "\n      },\n      \"zones_omitted\": %llu,\n      \"zones\": [",
		    (unsigned long long)omitted);
	for (k = 0; k < nr; k++) {
		sbuf_printf(b, "%s\n        ", k ? "," : "");
		json_zone(b, s, zones[k]);
	}
	sbuf_printf(b, "%s]\n    }", nr ? "\n      " : "");
	free(zones);
}

void output_json(struct sbuf *b, struct snapshot *snaps, int n,
		 const struct view_opts *o)
{
	char when[64];
	int d;

	fmt_time(when, sizeof(when), n ? snaps[0].epoch : (double)time(NULL));
	sbuf_printf(b, "{\n  \"version\": \"%s\",\n  \"time\": \"%s\",\n  \"disks\": [",
		    ZNS_STAT_VERSION, when);
	for (d = 0; d < n; d++) {
		sbuf_printf(b, "%s\n", d ? "," : "");
		json_disk(b, &snaps[d], o);
	}
	sbuf_printf(b, "%s]\n}\n", n ? "\n  " : "");
}
