/* SPDX-License-Identifier: GPL-2.0 */
/* zns-stat lifecycle. */
#ifndef ZNS_STAT_CMD_LIFECYCLE_H
#define ZNS_STAT_CMD_LIFECYCLE_H

#include "render/out_format.h"

/* Read and show the disks' lifecycles to file (stdout when NULL); 0 or 1. */
int life_run(char **disks, int nr, enum out_format f, const char *file);

#endif
