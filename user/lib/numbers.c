// SPDX-License-Identifier: GPL-2.0
/* Numbers in and out: parsed strictly, formatted without printf, for humans (numbers.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/numbers.h"

int log2_bucket(unsigned long long lo, int nr)
{
	int i;

	for (i = 0; i < nr && (i ? 1ULL << i : 0) != lo; i++)
		;
	return i;
}

void fmt_seconds(char *out, size_t n, uint64_t ns)
{
	char frac[16];
	int i;

	/* exact decimal seconds, no rounding through a double */
	snprintf(frac, sizeof(frac), "%09llu", (unsigned long long)(ns % 1000000000));
	for (i = 8; i >= 0 && frac[i] == '0'; i--)
		frac[i] = '\0';
	snprintf(out, n, "%llu%s%s", (unsigned long long)(ns / 1000000000),
		 *frac ? "." : "", frac);
}

const char *scan_u64(const char *s, uint64_t *v)
{
	const char *p = s;
	uint64_t x = 0;
	unsigned int d;

	/* 19 digits cannot overflow: checked from the 20th only */
	for (; p - s < 19 && *p >= '0' && *p <= '9'; p++)
		x = x * 10 + (*p - '0');
	for (; *p >= '0' && *p <= '9'; p++) {
		d = *p - '0';
		if (x > UINT64_MAX / 10 || (x == UINT64_MAX / 10 && d > UINT64_MAX % 10))
			return NULL;	/* strtoull's ERANGE */
		x = x * 10 + d;
	}
	if (p == s)
		return NULL;
	*v = x;
	return p;
}

int parse_u64(const char *s, uint64_t *v)
{
	const char *end = scan_u64(s, v);

	return end && !*end ? 0 : -1;
}

int parse_hex(const char *s, uint64_t *v)
{
	char *end;

	if (!strcmp(s, "0")) {
		*v = 0;
		return 0;
	}
	if (strncmp(s, "0x", 2) || !isxdigit((unsigned char)s[2]))
		return -1;
	errno = 0;
	*v = strtoull(s + 2, &end, 16);
	return errno || *end ? -1 : 0;
}

int parse_i64(const char *s, int64_t *v)
{
	uint64_t u;

	if (*s == '-') {
		if (parse_u64(s + 1, &u) || u > (uint64_t)INT64_MAX)
			return -1;
		*v = -(int64_t)u;
		return 0;
	}
	if (parse_u64(s, &u) || u > (uint64_t)INT64_MAX)
		return -1;
	*v = (int64_t)u;
	return 0;
}

int split_fields(char *line, char **field, int nr)
{
	int n = 0;

	while (n < nr) {
		field[n++] = line;
		line = strchr(line, ' ');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n == nr && !line && *field[nr - 1] ? 0 : -1;
}

int fmt_u64(char *out, size_t n, uint64_t v)
{
	char digits[20], *p = digits + sizeof(digits);
	int len;

	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v);
	len = digits + sizeof(digits) - p;
	if ((size_t)len >= n)	/* too small: as snprintf, truncated */
		len = n ? n - 1 : 0;
	if (n) {
		memcpy(out, p, len);
		out[len] = '\0';
	}
	return len;
}

int fmt_hex(char *out, size_t n, uint64_t v)
{
	char digits[20], *p = digits + sizeof(digits);
	int len;

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	*--p = 'x';
	*--p = '0';
	len = digits + sizeof(digits) - p;
	if ((size_t)len >= n)
		len = n ? n - 1 : 0;
	if (n) {
		memcpy(out, p, len);
		out[len] = '\0';
	}
	return len;
}

int fmt_str(char *out, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (!n)
		return 0;
	if (len >= n)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
	return len;
}

int fmt_fixed(char *out, size_t n, double v, int prec)
{
	static const double mult[] = { 1, 10, 100 };
	double t, f;
	uint64_t q, m;
	int len;

	if (prec < 0 || prec > 2 || !(v >= 0))
		return snprintf(out, n, "%.*f", prec, v);
	t = v * mult[prec];	/* off by 1.2e-6 at most below 1e10 */
	f = floor(t);
	/* near a tie printf rounds the exact binary value: let it decide */
	if (t >= 1e10 || fabs(t - f - 0.5) < 1e-4 || n < 24)
		return snprintf(out, n, "%.*f", prec, v);
	q = (uint64_t)f + (t - f > 0.5);
	m = (uint64_t)mult[prec];
	len = fmt_u64(out, n, q / m);
	if (prec) {
		out[len++] = '.';
		fmt_u64(out + len, n - len, q % m + m);	/* "1" and the digits */
		memmove(out + len, out + len + 1, prec + 1);
		len += prec;
	}
	return len;
}

