// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat placement: the device's Flexible Data Placement figures of one
 * namespace as a table, CSV (a block per kind, as detail) or JSON, and the
 * -i view's rows. Every figure here is the device's, read at one moment;
 * log 22h and the events are the whole endurance group's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "lib/words.h"
#include "model/view.h"
#include "render/json_out.h"
#include "render/placement_out.h"
#include "render/scols_out.h"

#define NR(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char host_scope[] =
	"zns_stat's count of this namespace's write commands, exact per command, since it began tracking the namespace";
static const char scope[] =
	"the device's figures for the whole endurance group at the moment read, not per namespace";

static const char *attribute(const struct fdp_state *s, uint16_t ruhid)
{
	return ruhid < s->nr_ruha ? fdp_ruha_name(s->ruha[ruhid]) : NULL;
}

/* Whether the device lists the module's row id (none and unlisted: never). */
static int listed(const struct fdp_state *s, const struct placement_row *id)
{
	int k;

	for (k = 0; id->kind == PROW_PID && k < s->nr_ruhs; k++)
		if (s->ruhs[k].pid == id->pid)
			return 1;
	return 0;
}

static const char *log_name(int host)
{
	return host ? "host" : "controller";
}

/* The event's time: RFC 3339 when the host set the clock, else since reset. */
static int event_time(char *out, size_t n, const struct fdp_event *e)
{
	if (e->ts_origin == 1)
		return fmt_rfc3339(out, n, e->ts_ms / 1000, e->ts_ms % 1000 * 1000000, 3) < 0 ? -1 : 1;
	return 0;
}

static const char *origin_name(const struct fdp_event *e)
{
	return e->ts_origin == 1 ? "host" : e->ts_origin == 0 ? "reset" : "other";
}

/* Names of the log 22h counters past 64 bits, space-separated ("" none). */
static void over_64(char *out, size_t n, const struct fdp_stats *st)
{
	snprintf(out, n, "%s%s%s", st->hbmw.high ? "host_bytes_written " : "",
		 st->mbmw.high ? "media_bytes_written " : "",
		 st->mbe.high ? "media_bytes_erased " : "");
	if (*out)
		out[strlen(out) - 1] = '\0';
}

/* ---- the table ---- */

static void print_table(struct sbuf *b, struct libscols_table *tb,
			int wrap_last)
{
	int width = terminal_width();

	if (!tb) {
		b->oom = 1;
		return;
	}
	if (wrap_last && width > 0 && scols_out_wrap_last(tb, width))
		b->oom = 1;
	scols_out_print(b, tb, "");
}

static void cell_bytes(char *out, size_t n, uint64_t v, int high)
{
	fmt_bytes_cell(out, n, (double)v);
	if (high)
		strncat(out, "*", n - strlen(out) - 1);
}

/* A share of the namespace's host bytes: "42.1%", "-" when it has none. */
static void cell_share(char *out, size_t n, double share)
{
	if (share < 0)
		snprintf(out, n, "-");
	else
		snprintf(out, n, "%.1f%%", 100 * share);
}

/* The host's cells of a row: writes, bytes, share ("-" when not tracked). */
static void host_cells(char c[3][48], const struct placement_host_row *r)
{
	if (!r) {
		snprintf(c[0], 48, "-");
		snprintf(c[1], 48, "-");
		snprintf(c[2], 48, "-");
		return;
	}
	snprintf(c[0], 48, "%llu", (unsigned long long)r->writes);
	fmt_bytes_cell(c[1], 48, (double)r->bytes);
	cell_share(c[2], 48, r->share);
}

/* The one word a row without a handle has in the attribute column. */
static const char *row_word(enum placement_row_kind kind)
{
	return kind == PROW_NONE ? "no directive" : "misplaced";
}

