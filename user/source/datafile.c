// SPDX-License-Identifier: GPL-2.0
/* Writing and reading recorded runs (format in datafile.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "source/datafile.h"

int datafile_set(struct datafile *df, const char *key, const char *value)
{
	return kv_set(df->meta, &df->nr_meta, DATAFILE_MAX_META, key, value);
}

const char *datafile_get(const struct datafile *df, const char *key)
{
	return kv_get(df->meta, df->nr_meta, key);
}

int datafile_meta_hidden(const char *key, const char *value)
{
	size_t n = strlen(key);

	return !strcmp(key, "comment") || !*value || !strcmp(value, "(none)") ||
	       (n > 6 && !strcmp(key + n - 6, "_epoch"));
}

double datafile_get_double(const struct datafile *df, const char *key)
{
	const char *v = datafile_get(df, key);

	return v ? strtod(v, NULL) : 0;
}

/* "1 2048 0 ...\n": millions of numbers in a large recording, no printf. */
static void format_row(struct sbuf *b, const uint64_t *row, int nr)
{
	char line[SNAPSHOT_MAX_COLUMNS * 21 + 1];
	int i, len = 0;

	for (i = 0; i < nr; i++) {
		if (i)
			line[len++] = ' ';
		len += fmt_u64(line + len, sizeof(line) - len, row[i]);
	}
	line[len++] = '\n';
	sbuf_put(b, line, len);
}

int datafile_add_ptick(struct datafile *df, double t, const uint64_t *sectors,
		       int nr)
{
	struct datafile_ptick *pt;

	if (room_for_one(&df->pticks, df->nr_pticks, sizeof(*df->pticks)))
		return -1;
	pt = &df->pticks[df->nr_pticks];
	pt->t = t;
	pt->nr = nr;
	pt->sectors = malloc((nr ? nr : 1) * sizeof(*pt->sectors));
	if (!pt->sectors)
		return -1;
	memcpy(pt->sectors, sectors, nr * sizeof(*pt->sectors));
	df->nr_pticks++;
	return 0;
}

/* A placement run's ticks and rows, after its metadata. */
static void format_placement(struct sbuf *b, const struct datafile *df)
{
	const struct placement_file *pf = &df->prows;
	char id[16];
	int i, r;

	for (i = 0; i < df->nr_pticks; i++) {
		sbuf_printf(b, "ptick: %.3f", df->pticks[i].t);
		for (r = 0; r < pf->nr_rows; r++)
			sbuf_printf(b, " %llu", (unsigned long long)df->pticks[i].sectors[r]);
		sbuf_printf(b, "\n");
	}
	sbuf_printf(b, "placement: %d\n# pid ruhid", pf->nr_rows);
	for (i = 0; i < pf->nr_columns; i++)
		sbuf_printf(b, " %s", pf->columns[i]);
	sbuf_printf(b, "\n");
	for (r = 0; r < pf->nr_rows; r++) {
		const struct placement_row *pr = &pf->rows[r];

		sbuf_printf(b, "%s ", placement_row_name(pr, id, sizeof(id)));
		if (pr->kind == PROW_PID)
			sbuf_printf(b, "%u ", pr->ruhid);
		else
			sbuf_printf(b, "- ");
		format_row(b, pf->values + (size_t)r * pf->nr_columns, pf->nr_columns);
	}
	sbuf_printf(b, "# end\n");
}

