// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat report A.dat B.dat -o table|csv|json: the comparison's figures
 * (model/compare.h) as the HTML page has them, for a terminal (libsmartcols)
 * and for scripts. Machine values keep their unit in the key (_ns, _bytes,
 * _per_s, _sectors); B/A is empty in CSV and null in JSON where either
 * side is missing or 0, as "-" on the page.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "render/compare_out.h"
#include "render/json_out.h"
#include "render/scols_out.h"
#include "source/datafile.h"

void cmp_value_text(char *out, size_t n, enum cmp_unit unit, double v)
{
	switch (unit) {
	case CMP_SECTORS:
		fmt_bytes_cell(out, n, v * 512);
		break;
	case CMP_SECONDS:
		fmt_ns_cell(out, n, v * 1e9);
		break;
	case CMP_PER_SECOND:
		snprintf(out, n, "%.1f/s", v);
		break;
	case CMP_BYTES_PER_SECOND:	/* a rate, not a size: -b leaves it */
		fmt_bytes(out, n, v);
		if (strchr(out, ' '))
			memmove(strchr(out, ' '), strchr(out, ' ') + 1,
				strlen(strchr(out, ' ')));
		strncat(out, "/s", n - strlen(out) - 1);
		break;
	case CMP_NS:
		fmt_ns_cell(out, n, v);
		break;
	default:
		snprintf(out, n, "%.0f", v);
	}
}

void cmp_figure_text(const struct cmp_figure *f, char *va, char *vb,
		     char *ratio, size_t n)
{
	double v;

	snprintf(va, n, "-");
	snprintf(vb, n, "-");
	snprintf(ratio, n, "-");
	if (f->a.have)
		cmp_value_text(va, n, f->unit, f->a.v);
	if (f->b.have)
		cmp_value_text(vb, n, f->unit, f->b.v);
	if (cmp_ratio(f, &v))
		snprintf(ratio, n, "%.3f", v);
}

