/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a namespace is not in the module's directory, from /sys/block: not a
 * block device, not zoned, not NVMe, left out by the devices parameter, or
 * zoned NVMe but not tracked yet (the module tracks a namespace from its
 * first command after it loads). ZNS_STAT_SYSFS: another sysfs root (tests).
 */
#ifndef ZNS_STAT_UNTRACKED_H
#define ZNS_STAT_UNTRACKED_H

#include <stddef.h>

#include "lib/sbuf.h"

/* "/dev/nvme0n2" -> "nvme0n2": nvme-cli and blkzone users type the path. */
const char *disk_arg(const char *arg);
/* ROOT: the module's debugfs directory. 1 if DISK has its directory there. */
int is_tracked(const char *root, const char *disk);
/* Appends " nvme0n1 nvme0n2" for the zoned NVMe disks not tracked; returns how many. */
int untracked_zoned(const char *root, struct sbuf *b);
/* One line: why DISK is not tracked, and what to do. */
void explain_untracked(const char *root, const char *disk, char *err,
		       size_t errlen);
/* One line for "nothing is tracked": what is there, and what to do. */
void explain_none_tracked(const char *root, char *out, size_t outlen);

#endif
