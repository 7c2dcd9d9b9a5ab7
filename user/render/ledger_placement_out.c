// SPDX-License-Identifier: GPL-2.0
/*
 * A placement namespace's ledger as a table, CSV or JSON (ledger_out.h):
 * per row of its "placement" file (placement ID, none, unlisted) the
 * lifetime writes, their data and errors, and each row's share of the
 * namespace's data.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/words.h"
#include "render/json_out.h"
#include "render/ledger_out.h"
#include "render/scols_out.h"
#include "source/placement_file.h"

#define PCOLS	6	/* pid ruhid writes write_bytes share errors */

static uint64_t all_sectors(const struct ledger *l)
{
	uint64_t sum = 0;
	uint32_t r;

	for (r = 0; r < l->nr_prows; r++)
		sum += l->prows[r].total[LP_WRITE_SECTORS];
	return sum;
}

static int prow_active(const struct ledger_prow *lr)
{
	int i;

	for (i = 0; i < LP_NR; i++)
		if (lr->total[i])
			return 1;
	return 0;
}

static const char *row_name(const struct ledger_prow *lr, char *buf, size_t n)
{
	if (lr->kind == PROW_NONE)
		return ZNS_PLACEMENT_NONE;
	if (lr->kind == PROW_UNLISTED)
		return ZNS_PLACEMENT_UNLISTED;
	snprintf(buf, n, "%" PRIu32, lr->pid);
	return buf;
}

static void title(struct sbuf *b, const struct ledger *l, uint64_t sectors)
{
	char first[32], last[32], bytes[32];
	uint32_t pids = l->nr_prows >= 2 ? l->nr_prows - 2 : 0;

	fmt_bytes(bytes, sizeof(bytes), sectors * 512.0);
	sbuf_printf(b, "%s: Flexible Data Placement, %" PRIu32 " placement %s; %s written\n",
		    l->disk, pids, plural(pids, "ID", "IDs"), bytes);
	ledger_time(first, sizeof(first), l->first_seen);
	ledger_time(last, sizeof(last), l->last_seen);
	sbuf_printf(b, "lifetime since %s, last folded %s\n", first, last);
	sbuf_printf(b, "%" PRIu64 " %s, %" PRIu64 " %s; identity %s\n", l->folds,
		    plural(l->folds, "fold", "folds"), l->restarts,
		    plural(l->restarts, "counter restart", "counter restarts"),
		    l->identity);
}

static void out_table(struct sbuf *b, const struct ledger *l, int all,
		      int width)
{
	static const char * const names[PCOLS] = {
		"pid", "ruhid", "writes", "write_bytes", "share", "errors",
	};
	static const char * const keep[PCOLS] = {
		"pid", "write_bytes", "share", "writes", "errors", "ruhid",
	};
	static const int right[PCOLS] = { 1, 1, 1, 1, 1, 1 };
	char buf[PCOLS][40];
	const char *cells[PCOLS];
	int w[PCOLS], rank[PCOLS], i, shown = 0, hidden = 0;
	uint64_t sectors = all_sectors(l);
	struct libscols_table *tb;
	uint32_t r;

	title(b, l, sectors);
	for (i = 0; i < PCOLS; i++) {
		cells[i] = buf[i];
		w[i] = strlen(names[i]);
		rank[i] = scols_out_rank(names[i], keep, PCOLS);
	}
	tb = scols_out_new(names, right, PCOLS, 0);
	if (!tb) {
		b->oom = 1;
		return;
	}
	for (r = 0; r < l->nr_prows; r++) {
		const struct ledger_prow *lr = &l->prows[r];
		uint64_t s = lr->total[LP_WRITE_SECTORS];

		if (!all && !prow_active(lr))
			continue;
		shown++;
		cells[0] = row_name(lr, buf[0], sizeof(buf[0]));
		if (lr->kind == PROW_PID)
			fmt_u64(buf[1], sizeof(buf[1]), lr->ruhid);
		else
			snprintf(buf[1], sizeof(buf[1]), "-");
		fmt_u64(buf[2], sizeof(buf[2]), lr->total[LP_WRITES]);
		if (s)
			fmt_bytes_cell(buf[3], sizeof(buf[3]), s * 512.0);
		else
			snprintf(buf[3], sizeof(buf[3]), "0");
		if (sectors)
			snprintf(buf[4], sizeof(buf[4]), "%.1f%%", 100.0 * s / sectors);
		else
			snprintf(buf[4], sizeof(buf[4]), "-");
		fmt_u64(buf[5], sizeof(buf[5]), lr->total[LP_ERRORS]);
		for (i = 0; i < PCOLS; i++)
			if ((int)strlen(cells[i]) > w[i])
				w[i] = strlen(cells[i]);
		if (scols_out_row(tb, cells, PCOLS))
			b->oom = 1;
		cells[0] = buf[0];
	}
	if (shown) {
		hidden = scols_out_hide(tb, scols_out_fit(w, rank, PCOLS, width), PCOLS);
		scols_out_print(b, tb, "");
	} else {
		scols_unref_table(tb);
	}
	if (hidden)
		sbuf_printf(b, "(%d more %s to fit %d characters: -o csv or a pipe shows them)\n",
			    hidden, plural(hidden, "column", "columns"), width);
	if (!all && shown < (int64_t)l->nr_prows)
		sbuf_printf(b, "(%" PRIu32 " %s without lifetime activity not shown: -a shows them)\n",
			    l->nr_prows - shown, plural(l->nr_prows - shown, "row", "rows"));
}

