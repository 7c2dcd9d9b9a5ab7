// SPDX-License-Identifier: GPL-2.0
/* JSON: one document for all namespaces, its values written by json-c (json_out.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../include/zns_stat.h"
#include "model/view.h"
#include "render/json_out.h"
#include "source/cgroup_names.h"
#include "source/columns.h"
#include "source/snapshot.h"

static struct json_object *json_zone(const struct snapshot *s, uint64_t z)
{
	struct json_object *o = json_object_new_object();
	char cell[32];
	int i;

	for (i = 0; i < s->nr_columns; i++) {
		const char *c = s->columns[i];
		uint64_t v = snapshot_row(s, z)[i];

		view_cell(s, z, i, cell, sizeof(cell));
		if (column_is_status(c)) {
			/* by name, the code beside it */
			char key[64];

			json_set(o, c, json_object_new_string(cell));
			snprintf(key, sizeof(key), "%s_code", c);
			json_set(o, key, json_code(v));
		} else if (!strcmp(c, "host_cond_time_ns")) {
			/* a time in ns (2^60): a string; null: never seen */
			json_set(o, c, v ? json_id(v) : NULL);
		} else if (!strcmp(c, COL_OWNER)) {
			/* the id a cgroup has, else null; the owner in words */
			char owner[4096];

			json_set(o, c, cgroup_owner_is_id(v) ? json_id(v) : NULL);
			cgroup_owner_name(v, owner, sizeof(owner));
			json_set(o, "owner", json_object_new_string(owner));
		} else if (!strcmp(c, COL_COND) || !strcmp(c, COL_HOST_COND)) {
			json_set(o, c, json_object_new_string(cell));
		} else {
			json_set(o, c, json_object_new_uint64(v));
		}
	}
	return o;
}

/*
 * One namespace, streamed: its fields and summary are json-c objects, and
 * so is each zone, written and freed one at a time, so a 65,536-zone
 * namespace does not hold millions of objects at once; only the brackets
 * between them are written here.
 */
static void json_disk(struct sbuf *b, const struct snapshot *s,
		      const struct view_opts *o)
{
	struct json_object *sum = json_object_new_object();
	uint64_t *zones, nr, omitted, k;
	int i;

	for (i = 0; i < s->nr_summary; i++)
		json_set(sum, s->summary[i].key,
			 json_number_or_string(s->summary[i].value));
	zones = view_zones(s, o, &nr, &omitted);
	sbuf_printf(b, "    {\n      \"disk\": ");
	json_write(b, json_object_new_string(s->disk), 0);
	sbuf_printf(b, ",\n      \"nr_zones\": %llu,\n      \"summary\": ",
		    (unsigned long long)s->nr_zones);
	json_write(b, sum, 0);
	sbuf_printf(b, ",\n      \"zones_omitted\": %llu,\n      \"zones\": [",
		    (unsigned long long)omitted);
	for (k = 0; k < nr; k++) {
		sbuf_printf(b, "%s\n        ", k ? "," : "");
		json_write(b, json_zone(s, zones[k]), 0);
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
	sbuf_printf(b, "{\n  \"version\": ");
	json_write(b, json_object_new_string(ZNS_STAT_VERSION), 0);
	sbuf_printf(b, ",\n  \"time\": ");
	json_write(b, json_object_new_string(when), 0);
	sbuf_printf(b, ",\n  \"disks\": [");
	for (d = 0; d < n; d++) {
		sbuf_printf(b, "%s\n", d ? "," : "");
		json_disk(b, &snaps[d], o);
	}
	sbuf_printf(b, "%s]\n}\n", n ? "\n  " : "");
}
