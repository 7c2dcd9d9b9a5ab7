// SPDX-License-Identifier: GPL-2.0
/* The ledgers' lifetime totals as Prometheus families (prom_ledger.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/numbers.h"
#include "model/ledger_zones.h"
#include "render/cgroups_out.h"
#include "render/prom_ledger.h"

#define SINCE	" since the ledger began (zns-stat ledger: across module reloads, clears and reboots)."

/* What a counter counts in; exported in the base unit (put_value). */
enum unit { U_COUNT, U_SECTORS, U_NS };

/* One series of a zone counter; a family's first names it and helps. */
struct series {
	const char *family, *op, *help;
	enum ledger_counter c;
	enum unit unit;
};

static const struct series zone_series[] = {
	{ "commands_total", "read", "Commands by operation", LC_READS, U_COUNT },
	{ "commands_total", "write", NULL, LC_WRITES, U_COUNT },
	{ "commands_total", "append", NULL, LC_APPENDS, U_COUNT },
	{ "commands_total", "write_zeroes", NULL, LC_WRITE_ZEROES, U_COUNT },
	{ "bytes_total", "read", "Bytes by operation", LC_READ_SECTORS, U_SECTORS },
	{ "bytes_total", "write", NULL, LC_WRITE_SECTORS, U_SECTORS },
	{ "bytes_total", "append", NULL, LC_APPEND_SECTORS, U_SECTORS },
	{ "bytes_total", "write_zeroes", NULL, LC_WRITE_ZEROES_SECTORS, U_SECTORS },
	{ "resets_total", NULL, "Zone resets (resets of all zones: zns_ledger_reset_all_total)", LC_RESETS, U_COUNT },
	{ "finishes_total", NULL, "Zone finishes (not select-all)", LC_FINISHES, U_COUNT },
	{ "opens_total", NULL, "Explicit zone opens (not select-all)", LC_OPENS, U_COUNT },
	{ "closes_total", NULL, "Zone closes (not select-all)", LC_CLOSES, U_COUNT },
	{ "errors_total", NULL, "Failed commands on the zones", LC_ERRORS, U_COUNT },
	{ "fill_resets_total", NULL, "Resets whose zone's fill was known", LC_FILL_RESETS, U_COUNT },
	{ "reset_fill_bytes_total", NULL, "The fills at those resets summed (over fill_resets_total: the mean fill at reset)", LC_FILL_SUM_SECTORS, U_SECTORS },
};
#define NR_SERIES	((int)(sizeof(zone_series) / sizeof(zone_series[0])))

/*
 * The namespace's counters (ledger_ns_names), each a family; the lifecycle's
 * named as zns-stat lifecycle -o prom names the live ones (zns_lifecycle_*).
 * The fill-at-reset buckets are one family of buckets counters from
 * LN_RESETS_FILL_0PCT on, label fill_pct the bucket's upper bound in percent
 * (the module's resets_fill_<N>pct).
 */
struct ns_series {
	const char *family, *help;
	enum unit unit;
	int buckets;
};

