// SPDX-License-Identifier: GPL-2.0
/*
 * Figures of the module's histograms and logs (detail_model.h): a run's
 * counts as the difference of two reads, and the latency quantiles and
 * maximum every view of them shows.
 */
#include <stdint.h>
#include <string.h>

#include "model/detail_model.h"

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

static int same_reset(const struct detail_reset *a, const struct detail_reset *b)
{
	return a->time_ns == b->time_ns && a->lat_ns == b->lat_ns &&
	       a->zone == b->zone && a->fill == b->fill &&
	       a->status == b->status && a->select_all == b->select_all;
}

/*
 * before's event numbered seq, or NULL: a binary search, the file being in
 * seq order (oldest first), else (sorted 0) one by one.
 */
static const struct detail_reset *find_reset(const struct detail *d, int sorted,
					     uint64_t seq)
{
	int lo = 0, hi = d->nr_resets - 1, mid;

	if (!sorted) {
		for (mid = 0; mid < d->nr_resets; mid++)
			if (d->resets[mid].seq == seq)
				return &d->resets[mid];
		return NULL;
	}
	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		if (d->resets[mid].seq == seq)
			return &d->resets[mid];
		if (d->resets[mid].seq < seq)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

/*
 * Whether after's resets log was restarted (cleared) since before's; *last
 * is before's last seq. The log only moves on otherwise: its first and last
 * seq do not go down, and a seq both show is the same event.
 */
static int resets_restarted(const struct detail *before,
			    const struct detail *after, uint64_t *last)
{
	const struct detail_reset *r, *was;
	uint64_t first = UINT64_MAX, top = 0;
	int i, sorted = 1;

	*last = 0;
	for (i = 0; i < before->nr_resets; i++) {
		r = &before->resets[i];
		if (i && r->seq <= before->resets[i - 1].seq)
			sorted = 0;
		*last = r->seq > *last ? r->seq : *last;
		first = r->seq < first ? r->seq : first;
	}
	if (!before->nr_resets)
		return 0;
	for (i = 0; i < after->nr_resets; i++) {
		r = &after->resets[i];
		if (r->seq < first)
			return 1;
		top = r->seq > top ? r->seq : top;
		was = r->seq <= *last ? find_reset(before, sorted, r->seq) : NULL;
		if (was && !same_reset(was, r))
			return 1;
	}
	return top < *last;
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
		    detail_add_count(out, c->file, c->op, c->what, c->lo, c->hi, n))
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
		if (detail_add_count(out, c->file, c->op,
				     was && was->n >= c->n ? "at_most" : "", 0, 0, c->n))
			goto oom;
	}
	/*
	 * The run's resets: those numbered after before's last (seq is taken
	 * when an event is logged; a select-all reset's time_ns may be older).
	 * A clear restarts the numbers from 1: they went back, or a number
	 * before showed names another event now.
	 */
	if (!cleared)
		cleared = resets_restarted(before, after, &last);
	for (i = 0; i < after->nr_resets; i++)
		if ((cleared || after->resets[i].seq > last) &&
		    detail_add_reset(out, &after->resets[i]))
			goto oom;
	return 0;
oom:
	detail_free(out);
	return -1;
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


int detail_lat_figures(const struct detail *d, const char *op,
		       struct detail_lat *f)
{
	f->p50 = detail_lat_bound(d, op, 0.5, &f->n);
	f->p99 = detail_lat_bound(d, op, 0.99, NULL);
	f->exact = detail_lat_max(d, op, &f->max);
	return f->n > 0;
}
