// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat record: snapshot, wait for Ctrl-C or the duration, snapshot again,
 * and keep the difference with what is needed to understand it later (the
 * seed tool's workflow). The output directory is checked before the run, so
 * a long recording is never lost to a typo.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "../../include/zns_stat.h"
#include "cmd/args.h"
#include "cmd/record.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "model/delta.h"
#include "model/detail_model.h"
#include "model/timeline_model.h"
#include "model/view.h"
#include "render/plot.h"
#include "source/datafile.h"
#include "source/detail.h"
#include "source/placement_file.h"
#include "source/snapshot.h"
#include "source/untracked.h"
#include "source/zonereport.h"

static int set_num(struct datafile *df, const char *key, const char *fmt,
		   double v)
{
	char num[64];

	snprintf(num, sizeof(num), fmt, v);
	return datafile_set(df, key, num);
}

int record_build(struct datafile *df, const struct snapshot *before,
		 const struct snapshot *after, const char *comment,
		 const char *zone_state)
{
	static const char * const geometry[] = { "nr_zones", "zone_sectors", "lba_bytes" };
	char buf[256], when[64];
	struct utsname u;
	int cleared, err = 0;
	size_t i;

	memset(df, 0, sizeof(*df));
	cleared = delta_compute(before, after, &df->zones);
	if (cleared < 0)
		return -1;
	err |= datafile_set(df, "device", after->disk);
	record_device_attr(after->disk, "model", buf, sizeof(buf));
	err |= datafile_set(df, "model", buf);
	record_device_attr(after->disk, "serial", buf, sizeof(buf));
	err |= datafile_set(df, "serial", buf);
	record_device_attr(after->disk, "firmware_rev", buf, sizeof(buf));
	err |= datafile_set(df, "firmware", buf);
	err |= datafile_set(df, "kernel", uname(&u) ? "" : u.release);
	err |= datafile_set(df, "host", uname(&u) ? "" : u.nodename);
	err |= datafile_set(df, "tool_version", ZNS_STAT_VERSION);
	err |= datafile_set(df, "module_format_version",
			    snapshot_summary(after, "format_version") ?: "");
	for (i = 0; i < 3; i++)
		err |= datafile_set(df, geometry[i],
				    snapshot_summary(after, geometry[i]) ?: "0");
	fmt_time(when, sizeof(when), before->epoch);
	err |= datafile_set(df, "start_time", when);
	fmt_time(when, sizeof(when), after->epoch);
	err |= datafile_set(df, "end_time", when);
	err |= set_num(df, "start_epoch", "%.3f", before->epoch);
	err |= set_num(df, "end_epoch", "%.3f", after->epoch);
	err |= set_num(df, "duration_s", "%.3f", after->mono - before->mono);
	err |= datafile_set(df, "counters_cleared", cleared ? "yes" : "no");
	err |= datafile_set(df, "status_decoding",
			    snapshot_summary(after, "status_decoding") ?: "");
	err |= datafile_set(df, "zone_state", zone_state ? zone_state : "");
	err |= datafile_set(df, "comment", comment ? comment : "");
	if (err) {
		datafile_free(df);
		return -1;
	}
	return cleared;
}

/*
 * record -i: a snapshot at every interval's end until the run ends (the
 * caller adds the last, partial interval), each interval's changes in tl.
 * *last: the latest snapshot taken here; *have_last 0 when none was.
 */
static int record_intervals(const struct record_opts *o,
			    const struct snapshot *before, struct timeline *tl,
			    struct snapshot *last, int *have_last, double start,
			    char *err, size_t errlen)
{
	double end = o->seconds > 0 ? start + o->seconds : 0, next;
	struct snapshot cur;
	int k;

	*have_last = 0;
	for (k = 1; ; k++) {
		next = start + k * o->interval;
		if (end && next >= end)
			break;
		record_wait_until(next);
		if (record_stopped())
			break;
		if (snapshot_read(o->disk, &cur, err, errlen))
			return -1;
		if (timeline_add(tl, *have_last ? last : before, &cur, next - start)) {
			snapshot_free(&cur);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (*have_last)
			snapshot_free(last);
		*last = cur;
		*have_last = 1;
	}
	record_wait_until(end);
	return 0;
}

int record_run(const struct record_opts *o)
{
	struct snapshot before, after;
	struct detail d_before, d_after;
	struct snapshot last;
	struct timeline tl = { 0 };
	int have_last = 0, have_detail;
	double start;
	char err[512], name[256], path[4400], why[512], state[600];
	struct sbuf b = { 0 };
	struct datafile df;
	char *comment = NULL;
	int cleared, ret = 1;

	if (make_dir_writable(o->dir, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (snapshot_read(o->disk, &before, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (o->clear) {
		snapshot_free(&before);
		if (record_clear(o->disk) ||
		    snapshot_read(o->disk, &before, err, sizeof(err))) {
			if (*err)
				fprintf(stderr, "zns-stat: %s\n", err);
			return 1;
		}
	}
	/*
	 * A zone report now, as at the end: passing through zns_stat's probes,
	 * it tells the module the zones' capacity and conditions (its zone
	 * lifecycle needs them where the kernel does not say, before 6.11).
	 */
	zonereport_add(&before, why, sizeof(why));
	/* an older module: a data file without them, not its lifetime's */
	have_detail = !detail_read(o->disk, &d_before, err, sizeof(err));
	/* no SA_RESTART: a signal ends the wait (and the comment prompt) */
	record_catch_signals();
	if (o->seconds > 0)
		fprintf(stderr, "zns-stat: recording %s for %g s (Ctrl-C stops earlier)\n",
			o->disk, o->seconds);
	else
		fprintf(stderr, "zns-stat: recording %s: Ctrl-C (or SIGTERM) stops\n", o->disk);
	start = now_mono();
	if (o->interval <= 0) {
		record_wait_until(o->seconds > 0 ? start + o->seconds : 0);
	} else if (record_intervals(o, &before, &tl, &last, &have_last, start,
				    err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s: nothing written\n", err);
		goto out_intervals;
	}
	record_signals_done();

	if (snapshot_read(o->disk, &after, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s: it went away during the recording, nothing written\n", err);
		goto out_intervals;
	}
	if (o->interval > 0 &&
	    timeline_add(&tl, have_last ? &last : &before, &after, now_mono() - start)) {
		fprintf(stderr, "zns-stat: out of memory\n");
		goto out_after;
	}
	/* the state at the end of the run, next to its counters */
	if (zonereport_add(&after, why, sizeof(why)) == 0) {
		snprintf(state, sizeof(state), "at the end of the recording");
	} else {
		snprintf(state, sizeof(state), "unavailable: %s", why);
		fprintf(stderr, "zns-stat: no cond, wptr and cap columns in the data file: %s\n",
			why);
	}
	/* "\n" and "\t" in -c mean what they mean at the prompt */
	comment = o->comment ? unescape_line(o->comment) : record_ask_comment(o->disk);
	cleared = record_build(&df, &before, &after, comment, state);
	if (cleared >= 0) {
		df.timeline = tl;
		memset(&tl, 0, sizeof(tl));	/* the data file's now */
	}
	if (cleared >= 0 && have_detail &&
	    !detail_read(o->disk, &d_after, err, sizeof(err))) {
		if (detail_delta(&df.detail, &d_before, &d_after)) {
			datafile_free(&df);
			cleared = -1;
		}
		detail_free(&d_after);
	}
	if (cleared < 0) {
		fprintf(stderr, "zns-stat: out of memory\n");
		goto out_after;
	}
	if (cleared)
		fprintf(stderr, "zns-stat: %s's counters were cleared during the recording: the data file holds the counts since the clear\n",
			o->disk);
	record_data_name(o, before.epoch, name, sizeof(name));
	snprintf(path, sizeof(path), "%s/%s.dat", o->dir, name);
	datafile_format(&b, &df);
	if (b.oom)
		fprintf(stderr, "zns-stat: out of memory\n");
	else if (write_file_atomic(path, b.s, b.len, err, sizeof(err)))
		fprintf(stderr, "zns-stat: %s\n", err);
	else {
		printf("wrote %s\n", path);
		ret = plot_datafile(&df, path, o->dir, 0) ? 1 : 0;
	}
	sbuf_free(&b);
	datafile_free(&df);
out_after:
	free(comment);
	snapshot_free(&after);
out_intervals:
	timeline_free(&tl);
	if (have_last)
		snapshot_free(&last);
	if (have_detail)
		detail_free(&d_before);
	snapshot_free(&before);
	return ret;
}

int cmd_record(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "comment", required_argument, NULL, 'c' },
		{ "duration", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "dir", required_argument, NULL, 'D' },
		{ "clear", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct record_opts o = { .dir = "." };
	int c;

	while ((c = getopt_long(argc, argv, ":c:d:i:D:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': o.comment = optarg; break;
		case 'i':
			if (parse_num(optarg, 0.1, &o.interval))
				return bad_usage("record: -i wants a number of seconds, 0.1 or more");
			break;
		case 'd':
			if (parse_num(optarg, 0.001, &o.seconds))
				return bad_usage("record: -d wants a number of seconds above 0");
			break;
		case 'D': o.dir = optarg; break;
		case 'C': o.clear = 1; break;
		case 'h': return CMD_HELP;
		default:
			return bad_option("record: ", c, argv,
					  "record's folder is -D DIR (--dir)");
		}
	}
	if (optind + 1 != argc)
		return bad_usage("record wants exactly one DISK");
	o.disk = disk_arg(argv[optind]);
	if (placement_file_exists(o.disk))
		return record_placement_run(&o);
	return record_run(&o);
}
