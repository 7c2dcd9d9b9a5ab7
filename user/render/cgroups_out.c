// SPDX-License-Identifier: GPL-2.0
/*
 * Per-cgroup figures of a namespace (source/cgroups.c) for people
 * (libsmartcols: compact, or every column with -w) and for machines: CSV
 * and JSON keep every field of the module's file in its units (sectors,
 * ns), as the zone table's CSV and JSON do.
 */
#include <stdio.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "model/cg_model.h"
#include "render/cgroups_out.h"
#include "render/json_out.h"
#include "render/scols_out.h"

#define CG_MAX_CELLS	(ZNS_NR_OPS * CG_NR_FIELDS + 3)

/* A count's column as the zone table names it. */
static const char * const count_name[ZNS_NR_OPS] = {
	[ZNS_OPI_READ] = "reads",
	[ZNS_OPI_WRITE] = "writes",
	[ZNS_OPI_APPEND] = "appends",
	[ZNS_OPI_RESET] = "resets",
	[ZNS_OPI_FINISH] = "finishes",
	[ZNS_OPI_OPEN] = "opens",
	[ZNS_OPI_CLOSE] = "closes",
	[ZNS_OPI_WRITE_ZEROES] = "write_zeroes",
};

/* One cell of the table: an operation's figure, or -1 (errors, zones, id, path). */
struct cg_col {
	char name[40];
	int op, field;
	int right;
};

enum { COL_ERRORS_TOTAL = -1, COL_ZONES = -2, COL_ID = -3, COL_PATH = -4 };

static void add_col(struct cg_col *c, int *n, const char *name, int op, int field)
{
	snprintf(c[*n].name, sizeof(c[*n].name), "%s", name);
	c[*n].op = op;
	c[*n].field = field;
	c[*n].right = op != COL_PATH;
	(*n)++;
}

/* The compact table's columns: what was done, how much, errors, zones, whose. */
static int compact_cols(struct cg_col *c)
{
	static const int ops[] = { ZNS_OPI_READ, ZNS_OPI_WRITE, ZNS_OPI_APPEND };
	char name[40];
	int n = 0, i;

	for (i = 0; i < 3; i++) {
		add_col(c, &n, count_name[ops[i]], ops[i], CG_COMMANDS);
		snprintf(name, sizeof(name), "%s_bytes", zns_op_names[ops[i]]);
		add_col(c, &n, name, ops[i], CG_SECTORS);
	}
	add_col(c, &n, "resets", ZNS_OPI_RESET, CG_COMMANDS);
	add_col(c, &n, "finishes", ZNS_OPI_FINISH, CG_COMMANDS);
	add_col(c, &n, "errors", COL_ERRORS_TOTAL, 0);
	add_col(c, &n, "zones_owned", COL_ZONES, 0);
	add_col(c, &n, "path", COL_PATH, 0);
	return n;
}

/* -w: every figure of every operation the file has, latency as a mean ("25µs"). */
static int wide_cols(const struct cg_table *t, struct cg_col *c)
{
	static const char * const suffix[CG_NR_FIELDS] = {
		[CG_SECTORS] = "bytes", [CG_LAT_SUM_NS] = "lat", [CG_ERRORS] = "errors",
	};
	char name[40];
	int n = 0, op, f;

	add_col(c, &n, "id", COL_ID, 0);
	for (op = 0; op < ZNS_NR_OPS; op++)
		for (f = 0; f < CG_NR_FIELDS; f++) {
			if (!t->has[op][f])
				continue;
			if (f == CG_COMMANDS)
				snprintf(name, sizeof(name), "%s", count_name[op]);
			else
				snprintf(name, sizeof(name), "%s_%s", zns_op_names[op], suffix[f]);
			add_col(c, &n, name, op, f);
		}
	add_col(c, &n, "zones_owned", COL_ZONES, 0);
	add_col(c, &n, "path", COL_PATH, 0);
	return n;
}

/* "8KiB", one word as in the zone table; "0" for none. */
static void bytes_cell(char *out, size_t n, uint64_t sectors)
{
	fmt_bytes_cell(out, n, sectors * 512.0);
}

