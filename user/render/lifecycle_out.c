// SPDX-License-Identifier: GPL-2.0
/*
 * A namespace's zone lifecycle (source/lifecycle.c) as a table, CSV, JSON or
 * Prometheus text: reclaim efficiency (fill at reset), finish waste, open
 * and active zones against the device's limits, time to full and time open.
 * Documentation/zns_stat.rst defines each figure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/life_model.h"
#include "render/json_out.h"
#include "render/lifecycle_out.h"

static uint64_t sum(const uint64_t *v, int n)
{
	uint64_t s = 0;

	while (n--)
		s += v[n];
	return s;
}

/*
 * "p50 <= 16 ms, p99 <= 33 ms, all <= 67 ms" of a log2 us histogram: bucket
 * bounds, so never called a maximum (the module keeps no exact one here).
 */
static const char * const qname[] = { "p50", "p99", "all" };
/* machine keys: bounds, as detail's p50_le_ns ("le": at most) */
static const char * const qkey[] = { "p50_le", "p99_le", "all_le" };

static void quantiles(struct sbuf *b, const uint64_t *h)
{
	static const double q[] = { 0.5, 0.99, 1 };
	char t[32];
	int i;

	if (!sum(h, ZNS_LIFE_BUCKETS)) {
		sbuf_printf(b, "none yet");
		return;
	}
	for (i = 0; i < 3; i++) {
		fmt_ns(t, sizeof(t), life_quantile_us(h, q[i]) * 1e3);
		sbuf_printf(b, "%s%s <= %s", i ? ", " : "", qname[i], t);
	}
}

static void limit_line(struct sbuf *b, const struct life *l, const char *what)
{
	char key[48], t[32], label[16];
	uint64_t max;

	snprintf(key, sizeof(key), "max_%s_zones", what);
	max = life_get(l, key);
	snprintf(key, sizeof(key), "%s_zones", what);
	snprintf(label, sizeof(label), "%s zones", what);
	sbuf_printf(b, "  %-14s %llu now", label, (unsigned long long)life_get(l, key));
	snprintf(key, sizeof(key), "%s_zones_uncertain", what);
	if (life_get(l, key))
		sbuf_printf(b, " (+%llu the device may have closed)",
			    (unsigned long long)life_get(l, key));
	snprintf(key, sizeof(key), "%s_zones_peak", what);
	sbuf_printf(b, ", peak %llu", (unsigned long long)life_get(l, key));
	if (!max) {
		sbuf_printf(b, ", no limit\n");
		return;
	}
	snprintf(key, sizeof(key), "%s_limit_time_ns", what);
	fmt_ns(t, sizeof(t), life_get(l, key));
	sbuf_printf(b, " of %llu; %s at the limit", (unsigned long long)max,
		    life_get(l, key) ? t : "never");
	snprintf(key, sizeof(key), "too_many_%s_errors", what);
	sbuf_printf(b, "; %llu \"too many %s\" %s\n",
		    (unsigned long long)life_get(l, key), what,
		    plural(life_get(l, key), "error", "errors"));
}

