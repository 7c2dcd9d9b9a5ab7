/* SPDX-License-Identifier: GPL-2.0 */
/* Numbers in and out: the module's strict formats, decimal and hex fast, values for humans. */
#ifndef ZNS_STAT_NUMBERS_H
#define ZNS_STAT_NUMBERS_H

#include <stddef.h>
#include <stdint.h>

/*
 * v in decimal, NUL-terminated (at most 20 digits: n >= 21); returns the
 * length. Tables of 65536 zones format millions of numbers: no printf.
 */
int fmt_u64(char *out, size_t n, uint64_t v);
/* The same as "0x%llx" ("0x0" for 0). */
int fmt_hex(char *out, size_t n, uint64_t v);
/*
 * The same as snprintf "%s" (a name in a table cell, 65536 zones of them);
 * returns the length written.
 */
int fmt_str(char *out, size_t n, const char *s);
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

/*
 * A time as RFC 3339 in the tool's one form: UTC, "Z", and digits (0, 3 or
 * 9) of a second's fraction: "2025-11-24T16:00:00.123456789Z". Returns
 * the length, or -1 (out too small, or a time gmtime cannot take).
 */
int fmt_rfc3339(char *out, size_t n, int64_t sec, uint32_t nsec, int digits);
/* The same of a time in ns since the epoch (a module's CLOCK_REALTIME). */
int fmt_rfc3339_ns(char *out, size_t n, uint64_t ns, int digits);

#define MIB 1048576.0	/* bytes: sizes and rates are IEC everywhere */

/* Values for humans: "4 KiB", "1.5 MiB"; "850 ns", "12.3 µs"; "1.2k". */
void fmt_bytes(char *out, size_t n, double bytes);
/*
 * A table's cell: one word, "16KiB" (as lsblk's SIZE), "0" for none; the
 * exact bytes ("16384") after fmt_bytes_exact(1) (-b, as lsblk -b).
 */
void fmt_bytes_cell(char *out, size_t n, double bytes);
/*
 * -b/--bytes: every table cell of a size in exact bytes. One switch for the
 * process, as the option is the command line's, not a view's.
 */
void fmt_bytes_exact(int on);
void fmt_ns(char *out, size_t n, double ns);
/* A table's cell of a duration: one word, "10µs", "1.05ms", "0" for none. */
void fmt_ns_cell(char *out, size_t n, double ns);
/*
 * The columns a cell takes on a terminal: its characters, not its bytes
 * ("31.5µs" is 6 wide and 7 long).
 */
int cell_width(const char *s, size_t len);
void fmt_count(char *out, size_t n, double count);

#endif
