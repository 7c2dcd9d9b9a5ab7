/* SPDX-License-Identifier: GPL-2.0 */
/* zns-stat cgroups, and its Prometheus series for -o prom and export. */
#ifndef ZNS_STAT_CMD_CGROUPS_H
#define ZNS_STAT_CMD_CGROUPS_H

#include <stddef.h>

#include "lib/sbuf.h"

/*
 * The per-cgroup series of the disks' cgroups files into b; a disk
 * without one (an older module) is left out. Returns how many files had
 * content zns-stat does not understand (the last one's line in err).
 */
int cgroups_prom(struct sbuf *b, char *const *disks, int n, char *err,
		 size_t errlen);

#endif
