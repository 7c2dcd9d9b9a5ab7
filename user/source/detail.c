// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat detail: the module's latency, sizes, alignment, errors and
 * resets files, read, subtracted for a recorded run, and shown: latency
 * percentiles per operation, errors by name, every logged reset and the
 * size and alignment histograms (Documentation/zns_stat.rst has the files).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../include/zns_stat.h"
#include "source/columns.h"
#include "source/detail.h"
#include "source/modfile.h"
#include "source/snapshot.h"

static const char * const detail_files[] = {
	"latency", "sizes", "alignment", "errors", "resets",
};

/*
 * Room for one more element in *arr of *n elements of size bytes: 16, then
 * doubling (full at 16, 32, 64...). 0, or -1 out of memory.
 */
static int room_for_one(void *arr, int n, size_t size)
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

static int add_count_hi(struct detail *d, const char *file, const char *op,
			const char *what, uint64_t lo, uint64_t hi, uint64_t n)
{
	struct detail_count *c;

	if (room_for_one(&d->counts, d->nr_counts, sizeof(*c)))
		return -1;
	c = &d->counts[d->nr_counts++];
	memset(c, 0, sizeof(*c));
	snprintf(c->file, sizeof(c->file), "%s", file);
	snprintf(c->op, sizeof(c->op), "%s", op);
	snprintf(c->what, sizeof(c->what), "%s", what);
	c->lo = lo;
	c->hi = hi;
	c->n = n;
	return 0;
}

static int add_count(struct detail *d, const char *file, const char *op,
		     const char *what, uint64_t lo, uint64_t n)
{
	return add_count_hi(d, file, op, what, lo, 0, n);
}

static int add_reset(struct detail *d, const struct detail_reset *r)
{
	if (room_for_one(&d->resets, d->nr_resets, sizeof(*r)))
		return -1;
	d->resets[d->nr_resets++] = *r;
	return 0;
}

/* "errors" through its one parser: a count per status and operation that has one. */
static int error_counts(struct detail *d, char *text)
{
	struct err_table *t = malloc(sizeof(*t));
	int r, o, ret = -1;

	if (!t || err_table_parse(t, text))
		goto out;
	for (r = 0; r < t->nr_rows; r++)
		for (o = 0; o < t->nr_ops; o++)
			if (t->rows[r].count[o] &&
			    add_count(d, "errors", t->ops[o], t->rows[r].status,
				      t->rows[r].code, t->rows[r].count[o]))
				goto out;
	ret = 0;
out:
	free(t);
	return ret;
}

/* "latency" through its one parser: the buckets, and "lat_max" the exact maxima. */
static int latency_counts(struct detail *d, char *text)
{
	struct lat_file f;
	int i, ret = -1;

	if (lat_file_parse(&f, text))
		return -1;
	for (i = 0; i < f.nr_rows; i++)
		if (add_count_hi(d, "latency", f.rows[i].op, "", f.rows[i].lo,
				 f.rows[i].hi, f.rows[i].n))
			goto out;
	for (i = 0; i < f.nr_max; i++)
		if (add_count(d, "lat_max", f.max[i].op, "", 0, f.max[i].ns))
			goto out;
	ret = 0;
out:
	lat_file_free(&f);
	return ret;
}

/* "SEQ TIME_NS ZONE LATENCY_NS SELECT_ALL STATUS FILL_SECTORS" of "resets". */
static int reset_row(struct detail *d, char *line)
{
	uint64_t seq, t, lat, sa, st;
	int64_t zone, fill;
	struct detail_reset r;
	char *f[7];

	if (split_fields(line, f, 7) || parse_u64(f[0], &seq) || parse_u64(f[1], &t) ||
	    parse_i64(f[2], &zone) || parse_u64(f[3], &lat) || parse_u64(f[4], &sa) ||
	    sa > 1 || parse_hex(f[5], &st) || st > 0xffff || parse_i64(f[6], &fill))
		return -1;
	r = (struct detail_reset){ .seq = seq, .time_ns = t, .lat_ns = lat,
		.zone = zone, .fill = fill, .status = (unsigned int)st,
		.select_all = (int)sa };
	return add_reset(d, &r);
}

