/* SPDX-License-Identifier: GPL-2.0 */
/* Zone condition, write pointer and capacity from the block device's zone report. */
#ifndef ZNS_STAT_ZONEREPORT_H
#define ZNS_STAT_ZONEREPORT_H

#include <stddef.h>

struct snapshot;

/*
 * Add the columns cond, wptr and cap (after "start") from a BLKREPORTZONE of
 * /dev/<disk>. Returns 0, or -1 with the reason in why (device not readable,
 * geometry differs): the snapshot is then unchanged.
 */
int zonereport_add(struct snapshot *snap, char *why, size_t whylen);

#endif
