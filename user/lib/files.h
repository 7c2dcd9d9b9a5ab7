/* SPDX-License-Identifier: GPL-2.0 */
/* Files: written atomically (never seen half-written), directories made, files read whole. */
#ifndef ZNS_STAT_FILES_H
#define ZNS_STAT_FILES_H

#include <stddef.h>

#include "lib/sbuf.h"

/*
 * Write len bytes to path through a temporary file in the same directory and
 * rename(), so a reader never sees a half-written file. On failure returns -1
 * with one line for the user in err.
 */
int write_file_atomic(const char *path, const char *buf, size_t len,
		      char *err, size_t errlen);
/*
 * An output: to FILE (atomically) or, when FILE is NULL or "-", to stdout;
 * 0, or 1 after one line on stderr (out of memory, FILE not writable).
 */
int write_output(const char *file, const struct sbuf *b);
/* The same with the temporary file named by tmpl, a mkstemp() template. */
int write_file_atomic_tmp(const char *path, const char *tmpl, const char *buf,
			  size_t len, char *err, size_t errlen);
/*
 * fsync() the directory holding path, so that a rename() into it survives
 * a power cut; -1 with a message in err.
 */
int sync_parent_dir(const char *path, char *err, size_t errlen);
/* mkdir -p; -1 with a message in err when it cannot be made or written to. */
int make_dir_writable(const char *dir, char *err, size_t errlen);
/* Whole file into a NUL-terminated buffer; NULL with errno set. */
char *slurp_file(const char *path, size_t *len);

#endif