static void cell(char *out, size_t n, const struct cg_row *r, const struct cg_col *c)
{
	double mean;

	switch (c->op) {
	case COL_ERRORS_TOTAL: fmt_u64(out, n, cg_errors_total(r)); return;
	case COL_ZONES: fmt_u64(out, n, r->zones_owned); return;
	case COL_ID: fmt_u64(out, n, r->id); return;
	case COL_PATH: return;	/* the row's own text */
	}
	if (c->field == CG_SECTORS) {
		bytes_cell(out, n, r->v[c->op][CG_SECTORS]);
	} else if (c->field == CG_LAT_SUM_NS) {
		mean = cg_mean_lat_ns(r, c->op);
		if (mean < 0)
			snprintf(out, n, "-");
		else
			fmt_ns_cell(out, n, mean);
	} else {
		fmt_u64(out, n, r->v[c->op][c->field]);
	}
}

/* The special rows (unattributed, other, mixed) only when they hold anything. */
static int row_shown(const struct cg_row *r)
{
	return r->id || r->zones_owned || cg_row_counted(r);
}

/* What the compact table keeps first on a narrow terminal; the path stays. */
static int compact_rank(const char *name)
{
	static const char * const first[] = {
		"path", "reads", "writes", "write_bytes", "read_bytes",
		"zones_owned", "errors", "resets", "appends", "append_bytes",
		"finishes",
	};

	return scols_out_rank(name, first, sizeof(first) / sizeof(first[0]));
}

/*
 * The path is last and has at least this much room on a terminal; a longer
 * one wraps in its cell, as lsblk's MOUNTPOINTS do.
 */
#define PATH_FIT_WIDTH	20

static void table_one(struct sbuf *b, const struct cg_table *t, int wide,
		      int width)
{
	char cells[CG_MAX_CELLS][40];
	const char *names[CG_MAX_CELLS], *ptr[CG_MAX_CELLS];
	struct cg_col c[CG_MAX_CELLS];
	int right[CG_MAX_CELLS], w[CG_MAX_CELLS], rank[CG_MAX_CELLS];
	int n, i, k, shown = 0, hidden;
	struct libscols_table *tb;

	n = wide ? wide_cols(t, c) : compact_cols(c);
	for (i = 0; i < n; i++) {
		names[i] = c[i].name;
		right[i] = c[i].right;
		rank[i] = compact_rank(c[i].name);
		w[i] = strlen(c[i].name);
	}
	for (k = 0; k < t->nr_rows; k++)
		shown += row_shown(&t->rows[k]);
	sbuf_printf(b, "%s: commands by cgroup since load or clear (%d %s)\n",
		    t->disk, shown, shown == 1 ? "row" : "rows");
	if (!shown)
		return;
	tb = scols_out_new(names, right, n, 0);
	if (!tb) {
		b->oom = 1;
		return;
	}
	for (k = 0; k < t->nr_rows; k++) {
		if (!row_shown(&t->rows[k]))
			continue;
		for (i = 0; i < n; i++) {
			cell(cells[i], sizeof(cells[i]), &t->rows[k], &c[i]);
			ptr[i] = c[i].op == COL_PATH ? t->rows[k].path : cells[i];
			if (cell_width(ptr[i], strlen(ptr[i])) > w[i])
				w[i] = cell_width(ptr[i], strlen(ptr[i]));
		}
		if (scols_out_row(tb, ptr, n))
			b->oom = 1;
	}
	/* -w asks for every figure: the compact table fits the terminal */
	for (i = 0; i < n; i++)
		if (c[i].op == COL_PATH && w[i] > PATH_FIT_WIDTH)
			w[i] = PATH_FIT_WIDTH;
	hidden = wide || n > SCOLS_OUT_FIT_MAX ? 0 :
		 scols_out_hide(tb, scols_out_fit(w, rank, n, width), n);
	if (!wide && width > 0 && scols_out_wrap_last(tb, width))
		b->oom = 1;
	scols_out_print(b, tb, "");
	if (hidden)
		sbuf_printf(b, "(%d more %s to fit %d characters: -o csv or a pipe shows them)\n",
			    hidden, hidden == 1 ? "column" : "columns", width);
}


