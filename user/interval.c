// SPDX-License-Identifier: GPL-2.0
/*
 * The live view. The first report comes after the first interval (like
 * iostat -y): rates of what happened in it, not since the module loaded. A
 * namespace or the module going away is reported once and waited for; when
 * it is back, counting starts again from its next snapshot.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../include/zns_stat.h"
#include "columns.h"
#include "delta.h"
#include "interval.h"
#include "snapshot.h"
#include "untracked.h"

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

/* Every operation's latency columns (op_groups), for CSV and JSON. */
static int latency_columns(const struct snapshot *d, struct op_group *g)
{
	return op_groups((const char * const *)d->columns, d->nr_columns, g,
			 MAX_OP_GROUPS);
}

/*
 * The table shows the mean latency of reads, writes, appends and resets
 * only, in that order, to stay readable; CSV and JSON have every operation's.
 */
static const char * const table_lat[][2] = {
	{ "read", "r_ms" }, { "write", "w_ms" }, { "append", "a_ms" },
	{ "reset", "reset_ms" },
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

static void busiest(struct sbuf *b, const struct snapshot *d, int top,
		    enum out_format f, double secs)
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
		if (f == FMT_JSON)
			sbuf_printf(b, "%s{\"zone\": %llu, \"MBps\": %.3f}", k ? ", " : "",
				    (unsigned long long)zones[k], sectors * 512 / 1e6 / secs);
		else
			sbuf_printf(b, "%s%llu", k ? (f == FMT_CSV ? " " : ",") : "",
				    (unsigned long long)zones[k]);
	}
	if (!nr && f == FMT_TABLE)
		sbuf_printf(b, "-");
	free(zones);
}

void interval_header(struct sbuf *b, const struct snapshot *d,
		     enum out_format f)
{
	struct op_group g[MAX_OP_GROUPS];
	int nl = latency_columns(d, g), i;
	const char *label[MAX_OP_GROUPS];

	if (f == FMT_CSV) {
		sbuf_printf(b, "time,disk,interval_s,cleared");
		for (i = 0; i < NR(io_ops); i++)
			sbuf_printf(b, ",%s_per_s,%s_MBps", io_ops[i].count,
				    io_ops[i].count);
		for (i = 0; i < NR(mgmt_ops); i++)
			sbuf_printf(b, ",%s_per_s", mgmt_ops[i].count);
		for (i = 0; i < nl; i++)
			sbuf_printf(b, ",%s_lat_avg_ns", g[i].op);
		sbuf_printf(b, ",busiest_zones");
		/* then the interval's count of every counter, for exact sums */
		for (i = 0; i < d->nr_columns; i++)
			if (column_kind(d->columns[i]) == COL_COUNTER)
				sbuf_printf(b, ",%s", d->columns[i]);
		for (i = 0; i < d->nr_summary; i++)
			if (summary_disk_counter(d, d->summary[i].key))
				sbuf_printf(b, ",%s", d->summary[i].key);
		sbuf_printf(b, "\n");
		return;
	}
	sbuf_printf(b, "%-10s", "disk");
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, " %8s/s %6sMB/s", io_ops[i].label, io_ops[i].label);
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, " %7s", mgmt_ops[i].label);
	nl = table_latency_columns(d, g, label);
	for (i = 0; i < nl; i++)
		sbuf_printf(b, " %8s", label[i]);
	sbuf_printf(b, " %6s  %s\n", "errors", "busiest zones");
}

static void json_rates(struct sbuf *b, const struct snapshot *d, double secs)
{
	int i, first = 0;

	sbuf_printf(b, "\"rates\": {");
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, "%s\"%s_per_s\": %.3f, \"%s_MBps\": %.3f",
			    i ? ", " : "", io_ops[i].count,
			    snapshot_total(d, io_ops[i].count) / secs, io_ops[i].count,
			    snapshot_total(d, io_ops[i].sectors) * 512 / 1e6 / secs);
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, ", \"%s_per_s\": %.3f", mgmt_ops[i].count,
			    snapshot_total(d, mgmt_ops[i].count) / secs);
	sbuf_printf(b, "}, \"counts\": {");
	for (i = 0; i < d->nr_columns; i++)
		if (column_kind(d->columns[i]) == COL_COUNTER)
			sbuf_printf(b, "%s\"%s\": %llu", first++ ? ", " : "",
				    d->columns[i],
				    (unsigned long long)snapshot_total(d, d->columns[i]));
	for (i = 0; i < d->nr_summary; i++)
		if (summary_disk_counter(d, d->summary[i].key))
			sbuf_printf(b, ", \"%s\": %s", d->summary[i].key,
				    d->summary[i].value);
	sbuf_printf(b, "}");
}