const char *cmp_data_file(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

const char *cmp_context_label(enum cmp_context c)
{
	switch (c) {
	case CTX_DURATION_S: return "duration";
	case CTX_ZONE_BYTES: return "zone size";
	case CTX_LBA_BYTES: return "LBA size";
	default: return cmp_context_key(c);
	}
}

void cmp_context_text(char *out, size_t n, const struct datafile *df,
		      enum cmp_context c)
{
	const char *text;
	double v;

	cmp_context_value(df, c, &text, &v);
	if (c == CTX_DURATION_S)
		fmt_ns_cell(out, n, v * 1e9);
	else if (c == CTX_ZONE_BYTES || c == CTX_LBA_BYTES)
		fmt_bytes_cell(out, n, v);
	else if (c == CTX_ZONES)
		snprintf(out, n, "%.0f", v);
	else
		snprintf(out, n, "%s", text && *text ? text : "-");
	/* a comment's lines on one line: a table cell would escape them */
	for (; *out; out++)
		if (*out == '\n' || *out == '\t')
			*out = ' ';
}

/* A machine value: an integer where it is one, else three decimals. */
static int is_integer(double v)
{
	return v >= 0 && v < 9e18 && v == floor(v);
}

static void csv_number(struct sbuf *b, struct cmp_value v)
{
	if (v.have)
		sbuf_printf(b, is_integer(v.v) ? "%.0f" : "%.3f", v.v);
}


static const char * const section_key[] = { "rates_and_latency", "totals" };

static void compare_csv(struct sbuf *b, const struct compare *cmp,
			const struct datafile * const *runs, const char * const *paths)
{
	const struct cmp_figure *f;
	const char *text;
	double v;
	int r, c, i;

	sbuf_printf(b, "run,data_file");
	for (c = 0; c < CTX_COUNT; c++)
		sbuf_printf(b, ",%s", cmp_context_key(c));
	for (r = 0; r < 2; r++) {
		sbuf_printf(b, "\n%s,", r ? "B" : "A");
		sbuf_csv(b, cmp_data_file(paths[r]));
		for (c = 0; c < CTX_COUNT; c++) {
			sbuf_printf(b, ",");
			if (cmp_context_value(runs[r], c, &text, &v))
				sbuf_csv(b, text);
			else
				csv_number(b, (struct cmp_value){ v, 1 });
		}
	}
	sbuf_printf(b, "\n\nsection,figure,a,b,b_over_a,bound\n");
	for (i = 0; i < cmp->nr; i++) {
		f = &cmp->fig[i];
		sbuf_printf(b, "%s,%s,", section_key[f->section], f->key);
		csv_number(b, f->a);
		sbuf_printf(b, ",");
		csv_number(b, f->b);
		sbuf_printf(b, ",");
		if (cmp_ratio(f, &v))
			sbuf_printf(b, "%.3f", v);
		sbuf_printf(b, ",%d\n", f->bound);
	}
}

static struct json_object *json_number(struct cmp_value v)
{
	if (!v.have)
		return NULL;
	if (is_integer(v.v))
		return json_object_new_uint64((uint64_t)v.v);
	return json_fixed(v.v, 3);
}

static struct json_object *json_run(const struct datafile *df, const char *path)
{
	struct json_object *o = json_object_new_object();
	const char *text;
	double v;
	int c;

	json_set(o, "data_file", json_object_new_string(cmp_data_file(path)));
	for (c = 0; c < CTX_COUNT; c++) {
		if (cmp_context_value(df, c, &text, &v))
			json_set(o, cmp_context_key(c), text ? json_object_new_string(text) : NULL);
		else
			json_set(o, cmp_context_key(c), json_number((struct cmp_value){ v, 1 }));
	}
	return o;
}

static void compare_json(struct sbuf *b, const struct compare *cmp,
			 const struct datafile * const *runs, const char * const *paths)
{
	struct json_object *doc = json_object_new_object(), *o, *sec[2];
	const struct cmp_figure *f;
	char why[256];
	double ratio;
	int i;

	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	o = json_object_new_object();
	json_set(o, "a", json_run(runs[0], paths[0]));
	json_set(o, "b", json_run(runs[1], paths[1]));
	json_set(doc, "runs", o);
	json_set(doc, "geometry_differs", report_compare_mismatch(runs[0], runs[1], why, sizeof(why)) ?
		 json_object_new_string(why) : NULL);
	for (i = 0; i < 2; i++)
		sec[i] = json_object_new_object();
	for (i = 0; i < cmp->nr; i++) {
		f = &cmp->fig[i];
		o = json_object_new_object();
		json_set(o, "a", json_number(f->a));
		json_set(o, "b", json_number(f->b));
		json_set(o, "b_over_a", cmp_ratio(f, &ratio) ? json_fixed(ratio, 3) : NULL);
		json_set(o, "bound", json_object_new_boolean(f->bound));
		json_set(sec[f->section], f->key, o);
	}
	for (i = 0; i < 2; i++)
		json_set(doc, section_key[i], sec[i]);
	json_write(b, doc, 1);
	sbuf_printf(b, "\n");
}

/* The runs' context: a row per key, A and B beside each other. */
static void table_runs(struct sbuf *b, const struct datafile * const *runs,
		       const char * const *paths, int width)
{
	static const char * const names[] = { "", "A", "B" };
	static const int right[] = { 0, 0, 0 };
	struct libscols_table *tb = scols_out_new(names, right, 3, 0);
	char v[2][128], w[2][256];
	const char *cells[] = { "data file", cmp_data_file(paths[0]), cmp_data_file(paths[1]) };
	int c, r, cell;

	/*
	 * A comment or a model longer than the terminal wraps in its cell:
	 * A and B get half of what the indent and the labels ("start_time")
	 * leave each.
	 */
	cell = (width - 2 - (int)strlen("start_time") - 2) / 2;
	if (tb && width > 0 && scols_out_wrap(tb))
		b->oom = 1;
	if (tb && scols_out_row(tb, cells, 3))
		b->oom = 1;
	for (c = 0; tb && c < CTX_COUNT; c++) {
		for (r = 0; r < 2; r++) {
			cmp_context_text(v[r], sizeof(v[r]), runs[r], c);
			if (width > 0)
				scols_out_wrap_words(w[r], sizeof(w[r]), v[r],
						     cell > 8 ? cell : 8);
			cells[r + 1] = width > 0 ? w[r] : v[r];
		}
		cells[0] = cmp_context_label(c);
		if (scols_out_row(tb, cells, 3))
			b->oom = 1;
	}
	scols_out_print(b, tb, "  ");
}

/* One section's figures: A, B and B/A ("-": either missing or 0). */
static void table_figures(struct sbuf *b, const struct compare *cmp,
			  enum cmp_section section)
{
	static const char * const names[][4] = {
		{ "figure", "A", "B", "B/A" }, { "counter", "A", "B", "B/A" },
	};
	static const int right[] = { 0, 1, 1, 1 };
	struct libscols_table *tb = scols_out_new(names[section], right, 4, 0);
	char va[48], vb[48], ratio[48];
	const char *cells[] = { NULL, va, vb, ratio };
	const struct cmp_figure *f;
	int i;

	for (i = 0; tb && i < cmp->nr; i++) {
		f = &cmp->fig[i];
		if (f->section != section)
			continue;
		cmp_figure_text(f, va, vb, ratio, sizeof(va));
		cells[0] = f->label;
		if (scols_out_row(tb, cells, 4))
			b->oom = 1;
	}
	scols_out_print(b, tb, "  ");
}

void compare_output(struct sbuf *b, enum out_format f,
		    const struct datafile *a, const char *path_a,
		    const struct datafile *c, const char *path_c, int width)
{
	const struct datafile *runs[] = { a, c };
	const char *paths[] = { path_a, path_c };
	struct compare cmp;

	if (compare_runs(&cmp, a, c)) {
		b->oom = 1;
		return;
	}
	if (f == FMT_CSV) {
		compare_csv(b, &cmp, runs, paths);
	} else if (f == FMT_JSON) {
		compare_json(b, &cmp, runs, paths);
	} else {
		sbuf_printf(b, "runs\n");
		table_runs(b, runs, paths, width);
		sbuf_printf(b, "rates and latency\n");
		table_figures(b, &cmp, CMP_RATES);
		sbuf_printf(b, "totals\n");
		table_figures(b, &cmp, CMP_TOTALS);
	}
	compare_free(&cmp);
}
