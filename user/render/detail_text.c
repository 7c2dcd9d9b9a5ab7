// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat detail for people: the terminal's tables (libsmartcols, as the
 * zone table) and the HTML report's sections of the same figures: latency
 * p50/p99 as bucket bounds and the exact maximum per operation, errors by
 * status name, every logged reset, the size and alignment histograms.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/detail_model.h"
#include "render/detail_out.h"
#include "render/scols_out.h"
#include "source/columns.h"

/* One row per operation with a latency histogram: count, p50, p99, max. */
struct lat_row {
	const char *op;
	uint64_t n;
	char p[3][32];
};

/* Percentiles as their buckets' bounds, the maximum exact ("<=X": a bound). */
static int latency_rows(const struct detail *d, struct lat_row *rows)
{
	struct detail_lat f;
	char t[24];
	int op, nr = 0;

	for (op = 0; op < ZNS_NR_OPS; op++) {
		struct lat_row *r = &rows[nr];

		if (!detail_lat_figures(d, zns_op_names[op], &f))
			continue;
		r->op = zns_op_names[op];
		r->n = f.n;
		fmt_ns_cell(r->p[0], sizeof(r->p[0]), (double)f.p50);
		fmt_ns_cell(r->p[1], sizeof(r->p[1]), (double)f.p99);
		fmt_ns_cell(t, sizeof(t), (double)f.max);
		snprintf(r->p[2], sizeof(r->p[2]), "%s%s", f.exact ? "" : "<=", t);
		nr++;
	}
	return nr;
}

static const char *status_text(unsigned int status, char *buf, int n)
{
	return status ? status_name(status, buf, n) : "success";
}

/* The date too (a log outlives a day), to the ms (JSON and CSV: the ns). */
static void reset_time(char *out, size_t n, uint64_t ns)
{
	if (fmt_rfc3339_ns(out, n, ns, 3) < 0)
		snprintf(out, n, "?");
}

static void fill_text(char *out, size_t n, const struct detail_reset *r)
{
	if (r->fill < 0)
		snprintf(out, n, "unknown");
	else
		fmt_bytes_cell(out, n, r->fill * 512.0);
}

/*
 * Sizes and alignment of one direction as "4KiB: 3, 8KiB: 1": a size in
 * one word, as a table's cell (-b: in bytes).
 */
/* A histogram's buckets, or empty ("none", or "not recorded" in a data file). */
static void hist_line(struct sbuf *b, const struct detail *d, const char *file,
		      const char *dir, const char *empty)
{
	const struct detail_count *c;
	char t[32];
	int i, first = 1;

	for (i = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		if (strcmp(c->file, file) || strcmp(c->op, dir))
			continue;
		fmt_bytes_cell(t, sizeof(t), (double)c->lo);
		sbuf_printf(b, "%s%s%s", first ? "" : ", ",
			    !strcmp(file, "sizes") ? "[" : "", t);
		if (!strcmp(file, "sizes")) {	/* log2 buckets */
			fmt_bytes_cell(t, sizeof(t), c->lo ? 2.0 * c->lo : 2);
			sbuf_printf(b, ", %s)", t);
		}
		sbuf_printf(b, ": %" PRIu64, c->n);
		first = 0;
	}
	if (first)
		sbuf_printf(b, "%s", empty);
}

/* What a section without rows says: none only where the counters say 0. */
static const char *empty_text(int64_t counted)
{
	return counted ? "not recorded" : "none";
}

static void latency_table(struct sbuf *b, const struct detail *d)
{
	static const char * const names[] = { "op", "commands", "p50 <=", "p99 <=", "max" };
	static const int right[] = { 0, 1, 1, 1, 1 };
	struct lat_row rows[ZNS_NR_OPS];
	struct libscols_table *tb;
	const char *cells[5];
	char n[24];
	int i, nr = latency_rows(d, rows);

	if (!nr) {
		sbuf_printf(b, "  none yet\n");
		return;
	}
	tb = scols_out_new(names, right, 5, 0);
	for (i = 0; tb && i < nr; i++) {
		fmt_u64(n, sizeof(n), rows[i].n);
		cells[0] = rows[i].op;
		cells[1] = n;
		cells[2] = rows[i].p[0];
		cells[3] = rows[i].p[1];
		cells[4] = rows[i].p[2];
		if (scols_out_row(tb, cells, 5))
			b->oom = 1;
	}
	scols_out_print(b, tb, "  ");
}

