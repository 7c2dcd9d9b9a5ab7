/* SPDX-License-Identifier: GPL-2.0 */
/* Figures of the zone lifecycle (source/lifecycle.h): its log2 histograms' quantiles. */
#ifndef ZNS_STAT_LIFE_MODEL_H
#define ZNS_STAT_LIFE_MODEL_H

#include <stdint.h>

/*
 * The upper bound in us of the log2 bucket holding quantile q (0..1) of
 * ZNS_LIFE_BUCKETS buckets; 0: none. A bound: the module keeps no exact
 * maximum of these, so q = 1 is "all <=", never a maximum.
 */
uint64_t life_quantile_us(const uint64_t *buckets, double q);

#endif
