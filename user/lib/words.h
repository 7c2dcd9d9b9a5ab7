/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vocabulary of zns-stat's sentences, shared by every view: a count
 * with its noun in the right number, and the namespace-wide counters of
 * the interface as phrases ("1 reset of all zones", not "reset_all 1").
 */
#ifndef ZNS_STAT_WORDS_H
#define ZNS_STAT_WORDS_H

#include <stddef.h>
#include <stdint.h>

/* one when n is 1, else many: "%llu %s", n, plural(n, "reset", "resets"). */
const char *plural(uint64_t n, const char *one, const char *many);

/*
 * A key of include/zns_stat.h's zns_disk_counter_names with its value as
 * a phrase: "1 reset of all zones", "2 failed select-all commands"; a key
 * it does not know as "KEY: V".
 */
void disk_counter_phrase(char *out, size_t n, const char *key, uint64_t v);
/*
 * The same counter's name for a row of counts: "resets of all zones",
 * "failed select-all commands"; a key it does not know as the key.
 */
const char *disk_counter_noun(const char *key);

#endif
