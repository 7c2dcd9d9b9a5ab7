// SPDX-License-Identifier: GPL-2.0
/* A ledger in memory: its counters' names, made and freed (ledger_state.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/ledger_state.h"

const char * const ledger_counter_names[LC_NR] = {
	[LC_READS] = "reads",
	[LC_READ_SECTORS] = "read_sectors",
	[LC_WRITES] = "writes",
	[LC_WRITE_SECTORS] = "write_sectors",
	[LC_APPENDS] = "appends",
	[LC_APPEND_SECTORS] = "append_sectors",
	[LC_WRITE_ZEROES] = "write_zeroes",
	[LC_WRITE_ZEROES_SECTORS] = "write_zeroes_sectors",
	[LC_RESETS] = "resets",
	[LC_FINISHES] = "finishes",
	[LC_OPENS] = "opens",
	[LC_CLOSES] = "closes",
	[LC_ERRORS] = "errors",
	[LC_FILL_RESETS] = "fill_resets",
	[LC_FILL_SUM_SECTORS] = "fill_sum_sectors",
};

const char * const ledger_ns_names[LN_NR] = {
	[LN_RESET_ALL] = "reset_all",
	[LN_FINISH_ALL] = "finish_all",
	[LN_OPEN_ALL] = "open_all",
	[LN_CLOSE_ALL] = "close_all",
	[LN_SELECT_ALL_ERRORS] = "select_all_errors",
	[LN_DROPPED] = "dropped",
	[LN_OPEN_LIMIT_TIME_NS] = "open_limit_time_ns",
	[LN_ACTIVE_LIMIT_TIME_NS] = "active_limit_time_ns",
	[LN_OPENS_OVER_LIMIT] = "opens_over_limit",
	[LN_OPENS_MAYBE_OVER_LIMIT] = "opens_maybe_over_limit",
	[LN_TOO_MANY_OPEN_ERRORS] = "too_many_open_errors",
	[LN_TOO_MANY_ACTIVE_ERRORS] = "too_many_active_errors",
	[LN_RESETS_FILL_UNKNOWN] = "resets_fill_unknown",
	[LN_RESETS_FILL_FRACTION_UNKNOWN] = "resets_fill_fraction_unknown",
	[LN_RESETS_SELECT_ALL_UNKNOWN] = "resets_select_all_unknown",
	[LN_RESETS_FILL_0PCT] = "resets_fill_0pct",
	[LN_RESETS_FILL_0PCT + 1] = "resets_fill_10pct",
	[LN_RESETS_FILL_0PCT + 2] = "resets_fill_20pct",
	[LN_RESETS_FILL_0PCT + 3] = "resets_fill_30pct",
	[LN_RESETS_FILL_0PCT + 4] = "resets_fill_40pct",
	[LN_RESETS_FILL_0PCT + 5] = "resets_fill_50pct",
	[LN_RESETS_FILL_0PCT + 6] = "resets_fill_60pct",
	[LN_RESETS_FILL_0PCT + 7] = "resets_fill_70pct",
	[LN_RESETS_FILL_0PCT + 8] = "resets_fill_80pct",
	[LN_RESETS_FILL_0PCT + 9] = "resets_fill_90pct",
	[LN_RESETS_FILL_0PCT + 10] = "resets_fill_100pct",
	[LN_RECLAIMED_SECTORS] = "reclaimed_sectors",
	[LN_FINISHES_WASTE_KNOWN] = "finishes_waste_known",
	[LN_FINISHES_WASTE_UNKNOWN] = "finishes_waste_unknown",
	[LN_FINISH_WASTE_SECTORS] = "finish_waste_sectors",
	[LN_TIME_TO_FULL_SUM_NS] = "time_to_full_sum_ns",
	[LN_TIME_OPEN_SUM_NS] = "time_open_sum_ns",
};

const char * const ledger_placement_names[LP_NR] = {
	[LP_WRITES] = "writes",
	[LP_WRITE_SECTORS] = "write_sectors",
	[LP_ERRORS] = "errors",
};

int ledger_init(struct ledger *l, const char *identity, uint64_t nr_zones,
		uint64_t zone_sectors, uint64_t lba_bytes)
{
	memset(l, 0, sizeof(*l));
	snprintf(l->identity, sizeof(l->identity), "%s", identity);
	l->nr_zones = nr_zones;
	l->zone_sectors = zone_sectors;
	l->lba_bytes = lba_bytes;
	l->zones = calloc(nr_zones ? nr_zones : 1, sizeof(*l->zones));
	return l->zones ? 0 : -1;
}

int ledger_init_placement(struct ledger *l, const char *identity,
			  uint32_t nr_rows)
{
	if (ledger_init(l, identity, 0, 0, 0))
		return -1;
	l->placement = 1;
	l->nr_prows = nr_rows;
	l->prows = calloc(nr_rows ? nr_rows : 1, sizeof(*l->prows));
	if (!l->prows) {
		ledger_free(l);
		return -1;
	}
	return 0;
}

void ledger_free(struct ledger *l)
{
	free(l->zones);
	l->zones = NULL;
	free(l->prows);
	l->prows = NULL;
}
