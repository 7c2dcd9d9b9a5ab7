/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ledger for people (libsmartcols: the zones with lifetime activity,
 * data in bytes) and for machines (CSV and JSON: every zone, the ledger's
 * figures in its units, 512-byte sectors).
 */
#ifndef ZNS_STAT_LEDGER_OUT_H
#define ZNS_STAT_LEDGER_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "lib/sbuf.h"
#include "model/ledger_outliers.h"
#include "render/out_format.h"
#include "source/ledger_state.h"

/*
 * f: FMT_TABLE, FMT_CSV or FMT_JSON; all: every zone in the table too;
 * width: the terminal's (0: none), which the table fits, saying what it
 * left out.
 */
void ledger_out(struct sbuf *b, const struct ledger *l, enum out_format f,
		int all, int width);

/*
 * A placement namespace's ledger (l->placement: ledger_out() is a zoned one's): a
 * row per placement ID, none and unlisted, each row's share of the data.
 */
void ledger_placement_out(struct sbuf *b, const struct ledger *l,
			  enum out_format f, int all, int width);

/* A fold's time as RFC 3339 UTC ("2026-11-27T12:38:11Z"); "-": never. */
void ledger_time(char *out, size_t n, int64_t t);

/* The resets' outliers, the first max of them, in one line ("": none). */
void ledger_outliers_line(const struct ledger_outliers *o, uint64_t max,
			  char *out, size_t outlen);

#endif
