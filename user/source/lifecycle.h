/* SPDX-License-Identifier: GPL-2.0 */
/* A namespace's zone lifecycle, parsed from the module's "lifecycle" and "lifetimes". */
#ifndef ZNS_STAT_LIFECYCLE_H
#define ZNS_STAT_LIFECYCLE_H

#include <stddef.h>
#include <stdint.h>

#include "../../include/zns_stat.h"

#define LIFE_MAX_KEYS	64

struct life {
	char disk[64];
	int nr_keys;
	struct { char key[48]; uint64_t value; } keys[LIFE_MAX_KEYS];
	uint64_t to_full[ZNS_LIFE_BUCKETS];	/* counts per log2 us bucket */
	uint64_t open[ZNS_LIFE_BUCKETS];
};

/* Parse the two files' text; -1 on content zns-stat does not understand. */
int life_parse(struct life *l, char *lifecycle, char *lifetimes);
/* Read DISK's files; -1 with one line in err. */
int life_read(const char *disk, struct life *l, char *err, size_t errlen);
/* A key's value, 0 when absent. */
uint64_t life_get(const struct life *l, const char *key);
/* 1 if the module printed the key. */
int life_has(const struct life *l, const char *key);

#endif
