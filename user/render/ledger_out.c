// SPDX-License-Identifier: GPL-2.0
/* A ledger as a table, CSV or JSON (ledger_out.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/words.h"
#include "model/ledger_outliers.h"
#include "model/ledger_zones.h"
#include "render/json_out.h"
#include "render/ledger_out.h"
#include "render/scols_out.h"

#define LEDGER_COLS	(1 + LC_NR + 2)

void ledger_time(char *out, size_t n, int64_t t)
{
	if (!t || fmt_rfc3339(out, n, t, 0, 0) < 0)
		snprintf(out, n, "-");
}

static int is_sectors(int i)
{
	const char *name = ledger_counter_names[i];
	size_t n = strlen(name);

	return n > 8 && !strcmp(name + n - 8, "_sectors");
}

/*
 * A lifecycle counter as people read it: a size or a duration one word
 * with its unit, named without the unit ("reclaimed 1MiB", "time_open_sum
 * 12ms"); a count as it is ("resets_fill_100pct 1").
 */
static void life_phrase(char *out, size_t n, const char *name, uint64_t v)
{
	size_t len = strlen(name);
	char value[32];

	if (len > 8 && !strcmp(name + len - 8, "_sectors")) {
		fmt_bytes_cell(value, sizeof(value), v * 512.0);
		len -= 8;
	} else if (len > 3 && !strcmp(name + len - 3, "_ns")) {
		fmt_ns_cell(value, sizeof(value), (double)v);
		len -= 3;
	} else {
		fmt_u64(value, sizeof(value), v);
	}
	snprintf(out, n, "%.*s %s", (int)len, name, value);
}

/* The namespace counters [from, to) that are not 0, the first after lead. */
/* A line of the title is broken before it passes this column, as a terminal's. */
#define TITLE_WIDTH	80

static int ns_counters(struct sbuf *b, const struct ledger *l, int from,
		       int to, const char *lead)
{
	char phrase[96];
	size_t col = 0;
	int i, n = 0;

	for (i = from; i < to; i++) {
		if (!l->ns_total[i])
			continue;
		/* the main title's words: "1 reset of all zones" */
		if (i < LN_LIFE)
			disk_counter_phrase(phrase, sizeof(phrase), ledger_ns_names[i],
					    l->ns_total[i]);
		else
			life_phrase(phrase, sizeof(phrase), ledger_ns_names[i],
				    l->ns_total[i]);
		if (!n++) {
			/* the line's start: the title's first words are on it */
			for (col = b->len; col && b->s[col - 1] != '\n'; col--)
				;
			sbuf_printf(b, "%s", lead);
		} else if (b->len - col + 2 + strlen(phrase) > TITLE_WIDTH) {
			sbuf_printf(b, ",\n  ");
			col = b->len - 2;
		} else {
			sbuf_printf(b, ", ");
		}
		sbuf_printf(b, "%s", phrase);
	}
	return n;
}

/* Named after the table, the first few: JSON has them all. */
#define OUTLIERS_NAMED	10

void ledger_outliers_line(const struct ledger_outliers *o, uint64_t max,
			  char *out, size_t outlen)
{
	size_t n = 0;
	uint64_t i;

	*out = '\0';
	for (i = 0; i < o->nr && i < max && n < outlen; i++)
		n += snprintf(out + n, outlen - n, "%szone %" PRIu64 " (%" PRIu64 " resets, %.1fx the mean)",
			      i ? ", " : "", o->zones[i].zone, o->zones[i].resets,
			      o->zones[i].resets / o->mean);
	if (o->nr > max && n < outlen)
		snprintf(out + n, outlen - n, " and %" PRIu64 " more", o->nr - max);
}

static void out_outliers(struct sbuf *b, const struct ledger_outliers *o)
{
	char names[1024];

	if (!o->mean)
		return;
	ledger_outliers_line(o, OUTLIERS_NAMED, names, sizeof(names));
	/* the rule on a line of its own: 80 columns */
	sbuf_printf(b, "reset outliers: %s%s\n  (more than mean + %d sd and %dx the mean; mean %.2f, sd %.2f resets a zone)\n",
		    *names ? names : "none",
		    o->nr > OUTLIERS_NAMED ? " (-o json names them all)" : "",
		    OUTLIER_SDS, OUTLIER_TIMES_MEAN, o->mean, o->sd);
}

/* What the table keeps first on a narrow terminal (the zone stays). */
static int ledger_rank(const char *name)
{
	static const char * const first[] = {
		"zone", "writes", "write_bytes", "reads", "read_bytes", "resets",
		"fill_resets", "fill_sum_bytes", "errors", "appends",
		"append_bytes", "finishes", "fill_min", "fill_max", "opens",
		"closes", "write_zeroes", "write_zeroes_bytes",
	};

	return scols_out_rank(name, first, sizeof(first) / sizeof(first[0]));
}

