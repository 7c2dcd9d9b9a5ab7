// SPDX-License-Identifier: GPL-2.0
/*
 * The live view's text: per format, the header, one namespace's row of an
 * interval, and the frame around an interval's rows. The loop (interval.c)
 * reads and subtracts; this file only writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "render/interval_render.h"
#include "lib/words.h"
#include "render/json_out.h"
#include "render/scols_out.h"
#include "source/columns.h"
#include "source/snapshot.h"

/* The per-operation columns of the view: counted ops with their sectors. */
static const struct {
	const char *count, *sectors, *label;
} io_ops[] = {
	{ "reads", "read_sectors", "r" },
	{ "writes", "write_sectors", "w" },
	{ "appends", "append_sectors", "a" },
};

static const struct {
	const char *count, *label;
} mgmt_ops[] = {
	{ "resets", "reset/s" },
	{ "finishes", "fin/s" },
	{ "opens", "open/s" },
	{ "closes", "close/s" },
};

#define NR(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Rates of data in MiB/s, IEC like every size the tool prints (not 10^6). */
static double mib_per_s(uint64_t sectors, double secs)
{
	return sectors * 512.0 / MIB / secs;
}

/* Every operation's latency columns (op_groups), for CSV and JSON. */
static int latency_columns(const struct snapshot *d, struct op_group *g)
{
	return op_groups((const char * const *)d->columns, d->nr_columns, g,
			 MAX_OP_GROUPS);
}

/*
 * The table shows the mean latency of reads, writes, appends and resets
 * only, in that order, to stay readable, each with its unit ("9µs"); CSV
 * and JSON have every operation's, in ns.
 */
static const char * const table_lat[][2] = {
	{ "read", "r_lat" }, { "write", "w_lat" }, { "append", "a_lat" },
	{ "reset", "reset_lat" },
};

static int table_latency_columns(const struct snapshot *d, struct op_group *g,
				 const char **label)
{
	struct op_group all[MAX_OP_GROUPS];
	int nall = latency_columns(d, all), i, j, n = 0;

	for (i = 0; i < NR(table_lat); i++) {
		for (j = 0; j < nall && strcmp(all[j].op, table_lat[i][0]); j++)
			;
		if (j == nall)
			continue;
		g[n] = all[j];
		label[n++] = table_lat[i][1];
	}
	return n;
}

/* The busiest zones: named in b (table, CSV), or as objects in arr (JSON). */
static void busiest(struct sbuf *b, struct json_object *arr,
		    const struct snapshot *d, int top, enum out_format f,
		    double secs)
{
	struct view_opts o = { .all = 0, .max_zones = top };
	uint64_t nr, omitted, *zones = view_zones(d, &o, &nr, &omitted), k, i;

	/* view_zones returns zone order; the busiest first reads better */
	for (k = 1; k < nr; k++)
		for (i = k; i > 0 && zone_busier(d, zones[i], zones[i - 1]); i--) {
			uint64_t t = zones[i];

			zones[i] = zones[i - 1];
			zones[i - 1] = t;
		}
	for (k = 0; k < nr; k++) {
		uint64_t sectors = 0;
		int c;

		for (c = 0; c < NR(io_ops); c++)
			sectors += snapshot_get(d, zones[k], io_ops[c].sectors);
		if (arr) {
			struct json_object *z = json_object_new_object();

			json_set(z, "zone", json_object_new_uint64(zones[k]));
			json_set(z, "mib_per_s", json_fixed(mib_per_s(sectors, secs), 3));
			json_object_array_add(arr, z);
		} else {
			sbuf_printf(b, "%s%llu", k ? (f == FMT_CSV ? " " : ",") : "",
				    (unsigned long long)zones[k]);
		}
	}
	if (!nr && f == FMT_TABLE)
		sbuf_printf(b, "-");
	free(zones);
}

