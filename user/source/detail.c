// SPDX-License-Identifier: GPL-2.0
/*
 * The module's latency, sizes, alignment, errors and resets files, read
 * into counts and reset events (Documentation/zns_stat.rst has the files),
 * and the data file's lines of them, written and read back. What a run
 * added and the quantiles are model/detail_model.c's; the views are
 * render/detail_text.c's and render/detail_out.c's.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "source/columns.h"
#include "source/detail.h"
#include "source/modfile.h"
#include "source/snapshot.h"

static const char * const detail_files[] = {
	"latency", "sizes", "alignment", "errors", "resets",
};

int detail_add_count(struct detail *d, const char *file, const char *op,
		     const char *what, uint64_t lo, uint64_t hi, uint64_t n)
{
	struct detail_count *c;

	if (room_for_one(&d->counts, d->nr_counts, sizeof(*c)))
		return -1;
	c = &d->counts[d->nr_counts++];
	memset(c, 0, sizeof(*c));
	snprintf(c->file, sizeof(c->file), "%s", file);
	snprintf(c->op, sizeof(c->op), "%s", op);
	snprintf(c->what, sizeof(c->what), "%s", what);
	c->lo = lo;
	c->hi = hi;
	c->n = n;
	return 0;
}

static int add_count(struct detail *d, const char *file, const char *op,
		     const char *what, uint64_t lo, uint64_t n)
{
	return detail_add_count(d, file, op, what, lo, 0, n);
}

int detail_add_reset(struct detail *d, const struct detail_reset *r)
{
	if (room_for_one(&d->resets, d->nr_resets, sizeof(*r)))
		return -1;
	d->resets[d->nr_resets++] = *r;
	return 0;
}

/* "errors" through its one parser: a count per status and operation that has one. */
static int error_counts(struct detail *d, char *text)
{
	struct err_table *t = malloc(sizeof(*t));
	int r, o, ret = -1;

	if (!t || err_table_parse(t, text))
		goto out;
	for (r = 0; r < t->nr_rows; r++)
		for (o = 0; o < t->nr_ops; o++)
			if (t->rows[r].count[o] &&
			    add_count(d, "errors", t->ops[o], t->rows[r].status,
				      t->rows[r].code, t->rows[r].count[o]))
				goto out;
	ret = 0;
out:
	free(t);
	return ret;
}

/* "latency" through its one parser: the buckets, and "lat_max" the exact maxima. */
static int latency_counts(struct detail *d, char *text)
{
	struct lat_file f;
	int i, ret = -1;

	if (lat_file_parse(&f, text))
		return -1;
	for (i = 0; i < f.nr_rows; i++)
		if (detail_add_count(d, "latency", f.rows[i].op, "", f.rows[i].lo,
				 f.rows[i].hi, f.rows[i].n))
			goto out;
	for (i = 0; i < f.nr_max; i++)
		if (add_count(d, "lat_max", f.max[i].op, "", 0, f.max[i].ns))
			goto out;
	ret = 0;
out:
	lat_file_free(&f);
	return ret;
}

/* "SEQ TIME_NS ZONE LATENCY_NS SELECT_ALL STATUS FILL_SECTORS" of "resets". */
static int reset_row(struct detail *d, char *line)
{
	uint64_t seq, t, lat, sa, st;
	int64_t zone, fill;
	struct detail_reset r;
	char *f[7];

	if (split_fields(line, f, 7) || parse_u64(f[0], &seq) || parse_u64(f[1], &t) ||
	    parse_i64(f[2], &zone) || parse_u64(f[3], &lat) || parse_u64(f[4], &sa) ||
	    sa > 1 || parse_hex(f[5], &st) || st > 0xffff || parse_i64(f[6], &fill))
		return -1;
	r = (struct detail_reset){ .seq = seq, .time_ns = t, .lat_ns = lat,
		.zone = zone, .fill = fill, .status = (unsigned int)st,
		.select_all = (int)sa };
	return detail_add_reset(d, &r);
}

