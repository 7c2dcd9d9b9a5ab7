/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat ledger report's page: a namespace's lifetime, its namespace
 * counters, the zones reset far above the mean and the lifetime heatmaps,
 * self-contained like report's.
 */
#ifndef ZNS_STAT_LEDGER_HTML_H
#define ZNS_STAT_LEDGER_HTML_H

#include "lib/sbuf.h"
#include "source/ledger_state.h"

void ledger_report_html(struct sbuf *b, const struct ledger *l);

#endif