static void table_pids(struct sbuf *b, const struct fdp_state *s,
		       const struct placement_host *h)
{
	static const char * const names[] = {
		"pid", "ruhid", "attribute", "ruamw", "earutr", "host_writes", "host_written", "share",
	};
	static const int right[] = { 1, 1, 0, 1, 1, 1, 1, 1 };
	int nc = h->tracked ? 8 : 5;
	struct libscols_table *tb = scols_out_new(names, right, nc, 0);
	char c[8][48];
	const char *p[8];
	int i, k;

	for (k = 0; k < 8; k++)
		p[k] = c[k];
	for (i = 0; tb && i < s->nr_ruhs; i++) {
		const struct fdp_ruhs *r = &s->ruhs[i];
		const char *a = attribute(s, r->ruhid);

		snprintf(c[0], sizeof(c[0]), "%u", r->pid);
		snprintf(c[1], sizeof(c[1]), "%u", r->ruhid);
		snprintf(c[2], sizeof(c[2]), "%s", a ? a : "-");
		fmt_bytes_cell(c[3], sizeof(c[3]), (double)r->ruamw * s->lba_size);
		if (r->earutr)
			fmt_ns_cell(c[4], sizeof(c[4]), r->earutr * 1e9);
		else
			snprintf(c[4], sizeof(c[4]), "-");
		host_cells(c + 5, placement_host_pid(h, r->pid));
		if (scols_out_row(tb, p, nc))
			b->oom = 1;
	}
	/* the module's rows without a handle; an ID the device no longer lists */
	for (i = 0; tb && i < h->nr; i++) {
		const struct placement_host_row *r = &h->rows[i];
		char id[16];

		if (listed(s, &r->id))
			continue;
		snprintf(c[0], sizeof(c[0]), "%s", placement_row_name(&r->id, id, sizeof(id)));
		snprintf(c[1], sizeof(c[1]), r->id.kind == PROW_PID ? "%u" : "-", r->id.ruhid);
		snprintf(c[2], sizeof(c[2]), "%s", r->id.kind == PROW_PID ? "not listed now" :
			 row_word(r->id.kind));
		snprintf(c[3], sizeof(c[3]), "-");
		snprintf(c[4], sizeof(c[4]), "-");
		host_cells(c + 5, r);
		if (scols_out_row(tb, p, nc))
			b->oom = 1;
	}
	print_table(b, tb, 0);
	if (h->tracked)
		sbuf_printf(b, "host_*, share: this namespace's write commands as zns_stat counted them,\n"
			    "exact per command. none: without a placement directive; unlisted: naming\n"
			    "an ID the namespace lacks, misplaced: the device put them where it chose.\n");
	else
		sbuf_printf(b, "No host columns: %s.\n", h->why);
}

static void table_stats(struct sbuf *b, const struct fdp_state *s,
			const struct placement_host *h)
{
	static const char * const names[] = { "host_written", "media_written", "media_erased", "waf" };
	static const int right[] = { 1, 1, 1, 1 };
	struct libscols_table *tb = scols_out_new(names, right, 4, 0);
	const struct fdp_stats *st = &s->stats;
	double waf = fdp_waf(st->mbmw.lo, st->hbmw.lo);
	char c[4][48], when[64];
	const char *p[4] = { c[0], c[1], c[2], c[3] };

	fmt_time(when, sizeof(when), s->epoch);
	sbuf_printf(b, "\nEndurance group %u at %s, the device's figures for the\n"
		    "whole group (every namespace in it), not this namespace's alone:\n",
		    s->endgid, when);
	cell_bytes(c[0], sizeof(c[0]), st->hbmw.lo, st->hbmw.high);
	cell_bytes(c[1], sizeof(c[1]), st->mbmw.lo, st->mbmw.high);
	cell_bytes(c[2], sizeof(c[2]), st->mbe.lo, st->mbe.high);
	if (waf < 0)
		snprintf(c[3], sizeof(c[3]), "-");
	else
		snprintf(c[3], sizeof(c[3]), "%.3f", waf);
	if (tb && scols_out_row(tb, p, 4))
		b->oom = 1;
	print_table(b, tb, 0);
	if (st->hbmw.high || st->mbmw.high || st->mbe.high)
		sbuf_printf(b, "* past 2^64 bytes: the low 64 bits of the device's 128\n");
	if (h->tracked) {
		char hb[32], zb[32];

		fmt_bytes(hb, sizeof(hb), (double)h->bytes);
		fmt_bytes(zb, sizeof(zb), (double)h->zeroes_bytes);
		sbuf_printf(b, "Written to %s as zns_stat counted it: %s (all rows)%s%s%s,\n"
			    "since it began tracking it. Over an interval (-i), beside host_written's\n"
			    "growth: equal, %s is the group's only writer.\n", s->disk, hb,
			    h->zeroes_bytes ? ", and " : "", h->zeroes_bytes ? zb : "",
			    h->zeroes_bytes ? " of write zeroes" : "", s->disk);
	}
}

