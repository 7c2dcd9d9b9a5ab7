/* SPDX-License-Identifier: GPL-2.0 */
/* The live view: every interval, per namespace, what happened in it (like iostat). */
#ifndef ZNS_STAT_INTERVAL_H
#define ZNS_STAT_INTERVAL_H

#include "model/view.h"
#include "render/interval_render.h"
#include "render/out_format.h"

struct snapshot;

/* -o prom's default limit, not the user's -m: the zones it left out in one line. */
void say_prom_left_out(const struct snapshot *snaps, int n,
		       const struct view_opts *o);

struct interval_opts {
	double seconds;
	long count;		/* intervals to show, -1: until interrupted */
	enum out_format format;
	int top;		/* busiest zones per namespace */
	const char *file;	/* replaced each interval, else stdout */
	struct view_opts view;	/* for -o prom, which prints the counters */
	int default_limit;	/* -o prom without -m: zones it leaves out said on stderr */
};

/* Until count intervals or SIGINT/SIGTERM; disks NULL: every tracked one. */
int interval_run(char **disks, int nr_disks, const struct interval_opts *o);

#endif
