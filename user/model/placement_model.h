/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The figures of zns-stat placement from the device's FDP state: the write
 * amplification, the events counted by type, and what changed between two
 * readings (the -i view).
 */
#ifndef ZNS_STAT_PLACEMENT_MODEL_H
#define ZNS_STAT_PLACEMENT_MODEL_H

#include <stdint.h>

#include "source/fdp_state.h"

/* media / host bytes; -1 when host is 0 (no write amplification to speak of). */
double fdp_waf(uint64_t media, uint64_t host);

/* The events of one type from one log. */
struct fdp_event_count {
	uint8_t type;
	int host;
	uint64_t n;
};

/* s's events counted by log and type (in that order); how many counts. */
int fdp_event_counts(const struct fdp_state *s, struct fdp_event_count *c,
		     int max);

/* The events of one log of s: the controller's (host 0) or the host's. */
const struct fdp_event *fdp_log_events(const struct fdp_state *s, int host,
				       int *n);

/*
 * How many of the events now[0..nnow) came after the events old[0..nold):
 * the log keeps the newest, oldest first, so the old log's last events are
 * the new log's first ones; everything when no event of old is left.
 */
int fdp_events_after(const struct fdp_event *old, int nold,
		     const struct fdp_event *now, int nnow);

/* Between two readings of the same namespace. */
struct fdp_delta {
	double secs;
	uint64_t hbmw, mbmw, mbe;	/* bytes in the interval */
	int fell;		/* a counter went down (device reset or replaced): 0 */
	int high;		/* a counter is past 64 bits: deltas of the low halves */
	int new_events[2];	/* controller's, host's: the last ones of now's logs */
};

void fdp_delta(const struct fdp_state *a, const struct fdp_state *b,
	       struct fdp_delta *d);

#endif
