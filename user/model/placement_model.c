// SPDX-License-Identifier: GPL-2.0
/* zns-stat placement's figures: WAF, events by type, an interval's changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/placement_model.h"

double fdp_waf(uint64_t media, uint64_t host)
{
	return host ? (double)media / host : -1;
}

const struct fdp_event *fdp_log_events(const struct fdp_state *s, int host,
				       int *n)
{
	int nctrl = s->nr_events - s->nr_host_events;

	*n = host ? s->nr_host_events : nctrl;
	return s->events + (host ? nctrl : 0);
}

int fdp_event_counts(const struct fdp_state *s, struct fdp_event_count *c,
		     int max)
{
	int nc = 0, host, i, j, n;

	for (host = 0; host < 2; host++) {
		const struct fdp_event *e = fdp_log_events(s, host, &n);
		int first = nc;

		for (i = 0; i < n; i++) {
			for (j = first; j < nc && c[j].type != e[i].type; j++)
				;
			if (j == nc) {
				if (nc == max)
					continue;
				c[nc++] = (struct fdp_event_count){ e[i].type, host, 0 };
			}
			c[j].n++;
		}
		/* by type within a log: reads as the specification lists them */
		for (i = first + 1; i < nc; i++)
			for (j = i; j > first && c[j].type < c[j - 1].type; j--) {
				struct fdp_event_count t = c[j];

				c[j] = c[j - 1];
				c[j - 1] = t;
			}
	}
	return nc;
}

int fdp_events_after(const struct fdp_event *old, int nold,
		     const struct fdp_event *now, int nnow)
{
	int k, i;

	/* the longest tail of old that is now's head */
	for (k = nold < nnow ? nold : nnow; k > 0; k--) {
		for (i = 0; i < k; i++)
			if (memcmp(old[nold - k + i].raw, now[i].raw, FDP_EVENT_LEN))
				break;
		if (i == k)
			return nnow - k;
	}
	return nnow;
}

static uint64_t grew(const struct fdp_u128 *a, const struct fdp_u128 *b,
		     struct fdp_delta *d)
{
	d->high |= a->high || b->high;
	if (b->lo < a->lo) {
		d->fell = 1;
		return 0;
	}
	return b->lo - a->lo;
}

void fdp_delta(const struct fdp_state *a, const struct fdp_state *b,
	       struct fdp_delta *d)
{
	int host, na, nb;

	memset(d, 0, sizeof(*d));
	d->secs = b->mono - a->mono;
	d->hbmw = grew(&a->stats.hbmw, &b->stats.hbmw, d);
	d->mbmw = grew(&a->stats.mbmw, &b->stats.mbmw, d);
	d->mbe = grew(&a->stats.mbe, &b->stats.mbe, d);
	for (host = 0; host < 2; host++) {
		const struct fdp_event *ea = fdp_log_events(a, host, &na);
		const struct fdp_event *eb = fdp_log_events(b, host, &nb);

		d->new_events[host] = fdp_events_after(ea, na, eb, nb);
	}
}

static void shares(struct placement_host *h)
{
	int i;

	h->writes = 0;
	h->bytes = 0;
	for (i = 0; i < h->nr; i++) {
		h->writes += h->rows[i].writes;
		h->bytes += h->rows[i].bytes;
	}
	for (i = 0; i < h->nr; i++)
		h->rows[i].share = h->bytes ? (double)h->rows[i].bytes / h->bytes : -1;
}

void placement_host_untracked(struct placement_host *h, const char *why)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->why, sizeof(h->why), "%s", why);
}

int placement_host_of(const struct placement_file *pf, struct placement_host *h)
{
	int i;

	memset(h, 0, sizeof(*h));
	h->rows = calloc(pf->nr_rows ? pf->nr_rows : 1, sizeof(*h->rows));
	if (!h->rows) {
		placement_host_untracked(h, "out of memory");
		return -1;
	}
	h->tracked = 1;
	h->nr = pf->nr_rows;
	for (i = 0; i < pf->nr_rows; i++) {
		h->rows[i].id = pf->rows[i];
		h->rows[i].writes = placement_file_get(pf, i, "writes");
		h->rows[i].bytes = placement_file_get(pf, i, "write_sectors") * 512;
		h->zeroes_bytes += placement_file_get(pf, i, "write_zeroes_sectors") * 512;
	}
	shares(h);
	return 0;
}

static const struct placement_host_row *row_like(const struct placement_host *h,
						 const struct placement_row *id)
{
	return id->kind == PROW_PID ? placement_host_pid(h, id->pid) :
	       placement_host_kind(h, id->kind);
}

