// SPDX-License-Identifier: GPL-2.0
/* The default output: per namespace, a table of its zones (libsmartcols). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/view.h"
#include "render/scols_out.h"
#include "source/columns.h"
#include "source/snapshot.h"

/* Every cell of a table, formatted once (layout_cells()). */
struct table_text {
	char *text;	/* per cell: its length, its characters, a NUL */
	size_t len, cap;
	size_t *row;	/* where each zone's row starts in text */
};

/* A title's line is broken before it passes this column, as ledger show's. */
#define TITLE_WIDTH	80

/* "nvme0n2: 8 zones of 1 MiB, 512-byte LBAs; 1 reset of all zones". */
static void table_title(struct sbuf *b, const struct snapshot *s)
{
	uint64_t zs = 0, lba = 0, v;
	char size[32], phrase[64];
	size_t col = b->len;
	int i, first = 1;

	sbuf_printf(b, "%s: %llu zones", s->disk, (unsigned long long)s->nr_zones);
	if (!snapshot_summary_u64(s, "zone_sectors", &zs)) {
		fmt_bytes(size, sizeof(size), zs * 512.0);
		sbuf_printf(b, " of %s", size);
	}
	if (!snapshot_summary_u64(s, "lba_bytes", &lba))
		sbuf_printf(b, ", %llu-byte LBAs", (unsigned long long)lba);
	/* the namespace-wide counters of the interface, where not 0 */
	for (i = 0; i < ZNS_DC_NR; i++) {
		const char *key = zns_disk_counter_names[i];

		if (snapshot_summary_u64(s, key, &v) || !v)
			continue;
		disk_counter_phrase(phrase, sizeof(phrase), key, v);
		if (b->len - col + 2 + strlen(phrase) > TITLE_WIDTH) {
			sbuf_printf(b, "%s\n  ", first ? ";" : ",");
			col = b->len - 2;
		} else {
			sbuf_printf(b, "%s", first ? "; " : ", ");
		}
		sbuf_printf(b, "%s", phrase);
		first = 0;
	}
	sbuf_printf(b, "\n");
}

static void add(struct table_col *t, int *n, const struct snapshot *s, int col,
		int count)
{
	const char *c = s->columns[col];

	t[*n].unit = AS_IS;
	if (count < 0)
		snprintf(t[*n].name, sizeof(t[*n].name), "%s", c);
	else	/* read_lat_sum_ns -> read_lat, its mean with its unit: "10µs" */
		snprintf(t[*n].name, sizeof(t[*n].name), "%.*s_lat",
			 (int)(strstr(c, "_lat_") - c), c);
	t[*n].col = col;
	/* -2: a host_written_sectors never known (no host_written_known) */
	t[*n].known = count >= 0 || strcmp(c, "host_written_sectors") ? -1 :
		      snapshot_column(s, "host_written_known") >= 0 ?
		      snapshot_column(s, "host_written_known") : -2;
	t[*n].text = count < 0 && (!strcmp(c, COL_COND) || !strcmp(c, COL_HOST_COND) ||
				   !strcmp(c, COL_OWNER) || column_is_status(c));
	t[(*n)++].count = count;
}

/*
 * The compact table in the units people read: data in bytes (read_sectors
 * becomes read_bytes, "8KiB": no 8x trap on a 4 KiB-LBA drive), zone
 * start, write pointer and capacity in hex 512-byte sectors, the numbers
 * blkzone prints.
 */
static void humanize(struct table_col *t)
{
	size_t n = strlen(t->name);

	if (t->count >= 0)
		return;
	if (!strcmp(t->name, "start") || !strcmp(t->name, COL_WPTR) ||
	    !strcmp(t->name, COL_CAP)) {
		t->unit = AS_HEX;
	} else if (column_unit(t->name) == UNIT_SECTORS) {
		t->unit = AS_BYTES;
		snprintf(t->name + n - 8, sizeof(t->name) - (n - 8), "_bytes");
	}
}

/* Lifecycle columns a compact table leaves to -w: "zns-stat lifecycle". */
static int compact_hides(const char *c)
{
	return !strcmp(c, "host_written_known") || !strcmp(c, "host_cond_time_ns") ||
	       !strcmp(c, "fill_min_sectors") || !strcmp(c, "fill_max_sectors") ||
	       !strcmp(c, "fill_sum_sectors") || !strcmp(c, "queue_wait_sum_ns") ||
	       !strcmp(c, COL_OWNER) || !strcmp(c, "root_written_sectors");
}

