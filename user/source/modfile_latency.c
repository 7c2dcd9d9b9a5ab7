// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "latency" file, parsed once for every view (zns-stat detail
 * and -i, the data file's counts, export's zns_latency_seconds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/util.h"
#include "source/modfile.h"

/* "OP NUMBER..." with exactly nr numbers after OP; 0, or -1. */
static int fields(char *line, char *op, size_t oplen, uint64_t *v, int nr)
{
	char *f[4];
	int i;

	if (split_fields(line, f, nr + 1) || strlen(f[0]) >= oplen)
		return -1;
	strcpy(op, f[0]);
	for (i = 0; i < nr; i++)
		if (parse_u64(f[i + 1], &v[i]))
			return -1;
	return 0;
}

static int add_max(struct lat_file *f, char *rest)
{
	struct lat_max m;

	if (fields(rest, m.op, sizeof(m.op), &m.ns, 1) ||
	    room_for_one(&f->max, f->nr_max, sizeof(m)))
		return -1;
	f->max[f->nr_max++] = m;
	return 0;
}

static int add_row(struct lat_file *f, char *line)
{
	struct lat_bucket r;
	uint64_t v[3];

	if (fields(line, r.op, sizeof(r.op), v, 3))
		return -1;
	r.lo = v[0];
	r.hi = v[1];
	r.n = v[2];
	/* within one power of two, or the last, open bucket */
	if (r.hi < r.lo || (r.hi != UINT64_MAX && lat_log2_of(r.hi) != lat_log2_of(r.lo)))
		return -1;
	if (room_for_one(&f->rows, f->nr_rows, sizeof(r)))
		return -1;
	f->rows[f->nr_rows++] = r;
	return 0;
}

int lat_file_parse(struct lat_file *f, char *text)
{
	char *line, *save;

	memset(f, 0, sizeof(*f));
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "# max_ns ", 9)) {
			if (add_max(f, line + 9))
				goto bad;
		} else if (line[0] != '#' && add_row(f, line)) {
			goto bad;
		}
	}
	return 0;
bad:
	lat_file_free(f);
	return -1;
}

void lat_file_free(struct lat_file *f)
{
	free(f->rows);
	free(f->max);
	memset(f, 0, sizeof(*f));
}