static void errors_table(struct sbuf *b, const struct detail *d)
{
	static const char * const names[] = { "status", "code", "op", "commands" };
	static const int right[] = { 0, 0, 0, 1 };
	struct libscols_table *tb = NULL;
	const struct detail_count *c;
	const char *cells[4];
	char code[24], n[24];
	int i;

	for (i = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		if (strcmp(c->file, "errors"))
			continue;
		if (!tb && !(tb = scols_out_new(names, right, 4, 0))) {
			b->oom = 1;
			return;
		}
		/* other_unlisted: many codes, none of its own (not 0x0, success) */
		if (c->lo)
			fmt_hex(code, sizeof(code), c->lo);
		else
			snprintf(code, sizeof(code), "-");
		fmt_u64(n, sizeof(n), c->n);
		cells[0] = c->what;
		cells[1] = code;
		cells[2] = c->op;
		cells[3] = n;
		if (scols_out_row(tb, cells, 4))
			b->oom = 1;
	}
	if (tb)
		scols_out_print(b, tb, "  ");
	else
		sbuf_printf(b, "  none\n");
}

/* A logged reset's time, zone ("all"), latency, status and fill, for both views. */
#define RESET_CELLS 5
static void reset_cells(const struct detail_reset *r, char (*cell)[32],
			const char **cells)
{
	int i;

	for (i = 0; i < RESET_CELLS; i++)
		cells[i] = cell[i];
	reset_time(cell[0], sizeof(cell[0]), r->time_ns);
	if (r->select_all)
		snprintf(cell[1], sizeof(cell[1]), "all");
	else
		snprintf(cell[1], sizeof(cell[1]), "%" PRId64, r->zone);
	fmt_ns_cell(cell[2], sizeof(cell[2]), (double)r->lat_ns);
	cells[3] = status_text(r->status, cell[3], sizeof(cell[3]));
	fill_text(cell[4], sizeof(cell[4]), r);
}

static void resets_table(struct sbuf *b, const struct detail *d)
{
	static const char * const names[] = { "time", "zone", "latency", "status", "fill" };
	static const int right[] = { 0, 1, 1, 0, 1 };
	char cell[RESET_CELLS][32];
	const char *cells[RESET_CELLS];
	struct libscols_table *tb;
	int i;

	if (!d->nr_resets)
		return;
	tb = scols_out_new(names, right, RESET_CELLS, 0);
	for (i = 0; tb && i < d->nr_resets; i++) {
		reset_cells(&d->resets[i], cell, cells);
		if (scols_out_row(tb, cells, RESET_CELLS))
			b->oom = 1;
	}
	scols_out_print(b, tb, "  ");
}

void detail_text(struct sbuf *b, const char *title, const struct detail *d)
{
	static const char * const dirs[] = { "read", "write" };
	int i;

	/* the caveat on a line of its own: the title fits 80 columns */
	sbuf_printf(b, "%s: latency of successful commands\n"
		    "  (p50, p99: upper bounds of their buckets, at most 1/16 above; max: exact)\n",
		    title);
	latency_table(b, d);
	sbuf_printf(b, "errors by status and operation\n");
	errors_table(b, d);
	sbuf_printf(b, "resets logged: %d\n", d->nr_resets);
	resets_table(b, d);
	for (i = 0; i < 2; i++) {
		sbuf_printf(b, "%s sizes: ", dirs[i]);
		hist_line(b, d, "sizes", dirs[i], "none");
		sbuf_printf(b, "\n%s alignment: ", dirs[i]);
		hist_line(b, d, "alignment", dirs[i], "none");
		sbuf_printf(b, "\n");
	}
}

