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
#include "source/snapshot.h"
#include "source/untracked.h"
#include "source/zonereport.h"

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

/* A sysfs attribute of the namespace's controller, trimmed; "" if unreadable. */
static void device_attr(const char *disk, const char *attr, char *out,
			size_t outlen)
{
	char path[256];
	FILE *f;
	size_t n;

	out[0] = '\0';
	snprintf(path, sizeof(path), "/sys/block/%s/device/%s", disk, attr);
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(out, outlen, f))
		out[0] = '\0';
	fclose(f);
	for (n = strlen(out); n && (out[n - 1] == '\n' || out[n - 1] == ' '); n--)
		out[n - 1] = '\0';
}

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
	device_attr(after->disk, "model", buf, sizeof(buf));
	err |= datafile_set(df, "model", buf);
	device_attr(after->disk, "serial", buf, sizeof(buf));
	err |= datafile_set(df, "serial", buf);
	device_attr(after->disk, "firmware_rev", buf, sizeof(buf));
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

/* Ask for a comment like the seed tool: one line, "\n" for a line break. */
static char *ask_comment(const char *disk)
{
	char line[4096];
	size_t n;

	if (!isatty(STDIN_FILENO))
		return strdup("");
	fprintf(stderr, "Comment for this %s recording (the command you ran, ...; \\n for a new line, Enter for none):\n> ",
		disk);
	if (!fgets(line, sizeof(line), stdin))
		return strdup("");	/* EOF or another Ctrl-C: no comment */
	n = strlen(line);
	if (n && line[n - 1] == '\n')
		line[n - 1] = '\0';
	return unescape_line(line);
}

static int clear_counters(const char *disk)
{
	const char *param = "/sys/module/zns_stat/parameters/clear";
	FILE *f = fopen(param, "w");
	int bad = !f;

	if (f) {
		bad = fprintf(f, "%s\n", disk) < 0;
		bad |= fclose(f) != 0;	/* the write happens here: its errno */
	}
	if (bad) {
		fprintf(stderr, "zns-stat: cannot clear %s's counters through %s: %s\n",
			disk, param, strerror(errno));
		return -1;
	}
	return 0;
}

/* "<disk>-YYYYmmdd-HHMMSS", with -2, -3... if a data file has that name. */
static void data_name(const struct record_opts *o, double epoch, char *out,
		      size_t outlen)
{
	time_t t = (time_t)epoch;
	char stamp[32], path[4400];
	struct stat st;
	struct tm tm;
	int i;

	localtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(out, outlen, "%s-%s", o->disk, stamp);
	for (i = 2; ; i++) {
		snprintf(path, sizeof(path), "%s/%s.dat", o->dir, out);
		if (stat(path, &st) != 0)
			break;
		snprintf(out, outlen, "%s-%s-%d", o->disk, stamp, i);
	}
}

/* Until CLOCK_MONOTONIC time t (0: none) or a signal, in steps of 0.1 s at most. */
static void wait_until(double t)
{
	struct timespec ts;
	double left;

	while (!stop_signal) {
		left = t ? t - now_mono() : 0.1;
		if (left <= 0)
			return;
		left = left < 0.1 ? left : 0.1;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		nanosleep(&ts, NULL);
	}
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
		wait_until(next);
		if (stop_signal)
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
	wait_until(end);
	return 0;
}

int record_run(const struct record_opts *o)
{
	struct sigaction sa = { .sa_handler = on_signal };
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
		if (clear_counters(o->disk) ||
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
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (o->seconds > 0)
		fprintf(stderr, "zns-stat: recording %s for %g s (Ctrl-C stops earlier)\n",
			o->disk, o->seconds);
	else
		fprintf(stderr, "zns-stat: recording %s: Ctrl-C (or SIGTERM) stops\n", o->disk);
	start = now_mono();
	if (o->interval <= 0) {
		wait_until(o->seconds > 0 ? start + o->seconds : 0);
	} else if (record_intervals(o, &before, &tl, &last, &have_last, start,
				    err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s: nothing written\n", err);
		goto out_intervals;
	}
	stop_signal = 0;

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
	comment = o->comment ? unescape_line(o->comment) : ask_comment(o->disk);
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
	data_name(o, before.epoch, name, sizeof(name));
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
	return record_run(&o);
}
