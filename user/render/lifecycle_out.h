/* SPDX-License-Identifier: GPL-2.0 */
/* A namespace's zone lifecycle in each output format. */
#ifndef ZNS_STAT_LIFECYCLE_OUT_H
#define ZNS_STAT_LIFECYCLE_OUT_H

#include "lib/sbuf.h"
#include "render/out_format.h"
#include "source/lifecycle.h"

/* The N namespaces' lifecycles in format f. */
void life_format(struct sbuf *b, const struct life *l, int n,
		 enum out_format f);

#endif