/* table_columns()'s compact set and, last, the columns it hides: what --columns picks from */
#define TABLE_CHOOSABLE	2

/*
 * Compact: each operation's mean latency after its count (and sectors);
 * the host's view of the zone (host_cond, host_written_sectors) beside the
 * device's (cond, wptr, cap). wide 1: every column as the module prints it.
 */
static int table_columns(const struct snapshot *s, int wide, struct table_col *t)
{
	int host_cond = snapshot_column(s, COL_HOST_COND);
	int host_written = snapshot_column(s, "host_written_sectors");
	int beside = snapshot_column(s, COL_CAP);
	struct op_group g[MAX_OP_GROUPS];
	const struct op_group *grp;
	int i, n = 0, count, ng;

	if (beside < 0)
		beside = snapshot_column(s, "start");
	ng = op_groups((const char * const *)s->columns, s->nr_columns, g, MAX_OP_GROUPS);
	for (i = 0; i < s->nr_columns; i++) {
		if (wide == 1) {
			add(t, &n, s, i, -1);
			continue;
		}
		if (strstr(s->columns[i], "_lat_") || compact_hides(s->columns[i]) ||
		    i == host_cond || i == host_written)
			continue;
		add(t, &n, s, i, -1);
		if (i == beside && host_cond >= 0 && host_written >= 0) {
			add(t, &n, s, host_cond, -1);
			add(t, &n, s, host_written, -1);
		}
		grp = op_group_of(g, ng, i);
		if (!grp || grp->count != i)
			continue;
		count = i;
		if (grp->sectors == i + 1)	/* the count, its data, its latency */
			add(t, &n, s, ++i, -1);
		add(t, &n, s, grp->lat_sum, count);
	}
	for (i = 0; wide == TABLE_CHOOSABLE && i < s->nr_columns; i++)
		if (compact_hides(s->columns[i]))
			add(t, &n, s, i, -1);
	for (i = 0; wide != 1 && i < n; i++)
		humanize(&t[i]);
	return n;
}

/* A one-character cell ("-", "0"): not worth a snprintf in every row. */
static int char_cell(char c, char *out, int outlen)
{
	if (outlen < 2)
		return 0;
	out[0] = c;
	out[1] = '\0';
	return 1;
}

/* One word a cell: "8KiB", as lsblk and iostat -h print sizes; "0" for none. */
static void bytes_cell(uint64_t sectors, char *out, int outlen)
{
	fmt_bytes_cell(out, outlen, sectors * 512.0);
}

int table_cell(const struct snapshot *s, const struct table_col *t,
	       uint64_t zone, char *out, int outlen)
{
	const uint64_t *row = snapshot_row(s, zone);
	uint64_t n, v = row[t->col];
	int len;

	if (t->count >= 0) {
		n = row[t->count];
		if (!n)
			return char_cell('-', out, outlen);
		if (t->unit == AS_US) {	/* --columns read_lat_us, as before */
			len = fmt_fixed(out, outlen, v / 1e3 / n, 1);
			return len < outlen ? len : (int)strlen(out);
		}
		/* the mean latency, one word with its unit */
		fmt_ns_cell(out, outlen, (double)v / n);
		return strlen(out);
	}
	if (t->known == -2 || (t->known >= 0 && !row[t->known]))
		return char_cell('-', out, outlen);	/* not known */
	if (t->unit == AS_HEX)
		return fmt_hex(out, outlen, v);
	if (t->unit == AS_BYTES)
		bytes_cell(v, out, outlen);
	else if (t->text)
		view_cell_human(s, zone, t->col, out, outlen);
	else
		return fmt_u64(out, outlen, v);
	return strlen(out);
}

/*
 * What a table that must fit a terminal keeps first: which zones are busy
 * (every command count, so that no zone with activity shows a row of
 * zeros), any errors, the data, how slow; then the zone state; then the
 * rest in table order (the way iostat, lsblk and blkzone keep a line short).
 */