static void json_rates(struct json_object *row, const struct snapshot *d,
		       double secs)
{
	struct json_object *rates = json_object_new_object();
	struct json_object *counts = json_object_new_object();
	char key[64];
	int i;

	for (i = 0; i < NR(io_ops); i++) {
		snprintf(key, sizeof(key), "%s_per_s", io_ops[i].count);
		json_set(rates, key, json_fixed(snapshot_total(d, io_ops[i].count) / secs, 3));
		snprintf(key, sizeof(key), "%s_mib_per_s", io_ops[i].count);
		json_set(rates, key, json_fixed(mib_per_s(snapshot_total(d, io_ops[i].sectors), secs), 3));
	}
	for (i = 0; i < NR(mgmt_ops); i++) {
		snprintf(key, sizeof(key), "%s_per_s", mgmt_ops[i].count);
		json_set(rates, key, json_fixed(snapshot_total(d, mgmt_ops[i].count) / secs, 3));
	}
	json_set(row, "rates", rates);
	for (i = 0; i < d->nr_columns; i++)
		if (column_kind(d->columns[i]) == COL_COUNTER)
			json_set(counts, d->columns[i],
				 json_object_new_uint64(snapshot_total(d, d->columns[i])));
	for (i = 0; i < d->nr_summary; i++)
		if (summary_disk_counter(d, d->summary[i].key))
			json_set(counts, d->summary[i].key,
				 json_number_or_string(d->summary[i].value));
	json_set(row, "counts", counts);
}

/* The mean latency of a group over the interval, in ns; -1 without commands. */
static double lat_avg_ns(const struct snapshot *d, const struct op_group *g)
{
	uint64_t n = snapshot_total(d, d->columns[g->count]);

	return n ? (double)snapshot_total(d, d->columns[g->lat_sum]) / n : -1;
}

/*
 * The table's header and rows are cells separated by tabs; table_frame()
 * lays them out with libsmartcols, fitted to the terminal.
 */
static void table_header(struct sbuf *b, const struct snapshot *d)
{
	struct op_group g[MAX_OP_GROUPS];
	const char *label[MAX_OP_GROUPS];
	int nl = table_latency_columns(d, g, label), i;

	sbuf_printf(b, "disk");
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, "\t%s/s\t%sMiB/s", io_ops[i].label, io_ops[i].label);
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, "\t%s", mgmt_ops[i].label);
	for (i = 0; i < nl; i++)
		sbuf_printf(b, "\t%s", label[i]);
	sbuf_printf(b, "\terrors\tbusiest zones\n");
}

static void table_row(struct sbuf *b, const struct snapshot *d, double secs,
		      int cleared, int top, const char *when)
{
	struct op_group g[MAX_OP_GROUPS];
	const char *label[MAX_OP_GROUPS];
	int nl = table_latency_columns(d, g, label), i;
	char lat[32];
	double avg;

	(void)when;
	sbuf_printf(b, "%s", d->disk);
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, "\t%.1f\t%.2f",
			    snapshot_total(d, io_ops[i].count) / secs,
			    mib_per_s(snapshot_total(d, io_ops[i].sectors), secs));
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, "\t%.1f", snapshot_total(d, mgmt_ops[i].count) / secs);
	for (i = 0; i < nl; i++) {
		avg = lat_avg_ns(d, &g[i]);
		if (avg >= 0)
			fmt_ns_cell(lat, sizeof(lat), avg);
		sbuf_printf(b, "\t%s", avg >= 0 ? lat : "-");
	}
	sbuf_printf(b, "\t%llu%s\t", (unsigned long long)snapshot_total(d, "errors"),
		    cleared ? "*" : "");
	busiest(b, NULL, d, top, FMT_TABLE, secs);
	sbuf_printf(b, "\n");
}

/*
 * The end of a CSV line: the interval's count of every counter and
 * namespace-wide counter, for exact sums; their names in the header.
 */
static void csv_counts(struct sbuf *b, const struct snapshot *d, int names)
{
	int i;

	for (i = 0; i < d->nr_columns; i++) {
		if (column_kind(d->columns[i]) != COL_COUNTER)
			continue;
		if (names)
			sbuf_printf(b, ",%s", d->columns[i]);
		else
			sbuf_printf(b, ",%llu", (unsigned long long)
				    snapshot_total(d, d->columns[i]));
	}
	for (i = 0; i < d->nr_summary; i++)
		if (summary_disk_counter(d, d->summary[i].key))
			sbuf_printf(b, ",%s", names ? d->summary[i].key :
				    d->summary[i].value);
	sbuf_printf(b, "\n");
}

