/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ledgers' lifetime totals as Prometheus counters (zns-stat export
 * --ledger-dir): zns_ledger_* per namespace (labels disk, the name it had
 * when last folded, and identity), and with zones the same per zone,
 * zns_ledger_zone_* (the busiest max_zones zones with lifetime activity).
 */
#ifndef ZNS_STAT_PROM_LEDGER_H
#define ZNS_STAT_PROM_LEDGER_H

#include "lib/sbuf.h"
#include "source/ledger_state.h"

void prom_ledger(struct sbuf *b, const struct ledger *l, int n, int zones,
		 long max_zones);

#endif
