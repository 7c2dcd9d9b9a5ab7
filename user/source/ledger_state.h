/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A namespace's ledger: each zone's lifetime totals and the module's
 * counters they were last folded from (model/ledger_fold.h folds, and
 * source/ledger_file.h keeps it in a file); of a namespace with Flexible
 * Data Placement, each row of its "placement" file's instead (placement).
 */
#ifndef ZNS_STAT_LEDGER_STATE_H
#define ZNS_STAT_LEDGER_STATE_H

#include <stdint.h>

#include "../../include/zns_stat.h"

/* The zones columns a ledger sums: counters of the module's "zones". */
enum ledger_counter {
	LC_READS, LC_READ_SECTORS, LC_WRITES, LC_WRITE_SECTORS,
	LC_APPENDS, LC_APPEND_SECTORS, LC_WRITE_ZEROES, LC_WRITE_ZEROES_SECTORS,
	LC_RESETS, LC_FINISHES, LC_OPENS, LC_CLOSES, LC_ERRORS,
	LC_FILL_RESETS, LC_FILL_SUM_SECTORS,
	LC_NR
};
extern const char * const ledger_counter_names[LC_NR];

/*
 * Namespace-wide counters a ledger sums: those of "summary", then the
 * counters of "lifecycle" (LN_LIFE on; its gauges and peaks are no totals).
 */
enum ledger_ns_counter {
	LN_RESET_ALL, LN_FINISH_ALL, LN_OPEN_ALL, LN_CLOSE_ALL,
	LN_SELECT_ALL_ERRORS, LN_DROPPED,
	LN_LIFE,
	LN_OPEN_LIMIT_TIME_NS = LN_LIFE, LN_ACTIVE_LIMIT_TIME_NS,
	LN_OPENS_OVER_LIMIT, LN_OPENS_MAYBE_OVER_LIMIT,
	LN_TOO_MANY_OPEN_ERRORS, LN_TOO_MANY_ACTIVE_ERRORS,
	LN_RESETS_FILL_UNKNOWN, LN_RESETS_FILL_FRACTION_UNKNOWN,
	LN_RESETS_SELECT_ALL_UNKNOWN,
	LN_RESETS_FILL_0PCT,	/* .. 100pct */
	LN_RECLAIMED_SECTORS = LN_RESETS_FILL_0PCT + ZNS_FILL_BUCKETS,
	LN_FINISHES_WASTE_KNOWN, LN_FINISHES_WASTE_UNKNOWN,
	LN_FINISH_WASTE_SECTORS, LN_TIME_TO_FULL_SUM_NS, LN_TIME_OPEN_SUM_NS,
	LN_NR
};
extern const char * const ledger_ns_names[LN_NR];

struct ledger_zone {
	uint64_t total[LC_NR];	/* lifetime */
	uint64_t base[LC_NR];	/* the module's value at the last fold */
	/* fill at reset, of every reset with a known fill (total[LC_FILL_RESETS]) */
	uint64_t fill_min, fill_max;
};

/* The "placement" columns a placement namespace's ledger sums, per row. */
enum ledger_placement_counter {
	LP_WRITES, LP_WRITE_SECTORS, LP_ERRORS,
	LP_NR
};
extern const char * const ledger_placement_names[LP_NR];

/* A row of "placement" (source/placement_file.h): a placement ID, none, unlisted. */
struct ledger_prow {
	int kind;		/* enum placement_row_kind */
	uint32_t pid, ruhid;	/* PROW_PID only */
	uint64_t total[LP_NR];	/* lifetime */
	uint64_t base[LP_NR];	/* the module's value at the last fold */
};

struct ledger {
	char identity[160];	/* source/ns_identity.h */
	char disk[64];		/* the name it had when last folded */
	uint64_t nr_zones, zone_sectors, lba_bytes;
	int64_t first_seen, last_seen;	/* seconds since 1970; 0: never folded */
	uint64_t folds, restarts;	/* readings folded; of them, new bases */
	char instance[24];	/* the module's, as last folded ("" : none yet) */
	uint64_t generation;
	uint64_t ns_total[LN_NR], ns_base[LN_NR];
	struct ledger_zone *zones;	/* nr_zones */
	/*
	 * A placement namespace's ledger: no zones (nr_zones, zone_sectors and
	 * lba_bytes 0, no namespace counters), its rows instead; the rows'
	 * list (their kinds, IDs and handles, in order) is its geometry.
	 */
	int placement;
	uint32_t nr_prows;
	struct ledger_prow *prows;	/* nr_prows */
};

/* An empty ledger of this geometry; -1 out of memory. */
int ledger_init(struct ledger *l, const char *identity, uint64_t nr_zones,
		uint64_t zone_sectors, uint64_t lba_bytes);
/*
 * An empty placement ledger of nr_rows rows (their kinds and IDs the
 * caller's to set, totals and bases 0); -1 out of memory.
 */
int ledger_init_placement(struct ledger *l, const char *identity,
			  uint32_t nr_rows);
void ledger_free(struct ledger *l);

#endif
