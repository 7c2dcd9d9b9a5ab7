// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat record of a namespace with Flexible Data Placement: its
 * "placement" file before and after the run (and at each -i interval),
 * what each row gained, and the device's own figures (log 22h, read
 * before and after) beside them, into a data file (datafile.h, "kind:
 * placement") that zns-stat report draws.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "../../include/zns_stat.h"
#include "cmd/record.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "model/placement_model.h"
#include "model/view.h"
#include "source/counter_epoch.h"
#include "source/datafile.h"
#include "source/fdp_state.h"
#include "source/placement_file.h"

static double now_real(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The file and the epoch it belongs to, the same before and after it. */
static int read_rows(const char *disk, struct placement_file *pf,
		     struct counter_epoch *e, char *err, size_t errlen)
{
	struct counter_epoch after = { "", 0 };
	int tries;

	for (tries = 0; tries < 3; tries++) {
		int had = !counter_epoch_read(disk, e);

		if (placement_file_read(disk, pf, err, errlen))
			return -1;
		if (!had || (!counter_epoch_read(disk, &after) && counter_epoch_same(e, &after)))
			return 0;
		placement_file_free(pf);
	}
	snprintf(err, errlen, "%s: its counters started over while they were read, three times",
		 disk);
	return -1;
}

static int set_u64(struct datafile *df, const char *key, uint64_t v)
{
	char num[32];

	snprintf(num, sizeof(num), "%" PRIu64, v);
	return datafile_set(df, key, num);
}

/* Each row's write sectors from a to b: b's whole where they started over. */
static int add_tick(struct datafile *df, const struct placement_file *a,
		    const struct counter_epoch *ea, const struct placement_file *b,
		    const struct counter_epoch *eb, double t)
{
	struct placement_file d;
	uint64_t *v;
	int r, ret;

	if (placement_file_delta(a, b, !counter_epoch_same(ea, eb), &d) < 0)
		return -1;
	v = malloc((d.nr_rows ? d.nr_rows : 1) * sizeof(*v));
	for (r = 0; v && r < d.nr_rows; r++)
		v[r] = placement_file_get(&d, r, "write_sectors");
	ret = v ? datafile_add_ptick(df, t, v, d.nr_rows) : -1;
	free(v);
	placement_file_free(&d);
	return ret;
}

/*
 * The device's figures of the run (log 22h of its endurance group, read
 * before and after): what grew, and where the device's totals stand.
 */
static int device_meta(struct datafile *df, int have, const struct fdp_state *a,
		       const struct fdp_state *b, const char *why)
{
	struct fdp_delta d;
	int err = 0;

	if (!have)
		return datafile_set(df, "fdp.unavailable", why);
	fdp_delta(a, b, &d);
	err |= set_u64(df, "fdp.endurance_group", b->endgid);
	err |= set_u64(df, "fdp.nsid", b->nsid);
	if (!d.fell) {
		err |= set_u64(df, "fdp.host_bytes_written", d.hbmw);
		err |= set_u64(df, "fdp.media_bytes_written", d.mbmw);
		err |= set_u64(df, "fdp.media_bytes_erased", d.mbe);
	} else {
		err |= datafile_set(df, "fdp.unavailable",
				    "the device's counters went down during the run");
	}
	if (!b->stats.hbmw.high && !b->stats.mbmw.high) {
		err |= set_u64(df, "fdp.lifetime_host_bytes_written", b->stats.hbmw.lo);
		err |= set_u64(df, "fdp.lifetime_media_bytes_written", b->stats.mbmw.lo);
	}
	return err;
}

static int meta(struct datafile *df, const struct record_opts *o, double t0,
		double t1, double secs, int cleared, const char *comment)
{
	static const char * const attrs[][2] = {
		{ "model", "model" }, { "serial", "serial" }, { "firmware", "firmware_rev" },
	};
	char buf[256], when[64];
	struct utsname u;
	int err = 0;
	size_t i;

	err |= datafile_set(df, "device", o->disk);
	err |= datafile_set(df, "kind", "placement");
	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
		record_device_attr(o->disk, attrs[i][1], buf, sizeof(buf));
		err |= datafile_set(df, attrs[i][0], buf);
	}
	err |= datafile_set(df, "kernel", uname(&u) ? "" : u.release);
	err |= datafile_set(df, "host", uname(&u) ? "" : u.nodename);
	err |= datafile_set(df, "tool_version", ZNS_STAT_VERSION);
	fmt_time(when, sizeof(when), t0);
	err |= datafile_set(df, "start_time", when);
	fmt_time(when, sizeof(when), t1);
	err |= datafile_set(df, "end_time", when);
	snprintf(buf, sizeof(buf), "%.3f", t0);
	err |= datafile_set(df, "start_epoch", buf);
	snprintf(buf, sizeof(buf), "%.3f", t1);
	err |= datafile_set(df, "end_epoch", buf);
	snprintf(buf, sizeof(buf), "%.3f", secs);
	err |= datafile_set(df, "duration_s", buf);
	err |= datafile_set(df, "counters_cleared", cleared ? "yes" : "no");
	err |= datafile_set(df, "comment", comment);
	return err;
}

/* record -i: the rows at each interval's end until the run's end. */
static int intervals(const struct record_opts *o, struct datafile *df,
		     struct placement_file *last, struct counter_epoch *elast,
		     double start, char *err, size_t errlen)
{
	double end = o->seconds > 0 ? start + o->seconds : 0, next;
	struct placement_file cur;
	struct counter_epoch ecur = { "", 0 };
	int k;

	for (k = 1; ; k++) {
		next = start + k * o->interval;
		if (end && next >= end)
			break;
		record_wait_until(next);
		if (record_stopped())
			break;
		if (read_rows(o->disk, &cur, &ecur, err, errlen))
			return -1;
		if (add_tick(df, last, elast, &cur, &ecur, next - start)) {
			placement_file_free(&cur);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		placement_file_free(last);
		*last = cur;
		*elast = ecur;
	}
	record_wait_until(end);
	return 0;
}

/* Ticks of another list of rows than the run's end (a new configuration): dropped. */
static void ticks_fit(struct datafile *df)
{
	int i, bad = 0;

	for (i = 0; i < df->nr_pticks; i++)
		bad |= df->pticks[i].nr != df->prows.nr_rows;
	if (!bad)
		return;
	fprintf(stderr, "zns-stat: %s's placement IDs changed during the recording: no figure over time\n",
		df->zones.disk);
	while (df->nr_pticks)
		free(df->pticks[--df->nr_pticks].sectors);
}

int record_placement_run(const struct record_opts *o)
{
	struct placement_file before, after, last;
	struct counter_epoch eb = { "", 0 }, ea = { "", 0 }, elast;
	struct fdp_state fb, fa;
	struct datafile df;
	struct sbuf b = { 0 };
	char err[512], why[512] = "", name[256], path[4400], *comment = NULL;
	double t0, t1, start;
	int have_dev, have_fa = 0, cleared, ret = 1;

	if (make_dir_writable(o->dir, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (o->clear && record_clear(o->disk))
		return 1;
	memset(&df, 0, sizeof(df));
	df.placement = 1;
	snprintf(df.zones.disk, sizeof(df.zones.disk), "%s", o->disk);
	if (read_rows(o->disk, &before, &eb, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	/* a copy, the intervals' first base (restarted: b whole) */
	if (placement_file_delta(&before, &before, 1, &last) < 0) {
		placement_file_free(&before);
		fprintf(stderr, "zns-stat: out of memory\n");
		return 1;
	}
	elast = eb;
	have_dev = !fdp_state_read(o->disk, &fb, why, sizeof(why));
	record_catch_signals();
	if (o->seconds > 0)
		fprintf(stderr, "zns-stat: recording %s for %g s (Ctrl-C stops earlier)\n",
			o->disk, o->seconds);
	else
		fprintf(stderr, "zns-stat: recording %s: Ctrl-C (or SIGTERM) stops\n", o->disk);
	t0 = now_real();
	start = now_mono();
	if (o->interval <= 0) {
		record_wait_until(o->seconds > 0 ? start + o->seconds : 0);
	} else if (intervals(o, &df, &last, &elast, start, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s: nothing written\n", err);
		goto out;
	}
	record_signals_done();
	if (read_rows(o->disk, &after, &ea, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s: it went away during the recording, nothing written\n", err);
		goto out;
	}
	t1 = now_real();
	if (have_dev && fdp_state_read(o->disk, &fa, why, sizeof(why))) {
		fdp_state_free(&fb);
		have_dev = 0;
	}
	have_fa = have_dev;
	cleared = -1;
	if (o->interval > 0 && add_tick(&df, &last, &elast, &after, &ea, now_mono() - start))
		goto oom;
	cleared = placement_file_delta(&before, &after, !counter_epoch_same(&eb, &ea), &df.prows);
	if (cleared < 0)
		goto oom;
	ticks_fit(&df);
	comment = o->comment ? unescape_line(o->comment) : record_ask_comment(o->disk);
	if (!comment || meta(&df, o, t0, t1, now_mono() - start, cleared, comment) ||
	    device_meta(&df, have_dev, &fb, &fa, why))
		goto oom;
	if (cleared)
		fprintf(stderr, "zns-stat: %s's counters started over during the recording (a clear or a reload): the data file holds the counts since\n",
			o->disk);
	record_data_name(o, t0, name, sizeof(name));
	snprintf(path, sizeof(path), "%s/%s.dat", o->dir, name);
	datafile_format(&b, &df);
	if (b.oom) {
		fprintf(stderr, "zns-stat: out of memory\n");
	} else if (write_file_atomic(path, b.s, b.len, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
	} else {
		printf("wrote %s\n", path);
		ret = 0;
	}
	sbuf_free(&b);
	goto out_after;
oom:
	fprintf(stderr, "zns-stat: out of memory\n");
out_after:
	free(comment);
	placement_file_free(&after);
out:
	if (have_dev)
		fdp_state_free(&fb);
	if (have_fa)
		fdp_state_free(&fa);
	placement_file_free(&last);
	placement_file_free(&before);
	datafile_free(&df);
	return ret;
}
