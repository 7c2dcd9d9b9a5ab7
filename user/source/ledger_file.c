// SPDX-License-Identifier: GPL-2.0
/* A ledger's state file: its text, read strictly, written atomically (ledger_file.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/files.h"
#include "lib/numbers.h"
#include "source/ledger_file.h"
#include "source/placement_file.h"

/* The zone table's header: totals, fill extremes, then the bases. */
static void zone_header(struct sbuf *b)
{
	int i;

	sbuf_printf(b, "# zone");
	for (i = 0; i < LC_NR; i++)
		sbuf_printf(b, " %s", ledger_counter_names[i]);
	sbuf_printf(b, " fill_min_sectors fill_max_sectors");
	for (i = 0; i < LC_NR; i++)
		sbuf_printf(b, " base_%s", ledger_counter_names[i]);
	sbuf_printf(b, "\n");
}

/* The placement rows' header: the module's row names, totals, then the bases. */
static void prow_header(struct sbuf *b)
{
	int i;

	sbuf_printf(b, "# pid ruhid");
	for (i = 0; i < LP_NR; i++)
		sbuf_printf(b, " %s", ledger_placement_names[i]);
	for (i = 0; i < LP_NR; i++)
		sbuf_printf(b, " base_%s", ledger_placement_names[i]);
	sbuf_printf(b, "\n");
}

static void fold_keys(struct sbuf *b, const struct ledger *l)
{
	sbuf_printf(b, "first_seen: %" PRId64 "\nlast_seen: %" PRId64 "\n",
		    l->first_seen, l->last_seen);
	sbuf_printf(b, "folds: %" PRIu64 "\nrestarts: %" PRIu64 "\n", l->folds, l->restarts);
	sbuf_printf(b, "instance: %s\ngeneration: %" PRIu64 "\n",
		    *l->instance ? l->instance : "-", l->generation);
}

static void format_placement(struct sbuf *b, const struct ledger *l)
{
	uint32_t r;
	int i;

	sbuf_printf(b, "%s %d\n", LEDGER_FILE_MAGIC, LEDGER_FILE_VERSION);
	sbuf_printf(b, "identity: %s\ndisk: %s\nkind: placement\n", l->identity, l->disk);
	sbuf_printf(b, "nr_rows: %" PRIu32 "\n", l->nr_prows);
	fold_keys(b, l);
	prow_header(b);
	for (r = 0; r < l->nr_prows; r++) {
		const struct ledger_prow *lr = &l->prows[r];

		if (lr->kind == PROW_PID)
			sbuf_printf(b, "%" PRIu32 " %" PRIu32, lr->pid, lr->ruhid);
		else
			sbuf_printf(b, "%s -", lr->kind == PROW_NONE ?
				    ZNS_PLACEMENT_NONE : ZNS_PLACEMENT_UNLISTED);
		for (i = 0; i < LP_NR; i++)
			sbuf_printf(b, " %" PRIu64, lr->total[i]);
		for (i = 0; i < LP_NR; i++)
			sbuf_printf(b, " %" PRIu64, lr->base[i]);
		sbuf_printf(b, "\n");
	}
	sbuf_printf(b, "end\n");
}

void ledger_format(struct sbuf *b, const struct ledger *l)
{
	uint64_t z;
	int i;

	if (l->placement) {
		format_placement(b, l);
		return;
	}
	sbuf_printf(b, "%s %d\n", LEDGER_FILE_MAGIC, LEDGER_FILE_ZONED);
	sbuf_printf(b, "identity: %s\ndisk: %s\n", l->identity, l->disk);
	sbuf_printf(b, "nr_zones: %" PRIu64 "\nzone_sectors: %" PRIu64 "\nlba_bytes: %" PRIu64 "\n",
		    l->nr_zones, l->zone_sectors, l->lba_bytes);
	fold_keys(b, l);
	for (i = 0; i < LN_NR; i++)
		sbuf_printf(b, "ns %s %" PRIu64 " %" PRIu64 "\n", ledger_ns_names[i],
			    l->ns_total[i], l->ns_base[i]);
	zone_header(b);
	for (z = 0; z < l->nr_zones; z++) {
		const struct ledger_zone *lz = &l->zones[z];

		sbuf_printf(b, "%" PRIu64, z);
		for (i = 0; i < LC_NR; i++)
			sbuf_printf(b, " %" PRIu64, lz->total[i]);
		sbuf_printf(b, " %" PRIu64 " %" PRIu64, lz->fill_min, lz->fill_max);
		for (i = 0; i < LC_NR; i++)
			sbuf_printf(b, " %" PRIu64, lz->base[i]);
		sbuf_printf(b, "\n");
	}
	sbuf_printf(b, "end\n");
}