static int same_columns(const struct cg_table *a, const struct cg_table *b)
{
	return !memcmp(a->has, b->has, sizeof(a->has));
}

/* One header per run of namespaces with the same columns (a module version each). */
static void csv_all(struct sbuf *b, const struct cg_table *t, int n)
{
	int d, k, op, f;

	for (d = 0; d < n; d++) {
		if (!d || !same_columns(&t[d], &t[d - 1])) {
			sbuf_printf(b, "%sdisk,id,path", d ? "\n" : "");
			for (op = 0; op < ZNS_NR_OPS; op++)
				for (f = 0; f < CG_NR_FIELDS; f++)
					if (t[d].has[op][f])
						sbuf_printf(b, ",%s_%s", zns_op_names[op],
							    cg_field_names[f]);
			sbuf_printf(b, ",zones_owned\n");
		}
		for (k = 0; k < t[d].nr_rows; k++) {
			const struct cg_row *r = &t[d].rows[k];

			/* (unattributed), (other), (mixed): no id (the module's 0) */
			if (r->id)
				sbuf_printf(b, "%s,%llu,", t[d].disk, (unsigned long long)r->id);
			else
				sbuf_printf(b, "%s,,", t[d].disk);
			sbuf_csv(b, r->path);
			for (op = 0; op < ZNS_NR_OPS; op++)
				for (f = 0; f < CG_NR_FIELDS; f++)
					if (t[d].has[op][f])
						sbuf_printf(b, ",%llu", (unsigned long long)r->v[op][f]);
			sbuf_printf(b, ",%llu\n", (unsigned long long)r->zones_owned);
		}
	}
}

/*
 * {"version", "disks": [{"disk", "cgroups": [{"id", "path", "OP":
 * {"commands", "sectors", "lat_sum_ns", "errors"}..., "zones_owned"}]}]}
 */
static void json_all(struct sbuf *b, const struct cg_table *t, int n)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *disks = json_object_new_array();
	int d, k, op, f;

	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	for (d = 0; d < n; d++) {
		struct json_object *o = json_object_new_object();
		struct json_object *rows = json_object_new_array();

		json_set(o, "disk", json_object_new_string(t[d].disk));
		for (k = 0; k < t[d].nr_rows; k++) {
			const struct cg_row *r = &t[d].rows[k];
			struct json_object *row = json_object_new_object();

			json_set(row, "id", r->id ? json_id(r->id) : NULL);
			json_set(row, "path", json_object_new_string(r->path));
			for (op = 0; op < ZNS_NR_OPS; op++) {
				struct json_object *ops;

				if (!t[d].has[op][CG_COMMANDS])	/* not in this module's file */
					continue;
				ops = json_object_new_object();
				for (f = 0; f < CG_NR_FIELDS; f++)
					if (t[d].has[op][f])
						json_set(ops, cg_field_names[f],
							 json_object_new_uint64(r->v[op][f]));
				json_set(row, zns_op_names[op], ops);
			}
			json_set(row, "zones_owned", json_object_new_uint64(r->zones_owned));
			json_object_array_add(rows, row);
		}
		json_set(o, "cgroups", rows);
		json_object_array_add(disks, o);
	}
	json_set(doc, "disks", disks);
	json_write(b, doc, 1);
	sbuf_printf(b, "\n");
}

void cg_format(struct sbuf *b, const struct cg_table *t, int n,
	       enum out_format f, int wide, int width)
{
	int d;

	if (f == FMT_PROM)
		prom_cgroups(b, t, n);
	else if (f == FMT_CSV)
		csv_all(b, t, n);
	else if (f == FMT_JSON)
		json_all(b, t, n);
	else
		for (d = 0; d < n; d++) {
			if (d)
				sbuf_printf(b, "\n");
			table_one(b, &t[d], wide, width);
		}
}
