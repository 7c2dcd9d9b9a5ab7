/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers every part of zns-stat uses: a growing string, atomic files, units. */
#ifndef ZNS_STAT_UTIL_H
#define ZNS_STAT_UTIL_H

#include <stddef.h>
#include <stdint.h>

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
/* Text made safe for XML/HTML content and attribute values. */
void sbuf_xml(struct sbuf *b, const char *s);

/*
 * Write len bytes to path through a temporary file in the same directory and
 * rename(), so a reader never sees a half-written file. On failure returns -1
 * with one line for the user in err.
 */
int write_file_atomic(const char *path, const char *buf, size_t len,
		      char *err, size_t errlen);
/*
 * An output: to FILE (atomically) or, when FILE is NULL or "-", to stdout;
 * 0, or 1 after one line on stderr (out of memory, FILE not writable).
 */
int write_output(const char *file, const struct sbuf *b);
/* The same with the temporary file named by tmpl, a mkstemp() template. */
int write_file_atomic_tmp(const char *path, const char *tmpl, const char *buf,
			  size_t len, char *err, size_t errlen);
/* mkdir -p; -1 with a message in err when it cannot be made or written to. */
int make_dir_writable(const char *dir, char *err, size_t errlen);
/* Whole file into a NUL-terminated buffer; NULL with errno set. */
char *slurp_file(const char *path, size_t *len);

/*
 * v in decimal, NUL-terminated (at most 20 digits: n >= 21); returns the
 * length. Tables of 65536 zones format millions of numbers: no printf.
 */
int fmt_u64(char *out, size_t n, uint64_t v);
/* The same as "0x%llx" ("0x0" for 0). */
int fmt_hex(char *out, size_t n, uint64_t v);
/*
 * v >= 0 with prec (0 to 2) decimals, as "%.*f" prints it (the table's mean
 * latencies, 65536 zones of them); printf itself near a rounding tie.
 */
int fmt_fixed(char *out, size_t n, double v, int prec);

/*
 * The module's log2 histograms: bucket 0 starts at 0, bucket i > 0 at 2^i.
 * The bucket whose lower bound is lo, or nr when none of the first nr is.
 */
int log2_bucket(unsigned long long lo, int nr);

/*
 * Strict numbers as the module prints them, all of s: decimal digits only
 * (no sign, space or trailing text), or for parse_hex "0x..." or "0" (%#x).
 * 0, or -1 (also on overflow).
 */
int parse_u64(const char *s, uint64_t *v);
/*
 * The decimal digits at s (at least one) as *v; returns where they end, or
 * NULL for none or overflow (as strtoull's ERANGE). No printf, no errno:
 * a zones file of 65536 zones is 2.3 million numbers.
 */
const char *scan_u64(const char *s, uint64_t *v);
int parse_hex(const char *s, uint64_t *v);
/* The same with an optional '-' (a zone or fill of -1: none, unknown). */
int parse_i64(const char *s, int64_t *v);
/*
 * Split line (modified) at single spaces into exactly nr fields; 0, or -1
 * for more or fewer: every module file's row is read through here.
 */
int split_fields(char *line, char **field, int nr);

/* ns as exact decimal seconds, no trailing zeros: "0.000001023", "2". */
void fmt_seconds(char *out, size_t n, uint64_t ns);

#define MIB 1048576.0	/* bytes: sizes and rates are IEC everywhere */

/* Values for humans: "4 KiB", "1.5 MiB"; "850 ns", "12.3 µs"; "1.2k". */
void fmt_bytes(char *out, size_t n, double bytes);
void fmt_ns(char *out, size_t n, double ns);
void fmt_count(char *out, size_t n, double count);

/* A small list of text keys and values, in insertion order (metadata, summary). */
struct kv {
	char *key;
	char *value;
};

/* Set key (a new one goes last); 0, or -1 when *n == max or out of memory. */
int kv_set(struct kv *list, int *n, int max, const char *key, const char *value);
/* Its value, or NULL. */
const char *kv_get(const struct kv *list, int n, const char *key);
void kv_free(struct kv *list, int n);

/* Comments are stored on one line: newline, tab and backslash escaped. */
void escape_line(struct sbuf *b, const char *s);
/* The reverse; also what the comment prompt does with a typed "\n". */
char *unescape_line(const char *s);

double now_mono(void);	/* seconds, CLOCK_MONOTONIC */

/*
 * Room for one more element in *arr (a pointer to the array) of n elements
 * of size bytes: 16, then doubling. 0, or -1 out of memory.
 */
int room_for_one(void *arr, int n, size_t size);

#endif