static void csv_header(struct sbuf *b, const struct snapshot *d)
{
	struct op_group g[MAX_OP_GROUPS];
	int nl = latency_columns(d, g), i;

	sbuf_printf(b, "time,disk,interval_s,cleared");
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, ",%s_per_s,%s_mib_per_s", io_ops[i].count,
			    io_ops[i].count);
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, ",%s_per_s", mgmt_ops[i].count);
	for (i = 0; i < nl; i++)
		sbuf_printf(b, ",%s_lat_avg_ns", g[i].op);
	sbuf_printf(b, ",busiest_zones");
	csv_counts(b, d, 1);
}

static void csv_row(struct sbuf *b, const struct snapshot *d, double secs,
		    int cleared, int top, const char *when)
{
	struct op_group g[MAX_OP_GROUPS];
	int nl = latency_columns(d, g), i;
	double avg;

	sbuf_printf(b, "%s,%s,%.3f,%d", when, d->disk, secs, cleared);
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, ",%.3f,%.3f",
			    snapshot_total(d, io_ops[i].count) / secs,
			    mib_per_s(snapshot_total(d, io_ops[i].sectors), secs));
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, ",%.3f", snapshot_total(d, mgmt_ops[i].count) / secs);
	for (i = 0; i < nl; i++) {
		avg = lat_avg_ns(d, &g[i]);
		sbuf_printf(b, avg >= 0 ? ",%.0f" : ",", avg);
	}
	sbuf_printf(b, ",");
	busiest(b, NULL, d, top, FMT_CSV, secs);
	csv_counts(b, d, 0);
}

static void json_row(struct sbuf *b, const struct snapshot *d, double secs,
		     int cleared, int top, const char *when)
{
	struct json_object *row = json_object_new_object();
	struct json_object *lat = json_object_new_object();
	struct json_object *busy = json_object_new_array();
	struct op_group g[MAX_OP_GROUPS];
	int nl = latency_columns(d, g), i;
	double avg;

	json_set(row, "time", json_object_new_string(when));
	json_set(row, "disk", json_object_new_string(d->disk));
	json_set(row, "interval_s", json_fixed(secs, 3));
	json_set(row, "cleared", json_object_new_boolean(cleared));
	json_rates(row, d, secs);
	for (i = 0; i < nl; i++) {
		avg = lat_avg_ns(d, &g[i]);
		json_set(lat, g[i].op, avg >= 0 ? json_fixed(avg, 0) : NULL);
	}
	json_set(row, "lat_avg_ns", lat);
	busiest(NULL, busy, d, top, FMT_JSON, secs);
	json_set(row, "busiest_zones", busy);
	json_write(b, row, 0);
}

const char interval_json_open[] = "{\n  \"version\": \"" ZNS_STAT_VERSION "\",\n  \"intervals\": [";
const char interval_json_close[] = "\n  ]\n}\n";

/* What the live table keeps first when the terminal is narrow (iostat's order). */
static int interval_rank(const char *label)
{
	static const char * const first[] = {
		"disk", "w/s", "wMiB/s", "r/s", "rMiB/s", "errors", "busiest zones",
		"a/s", "aMiB/s", "w_lat", "r_lat", "a_lat", "reset/s", "reset_lat",
		"fin/s", "open/s", "close/s",
	};

	return scols_out_rank(label, first, NR(first));
}

#define MAX_ICOLS	32
_Static_assert(MAX_ICOLS <= SCOLS_OUT_FIT_MAX, "a bit per column");
/* A number's cell is given room for "99999.99" when the columns are chosen. */
#define NUMBER_WIDTH	8

/* Split a tab-separated line into at most max cells (line modified). */
static int split_cells(char *line, char **cell, int max)
{
	int n = 0;

	for (cell[n++] = line; *line && n < max; line++)
		if (*line == '\t') {
			*line = '\0';
			cell[n++] = line + 1;
		}
	return n;
}

