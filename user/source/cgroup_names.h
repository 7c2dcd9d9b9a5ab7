/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A zone's owner_cgroup as a name: the cgroup2 directory whose inode is
 * the id (the module's cgroup id), found by walking the cgroup2 mount once
 * per run, or what a sentinel (ZNS_OWNER_ID_*) means.
 */
#ifndef ZNS_STAT_CGROUP_NAMES_H
#define ZNS_STAT_CGROUP_NAMES_H

#include <stddef.h>
#include <stdint.h>

/* The cgroup2 mount: /sys/fs/cgroup; ZNS_STAT_CGROUPFS overrides, for tests. */
const char *cgroup_root(void);
/*
 * id as people read it, into out (n bytes): "none" for 0 (no owner since the
 * last reset), "mixed", "unattributed", "other", the cgroup's path ("/":
 * the root) or, when no directory has that inode (removed, or another
 * cgroup namespace), the id. A path longer than out keeps its end:
 * "...job.service".
 */
void cgroup_owner_name(uint64_t id, char *out, size_t n);
/*
 * The same without the cgroup2 mount, for a data file (it keeps ids, not
 * paths, and its ids mean nothing on another boot): "id 43"; "/ (id 1)"
 * for the root cgroup, whose id is always 1.
 */
void cgroup_owner_id_name(uint64_t id, char *out, size_t n);
/*
 * 1 when id is a cgroup's (not 0 or a ZNS_OWNER_ID_* sentinel): machine
 * formats write the id only then, and the word (owner) always.
 */
int cgroup_owner_is_id(uint64_t id);

#endif
