/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ledger's zones: which ones per-zone series show (as view_zones() does
 * for a snapshot), and their lifetime resets and written sectors as a
 * snapshot for the heatmaps.
 */
#ifndef ZNS_STAT_LEDGER_ZONES_H
#define ZNS_STAT_LEDGER_ZONES_H

#include <stdint.h>

#include "model/metrics.h"
#include "source/ledger_state.h"
#include "source/snapshot.h"

/*
 * The zones with lifetime activity into *zones (malloc'ed), in zone order,
 * at most max_zones of them (-1: no limit), the busiest (sectors moved,
 * then commands) chosen; *omitted: the active ones left out. -1 out of
 * memory.
 */
int ledger_zones(const struct ledger *l, long max_zones, uint64_t **zones,
		 uint64_t *nr, uint64_t *omitted);
/* Any lifetime total of the zone above 0. */
int ledger_zone_active(const struct ledger_zone *lz);

/* Lifetime resets; data written by writes, appends and write zeroes. */
#define LEDGER_NR_METRICS	2
extern const struct metric ledger_metrics[LEDGER_NR_METRICS];

/* Columns "resets" and "written_sectors"; -1 out of memory (snapshot_free() it either way). */
int ledger_zone_snapshot(const struct ledger *l, struct snapshot *s);

#endif