/* "DIR LO HI N" of "sizes" (log2 buckets), "DIR ALIGN N" of "alignment". */
static int hist_row(struct detail *d, const char *file, char *line)
{
	int sizes = !strcmp(file, "sizes");
	uint64_t v[3];
	char *f[4];
	int i;

	if (split_fields(line, f, sizes ? 4 : 3) || strlen(f[0]) >= sizeof(d->counts[0].op))
		return -1;
	for (i = 0; i < (sizes ? 3 : 2); i++)
		if (parse_u64(f[i + 1], &v[i]))
			return -1;
	if (sizes && v[1] < v[0])
		return -1;
	return add_count(d, file, f[0], "", v[0], sizes ? v[2] : v[1]);
}

int detail_parse_file(struct detail *d, const char *file, char *text)
{
	char *line, *save;

	if (!strcmp(file, "errors"))
		return error_counts(d, text);
	if (!strcmp(file, "latency"))
		return latency_counts(d, text);
	if (strcmp(file, "resets") && strcmp(file, "sizes") && strcmp(file, "alignment"))
		return -1;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#')
			continue;
		if (!strcmp(file, "resets") ? reset_row(d, line) : hist_row(d, file, line))
			return -1;
	}
	return 0;
}

int detail_read(const char *disk, struct detail *d, char *err, size_t errlen)
{
	char path[512], *text;
	size_t i;
	int found = 0;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < sizeof(detail_files) / sizeof(detail_files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", snapshot_root(), disk, detail_files[i]);
		text = slurp_file(path, NULL);
		if (!text)
			continue;	/* an older module: what it has */
		found++;
		if (detail_parse_file(d, detail_files[i], text)) {
			snprintf(err, errlen, "%s: unexpected content", path);
			free(text);
			detail_free(d);
			return -1;
		}
		free(text);
	}
	if (!found) {
		snprintf(err, errlen, "%s: no latency, errors or resets files (not a tracked namespace?)", disk);
		return -1;
	}
	return 0;
}

static const struct detail_count *find(const struct detail *d,
				       const struct detail_count *c)
{
	int i;

	for (i = 0; i < d->nr_counts; i++)
		if (d->counts[i].lo == c->lo && !strcmp(d->counts[i].file, c->file) &&
		    !strcmp(d->counts[i].op, c->op) && !strcmp(d->counts[i].what, c->what))
			return &d->counts[i];
	return NULL;
}

/* Whether d has a count of (file, op). */
static int op_counted(const struct detail *d, const char *file, const char *op)
{
	int i;

	for (i = 0; i < d->nr_counts; i++)
		if (d->counts[i].n && !strcmp(d->counts[i].file, file) &&
		    !strcmp(d->counts[i].op, op))
			return 1;
	return 0;
}

int detail_delta(struct detail *out, const struct detail *before,
		 const struct detail *after)
{
	const struct detail_count *c, *was;
	uint64_t last = 0, n;
	int i, cleared = 0;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < after->nr_counts; i++) {
		was = find(before, &after->counts[i]);
		if (was && was->n > after->counts[i].n)
			cleared = 1;
	}
	for (i = 0; i < before->nr_counts && !cleared; i++)
		if (!find(after, &before->counts[i]))
			cleared = 1;
	for (i = 0; i < after->nr_counts; i++) {
		c = &after->counts[i];
		was = cleared ? NULL : find(before, c);
		n = c->n - (was ? was->n : 0);
		if (n && strcmp(c->file, "lat_max") &&
		    add_count_hi(out, c->file, c->op, c->what, c->lo, c->hi, n))
			goto oom;
	}
	/*
	 * A maximum is no counter: the module's, where the run passed it (or
	 * counters were cleared); else the run's is at most the module's.
	 */
	for (i = 0; i < after->nr_counts; i++) {
		c = &after->counts[i];
		if (strcmp(c->file, "lat_max") || !op_counted(out, "latency", c->op))
			continue;
		was = cleared ? NULL : find(before, c);
		if (add_count(out, c->file, c->op, was && was->n >= c->n ? "at_most" : "",
			      0, c->n))
			goto oom;
	}
	/* the log's sequence numbers restart from 1 when counters are cleared */
	for (i = 0; i < before->nr_resets; i++)
		if (before->resets[i].seq > last)
			last = before->resets[i].seq;
	for (i = 0; i < after->nr_resets; i++)
		if (after->resets[i].seq < last)
			cleared = 1;
	for (i = 0; i < after->nr_resets; i++)
		if ((cleared || after->resets[i].seq > last) &&
		    add_reset(out, &after->resets[i]))
			goto oom;
	return 0;
oom:
	detail_free(out);
	return -1;
}

void detail_free(struct detail *d)
{
	free(d->counts);
	free(d->resets);
	memset(d, 0, sizeof(*d));
}

