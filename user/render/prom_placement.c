// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "placement" files as Prometheus counters, for zns-stat
 * export: per namespace and placement ID the write commands and their bytes
 * as zns_stat counted them (pid "none": no placement directive; "unlisted":
 * an ID the namespace does not have, which the device puts where it chose).
 */
#include <stdio.h>

#include "render/prom_export.h"

static void family(struct sbuf *b, const char *metric, const char *help,
		   const struct placement_host *h, char **names, int n, int bytes)
{
	int d, r;

	sbuf_printf(b, "# HELP %s %s\n# TYPE %s counter\n", metric, help, metric);
	for (d = 0; d < n; d++) {
		for (r = 0; r < h[d].nr; r++) {
			const struct placement_host_row *row = &h[d].rows[r];
			char id[16];

			sbuf_printf(b, "%s{disk=\"%s\",pid=\"%s\"", metric, names[d],
				    placement_row_name(&row->id, id, sizeof(id)));
			/* none and unlisted have no handle: no ruhid label */
			if (row->id.kind == PROW_PID)
				sbuf_printf(b, ",ruhid=\"%u\"", row->id.ruhid);
			sbuf_printf(b, "} %llu\n",
				    (unsigned long long)(bytes ? row->bytes : row->writes));
		}
	}
}

void prom_placement(struct sbuf *b, const struct placement_host *h, char **names,
		    int n)
{
	if (!n)
		return;
	family(b, "zns_placement_host_writes_total",
	       "Write commands to the namespace per placement ID as zns_stat counted them, exact per command (pid none: without a placement directive; unlisted: an ID the namespace does not have, placed where the device chose).",
	       h, names, n, 0);
	family(b, "zns_placement_host_bytes_total",
	       "Bytes of those write commands per placement ID, exact per command (pid none and unlisted as in zns_placement_host_writes_total).",
	       h, names, n, 1);
}
