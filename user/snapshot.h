/* SPDX-License-Identifier: GPL-2.0 */
/* A namespace's statistics as read from debugfs. */
#ifndef ZNS_STAT_SNAPSHOT_H
#define ZNS_STAT_SNAPSHOT_H

#include <stdint.h>

#define SNAPSHOT_MAX_COLUMNS	64

struct snapshot {
	char disk[64];
	int nr_columns;
	char *columns[SNAPSHOT_MAX_COLUMNS];	/* from the header line */
	uint64_t nr_zones;
	uint64_t *values;	/* nr_zones rows of nr_columns */
};

/* Where the module's files are; ZNS_STAT_DEBUGFS overrides, for tests. */
const char *snapshot_root(void);

/*
 * Read <root>/<disk>/zones. On failure returns -1 with one line for the
 * user in err (what went wrong and what to do).
 */
int snapshot_read(const char *disk, struct snapshot *snap, char *err,
		  size_t errlen);
int snapshot_column(const struct snapshot *snap, const char *name);
void snapshot_free(struct snapshot *snap);

#endif
