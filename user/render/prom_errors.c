// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "errors" file (parsed by modfile_errors.c) as one Prometheus
 * counter family: failed commands by NVMe status (name and code) and
 * operation, both labels.
 */
#include <stdio.h>

#include "lib/numbers.h"
#include "render/prom_export.h"
#include "source/snapshot.h"

void prom_errors(struct sbuf *b, struct snapshot *snaps,
		 struct err_table **t, int n)
{
	int d, r, o, first = 1;

	for (d = 0; d < n; d++) {
		if (!t[d])
			continue;
		if (first)
			sbuf_printf(b, "# HELP zns_command_errors_total Failed commands by NVMe status (SCT << 8 | SC; 0x800 + blk_status_t from the block layer) and operation.\n"
				    "# TYPE zns_command_errors_total counter\n");
		first = 0;
		for (r = 0; r < t[d]->nr_rows; r++) {
			char code[24] = "";

			/* the row of many codes (other_unlisted) has none: "" */
			if (t[d]->rows[r].code)
				fmt_hex(code, sizeof(code), t[d]->rows[r].code);
			for (o = 0; o < t[d]->nr_ops; o++)
				sbuf_printf(b, "zns_command_errors_total{disk=\"%s\",status=\"%s\",code=\"%s\",op=\"%s\"} %llu\n",
					    snaps[d].disk, t[d]->rows[r].status,
					    code, t[d]->ops[o],
					    (unsigned long long)t[d]->rows[r].count[o]);
		}
	}
}