void datafile_format(struct sbuf *b, const struct datafile *df)
{
	const struct snapshot *s = &df->zones;
	uint64_t z;
	int i;

	sbuf_printf(b, "%s %d\n", DATAFILE_MAGIC,
		    df->placement ? DATAFILE_VERSION : DATAFILE_ZONED);
	for (i = 0; i < df->nr_meta; i++) {
		sbuf_printf(b, "%s: ", df->meta[i].key);
		escape_line(b, df->meta[i].value);
		sbuf_printf(b, "\n");
	}
	for (i = 0; i < s->nr_summary; i++)
		if (summary_disk_counter(s, s->summary[i].key))
			sbuf_printf(b, "disk.%s: %s\n", s->summary[i].key,
				    s->summary[i].value);
	if (df->placement) {
		format_placement(b, df);
		return;
	}
	detail_format_lines(b, &df->detail);
	timeline_format_lines(b, &df->timeline);
	sbuf_printf(b, "zones: %llu\n#", (unsigned long long)s->nr_zones);
	for (i = 0; i < s->nr_columns; i++)
		sbuf_printf(b, " %s", s->columns[i]);
	sbuf_printf(b, "\n");
	for (z = 0; z < s->nr_zones; z++)
		format_row(b, snapshot_row(s, z), s->nr_columns);
	sbuf_printf(b, "# end\n");
}

/* Next line of *p (NUL-terminated in place), NULL at the end of the text. */
static char *next_line(char **p)
{
	char *line = *p, *nl;

	if (!line || !*line)
		return NULL;
	nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = NULL;
	}
	return line;
}

/* "T S0 S1 ...": its count of rows checked once the rows are read. */
static int parse_ptick(struct datafile *df, const char *s)
{
	char *end;
	double t = strtod(s, &end);
	const char *p;
	uint64_t *v;
	int n = 0, ret;

	if (end == s || !(t >= 0))
		return -1;
	for (p = end; *p; p++)
		n += *p == ' ';
	v = malloc((n ? n : 1) * sizeof(*v));
	if (!v)
		return -1;
	for (p = end, n = 0; p && *p == ' '; n++)
		p = scan_u64(p + 1, &v[n]);
	ret = !p || *p || datafile_add_ptick(df, t, v, n) ? -1 : 0;
	free(v);
	return ret;
}

/* The "key: value" lines before "zones: N". */
static int parse_meta(char **p, int *lineno, struct datafile *df,
		      uint64_t *nr_zones, char *err, size_t errlen)
{
	char *line, *colon, *value;

	while ((line = next_line(p))) {
		++*lineno;
		colon = strstr(line, ": ");
		if (!colon) {
			snprintf(err, errlen, "line %d: expected 'key: value'", *lineno);
			return -1;
		}
		*colon = '\0';
		if (!strcmp(line, "zones") || !strcmp(line, "placement")) {
			df->placement = !strcmp(line, "placement");
			return parse_u64(colon + 2, nr_zones) ?
			       (snprintf(err, errlen, "line %d: bad %s count", *lineno,
					 df->placement ? "row" : "zone"), -1) : 0;
		}
		if (!strcmp(line, "ptick")) {
			if (parse_ptick(df, colon + 2)) {
				snprintf(err, errlen, "line %d: bad ptick line", *lineno);
				return -1;
			}
			continue;
		}
		if (!strncmp(line, "disk.", 5)) {
			if (snapshot_set_summary(&df->zones, line + 5, colon + 2))
				goto oom;
			continue;
		}
		if (!strcmp(line, "tick")) {
			if (timeline_parse_line(&df->timeline, colon + 2)) {
				snprintf(err, errlen, "line %d: bad tick line", *lineno);
				return -1;
			}
			continue;
		}
		if (!strcmp(line, "count") || !strcmp(line, "reset")) {
			if (detail_parse_line(&df->detail, line, colon + 2)) {
				snprintf(err, errlen, "line %d: bad %s line", *lineno, line);
				return -1;
			}
			continue;
		}
		value = unescape_line(colon + 2);
		if (!value || datafile_set(df, line, value)) {
			free(value);
			goto oom;
		}
		free(value);
	}
	snprintf(err, errlen, "ends before its zone table (truncated?)");
	return -1;
oom:
	snprintf(err, errlen, "out of memory, or more than %d metadata lines",
		 DATAFILE_MAX_META);
	return -1;
}