static void table_counts(struct sbuf *b, const struct fdp_state *s)
{
	static const char * const names[] = { "log", "count", "event" };
	static const int right[] = { 0, 1, 0 };
	struct fdp_event_count cnt[2 * 256];
	int nc = fdp_event_counts(s, cnt, NR(cnt)), i, nctrl = s->nr_events - s->nr_host_events;
	struct libscols_table *tb;
	char n[24];
	const char *p[3];

	sbuf_printf(b, "\nFDP events of the group: %d in the host's log, %d in the controller's\n",
		    s->nr_host_events, nctrl);
	if (!nc)
		return;
	tb = scols_out_new(names, right, 3, 0);
	for (i = 0; tb && i < nc; i++) {
		snprintf(n, sizeof(n), "%llu", (unsigned long long)cnt[i].n);
		p[0] = log_name(cnt[i].host);
		p[1] = n;
		p[2] = fdp_event_name(cnt[i].type);
		if (scols_out_row(tb, p, 3))
			b->oom = 1;
	}
	print_table(b, tb, 1);
}

/* The event's cells: pid, ruhid, rgid, nsid ("-" where its flags say not valid). */
static void event_ids(char c[4][24], const struct fdp_event *e)
{
	snprintf(c[0], 24, e->flags & FDP_EF_PIV ? "%u" : "-", e->pid);
	snprintf(c[1], 24, e->flags & FDP_EF_LV ? "%u" : "-", e->ruhid);
	snprintf(c[2], 24, e->flags & FDP_EF_LV ? "%u" : "-", e->rgid);
	snprintf(c[3], 24, e->flags & FDP_EF_NSIDV ? "%u" : "-", e->nsid);
}

static void table_events(struct sbuf *b, const struct fdp_state *s)
{
	static const char * const names[] = { "time", "pid", "ruhid", "rgid", "nsid", "event" };
	static const int right[] = { 0, 1, 1, 1, 1, 0 };
	struct libscols_table *tb;
	int host, n, i, shown = 0;
	char when[48], ids[4][24];
	const char *p[6];

	if (!s->nr_events)
		return;
	/* the newest of each log, host events first (where QEMU logs them) */
	sbuf_printf(b, "\nThe newest events (-o json: every one):\n");
	tb = scols_out_new(names, right, 6, 0);
	for (host = 1; tb && host >= 0; host--) {
		const struct fdp_event *e = fdp_log_events(s, host, &n);

		for (i = n > PLACEMENT_LAST_EVENTS ? n - PLACEMENT_LAST_EVENTS : 0; i < n; i++) {
			if (event_time(when, sizeof(when), &e[i]) <= 0) {
				char d[32];

				fmt_ns_cell(d, sizeof(d), e[i].ts_ms * 1e6);
				snprintf(when, sizeof(when), "reset+%s", d);
			}
			event_ids(ids, &e[i]);
			p[0] = when;
			p[1] = ids[0];
			p[2] = ids[1];
			p[3] = ids[2];
			p[4] = ids[3];
			p[5] = fdp_event_name(e[i].type);
			if (scols_out_row(tb, p, 6))
				b->oom = 1;
			shown++;
		}
	}
	print_table(b, tb, 1);
}

static void placement_table(struct sbuf *b, const struct fdp_state *s,
			    const struct placement_host *h)
{
	char ru[32], bs[32];

	fmt_bytes(bs, sizeof(bs), s->lba_size);
	sbuf_printf(b, "%s: namespace %u, %s blocks, %d placement %s, endurance group %u\n",
		    s->disk, s->nsid, bs, s->nr_ruhs, plural(s->nr_ruhs, "ID", "IDs"), s->endgid);
	if (s->have_config) {
		fmt_bytes(ru, sizeof(ru), (double)s->config.runs);
		sbuf_printf(b, "  FDP configuration %d: %u %s, reclaim units of %s, %u reclaim %s\n",
			    s->config_index, s->config.nruh,
			    plural(s->config.nruh, "handle", "handles"), ru, s->config.nrg,
			    plural(s->config.nrg, "group", "groups"));
	}
	table_pids(b, s, h);
	table_stats(b, s, h);
	table_counts(b, s);
	table_events(b, s);
}

/* ---- CSV: a block per kind, a blank line between ---- */

