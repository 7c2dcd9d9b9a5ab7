/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ledger's lifetime per zone as the figures take it: a snapshot of its
 * zones' resets and written sectors, and the metrics of the two heatmaps.
 */
#ifndef ZNS_STAT_LEDGER_ZONES_H
#define ZNS_STAT_LEDGER_ZONES_H

#include "model/metrics.h"
#include "source/ledger_state.h"
#include "source/snapshot.h"

/* Lifetime resets; data written by writes, appends and write zeroes. */
#define LEDGER_NR_METRICS	2
extern const struct metric ledger_metrics[LEDGER_NR_METRICS];

/* Columns "resets" and "written_sectors"; -1 out of memory (snapshot_free() it either way). */
int ledger_zone_snapshot(const struct ledger *l, struct snapshot *s);

#endif
