// SPDX-License-Identifier: GPL-2.0
/*
 * Prometheus text exposition format, for node_exporter's textfile collector.
 * Base units as Prometheus wants them: sectors become bytes, nanoseconds
 * seconds, counters end in _total. Every sample of a metric follows its one
 * HELP/TYPE pair, so the loops go metric, then namespace, then zone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/view.h"
#include "render/cgroups_out.h"
#include "source/cgroup_names.h"
#include "source/columns.h"
#include "source/snapshot.h"

/*
 * Metric name (after "zns_" or "zns_zone_") of a column or summary key;
 * counters (column_kind, summary_key_kind) end in _total.
 */
static void prom_name(const char *col, char *out, int outlen, int counter)
{
	int n = strlen(col), unit = column_unit(col);

	if (!strcmp(col, COL_COND)) {	/* the condition in labels, value 1 */
		snprintf(out, outlen, "condition_info");
		return;
	}
	if (!strcmp(col, COL_HOST_COND)) {
		snprintf(out, outlen, "host_condition_info");
		return;
	}
	if (!strcmp(col, COL_OWNER)) {	/* the cgroup in labels, value 1 */
		snprintf(out, outlen, "owner_info");
		return;
	}
	if (!strcmp(col, COL_WPTR)) {
		snprintf(out, outlen, "write_pointer_bytes");
		return;
	}
	if (!strcmp(col, COL_CAP)) {
		snprintf(out, outlen, "capacity_bytes");
		return;
	}
	if (column_is_status(col)) {	/* the status in labels, value 1 */
		snprintf(out, outlen, "%s_info", col);
		return;
	}
	if (unit == UNIT_SECTORS)
		snprintf(out, outlen, "%.*s_bytes", n - 8, col);
	else if (unit == UNIT_NS)
		snprintf(out, outlen, "%.*s_seconds", n - 3, col);
	else
		snprintf(out, outlen, "%s", col);
	if (counter)
		strncat(out, "_total", outlen - strlen(out) - 1);
}

/* The zone report's condition and the host's: names, in labels like a status. */
static int is_condition(const char *col)
{
	return !strcmp(col, COL_COND) || !strcmp(col, COL_HOST_COND);
}

/*
 * A zone's owner: ,owner="/a.service" (or mixed, unattributed, other;
 * none: no owner since the last reset; the id when no cgroup2 directory
 * has it) and the id itself, as labels of a series of value 1.
 */
static void owner_labels(struct sbuf *b, uint64_t v)
{
	char name[4096];

	cgroup_owner_name(v, name, sizeof(name));
	sbuf_printf(b, ",owner=\"");
	prom_label_value(b, name);
	/* an id only where a cgroup has one: no sentinel number for a word */
	if (cgroup_owner_is_id(v))
		sbuf_printf(b, "\",id=\"%llu\"} 1\n", (unsigned long long)v);
	else
		sbuf_printf(b, "\"} 1\n");
}

static void prom_value(struct sbuf *b, const char *col, uint64_t v)
{
	char sec[32];

	switch (column_unit(col)) {
	case UNIT_SECTORS:
		sbuf_printf(b, "%llu\n", (unsigned long long)v * 512);
		return;
	case UNIT_NS:
		fmt_seconds(sec, sizeof(sec), v);
		sbuf_printf(b, "%s\n", sec);
		return;
	default:
		sbuf_printf(b, "%llu\n", (unsigned long long)v);
	}
}

static void prom_head(struct sbuf *b, const char *metric, const char *help,
		      const char *what, int counter)
{
	sbuf_printf(b, "# HELP %s %s%s\n# TYPE %s %s\n", metric, what,
		    help ? help : "zns_stat summary value.", metric,
		    counter ? "counter" : "gauge");
}

/* Column names over all namespaces, in order of first appearance. */
static int union_columns(struct snapshot *snaps, int n, const char **cols)
{
	int nr = 0, d, i, j;

	for (d = 0; d < n; d++) {
		for (i = 0; i < snaps[d].nr_columns; i++) {
			const char *c = snaps[d].columns[i];

			for (j = 0; j < nr && strcmp(cols[j], c); j++)
				;
			if (j == nr && nr < SNAPSHOT_MAX_COLUMNS)
				cols[nr++] = c;
		}
	}
	return nr;
}

static void prom_zones(struct sbuf *b, struct snapshot *snaps, int n,
		       uint64_t **zones, uint64_t *nr)
{
	const char *cols[SNAPSHOT_MAX_COLUMNS];
	int nc = union_columns(snaps, n, cols), i, d, counter, c;
	char name[160], cond[32];
	uint64_t k;

	for (i = 0; i < nc; i++) {
		if (column_kind(cols[i]) == COL_ID)
			continue;
		counter = column_kind(cols[i]) == COL_COUNTER;
		prom_name(cols[i], name, sizeof(name), counter);
		sbuf_printf(b, "# HELP zns_zone_%s %s\n# TYPE zns_zone_%s %s\n",
			    name, column_help(cols[i]) ? column_help(cols[i]) :
			    "zns_stat per-zone column.", name,
			    counter ? "counter" : "gauge");
		for (d = 0; d < n; d++) {
			c = snapshot_column(&snaps[d], cols[i]);
			if (c < 0)
				continue;
			for (k = 0; k < nr[d]; k++) {
				uint64_t v = snapshot_row(&snaps[d], zones[d][k])[c];

				sbuf_printf(b, "zns_zone_%s{disk=\"%s\",zone=\"%llu\"",
					    name, snaps[d].disk,
					    (unsigned long long)zones[d][k]);
				/* a code is no quantity: a label, never a value */
				if (column_is_status(cols[i])) {
					sbuf_printf(b, ",status=\"%s\",code=\"0x%llx\"} 1\n",
						    status_key(v), (unsigned long long)v);
					continue;
				}
				if (!strcmp(cols[i], COL_OWNER)) {
					owner_labels(b, v);
					continue;
				}
				if (is_condition(cols[i])) {
					view_cell(&snaps[d], zones[d][k], c, cond,
						  sizeof(cond));
					sbuf_printf(b, ",condition=\"%s\",code=\"%llu\"} 1\n",
						    cond, (unsigned long long)v);
					continue;
				}
				sbuf_printf(b, "} ");
				prom_value(b, cols[i], v);
			}
		}
	}
}

