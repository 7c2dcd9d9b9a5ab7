/* SPDX-License-Identifier: GPL-2.0 */
/* zns-stat record: counters of one run, with its context, into a data file and figures. */
#ifndef ZNS_STAT_RECORD_H
#define ZNS_STAT_RECORD_H

#include <stddef.h>

struct datafile;
struct snapshot;

struct record_opts {
	const char *disk;
	const char *comment;	/* \n, \t escapes; NULL: ask on a terminal */
	double seconds;		/* 0: until SIGINT/SIGTERM */
	double interval;	/* > 0: per-zone changes every interval s */
	const char *dir;
	int clear;		/* zero the namespace's counters first */
};

int record_run(const struct record_opts *o);
/* The run of a namespace with Flexible Data Placement (record_placement.c). */
int record_placement_run(const struct record_opts *o);

/* Shared by both (record_common.c). */
void record_catch_signals(void);	/* SIGINT, SIGTERM end a wait */
int record_stopped(void);		/* one came */
void record_signals_done(void);		/* forget it: the run goes on */
/* Until CLOCK_MONOTONIC time t (0: none) or a signal. */
void record_wait_until(double t);
/* A sysfs attribute of the namespace's controller, trimmed; "" if unreadable. */
void record_device_attr(const char *disk, const char *attr, char *out,
			size_t outlen);
/* The comment asked on a terminal ("" otherwise); free() it. */
char *record_ask_comment(const char *disk);
/* The module's counters of disk zeroed; -1 said on stderr. */
int record_clear(const char *disk);
/* "<disk>-YYYYmmdd-HHMMSS", with -2, -3... if a data file has that name. */
void record_data_name(const struct record_opts *o, double epoch, char *out,
		      size_t outlen);

/*
 * The data file of a run from its two snapshots: the delta, the metadata
 * (device, geometry, times, whether counters were cleared) and the zone
 * state columns when given in the delta. Exposed for the unit tests.
 */
int record_build(struct datafile *df, const struct snapshot *before,
		 const struct snapshot *after, const char *comment,
		 const char *zone_state);

#endif
