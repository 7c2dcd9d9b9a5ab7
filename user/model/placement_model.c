// SPDX-License-Identifier: GPL-2.0
/* zns-stat placement's figures: WAF, events by type, an interval's changes. */
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