static void csv_event(struct sbuf *b, const struct fdp_state *s,
		      const struct fdp_event *e, const char *when)
{
	char t[48];
	int ok = event_time(t, sizeof(t), e);

	sbuf_printf(b, "%s,%s,%u,%s,0x%x,", when, s->disk, s->endgid,
		    log_name(e->host), e->type);
	sbuf_csv(b, fdp_event_name(e->type));
	sbuf_printf(b, e->flags & FDP_EF_PIV ? ",%u" : ",", e->pid);
	sbuf_printf(b, e->flags & FDP_EF_LV ? ",%u,%u" : ",,", e->ruhid, e->rgid);
	sbuf_printf(b, e->flags & FDP_EF_NSIDV ? ",%u" : ",", e->nsid);
	sbuf_printf(b, ",%s,%llu,%s\n", ok > 0 ? t : "", (unsigned long long)e->ts_ms,
		    origin_name(e));
}

/* ",host_writes,host_bytes,host_share" of a row (empty: not tracked) */
static void csv_host(struct sbuf *b, const struct placement_host_row *r)
{
	if (!r) {
		sbuf_printf(b, ",,,");
		return;
	}
	sbuf_printf(b, ",%llu,%llu,", (unsigned long long)r->writes,
		    (unsigned long long)r->bytes);
	if (r->share >= 0)
		sbuf_printf(b, "%.4f", r->share);
}

static void placement_csv(struct sbuf *b, const struct fdp_state *s,
			  const struct placement_host *h)
{
	struct fdp_event_count cnt[2 * 256];
	int nc = fdp_event_counts(s, cnt, NR(cnt)), i;
	const struct fdp_stats *st = &s->stats;
	double waf = fdp_waf(st->mbmw.lo, st->hbmw.lo);
	char when[64], over[80];

	fmt_time(when, sizeof(when), s->epoch);
	sbuf_printf(b, "time,disk,nsid,endurance_group,pid,ruhid,attribute,ruamw_blocks,ruamw_bytes,earutr_s,host_writes,host_bytes,host_share\n");
	for (i = 0; i < s->nr_ruhs; i++) {
		const struct fdp_ruhs *r = &s->ruhs[i];
		const char *a = attribute(s, r->ruhid);

		sbuf_printf(b, "%s,%s,%u,%u,%u,%u,%s,%llu,%llu,", when, s->disk, s->nsid,
			    s->endgid, r->pid, r->ruhid, a ? a : "",
			    (unsigned long long)r->ruamw,
			    (unsigned long long)(r->ruamw * s->lba_size));
		sbuf_printf(b, r->earutr ? "%u" : "", r->earutr);
		csv_host(b, placement_host_pid(h, r->pid));
		sbuf_printf(b, "\n");
	}
	for (i = 0; i < h->nr; i++) {
		const struct placement_host_row *r = &h->rows[i];
		char id[16];

		if (listed(s, &r->id))
			continue;
		sbuf_printf(b, "%s,%s,%u,%u,%s,", when, s->disk, s->nsid, s->endgid,
			    placement_row_name(&r->id, id, sizeof(id)));
		sbuf_printf(b, r->id.kind == PROW_PID ? "%u,,,," : ",,,,", r->id.ruhid);
		csv_host(b, r);
		sbuf_printf(b, "\n");
	}
	over_64(over, sizeof(over), st);
	sbuf_printf(b, "\ntime,disk,endurance_group,host_bytes_written,media_bytes_written,media_bytes_erased,waf,over_64_bits,ns_host_writes,ns_host_bytes,ns_write_zeroes_bytes,host_absent\n");
	sbuf_printf(b, "%s,%s,%u,%llu,%llu,%llu,", when, s->disk, s->endgid,
		    (unsigned long long)st->hbmw.lo, (unsigned long long)st->mbmw.lo,
		    (unsigned long long)st->mbe.lo);
	if (waf >= 0)
		sbuf_printf(b, "%.3f", waf);
	sbuf_printf(b, ",%s,", over);
	if (h->tracked) {
		sbuf_printf(b, "%llu,%llu,%llu,\n", (unsigned long long)h->writes,
			    (unsigned long long)h->bytes, (unsigned long long)h->zeroes_bytes);
	} else {
		sbuf_printf(b, ",,,");
		sbuf_csv(b, h->why);
		sbuf_printf(b, "\n");
	}
	sbuf_printf(b, "\ndisk,endurance_group,log,type,event,count\n");
	for (i = 0; i < nc; i++) {
		sbuf_printf(b, "%s,%u,%s,0x%x,", s->disk, s->endgid, log_name(cnt[i].host),
			    cnt[i].type);
		sbuf_csv(b, fdp_event_name(cnt[i].type));
		sbuf_printf(b, ",%llu\n", (unsigned long long)cnt[i].n);
	}
	sbuf_printf(b, "\ntime,disk,endurance_group,log,type,event,pid,ruhid,rgid,nsid,event_time,timestamp_ms,timestamp_origin\n");
	for (i = 0; i < s->nr_events; i++)
		csv_event(b, s, &s->events[i], when);
}

