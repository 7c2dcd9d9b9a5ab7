// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "cgroups" file, parsed strictly: the header names each
 * column (OP_FIELD, then zones_owned), every row has exactly those
 * numbers after its id and path, and a path is what seq_escape() printed
 * (space, tab, newline and backslash as \ooo). Documentation/zns_stat.rst
 * defines each figure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/util.h"
#include "source/cgroups.h"
#include "source/snapshot.h"

const char * const cg_field_names[CG_NR_FIELDS] = {
	[CG_COMMANDS] = "commands",
	[CG_SECTORS] = "sectors",
	[CG_LAT_SUM_NS] = "lat_sum_ns",
	[CG_ERRORS] = "errors",
};

#define CG_MAX_COLUMNS	(ZNS_NR_OPS * CG_NR_FIELDS + 1)
#define CG_ZONES_OWNED	(-1)	/* a column's field: zones_owned */

/* Operations that move data: the others have no sectors column. */
static int has_sectors(int op)
{
	return op == ZNS_OPI_READ || op == ZNS_OPI_WRITE || op == ZNS_OPI_APPEND ||
	       op == ZNS_OPI_WRITE_ZEROES;
}

/* A header column's operation and figure; -1 for a name zns-stat does not know. */
static int column_of(const char *name, int *op, int *field)
{
	char want[64];

	if (!strcmp(name, "zones_owned")) {
		*op = 0;
		*field = CG_ZONES_OWNED;
		return 0;
	}
	for (*op = 0; *op < ZNS_NR_OPS; (*op)++)
		for (*field = 0; *field < CG_NR_FIELDS; (*field)++) {
			snprintf(want, sizeof(want), "%s_%s", zns_op_names[*op],
				 cg_field_names[*field]);
			if (!strcmp(name, want))
				return *field == CG_SECTORS && !has_sectors(*op) ? -1 : 0;
		}
	return -1;
}

int cg_unescape(const char *s, char *out, size_t n)
{
	size_t len = 0;
	int i, c;

	for (; *s; s++) {
		c = (unsigned char)*s;
		if (c == '\\') {
			for (i = 1, c = 0; i <= 3; i++) {
				if (s[i] < '0' || s[i] > '7')
					return -1;
				c = c * 8 + (s[i] - '0');
			}
			if (!c || c > 255)
				return -1;
			s += 3;
		}
		if (len + 1 >= n)
			return -1;
		out[len++] = (char)c;
	}
	out[len] = '\0';
	return len ? 0 : -1;
}

/* The three rows of id 0, and what a cgroup the module could not name shows. */
static int special_path(const char *p)
{
	return !strcmp(p, "(unattributed)") || !strcmp(p, "(other)") ||
	       !strcmp(p, "(mixed)");
}

static int path_ok(uint64_t id, const char *p)
{
	if (!id)
		return special_path(p);
	return p[0] == '/' || !strcmp(p, "(removed)") || !strcmp(p, "(unknown)");
}

static int parse_row(struct cg_table *t, char *line, int nr_cols,
		     const int *op, const int *field)
{
	char *f[2 + CG_MAX_COLUMNS], path[CG_PATH_MAX];
	struct cg_row *r;
	uint64_t v;
	int i;

	if (split_fields(line, f, 2 + nr_cols) ||
	    room_for_one(&t->rows, t->nr_rows, sizeof(*t->rows)))
		return -1;
	r = &t->rows[t->nr_rows];
	memset(r, 0, sizeof(*r));
	if (parse_u64(f[0], &r->id) || cg_unescape(f[1], path, sizeof(path)) ||
	    !path_ok(r->id, path))
		return -1;
	for (i = 0; i < nr_cols; i++) {
		if (parse_u64(f[2 + i], &v))
			return -1;
		if (field[i] == CG_ZONES_OWNED)
			r->zones_owned = v;
		else
			r->v[op[i]][field[i]] = v;
	}
	r->path = strdup(path);
	if (!r->path)
		return -1;
	t->nr_rows++;
	return 0;
}

int cg_table_parse(struct cg_table *t, char *text)
{
	int op[CG_MAX_COLUMNS], field[CG_MAX_COLUMNS], nr_cols = 0, zones = 0;
	char *line, *save, *tok, *tsave;

	t->bad_line = 1;
	line = strtok_r(text, "\n", &save);
	/* "# id path COLUMN... zones_owned" */
	if (!line || strncmp(line, "# id path ", 10))
		return -1;
	for (tok = strtok_r(line + 10, " ", &tsave); tok;
	     tok = strtok_r(NULL, " ", &tsave)) {
		if (zones || nr_cols == CG_MAX_COLUMNS ||
		    column_of(tok, &op[nr_cols], &field[nr_cols]))
			return -1;
		if (field[nr_cols] == CG_ZONES_OWNED)
			zones = 1;
		else if (t->has[op[nr_cols]][field[nr_cols]]++)
			return -1;	/* a column twice */
		nr_cols++;
	}
	if (!zones)
		return -1;
	while ((line = strtok_r(NULL, "\n", &save))) {
		t->bad_line++;
		if (parse_row(t, line, nr_cols, op, field))
			return -1;
	}
	t->bad_line = 0;
	return 0;
}

int cg_table_read(const char *disk, struct cg_table *t, char *err, size_t errlen)
{
	char path[512], *text;
	int ret;

	memset(t, 0, sizeof(*t));
	snprintf(t->disk, sizeof(t->disk), "%s", disk);
	snprintf(path, sizeof(path), "%s/%s/cgroups", snapshot_root(), disk);
	text = slurp_file(path, NULL);
	if (!text) {
		if (!snapshot_placement_said(disk, err, errlen))
			snprintf(err, errlen, "%s: no cgroups file (not a tracked namespace, or a zns_stat without cgroup attribution)",
				 disk);
		return -2;
	}
	ret = cg_table_parse(t, text);
	if (ret) {
		snprintf(err, errlen, "%s: unexpected content in its cgroups file, line %d",
			 disk, t->bad_line);
		cg_table_free(t);
	}
	free(text);
	return ret;
}

void cg_table_free(struct cg_table *t)
{
	int i;

	for (i = 0; i < t->nr_rows; i++)
		free(t->rows[i].path);
	free(t->rows);
	t->rows = NULL;
	t->nr_rows = 0;
}