/* "DIR LO HI N" of "sizes" (log2 buckets), "DIR ALIGN N" of "alignment". */
static int hist_row(struct detail *d, const char *file, char *line)
{
	int sizes = !strcmp(file, "sizes");
	uint64_t v[3];
	char *f[4];
	int i;

	if (split_fields(line, f, sizes ? 4 : 3) || strlen(f[0]) >= sizeof(d->counts[0].op))
		return -1;
	for (i = 0; i < (sizes ? 3 : 2); i++)
		if (parse_u64(f[i + 1], &v[i]))
			return -1;
	if (sizes && v[1] < v[0])
		return -1;
	return add_count(d, file, f[0], "", v[0], sizes ? v[2] : v[1]);
}

int detail_parse_file(struct detail *d, const char *file, char *text)
{
	char *line, *save;

	if (!strcmp(file, "errors"))
		return error_counts(d, text);
	if (!strcmp(file, "latency"))
		return latency_counts(d, text);
	if (strcmp(file, "resets") && strcmp(file, "sizes") && strcmp(file, "alignment"))
		return -1;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#')
			continue;
		if (!strcmp(file, "resets") ? reset_row(d, line) : hist_row(d, file, line))
			return -1;
	}
	return 0;
}

int detail_read(const char *disk, struct detail *d, char *err, size_t errlen)
{
	char path[512], *text;
	size_t i;
	int found = 0;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < sizeof(detail_files) / sizeof(detail_files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", snapshot_root(), disk, detail_files[i]);
		text = slurp_file(path, NULL);
		if (!text)
			continue;	/* an older module: what it has */
		found++;
		if (detail_parse_file(d, detail_files[i], text)) {
			snprintf(err, errlen, "%s: unexpected content", path);
			free(text);
			detail_free(d);
			return -1;
		}
		free(text);
	}
	if (!found && snapshot_placement_said(disk, err, errlen))
		return -1;
	if (!found) {
		snprintf(err, errlen, "%s: no latency, errors or resets files (not a tracked namespace?)", disk);
		return -1;
	}
	return 0;
}

void detail_free(struct detail *d)
{
	free(d->counts);
	free(d->resets);
	memset(d, 0, sizeof(*d));
}

void detail_format_lines(struct sbuf *b, const struct detail *d)
{
	const struct detail_count *c;
	const struct detail_reset *r;
	int i;

	for (i = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		sbuf_printf(b, "count: %s %s %s %" PRIu64 " %" PRIu64, c->file, c->op,
			    *c->what ? c->what : "-", c->lo, c->n);
		if (c->hi)
			sbuf_printf(b, " %" PRIu64, c->hi);
		sbuf_printf(b, "\n");
	}
	for (i = 0; i < d->nr_resets; i++) {
		r = &d->resets[i];
		sbuf_printf(b, "reset: %" PRIu64 " %" PRIu64 " %" PRId64 " %" PRIu64 " %d 0x%x %" PRId64 "\n",
			    r->seq, r->time_ns, r->zone, r->lat_ns, r->select_all,
			    r->status, r->fill);
	}
}

/* A name of the data file's "count:" line that fits its field. */
static int name_field(const char *s, size_t size)
{
	return *s && strlen(s) < size ? 0 : -1;
}

/* Fields of a line split at single spaces: split_fields() says if they are well formed. */
static int nr_fields(const char *s)
{
	int n = 1;

	for (; *s; s++)
		n += *s == ' ';
	return n;
}

int detail_parse_line(struct detail *d, const char *key, const char *value)
{
	struct detail_count c = { 0 };
	char line[160], *f[6];
	int nr;

	if (strlen(value) >= sizeof(line))
		return -1;
	snprintf(line, sizeof(line), "%s", value);
	if (!strcmp(key, "reset"))
		return reset_row(d, line);
	if (strcmp(key, "count"))
		return -1;
	/* HI: log-linear latency rows; without it (older files), log2 ones */
	nr = nr_fields(line);
	if ((nr != 5 && nr != 6) || split_fields(line, f, nr) ||
	    name_field(f[0], sizeof(c.file)) || name_field(f[1], sizeof(c.op)) ||
	    name_field(f[2], sizeof(c.what)) || parse_u64(f[3], &c.lo) ||
	    parse_u64(f[4], &c.n) || (nr == 6 && parse_u64(f[5], &c.hi)) ||
	    (c.hi && c.hi < c.lo))
		return -1;
	return detail_add_count(d, f[0], f[1], strcmp(f[2], "-") ? f[2] : "",
				c.lo, c.hi, c.n);
}