/* ---- JSON ---- */

static struct json_object *json_opt_u64(int valid, uint64_t v)
{
	return valid ? json_object_new_uint64(v) : NULL;
}

static struct json_object *json_event(const struct fdp_event *e)
{
	struct json_object *o = json_object_new_object();
	const char *key = fdp_event_key(e->type);
	char t[48], code[16];
	int ok = event_time(t, sizeof(t), e);

	snprintf(code, sizeof(code), "0x%x", e->type);
	json_set(o, "log", json_object_new_string(log_name(e->host)));
	json_set(o, "type", json_object_new_string(code));
	json_set(o, "event", json_object_new_string(fdp_event_name(e->type)));
	json_set(o, "key", key ? json_object_new_string(key) : NULL);
	json_set(o, "pid", json_opt_u64(e->flags & FDP_EF_PIV, e->pid));
	json_set(o, "ruhid", json_opt_u64(e->flags & FDP_EF_LV, e->ruhid));
	json_set(o, "rgid", json_opt_u64(e->flags & FDP_EF_LV, e->rgid));
	json_set(o, "nsid", json_opt_u64(e->flags & FDP_EF_NSIDV, e->nsid));
	json_set(o, "time", ok > 0 ? json_object_new_string(t) : NULL);
	json_set(o, "timestamp_ms", json_object_new_uint64(e->ts_ms));
	json_set(o, "timestamp_origin", json_object_new_string(origin_name(e)));
	return o;
}

static struct json_object *json_over_64(const struct fdp_stats *st)
{
	struct json_object *a = json_object_new_array();

	if (st->hbmw.high)
		json_object_array_add(a, json_object_new_string("host_bytes_written"));
	if (st->mbmw.high)
		json_object_array_add(a, json_object_new_string("media_bytes_written"));
	if (st->mbe.high)
		json_object_array_add(a, json_object_new_string("media_bytes_erased"));
	return a;
}

/* A row's host figures: pid (a number, or "none", "unlisted"), ruhid, ... */
static struct json_object *json_host_row(const struct placement_host_row *r,
					 double secs)
{
	struct json_object *o = json_object_new_object();

	json_set(o, "row", json_object_new_string(r->id.kind == PROW_PID ? "pid" :
			r->id.kind == PROW_NONE ? ZNS_PLACEMENT_NONE : ZNS_PLACEMENT_UNLISTED));
	json_set(o, "pid", r->id.kind == PROW_PID ? json_object_new_uint64(r->id.pid) : NULL);
	json_set(o, "ruhid", r->id.kind == PROW_PID ? json_object_new_uint64(r->id.ruhid) : NULL);
	json_set(o, "host_writes", json_object_new_uint64(r->writes));
	json_set(o, "host_bytes", json_object_new_uint64(r->bytes));
	if (secs > 0)
		json_set(o, "host_bytes_per_s", json_fixed(r->bytes / secs, 3));
	json_set(o, "host_share", r->share >= 0 ? json_fixed(r->share, 4) : NULL);
	return o;
}

/*
 * "host": whether zns_stat tracks the namespace (why not), its totals and
 * every row (placement IDs, none, unlisted); secs > 0: an interval's.
 */
static struct json_object *json_host(const struct placement_host *h, double secs)
{
	struct json_object *o = json_object_new_object();
	struct json_object *rows = json_object_new_array();
	int i;

	json_set(o, "tracked", json_object_new_boolean(h->tracked));
	json_set(o, "absent_reason", h->tracked ? NULL : json_object_new_string(h->why));
	json_set(o, "scope", json_object_new_string(host_scope));
	if (secs > 0)
		json_set(o, "cleared", json_object_new_boolean(h->fell));
	json_set(o, "writes", h->tracked ? json_object_new_uint64(h->writes) : NULL);
	json_set(o, "bytes", h->tracked ? json_object_new_uint64(h->bytes) : NULL);
	json_set(o, "write_zeroes_bytes", h->tracked ? json_object_new_uint64(h->zeroes_bytes) : NULL);
	for (i = 0; i < h->nr; i++)
		json_object_array_add(rows, json_host_row(&h->rows[i], secs));
	json_set(o, "rows", rows);
	return o;
}

