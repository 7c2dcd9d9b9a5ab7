// SPDX-License-Identifier: GPL-2.0
/* The ledgers' lifetime totals as Prometheus families (prom_ledger.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/ledger_zones.h"
#include "render/cgroups_out.h"
#include "render/prom_ledger.h"

#define SINCE	" since the ledger began (zns-stat ledger: across module reloads, clears and reboots)."

/* One series of a zone counter; a family's first names it and helps. */
struct series {
	const char *family, *op, *help;
	enum ledger_counter c;
	int sectors;	/* exported as bytes */
};

static const struct series zone_series[] = {
	{ "commands_total", "read", "Commands by operation", LC_READS, 0 },
	{ "commands_total", "write", NULL, LC_WRITES, 0 },
	{ "commands_total", "append", NULL, LC_APPENDS, 0 },
	{ "commands_total", "write_zeroes", NULL, LC_WRITE_ZEROES, 0 },
	{ "bytes_total", "read", "Bytes by operation", LC_READ_SECTORS, 1 },
	{ "bytes_total", "write", NULL, LC_WRITE_SECTORS, 1 },
	{ "bytes_total", "append", NULL, LC_APPEND_SECTORS, 1 },
	{ "bytes_total", "write_zeroes", NULL, LC_WRITE_ZEROES_SECTORS, 1 },
	{ "resets_total", NULL, "Zone resets (select-all ones: zns_ledger_reset_all_total)", LC_RESETS, 0 },
	{ "finishes_total", NULL, "Zone finishes (not select-all)", LC_FINISHES, 0 },
	{ "opens_total", NULL, "Explicit zone opens (not select-all)", LC_OPENS, 0 },
	{ "closes_total", NULL, "Zone closes (not select-all)", LC_CLOSES, 0 },
	{ "errors_total", NULL, "Failed commands on the zones", LC_ERRORS, 0 },
	{ "fill_resets_total", NULL, "Resets whose zone's fill was known", LC_FILL_RESETS, 0 },
	{ "reset_fill_bytes_total", NULL, "The fills at those resets summed (over fill_resets_total: the mean fill at reset)", LC_FILL_SUM_SECTORS, 1 },
};
#define NR_SERIES	((int)(sizeof(zone_series) / sizeof(zone_series[0])))

static const char * const ns_help[LN_LIFE] = {
	[LN_RESET_ALL] = "Select-all zone resets",
	[LN_FINISH_ALL] = "Select-all zone finishes",
	[LN_OPEN_ALL] = "Select-all zone opens",
	[LN_CLOSE_ALL] = "Select-all zone closes",
	[LN_SELECT_ALL_ERRORS] = "Failed select-all commands",
	[LN_DROPPED] = "Commands the module could not attribute to a zone",
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

static void sample(struct sbuf *b, const char *metric, const struct ledger *l,
		   uint64_t v)
{
	sbuf_printf(b, "%s", metric);
	labels(b, l);
	sbuf_printf(b, "} %" PRIu64 "\n", v);
}

/* One series' value: a zone's total, or all zones' (zone -1). */
static uint64_t value(const struct ledger *l, int64_t zone,
		      const struct series *s)
{
	uint64_t v = 0, z;

	if (zone >= 0)
		v = l->zones[zone].total[s->c];
	else
		for (z = 0; z < l->nr_zones; z++)
			v += l->zones[z].total[s->c];
	return s->sectors ? v * 512 : v;
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
			sbuf_printf(b, "} %" PRIu64 "\n",
				    value(l, sh ? (int64_t)sh->zones[k] : -1, &zone_series[i]));
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

/* The namespace-wide families: select-all counts, folds, their times. */
static void ns_families(struct sbuf *b, const struct ledger *l, int n)
{
	char metric[96], help[320];
	int i, d;

	/* The lifecycle's totals (LN_LIFE on) are not exported yet. */
	for (i = 0; i < LN_LIFE; i++) {
		snprintf(metric, sizeof(metric), "zns_ledger_%s_total", ledger_ns_names[i]);
		snprintf(help, sizeof(help), "%s%s", ns_help[i], SINCE);
		head(b, metric, help, "counter");
		for (d = 0; d < n; d++)
			sample(b, metric, &l[d], l[d].ns_total[i]);
	}
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
	if (!n)
		return;
	zone_families(b, l, n, NULL);
	ns_families(b, l, n);
	if (zones)
		per_zone(b, l, n, max_zones);
}