/* The parser's place in the text, and where it says what is wrong. */
struct cursor {
	char *p;
	int line;
	const char *path;
	char *err;
	size_t errlen;
};

static char *next(struct cursor *c)
{
	char *line = c->p, *nl;

	if (!*line)
		return NULL;
	nl = strchr(line, '\n');
	if (!nl)	/* every line of a whole file ends: this one was cut */
		return NULL;
	*nl = '\0';
	c->p = nl + 1;
	c->line++;
	return line;
}

static int bad(struct cursor *c, const char *what, const char *line)
{
	if (line)
		snprintf(c->err, c->errlen, "%s: line %d: %s ('%.40s'): not a ledger this zns-stat reads; the file is kept as it is (move it away to start a new ledger)",
			 c->path, c->line, what, line);
	else
		snprintf(c->err, c->errlen, "%s: ends after line %d (%s expected): not a whole ledger; the file is kept as it is (move it away to start a new ledger)",
			 c->path, c->line, what);
	return -1;
}

/* Text after "end" (a line appended, two ledgers joined): that line's. */
static void after_end(struct cursor *c)
{
	char *line = next(c);

	if (!line) {		/* the text after "end" is cut: still a line */
		line = c->p;
		c->line++;
	}
	bad(c, "text after 'end', which must be the last line", line);
}

/* "key: value": the value, or NULL after bad(). */
static const char *key_line(struct cursor *c, const char *key)
{
	char *line = next(c);
	size_t n = strlen(key);

	if (!line)
		return bad(c, key, NULL), NULL;
	if (strncmp(line, key, n) || line[n] != ':' || line[n + 1] != ' ')
		return bad(c, key, line), NULL;
	return line + n + 2;
}

static int key_u64(struct cursor *c, const char *key, uint64_t *v)
{
	const char *s = key_line(c, key);

	if (!s)
		return -1;
	return parse_u64(s, v) ? bad(c, "not a number", s) : 0;
}

static int key_i64(struct cursor *c, const char *key, int64_t *v)
{
	const char *s = key_line(c, key);

	if (!s)
		return -1;
	return parse_i64(s, v) ? bad(c, "not a number", s) : 0;
}

static int key_text(struct cursor *c, const char *key, char *out, size_t len)
{
	const char *s = key_line(c, key);

	if (!s)
		return -1;
	if (!*s || strlen(s) >= len)
		return bad(c, "empty or too long", s);
	snprintf(out, len, "%s", s);
	return 0;
}

/* Exactly n numbers separated by one space, nothing after. */
static int numbers(const char *s, uint64_t *v, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		s = scan_u64(s, &v[i]);
		if (!s || (i < n - 1 ? *s != ' ' : *s != '\0'))
			return -1;
		s++;
	}
	return 0;
}

/* The file's version (1 to 3) in *version. */
static int header(struct cursor *c, uint64_t *version)
{
	char *line = next(c), magic[64];

	if (!line)
		return bad(c, "the line '" LEDGER_FILE_MAGIC " 1'", NULL);
	snprintf(magic, sizeof(magic), "%s ", LEDGER_FILE_MAGIC);
	if (strncmp(line, magic, strlen(magic)) ||
	    parse_u64(line + strlen(magic), version))
		return bad(c, "no '" LEDGER_FILE_MAGIC " VERSION' line", line);
	if (!*version || *version > LEDGER_FILE_VERSION) {
		snprintf(c->err, c->errlen, "%s: ledger format version %" PRIu64 ", this zns-stat reads versions 1 to %d: the file is kept as it is (use a zns-stat that reads it)",
			 c->path, *version, LEDGER_FILE_VERSION);
		return -1;
	}
	return 0;
}

/* The last line, "end", and nothing after it. */
static int end_line(struct cursor *c)
{
	char *line = next(c);

	if (!line || strcmp(line, "end"))
		return bad(c, "'end', the last line, expected", line);
	if (*c->p) {		/* say the line that follows, not the end */
		after_end(c);
		return -1;
	}
	return 0;
}