void interval_format(struct sbuf *b, const struct snapshot *d, double secs,
		     int cleared, int top, enum out_format f, double epoch)
{
	struct op_group g[MAX_OP_GROUPS];
	int nl = latency_columns(d, g), i;
	const char *label[MAX_OP_GROUPS];
	char when[64];
	uint64_t n;

	fmt_time(when, sizeof(when), epoch);
	if (f == FMT_JSON) {
		sbuf_printf(b, "{\"time\": \"%s\", \"disk\": ", when);
		sbuf_json_str(b, d->disk);
		sbuf_printf(b, ", \"interval_s\": %.3f, \"cleared\": %s, ", secs,
			    cleared ? "true" : "false");
		json_rates(b, d, secs);
		sbuf_printf(b, ", \"lat_avg_ns\": {");
		for (i = 0; i < nl; i++) {
			n = snapshot_total(d, d->columns[g[i].count]);
			sbuf_printf(b, "%s\"%s\": ", i ? ", " : "", g[i].op);
			if (n)
				sbuf_printf(b, "%.0f", (double)snapshot_total(d, d->columns[g[i].lat_sum]) / n);
			else
				sbuf_printf(b, "null");
		}
		sbuf_printf(b, "}, \"busiest_zones\": [");
		busiest(b, d, top, f, secs);
		sbuf_printf(b, "]}");
		return;
	}
	if (f == FMT_CSV)
		sbuf_printf(b, "%s,%s,%.3f,%d", when, d->disk, secs, cleared);
	else
		sbuf_printf(b, "%-10s", d->disk);
	for (i = 0; i < NR(io_ops); i++)
		sbuf_printf(b, f == FMT_CSV ? ",%.3f,%.3f" : " %10.1f %10.2f",
			    snapshot_total(d, io_ops[i].count) / secs,
			    snapshot_total(d, io_ops[i].sectors) * 512 / 1e6 / secs);
	for (i = 0; i < NR(mgmt_ops); i++)
		sbuf_printf(b, f == FMT_CSV ? ",%.3f" : " %7.1f",
			    snapshot_total(d, mgmt_ops[i].count) / secs);
	if (f == FMT_TABLE)
		nl = table_latency_columns(d, g, label);
	for (i = 0; i < nl; i++) {
		n = snapshot_total(d, d->columns[g[i].count]);
		if (f == FMT_CSV)
			sbuf_printf(b, n ? ",%.0f" : ",", n ?
				    (double)snapshot_total(d, d->columns[g[i].lat_sum]) / n : 0.0);
		else if (n)
			sbuf_printf(b, " %8.3f",
				    snapshot_total(d, d->columns[g[i].lat_sum]) / 1e6 / n);
		else
			sbuf_printf(b, " %8s", "-");
	}
	if (f == FMT_CSV) {
		sbuf_printf(b, ",");
		busiest(b, d, top, f, secs);
		for (i = 0; i < d->nr_columns; i++)
			if (column_kind(d->columns[i]) == COL_COUNTER)
				sbuf_printf(b, ",%llu", (unsigned long long)
					    snapshot_total(d, d->columns[i]));
		for (i = 0; i < d->nr_summary; i++)
			if (summary_disk_counter(d, d->summary[i].key))
				sbuf_printf(b, ",%s", d->summary[i].value);
		sbuf_printf(b, "\n");
		return;
	}
	sbuf_printf(b, " %6llu%s ", (unsigned long long)snapshot_total(d, "errors"),
		    cleared ? "*" : " ");
	busiest(b, d, top, f, secs);
	sbuf_printf(b, "\n");
}

/* ---- the loop ---- */

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

struct tracked {
	char name[64];
	struct snapshot snap;
	int valid;	/* snap is a baseline for the next interval */
	int seen;	/* still listed this interval */
};