static void out_table(struct sbuf *b, const struct ledger *l,
		      const struct ledger_outliers *o, int all, int width)
{
	const char *names[LEDGER_COLS], *cells[LEDGER_COLS];
	char buf[LEDGER_COLS][40], head[LEDGER_COLS][40], first[32], last[32];
	char zone[32];
	int right[LEDGER_COLS], w[LEDGER_COLS], rank[LEDGER_COLS], i, n;
	int shown = 0, hidden = 0;
	struct libscols_table *tb;
	uint64_t z;

	/* the main table's title words, then the ledger's own, 80 columns each */
	fmt_bytes(zone, sizeof(zone), l->zone_sectors * 512.0);
	sbuf_printf(b, "%s: %" PRIu64 " zones of %s, %" PRIu64 "-byte LBAs",
		    l->disk, l->nr_zones, zone, l->lba_bytes);
	ns_counters(b, l, 0, LN_LIFE, "; ");
	sbuf_printf(b, "\n");
	ledger_time(first, sizeof(first), l->first_seen);
	ledger_time(last, sizeof(last), l->last_seen);
	sbuf_printf(b, "lifetime since %s, last folded %s\n", first, last);
	sbuf_printf(b, "%" PRIu64 " %s, %" PRIu64 " %s; identity %s\n", l->folds,
		    plural(l->folds, "fold", "folds"), l->restarts,
		    plural(l->restarts, "counter restart", "counter restarts"),
		    l->identity);
	if (ns_counters(b, l, LN_LIFE, LN_NR, "lifecycle: "))
		sbuf_printf(b, "\n");
	n = 0;
	snprintf(head[n], sizeof(head[n]), "zone");
	for (i = 0; i < LC_NR; i++) {
		n++;
		snprintf(head[n], sizeof(head[n]), "%s", ledger_counter_names[i]);
		if (is_sectors(i))	/* people read bytes, as in the zone table */
			snprintf(head[n] + strlen(head[n]) - 8, 9, "_bytes");
	}
	snprintf(head[++n], sizeof(head[n]), "fill_min");
	snprintf(head[++n], sizeof(head[n]), "fill_max");
	for (i = 0; i < LEDGER_COLS; i++) {
		names[i] = head[i];
		right[i] = 1;
		cells[i] = buf[i];
		w[i] = strlen(head[i]);
		rank[i] = ledger_rank(head[i]);
	}
	tb = scols_out_new(names, right, LEDGER_COLS, 0);
	if (!tb) {
		b->oom = 1;
		return;
	}
	for (z = 0; z < l->nr_zones; z++) {
		const struct ledger_zone *lz = &l->zones[z];

		if (!all && !ledger_zone_active(lz))
			continue;
		shown++;
		fmt_u64(buf[0], sizeof(buf[0]), z);
		for (i = 0; i < LC_NR; i++) {
			if (is_sectors(i) && lz->total[i])
				fmt_bytes_cell(buf[1 + i], sizeof(buf[1 + i]), lz->total[i] * 512.0);
			else
				fmt_u64(buf[1 + i], sizeof(buf[1 + i]), lz->total[i]);
		}
		if (lz->total[LC_FILL_RESETS]) {
			fmt_bytes_cell(buf[1 + LC_NR], sizeof(buf[0]), lz->fill_min * 512.0);
			fmt_bytes_cell(buf[2 + LC_NR], sizeof(buf[0]), lz->fill_max * 512.0);
		} else {
			snprintf(buf[1 + LC_NR], sizeof(buf[0]), "-");
			snprintf(buf[2 + LC_NR], sizeof(buf[0]), "-");
		}
		for (i = 0; i < LEDGER_COLS; i++)
			if ((int)strlen(buf[i]) > w[i])
				w[i] = strlen(buf[i]);
		if (scols_out_row(tb, cells, LEDGER_COLS))
			b->oom = 1;
	}
	if (shown) {
		hidden = scols_out_hide(tb, scols_out_fit(w, rank, LEDGER_COLS, width),
					LEDGER_COLS);
		scols_out_print(b, tb, "");
	} else {
		scols_unref_table(tb);
	}
	if (hidden)
		sbuf_printf(b, "(%d more %s to fit %d characters: -o csv or a pipe shows them)\n",
			    hidden, plural(hidden, "column", "columns"), width);
	if (!all && shown < (int64_t)l->nr_zones)
		sbuf_printf(b, "(%" PRIu64 " %s without lifetime activity not shown: -a shows them)\n",
			    l->nr_zones - shown, plural(l->nr_zones - shown, "zone", "zones"));
	out_outliers(b, o);
}