void detail_format_lines(struct sbuf *b, const struct detail *d)
{
	const struct detail_count *c;
	const struct detail_reset *r;
	int i;

	for (i = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		sbuf_printf(b, "count: %s %s %s %" PRIu64 " %" PRIu64, c->file, c->op,
			    *c->what ? c->what : "-", c->lo, c->n);
		if (c->hi)
			sbuf_printf(b, " %" PRIu64, c->hi);
		sbuf_printf(b, "\n");
	}
	for (i = 0; i < d->nr_resets; i++) {
		r = &d->resets[i];
		sbuf_printf(b, "reset: %" PRIu64 " %" PRIu64 " %" PRId64 " %" PRIu64 " %d 0x%x %" PRId64 "\n",
			    r->seq, r->time_ns, r->zone, r->lat_ns, r->select_all,
			    r->status, r->fill);
	}
}

int detail_parse_line(struct detail *d, const char *key, const char *value)
{
	char file[12], op[16], what[32], line[128];
	unsigned long long lo, n, hi = 0;

	if (!strcmp(key, "reset")) {
		snprintf(line, sizeof(line), "%s", value);
		return detail_parse_file(d, "resets", line);
	}
	/* HI: log-linear latency rows; without it (older files), log2 ones */
	if (sscanf(value, "%11s %15s %31s %llu %llu %llu", file, op, what, &lo, &n, &hi) < 5 ||
	    (hi && hi < lo))
		return -1;
	return add_count_hi(d, file, op, strcmp(what, "-") ? what : "", lo, hi, n);
}

/*
 * A bucket's upper bound: as the module printed it, or for a log2 bucket
 * (older modules, data files and sizes) [0, 1], then [2^i, 2^(i+1) - 1].
 */
static uint64_t bucket_hi(const struct detail_count *c)
{
	if (c->hi)
		return c->hi;
	return c->lo ? 2 * c->lo - 1 : 1;
}

uint64_t detail_quantile(const struct detail *d, const char *file,
			 const char *op, double q, uint64_t *total)
{
	uint64_t lo = 0, seen = 0, sum = 0, best, hi;
	const struct detail_count *c;
	int i, found;

	for (i = 0; i < d->nr_counts; i++)
		if (!strcmp(d->counts[i].file, file) && !strcmp(d->counts[i].op, op))
			sum += d->counts[i].n;
	if (total)
		*total = sum;
	/* buckets in ascending order, whatever order the lines came in */
	for (found = 1; sum && found; lo = best + 1) {
		found = 0;
		best = UINT64_MAX;
		for (i = 0; i < d->nr_counts; i++) {
			c = &d->counts[i];
			if (!strcmp(c->file, file) && !strcmp(c->op, op) &&
			    c->lo >= lo && c->lo <= best) {
				best = c->lo;
				found = 1;
			}
		}
		if (!found)
			break;
		hi = 0;
		for (i = 0; i < d->nr_counts; i++) {
			c = &d->counts[i];
			if (c->lo == best && !strcmp(c->file, file) && !strcmp(c->op, op)) {
				seen += c->n;
				hi = bucket_hi(c) > hi ? bucket_hi(c) : hi;
			}
		}
		if (seen >= q * sum)
			return hi;
	}
	return 0;
}

int detail_lat_max(const struct detail *d, const char *op, uint64_t *ns)
{
	const struct detail_count *c;
	uint64_t top;
	int i;

	top = detail_quantile(d, "latency", op, 1, NULL);
	for (i = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		if (strcmp(c->file, "lat_max") || strcmp(c->op, op))
			continue;
		if (!*c->what) {
			*ns = c->n;
			return 1;
		}
		top = c->n < top ? c->n : top;
	}
	*ns = top;
	return 0;
}

uint64_t detail_lat_bound(const struct detail *d, const char *op, double q,
			  uint64_t *total)
{
	uint64_t bound = detail_quantile(d, "latency", op, q, total), max;

	detail_lat_max(d, op, &max);
	return max < bound ? max : bound;
}

/* One row per operation with a latency histogram: count, p50, p99, max. */
struct lat_row {
	const char *op;
	uint64_t n;
	char p[3][32];
};

