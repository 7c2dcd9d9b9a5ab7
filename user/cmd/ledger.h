/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat ledger: each namespace's lifetime per-zone totals, folded from
 * the module's counters into a state file per namespace identity
 * (ledger.c), and shown from it (ledger_show.c).
 */
#ifndef ZNS_STAT_CMD_LEDGER_H
#define ZNS_STAT_CMD_LEDGER_H

#define LEDGER_DEFAULT_INTERVAL	60	/* seconds between folds */

/* zns-stat ledger show ...: argv[0] is "show". */
int cmd_ledger_show(int argc, char **argv);

#endif
