/* SPDX-License-Identifier: GPL-2.0 */
/* The live view: every interval, per namespace, what happened in it (like iostat). */
#ifndef ZNS_STAT_INTERVAL_H
#define ZNS_STAT_INTERVAL_H

#include "model/view.h"
#include "render/interval_render.h"
#include "render/out_format.h"

struct snapshot;

struct interval_opts {
	double seconds;
	long count;		/* intervals to show, -1: until interrupted */
	enum out_format format;
	int top;		/* busiest zones per namespace */
	const char *file;	/* replaced each interval, else stdout */
	struct view_opts view;	/* for -o prom, which prints the counters */
};

/* Until count intervals or SIGINT/SIGTERM; disks NULL: every tracked one. */
int interval_run(char **disks, int nr_disks, const struct interval_opts *o);

#endif
