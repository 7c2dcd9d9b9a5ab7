// SPDX-License-Identifier: GPL-2.0
/* Tables through libsmartcols (scols_out.h). */
#include <stdlib.h>
#include <string.h>

#include "render/scols_out.h"

struct libscols_table *scols_out_new(const char * const *names,
				     const int *right, int n, int raw)
{
	struct libscols_table *tb = scols_new_table();
	int i;

	if (!tb)
		return NULL;
	scols_table_enable_raw(tb, raw);
	/* the caller fitted the columns; the library never squeezes them */
	scols_table_set_termforce(tb, SCOLS_TERMFORCE_NEVER);
	for (i = 0; i < n; i++)
		if (!scols_table_new_column(tb, names[i], 0,
					    right[i] ? SCOLS_FL_RIGHT : 0)) {
			scols_unref_table(tb);
			return NULL;
		}
	return tb;
}

int scols_out_row(struct libscols_table *tb, const char * const *cells, int n)
{
	struct libscols_line *ln = scols_table_new_line(tb, NULL);
	int i;

	if (!ln)
		return -1;
	for (i = 0; i < n; i++)
		if (scols_line_set_data(ln, i, cells[i]))
			return -1;
	return 0;
}

void scols_out_print(struct sbuf *b, struct libscols_table *tb,
		     const char *indent)
{
	char *text = NULL, *line, *nl;

	if (!tb || scols_print_table_to_string(tb, &text) || !text) {
		b->oom = 1;
	} else {
		for (line = text; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			if (!nl)
				nl = line + strlen(line);
			sbuf_printf(b, "%s%.*s\n", indent, (int)(nl - line), line);
			if (!*nl)
				break;
		}
	}
	free(text);
	scols_unref_table(tb);
}