const struct placement_host_row *placement_host_pid(const struct placement_host *h,
						    uint32_t pid)
{
	int i;

	for (i = 0; i < h->nr; i++)
		if (h->rows[i].id.kind == PROW_PID && h->rows[i].id.pid == pid)
			return &h->rows[i];
	return NULL;
}

const struct placement_host_row *placement_host_kind(const struct placement_host *h,
						     enum placement_row_kind kind)
{
	int i;

	for (i = 0; i < h->nr; i++)
		if (h->rows[i].id.kind == kind)
			return &h->rows[i];
	return NULL;
}

static uint64_t since(uint64_t a, uint64_t b, int *fell)
{
	if (b < a)
		*fell = 1;
	return b - a;
}

int placement_host_delta(const struct placement_host *a,
			 const struct placement_host *b, double secs,
			 struct placement_host *d)
{
	uint64_t zeroes;
	int i;

	if (!b->tracked) {
		placement_host_untracked(d, b->why);
		d->secs = secs;
		return 0;
	}
	memset(d, 0, sizeof(*d));
	d->rows = calloc(b->nr ? b->nr : 1, sizeof(*d->rows));
	if (!d->rows) {
		placement_host_untracked(d, "out of memory");
		return -1;
	}
	d->tracked = 1;
	d->nr = b->nr;
	d->secs = secs;
	for (i = 0; i < b->nr; i++) {
		const struct placement_host_row *o = a->tracked ? row_like(a, &b->rows[i].id) : NULL;

		d->rows[i].id = b->rows[i].id;
		d->rows[i].writes = since(o ? o->writes : 0, b->rows[i].writes, &d->fell);
		d->rows[i].bytes = since(o ? o->bytes : 0, b->rows[i].bytes, &d->fell);
	}
	zeroes = since(a->tracked ? a->zeroes_bytes : 0, b->zeroes_bytes, &d->fell);
	if (d->fell) {	/* from another count than a's: no figure for it */
		for (i = 0; i < d->nr; i++) {
			d->rows[i].writes = 0;
			d->rows[i].bytes = 0;
		}
		zeroes = 0;
	}
	d->zeroes_bytes = zeroes;
	shares(d);
	return 0;
}

void placement_host_free(struct placement_host *h)
{
	free(h->rows);
	h->rows = NULL;
	h->nr = 0;
}

static int same_rows(const struct placement_file *a, const struct placement_file *b)
{
	int r;

	if (a->nr_rows != b->nr_rows)
		return 0;
	for (r = 0; r < a->nr_rows; r++)
		if (a->rows[r].kind != b->rows[r].kind ||
		    (a->rows[r].kind == PROW_PID && (a->rows[r].pid != b->rows[r].pid ||
						      a->rows[r].ruhid != b->rows[r].ruhid)))
			return 0;
	return 1;
}

/* A minimum or maximum: the module's since it began counting, no growth. */
static int extreme(const char *col)
{
	size_t len = strlen(col);

	return len > 7 && (!strcmp(col + len - 7, "_min_ns") ||
			   !strcmp(col + len - 7, "_max_ns"));
}

int placement_file_delta(const struct placement_file *a,
			 const struct placement_file *b, int restarted,
			 struct placement_file *out)
{
	size_t n = (size_t)b->nr_rows * b->nr_columns, k;
	int i, r, c;

	memset(out, 0, sizeof(*out));
	out->rows = malloc((b->nr_rows ? b->nr_rows : 1) * sizeof(*out->rows));
	out->values = malloc((n ? n : 1) * sizeof(*out->values));
	for (i = 0; i < b->nr_columns; i++, out->nr_columns++)
		if (!(out->columns[i] = strdup(b->columns[i])))
			break;
	if (!out->rows || !out->values || i < b->nr_columns) {
		placement_file_free(out);
		return -1;
	}
	out->nr_rows = b->nr_rows;
	memcpy(out->rows, b->rows, b->nr_rows * sizeof(*out->rows));
	memcpy(out->values, b->values, n * sizeof(*out->values));
	restarted |= !same_rows(a, b);
	/* a counter below a's: the module's counters started over */
	for (r = 0; r < b->nr_rows && !restarted; r++)
		for (c = 0; c < b->nr_columns && !restarted; c++) {
			int ac = placement_file_column(a, b->columns[c]);

			restarted = ac >= 0 && !extreme(b->columns[c]) &&
				    a->values[(size_t)r * a->nr_columns + ac] >
				    b->values[(size_t)r * b->nr_columns + c];
		}
	if (restarted)
		return 1;
	for (k = 0; k < n; k++) {
		const char *col = b->columns[k % b->nr_columns];
		int ac = placement_file_column(a, col);

		if (ac >= 0 && !extreme(col))
			out->values[k] -= a->values[(k / b->nr_columns) * a->nr_columns + ac];
	}
	return 0;
}
