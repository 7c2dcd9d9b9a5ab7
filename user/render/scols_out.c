// SPDX-License-Identifier: GPL-2.0
/* Tables through libsmartcols (scols_out.h). */
#include <langinfo.h>
#include <stdio.h>
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

/*
 * Outside a UTF-8 locale libsmartcols escapes non-ASCII bytes ("µs" as
 * "\xc2\xb5s"): there a cell's "µ" is "u", ASCII as util-linux's tools
 * print then. Any other byte is left to the library's escaping.
 */
static const char *cell_text(const char *cell, char *buf, size_t n)
{
	const char *mu = strstr(cell, "µ");
	size_t len = 0;

	if (!mu || !strcmp(nl_langinfo(CODESET), "UTF-8"))
		return cell;
	for (; mu && len < n; cell = mu + strlen("µ"), mu = strstr(cell, "µ"))
		len += snprintf(buf + len, n - len, "%.*su", (int)(mu - cell), cell);
	if (len < n)
		snprintf(buf + len, n - len, "%s", cell);
	return buf;
}

int scols_out_row(struct libscols_table *tb, const char * const *cells, int n)
{
	struct libscols_line *ln = scols_table_new_line(tb, NULL);
	char buf[128];
	int i;

	if (!ln)
		return -1;
	for (i = 0; i < n; i++)
		if (scols_line_set_data(ln, i, cell_text(cells[i], buf, sizeof(buf))))
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