static void table_one(struct sbuf *b, const struct life *l)
{
	uint64_t cap = life_get(l, "zone_capacity_sectors"), fill[ZNS_FILL_BUCKETS];
	uint64_t known, max = 1, reclaimed = life_get(l, "reclaimed_sectors"), n;
	char key[48], t[32];
	int i;

	for (i = 0; i < ZNS_FILL_BUCKETS; i++) {
		snprintf(key, sizeof(key), "resets_fill_%dpct", i * 10);
		fill[i] = life_get(l, key);
		if (fill[i] > max)
			max = fill[i];
	}
	known = sum(fill, ZNS_FILL_BUCKETS);
	fmt_bytes(t, sizeof(t), cap * 512.0);
	sbuf_printf(b, "%s: zone lifecycle, as the host drove it (capacity %s)\n",
		    l->disk, cap ? t : "unknown until a zone report");
	limit_line(b, l, "open");
	limit_line(b, l, "active");
	if (life_get(l, "opens_over_limit"))
		sbuf_printf(b, "  %-14s %llu zones opened with the open limit reached (the device closed others)\n",
			    "", (unsigned long long)life_get(l, "opens_over_limit"));
	if (life_get(l, "opens_maybe_over_limit"))
		sbuf_printf(b, "  %-14s %llu zones opened at the limit as far as the host knows (the device may have closed others)\n",
			    "", (unsigned long long)life_get(l, "opens_maybe_over_limit"));
	fmt_bytes(t, sizeof(t), reclaimed * 512.0);
	sbuf_printf(b, "  %-14s %llu %s with a known fill", "fill at reset",
		    (unsigned long long)known, plural(known, "reset", "resets"));
	if (known && cap)
		sbuf_printf(b, ", mean %.1f%%", 100.0 * reclaimed / known / cap);
	sbuf_printf(b, "; %s reclaimed; %llu fill unknown", t,
		    (unsigned long long)life_get(l, "resets_fill_unknown"));
	if (life_get(l, "resets_select_all_unknown"))
		sbuf_printf(b, "; select-all resets met %llu zones of unknown condition (reset if not empty)",
			    (unsigned long long)life_get(l, "resets_select_all_unknown"));
	sbuf_printf(b, "\n");
	for (i = 0; known && i < ZNS_FILL_BUCKETS; i++) {
		sbuf_printf(b, "  %14s %s%3d%% %6llu |", "", i ? "<=" : "  ", i * 10,
			    (unsigned long long)fill[i]);
		sbuf_pad(b, '#', (int)(40 * fill[i] / max));
		sbuf_printf(b, "\n");
	}
	fmt_bytes(t, sizeof(t), life_get(l, "finish_waste_sectors") * 512.0);
	n = life_get(l, "finishes_waste_known");
	sbuf_printf(b, "  %-14s %s left unwritten by %llu %s; %llu unknown\n",
		    "finish waste", t, (unsigned long long)n,
		    plural(n, "finish", "finishes"),
		    (unsigned long long)life_get(l, "finishes_waste_unknown"));
	n = sum(l->to_full, ZNS_LIFE_BUCKETS);
	sbuf_printf(b, "  %-14s %llu %s: ", "time to full", (unsigned long long)n,
		    plural(n, "zone", "zones"));
	quantiles(b, l->to_full);
	n = sum(l->open, ZNS_LIFE_BUCKETS);
	sbuf_printf(b, "\n  %-14s %llu %s: ", "time open", (unsigned long long)n,
		    plural(n, "time", "times"));
	quantiles(b, l->open);
	sbuf_printf(b, "\n");
}

/*
 * Prometheus: base units (sectors to bytes, ns to seconds), counters end in
 * _total, the fill histogram is one metric with a fill_pct label.
 */
static void prom_metric(const char *key, char *out, size_t n, int *counter,
			int *pct)
{
	size_t len = strlen(key);

	*counter = !strstr(key, "zones") && !strstr(key, "capacity");
	*pct = -1;
	if (sscanf(key, "resets_fill_%dpct", pct) == 1) {
		snprintf(out, n, "zns_lifecycle_resets_fill_total");
		return;
	}
	*pct = -1;
	if (len > 8 && !strcmp(key + len - 8, "_sectors"))
		snprintf(out, n, "zns_lifecycle_%.*s_bytes", (int)len - 8, key);
	else if (len > 3 && !strcmp(key + len - 3, "_ns"))
		snprintf(out, n, "zns_lifecycle_%.*s_seconds", (int)len - 3, key);
	else
		snprintf(out, n, "zns_lifecycle_%s", key);
	if (*counter)
		strncat(out, "_total", n - strlen(out) - 1);
}

/* The histograms' sums: in their _sum series, not apart. */
static int is_hist_sum(const char *key)
{
	return !strcmp(key, "time_to_full_sum_ns") || !strcmp(key, "time_open_sum_ns");
}

/*
 * Time to full and time open as Prometheus histograms in seconds. Bucket i
 * of "lifetimes" holds whole microseconds [2^i, 2^(i+1) - 1] (0 and 1 in
 * bucket 0), so the cumulative count is exact at le = 2^(i+1) us; the last
 * bucket has no upper end. _sum: the module's *_sum_ns (zns_stat 0.2 on).
 */
