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
#include "source/placement_file.h"

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

/*
 * The host's side, from the module's "placement" file: per row (placement
 * ID, none, unlisted) the write commands and their bytes as zns_stat counted
 * them, exact per command, and each row's share of the namespace's bytes.
 */
struct placement_host_row {
	struct placement_row id;
	uint64_t writes, bytes;		/* bytes: write_sectors * 512 */
	double share;			/* of the namespace's bytes; -1: it has none */
};

struct placement_host {
	int tracked;		/* 0: no rows, why says why (one phrase) */
	char why[256];
	int nr;
	struct placement_host_row *rows;
	uint64_t writes, bytes;	/* the namespace's: every row */
	uint64_t zeroes_bytes;	/* write zeroes (a device may count them as written) */
	/* a delta's: its seconds; a counter went down (module reloaded): figures 0 */
	double secs;
	int fell;
};

/* pf's figures into h (tracked); -1, h untracked, when out of memory. */
int placement_host_of(const struct placement_file *pf, struct placement_host *h);
/* h not tracked, for the reason why. */
void placement_host_untracked(struct placement_host *h, const char *why);
/*
 * What grew from a to b (b's rows; a row a lacks, or an untracked a, from
 * 0: the module counts a namespace from its first placement write) over
 * secs; d is untracked when b is. -1 when out of memory.
 */
int placement_host_delta(const struct placement_host *a,
			 const struct placement_host *b, double secs,
			 struct placement_host *d);
/* The row of placement ID pid, or of kind (none, unlisted); NULL if none. */
const struct placement_host_row *placement_host_pid(const struct placement_host *h,
						    uint32_t pid);
const struct placement_host_row *placement_host_kind(const struct placement_host *h,
						     enum placement_row_kind kind);
void placement_host_free(struct placement_host *h);

/*
 * What b's counters gained since a, per row and column, into out (b's rows
 * and columns; placement_file_free() it): b whole, and 1, when they started
 * over between the two (restarted: the epochs differ; or a's rows are not
 * b's, or a counter went below a's). 0, or -1 out of memory.
 */
int placement_file_delta(const struct placement_file *a,
			 const struct placement_file *b, int restarted,
			 struct placement_file *out);

#endif