static void out_csv(struct sbuf *b, const struct ledger *l,
		    const struct ledger_outliers *o)
{
	struct sbuf ns = { 0 };
	char first[32], last[32];
	uint64_t z;
	int i;

	sbuf_printf(b, "disk,identity,zone");
	for (i = 0; i < LC_NR; i++)
		sbuf_printf(b, ",%s", ledger_counter_names[i]);
	sbuf_printf(b, ",fill_min_sectors,fill_max_sectors,reset_outlier,first_seen,last_seen");
	for (i = 0; i < LN_NR; i++)
		sbuf_printf(b, ",ns_%s", ledger_ns_names[i]);
	sbuf_printf(b, "\n");
	/* the namespace's figures on every row: one flat table */
	ledger_time(first, sizeof(first), l->first_seen);
	ledger_time(last, sizeof(last), l->last_seen);
	for (i = 0; i < LN_NR; i++)
		sbuf_printf(&ns, ",%" PRIu64, l->ns_total[i]);
	for (z = 0; z < l->nr_zones; z++) {
		const struct ledger_zone *lz = &l->zones[z];

		sbuf_printf(b, "%s,%s,%" PRIu64, l->disk, l->identity, z);
		for (i = 0; i < LC_NR; i++)
			sbuf_printf(b, ",%" PRIu64, lz->total[i]);
		if (lz->total[LC_FILL_RESETS])
			sbuf_printf(b, ",%" PRIu64 ",%" PRIu64, lz->fill_min, lz->fill_max);
		else
			sbuf_printf(b, ",,");
		sbuf_printf(b, ",%d,%s,%s%s\n", ledger_is_outlier(o, lz->total[LC_RESETS]),
			    first, last, ns.s ? ns.s : "");
	}
	if (ns.oom)
		b->oom = 1;
	sbuf_free(&ns);
}

/* {"mean", "sd", "zones": [{"zone", "resets"}]}: most resets first */
static struct json_object *json_outliers(const struct ledger_outliers *o)
{
	struct json_object *j = json_object_new_object();
	struct json_object *zones = json_object_new_array();
	uint64_t i;

	json_set(j, "mean", json_object_new_double(o->mean));
	json_set(j, "sd", json_object_new_double(o->sd));
	for (i = 0; i < o->nr; i++) {
		struct json_object *z = json_object_new_object();

		json_set(z, "zone", json_object_new_uint64(o->zones[i].zone));
		json_set(z, "resets", json_object_new_uint64(o->zones[i].resets));
		json_object_array_add(zones, z);
	}
	json_set(j, "zones", zones);
	return j;
}

static void out_json(struct sbuf *b, const struct ledger *l,
		     const struct ledger_outliers *o)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *ns = json_object_new_object();
	struct json_object *zones = json_object_new_array();
	char t[32];
	uint64_t z;
	int i;

	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	json_set(doc, "disk", json_object_new_string(l->disk));
	json_set(doc, "identity", json_object_new_string(l->identity));
	json_set(doc, "nr_zones", json_object_new_uint64(l->nr_zones));
	json_set(doc, "zone_sectors", json_object_new_uint64(l->zone_sectors));
	json_set(doc, "lba_bytes", json_object_new_uint64(l->lba_bytes));
	ledger_time(t, sizeof(t), l->first_seen);
	json_set(doc, "first_seen", json_object_new_string(t));
	ledger_time(t, sizeof(t), l->last_seen);
	json_set(doc, "last_seen", json_object_new_string(t));
	json_set(doc, "folds", json_object_new_uint64(l->folds));
	json_set(doc, "restarts", json_object_new_uint64(l->restarts));
	json_set(doc, "instance", *l->instance ? json_object_new_string(l->instance) : NULL);
	json_set(doc, "generation", json_object_new_uint64(l->generation));
	for (i = 0; i < LN_NR; i++)
		json_set(ns, ledger_ns_names[i], json_object_new_uint64(l->ns_total[i]));
	json_set(doc, "namespace", ns);
	json_set(doc, "reset_outliers", json_outliers(o));
	for (z = 0; z < l->nr_zones; z++) {
		const struct ledger_zone *lz = &l->zones[z];
		struct json_object *o = json_object_new_object();

		json_set(o, "zone", json_object_new_uint64(z));
		for (i = 0; i < LC_NR; i++)
			json_set(o, ledger_counter_names[i], json_object_new_uint64(lz->total[i]));
		json_set(o, "fill_min_sectors", lz->total[LC_FILL_RESETS] ?
			 json_object_new_uint64(lz->fill_min) : NULL);
		json_set(o, "fill_max_sectors", lz->total[LC_FILL_RESETS] ?
			 json_object_new_uint64(lz->fill_max) : NULL);
		json_object_array_add(zones, o);
	}
	json_set(doc, "zones", zones);
	json_write(b, doc, 1);	/* and frees it */
	sbuf_put(b, "\n", 1);	/* a text file ends its last line */
}

void ledger_out(struct sbuf *b, const struct ledger *l, enum out_format f,
		int all, int width)
{
	struct ledger_outliers o;

	if (ledger_outliers(l, &o)) {
		b->oom = 1;
		return;
	}
	if (f == FMT_CSV)
		out_csv(b, l, &o);
	else if (f == FMT_JSON)
		out_json(b, l, &o);
	else
		out_table(b, l, &o, all, width);
	ledger_outliers_free(&o);
}