static const struct ns_series ns_series[LN_NR] = {
	[LN_RESET_ALL] = { "reset_all_total", "Resets of all zones (a select-all command each)" },
	[LN_FINISH_ALL] = { "finish_all_total", "Finishes of all zones (a select-all command each)" },
	[LN_OPEN_ALL] = { "open_all_total", "Opens of all zones (a select-all command each)" },
	[LN_CLOSE_ALL] = { "close_all_total", "Closes of all zones (a select-all command each)" },
	[LN_SELECT_ALL_ERRORS] = { "select_all_errors_total", "Failed select-all commands" },
	[LN_DROPPED] = { "dropped_total", "Commands the module could not attribute to a zone" },
	[LN_OPEN_LIMIT_TIME_NS] = { "open_limit_time_seconds_total", "Time with the open zones at the device's limit (an upper bound once opens_over_limit is not 0)", U_NS },
	[LN_ACTIVE_LIMIT_TIME_NS] = { "active_limit_time_seconds_total", "Time with the active zones at the device's limit", U_NS },
	[LN_OPENS_OVER_LIMIT] = { "opens_over_limit_total", "Zones that became open with the open limit reached for sure (the device closed another)" },
	[LN_OPENS_MAYBE_OVER_LIMIT] = { "opens_maybe_over_limit_total", "Zones that became open with the open limit reached as far as the host knew (the device may have closed another)" },
	[LN_TOO_MANY_OPEN_ERRORS] = { "too_many_open_errors_total", "Commands failed with too many open zones" },
	[LN_TOO_MANY_ACTIVE_ERRORS] = { "too_many_active_errors_total", "Commands failed with too many active zones" },
	[LN_RESETS_FILL_UNKNOWN] = { "resets_fill_unknown_total", "Resets whose zone's fill was not known" },
	[LN_RESETS_FILL_FRACTION_UNKNOWN] = { "resets_fill_fraction_unknown_total", "Resets of a zone whose fill was known but not its capacity" },
	[LN_RESETS_SELECT_ALL_UNKNOWN] = { "resets_select_all_unknown_total", "Zones of unknown condition met by select-all resets (each may or may not have been reset)" },
	[LN_RESETS_FILL_0PCT] = { "resets_fill_total", "Resets by the zone's fill (fill_pct 0: nothing written; N: in ((N-10)%, N%] of the capacity)", U_COUNT, ZNS_FILL_BUCKETS },
	[LN_RECLAIMED_SECTORS] = { "reclaimed_bytes_total", "The known fills at reset summed", U_SECTORS },
	[LN_FINISHES_WASTE_KNOWN] = { "finishes_waste_known_total", "Finishes whose capacity left unwritten was known" },
	[LN_FINISHES_WASTE_UNKNOWN] = { "finishes_waste_unknown_total", "Finishes whose capacity left unwritten was not known" },
	[LN_FINISH_WASTE_SECTORS] = { "finish_waste_bytes_total", "Capacity left unwritten by the finishes whose waste was known", U_SECTORS },
	[LN_TIME_TO_FULL_SUM_NS] = { "time_to_full_seconds_total", "Times from a zone's first write after empty to full by writes, summed,", U_NS },
	[LN_TIME_OPEN_SUM_NS] = { "time_open_seconds_total", "Times zones stayed open (to closed, full or empty), summed,", U_NS },
};

static void head(struct sbuf *b, const char *metric, const char *help,
		 const char *type)
{
	sbuf_printf(b, "# HELP %s %s\n# TYPE %s %s\n", metric, help, metric, type);
}

static void labels(struct sbuf *b, const struct ledger *l)
{
	sbuf_printf(b, "{disk=\"");
	prom_label_value(b, l->disk);
	sbuf_printf(b, "\",identity=\"");
	prom_label_value(b, l->identity);
	sbuf_printf(b, "\"");
}

/* The end of a sample: v in its base unit, ns as exact decimal seconds. */
static void put_value(struct sbuf *b, uint64_t v, enum unit unit)
{
	char t[32];

	if (unit == U_NS) {
		fmt_seconds(t, sizeof(t), v);
		sbuf_printf(b, "} %s\n", t);
	} else {
		sbuf_printf(b, "} %" PRIu64 "\n", unit == U_SECTORS ? v * 512 : v);
	}
}

static void sample(struct sbuf *b, const char *metric, const struct ledger *l,
		   uint64_t v)
{
	sbuf_printf(b, "%s", metric);
	labels(b, l);
	put_value(b, v, U_COUNT);
}

/* One series' count: a zone's total, or all zones' (zone -1). */
static uint64_t value(const struct ledger *l, int64_t zone,
		      const struct series *s)
{
	uint64_t v = 0, z;

	if (zone >= 0)
		v = l->zones[zone].total[s->c];
	else
		for (z = 0; z < l->nr_zones; z++)
			v += l->zones[z].total[s->c];
	return v;
}

/* A ledger's zones in the per-zone series. */
struct shown {
	uint64_t *zones, nr, omitted;
};

/* The series of one family [first, end) of zone_series, of one ledger. */
static void family_rows(struct sbuf *b, const struct ledger *l, int first,
			int end, const char *metric, const struct shown *sh)
{
	uint64_t k;
	int i;

	for (k = 0; k < (sh ? sh->nr : 1); k++) {
		for (i = first; i < end; i++) {
			sbuf_printf(b, "%s", metric);
			labels(b, l);
			if (sh)
				sbuf_printf(b, ",zone=\"%" PRIu64 "\"", sh->zones[k]);
			if (zone_series[i].op)
				sbuf_printf(b, ",op=\"%s\"", zone_series[i].op);
			put_value(b, value(l, sh ? (int64_t)sh->zones[k] : -1,
					   &zone_series[i]), zone_series[i].unit);
		}
	}
}

