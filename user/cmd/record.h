/* SPDX-License-Identifier: GPL-2.0 */
/* zns-stat record: counters of one run, with its context, into a data file and figures. */
#ifndef ZNS_STAT_RECORD_H
#define ZNS_STAT_RECORD_H

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

/*
 * The data file of a run from its two snapshots: the delta, the metadata
 * (device, geometry, times, whether counters were cleared) and the zone
 * state columns when given in the delta. Exposed for the unit tests.
 */
int record_build(struct datafile *df, const struct snapshot *before,
		 const struct snapshot *after, const char *comment,
		 const char *zone_state);

#endif