static void out_csv(struct sbuf *b, const struct ledger *l)
{
	uint64_t sectors = all_sectors(l);
	char first[32], last[32], id[16];
	uint32_t r;
	int i;

	sbuf_printf(b, "disk,identity,pid,ruhid");
	for (i = 0; i < LP_NR; i++)
		sbuf_printf(b, ",%s", ledger_placement_names[i]);
	sbuf_printf(b, ",share,first_seen,last_seen\n");
	ledger_time(first, sizeof(first), l->first_seen);
	ledger_time(last, sizeof(last), l->last_seen);
	for (r = 0; r < l->nr_prows; r++) {
		const struct ledger_prow *lr = &l->prows[r];

		sbuf_printf(b, "%s,%s,%s,", l->disk, l->identity,
			    row_name(lr, id, sizeof(id)));
		if (lr->kind == PROW_PID)
			sbuf_printf(b, "%" PRIu32, lr->ruhid);
		for (i = 0; i < LP_NR; i++)
			sbuf_printf(b, ",%" PRIu64, lr->total[i]);
		sbuf_printf(b, ",");
		if (sectors)
			sbuf_printf(b, "%.4f", (double)lr->total[LP_WRITE_SECTORS] / sectors);
		sbuf_printf(b, ",%s,%s\n", first, last);
	}
}

static void out_json(struct sbuf *b, const struct ledger *l)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *rows = json_object_new_array();
	uint64_t sectors = all_sectors(l);
	char t[32];
	uint32_t r;
	int i;

	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	json_set(doc, "disk", json_object_new_string(l->disk));
	json_set(doc, "identity", json_object_new_string(l->identity));
	json_set(doc, "kind", json_object_new_string("placement"));
	ledger_time(t, sizeof(t), l->first_seen);
	json_set(doc, "first_seen", json_object_new_string(t));
	ledger_time(t, sizeof(t), l->last_seen);
	json_set(doc, "last_seen", json_object_new_string(t));
	json_set(doc, "folds", json_object_new_uint64(l->folds));
	json_set(doc, "restarts", json_object_new_uint64(l->restarts));
	json_set(doc, "instance", *l->instance ? json_object_new_string(l->instance) : NULL);
	json_set(doc, "generation", json_object_new_uint64(l->generation));
	for (r = 0; r < l->nr_prows; r++) {
		const struct ledger_prow *lr = &l->prows[r];
		struct json_object *o = json_object_new_object();
		int pid = lr->kind == PROW_PID;

		json_set(o, "row", json_object_new_string(pid ? "pid" :
				lr->kind == PROW_NONE ? ZNS_PLACEMENT_NONE : ZNS_PLACEMENT_UNLISTED));
		json_set(o, "pid", pid ? json_object_new_uint64(lr->pid) : NULL);
		json_set(o, "ruhid", pid ? json_object_new_uint64(lr->ruhid) : NULL);
		for (i = 0; i < LP_NR; i++)
			json_set(o, ledger_placement_names[i], json_object_new_uint64(lr->total[i]));
		json_set(o, "share", sectors ?
			 json_fixed((double)lr->total[LP_WRITE_SECTORS] / sectors, 4) : NULL);
		json_object_array_add(rows, o);
	}
	json_set(doc, "placement", rows);
	json_write(b, doc, 1);	/* and frees it */
	sbuf_put(b, "\n", 1);
}

void ledger_placement_out(struct sbuf *b, const struct ledger *l,
			  enum out_format f, int all, int width)
{
	if (f == FMT_CSV)
		out_csv(b, l);
	else if (f == FMT_JSON)
		out_json(b, l);
	else
		out_table(b, l, all, width);
}