static struct json_object *json_disk(const struct fdp_state *s,
				     const struct placement_host *h)
{
	struct json_object *d = json_object_new_object();
	struct json_object *pids = json_object_new_array();
	struct json_object *st = json_object_new_object();
	struct json_object *counts = json_object_new_array();
	struct json_object *events = json_object_new_array();
	struct fdp_event_count cnt[2 * 256];
	int nc = fdp_event_counts(s, cnt, NR(cnt)), i;
	double waf = fdp_waf(s->stats.mbmw.lo, s->stats.hbmw.lo);
	char code[16];

	json_set(d, "disk", json_object_new_string(s->disk));
	json_set(d, "nsid", json_object_new_uint64(s->nsid));
	json_set(d, "endurance_group", json_object_new_uint64(s->endgid));
	json_set(d, "lba_size", json_object_new_uint64(s->lba_size));
	if (s->have_config) {
		struct json_object *c = json_object_new_object();

		json_set(c, "index", json_object_new_int(s->config_index));
		json_set(c, "handles", json_object_new_uint64(s->config.nruh));
		json_set(c, "reclaim_groups", json_object_new_uint64(s->config.nrg));
		json_set(c, "reclaim_unit_bytes", json_object_new_uint64(s->config.runs));
		json_set(c, "max_placement_ids", json_object_new_uint64(s->config.maxpids + 1));
		json_set(c, "erutl_s", json_opt_u64(s->config.erutl, s->config.erutl));
		json_set(d, "fdp_config", c);
	} else {
		json_set(d, "fdp_config", NULL);
	}
	for (i = 0; i < s->nr_ruhs; i++) {
		const struct fdp_ruhs *r = &s->ruhs[i];
		struct json_object *p = json_object_new_object();
		const char *a = attribute(s, r->ruhid);

		json_set(p, "pid", json_object_new_uint64(r->pid));
		json_set(p, "ruhid", json_object_new_uint64(r->ruhid));
		json_set(p, "attribute", a ? json_object_new_string(a) : NULL);
		json_set(p, "ruamw_blocks", json_object_new_uint64(r->ruamw));
		json_set(p, "ruamw_bytes", json_object_new_uint64(r->ruamw * s->lba_size));
		json_set(p, "earutr_s", json_opt_u64(r->earutr, r->earutr));
		{
			const struct placement_host_row *hr = placement_host_pid(h, r->pid);

			json_set(p, "host_writes", hr ? json_object_new_uint64(hr->writes) : NULL);
			json_set(p, "host_bytes", hr ? json_object_new_uint64(hr->bytes) : NULL);
			json_set(p, "host_share", hr && hr->share >= 0 ?
				 json_fixed(hr->share, 4) : NULL);
		}
		json_object_array_add(pids, p);
	}
	json_set(d, "placement_ids", pids);
	json_set(st, "scope", json_object_new_string(scope));
	json_set(st, "host_bytes_written", json_object_new_uint64(s->stats.hbmw.lo));
	json_set(st, "media_bytes_written", json_object_new_uint64(s->stats.mbmw.lo));
	json_set(st, "media_bytes_erased", json_object_new_uint64(s->stats.mbe.lo));
	json_set(st, "waf", waf >= 0 ? json_fixed(waf, 3) : NULL);
	json_set(st, "over_64_bits", json_over_64(&s->stats));
	json_set(d, "endurance_group_stats", st);
	for (i = 0; i < nc; i++) {
		struct json_object *c = json_object_new_object();
		const char *key = fdp_event_key(cnt[i].type);

		snprintf(code, sizeof(code), "0x%x", cnt[i].type);
		json_set(c, "log", json_object_new_string(log_name(cnt[i].host)));
		json_set(c, "type", json_object_new_string(code));
		json_set(c, "event", json_object_new_string(fdp_event_name(cnt[i].type)));
		json_set(c, "key", key ? json_object_new_string(key) : NULL);
		json_set(c, "count", json_object_new_uint64(cnt[i].n));
		json_object_array_add(counts, c);
	}
	json_set(d, "event_counts", counts);
	for (i = 0; i < s->nr_events; i++)
		json_object_array_add(events, json_event(&s->events[i]));
	json_set(d, "events", events);
	json_set(d, "host", json_host(h, 0));
	return d;
}

static void placement_json(struct sbuf *b, const struct fdp_state *s,
			   const struct placement_host *h)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *disks = json_object_new_array();
	char when[64];

	fmt_time(when, sizeof(when), s->epoch);
	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	json_set(doc, "time", json_object_new_string(when));
	json_object_array_add(disks, json_disk(s, h));
	json_set(doc, "disks", disks);
	json_write(b, doc, 1);
	sbuf_printf(b, "\n");
}

