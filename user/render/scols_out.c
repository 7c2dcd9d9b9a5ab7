// SPDX-License-Identifier: GPL-2.0
/* Tables through libsmartcols (scols_out.h). */
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/scols_out.h"

/* Every line of text indented and ended, copied (65536 zones: no printf). */
static void put_lines(struct sbuf *b, const char *text, const char *indent)
{
	size_t ilen = strlen(indent);
	const char *line, *nl;

	for (line = text; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line);
		sbuf_put(b, indent, ilen);
		sbuf_put(b, line, nl - line);
		sbuf_put(b, "\n", 1);
		if (!*nl)
			break;
	}
}

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
 * Outside a UTF-8 locale, and in a raw table in any, libsmartcols escapes
 * non-ASCII bytes ("µs" as "\xc2\xb5s"): there a cell's "µ" is "u", ASCII
 * as util-linux's tools print then. Any other byte is left to the
 * library's escaping.
 */
static const char *cell_text(const char *cell, char *buf, size_t n, int raw)
{
	const char *mu = strstr(cell, "µ");
	size_t len = 0;

	if (!mu || (!raw && !strcmp(nl_langinfo(CODESET), "UTF-8")))
		return cell;
	for (; mu && len < n; cell = mu + strlen("µ"), mu = strstr(cell, "µ"))
		len += snprintf(buf + len, n - len, "%.*su", (int)(mu - cell), cell);
	if (len < n)
		snprintf(buf + len, n - len, "%s", cell);
	return buf;
}

struct libscols_table *scols_out_part_new(const char * const *names,
					  const int *right, const int *width,
					  int n, int raw, int first)
{
	const char *none[SCOLS_OUT_MAX], **use = first ? (const char **)names : none;
	struct libscols_table *tb;
	struct libscols_column *cl;
	int i;

	if (n > SCOLS_OUT_MAX)
		return NULL;
	for (i = 0; i < n; i++)
		none[i] = "";
	tb = scols_out_new(use, right, n, raw);
	if (!tb)
		return NULL;
	scols_table_enable_noheadings(tb, !first);
	for (i = 0; i < n; i++) {
		cl = scols_table_get_column(tb, i);
		if (!cl || scols_column_set_whint(cl, width[i]))
			goto fail;
		/* a name narrower than the column must not set its width */
		if (first && width[i] > (int)strlen(names[i]) &&
		    scols_column_set_flags(cl, scols_column_get_flags(cl) |
					   SCOLS_FL_STRICTWIDTH))
			goto fail;
	}
	return tb;
fail:
	scols_unref_table(tb);
	return NULL;
}

int scols_out_print_part(struct sbuf *b, struct libscols_table *tb,
			 const int *width, int n, int raw)
{
	char *text = NULL;
	int i, ok;

	if (!tb || scols_print_table_to_string(tb, &text) || !text) {
		free(text);
		scols_unref_table(tb);
		return -1;
	}
	for (i = 0, ok = 1; !raw && i < n && ok; i++)
		ok = scols_column_get_width(scols_table_get_column(tb, i)) ==
		     (size_t)width[i];
	if (ok)
		put_lines(b, text, "");
	free(text);
	scols_unref_table(tb);
	return ok ? 0 : -1;
}

/*
 * Hand-written, not libsmartcols: a long table's rows after its first
 * part, at the widths that part had the library lay out and print
 * (scols_out_print_part() checked them). At 65,536 zones the library's
 * per-character work (fputs, strlen, mbrtowc, wcwidth) under TCG
 * emulation cost more than the whole printf-based tool it replaced
 * (qemu-user, --all: 6.02 s against 4.11 s); this is one buffer per line.
 * Only where the library would print the same: non-raw, every cell
 * right-aligned, printable ASCII (and a latency's "µ") and no wider than
 * its column; -1 else, and the caller prints the whole table through the
 * library.
 */
