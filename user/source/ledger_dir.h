/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ledgers of a state directory, for a reader (zns-stat export): each
 * DIR/<identity>.ledger, read and never written (the ledger process owns
 * them). Its temporaries and the ledgers it kept of an older geometry
 * (named <identity>.<geometry>.ledger) are not among them.
 */
#ifndef ZNS_STAT_LEDGER_DIR_H
#define ZNS_STAT_LEDGER_DIR_H

#include <stddef.h>

#include "source/ledger_state.h"

/*
 * The ledgers in file name order into *out (ledger_dir_free() them), *n of
 * them. A file that is not a ledger this tool reads is left out and named
 * in err (the last one); -1 with err when the directory cannot be read.
 */
int ledger_dir_read(const char *dir, struct ledger **out, int *n, char *err,
		    size_t errlen);
void ledger_dir_free(struct ledger *l, int n);

#endif
