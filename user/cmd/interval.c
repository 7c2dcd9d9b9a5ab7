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

#include "../../include/zns_stat.h"
#include "cmd/cgroups.h"
#include "cmd/interval.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "model/delta.h"
#include "source/columns.h"
#include "source/snapshot.h"
#include "source/untracked.h"

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
	int cgroups_said;	/* a cgroups file not understood: said once */
	int left_out_said;	/* -o prom: zones its default limit left out, said once */
	unsigned long long hidden;	/* the table's columns hidden for the run */
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
	}
	snapshot_free_names(names, n);
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

void say_prom_left_out(const struct snapshot *snaps, int n,
			const struct view_opts *o)
{
	struct sbuf b = { 0 };

	output_prom_left_out(&b, snaps, n, o);
	if (b.len)
		fprintf(stderr, "zns-stat: %s\n", b.s);
	sbuf_free(&b);
}

/* -o prom: the namespaces' per-cgroup series (modules with a cgroups file). */
static void prom_cgroups_of(struct loop *l, const struct snapshot *now, int n,
			    struct sbuf *b, char *err, size_t errlen)
{
	char **names = calloc(n, sizeof(*names));
	int i;

	if (!names)
		return;
	for (i = 0; i < n; i++)
		names[i] = (char *)now[i].disk;
	if (cgroups_prom(b, names, n, err, errlen) && !l->cgroups_said++)
		fprintf(stderr, "zns-stat: %s\n", err);
	free(names);
}

/* One round: read every namespace, report those with a baseline. */
static void round_once(struct loop *l)
{
	enum out_format f = l->o->format;
	struct sbuf rows = { 0 }, out = { 0 }, cg = { 0 };
	struct snapshot *now = calloc(l->nr ? l->nr : 1, sizeof(*now));
	struct interval_frame fr;
	int i, n = 0, cleared_any = 0;
	double epoch = 0;
	char when[64], err[512];

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
	if (f == FMT_PROM)
		prom_cgroups_of(l, now, n, &cg, err, sizeof(err));
	if (f == FMT_PROM && l->o->default_limit && !l->left_out_said++)
		say_prom_left_out(now, n, &l->o->view);
	fr = (struct interval_frame){
		.when = when, .rows = &rows, .first = !l->intervals_out,
		.to_file = !!l->o->file, .cleared = cleared_any,
		.snaps = now, .n = n, .view = &l->o->view, .extra = &cg,
		.hidden = &l->hidden,
	};
	interval_frame(&out, f, &fr);
	emit(l, &out);
	l->intervals_out++;
out:
	free(now);
	sbuf_free(&cg);
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
		fputs(interval_json_open, stdout);
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
		fputs(interval_json_close, stdout);
out:
	for (i = 0; i < l.nr; i++)
		if (l.t[i].valid)
			snapshot_free(&l.t[i].snap);
	free(l.t);
	return ret;
}
