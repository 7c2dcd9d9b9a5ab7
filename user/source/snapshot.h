/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A namespace's statistics: the "zones" table (columns as named by its header,
 * so columns a newer module adds are carried along) and the "summary" keys.
 * The same structure holds a delta of two snapshots and a data file's zones.
 */
#ifndef ZNS_STAT_SNAPSHOT_H
#define ZNS_STAT_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util.h"

#define SNAPSHOT_MAX_COLUMNS	128
#define SNAPSHOT_MAX_KEYS	128


struct snapshot {
	char disk[64];
	int nr_columns;
	char *columns[SNAPSHOT_MAX_COLUMNS];	/* from the header line */
	uint64_t nr_zones;
	uint64_t *values;	/* nr_zones rows of nr_columns */
	int nr_summary;
	struct kv summary[SNAPSHOT_MAX_KEYS];	/* "summary" lines, in order */
	double mono;		/* when it was read, CLOCK_MONOTONIC seconds */
	double epoch;		/* the same instant, seconds since 1970 */
	int bad_line;		/* a parser's failure: the line (from 1)... */
	char bad_text[48];	/* ...and its beginning */
};

/* Where the module's files are; ZNS_STAT_DEBUGFS overrides, for tests. */
const char *snapshot_root(void);

/*
 * Read <root>/<disk>/zones and summary. On failure returns -1 with one line
 * for the user in err (what went wrong and what to do).
 */
int snapshot_read(const char *disk, struct snapshot *snap, char *err,
		  size_t errlen);
/*
 * The tracked zoned namespaces, sorted; -1 with err when the module is not
 * there. A namespace with Flexible Data Placement ("placement", no "zones"
 * in its directory) is not one of them: snapshot_list_placement() lists those.
 */
int snapshot_list_disks(char ***names, int *nr, char *err, size_t errlen);
int snapshot_list_placement(char ***names, int *nr, char *err, size_t errlen);
/*
 * 1 with err one line (what it is, and the command that shows it) when the
 * module keeps disk as a placement namespace, which has no zones; else 0.
 */
int snapshot_placement_said(const char *disk, char *err, size_t errlen);
/* Frees snapshot_list_disks()'s list. */
void snapshot_free_names(char **names, int nr);

/*
 * Parsers of the two files' text (modified in place); -1 on bad content,
 * with the line in bad_line and bad_text.
 */
int snapshot_parse_zones(struct snapshot *snap, char *text);
int snapshot_parse_summary(struct snapshot *snap, char *text);
/*
 * One line of "zones" each, shared with the data file's zone table: the
 * "# zone start ..." header (no column twice) and a row of exactly
 * nr_columns decimal numbers.
 */
int snapshot_parse_header(struct snapshot *snap, char *line);
int snapshot_parse_row(const char *line, int nr_columns, uint64_t *row);

int snapshot_column(const struct snapshot *snap, const char *name);
static inline uint64_t *snapshot_row(const struct snapshot *snap, uint64_t zone)
{
	return snap->values + zone * snap->nr_columns;
}
/* Value of column name in zone, 0 when the column does not exist. */
uint64_t snapshot_get(const struct snapshot *snap, uint64_t zone,
		      const char *name);
/* Sum of a column over all zones. */
uint64_t snapshot_total(const struct snapshot *snap, const char *name);
/* A zone with any counter not 0 (identity and zone state do not count). */
int snapshot_zone_active(const struct snapshot *snap, uint64_t zone);
/*
 * The same for loops over zones: each column's kind (enum column_kind)
 * resolved once into kind[nr_columns] by snapshot_kinds(), not by name
 * in every zone.
 */
void snapshot_kinds(const struct snapshot *snap, unsigned char *kind);
int snapshot_row_active(const struct snapshot *snap, const unsigned char *kind,
			uint64_t zone);

/* Summary value by key, NULL when absent. */
const char *snapshot_summary(const struct snapshot *snap, const char *key);
int snapshot_summary_u64(const struct snapshot *snap, const char *key,
			 uint64_t *v);

/* Summary keys that count namespace-wide (reset_all, dropped, ...). */
int summary_disk_counter(const struct snapshot *s, const char *key);

int snapshot_set_summary(struct snapshot *snap, const char *key,
			 const char *value);

/*
 * Insert n columns at position pos, names[j] filled from vals[j] (nr_zones
 * values each); -1, the snapshot unchanged, when one is there already.
 */
int snapshot_insert_columns(struct snapshot *snap, int pos, int n,
			    const char * const *names, const uint64_t * const *vals);
/* An empty snapshot with src's disk, columns and zone count, values 0. */
int snapshot_init_like(struct snapshot *dst, const struct snapshot *src);
void snapshot_free(struct snapshot *snap);

#endif