struct loop {
	const struct interval_opts *o;
	struct tracked *t;
	int nr;
	int fixed;	/* the user named the disks */
	int intervals_out;
	int header_out;
};

static struct tracked *find_or_add(struct loop *l, const char *name)
{
	struct tracked *t;
	int i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->t[i].name, name))
			return &l->t[i];
	t = realloc(l->t, (l->nr + 1) * sizeof(*t));
	if (!t)
		return NULL;
	l->t = t;
	t = &l->t[l->nr++];
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", name);
	return t;
}

/* Names to read this round: the user's, or whatever the module lists now. */
static int refresh_list(struct loop *l, int first)
{
	char err[512], **names;
	int n, i;

	if (l->fixed)
		return 0;
	for (i = 0; i < l->nr; i++)
		l->t[i].seen = 0;
	if (snapshot_list_disks(&names, &n, err, sizeof(err))) {
		if (first) {
			fprintf(stderr, "zns-stat: %s\n", err);
			return -1;
		}
		return 0;	/* every namespace reports itself gone below */
	}
	for (i = 0; i < n; i++) {
		struct tracked *t = find_or_add(l, names[i]);

		if (t)
			t->seen = 1;
		free(names[i]);
	}
	free(names);
	return 0;
}

static void emit(struct loop *l, const struct sbuf *text)
{
	char err[512];

	if (l->o->file) {
		if (write_file_atomic(l->o->file, text->s ? text->s : "",
				      text->len, err, sizeof(err)))
			fprintf(stderr, "zns-stat: %s\n", err);
	} else {
		fwrite(text->s ? text->s : "", 1, text->len, stdout);
		fflush(stdout);
	}
}

static const char json_open[] = "{\n  \"version\": \"" ZNS_STAT_VERSION "\",\n  \"intervals\": [";
static const char json_close[] = "\n  ]\n}\n";

/*
 * A namespace that was being reported cannot be read. With every namespace
 * (no names given), one listed a moment ago and gone while being read is
 * said the same way as one no longer listed.
 */
static void say_unreadable(const struct loop *l, const char *name,
			   const char *err)
{
	size_t n = strlen(name);
	int named = !strncmp(err, name, n) && err[n] == ':';

	if (!l->fixed)
		fprintf(stderr, "zns-stat: %s is no longer tracked (%s): waiting for it\n",
			name, err);
	else
		fprintf(stderr, "zns-stat: %s%s%s; waiting for it to come back\n",
			named ? "" : name, named ? "" : ": ", err);
}

/* Read one namespace; 1 with a fresh snapshot in *s that has a baseline. */
static int read_one(struct loop *l, struct tracked *t, struct snapshot *s)
{
	int unlisted = !l->fixed && !t->seen;
	char err[512];

	if (unlisted)
		snprintf(err, sizeof(err), "namespace gone or module unloaded");
	if (unlisted || snapshot_read(t->name, s, err, sizeof(err))) {
		if (t->valid) {
			say_unreadable(l, t->name, err);
			snapshot_free(&t->snap);
		}
		t->valid = 0;
		return 0;
	}
	if (!t->valid) {	/* new or back: a baseline, nothing to report yet */
		fprintf(stderr, "zns-stat: %s: tracked, counting from now\n", t->name);
		t->snap = *s;
		t->valid = 1;
		return 0;
	}
	return 1;
}

