/* SPDX-License-Identifier: GPL-2.0 */
/* The live view's text (interval_render.c), for the loop in cmd/interval.c. */
#ifndef ZNS_STAT_INTERVAL_RENDER_H
#define ZNS_STAT_INTERVAL_RENDER_H

#include "lib/sbuf.h"
#include "model/view.h"
#include "render/out_format.h"

struct snapshot;

/*
 * One namespace's interval as text (table row, CSV row, JSON object), from
 * the delta of two snapshots over secs seconds; cleared: counters were
 * cleared in between. The header of the table and CSV formats comes from
 * interval_header. Exposed for the unit tests.
 */
void interval_header(struct sbuf *b, const struct snapshot *d,
		     enum out_format f);
void interval_format(struct sbuf *b, const struct snapshot *d, double secs,
		     int cleared, int top, enum out_format f, double epoch);

/*
 * An interval's output around its rows: the table's time line, the CSV
 * header once on a stream, JSON's brackets, or Prometheus' counters
 * (snaps, which have no rows). interval_render.c, one function per format.
 */
struct interval_frame {
	const char *when;
	const struct sbuf *rows;
	int first;		/* no interval written before */
	int to_file;		/* each interval replaces a file */
	int cleared;		/* counters were cleared in some namespace */
	struct snapshot *snaps;
	int n;
	const struct view_opts *view;
	const struct sbuf *extra;	/* prom: series after the zones' (per cgroup), or NULL */
	/*
	 * table: the columns hidden to fit the terminal, one bit each, chosen
	 * at the first interval and kept for the run (as iostat keeps its
	 * header); the caller keeps it between frames. NULL: chosen each time.
	 */
	unsigned long long *hidden;
};

void interval_frame(struct sbuf *out, enum out_format f,
		    const struct interval_frame *fr);
extern const char interval_json_open[], interval_json_close[];

#endif