/* Three significant digits at most, no trailing zeros: 1, 1.5, 12.3, 512. */
static int scaled_prec(double v)
{
	return v >= 100 || v == (long long)v ? 0 : v >= 10 ? 1 : 2;
}

/*
 * v as fmt_scaled() shows it: the unit is chosen by this, so that 999.996 ns
 * is "1 µs", not "1000 ns".
 */
static double shown(double v)
{
	static const double mult[] = { 1, 10, 100 };
	double m = mult[scaled_prec(v)];

	return floor(v * m + 0.5) / m;
}

static void fmt_scaled(char *out, size_t n, double v, const char *unit)
{
	int prec = scaled_prec(v);
	size_t len, ul = strlen(unit);
	char num[32];

	len = fmt_fixed(num, sizeof(num), v, prec);
	if (len >= sizeof(num))
		len = sizeof(num) - 1;
	if (memchr(num, '.', len)) {
		while (num[len - 1] == '0')
			len--;
		if (num[len - 1] == '.')
			len--;
	}
	if (ul)
		num[len++] = ' ';
	/* as snprintf(out, n, "%s %s") would, cut when out is too small */
	if (!n)
		return;
	if (len >= n)
		len = n - 1;
	memcpy(out, num, len);
	if (ul > n - 1 - len)
		ul = n - 1 - len;
	memcpy(out + len, unit, ul);
	out[len + ul] = '\0';
}

void fmt_bytes(char *out, size_t n, double v)
{
	static const char * const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	int i = 0;

	while (shown(v) >= 1024 && i < 5) {
		v /= 1024;
		i++;
	}
	fmt_scaled(out, n, v, units[i]);
}

static int bytes_exact;

void fmt_bytes_exact(int on)
{
	bytes_exact = on;
}

/* "16 KiB" as one word, "16KiB" */
static void one_word(char *out)
{
	char *space = strchr(out, ' ');

	if (space)
		memmove(space, space + 1, strlen(space));
}

void fmt_bytes_cell(char *out, size_t n, double v)
{
	if (!v || (bytes_exact && v > 0 && v < 1.8e19)) {
		fmt_u64(out, n, (uint64_t)(v + 0.5));
		return;
	}
	fmt_bytes(out, n, v);
	one_word(out);
}

void fmt_ns_cell(char *out, size_t n, double v)
{
	if (!v) {
		fmt_u64(out, n, 0);
		return;
	}
	fmt_ns(out, n, v);
	one_word(out);
}

int cell_width(const char *s, size_t len)
{
	size_t i;
	int w = 0;

	for (i = 0; i < len; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

void fmt_ns(char *out, size_t n, double v)
{
	if (shown(v) < 1e3)
		fmt_scaled(out, n, v, "ns");
	else if (shown(v / 1e3) < 1e3)
		fmt_scaled(out, n, v / 1e3, "\xc2\xb5s");	/* µs: figures and pages are UTF-8 */
	else if (shown(v / 1e6) < 1e3)
		fmt_scaled(out, n, v / 1e6, "ms");
	else
		fmt_scaled(out, n, v / 1e9, "s");
}

void fmt_count(char *out, size_t n, double v)
{
	if (shown(v) < 1e4)
		fmt_scaled(out, n, v, "");
	else if (shown(v / 1e3) < 1e3)
		fmt_scaled(out, n, v / 1e3, "k");
	else if (shown(v / 1e6) < 1e3)
		fmt_scaled(out, n, v / 1e6, "M");
	else
		fmt_scaled(out, n, v / 1e9, "G");
	/* "1.5 k" reads worse than "1.5k" */
	if (v >= 1e4) {
		char *sp = strchr(out, ' ');

		if (sp)
			memmove(sp, sp + 1, strlen(sp));
	}
}

int fmt_rfc3339(char *out, size_t n, int64_t sec, uint32_t nsec, int digits)
{
	static const uint32_t scale[] = { 1000000000, 1000000, 1 };
	time_t t = (time_t)sec;
	struct tm tm;
	size_t len;
	int k = digits >= 9 ? 2 : digits >= 3 ? 1 : 0;

	if (!gmtime_r(&t, &tm))
		return -1;
	len = strftime(out, n, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!len)
		return -1;
	if (k)
		len += snprintf(out + len, n - len, ".%0*u", k == 2 ? 9 : 3,
				nsec / scale[k]);
	len += snprintf(out + len, n - len, "Z");
	return len < n ? (int)len : -1;
}

int fmt_rfc3339_ns(char *out, size_t n, uint64_t ns, int digits)
{
	return fmt_rfc3339(out, n, ns / 1000000000, ns % 1000000000, digits);
}