static int column_rank(const char *name)
{
	static const char * const first[] = {
		"zone", "start", "reads", "writes", "appends", "resets", "finishes",
		"opens", "closes", "errors", "top_zone_error", "write_bytes",
		"read_bytes", "append_bytes", "write_lat", "read_lat",
		"append_lat", "reset_lat", COL_COND, COL_HOST_COND,
	};
	int i, n = sizeof(first) / sizeof(first[0]);

	for (i = 0; i < n; i++)
		if (!strcmp(name, first[i]))
			return i;
	/* a command count a newer module adds (flushes): with the counts */
	if (*name && column_kind(name) == COL_COUNTER && !column_unit(name) &&
	    !strstr(name, "_bytes") && !strstr(name, "_lat"))
		return column_rank("closes");
	return n;
}

/*
 * Keep the columns (by rank, then table order) that fit in max characters;
 * returns how many were left out. keep[i] says whether column i stays. A
 * column with nothing in the zones shown (all 0 or -) ranks last.
 */
static int fit_columns(const struct table_col *t, const int *width,
		       const int *idle, int nt, int max, int *keep)
{
	int used = 0, left = 0, rank, i, last = column_rank("") + 2, r;

	for (i = 0; i < nt; i++)
		keep[i] = 0;
	for (rank = 0; rank < last; rank++) {
		for (i = 0; i < nt; i++) {
			r = idle[i] ? last - 1 : column_rank(t[i].name);
			if (keep[i] || r != rank)
				continue;
			/* one too wide is left out; a narrower one after it may fit */
			if (used + width[i] + !!used > max)
				continue;
			used += width[i] + !!used;
			keep[i] = 1;
		}
	}
	for (i = 0; i < nt; i++)
		left += !keep[i];
	return left;
}

/* Room in txt for a row of nt cells of up to 31 characters; -1: none. */
static int text_room(struct table_text *txt, int nt)
{
	size_t need = txt->len + (size_t)nt * 33, cap = txt->cap ? txt->cap : 1 << 16;
	char *p;

	if (need <= txt->cap)
		return 0;
	while (cap < need)
		cap *= 2;
	p = realloc(txt->text, cap);
	if (!p)
		return -1;
	txt->text = p;
	txt->cap = cap;
	return 0;
}

/* A cell kept for the rows: its length (< 32), its characters, a NUL. */
static void text_put(struct table_text *txt, const char *cell, size_t len)
{
	txt->text[txt->len] = (char)len;
	memcpy(txt->text + txt->len + 1, cell, len + 1);
	txt->len += len + 2;
}

static void table_text_free(struct table_text *txt)
{
	free(txt->text);
	free(txt->row);
	memset(txt, 0, sizeof(*txt));
}

/*
 * Every cell formatted once, row after row: its width and whether the
 * column shows anything, and, with txt, the cell kept for printing (65536
 * zones: formatting twice was a third of --all). Without memory for them
 * txt stays empty and the rows are formatted again.
 */
static void layout_cells(const struct snapshot *s, const uint64_t *zones,
			 uint64_t nr, struct table_col *all, int nt, int *width,
			 int *idle, struct table_text *txt)
{
	uint64_t k;
	size_t len;
	char cell[32];
	int i;

	if (txt) {
		memset(txt, 0, sizeof(*txt));
		txt->row = nr ? malloc(nr * sizeof(*txt->row)) : NULL;
		if (!txt->row)
			txt = NULL;
	}
	for (k = 0; k < nr; k++) {
		if (txt && text_room(txt, nt)) {
			table_text_free(txt);
			txt = NULL;
		}
		if (txt)
			txt->row[k] = txt->len;
		for (i = 0; i < nt; i++) {
			len = table_cell(s, &all[i], zones[k], cell, sizeof(cell));
			if (cell_width(cell, len) > width[i])
				width[i] = cell_width(cell, len);
			if (idle[i] && strcmp(cell, "0") && strcmp(cell, "-"))
				idle[i] = 0;
			if (txt)
				text_put(txt, cell, len);
		}
	}
}

