/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's "placement" file of a namespace with Flexible Data
 * Placement (include/zns_stat.h, above zns_placement_columns): a row per
 * placement ID, then "none" and "unlisted", columns named by the header
 * (so columns a newer module adds are carried along, and none is taken
 * by its position).
 */
#ifndef ZNS_STAT_PLACEMENT_FILE_H
#define ZNS_STAT_PLACEMENT_FILE_H

#include <stddef.h>
#include <stdint.h>

#define PLACEMENT_FILE_MAX_COLUMNS	64
#define PLACEMENT_FILE_MAX_ROWS		(65536 + 2)	/* a placement ID is 16 bits */

enum placement_row_kind {
	PROW_PID,		/* one of the namespace's placement IDs */
	PROW_NONE,		/* no placement directive */
	PROW_UNLISTED,		/* a placement ID the namespace does not have */
};

struct placement_row {
	enum placement_row_kind kind;
	uint32_t pid, ruhid;	/* PROW_PID only */
};

struct placement_file {
	int nr_columns;		/* the numbers' columns, after pid and ruhid */
	char *columns[PLACEMENT_FILE_MAX_COLUMNS];
	int nr_rows;
	struct placement_row *rows;
	uint64_t *values;	/* nr_rows rows of nr_columns */
	int bad_line;		/* a parser's failure: the line (from 1)... */
	char bad_text[48];	/* ...and its beginning */
	const char *missing;	/* or a column the tool needs, not there */
};

/*
 * The file's text (modified in place): the header "# pid ruhid COLUMNS"
 * with writes and write_sectors among COLUMNS, placement ID rows (no ID
 * twice), then "none -", then "unlisted -", each once, every row all
 * numbers. -1 on anything else, with the line in bad_line and bad_text
 * (or the column in missing).
 */
int placement_file_parse(struct placement_file *pf, char *text);

/* The column's index, -1 when the file has none of that name. */
int placement_file_column(const struct placement_file *pf, const char *name);
/* Row r's value of column name, 0 when there is no such column. */
uint64_t placement_file_get(const struct placement_file *pf, int row,
			    const char *name);
/* "none", "unlisted", or the placement ID in buf. */
const char *placement_row_name(const struct placement_row *r, char *buf,
			       size_t len);

/*
 * Whether the module keeps DISK as a placement namespace: its directory
 * has a "placement" file and no "zones".
 */
int placement_file_exists(const char *disk);

/*
 * <root>/<disk>/placement, read and parsed. 0; 1 when the module does not
 * track disk as a placement namespace, why in err (one phrase: module not
 * loaded, namespace not seen with a placement write yet, ...); -1 when the
 * file is there but cannot be read or understood, err one line.
 */
int placement_file_read(const char *disk, struct placement_file *pf,
			char *err, size_t errlen);
void placement_file_free(struct placement_file *pf);

#endif
