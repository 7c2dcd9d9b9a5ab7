// SPDX-License-Identifier: GPL-2.0
/*
 * What a recording of either kind of namespace does alike (record.h): the
 * wait and its signals, the device's attributes, the comment, the clear,
 * the data file's name.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/record.h"
#include "lib/files.h"
#include "lib/util.h"

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

void record_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	/* no SA_RESTART: a signal ends the wait (and the comment prompt) */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int record_stopped(void)
{
	return stop_signal != 0;
}

void record_signals_done(void)
{
	stop_signal = 0;
}

/* A sysfs attribute of the namespace's controller, trimmed; "" if unreadable. */
void record_device_attr(const char *disk, const char *attr, char *out,
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


/* Ask for a comment like the seed tool: one line, "\n" for a line break. */
char *record_ask_comment(const char *disk)
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

int record_clear(const char *disk)
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
void record_data_name(const struct record_opts *o, double epoch, char *out,
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
void record_wait_until(double t)
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