/* Percentiles as their buckets' bounds, the maximum exact ("<= X": a bound). */
static int latency_rows(const struct detail *d, struct lat_row *rows)
{
	static const double q[] = { 0.5, 0.99 };
	uint64_t max;
	char t[24];
	int op, k, nr = 0;

	for (op = 0; op < ZNS_NR_OPS; op++) {
		struct lat_row *r = &rows[nr];

		r->op = zns_op_names[op];
		for (k = 0; k < 2; k++)
			fmt_ns(r->p[k], sizeof(r->p[k]),
			       (double)detail_lat_bound(d, r->op, q[k], &r->n));
		if (detail_lat_max(d, r->op, &max))
			fmt_ns(r->p[2], sizeof(r->p[2]), (double)max);
		else {
			fmt_ns(t, sizeof(t), (double)max);
			snprintf(r->p[2], sizeof(r->p[2]), "<= %s", t);
		}
		nr += r->n > 0;
	}
	return nr;
}

static const char *status_text(unsigned int status, char *buf, int n)
{
	return status ? status_name(status, buf, n) : "success";
}

static void reset_time(char *out, size_t n, uint64_t ns)
{
	time_t t = ns / 1000000000;
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(out, n, "%H:%M:%S", &tm))
		snprintf(out, n, "?");
	else
		snprintf(out + strlen(out), n - strlen(out), ".%03u",
			 (unsigned int)(ns / 1000000 % 1000));
}

static void fill_text(char *out, size_t n, const struct detail_reset *r)
{
	if (r->fill < 0)
		snprintf(out, n, "unknown");
	else
		fmt_bytes(out, n, r->fill * 512.0);
}

/* Sizes and alignment of one direction as "4 KiB: 3, 8 KiB: 1". */
static void hist_line(struct sbuf *b, const struct detail *d, const char *file,
		      const char *dir)
{
	const struct detail_count *c;
	char t[32];
	int i, first = 1;

	for (i = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		if (strcmp(c->file, file) || strcmp(c->op, dir))
			continue;
		fmt_bytes(t, sizeof(t), (double)c->lo);
		sbuf_printf(b, "%s%s%s", first ? "" : ", ",
			    !strcmp(file, "sizes") ? "[" : "", t);
		if (!strcmp(file, "sizes")) {	/* log2 buckets */
			fmt_bytes(t, sizeof(t), 2.0 * c->lo);
			sbuf_printf(b, ", %s)", c->lo ? t : "2 B");
		}
		sbuf_printf(b, ": %" PRIu64, c->n);
		first = 0;
	}
	if (first)
		sbuf_printf(b, "none");
}

void detail_text(struct sbuf *b, const char *title, const struct detail *d)
{
	struct lat_row rows[ZNS_NR_OPS];
	const struct detail_count *c;
	const struct detail_reset *r;
	char t[32], s[32], f[32], st[32];
	static const char * const dirs[] = { "read", "write" };
	int i, nr = latency_rows(d, rows);

	sbuf_printf(b, "%s: latency of successful commands (p50, p99: upper bounds of their buckets, at most 1/16 above; max: exact)\n", title);
	sbuf_printf(b, "  %-13s %10s %10s %10s %11s\n", "op", "commands", "p50 <=", "p99 <=", "max");
	for (i = 0; i < nr; i++)
		sbuf_printf(b, "  %-13s %10" PRIu64 " %10s %10s %11s\n", rows[i].op,
			    rows[i].n, rows[i].p[0], rows[i].p[1], rows[i].p[2]);
	if (!nr)
		sbuf_printf(b, "  none yet\n");
	sbuf_printf(b, "errors by status and operation\n");
	for (i = 0, nr = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		if (strcmp(c->file, "errors"))
			continue;
		sbuf_printf(b, "  %-24s 0x%03" PRIx64 " %-13s %" PRIu64 "\n", c->what, c->lo, c->op, c->n);
		nr++;
	}
	if (!nr)
		sbuf_printf(b, "  none\n");
	sbuf_printf(b, "resets logged: %d\n", d->nr_resets);
	if (d->nr_resets)
		sbuf_printf(b, "  %-12s %6s %10s %-24s %10s\n", "time", "zone", "latency", "status", "fill");
	for (i = 0; i < d->nr_resets; i++) {
		r = &d->resets[i];
		reset_time(t, sizeof(t), r->time_ns);
		fmt_ns(s, sizeof(s), (double)r->lat_ns);
		fill_text(f, sizeof(f), r);
		if (r->select_all)
			sbuf_printf(b, "  %-12s %6s", t, "all");
		else
			sbuf_printf(b, "  %-12s %6" PRId64, t, r->zone);
		sbuf_printf(b, " %10s %-24s %10s\n", s, status_text(r->status, st, sizeof(st)), f);
	}
	for (i = 0; i < 2; i++) {
		sbuf_printf(b, "%s sizes: ", dirs[i]);
		hist_line(b, d, "sizes", dirs[i]);
		sbuf_printf(b, "\n%s alignment: ", dirs[i]);
		hist_line(b, d, "alignment", dirs[i]);
		sbuf_printf(b, "\n");
	}
}

