/* SPDX-License-Identifier: GPL-2.0 */
/* zns-stat detail's machine formats: n namespaces' details, named by disks. */
#ifndef ZNS_STAT_DETAIL_OUT_H
#define ZNS_STAT_DETAIL_OUT_H

#include "lib/util.h"
#include "source/detail.h"

/* One CSV table per kind (latency, errors, resets, sizes, alignment). */
void detail_csv(struct sbuf *b, char **disks, const struct detail *d, int n);
/* One JSON document: {"version", "disks": [{"disk", "latency", ...}]}. */
void detail_json(struct sbuf *b, char **disks, const struct detail *d, int n);

#endif