static int layout(const struct snapshot *s, const uint64_t *zones,
		  uint64_t nr, int wide, int max_width, struct table_col *t,
		  int *left, struct table_text *txt)
{
	struct table_col all[SNAPSHOT_MAX_COLUMNS];
	int width[SNAPSHOT_MAX_COLUMNS], keep[SNAPSHOT_MAX_COLUMNS];
	int idle[SNAPSHOT_MAX_COLUMNS];
	int i, n, nt = table_columns(s, wide, all);

	for (i = 0; i < nt; i++) {
		width[i] = strlen(all[i].name);
		/* the zone's identity is never idle */
		idle[i] = strcmp(all[i].name, "zone") && strcmp(all[i].name, "start");
		all[i].cell = i;
		keep[i] = 1;
	}
	layout_cells(s, zones, nr, all, nt, width, idle, txt);
	for (i = 0; i < nt; i++)
		all[i].width = width[i];
	*left = max_width > 0 && !wide ?
		fit_columns(all, width, idle, nt, max_width, keep) : 0;
	for (i = 0, n = 0; i < nt; i++)
		if (keep[i])
			t[n++] = all[i];
	return n;
}

int table_layout(const struct snapshot *s, const uint64_t *zones, uint64_t nr,
		 int wide, int max_width, struct table_col *t, int *left)
{
	return layout(s, zones, nr, wide, max_width, t, left, NULL);
}

/*
 * The name a mean latency had (read_lat_us, microseconds with one decimal):
 * scripts that name it with --columns get that, not the unit-bearing cell.
 */
static int old_latency(const struct table_col *all, int nt, const char *tok,
		       struct table_col *t)
{
	size_t len = strlen(tok);
	int i;

	if (len < 4 || strcmp(tok + len - 3, "_us"))
		return 0;
	for (i = 0; i < nt; i++) {
		if (all[i].count < 0 || strlen(all[i].name) != len - 3 ||
		    strncmp(all[i].name, tok, len - 3))
			continue;
		*t = all[i];
		snprintf(t->name, sizeof(t->name), "%s", tok);
		t->unit = AS_US;
		t->width = len;
		return 1;
	}
	return 0;
}

/* The --columns list's columns, in its order; -1 with the name not there in bad. */
static int chosen_columns(const struct snapshot *s, const uint64_t *zones,
			  uint64_t nr, const char *list, struct table_col *t,
			  char *bad, size_t badlen, struct table_text *txt)
{
	struct table_col all[SNAPSHOT_MAX_COLUMNS];
	char copy[1024], *tok, *save;
	int nt, n = 0, i, left;

	nt = layout(s, zones, nr, TABLE_CHOOSABLE, 0, all, &left, txt);
	snprintf(copy, sizeof(copy), "%s", list);
	for (tok = strtok_r(copy, ",", &save); tok && n < SNAPSHOT_MAX_COLUMNS;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < nt && strcmp(all[i].name, tok); i++)
			;
		if (i == nt && old_latency(all, nt, tok, &t[n])) {
			n++;	/* a script's read_lat_us: its number, as before */
			continue;
		}
		if (i == nt) {
			snprintf(bad, badlen, "%s", tok);
			return -1;
		}
		t[n++] = all[i];
	}
	return n;
}

/* Zones a libsmartcols table holds at once (scols_out_part_new()). */
#define TABLE_PART	512

/* Row k's cells of t, as layout_cells() kept them or formatted now. */
static void row_cells(const struct snapshot *s, const uint64_t *zones,
		      uint64_t k, const struct table_col *t, int nt,
		      const struct table_text *txt, const char **cells,
		      char (*cell)[32])
{
	const char *p, *kept[SNAPSHOT_MAX_COLUMNS];
	int i, j;

	if (!txt->text) {
		for (i = 0; i < nt; i++) {
			table_cell(s, &t[i], zones[k], cell[i], sizeof(cell[i]));
			cells[i] = cell[i];
		}
		return;
	}
	p = txt->text + txt->row[k];
	for (i = 0, j = 0; i < nt; i++) {
		for (; j <= t[i].cell; j++, p += (unsigned char)*p + 2)
			kept[j] = p + 1;
		cells[i] = kept[t[i].cell];
		if (t[i].unit == AS_US) {	/* old_latency(): not the kept "10µs" */
			table_cell(s, &t[i], zones[k], cell[i], sizeof(cell[i]));
			cells[i] = cell[i];
		}
	}
}

