/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ledger's fold rule: while the module's instance and generation are
 * the ones last folded and no counter went backwards, add what grew since
 * the base; otherwise the counters started over (a reload, a clear, a new
 * table), so everything they hold now happened since: add it whole and
 * make it the new base. Nothing is counted twice; what happened between
 * the last fold and a restart is lost.
 */
#ifndef ZNS_STAT_LEDGER_FOLD_H
#define ZNS_STAT_LEDGER_FOLD_H

#include <stdint.h>

#include "source/ledger_state.h"

struct counter_epoch;
struct life;
struct placement_file;
struct snapshot;

enum fold_result {
	FOLD_ADDED,	/* same counters: their growth added */
	FOLD_RESTARTED,	/* counters started over: added whole, a new base */
	FOLD_GEOMETRY,	/* the snapshot has another geometry: nothing done */
	FOLD_BAD,	/* no geometry in the snapshot: nothing done */
};

/*
 * Fold one reading of the module, taken at now (seconds since 1970): its
 * zones and summary, and its lifecycle (NULL: none, as from a module
 * before 0.2: its counters neither added nor a restart), all of the same
 * counter epoch.
 */
enum fold_result ledger_fold(struct ledger *l, const struct snapshot *s,
			     const struct life *life, int64_t now);

/*
 * The same for a placement namespace: one reading of its "placement" file
 * (from disk), the summary's epoch e the same before and after it. Each
 * row's writes, write sectors and errors; FOLD_GEOMETRY when its rows are
 * not the ledger's (ledger_placement_same()).
 */
enum fold_result ledger_fold_placement(struct ledger *l,
				       const struct placement_file *pf,
				       const struct counter_epoch *e,
				       const char *disk, int64_t now);
/* 1 when pf's rows are l's: the same kinds, IDs and handles, in order. */
int ledger_placement_same(const struct ledger *l, const struct placement_file *pf);
/* A new placement ledger of pf's rows (ledger_init_placement()); -1 OOM. */
int ledger_placement_new(struct ledger *l, const char *identity,
			 const struct placement_file *pf);

/* The geometry of a snapshot's summary; -1 when a key is missing. */
int snapshot_geometry(const struct snapshot *s, uint64_t *nr_zones,
		      uint64_t *zone_sectors, uint64_t *lba_bytes);

#endif
