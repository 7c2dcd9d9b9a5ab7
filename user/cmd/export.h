/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat export: the Prometheus text exposition of every tracked namespace,
 * written atomically into node_exporter's textfile collector directory, once
 * or every interval. The families beyond -o prom come from the module's
 * "latency" (a histogram in seconds) and "errors" (counters by status) files.
 */
#ifndef ZNS_STAT_EXPORT_H
#define ZNS_STAT_EXPORT_H

#include <stdint.h>

#include "../../include/zns_stat.h"
#include "lib/sbuf.h"
#include "render/prom_export.h"

struct snapshot;

#define EXPORT_FILE		"zns_stat.prom"
struct export_opts {
	const char *dir;	/* textfile collector directory */
	double seconds;		/* 0: once */
	int zones;		/* per-zone series too */
	long max_zones;		/* of them, at most this many per namespace */
	const char *ledger_dir;	/* zns-stat ledger's --state-dir: lifetime series */
	char **disks;		/* NULL: every tracked namespace */
	int nr_disks;
};

/*
 * The document of one moment: the number of namespaces read (each one's
 * zns_stat_up says whether all of it was), or -1 when none was though some
 * were asked for, or the module could not be read. err: the last problem
 * met ("" for none), also when some namespaces were read.
 */
int export_format(struct sbuf *b, const struct export_opts *o, char *err,
		  size_t errlen);
/* zns-stat export: its exit status, 0 while any namespace was read. */
int export_run(const struct export_opts *o);

#endif
