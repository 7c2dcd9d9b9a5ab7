/* SPDX-License-Identifier: GPL-2.0 */
/* Which zones of a ledger per-zone series show: as view_zones() for a snapshot. */
#ifndef ZNS_STAT_LEDGER_ZONES_H
#define ZNS_STAT_LEDGER_ZONES_H

#include <stdint.h>

#include "source/ledger_state.h"

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

#endif
