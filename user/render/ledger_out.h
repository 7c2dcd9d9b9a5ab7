/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ledger for people (libsmartcols: the zones with lifetime activity,
 * data in bytes) and for machines (CSV and JSON: every zone, the ledger's
 * figures in its units, 512-byte sectors).
 */
#ifndef ZNS_STAT_LEDGER_OUT_H
#define ZNS_STAT_LEDGER_OUT_H

#include "lib/sbuf.h"
#include "render/out_format.h"
#include "source/ledger_state.h"

/* f: FMT_TABLE, FMT_CSV or FMT_JSON; all: every zone in the table too. */
void ledger_out(struct sbuf *b, const struct ledger *l, enum out_format f,
		int all);

#endif
