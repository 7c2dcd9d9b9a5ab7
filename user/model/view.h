/* SPDX-License-Identifier: GPL-2.0 */
/* Which zones an output shows, and the outputs of one set of snapshots. */
#ifndef ZNS_STAT_VIEW_H
#define ZNS_STAT_VIEW_H

#include <stdint.h>

#include "lib/sbuf.h"

struct snapshot;

struct view_opts {
	int all;		/* every zone, not only zones with activity */
	long max_zones;		/* at most this many zones (busiest), -1: no limit */
	int wide;		/* table: every column, latencies not as means */
	int width;		/* table: fit this many characters (0: no limit) */
	int raw;		/* table: no title, no alignment (--raw) */
	const char *columns;	/* table: these columns, comma-separated (--columns) */
};

/*
 * The zones to show, in zone order: active (or all), at most max_zones of
 * them, the busiest first chosen. *omitted: eligible zones left out.
 * Returns a malloc'ed array (NULL when nothing is shown: *nr = 0).
 */
uint64_t *view_zones(const struct snapshot *s, const struct view_opts *o,
		     uint64_t *nr, uint64_t *omitted);
/* How many zones view_zones() would leave out (none chosen, nothing sorted). */
uint64_t view_omitted(const struct snapshot *s, const struct view_opts *o);
/* Ranking of zones by activity: data moved, then commands. 1 if a is busier. */
int zone_busier(const struct snapshot *s, uint64_t a, uint64_t b);
/* A zone and its busy key (sectors moved, commands), for other tables of zones. */
struct zone_busy {
	uint64_t zone, data, cmds;
};
/* The n busiest of b[nr] (sorted in place) into zones[], in zone order. */
void zones_busiest(struct zone_busy *b, uint64_t nr, uint64_t n,
		   uint64_t *zones);

/* Text of one cell for machines (CSV, JSON): cond and a status by name. */
void view_cell(const struct snapshot *s, uint64_t zone, int col, char *out,
	       int outlen);
/* The same for people (tables, the report): a status by name. */
void view_cell_human(const struct snapshot *s, uint64_t zone, int col,
		     char *out, int outlen);

void output_table(struct sbuf *b, struct snapshot *snaps, int n,
		  const struct view_opts *o);
/* 0 when every column of list (--columns) is one of the table's for s; else -1, err. */
int table_check_columns(const struct snapshot *s, const char *list,
			char *err, size_t errlen);
/* The table's columns for this namespace, one a line with what it holds (--list-columns). */
void output_table_columns(struct sbuf *b, const struct snapshot *s);

/*
 * A column of the table for people: a column of the snapshot in people's
 * units (data in bytes, zone positions in hex), or (unless wide) the mean
 * of a latency, "<op>_lat_sum_ns" / its count, in place of its min/max/sum
 * columns, which would make the table three times as wide.
 */
struct table_col {
	char name[64];
	int col;	/* the value, or the latency sum */
	int count;	/* >= 0: show col / count, a mean latency ("10µs") */
	enum { AS_IS, AS_BYTES, AS_HEX, AS_US } unit;	/* AS_US: "10.0", µs */
	int width;	/* of its name and cells, for the zones laid out */
	/* resolved once by table_layout(), not by name in every cell: */
	int known;	/* >= 0: the column saying whether col is known (host_written_known); -2: none, never known; -1: always */
	int text;	/* col holds codes shown by name (cond, top_zone_error) */
	int cell;	/* its place among the laid-out columns of a row */
};

/*
 * The columns the table shows for these zones, fitted into max_width
 * characters (0: no limit; wide: every column as the module prints it);
 * *left: how many did not fit. The report uses the same table.
 */
int table_layout(const struct snapshot *s, const uint64_t *zones, uint64_t nr,
		 int wide, int max_width, struct table_col *t, int *left);
/* A cell as the table shows it; returns its length. */
int table_cell(const struct snapshot *s, const struct table_col *t,
	       uint64_t zone, char *out, int outlen);
void output_csv(struct sbuf *b, struct snapshot *snaps, int n,
		const struct view_opts *o);
void output_json(struct sbuf *b, struct snapshot *snaps, int n,
		 const struct view_opts *o);
void output_prom(struct sbuf *b, struct snapshot *snaps, int n,
		 const struct view_opts *o);
/* Its two parts: the per-zone series (and zns_zones_omitted), the per-namespace ones. */
void output_prom_zones(struct sbuf *b, struct snapshot *snaps, int n,
		       const struct view_opts *o);
void output_prom_disks(struct sbuf *b, struct snapshot *snaps, int n);
/*
 * The per-zone series' limit said in one line (no newline) into b, as the
 * table says it: the namespaces it left zones out of and how many; nothing
 * when it left none out.
 */
void output_prom_left_out(struct sbuf *b, const struct snapshot *snaps, int n,
			  const struct view_opts *o);

/* RFC 3339 local time with offset, "2024-05-01T12:00:00+02:00". */
void fmt_time(char *out, int outlen, double epoch);

#endif
