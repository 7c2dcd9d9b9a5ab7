// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "errors" file as one Prometheus counter family: failed
 * commands by NVMe status (name and code) and operation. The operations are
 * the header's columns, so a newer module's are carried along.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "snapshot.h"

static int parse_header(struct err_table *t, char *line)
{
	char *tok, *save;
	int i = 0;

	/* "# error code read write ..." */
	for (tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++) {
		if (i < 3) {
			if (strcmp(tok, i == 0 ? "#" : i == 1 ? "error" : "code"))
				return -1;
			continue;
		}
		if (t->nr_ops == ERR_MAX_OPS || strlen(tok) >= sizeof(t->ops[0]))
			return -1;
		snprintf(t->ops[t->nr_ops++], sizeof(t->ops[0]), "%s", tok);
	}
	return t->nr_ops ? 0 : -1;
}

static int parse_row(struct err_table *t, char *line)
{
	char *tok, *save, *end;
	int i = 0;

	if (t->nr_rows == ERR_MAX_ROWS)
		return -1;
	/* "zone_full 0x1b9 0 3 0 ..." */
	for (tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++) {
		if (i == 0 && strlen(tok) < sizeof(t->rows[0].status)) {
			strcpy(t->rows[t->nr_rows].status, tok);
		} else if (i == 1 && strlen(tok) < sizeof(t->rows[0].code)) {
			strcpy(t->rows[t->nr_rows].code, tok);
		} else if (i >= 2 && i - 2 < t->nr_ops) {
			t->rows[t->nr_rows].count[i - 2] = strtoull(tok, &end, 10);
			if (*end || end == tok || *tok == '-')
				return -1;
		} else {
			return -1;
		}
	}
	if (i != t->nr_ops + 2)
		return -1;
	t->nr_rows++;
	return 0;
}

int err_table_parse(struct err_table *t, char *text)
{
	char *line, *save;

	memset(t, 0, sizeof(*t));
	line = strtok_r(text, "\n", &save);
	if (!line || parse_header(t, line))
		return -1;
	while ((line = strtok_r(NULL, "\n", &save)))
		if (parse_row(t, line))
			return -1;
	return 0;
}

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
		for (r = 0; r < t[d]->nr_rows; r++)
			for (o = 0; o < t[d]->nr_ops; o++)
				sbuf_printf(b, "zns_command_errors_total{disk=\"%s\",status=\"%s\",code=\"%s\",op=\"%s\"} %llu\n",
					    snaps[d].disk, t[d]->rows[r].status,
					    t[d]->rows[r].code, t[d]->ops[o],
					    (unsigned long long)t[d]->rows[r].count[o]);
	}
}
