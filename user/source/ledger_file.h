/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ledger's state file: versioned text, one per namespace identity in the
 * state directory, replaced atomically (a temporary file in the same
 * directory, fsync, rename, fsync of the directory), so a process killed
 * at any point leaves the previous whole file. A file that is not a
 * ledger this tool reads (corrupted, or of a newer version) is an error
 * and is never written over.
 */
#ifndef ZNS_STAT_LEDGER_FILE_H
#define ZNS_STAT_LEDGER_FILE_H

#include <stddef.h>

#include "lib/sbuf.h"
#include "source/ledger_state.h"

/*
 * 2: the lifecycle's counters (LN_LIFE on) too; 1 is read, without them.
 * 3: a placement namespace's ledger (its rows for zones). A zoned ledger is
 * still written as 2, which a zns-stat before 3 reads.
 */
#define LEDGER_FILE_VERSION	3
#define LEDGER_FILE_ZONED	2
#define LEDGER_FILE_MAGIC	"zns-stat ledger"
#define LEDGER_FILE_SUFFIX	".ledger"

/* The ledger as its file's text. */
void ledger_format(struct sbuf *b, const struct ledger *l);
/*
 * The text of a file (modified in place) into l (ledger_free() it); -1 with
 * one line naming what is wrong in err (path: where the text came from).
 */
int ledger_parse(struct ledger *l, char *text, const char *path, char *err,
		 size_t errlen);
/* DIR/<identity>.ledger, the identity's '/' and spaces made '_'. */
void ledger_path(char *path, size_t len, const char *dir, const char *identity);
/* 0 loaded, 1 no such file (l untouched), -1 with err (unreadable, bad). */
int ledger_load(struct ledger *l, const char *path, char *err, size_t errlen);
/* Replace path with l atomically; -1 with err, the old file left whole. */
int ledger_save(const struct ledger *l, const char *path, char *err,
		size_t errlen);

#endif
