// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "errors" file, parsed once for every view (zns-stat detail,
 * the data file's counts, export's zns_command_errors_total). The
 * operations are the header's columns, so a newer module's are carried
 * along.
 */
#include <stdio.h>
#include <string.h>

#include "lib/numbers.h"
#include "source/modfile.h"

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
	char *tok, *save;
	uint64_t code;
	int i = 0;

	if (t->nr_rows == ERR_MAX_ROWS)
		return -1;
	/* "zone_full 0x1b9 0 3 0 ..." */
	for (tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++) {
		if (i == 0 && strlen(tok) < sizeof(t->rows[0].status)) {
			strcpy(t->rows[t->nr_rows].status, tok);
		} else if (i == 1 && !parse_hex(tok, &code) && code <= 0xffff) {
			t->rows[t->nr_rows].code = (unsigned int)code;
		} else if (i < 2 || i - 2 >= t->nr_ops ||
			   parse_u64(tok, &t->rows[t->nr_rows].count[i - 2])) {
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