void detail_html(struct sbuf *b, const struct detail *d,
		 const struct detail_counted *n)
{
	struct lat_row rows[ZNS_NR_OPS];
	const struct detail_count *c;
	char cell[RESET_CELLS][32];
	const char *cells[RESET_CELLS];
	static const char * const dirs[] = { "read", "write" };
	int i, nr = latency_rows(d, rows);

	sbuf_printf(b, "<h2>Latency</h2>\n<p>Successful commands of the run, setup to completion. The percentiles are the upper bounds of the module's histogram buckets (a 16th of a power of two wide, so at most 1/16 above the true figure; up to twice it in recordings of log2 modules); max is the module's exact maximum (≤ where the run did not pass the maximum before it, or the module kept none).</p>\n");
	sbuf_printf(b, "<table><tr><th>operation</th><th>commands</th><th>p50 (bucket bound, ≤)</th><th>p99 (bucket bound, ≤)</th><th>max</th></tr>\n");
	for (i = 0; i < nr; i++)
		sbuf_printf(b, "<tr><td>%s</td><td class=\"n\">%" PRIu64 "</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s%s</td></tr>\n",
			    rows[i].op, rows[i].n, rows[i].p[0], rows[i].p[1],
			    strncmp(rows[i].p[2], "<=", 2) ? "" : "≤",
			    rows[i].p[2] + (strncmp(rows[i].p[2], "<=", 2) ? 0 : 2));
	sbuf_printf(b, "</table>\n<h2>Errors</h2>\n");
	for (i = 0, nr = 0; i < d->nr_counts; i++) {
		char code[24];

		c = &d->counts[i];
		if (strcmp(c->file, "errors"))
			continue;
		if (!nr++)
			sbuf_printf(b, "<table><tr><th>status</th><th>code</th><th>operation</th><th>commands</th></tr>\n");
		sbuf_printf(b, "<tr><td>");
		sbuf_xml(b, c->what);
		if (c->lo)
			fmt_hex(code, sizeof(code), c->lo);
		else
			snprintf(code, sizeof(code), "-");
		sbuf_printf(b, "</td><td>%s</td><td>%s</td><td class=\"n\">%" PRIu64 "</td></tr>\n",
			    code, c->op, c->n);
	}
	/* no rows: none failed only where the counters say so, else not recorded */
	if (nr)
		sbuf_printf(b, "</table>\n");
	else if (!n->failed)
		sbuf_printf(b, "<p>No command failed.</p>\n");
	else if (n->failed > 0)
		sbuf_printf(b, "<p>By status: not recorded (the data file has no breakdown of the run's %" PRId64 " failed %s).</p>\n",
			    n->failed, plural(n->failed, "command", "commands"));
	else
		sbuf_printf(b, "<p>By status: not recorded.</p>\n");
	if (d->nr_resets || !n->resets)
		sbuf_printf(b, "<h2>Resets</h2>\n<p>%d resets logged during the run (the module keeps the last <code>reset_log_size</code>).</p>\n",
			    d->nr_resets);
	else if (n->resets > 0)
		sbuf_printf(b, "<h2>Resets</h2>\n<p>Resets logged: not recorded (the data file has no log of the run's %" PRId64 " %s).</p>\n",
			    n->resets, plural(n->resets, "reset", "resets"));
	else
		sbuf_printf(b, "<h2>Resets</h2>\n<p>Resets logged: not recorded.</p>\n");
	if (d->nr_resets)
		sbuf_printf(b, "<details><summary>every logged reset</summary>\n<table><tr><th>time</th><th>zone</th><th>latency</th><th>status</th><th>fill</th></tr>\n");
	for (i = 0; i < d->nr_resets; i++) {
		reset_cells(&d->resets[i], cell, cells);
		sbuf_printf(b, "<tr><td>%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td>%s</td><td class=\"n\">%s</td></tr>\n",
			    cells[0], cells[1], cells[2], cells[3], cells[4]);
	}
	if (d->nr_resets)
		sbuf_printf(b, "</table>\n</details>\n");
	sbuf_printf(b, "<h2>Sizes and alignment</h2>\n<table><tr><th>histogram</th><th>commands by bucket</th></tr>\n");
	for (i = 0; i < 2; i++) {
		sbuf_printf(b, "<tr><td>%s sizes</td><td>", dirs[i]);
		hist_line(b, d, "sizes", dirs[i], empty_text(i ? n->writes : n->reads));
		sbuf_printf(b, "</td></tr>\n<tr><td>%s alignment</td><td>", dirs[i]);
		hist_line(b, d, "alignment", dirs[i],
			  empty_text(i ? n->writes : n->reads));
		sbuf_printf(b, "</td></tr>\n");
	}
	sbuf_printf(b, "</table>\n");
}
