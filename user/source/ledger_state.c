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

void ledger_free(struct ledger *l)
{
	free(l->zones);
	l->zones = NULL;
}
