// SPDX-License-Identifier: GPL-2.0
/* Reading and parsing /sys/kernel/debug/zns_stat/<disk>/placement. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../include/zns_stat.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "source/placement_file.h"
#include "source/snapshot.h"

/* What the tool needs of every row; the others are carried along. */
static const char * const needed[] = { "writes", "write_sectors" };

static int bad(struct placement_file *pf, int nr, const char *text)
{
	pf->bad_line = nr;
	snprintf(pf->bad_text, sizeof(pf->bad_text), "%s", text);
	return -1;
}

int placement_file_column(const struct placement_file *pf, const char *name)
{
	int i;

	for (i = 0; i < pf->nr_columns; i++)
		if (!strcmp(pf->columns[i], name))
			return i;
	return -1;
}

uint64_t placement_file_get(const struct placement_file *pf, int row,
			    const char *name)
{
	int c = placement_file_column(pf, name);

	return c < 0 ? 0 : pf->values[(size_t)row * pf->nr_columns + c];
}

const char *placement_row_name(const struct placement_row *r, char *buf,
			       size_t len)
{
	if (r->kind == PROW_NONE)
		return ZNS_PLACEMENT_NONE;
	if (r->kind == PROW_UNLISTED)
		return ZNS_PLACEMENT_UNLISTED;
	snprintf(buf, len, "%u", r->pid);
	return buf;
}

/* "# pid ruhid COLUMNS": the numbers' names, none twice. */
static int parse_header(struct placement_file *pf, char *line)
{
	char *save, *tok;
	int i;

	if (strncmp(line, "# pid ruhid ", 12))
		return -1;
	for (tok = strtok_r(line + 12, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		if (pf->nr_columns == PLACEMENT_FILE_MAX_COLUMNS ||
		    placement_file_column(pf, tok) >= 0 ||
		    !strcmp(tok, "pid") || !strcmp(tok, "ruhid"))
			return -1;
		pf->columns[pf->nr_columns] = strdup(tok);
		if (!pf->columns[pf->nr_columns++])
			return -1;
	}
	for (i = 0; i < (int)(sizeof(needed) / sizeof(needed[0])); i++)
		if (placement_file_column(pf, needed[i]) < 0)
			return i + 1;
	return 0;
}

/* An identifier: decimal, at most 16 bits (a placement ID, a handle). */
static const char *scan_id(const char *p, uint32_t *v)
{
	uint64_t x;

	p = scan_u64(p, &x);
	if (!p || x > 0xffff)
		return NULL;
	*v = x;
	return p;
}

/* "PID RUHID N...", "none - N..." or "unlisted - N..." into row r. */
static int parse_row(struct placement_file *pf, int r, const char *line)
{
	static const char none[] = ZNS_PLACEMENT_NONE " - ";
	static const char unlisted[] = ZNS_PLACEMENT_UNLISTED " - ";
	struct placement_row *row = &pf->rows[r];
	const char *p = line;
	int i;

	if (!strncmp(p, none, sizeof(none) - 1)) {
		row->kind = PROW_NONE;
		p += sizeof(none) - 1;
	} else if (!strncmp(p, unlisted, sizeof(unlisted) - 1)) {
		row->kind = PROW_UNLISTED;
		p += sizeof(unlisted) - 1;
	} else {
		row->kind = PROW_PID;
		p = scan_id(p, &row->pid);
		if (!p || *p++ != ' ')
			return -1;
		p = scan_id(p, &row->ruhid);
		if (!p || *p++ != ' ')
			return -1;
	}
	for (i = 0; i < pf->nr_columns; i++) {
		p = scan_u64(p, &pf->values[(size_t)r * pf->nr_columns + i]);
		if (!p || *p != (i + 1 < pf->nr_columns ? ' ' : '\0'))
			return -1;
		if (*p)
			p++;
	}
	return 0;
}

/* The rows' order: IDs (each once), then none, then unlisted. */
static int row_in_order(const struct placement_file *pf, int r)
{
	const struct placement_row *row = &pf->rows[r];
	enum placement_row_kind prev = r ? pf->rows[r - 1].kind : PROW_PID;
	int i;

	if (row->kind == PROW_PID) {
		if (prev != PROW_PID)
			return 0;
		for (i = 0; i < r; i++)
			if (pf->rows[i].pid == row->pid)
				return 0;
		return 1;
	}
	if (row->kind == PROW_NONE)
		return prev == PROW_PID;
	return r && prev == PROW_NONE;
}

static int grow(struct placement_file *pf, int *cap)
{
	struct placement_row *rows;
	uint64_t *v;
	int n = *cap ? 2 * *cap : 16;

	if (*cap == PLACEMENT_FILE_MAX_ROWS)
		return -1;
	if (n > PLACEMENT_FILE_MAX_ROWS)
		n = PLACEMENT_FILE_MAX_ROWS;
	rows = realloc(pf->rows, n * sizeof(*rows));
	if (!rows)
		return -1;
	pf->rows = rows;
	v = realloc(pf->values, (size_t)n * (pf->nr_columns ? pf->nr_columns : 1) * sizeof(*v));
	if (!v)
		return -1;
	pf->values = v;
	*cap = n;
	return 0;
}

int placement_file_parse(struct placement_file *pf, char *text)
{
	char *line, *nl, head[48];
	int nr = 0, cap = 0, ret;

	memset(pf, 0, sizeof(*pf));
	for (line = text; *line; line = nl ? nl + 1 : line + strlen(line)) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (++nr == 1) {
			snprintf(head, sizeof(head), "%s", line);	/* parsing cuts it */
			ret = parse_header(pf, line);
			if (ret > 0) {
				pf->missing = needed[ret - 1];
				return bad(pf, 1, head);
			}
			if (ret)
				return bad(pf, 1, head);
			continue;
		}
		if ((pf->nr_rows == cap && grow(pf, &cap)) ||
		    parse_row(pf, pf->nr_rows, line) || !row_in_order(pf, pf->nr_rows))
			return bad(pf, nr, line);
		pf->nr_rows++;
	}
	if (!nr)
		return bad(pf, 1, "");
	/* the file ends with its unlisted row: a shorter one was cut */
	if (!pf->nr_rows || pf->rows[pf->nr_rows - 1].kind != PROW_UNLISTED)
		return bad(pf, nr + 1, "");
	return 0;
}