void placement_format(struct sbuf *b, const struct fdp_state *s,
		      const struct placement_host *h, enum out_format f)
{
	if (f == FMT_CSV)
		placement_csv(b, s, h);
	else if (f == FMT_JSON)
		placement_json(b, s, h);
	else
		placement_table(b, s, h);
}

/* ---- the -i view ---- */

const char placement_json_open[] = "{\n  \"version\": \"" ZNS_STAT_VERSION "\",\n  \"intervals\": [";
const char placement_json_close[] = "\n  ]\n}\n";

static double interval_waf(const struct fdp_delta *d)
{
	return d->fell ? -1 : fdp_waf(d->mbmw, d->hbmw);
}

static void interval_table(struct sbuf *b, const struct fdp_state *s,
			   const struct fdp_delta *d, const struct placement_host *h,
			   const char *when, int first)
{
	static const char * const names[] = {
		"disk", "host_written", "ns_written", "media_written", "media_erased", "waf", "events",
	};
	/* without the module's figures: the table as the device's side alone has it */
	static const char * const dev_names[] = {
		"disk", "host_written", "media_written", "media_erased", "waf", "events",
	};
	static const char * const rnames[] = {
		"pid", "ruhid", "host_writes", "host_written", "rate", "share",
	};
	static const int right[] = { 0, 1, 1, 1, 1, 1, 1 };
	int nc = h->tracked ? 7 : 6, i, k;
	struct libscols_table *tb = scols_out_new(h->tracked ? names : dev_names, right, nc, 0);
	double waf = interval_waf(d);
	char c[7][72];
	const char *p[7];

	sbuf_printf(b, "%s%s\n", first ? "" : "\n", when);
	snprintf(c[0], sizeof(c[0]), "%s", s->disk);
	cell_bytes(c[1], sizeof(c[1]), d->hbmw, d->high);
	fmt_bytes_cell(c[2], sizeof(c[2]), (double)h->bytes);
	if (h->fell)
		strncat(c[2], "*", sizeof(c[2]) - strlen(c[2]) - 1);
	cell_bytes(c[3], sizeof(c[3]), d->mbmw, d->high);
	cell_bytes(c[4], sizeof(c[4]), d->mbe, d->high);
	if (waf < 0)
		snprintf(c[5], sizeof(c[5]), "-");
	else
		snprintf(c[5], sizeof(c[5]), "%.3f", waf);
	snprintf(c[6], sizeof(c[6]), "%d%s", d->new_events[0] + d->new_events[1],
		 d->fell ? "*" : "");
	for (k = 0, i = 0; k < 7; k++)
		if (h->tracked || k != 2)
			p[i++] = c[k];
	if (tb && scols_out_row(tb, p, nc))
		b->oom = 1;
	print_table(b, tb, 0);
	if (d->fell)
		sbuf_printf(b, "* a counter of the device went down: no figures for the interval\n");
	if (h->fell)
		sbuf_printf(b, "* zns_stat's counts went down (reloaded, cleared): none for the interval\n");
	if (first)
		sbuf_printf(b, "(the device's figures for all of endurance group %u, not per namespace)\n",
			    s->endgid);
	if (first && h->tracked)
		sbuf_printf(b, "(ns_written: what zns_stat counted on %s; equal to host_written\n"
			    " when %s is the group's only writer)\n", s->disk, s->disk);
	if (first && !h->tracked)
		sbuf_printf(b, "No host columns: %s.\n", h->why);
	if (!h->tracked)
		return;
	tb = scols_out_new(rnames, right + 1, 6, 0);
	for (k = 0; k < 6; k++)
		p[k] = c[k];
	for (i = 0; tb && i < h->nr; i++) {
		const struct placement_host_row *r = &h->rows[i];
		char id[16];

		snprintf(c[0], sizeof(c[0]), "%s", placement_row_name(&r->id, id, sizeof(id)));
		snprintf(c[1], sizeof(c[1]), r->id.kind == PROW_PID ? "%u" : "-", r->id.ruhid);
		snprintf(c[2], sizeof(c[2]), "%llu", (unsigned long long)r->writes);
		fmt_bytes_cell(c[3], sizeof(c[3]), (double)r->bytes);
		fmt_bytes_cell(c[4], sizeof(c[4]), h->secs > 0 ? r->bytes / h->secs : 0);
		strncat(c[4], "/s", sizeof(c[4]) - strlen(c[4]) - 1);
		cell_share(c[5], sizeof(c[5]), r->share);
		if (scols_out_row(tb, p, 6))
			b->oom = 1;
	}
	print_table(b, tb, 0);
}