static void prom_hist(struct sbuf *b, const struct life *l, int n, int which)
{
	static const char * const name[] = { "time_to_full", "time_open" };
	static const char * const help[] = {
		"Time from a zone's first write after empty to full by writes.",
		"Time a zone stayed open (to closed, full or empty).",
	};
	char sum_key[64], le[32];
	uint64_t cum, sum;
	int d, i;

	sbuf_printf(b, "# HELP zns_lifecycle_%s_seconds %s\n# TYPE zns_lifecycle_%s_seconds histogram\n",
		    name[which], help[which], name[which]);
	snprintf(sum_key, sizeof(sum_key), "%s_sum_ns", name[which]);
	for (d = 0; d < n; d++) {
		const uint64_t *h = which ? l[d].open : l[d].to_full;

		for (i = 0, cum = 0; i < ZNS_LIFE_BUCKETS; i++) {
			cum += h[i];
			if (i == ZNS_LIFE_BUCKETS - 1)
				break;
			fmt_seconds(le, sizeof(le), (2ULL << i) * 1000);
			sbuf_printf(b, "zns_lifecycle_%s_seconds_bucket{disk=\"%s\",le=\"%s\"} %llu\n",
				    name[which], l[d].disk, le, (unsigned long long)cum);
		}
		sbuf_printf(b, "zns_lifecycle_%s_seconds_bucket{disk=\"%s\",le=\"+Inf\"} %llu\n",
			    name[which], l[d].disk, (unsigned long long)cum);
		sum = life_get(&l[d], sum_key);
		fmt_seconds(le, sizeof(le), sum);
		if (life_has(&l[d], sum_key))
			sbuf_printf(b, "zns_lifecycle_%s_seconds_sum{disk=\"%s\"} %s\n",
				    name[which], l[d].disk, le);
		sbuf_printf(b, "zns_lifecycle_%s_seconds_count{disk=\"%s\"} %llu\n",
			    name[which], l[d].disk, (unsigned long long)cum);
	}
}

static void prom_all(struct sbuf *b, const struct life *l, int n)
{
	char metric[128], prev[128] = "", secs[32];
	int i, d, counter, pct;

	for (i = 0; n && i < l[0].nr_keys; i++) {
		const char *key = l[0].keys[i].key;
		size_t len = strlen(key);

		if (is_hist_sum(key))
			continue;

		prom_metric(key, metric, sizeof(metric), &counter, &pct);
		if (strcmp(metric, prev))
			sbuf_printf(b, "# HELP %s zns_stat zone lifecycle: %s (Documentation/zns_stat.rst).\n# TYPE %s %s\n",
				    metric, pct >= 0 ? "resets by fill at reset" : key,
				    metric, counter ? "counter" : "gauge");
		snprintf(prev, sizeof(prev), "%s", metric);
		for (d = 0; d < n; d++) {
			uint64_t v = life_get(&l[d], key);

			sbuf_printf(b, "%s{disk=\"%s\"", metric, l[d].disk);
			if (pct >= 0)
				sbuf_printf(b, ",fill_pct=\"%d\"", pct);
			if (len > 8 && !strcmp(key + len - 8, "_sectors")) {
				sbuf_printf(b, "} %llu\n", (unsigned long long)v * 512);
			} else if (len > 3 && !strcmp(key + len - 3, "_ns")) {
				fmt_seconds(secs, sizeof(secs), v);	/* exact */
				sbuf_printf(b, "} %s\n", secs);
			} else {
				sbuf_printf(b, "} %llu\n", (unsigned long long)v);
			}
		}
	}
	if (n) {
		prom_hist(b, l, n, 0);
		prom_hist(b, l, n, 1);
	}
}

static const double qval[] = { 0.5, 0.99, 1 };
static const char * const hname[] = { "time_to_full", "time_open" };

static const uint64_t *hist(const struct life *l, int i)
{
	return i ? l->open : l->to_full;
}

/* Whether two namespaces have the same keys, in order: one CSV header. */
static int same_keys(const struct life *a, const struct life *b)
{
	int i;

	if (a->nr_keys != b->nr_keys)
		return 0;
	for (i = 0; i < a->nr_keys; i++)
		if (strcmp(a->keys[i].key, b->keys[i].key))
			return 0;
	return 1;
}

/*
 * CSV: a table, one row per namespace, a column per key of the module's
 * file then the bucket bounds; a namespace with other keys (another module
 * version) starts a new header.
 */