static int has_file(const char *disk, const char *file)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s/%s", snapshot_root(), disk, file);
	return access(path, F_OK) == 0;
}

int placement_file_exists(const char *disk)
{
	return has_file(disk, "placement") && !has_file(disk, "zones");
}

int placement_file_read(const char *disk, struct placement_file *pf,
			char *err, size_t errlen)
{
	const char *root = snapshot_root();
	char path[4096], *text;

	memset(pf, 0, sizeof(*pf));
	snprintf(path, sizeof(path), "%s/%s/placement", root, disk);
	text = slurp_file(path, NULL);
	if (!text) {
		int e = errno;

		if (e == EACCES || e == EPERM)
			snprintf(err, errlen, "%s: permission denied: run as root", path);
		else if (e != ENOENT)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		else if (access(root, X_OK))
			snprintf(err, errlen, errno == EACCES ?
				 "the zns_stat module's files cannot be read: run as root" :
				 "the zns_stat module is not loaded");
		else if (!has_file(disk, "."))
			snprintf(err, errlen, "zns_stat has not seen a write with a placement directive on %s yet",
				 disk);
		else if (has_file(disk, "zones"))
			snprintf(err, errlen, "zns_stat tracks %s as a zoned namespace", disk);
		else
			snprintf(err, errlen, "%s has no placement file: a zns_stat older than this tool",
				 disk);
		return e == ENOENT ? 1 : -1;
	}
	if (placement_file_parse(pf, text)) {
		if (pf->missing)
			snprintf(err, errlen, "%s: no %s column", path, pf->missing);
		else if (!*pf->bad_text)
			snprintf(err, errlen, "%s: line %d: the file ends before its %s row",
				 path, pf->bad_line, ZNS_PLACEMENT_UNLISTED);
		else
			snprintf(err, errlen, "%s: line %d: unexpected content '%s'",
				 path, pf->bad_line, pf->bad_text);
		free(text);
		placement_file_free(pf);
		return -1;
	}
	free(text);
	return 0;
}

void placement_file_free(struct placement_file *pf)
{
	int i;

	for (i = 0; i < pf->nr_columns; i++)
		free(pf->columns[i]);
	free(pf->rows);
	free(pf->values);
	memset(pf, 0, sizeof(*pf));
}