static int parse_zone_rows(char **p, int *lineno, struct snapshot *s,
			   uint64_t nr, char *err, size_t errlen)
{
	char *line, *header = next_line(p);
	uint64_t z;

	++*lineno;
	if (!header || strncmp(header, "# ", 2) || !strcmp(header, "# end")) {
		snprintf(err, errlen, "line %d: expected the '# zone start ...' column header", *lineno);
		return -1;
	}
	if (snapshot_parse_header(s, header))
		goto bad_header;
	if (snapshot_column(s, "zone") < 0 || snapshot_column(s, "start") < 0)
		goto bad_header;
	s->values = calloc(nr ? nr : 1, s->nr_columns * sizeof(uint64_t));
	if (!s->values) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (z = 0; z < nr; z++) {
		uint64_t *row = snapshot_row(s, z);

		line = next_line(p);
		++*lineno;
		if (!line || !strcmp(line, "# end")) {
			snprintf(err, errlen, "line %d: %llu of %llu zone rows: truncated",
				 *lineno, (unsigned long long)z, (unsigned long long)nr);
			return -1;
		}
		/* the module's "zones" rows: the same parser */
		if (snapshot_parse_row(line, s->nr_columns, row) ||
		    row[snapshot_column(s, "zone")] != z) {
			snprintf(err, errlen, "line %d: malformed row for zone %llu",
				 *lineno, (unsigned long long)z);
			return -1;
		}
	}
	s->nr_zones = nr;
	line = next_line(p);
	++*lineno;
	if (!line || strcmp(line, "# end")) {
		snprintf(err, errlen, "line %d: %s", *lineno, line ?
			 "more zone rows than 'zones:' says" :
			 "no '# end' line: truncated");
		return -1;
	}
	return 0;
bad_header:
	snprintf(err, errlen, "line %d: bad column header", *lineno);
	return -1;
}

/*
 * A placement run's "# pid ruhid ..." header and nr rows, as the module's
 * file (its parser), then "# end"; each tick as many rows.
 */
static int parse_placement_rows(char **p, int *lineno, struct datafile *df,
				uint64_t nr, char *err, size_t errlen)
{
	char *start = *p, *q = start, *end;
	int i;

	/* the line "# end": the rows are the text before it */
	while (q && strncmp(q, "# end", 5)) {
		q = strchr(q, '\n');
		q = q ? q + 1 : NULL;
	}
	if (!q || (q[5] && q[5] != '\n')) {
		snprintf(err, errlen, "no '# end' line: truncated");
		return -1;
	}
	end = q + 5;
	*q = '\0';
	if (placement_file_parse(&df->prows, start)) {
		snprintf(err, errlen, "line %d: %s", *lineno + df->prows.bad_line,
			 df->prows.missing ? "a placement row's column missing" :
			 "bad placement header or row");
		return -1;
	}
	if ((uint64_t)df->prows.nr_rows != nr) {
		snprintf(err, errlen, "placement: %llu but %d rows",
			 (unsigned long long)nr, df->prows.nr_rows);
		return -1;
	}
	for (i = 0; i < df->nr_pticks; i++)
		if (df->pticks[i].nr != df->prows.nr_rows) {
			snprintf(err, errlen, "a ptick line of %d rows, not %d",
				 df->pticks[i].nr, df->prows.nr_rows);
			return -1;
		}
	*lineno += df->prows.nr_rows + 2;
	*p = *end ? end + 1 : end;
	return 0;
}

/* A placement run's: its device and times. */
static int check_placement_meta(struct datafile *df, char *err, size_t errlen)
{
	static const char * const need[] = { "device", "start_epoch", "end_epoch" };
	size_t i;

	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		if (!datafile_get(df, need[i])) {
			snprintf(err, errlen, "no '%s:' line", need[i]);
			return -1;
		}
	}
	snprintf(df->zones.disk, sizeof(df->zones.disk), "%s", datafile_get(df, "device"));
	df->zones.epoch = datafile_get_double(df, "end_epoch");
	return 0;
}

