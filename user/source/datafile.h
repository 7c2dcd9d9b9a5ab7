/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A recorded run: metadata lines, the namespace-wide counters and every
 * zone's counters for the run, in one text file:
 *
 *   zns-stat data 1
 *   device: nvme0n2                  metadata, "key: value", one per line
 *   ...
 *   comment: first line\nsecond      (\n, \t, \\ escaped)
 *   disk.reset_all: 0                namespace-wide counters of the run
 *   count: latency write - 16384 15  (version 2) what the run added to the
 *   reset: 7 1764000000000000000 3 52000 0 0x0 2048   module's histograms,
 *                                    errors and resets log (detail.h)
 *   tick: 1.000 0:16:0:0 5:0:8:1     (record -i) per interval, each zone's
 *                                    data written, read, resets (timeline.h)
 *   zones: 8                         then a "#" header and that many rows
 *   # zone start cond wptr cap reads read_sectors ...
 *   0 0 2 8 2048 1 8 ...
 *   # end                            absent: the file is incomplete
 *
 * A namespace with Flexible Data Placement's run (version 3, "kind:
 * placement"): the same metadata without a geometry, the device's figures
 * as fdp.* keys, per interval (record -i) each row's write sectors
 *   ptick: 1.000 2048 0 16 0 0 0 8 0 (the rows in the table's order)
 * then its "placement" file's rows, what the run added to each:
 *   placement: 8                     then the module's "# pid ruhid ..."
 *   # pid ruhid writes write_sectors ...   header and that many rows
 *   0 1 8 2048 ...
 *   none - 5 560 ...
 *   unlisted - 1 80 ...
 *   # end
 */
#ifndef ZNS_STAT_DATAFILE_H
#define ZNS_STAT_DATAFILE_H

#include <stddef.h>

#include "lib/sbuf.h"
#include "lib/util.h"
#include "source/detail.h"
#include "source/placement_file.h"
#include "source/snapshot.h"
#include "source/timeline.h"

#define DATAFILE_MAGIC		"zns-stat data"
/* 2: count and reset lines; 3: a placement namespace's run (zoned: still 2) */
#define DATAFILE_VERSION	3
#define DATAFILE_ZONED		2
#define DATAFILE_MAX_META	64

struct datafile {
	int nr_meta;
	struct kv meta[DATAFILE_MAX_META];	/* in file order */
	/*
	 * The run's zone counters; its summary holds the namespace-wide
	 * counters (without "disk.") and nr_zones, zone_sectors, lba_bytes.
	 */
	struct snapshot zones;
	struct detail detail;	/* empty in a version 1 file */
	struct timeline timeline;	/* empty unless recorded with -i */
	/*
	 * A placement namespace's run: no zones (zones holds its disk and
	 * end epoch only), prows what each row gained; with -i, pticks.
	 */
	int placement;
	struct placement_file prows;
	int nr_pticks;
	struct datafile_ptick {
		double t;		/* seconds from the start */
		int nr;			/* rows */
		uint64_t *sectors;	/* each row's write sectors in the interval */
	} *pticks;
};

/* A tick of a placement run (sectors: prows.nr_rows of them, copied); -1 OOM. */
int datafile_add_ptick(struct datafile *df, double t, const uint64_t *sectors,
		       int nr);

int datafile_set(struct datafile *df, const char *key, const char *value);
const char *datafile_get(const struct datafile *df, const char *key);
double datafile_get_double(const struct datafile *df, const char *key);
/*
 * Metadata a person does not need to read: the comment (shown apart), the
 * *_epoch keys (for programs, beside the ISO times), empty values and a
 * host of "(none)". The data file keeps them all.
 */
int datafile_meta_hidden(const char *key, const char *value);

void datafile_format(struct sbuf *b, const struct datafile *df);
/* Parse text (modified); -1 with "PATH: line N: problem" in err. */
int datafile_parse(const char *path, char *text, struct datafile *df,
		   char *err, size_t errlen);
int datafile_read(const char *path, struct datafile *df, char *err,
		  size_t errlen);
void datafile_free(struct datafile *df);

/* The file name without directory and ".dat": figures go in DIR/<name>/. */
void datafile_name(const char *path, char *out, size_t outlen);

#endif