static void table_frame(struct sbuf *out, const struct interval_frame *fr)
{
	char *copy = strdup(fr->rows->s ? fr->rows->s : ""), *line, *save;
	char *label[MAX_ICOLS], *cell[MAX_ICOLS];
	int w[MAX_ICOLS], right[MAX_ICOLS], rank[MAX_ICOLS], nc = 0, n, i;
	unsigned long long hidden;
	struct libscols_table *tb = NULL;

	sbuf_printf(out, "%s%s\n", fr->first || fr->to_file ? "" : "\n", fr->when);
	if (!copy)
		goto oom;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n = split_cells(line, nc ? cell : label, MAX_ICOLS);
		if (!nc) {	/* the header: disk and the busiest zones read left to right */
			for (nc = n, i = 0; i < nc; i++) {
				right[i] = i && i < nc - 1;
				rank[i] = interval_rank(label[i]);
				w[i] = strlen(label[i]);
				if (right[i] && w[i] < NUMBER_WIDTH)
					w[i] = NUMBER_WIDTH;
			}
			tb = scols_out_new((const char * const *)label, right, nc, 0);
			if (!tb)
				goto oom;
			continue;
		}
		for (i = n; i < nc; i++)
			cell[i] = "";
		for (i = 0; i < nc; i++)
			if (cell_width(cell[i], strlen(cell[i])) > w[i])
				w[i] = cell_width(cell[i], strlen(cell[i]));
		if (scols_out_row(tb, (const char * const *)cell, nc))
			goto oom;
	}
	if (!tb)
		goto done;
	/* the first interval chooses, from the terminal and the disks' names */
	if (fr->hidden && !fr->first) {
		hidden = *fr->hidden;
	} else {
		hidden = scols_out_fit(w, rank, nc, fr->view ? fr->view->width : 0);
		if (fr->hidden)
			*fr->hidden = hidden;
	}
	n = scols_out_hide(tb, hidden, nc);
	scols_out_print(out, tb, "");
	if (fr->cleared)
		sbuf_printf(out, "* counters were cleared during the interval: counts since the clear\n");
	if (n && fr->first)
		sbuf_printf(out, "(%d more %s to fit %d characters: -o csv, or a pipe, shows them)\n",
			    n, plural(n, "column", "columns"), fr->view->width);
	goto done;
oom:
	out->oom = 1;
	scols_unref_table(tb);
done:
	free(copy);
}

/* The header once on a stream, in every version of a file. */
static void csv_frame(struct sbuf *out, const struct interval_frame *fr)
{
	char *body = strchr(fr->rows->s, '\n');

	if (!fr->first && !fr->to_file)
		sbuf_printf(out, "%s", body ? body + 1 : "");
	else
		sbuf_put(out, fr->rows->s, fr->rows->len);
}

/* On a stream the run's brackets are written apart, around every interval. */
static void json_frame(struct sbuf *out, const struct interval_frame *fr)
{
	if (fr->to_file)
		sbuf_printf(out, "%s", interval_json_open);
	else if (!fr->first)
		sbuf_printf(out, ",");
	sbuf_printf(out, "\n    {\"time\": \"%s\", \"disks\": [%s\n    ]}",
		    fr->when, fr->rows->s);
	if (fr->to_file)
		sbuf_printf(out, "%s", interval_json_close);
}

/* Prometheus has no rows: the counters themselves, scraped as they are. */
static void prom_frame(struct sbuf *out, const struct interval_frame *fr)
{
	output_prom(out, fr->snaps, fr->n, fr->view);
	if (fr->extra && fr->extra->len)
		sbuf_put(out, fr->extra->s, fr->extra->len);
	if (!fr->to_file)
		sbuf_printf(out, "\n");
}

static const struct {
	void (*header)(struct sbuf *b, const struct snapshot *d);
	void (*row)(struct sbuf *b, const struct snapshot *d, double secs,
		    int cleared, int top, const char *when);
	void (*frame)(struct sbuf *out, const struct interval_frame *fr);
} renderers[FMT_COUNT] = {
	[FMT_TABLE] = { table_header, table_row, table_frame },
	[FMT_CSV] = { csv_header, csv_row, csv_frame },
	[FMT_JSON] = { NULL, json_row, json_frame },
	[FMT_PROM] = { NULL, NULL, prom_frame },
};

void interval_header(struct sbuf *b, const struct snapshot *d,
		     enum out_format f)
{
	if (renderers[f].header)
		renderers[f].header(b, d);
}

void interval_format(struct sbuf *b, const struct snapshot *d, double secs,
		     int cleared, int top, enum out_format f, double epoch)
{
	char when[64];

	fmt_time(when, sizeof(when), epoch);
	if (renderers[f].row)
		renderers[f].row(b, d, secs, cleared, top, when);
}

void interval_frame(struct sbuf *out, enum out_format f,
		    const struct interval_frame *fr)
{
	renderers[f].frame(out, fr);
}
