/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns-stat ledger: each namespace's lifetime per-zone totals, folded from
 * the module's counters into a state file per namespace identity
 * (ledger.c), shown from it (ledger_show.c) and drawn (ledger_plot.c).
 */
#ifndef ZNS_STAT_CMD_LEDGER_H
#define ZNS_STAT_CMD_LEDGER_H

#define LEDGER_DEFAULT_INTERVAL	60	/* seconds between folds */

struct ledger;

/* zns-stat ledger show ...: argv[0] is "show". */
int cmd_ledger_show(int argc, char **argv);
/* zns-stat ledger plot ... and ledger report ... (ledger_plot.c). */
int cmd_ledger_plot(int argc, char **argv);
int cmd_ledger_report(int argc, char **argv);
/*
 * The ledger of DISK's namespace in dir, or of the state file arg names
 * (a path ending in .ledger); 0, or the exit status after one line (cmd:
 * the command's name in it). ledger_free() it.
 */
int ledger_open(const char *cmd, const char *dir, const char *arg,
		struct ledger *l);

#endif