void detail_html(struct sbuf *b, const struct detail *d)
{
	struct lat_row rows[ZNS_NR_OPS];
	const struct detail_count *c;
	const struct detail_reset *r;
	char t[32], s[32], f[32], st[32];
	static const char * const dirs[] = { "read", "write" };
	int i, nr = latency_rows(d, rows);

	sbuf_printf(b, "<h2>Latency</h2>\n<p>Successful commands of the run, setup to completion. The percentiles are the upper bounds of the module's histogram buckets (a 16th of a power of two wide, so at most 1/16 above the true figure; up to twice it in recordings of log2 modules); max is the module's exact maximum (≤ where the run did not pass the maximum before it, or the module kept none).</p>\n");
	sbuf_printf(b, "<table><tr><th>operation</th><th>commands</th><th>p50 (bucket bound, ≤)</th><th>p99 (bucket bound, ≤)</th><th>max</th></tr>\n");
	for (i = 0; i < nr; i++)
		sbuf_printf(b, "<tr><td>%s</td><td class=\"n\">%" PRIu64 "</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s%s</td></tr>\n",
			    rows[i].op, rows[i].n, rows[i].p[0], rows[i].p[1],
			    strncmp(rows[i].p[2], "<= ", 3) ? "" : "≤ ",
			    rows[i].p[2] + (strncmp(rows[i].p[2], "<= ", 3) ? 0 : 3));
	sbuf_printf(b, "</table>\n<h2>Errors</h2>\n");
	for (i = 0, nr = 0; i < d->nr_counts; i++) {
		c = &d->counts[i];
		if (strcmp(c->file, "errors"))
			continue;
		if (!nr++)
			sbuf_printf(b, "<table><tr><th>status</th><th>code</th><th>operation</th><th>commands</th></tr>\n");
		sbuf_printf(b, "<tr><td>");
		sbuf_xml(b, c->what);
		sbuf_printf(b, "</td><td>0x%03" PRIx64 "</td><td>%s</td><td class=\"n\">%" PRIu64 "</td></tr>\n",
			    c->lo, c->op, c->n);
	}
	sbuf_printf(b, nr ? "</table>\n" : "<p>No command failed.</p>\n");
	sbuf_printf(b, "<h2>Resets</h2>\n<p>%d resets logged during the run (the module keeps the last <code>reset_log_size</code>).</p>\n",
		    d->nr_resets);
	if (d->nr_resets)
		sbuf_printf(b, "<details><summary>every logged reset</summary>\n<table><tr><th>time</th><th>zone</th><th>latency</th><th>status</th><th>fill</th></tr>\n");
	for (i = 0; i < d->nr_resets; i++) {
		r = &d->resets[i];
		reset_time(t, sizeof(t), r->time_ns);
		fmt_ns(s, sizeof(s), (double)r->lat_ns);
		fill_text(f, sizeof(f), r);
		sbuf_printf(b, "<tr><td>%s</td><td class=\"n\">", t);
		if (r->select_all)
			sbuf_printf(b, "all");
		else
			sbuf_printf(b, "%" PRId64, r->zone);
		sbuf_printf(b, "</td><td class=\"n\">%s</td><td>%s</td><td class=\"n\">%s</td></tr>\n",
			    s, status_text(r->status, st, sizeof(st)), f);
	}
	if (d->nr_resets)
		sbuf_printf(b, "</table>\n</details>\n");
	sbuf_printf(b, "<h2>Sizes and alignment</h2>\n<table><tr><th>histogram</th><th>commands by bucket</th></tr>\n");
	for (i = 0; i < 2; i++) {
		sbuf_printf(b, "<tr><td>%s sizes</td><td>", dirs[i]);
		hist_line(b, d, "sizes", dirs[i]);
		sbuf_printf(b, "</td></tr>\n<tr><td>%s alignment</td><td>", dirs[i]);
		hist_line(b, d, "alignment", dirs[i]);
		sbuf_printf(b, "</td></tr>\n");
	}
	sbuf_printf(b, "</table>\n");
}
