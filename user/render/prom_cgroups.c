// SPDX-License-Identifier: GPL-2.0
/*
 * The cgroups files as Prometheus families: per cgroup and operation,
 * commands, bytes, the latency sum in seconds and errors (counters), and
 * the zones each cgroup owns now (a gauge). The module's table is bounded
 * (cgroup_slots, then "other"), so the series are too; a row that counted
 * nothing, and an operation a row never did, are left out.
 */
#include <stdio.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "model/cg_model.h"
#include "render/cgroups_out.h"

void prom_label_value(struct sbuf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			sbuf_printf(b, "\\%c", *s);
		else if (*s == '\n')
			sbuf_printf(b, "\\n");
		else
			sbuf_printf(b, "%c", *s);
	}
}

static void labels(struct sbuf *b, const char *disk, const struct cg_row *r)
{
	sbuf_printf(b, "{disk=\"%s\",cgroup=\"", disk);
	prom_label_value(b, r->path);
	/* (unattributed), (other), (mixed): a word, no id (the module's 0) */
	if (r->id)
		sbuf_printf(b, "\",id=\"%llu\"", (unsigned long long)r->id);
	else
		sbuf_printf(b, "\"");
}

static int op_used(const struct cg_row *r, int op)
{
	int f;

	for (f = 0; f < CG_NR_FIELDS; f++)
		if (r->v[op][f])
			return 1;
	return 0;
}

static const struct {
	const char *metric, *help;
	int field;
} families[] = {
	{ "zns_cgroup_commands_total", "Commands completed, by the cgroup their bio was charged to and operation.", CG_COMMANDS },
	{ "zns_cgroup_bytes_total", "Bytes of completed commands, by cgroup and operation.", CG_SECTORS },
	{ "zns_cgroup_latency_seconds_total", "Sum of completed commands' latencies, by cgroup and operation.", CG_LAT_SUM_NS },
	{ "zns_cgroup_errors_total", "Failed commands, by cgroup and operation.", CG_ERRORS },
};

static void family(struct sbuf *b, const struct cg_table *t, int n, int i)
{
	int field = families[i].field, d, k, op;
	char sec[32];

	sbuf_printf(b, "# HELP %s %s\n# TYPE %s counter\n", families[i].metric,
		    families[i].help, families[i].metric);
	for (d = 0; d < n; d++)
		for (k = 0; k < t[d].nr_rows; k++) {
			const struct cg_row *r = &t[d].rows[k];

			if (!cg_row_counted(r))
				continue;
			for (op = 0; op < ZNS_NR_OPS; op++) {
				uint64_t v = r->v[op][field];

				if (!t[d].has[op][field] || !op_used(r, op))
					continue;
				sbuf_printf(b, "%s", families[i].metric);
				labels(b, t[d].disk, r);
				sbuf_printf(b, ",op=\"%s\"} ", zns_op_names[op]);
				if (field == CG_SECTORS) {
					sbuf_printf(b, "%llu\n", (unsigned long long)v * 512);
				} else if (field == CG_LAT_SUM_NS) {
					fmt_seconds(sec, sizeof(sec), v);
					sbuf_printf(b, "%s\n", sec);
				} else {
					sbuf_printf(b, "%llu\n", (unsigned long long)v);
				}
			}
		}
}

void prom_cgroups(struct sbuf *b, const struct cg_table *t, int n)
{
	int i, d, k;

	if (!n)
		return;
	for (i = 0; i < (int)(sizeof(families) / sizeof(families[0])); i++)
		family(b, t, n, i);
	sbuf_printf(b, "# HELP zns_cgroup_zones_owned Zones whose data since their last reset is this cgroup's (mixed: two or more cgroups').\n"
		    "# TYPE zns_cgroup_zones_owned gauge\n");
	for (d = 0; d < n; d++)
		for (k = 0; k < t[d].nr_rows; k++) {
			const struct cg_row *r = &t[d].rows[k];

			if (!r->zones_owned && !cg_row_counted(r))
				continue;
			sbuf_printf(b, "zns_cgroup_zones_owned");
			labels(b, t[d].disk, r);
			sbuf_printf(b, "} %llu\n", (unsigned long long)r->zones_owned);
		}
}