int scols_out_fast_row(struct sbuf *b, const char * const *cells,
		       const int *width, int n)
{
	static int utf8 = -1;
	char line[1024], cell[64];
	size_t len = 0, cl, w;
	const char *c;
	int i;

	if (utf8 < 0)
		utf8 = !strcmp(nl_langinfo(CODESET), "UTF-8");
	for (i = 0; i < n; i++) {
		/* "µ" of a latency ("31.5µs") as cell_text() has it: 1 column */
		for (c = cells[i], cl = 0, w = 0; cl + 2 < sizeof(cell); c++, w++) {
			if (*c >= 0x20 && *c < 0x7f) {
				cell[cl++] = *c;
			} else if (!strncmp(c, "µ", 2)) {
				if (utf8)
					cell[cl++] = c[0];
				cell[cl++] = utf8 ? c[1] : 'u';
				c++;
			} else {
				break;
			}
		}
		if (*c || w > (size_t)width[i] ||
		    len + width[i] + cl - w + 2 > sizeof(line))
			return -1;
		if (i)
			line[len++] = ' ';
		memset(line + len, ' ', width[i] - w);
		memcpy(line + len + width[i] - w, cell, cl);
		len += width[i] + cl - w;
	}
	line[len++] = '\n';
	sbuf_put(b, line, len);
	return 0;
}

int scols_out_row(struct libscols_table *tb, const char * const *cells, int n)
{
	struct libscols_line *ln = scols_table_new_line(tb, NULL);
	char buf[128];
	int i;

	if (!ln)
		return -1;
	for (i = 0; i < n; i++)
		if (scols_line_set_data(ln, i, cell_text(cells[i], buf, sizeof(buf),
							 scols_table_is_raw(tb))))
			return -1;
	return 0;
}

void scols_out_print(struct sbuf *b, struct libscols_table *tb,
		     const char *indent)
{
	char *text = NULL;

	if (!tb || scols_print_table_to_string(tb, &text) || !text)
		b->oom = 1;
	else
		put_lines(b, text, indent);
	free(text);
	scols_unref_table(tb);
}

void scols_out_wrap_words(char *out, size_t n, const char *text, int width)
{
	size_t len = 0, line = 0, word;

	while (*text && len + 2 < n) {
		word = strcspn(text, " ");
		if (line && line + 1 + word > (size_t)width) {
			out[len++] = '\n';	/* the word on the next line */
			line = 0;
		} else if (line) {
			out[len++] = ' ';
			line++;
		}
		for (; word && len + 2 < n; word--, line++) {
			if (line == (size_t)width) {	/* a word wider than the cell */
				out[len++] = '\n';
				line = 0;
			}
			out[len++] = *text++;
		}
		while (*text == ' ')
			text++;
	}
	out[len] = '\0';
}

int scols_out_wrap_last(struct libscols_table *tb, int width)
{
	struct libscols_column *cl;
	size_t n = scols_table_get_ncols(tb);

	cl = n ? scols_table_get_column(tb, n - 1) : NULL;
	if (!cl || scols_table_set_termwidth(tb, width) ||
	    scols_table_set_termforce(tb, SCOLS_TERMFORCE_ALWAYS))
		return -1;
	return scols_column_set_flags(cl, scols_column_get_flags(cl) | SCOLS_FL_WRAP);
}

int scols_out_wrap(struct libscols_table *tb)
{
	struct libscols_column *cl;
	size_t i;

	for (i = 1; i < scols_table_get_ncols(tb); i++) {
		cl = scols_table_get_column(tb, i);
		if (scols_column_set_flags(cl, scols_column_get_flags(cl) | SCOLS_FL_WRAP) ||
		    scols_column_set_wrapfunc(cl, scols_wrapnl_chunksize,
					      scols_wrapnl_nextchunk, NULL) ||
		    scols_column_set_safechars(cl, "\n"))
			return -1;
	}
	return 0;
}

unsigned long long scols_out_fit(const int *width, const int *rank, int n,
				 int max)
{
	unsigned long long hidden = 0;
	int used = -1, i, worst;

	for (i = 0; i < n; i++)
		used += width[i] + 1;
	while (max > 0 && used > max) {
		for (i = 1, worst = -1; i < n; i++)
			if (!(hidden & (1ULL << i)) &&
			    (worst < 0 || rank[i] > rank[worst]))
				worst = i;
		if (worst < 0)
			break;
		used -= width[worst] + 1;
		hidden |= 1ULL << worst;
	}
	return hidden;
}

int scols_out_rank(const char *name, const char * const *order, int n)
{
	int i;

	for (i = 0; i < n && strcmp(name, order[i]); i++)
		;
	return i;
}

int scols_out_hide(struct libscols_table *tb, unsigned long long hidden, int n)
{
	struct libscols_column *cl;
	int i, nr = 0;

	for (i = 0; i < n; i++) {
		if (!(hidden & (1ULL << i)))
			continue;
		cl = scols_table_get_column(tb, i);
		scols_column_set_flags(cl, scols_column_get_flags(cl) | SCOLS_FL_HIDDEN);
		nr++;
	}
	return nr;
}
