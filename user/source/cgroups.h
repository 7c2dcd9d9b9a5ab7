/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A namespace's "cgroups" file, parsed: per cgroup (by id, with the path
 * the module resolved when the file was read) the commands, sectors,
 * latency sum and errors of each operation, and the zones it owns; then
 * the rows "(unattributed)", "(other)" and "(mixed)", id 0.
 */
#ifndef ZNS_STAT_SOURCE_CGROUPS_H
#define ZNS_STAT_SOURCE_CGROUPS_H

#include <stddef.h>
#include <stdint.h>

#include "../../include/zns_stat.h"

/* The figures of an operation, in the order of the file's columns. */
enum cg_field { CG_COMMANDS, CG_SECTORS, CG_LAT_SUM_NS, CG_ERRORS, CG_NR_FIELDS };

extern const char * const cg_field_names[CG_NR_FIELDS];

#define CG_PATH_MAX	4096

struct cg_row {
	uint64_t id;		/* cgroup id (its cgroup2 directory's inode); 0: a special row */
	char *path;		/* unescaped: "/", "/a b", "(other)" */
	uint64_t v[ZNS_NR_OPS][CG_NR_FIELDS];
	uint64_t zones_owned;	/* a gauge: zones whose data is this cgroup's now */
};

struct cg_table {
	char disk[64];
	/* which (operation, figure) the header has: no sectors for resets */
	unsigned char has[ZNS_NR_OPS][CG_NR_FIELDS];
	int nr_rows;
	struct cg_row *rows;
	int bad_line;		/* a parse failure: the line (from 1) */
};

/* The file's text (modified in place); -1 on content zns-stat does not understand. */
int cg_table_parse(struct cg_table *t, char *text);
/*
 * DISK's file; with one line in err, -1 on bad content, -2 when there is
 * no such file (a module without cgroup attribution, or not a tracked
 * namespace).
 */
int cg_table_read(const char *disk, struct cg_table *t, char *err, size_t errlen);
void cg_table_free(struct cg_table *t);

/* seq_escape()'s "\ooo" undone into out (n bytes); -1 on a bad escape or no room. */
int cg_unescape(const char *s, char *out, size_t n);

#endif