static int fold_lines(struct ledger *l, struct cursor *c)
{
	char inst[sizeof(l->instance)];

	if (key_i64(c, "first_seen", &l->first_seen) ||
	    key_i64(c, "last_seen", &l->last_seen) ||
	    key_u64(c, "folds", &l->folds) || key_u64(c, "restarts", &l->restarts) ||
	    key_text(c, "instance", inst, sizeof(inst)) ||
	    key_u64(c, "generation", &l->generation))
		return -1;
	snprintf(l->instance, sizeof(l->instance), "%s", strcmp(inst, "-") ? inst : "");
	return 0;
}

/*
 * A placement row: "PID RUHID" for rows 0 .. n - 3, then "none -" and
 * "unlisted -", as the module's file has them; totals, then bases.
 */
static int prow_line(struct ledger_prow *lr, char *line, uint32_t r, uint32_t n)
{
	uint64_t v[2 + 2 * LP_NR];
	const char *name = r + 2 == n ? ZNS_PLACEMENT_NONE :
			   r + 1 == n ? ZNS_PLACEMENT_UNLISTED : NULL;
	size_t k;

	if (name) {
		k = strlen(name);
		if (strncmp(line, name, k) || strncmp(line + k, " - ", 3) ||
		    numbers(line + k + 3, v + 2, 2 * LP_NR))
			return -1;
		lr->kind = r + 2 == n ? PROW_NONE : PROW_UNLISTED;
	} else {
		if (numbers(line, v, 2 + 2 * LP_NR) || v[0] > 0xffff || v[1] > 0xffff)
			return -1;
		lr->kind = PROW_PID;
		lr->pid = (uint32_t)v[0];
		lr->ruhid = (uint32_t)v[1];
	}
	memcpy(lr->total, v + 2, sizeof(lr->total));
	memcpy(lr->base, v + 2 + LP_NR, sizeof(lr->base));
	return 0;
}

/* Version 3: a placement namespace's, after its identity and disk. */
static int placement_body(struct ledger *l, struct cursor *c,
			  const char *identity, const char *disk)
{
	struct sbuf want = { 0 };
	char kind[16], *line;
	uint64_t nr;
	uint32_t r;
	int ret = -1;

	if (key_text(c, "kind", kind, sizeof(kind)))
		return -1;
	if (strcmp(kind, "placement"))
		return bad(c, "a kind this zns-stat knows (placement)", kind);
	if (key_u64(c, "nr_rows", &nr))
		return -1;
	if (nr < 2 || nr > PLACEMENT_FILE_MAX_ROWS)
		return bad(c, "a row count out of range", "nr_rows");
	if (ledger_init_placement(l, identity, (uint32_t)nr)) {
		snprintf(c->err, c->errlen, "%s: out of memory", c->path);
		return -1;
	}
	snprintf(l->disk, sizeof(l->disk), "%s", disk);
	if (fold_lines(l, c))
		return -1;
	prow_header(&want);
	line = next(c);
	if (!line || want.oom || strncmp(line, want.s, want.len - 1) || line[want.len - 1]) {
		bad(c, "the placement rows' header", line);
		goto out;
	}
	for (r = 0; r < l->nr_prows; r++) {
		line = next(c);
		if (!line) {
			bad(c, "a placement row", NULL);
			goto out;
		}
		if (prow_line(&l->prows[r], line, r, l->nr_prows)) {
			bad(c, "a placement row expected", line);
			goto out;
		}
	}
	ret = end_line(c);
out:
	sbuf_free(&want);
	return ret;
}