/*
 * Rows from..to, through the library (tb) or, with tb NULL, written at
 * the confirmed widths (scols_out_fast_row()); -1 when that cannot be.
 */
static int table_rows(struct sbuf *b, struct libscols_table *tb,
		      const struct snapshot *s, const uint64_t *zones,
		      uint64_t from, uint64_t to, const struct table_col *t,
		      int nt, const int *width, const struct table_text *txt)
{
	const char *cells[SNAPSHOT_MAX_COLUMNS];
	char cell[SNAPSHOT_MAX_COLUMNS][32];
	uint64_t k;

	for (k = from; k < to; k++) {
		row_cells(s, zones, k, t, nt, txt, cells, cell);
		if (!tb && scols_out_fast_row(b, cells, width, nt))
			return -1;
		if (tb && scols_out_row(tb, cells, nt))
			b->oom = 1;
	}
	return 0;
}

/*
 * The zones as a libsmartcols table: every cell right-aligned, --raw
 * without alignment. Which columns fit the terminal is chosen before
 * (table_layout: by what matters most). Many zones go in parts of the
 * table's widths; whole if the library does not keep them.
 */
static void print_table(struct sbuf *b, const struct snapshot *s,
			const uint64_t *zones, uint64_t nr,
			const struct table_col *t, int nt, int raw,
			const struct table_text *txt)
{
	const char *names[SNAPSHOT_MAX_COLUMNS];
	int right[SNAPSHOT_MAX_COLUMNS], width[SNAPSHOT_MAX_COLUMNS], i;
	struct libscols_table *tb;
	size_t start = b->len;
	uint64_t part, to;

	for (i = 0; i < nt; i++) {
		names[i] = t[i].name;
		right[i] = 1;	/* numbers, and names beside them, as before */
		width[i] = t[i].width;
	}
	for (part = 0; nr > TABLE_PART && part < nr; part = to) {
		to = nr - part > TABLE_PART ? part + TABLE_PART : nr;
		if (part && !raw) {	/* the widths are the first part's */
			if (!table_rows(b, NULL, s, zones, part, to, t, nt,
					width, txt))
				continue;
		} else {
			tb = scols_out_part_new(names, right, width, nt, raw,
						!part);
			if (tb)
				table_rows(b, tb, s, zones, part, to, t, nt,
					   width, txt);
			if (!b->oom &&
			    scols_out_print_part(b, tb, width, nt, raw) == 0)
				continue;
		}
		b->len = start;	/* the whole table, then */
		if (b->s)
			b->s[start] = '\0';
		break;
	}
	if (part >= nr && nr > TABLE_PART)
		return;
	tb = scols_out_new(names, right, nt, raw);
	if (tb)
		table_rows(b, tb, s, zones, 0, nr, t, nt, width, txt);
	scols_out_print(b, tb, "");
}

/* What the zones left out are: with --all, any zone, not only busy ones. */
static const char *zones_word(uint64_t n, int all)
{
	if (all)
		return plural(n, "zone", "zones");
	return plural(n, "zone with activity", "zones with activity");
}

static void table_one(struct sbuf *b, const struct snapshot *s,
		      const struct view_opts *o)
{
	struct table_col t[SNAPSHOT_MAX_COLUMNS];
	struct table_text txt;
	uint64_t *zones, nr, omitted;
	int nt, left = 0;
	char bad[64];

	if (!o->raw)
		table_title(b, s);
	zones = view_zones(s, o, &nr, &omitted);
	if (!nr && omitted) {
		/* --raw: rows only, as with no activity (no note for a script) */
		if (!o->raw)
			sbuf_printf(b, "(%llu %s not shown: --max-zones)\n",
				    (unsigned long long)omitted, zones_word(omitted, o->all));
		free(zones);
		return;
	}
	if (!nr) {
		if (!o->raw)
			sbuf_printf(b, "(no zone activity; --all shows every zone)\n");
		free(zones);
		return;
	}
	if (o->columns)	/* checked before: table_check_columns() */
		nt = chosen_columns(s, zones, nr, o->columns, t, bad, sizeof(bad),
				    &txt);
	else
		nt = layout(s, zones, nr, o->wide, o->raw ? 0 : o->width, t,
			    &left, &txt);
	if (nt > 0)
		print_table(b, s, zones, nr, t, nt, o->raw, &txt);
	table_text_free(&txt);
	if (omitted && !o->raw)
		sbuf_printf(b, "(%llu more %s not shown: --max-zones)\n",
			    (unsigned long long)omitted, zones_word(omitted, o->all));
	if (left)
		sbuf_printf(b, "(%d more %s to fit %d characters: --columns COL,... or a pipe shows them)\n",
			    left, plural(left, "column", "columns"), o->width);
	free(zones);
}

