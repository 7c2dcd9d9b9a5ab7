/* SPDX-License-Identifier: GPL-2.0 */
/* What the views derive from a cgroups row: totals, means, whether it counted anything. */
#ifndef ZNS_STAT_CG_MODEL_H
#define ZNS_STAT_CG_MODEL_H

#include <stdint.h>

#include "source/cgroups.h"

/* Failed commands of every operation. */
uint64_t cg_errors_total(const struct cg_row *r);
/* The mean latency of op's commands in ns; -1 when it had none. */
double cg_mean_lat_ns(const struct cg_row *r, int op);
/* 1 when any counter is not 0 (zones_owned, a gauge, does not count). */
int cg_row_counted(const struct cg_row *r);

#endif