/*
 * Every family of zone_series: of the namespaces (sh NULL), or of the
 * zones shown (sh[d] for ledger d).
 */
static void zone_families(struct sbuf *b, const struct ledger *l, int n,
			  const struct shown *sh)
{
	char metric[96], help[320];
	int i, end, d;

	for (i = 0; i < NR_SERIES; i = end) {
		for (end = i + 1; end < NR_SERIES && !zone_series[end].help; end++)
			;
		snprintf(metric, sizeof(metric), "zns_ledger_%s%s",
			 sh ? "zone_" : "", zone_series[i].family);
		snprintf(help, sizeof(help), "%s%s%s", zone_series[i].help,
			 sh ? " on the zone" : "", SINCE);
		head(b, metric, help, "counter");
		for (d = 0; d < n; d++)
			family_rows(b, l + d, i, end, metric, sh ? &sh[d] : NULL);
	}
}

/*
 * The family of ns_series[i], of every ledger: one counter, or its buckets.
 * Returns how many counters it took.
 */
static int ns_family(struct sbuf *b, const struct ledger *l, int n, int i)
{
	const struct ns_series *s = &ns_series[i];
	int d, k, nr = s->buckets ? s->buckets : 1;
	char metric[96], help[320];

	snprintf(metric, sizeof(metric), "zns_ledger_%s", s->family);
	snprintf(help, sizeof(help), "%s%s", s->help, SINCE);
	head(b, metric, help, "counter");
	for (d = 0; d < n; d++) {
		for (k = 0; k < nr; k++) {
			sbuf_printf(b, "%s", metric);
			labels(b, &l[d]);
			if (s->buckets)
				sbuf_printf(b, ",fill_pct=\"%d\"", k * 10);
			put_value(b, l[d].ns_total[i + k], s->unit);
		}
	}
	return nr;
}

/*
 * The namespace-wide families: select-all counts, the lifecycle's totals,
 * folds, their times.
 */
static void ns_families(struct sbuf *b, const struct ledger *l, int n)
{
	int i = 0, d;

	while (i < LN_NR)
		i += ns_family(b, l, n, i);
	head(b, "zns_ledger_folds_total", "Readings of the module folded into the ledger.", "counter");
	for (d = 0; d < n; d++)
		sample(b, "zns_ledger_folds_total", &l[d], l[d].folds);
	head(b, "zns_ledger_restarts_total", "Folds that found the module's counters started over (a reload, a clear, a new table).", "counter");
	for (d = 0; d < n; d++)
		sample(b, "zns_ledger_restarts_total", &l[d], l[d].restarts);
	head(b, "zns_ledger_last_fold_timestamp_seconds", "When the ledger was last folded (seconds since 1970): old when zns-stat ledger stopped.", "gauge");
	for (d = 0; d < n; d++)
		sample(b, "zns_ledger_last_fold_timestamp_seconds", &l[d], (uint64_t)l[d].last_seen);
}

static void per_zone(struct sbuf *b, const struct ledger *l, int n,
		     long max_zones)
{
	struct shown *sh = calloc(n, sizeof(*sh));
	int d, ret = !sh;

	for (d = 0; !ret && d < n; d++)
		ret = ledger_zones(&l[d], max_zones, &sh[d].zones, &sh[d].nr,
				   &sh[d].omitted);
	if (ret) {
		b->oom = 1;
	} else {
		zone_families(b, l, n, sh);
		head(b, "zns_ledger_zones_omitted", "Zones with lifetime activity left out of the per-zone lifetime series (--max-zones).", "gauge");
		for (d = 0; d < n; d++)
			sample(b, "zns_ledger_zones_omitted", &l[d], sh[d].omitted);
	}
	for (d = 0; sh && d < n; d++)
		free(sh[d].zones);
	free(sh);
}

void prom_ledger(struct sbuf *b, const struct ledger *l, int n, int zones,
		 long max_zones)
{
	if (n <= 0)
		return;
	zone_families(b, l, n, NULL);
	ns_families(b, l, n);
	if (zones)
		per_zone(b, l, n, max_zones);
}