int table_check_columns(const struct snapshot *s, const char *list,
			char *err, size_t errlen)
{
	struct table_col t[SNAPSHOT_MAX_COLUMNS];
	char bad[64];

	if (chosen_columns(s, NULL, 0, list, t, bad, sizeof(bad), NULL) > 0)
		return 0;
	snprintf(err, errlen, "%s has no column '%.63s' (zns-stat --list-columns %s)",
		 s->disk, bad, s->disk);
	return -1;
}

/*
 * What a column of the table holds, in the table's words: column_help() is
 * the Prometheus export's HELP (labels, sectors as bytes), said here as the
 * table shows it.
 */
static const char *table_help(const char *name, const char *col)
{
	static const struct {
		const char *name, *help;
	} words[] = {
		{ "top_zone_error", "Most frequent ZNS status of the zone's errors, recent ones weighing more, by name (none: no error; detail gives the codes)." },
		{ "owner_cgroup", "The cgroup whose data the zone holds since its last reset: its path; none (not written since), mixed (two or more cgroups), unattributed (passthrough), other (the module's cgroup table was full); the id when no cgroup2 directory has it now." },
		{ "root_written_bytes", "Data the root cgroup wrote (kernel threads: filesystem GC and relocation, uncharged writeback)." },
		{ "host_written_bytes", "Data written since the last reset, as the host's commands say (- while unknown)." },
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(words[i].name, name))
			return words[i].help;
	return column_help(col);
}

void output_table_columns(struct sbuf *b, const struct snapshot *s)
{
	struct table_col all[SNAPSHOT_MAX_COLUMNS];
	const char *help;
	int nt, i, left;

	/* every column --columns can name, with what it holds */
	nt = table_layout(s, NULL, 0, TABLE_CHOOSABLE, 0, all, &left);
	for (i = 0; i < nt; i++) {
		help = all[i].count >= 0 ? "Mean latency of the operation's successful commands, with its unit (10µs; --columns OP_lat_us: microseconds, a number)." :
		       table_help(all[i].name, s->columns[all[i].col]);
		sbuf_printf(b, "%20s  %s\n", all[i].name, help ? help : "");
	}
}

/*
 * --raw: the disk first on every line, as lsblk -r has NAME, and one header
 * while the columns stay the same (a namespace with others starts a new
 * block after an empty line, as CSV does).
 */
static void output_raw(struct sbuf *b, struct snapshot *snaps, int n,
		       const struct view_opts *o)
{
	struct sbuf one = { 0 };
	char *head = NULL, *line, *nl;
	int i;

	for (i = 0; i < n; i++) {
		one.len = 0;
		if (one.s)
			one.s[0] = '\0';
		table_one(&one, &snaps[i], o);
		b->oom |= one.oom;
		if (!one.len)
			continue;
		nl = strchr(one.s, '\n');
		if (nl)
			*nl = '\0';
		if (!head || strcmp(head, one.s)) {
			sbuf_printf(b, "%sdisk %s\n", head ? "\n" : "", one.s);
			free(head);
			head = strdup(one.s);
		}
		for (line = nl ? nl + 1 : NULL; line && *line; line = nl + 1) {
			nl = strchr(line, '\n');
			if (!nl)
				break;
			sbuf_printf(b, "%s %.*s\n", snaps[i].disk, (int)(nl - line), line);
		}
	}
	free(head);
	sbuf_free(&one);
}

void output_table(struct sbuf *b, struct snapshot *snaps, int n,
		  const struct view_opts *o)
{
	int i;

	if (o->raw) {
		output_raw(b, snaps, n, o);
		return;
	}
	for (i = 0; i < n; i++) {
		if (i)
			sbuf_printf(b, "\n");
		table_one(b, &snaps[i], o);
	}
}
