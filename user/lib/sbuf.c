// SPDX-License-Identifier: GPL-2.0
/* A growing string, and text made safe for XML or for one line (sbuf.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sbuf.h"

static int sbuf_grow(struct sbuf *b, size_t more)
{
	size_t cap;
	char *s;

	if (b->oom)
		return -1;
	if (b->len + more + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < b->len + more + 1)
		cap *= 2;
	s = realloc(b->s, cap);
	if (!s) {
		b->oom = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

void sbuf_put(struct sbuf *b, const char *s, size_t n)
{
	if (sbuf_grow(b, n))
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void sbuf_pad(struct sbuf *b, char c, int n)
{
	if (n <= 0 || sbuf_grow(b, n))
		return;
	memset(b->s + b->len, c, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || sbuf_grow(b, n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, n + 1, fmt, ap);
	va_end(ap);
	b->len += n;
}

void sbuf_free(struct sbuf *b)
{
	free(b->s);
	memset(b, 0, sizeof(*b));
}

void sbuf_xml(struct sbuf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': sbuf_put(b, "&amp;", 5); break;
		case '<': sbuf_put(b, "&lt;", 4); break;
		case '>': sbuf_put(b, "&gt;", 4); break;
		case '"': sbuf_put(b, "&quot;", 6); break;
		case '\'': sbuf_put(b, "&#39;", 5); break;
		default:
			/* XML 1.0 forbids most control characters, even escaped. */
			if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
				sbuf_put(b, "?", 1);
			else
				sbuf_put(b, s, 1);
		}
	}
}

void escape_line(struct sbuf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			sbuf_put(b, "\\\\", 2);
		else if (*s == '\n')
			sbuf_put(b, "\\n", 2);
		else if (*s == '\t')
			sbuf_put(b, "\\t", 2);
		else if (*s == '\r')
			continue;
		else
			sbuf_put(b, s, 1);
	}
}

char *unescape_line(const char *s)
{
	char *out = malloc(strlen(s) + 1), *o = out;

	if (!out)
		return NULL;
	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*o++ = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

void sbuf_csv(struct sbuf *b, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		sbuf_put(b, s, strlen(s));
		return;
	}
	sbuf_put(b, "\"", 1);
	for (; *s; s++) {
		if (*s == '"')
			sbuf_put(b, "\"", 1);
		sbuf_put(b, s, 1);
	}
	sbuf_put(b, "\"", 1);
}
