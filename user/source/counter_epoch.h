/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which counters a namespace's files hold: the instance and generation of
 * its "summary" (zns_stat 0.1 with them; "" and 0 before). Read before and
 * after a snapshot, equal epochs say that every file of the snapshot came
 * from the same counters: no clear or reload fell between its reads.
 */
#ifndef ZNS_STAT_COUNTER_EPOCH_H
#define ZNS_STAT_COUNTER_EPOCH_H

#include <stdint.h>

struct snapshot;

struct counter_epoch {
	char instance[24];
	uint64_t generation;
};

/* DISK's summary now; -1 when it cannot be read. */
int counter_epoch_read(const char *disk, struct counter_epoch *e);
/* The epoch a snapshot's summary shows. */
void counter_epoch_of(const struct snapshot *s, struct counter_epoch *e);
int counter_epoch_same(const struct counter_epoch *a, const struct counter_epoch *b);

#endif
