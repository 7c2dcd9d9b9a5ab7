/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A ledger's lifetime heatmaps (resets, data written), drawn as plot's
 * (heatmap.h), and written as files or into ledger report's page.
 */
#ifndef ZNS_STAT_LEDGER_SVG_H
#define ZNS_STAT_LEDGER_SVG_H

#include <stddef.h>

#include "lib/sbuf.h"
#include "model/ledger_outliers.h"
#include "model/metrics.h"
#include "source/ledger_state.h"
#include "source/snapshot.h"

/* "zns8, 8 zones of 1 MiB, 512-byte LBAs; lifetime 2026-11-20 to 2026-11-27, 7 folds" */
void ledger_subtitle(const struct ledger *l, char *out, size_t outlen);
/*
 * Figure m (ledger_zones.h) of the zones s (ledger_zone_snapshot()), the
 * resets' with its outliers named; without the subtitle in a page that
 * says it once.
 */
void ledger_figure(struct sbuf *b, const struct ledger *l,
		   const struct snapshot *s, const struct ledger_outliers *o,
		   const struct metric *m, int with_subtitle);
/*
 * Both figures into outdir/<identity>/<metric id>.svg, existing files kept
 * unless force; -1 after one error line.
 */
int ledger_plot(const struct ledger *l, const char *outdir, int force);

#endif
