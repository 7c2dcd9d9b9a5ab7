// SPDX-License-Identifier: GPL-2.0
/* Figures derived from a row of the cgroups file, the same in every view. */
#include "model/cg_model.h"

uint64_t cg_errors_total(const struct cg_row *r)
{
	uint64_t n = 0;
	int op;

	for (op = 0; op < ZNS_NR_OPS; op++)
		n += r->v[op][CG_ERRORS];
	return n;
}

double cg_mean_lat_ns(const struct cg_row *r, int op)
{
	uint64_t n = r->v[op][CG_COMMANDS];

	return n ? (double)r->v[op][CG_LAT_SUM_NS] / n : -1;
}

int cg_row_counted(const struct cg_row *r)
{
	int op, f;

	for (op = 0; op < ZNS_NR_OPS; op++)
		for (f = 0; f < CG_NR_FIELDS; f++)
			if (r->v[op][f])
				return 1;
	return 0;
}
