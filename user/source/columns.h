/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a column is, judged by its name, so that columns a newer module adds
 * are handled without a new tool: counters (differences make sense), extrema
 * (*_min_*, *_max_*: they do not), levels and codes (memory_bytes,
 * top_zone_error: neither), zone identity and zone state.
 */
#ifndef ZNS_STAT_COLUMNS_H
#define ZNS_STAT_COLUMNS_H

#include <stdint.h>

enum column_kind {
	COL_ID,		/* zone, start */
	COL_STATE,	/* cond, wptr, cap (zone report), host_*: not counters */
	COL_EXTREMUM,	/* a minimum or maximum, e.g. reset_lat_min_ns */
	COL_GAUGE,	/* a level or a code, not a count: *_bytes, *_size, top_* */
	COL_COUNTER,	/* everything else counts up from 0 */
};

/* The zone state columns zonereport.c adds (after "start"). */
#define COL_COND	"cond"
#define COL_WPTR	"wptr"
#define COL_CAP		"cap"
/* The module's view of the condition: named like cond, 0 is "unknown". */
#define COL_HOST_COND	"host_cond"
#define COL_OWNER	"owner_cgroup"	/* a cgroup id or ZNS_OWNER_ID_*: a name for people */

enum column_kind column_kind(const char *name);
/*
 * What a "summary" key is (include/zns_stat.h: zns_summary_keys, then the
 * disk counters, then the totals named like columns): ZNS_KEY_COUNTER,
 * ZNS_KEY_STATE or ZNS_KEY_EXTREMUM. A value that is not a number is a state.
 */
int summary_key_kind(const char *key, const char *value);
/*
 * A status code (SCT << 8 | SC, or include/zns_stat.h's codes beyond) as the
 * "errors" file names it: "zone_invalid_write"; "none" for 0; "other 0x6" for a
 * code it does not name.
 */
const char *status_name(uint64_t code, char *buf, int buflen);
/*
 * The same name alone, for machine output, where the code has a field of
 * its own: "zone_invalid_write", "other", "block_status"; "none" for 0.
 */
const char *status_key(uint64_t code);
/*
 * Columns that hold a status code: shown by name everywhere; machine
 * formats add the code as COLUMN_code (CSV, JSON) or a label (Prometheus).
 */
int column_is_status(const char *name);
/* One line describing a column, for Prometheus HELP; generic if unknown. */
const char *column_help(const char *name);
/* Condition name as blkzone would say it ("empty", "full", ...). */
const char *zone_cond_name(uint64_t cond);
/* 1 if the column holds 512-byte sectors, 2 if nanoseconds, 0 otherwise. */
int column_unit(const char *name);
#define UNIT_SECTORS	1
#define UNIT_NS		2

/*
 * Latency columns pair with their command count: "reset_lat_sum_ns" with
 * "resets", "finish_lat_sum_ns" with "finishes", "write_zeroes_lat_sum_ns"
 * with "write_zeroes" (a plural already). Writes the count column's name to
 * out; -1 if name is not a "<op>_lat_sum_ns" column.
 */
int latency_count_column(const char *name, char *out, int outlen);

/*
 * One operation's columns, by index into a column list (-1: not there):
 * "resets", "reset_lat_sum_ns", "reset_lat_min_ns", "reset_lat_max_ns" and,
 * for data operations, "<count>" + "_sectors" ("reads", "read_sectors").
 * Every rule about which columns belong together lives in op_groups(), so
 * the outputs, the table fitting and new columns are taught once.
 */
struct op_group {
	char op[32];		/* "reset", "write_zeroes" */
	int count, sectors, lat_sum, lat_min, lat_max;
};

#define MAX_OP_GROUPS	32

/* The groups of columns (one per "<op>_lat_sum_ns" with its count), in column order. */
int op_groups(const char * const *columns, int nr, struct op_group *g, int max);
/* The group whose count, sectors or latency column is col; NULL if none. */
const struct op_group *op_group_of(const struct op_group *g, int n, int col);

#endif