/* One round: read every namespace, report those with a baseline. */
static void round_once(struct loop *l)
{
	enum out_format f = l->o->format;
	struct sbuf rows = { 0 }, out = { 0 };
	struct snapshot *now = calloc(l->nr ? l->nr : 1, sizeof(*now));
	int i, n = 0, cleared_any = 0;
	double epoch = 0;
	char when[64];

	for (i = 0; now && i < l->nr; i++) {
		struct tracked *t = &l->t[i];
		struct snapshot s, d;
		int cleared;

		if (!read_one(l, t, &s))
			continue;
		if (f != FMT_PROM) {
			cleared = delta_compute(&t->snap, &s, &d);
			if (cleared < 0) {
				snapshot_free(&s);
				continue;
			}
			if (!n && f != FMT_JSON)
				interval_header(&rows, &d, f);
			if (f == FMT_JSON)
				sbuf_printf(&rows, "%s\n        ", n ? "," : "");
			interval_format(&rows, &d, s.mono - t->snap.mono, cleared,
					l->o->top, f, s.epoch);
			cleared_any |= cleared;
			snapshot_free(&d);
		}
		snapshot_free(&t->snap);
		t->snap = s;		/* the next baseline; now[] only borrows it */
		now[n++] = s;
		epoch = s.epoch;
	}
	if (!n)
		goto out;
	fmt_time(when, sizeof(when), epoch);
	switch (f) {
	case FMT_TABLE:
		sbuf_printf(&out, "%s%s\n", l->intervals_out && !l->o->file ? "\n" : "", when);
		sbuf_put(&out, rows.s, rows.len);
		if (cleared_any)
			sbuf_printf(&out, "* counters were cleared during the interval: counts since the clear\n");
		break;
	case FMT_CSV:
		/* the header once on a stream, in every version of a file */
		if (l->intervals_out && !l->o->file) {
			char *body = strchr(rows.s, '\n');

			sbuf_printf(&out, "%s", body ? body + 1 : "");
		} else {
			sbuf_put(&out, rows.s, rows.len);
		}
		break;
	case FMT_JSON:
		if (l->o->file)
			sbuf_printf(&out, "%s", json_open);
		else if (l->intervals_out)
			sbuf_printf(&out, ",");
		sbuf_printf(&out, "\n    {\"time\": \"%s\", \"disks\": [%s\n    ]}",
			    when, rows.s);
		if (l->o->file)
			sbuf_printf(&out, "%s", json_close);
		break;
	case FMT_PROM:
		output_prom(&out, now, n, &l->o->view);
		if (!l->o->file)
			sbuf_printf(&out, "\n");
		break;
	}
	emit(l, &out);
	l->intervals_out++;
out:
	free(now);
	sbuf_free(&rows);
	sbuf_free(&out);
}

static void sleep_until(double t)
{
	struct timespec ts;
	double left;

	while (!stop_signal && (left = t - now_mono()) > 0) {
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);	/* EINTR on a signal: the loop checks */
	}
}

int interval_run(char **disks, int nr_disks, const struct interval_opts *o)
{
	struct loop l = { .o = o, .fixed = nr_disks > 0 };
	struct sigaction sa = { .sa_handler = on_signal };
	char err[512];
	double start, last;
	long k;
	int i, ret = 0, readable = 0;

	for (i = 0; i < nr_disks; i++)
		if (!find_or_add(&l, disks[i]))
			return 1;
	if (refresh_list(&l, 1))
		return 1;
	/*
	 * A namespace whose first snapshot fails is said once and retried each
	 * interval; the others are shown, and the exit status says it. When
	 * none can be read (a typo), there is nothing to wait for.
	 */
	for (i = 0; i < l.nr; i++) {
		if (snapshot_read(l.t[i].name, &l.t[i].snap, err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			ret = 1;
			continue;
		}
		l.t[i].valid = 1;
		readable++;
	}
	if (l.nr && !readable)
		goto out;
	if (!l.nr) {
		explain_none_tracked(snapshot_root(), err, sizeof(err));
		fprintf(stderr, "zns-stat: %s; waiting for one\n", err);
	}
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (o->format == FMT_JSON && !o->file) {
		fputs(json_open, stdout);
		fflush(stdout);
	}
	start = last = now_mono();
	for (k = 1; o->count < 0 || k <= o->count; k++) {
		double due = start + k * o->seconds;

		/*
		 * A fixed schedule does not drift, but after a stall (a busy
		 * machine) it would fire at once: move it on instead, so an
		 * interval is never shorter than half the asked one.
		 */
		if (due < last + o->seconds / 2) {
			start += last + o->seconds / 2 - due;
			due = last + o->seconds / 2;
		}
		sleep_until(due);
		last = now_mono();
		if (stop_signal)
			break;
		refresh_list(&l, 0);
		round_once(&l);
	}
	if (o->format == FMT_JSON && !o->file)
		fputs(json_close, stdout);
out:
	for (i = 0; i < l.nr; i++)
		if (l.t[i].valid)
			snapshot_free(&l.t[i].snap);
	free(l.t);
	return ret;
}