static void interval_csv(struct sbuf *b, const struct fdp_state *s,
			 const struct fdp_delta *d, const struct placement_host *h,
			 const char *when, int first)
{
	double waf = interval_waf(d);
	int i = 0;

	if (first)
		sbuf_printf(b, "time,disk,endurance_group,interval_s,cleared,host_bytes_written,media_bytes_written,media_bytes_erased,waf,new_host_events,new_controller_events,ns_host_bytes,pid,ruhid,host_writes,host_bytes,host_bytes_per_s,host_share\n");
	/* a row per placement row, the group's figures on each; one without the module */
	do {
		const struct placement_host_row *r = h->tracked && h->nr ? &h->rows[i] : NULL;
		char id[16];

		sbuf_printf(b, "%s,%s,%u,%.3f,%d,%llu,%llu,%llu,", when, s->disk, s->endgid,
			    d->secs, d->fell || h->fell, (unsigned long long)d->hbmw,
			    (unsigned long long)d->mbmw, (unsigned long long)d->mbe);
		if (waf >= 0)
			sbuf_printf(b, "%.3f", waf);
		sbuf_printf(b, ",%d,%d,", d->new_events[1], d->new_events[0]);
		if (h->tracked)
			sbuf_printf(b, "%llu", (unsigned long long)h->bytes);
		if (!r) {
			sbuf_printf(b, ",,,,,,\n");
			continue;
		}
		sbuf_printf(b, ",%s,", placement_row_name(&r->id, id, sizeof(id)));
		if (r->id.kind == PROW_PID)
			sbuf_printf(b, "%u", r->id.ruhid);
		sbuf_printf(b, ",%llu,%llu,%.3f,", (unsigned long long)r->writes,
			    (unsigned long long)r->bytes, h->secs > 0 ? r->bytes / h->secs : 0);
		if (r->share >= 0)
			sbuf_printf(b, "%.4f", r->share);
		sbuf_printf(b, "\n");
	} while (++i < h->nr);
}

static void interval_json(struct sbuf *b, const struct fdp_state *s,
			  const struct fdp_delta *d, const struct placement_host *h,
			  const char *when, int first)
{
	struct json_object *o = json_object_new_object();
	struct json_object *row = json_object_new_object();
	struct json_object *disks = json_object_new_array();
	struct json_object *ev = json_object_new_array();
	double waf = interval_waf(d);
	int host, n, i;

	json_set(o, "time", json_object_new_string(when));
	json_set(row, "disk", json_object_new_string(s->disk));
	json_set(row, "endurance_group", json_object_new_uint64(s->endgid));
	json_set(row, "interval_s", json_fixed(d->secs, 3));
	json_set(row, "cleared", json_object_new_boolean(d->fell));
	json_set(row, "host_bytes_written", json_object_new_uint64(d->hbmw));
	json_set(row, "media_bytes_written", json_object_new_uint64(d->mbmw));
	json_set(row, "media_bytes_erased", json_object_new_uint64(d->mbe));
	json_set(row, "waf", waf >= 0 ? json_fixed(waf, 3) : NULL);
	json_set(row, "over_64_bits", json_over_64(&s->stats));
	for (host = 0; host < 2; host++) {
		const struct fdp_event *e = fdp_log_events(s, host, &n);

		for (i = n - d->new_events[host]; i < n; i++)
			json_object_array_add(ev, json_event(&e[i]));
	}
	json_set(row, "new_events", ev);
	json_set(row, "ns_host_bytes", h->tracked ? json_object_new_uint64(h->bytes) : NULL);
	json_set(row, "host", json_host(h, h->secs > 0 ? h->secs : d->secs));
	json_object_array_add(disks, row);
	json_set(o, "disks", disks);
	sbuf_printf(b, "%s\n    ", first ? "" : ",");
	json_write(b, o, 0);
}

void placement_interval(struct sbuf *b, const struct fdp_state *now,
			const struct fdp_delta *d, const struct placement_host *h,
			enum out_format f, int first)
{
	char when[64];

	fmt_time(when, sizeof(when), now->epoch);
	if (f == FMT_CSV)
		interval_csv(b, now, d, h, when, first);
	else if (f == FMT_JSON)
		interval_json(b, now, d, h, when, first);
	else
		interval_table(b, now, d, h, when, first);
}