/* Version 1 has no lifecycle counters: they begin at 0, base 0. */
static int body(struct ledger *l, struct cursor *c, uint64_t version)
{
	uint64_t nr, zs, lba, v[3 + 2 * LC_NR], z;
	char identity[sizeof(l->identity)];
	struct sbuf want = { 0 };
	char *line;
	int i, ret = -1;

	if (key_text(c, "identity", identity, sizeof(identity)) ||
	    key_text(c, "disk", l->disk, sizeof(l->disk)))	/* overwritten below */
		return -1;
	if (version == 3) {
		char disk[sizeof(l->disk)];

		snprintf(disk, sizeof(disk), "%s", l->disk);
		return placement_body(l, c, identity, disk);
	}
	if (key_u64(c, "nr_zones", &nr) || key_u64(c, "zone_sectors", &zs) ||
	    key_u64(c, "lba_bytes", &lba))
		return -1;
	if (!nr || nr > (1u << 24))
		return bad(c, "a zone count out of range", "nr_zones");
	{
		char disk[sizeof(l->disk)];

		snprintf(disk, sizeof(disk), "%s", l->disk);
		if (ledger_init(l, identity, nr, zs, lba)) {
			snprintf(c->err, c->errlen, "%s: out of memory", c->path);
			return -1;
		}
		snprintf(l->disk, sizeof(l->disk), "%s", disk);
	}
	if (fold_lines(l, c))
		return -1;
	for (i = 0; i < (version == 1 ? LN_LIFE : LN_NR); i++) {
		size_t n = strlen(ledger_ns_names[i]);

		line = next(c);
		if (!line)
			return bad(c, ledger_ns_names[i], NULL);
		if (strncmp(line, "ns ", 3) || strncmp(line + 3, ledger_ns_names[i], n) ||
		    line[3 + n] != ' ' || numbers(line + 4 + n, v, 2))
			return bad(c, "a namespace counter expected", line);
		l->ns_total[i] = v[0];
		l->ns_base[i] = v[1];
	}
	zone_header(&want);
	line = next(c);
	if (!line || want.oom || strncmp(line, want.s, want.len - 1) || line[want.len - 1])
		goto out_bad_header;
	for (z = 0; z < nr; z++) {
		struct ledger_zone *lz = &l->zones[z];

		line = next(c);
		if (!line) {
			bad(c, "a zone's line", NULL);
			goto out;
		}
		if (numbers(line, v, 3 + 2 * LC_NR) || v[0] != z) {
			bad(c, "a zone's line expected", line);
			goto out;
		}
		memcpy(lz->total, v + 1, sizeof(lz->total));
		lz->fill_min = v[1 + LC_NR];
		lz->fill_max = v[2 + LC_NR];
		memcpy(lz->base, v + 3 + LC_NR, sizeof(lz->base));
	}
	ret = end_line(c);
	goto out;
out_bad_header:
	bad(c, "the zone table's header", line);
out:
	sbuf_free(&want);
	return ret;
}

int ledger_parse(struct ledger *l, char *text, const char *path, char *err,
		 size_t errlen)
{
	struct cursor c = { text, 0, path, err, errlen };
	uint64_t version;

	memset(l, 0, sizeof(*l));
	if (header(&c, &version) || body(l, &c, version)) {
		ledger_free(l);
		return -1;
	}
	return 0;
}

void ledger_path(char *path, size_t len, const char *dir, const char *identity)
{
	size_t n;
	char *p;

	snprintf(path, len, "%s/", dir);
	n = strlen(path);
	snprintf(path + n, len - n, "%s%s", identity, LEDGER_FILE_SUFFIX);
	for (p = path + n; *p; p++)
		if (*p == '/' || *p == ' ' || (unsigned char)*p < 0x20)
			*p = '_';
}

int ledger_load(struct ledger *l, const char *path, char *err, size_t errlen)
{
	char *text = slurp_file(path, NULL);
	int ret;

	if (!text && errno == ENOENT)
		return 1;
	if (!text) {
		snprintf(err, errlen, "%s: %s: the file is kept as it is", path, strerror(errno));
		return -1;
	}
	ret = ledger_parse(l, text, path, err, errlen);
	free(text);
	return ret;
}

int ledger_save(const struct ledger *l, const char *path, char *err,
		size_t errlen)
{
	const char *slash = strrchr(path, '/');
	struct sbuf b = { 0 };
	char tmpl[4200];
	int ret;

	/* hidden, in the same directory: rename() is atomic there */
	if (slash)
		snprintf(tmpl, sizeof(tmpl), "%.*s/.%s.tmpXXXXXX", (int)(slash - path),
			 path, slash + 1);
	else
		snprintf(tmpl, sizeof(tmpl), ".%s.tmpXXXXXX", path);
	ledger_format(&b, l);
	if (b.oom) {
		snprintf(err, errlen, "%s: out of memory", path);
		sbuf_free(&b);
		return -1;
	}
	ret = write_file_atomic_tmp(path, tmpl, b.s, b.len, err, errlen);
	sbuf_free(&b);
	if (!ret)
		ret = sync_parent_dir(path, err, errlen);
	return ret;
}
