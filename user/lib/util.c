// SPDX-License-Identifier: GPL-2.0
/* Small helpers every part of zns-stat uses. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/util.h"

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

static void say_errno(char *err, size_t errlen, const char *what,
		      const char *path)
{
	int e = errno;

	snprintf(err, errlen, "cannot %s %s: %s%s", what, path, strerror(e),
		 e == EACCES || e == EROFS || e == EPERM ?
		 " (choose a writable directory)" : "");
}

int write_file_atomic(const char *path, const char *buf, size_t len,
		      char *err, size_t errlen)
{
	size_t plen = strlen(path);
	char *tmpl = malloc(plen + 16);
	int ret;

	if (!tmpl) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return -1;
	}
	snprintf(tmpl, plen + 16, "%s.tmp.XXXXXX", path);
	ret = write_file_atomic_tmp(path, tmpl, buf, len, err, errlen);
	free(tmpl);
	return ret;
}

int write_output(const char *file, const struct sbuf *b)
{
	char err[512];

	if (b->oom) {
		fprintf(stderr, "zns-stat: out of memory\n");
		return 1;
	}
	if (file && strcmp(file, "-")) {
		if (!write_file_atomic(file, b->s ? b->s : "", b->len, err, sizeof(err)))
			return 0;
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	fwrite(b->s ? b->s : "", 1, b->len, stdout);
	return 0;
}

int write_file_atomic_tmp(const char *path, const char *tmpl, const char *buf,
			  size_t len, char *err, size_t errlen)
{
	char *tmp = strdup(tmpl);
	size_t done = 0;
	mode_t mask;
	int fd;

	if (!tmp) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return -1;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		say_errno(err, errlen, "write", path);
		free(tmp);
		return -1;
	}
	/* mkstemp makes 0600; an output file gets the usual 0666 & ~umask. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		goto fail;
	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		done += n;
	}
	if (fsync(fd) || close(fd)) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path))
		goto fail;
	free(tmp);
	return 0;
fail:
	say_errno(err, errlen, "write", path);
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return -1;
}

int make_dir_writable(const char *dir, char *err, size_t errlen)
{
	char *copy = strdup(dir), *p;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(copy, 0777) && errno != EEXIST) {
				say_errno(err, errlen, "create directory", copy);
				free(copy);
				return -1;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	free(copy);
	if (access(dir, W_OK | X_OK)) {
		say_errno(err, errlen, "write into", dir);
		return -1;
	}
	return 0;
}

char *slurp_file(const char *path, size_t *lenp)
{
	size_t len = 0, cap = 1 << 16, n;
	char *buf = malloc(cap + 1);
	FILE *f;
	int e;

	if (!buf)
		return NULL;
	f = fopen(path, "r");
	if (!f) {
		e = errno;
		free(buf);
		errno = e;
		return NULL;
	}
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			char *bigger = realloc(buf, 2 * cap + 1);

			if (!bigger) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	e = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (e) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

/* Three significant digits at most, no trailing zeros: 1, 1.5, 12.3, 512. */
static void fmt_scaled(char *out, size_t n, double v, const char *unit)
{
	int prec = v >= 100 || v == (long long)v ? 0 : v >= 10 ? 1 : 2;
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

	while (v >= 1024 && i < 5) {
		v /= 1024;
		i++;
	}
	fmt_scaled(out, n, v, units[i]);
}

void fmt_ns(char *out, size_t n, double v)
{
	if (v < 1e3)
		fmt_scaled(out, n, v, "ns");
	else if (v < 1e6)
		fmt_scaled(out, n, v / 1e3, "\xc2\xb5s");	/* µs: figures and pages are UTF-8 */
	else if (v < 1e9)
		fmt_scaled(out, n, v / 1e6, "ms");
	else
		fmt_scaled(out, n, v / 1e9, "s");
}

void fmt_count(char *out, size_t n, double v)
{
	if (v < 1e4)
		fmt_scaled(out, n, v, "");
	else if (v < 1e6)
		fmt_scaled(out, n, v / 1e3, "k");
	else if (v < 1e9)
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

double now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int kv_set(struct kv *list, int *n, int max, const char *key, const char *value)
{
	char *v = strdup(value);
	int i;

	if (!v)
		return -1;
	for (i = 0; i < *n; i++) {
		if (!strcmp(list[i].key, key)) {
			free(list[i].value);
			list[i].value = v;
			return 0;
		}
	}
	if (*n == max || !(list[i].key = strdup(key))) {
		free(v);
		return -1;
	}
	list[i].value = v;
	++*n;
	return 0;
}

const char *kv_get(const struct kv *list, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i].key, key))
			return list[i].value;
	return NULL;
}

void kv_free(struct kv *list, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(list[i].key);
		free(list[i].value);
	}
}

/* Full at 16, 32, 64...: grown to 16, then doubled. */
int room_for_one(void *arr, int n, size_t size)
{
	void **p = arr, *grown;

	if (n && (n < 16 || (n & (n - 1))))
		return 0;
	grown = realloc(*p, size * (n ? 2 * n : 16));
	if (!grown)
		return -1;
	*p = grown;
	return 0;
}