/* One namespace-wide metric from a summary key, for every namespace. */
static void prom_key(struct sbuf *b, struct snapshot *snaps, int n,
		     const char *key, const char *metric, const char *help,
		     uint64_t scale)
{
	int d, first = 1;
	uint64_t v;

	for (d = 0; d < n; d++) {
		if (snapshot_summary_u64(&snaps[d], key, &v))
			continue;
		if (first)
			prom_head(b, metric, help, "", 0);
		first = 0;
		sbuf_printf(b, "%s{disk=\"%s\"} %llu\n", metric, snaps[d].disk,
			    (unsigned long long)(v * scale));
	}
}

static void prom_summary(struct sbuf *b, struct snapshot *snaps, int n)
{
	static const char * const geometry[] = {
		"format_version", "nr_zones", "zone_sectors", "lba_bytes",
	};
	const char *done[SNAPSHOT_MAX_KEYS * 2];
	int nd = 0, d, i, j, e, counter;
	char name[160], metric[200];
	uint64_t v;

	prom_key(b, snaps, n, "nr_zones", "zns_zones", "Zones of the namespace.", 1);
	prom_key(b, snaps, n, "zone_sectors", "zns_zone_size_bytes", "Size of each zone.", 512);
	prom_key(b, snaps, n, "lba_bytes", "zns_lba_bytes", "Logical block size.", 1);
	for (d = 0; d < n; d++) {
		for (i = 0; i < snaps[d].nr_summary; i++) {
			const char *key = snaps[d].summary[i].key;

			for (j = 0; j < 4 && strcmp(key, geometry[j]); j++)
				;
			for (e = 0; e < nd && strcmp(done[e], key); e++)
				;
			if (j < 4 || e < nd || nd == SNAPSHOT_MAX_KEYS * 2 ||
			    snapshot_summary_u64(&snaps[d], key, &v))
				continue;
			done[nd++] = key;
			counter = summary_key_kind(key, snaps[d].summary[i].value) ==
				  ZNS_KEY_COUNTER;
			prom_name(key, name, sizeof(name), counter);
			snprintf(metric, sizeof(metric), "zns_%s", name);
			prom_head(b, metric, column_help(key),
				  snapshot_column(&snaps[d], key) >= 0 ?
				  "All zones: " : "", counter);
			for (e = d; e < n; e++) {
				if (snapshot_summary_u64(&snaps[e], key, &v))
					continue;
				sbuf_printf(b, "%s{disk=\"%s\"} ", metric, snaps[e].disk);
				prom_value(b, key, v);
			}
		}
	}
}

void output_prom_zones(struct sbuf *b, struct snapshot *snaps, int n,
		       const struct view_opts *o)
{
	uint64_t **zones = calloc(n ? n : 1, sizeof(*zones));
	uint64_t *nr = calloc(n ? n : 1, sizeof(*nr));
	uint64_t *omitted = calloc(n ? n : 1, sizeof(*omitted));
	int d;

	if (!zones || !nr || !omitted) {
		b->oom = 1;
		goto out;
	}
	for (d = 0; d < n; d++)
		zones[d] = view_zones(&snaps[d], o, &nr[d], &omitted[d]);
	prom_zones(b, snaps, n, zones, nr);
	if (n)
		prom_head(b, "zns_zones_omitted",
			  "Zones left out of the per-zone series, the busiest kept (--max-zones): of those with activity, or of all with --all.",
			  "", 0);
	for (d = 0; d < n; d++)
		sbuf_printf(b, "zns_zones_omitted{disk=\"%s\"} %llu\n",
			    snaps[d].disk, (unsigned long long)omitted[d]);
out:
	for (d = 0; zones && d < n; d++)
		free(zones[d]);
	free(zones);
	free(nr);
	free(omitted);
}

void output_prom_left_out(struct sbuf *b, const struct snapshot *snaps, int n,
			  const struct view_opts *o)
{
	uint64_t omitted, sum = 0;
	int d, named = 0;

	for (d = 0; d < n; d++) {
		omitted = view_omitted(&snaps[d], o);
		if (!omitted)
			continue;
		sbuf_printf(b, "%s%s", named++ ? ", " : "", snaps[d].disk);
		sum += omitted;
	}
	if (sum)
		sbuf_printf(b, ": %llu %s not shown: -o prom has the %ld busiest a namespace (-m N for more; zns_zones_omitted counts them)",
			    (unsigned long long)sum,
			    o->all ? plural(sum, "zone", "zones") :
			    plural(sum, "zone with activity", "zones with activity"),
			    o->max_zones);
}

void output_prom_disks(struct sbuf *b, struct snapshot *snaps, int n)
{
	prom_summary(b, snaps, n);
}

void output_prom(struct sbuf *b, struct snapshot *snaps, int n,
		 const struct view_opts *o)
{
	output_prom_zones(b, snaps, n, o);
	output_prom_disks(b, snaps, n);
}