/* Geometry the figures need, copied where snapshot helpers look for it. */
static int check_meta(struct datafile *df, uint64_t nr, char *err, size_t errlen)
{
	static const char * const need[] = {
		"device", "nr_zones", "zone_sectors", "lba_bytes",
		"start_epoch", "end_epoch",
	};
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		if (!datafile_get(df, need[i])) {
			snprintf(err, errlen, "no '%s:' line", need[i]);
			return -1;
		}
	}
	if (parse_u64(datafile_get(df, "nr_zones"), &v) || v != nr) {
		snprintf(err, errlen, "nr_zones %s but %llu zone rows",
			 datafile_get(df, "nr_zones"), (unsigned long long)nr);
		return -1;
	}
	/* a zone or a block of 0 bytes would draw "16 zones of 0 B" */
	for (i = 1; i < 4; i++) {
		if (parse_u64(datafile_get(df, need[i]), &v) || (i > 1 && !v) ||
		    snapshot_set_summary(&df->zones, need[i], datafile_get(df, need[i]))) {
			snprintf(err, errlen, "bad '%s:' value", need[i]);
			return -1;
		}
	}
	snprintf(df->zones.disk, sizeof(df->zones.disk), "%s", datafile_get(df, "device"));
	df->zones.epoch = datafile_get_double(df, "end_epoch");
	/*
	 * The times in the tool's one form (UTC, Z) from the epochs: a file
	 * of an older zns-stat says "+0000" or its machine's offset.
	 */
	for (i = 0; i < 2; i++) {
		static const char * const key[][2] = {
			{ "start_time", "start_epoch" }, { "end_time", "end_epoch" },
		};
		char when[48];

		if (fmt_rfc3339(when, sizeof(when),
				(int64_t)datafile_get_double(df, key[i][1]), 0, 0) > 0 &&
		    datafile_set(df, key[i][0], when)) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}

int datafile_parse(const char *path, char *text, struct datafile *df,
		   char *err, size_t errlen)
{
	char *p = text, *line, msg[256];
	int lineno = 1, version;
	uint64_t nr = 0;

	memset(df, 0, sizeof(*df));
	line = next_line(&p);
	if (!line || sscanf(line, DATAFILE_MAGIC " %d", &version) != 1) {
		snprintf(err, errlen, "%s: not a zns-stat data file (its first line is not '%s %d')",
			 path, DATAFILE_MAGIC, DATAFILE_VERSION);
		return -1;
	}
	if (version > DATAFILE_VERSION) {
		snprintf(err, errlen, "%s: data file format %d is newer than this zns-stat's (%d): use a newer zns-stat",
			 path, version, DATAFILE_VERSION);
		return -1;
	}
	if (parse_meta(&p, &lineno, df, &nr, msg, sizeof(msg)) ||
	    (df->placement ?
	     parse_placement_rows(&p, &lineno, df, nr, msg, sizeof(msg)) ||
	     check_placement_meta(df, msg, sizeof(msg)) :
	     parse_zone_rows(&p, &lineno, &df->zones, nr, msg, sizeof(msg)) ||
	     check_meta(df, nr, msg, sizeof(msg)))) {
		snprintf(err, errlen, "%s: %s: not a complete zns-stat data file", path, msg);
		datafile_free(df);
		return -1;
	}
	return 0;
}

int datafile_read(const char *path, struct datafile *df, char *err,
		  size_t errlen)
{
	char *text = slurp_file(path, NULL);
	int ret;

	if (!text) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	ret = datafile_parse(path, text, df, err, errlen);
	free(text);
	return ret;
}

void datafile_free(struct datafile *df)
{
	kv_free(df->meta, df->nr_meta);
	snapshot_free(&df->zones);
	detail_free(&df->detail);
	timeline_free(&df->timeline);
	placement_file_free(&df->prows);
	while (df->nr_pticks)
		free(df->pticks[--df->nr_pticks].sectors);
	free(df->pticks);
	memset(df, 0, sizeof(*df));
}

void datafile_name(const char *path, char *out, size_t outlen)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 4 && !strcmp(base + n - 4, ".dat"))
		n -= 4;
	snprintf(out, outlen, "%.*s", (int)n, base);
}
