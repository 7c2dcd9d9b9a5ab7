/* SPDX-License-Identifier: GPL-2.0 */
/* Building text: a growing string, XML-escaped text, one-line text. */
#ifndef ZNS_STAT_SBUF_H
#define ZNS_STAT_SBUF_H

#include <stddef.h>

/* A growing, always NUL-terminated string: outputs are built here, then written. */
struct sbuf {
	char *s;
	size_t len, cap;
	int oom;	/* an allocation failed: the content is incomplete */
};

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sbuf_put(struct sbuf *b, const char *s, size_t n);
/* n copies of c. */
void sbuf_pad(struct sbuf *b, char c, int n);
void sbuf_free(struct sbuf *b);
/* A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
void sbuf_csv(struct sbuf *b, const char *s);
/* Text made safe for XML/HTML content and attribute values. */
void sbuf_xml(struct sbuf *b, const char *s);

/* Comments are stored on one line: newline, tab and backslash escaped. */
void escape_line(struct sbuf *b, const char *s);
/* The reverse; also what the comment prompt does with a typed "\n". */
char *unescape_line(const char *s);

#endif