static void csv_all(struct sbuf *b, const struct life *l, int n)
{
	int d, i, j;

	for (d = 0; d < n; d++) {
		if (!d || !same_keys(&l[d], &l[d - 1])) {
			sbuf_printf(b, "%sdisk", d ? "\n" : "");
			for (i = 0; i < l[d].nr_keys; i++)
				sbuf_printf(b, ",%s", l[d].keys[i].key);
			for (i = 0; i < 2; i++)
				for (j = 0; j < 3; j++)
					sbuf_printf(b, ",%s_%s_us", hname[i], qkey[j]);
			sbuf_printf(b, "\n");
		}
		sbuf_printf(b, "%s", l[d].disk);
		for (i = 0; i < l[d].nr_keys; i++)
			sbuf_printf(b, ",%llu", (unsigned long long)l[d].keys[i].value);
		for (i = 0; i < 2; i++)
			for (j = 0; j < 3; j++)
				sbuf_printf(b, ",%llu", (unsigned long long)
					    life_quantile_us(hist(&l[d], i), qval[j]));
		sbuf_printf(b, "\n");
	}
}

/*
 * JSON: {"disks": [{"disk", "lifecycle": {every key of the module's file},
 * "time_to_full_us": {"p50_le", "p99_le", "all_le"}, "time_open_us": {...}}]}.
 */
static void json_all(struct sbuf *b, const struct life *l, int n)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *disks = json_object_new_array();
	char key[48];
	int d, i, j;

	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	for (d = 0; d < n; d++) {
		struct json_object *o = json_object_new_object();
		struct json_object *keys = json_object_new_object();

		json_set(o, "disk", json_object_new_string(l[d].disk));
		for (i = 0; i < l[d].nr_keys; i++)
			json_set(keys, l[d].keys[i].key,
				 json_object_new_uint64(l[d].keys[i].value));
		json_set(o, "lifecycle", keys);
		for (i = 0; i < 2; i++) {
			struct json_object *q = json_object_new_object();

			for (j = 0; j < 3; j++)
				json_set(q, qkey[j], json_object_new_uint64(
					 life_quantile_us(hist(&l[d], i), qval[j])));
			snprintf(key, sizeof(key), "%s_us", hname[i]);
			json_set(o, key, q);
		}
		json_object_array_add(disks, o);
	}
	json_set(doc, "disks", disks);
	json_write(b, doc, 1);
	sbuf_printf(b, "\n");
}

/* A line is broken before this column, as detail's and ledger show's are. */
#define LINE_WIDTH	80
/* where a line's figures start, after its label: "  open zones     " */
#define LABEL_WIDTH	17

/*
 * The lines of b from from on, each broken after its last ", " or "; "
 * that keeps it within LINE_WIDTH, the rest under the figures.
 */
static void fit_lines(struct sbuf *b, size_t from)
{
	struct sbuf out = { 0 };
	const char *line, *nl, *cut, *p;

	if (!b->s)
		return;
	for (line = b->s + from; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line);
		while (nl - line > LINE_WIDTH) {
			cut = NULL;
			for (p = line + LABEL_WIDTH; p + 1 < line + LINE_WIDTH; p++)
				if ((*p == ',' || *p == ';') && p[1] == ' ')
					cut = p + 1;
			if (!cut)
				break;
			sbuf_put(&out, line, cut - line);
			sbuf_printf(&out, "\n%*s", LABEL_WIDTH, "");
			line = cut + 1;
		}
		sbuf_put(&out, line, nl - line);
		sbuf_put(&out, "\n", 1);
		if (!*nl)
			break;
	}
	b->len = from;
	b->s[from] = '\0';
	if (out.len)
		sbuf_put(b, out.s, out.len);
	b->oom |= out.oom;
	sbuf_free(&out);
}

void life_format(struct sbuf *b, const struct life *l, int n,
		 enum out_format f)
{
	size_t from = b->len;
	int i;

	if (f == FMT_PROM)
		prom_all(b, l, n);
	else if (f == FMT_CSV)
		csv_all(b, l, n);
	else if (f == FMT_JSON)
		json_all(b, l, n);
	else
		for (i = 0; i < n; i++)
			table_one(b, &l[i]);
	if (f == FMT_TABLE)
		fit_lines(b, from);
}
