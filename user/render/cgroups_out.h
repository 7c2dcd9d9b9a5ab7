/* SPDX-License-Identifier: GPL-2.0 */
/* The cgroups files of namespaces (source/cgroups.c) as a table, CSV, JSON or Prometheus text. */
#ifndef ZNS_STAT_CGROUPS_OUT_H
#define ZNS_STAT_CGROUPS_OUT_H

#include "lib/sbuf.h"
#include "render/out_format.h"
#include "source/cgroups.h"

/*
 * The n namespaces' tables in format f; wide: the table with every column;
 * width: the terminal's (0: none), which the compact table fits, saying
 * what it left out.
 */
void cg_format(struct sbuf *b, const struct cg_table *t, int n,
	       enum out_format f, int wide, int width);
/*
 * Prometheus: zns_cgroup_{commands,bytes,latency_seconds,errors}_total
 * {disk,cgroup,id,op} and zns_cgroup_zones_owned{disk,cgroup,id}; rows
 * whose every counter is 0 left out.
 */
void prom_cgroups(struct sbuf *b, const struct cg_table *t, int n);
/* s as a Prometheus label value: backslash, quote and newline escaped. */
void prom_label_value(struct sbuf *b, const char *s);

#endif
