/* SPDX-License-Identifier: GPL-2.0 */
/* zns-stat placement's text: the device's FDP state, and the -i view's intervals. */
#ifndef ZNS_STAT_PLACEMENT_OUT_H
#define ZNS_STAT_PLACEMENT_OUT_H

#include "lib/sbuf.h"
#include "model/placement_model.h"
#include "render/out_format.h"

/* The table shows this many of the newest events (CSV and JSON: every one). */
#define PLACEMENT_LAST_EVENTS	5

/*
 * One reading of one namespace in format f (table, csv, json), with the
 * host's figures of h beside the device's (h untracked: its reason said).
 */
void placement_format(struct sbuf *b, const struct fdp_state *s,
		      const struct placement_host *h, enum out_format f);

/*
 * One interval (the device's changes d and the host's h, until now was
 * read): the table's time line
 * and row (a header at the first), CSV's row (its header at the first),
 * JSON's object, after a comma but at the first. placement_json_open and
 * _close go around a JSON run on a stream.
 */
void placement_interval(struct sbuf *b, const struct fdp_state *now,
			const struct fdp_delta *d, const struct placement_host *h,
			enum out_format f, int first);
extern const char placement_json_open[], placement_json_close[];

#endif
