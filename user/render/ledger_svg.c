// SPDX-License-Identifier: GPL-2.0
/* A ledger's lifetime heatmaps (ledger_svg.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/words.h"
#include "model/ledger_zones.h"
#include "render/heatmap.h"
#include "render/ledger_out.h"
#include "render/ledger_svg.h"
#include "render/plot.h"
#include "source/ledger_file.h"

/* Outliers a figure's note names: its one line fits an 8-zone figure. */
#define NOTE_OUTLIERS	1

void ledger_subtitle(const struct ledger *l, char *out, size_t outlen)
{
	char size[32], first[32], last[32];

	fmt_bytes(size, sizeof(size), l->zone_sectors * 512.0);
	/* the days: the line fits a figure's width */
	ledger_time(first, sizeof(first), l->first_seen);
	ledger_time(last, sizeof(last), l->last_seen);
	snprintf(out, outlen, "%s, %" PRIu64 " zones of %s, %" PRIu64 "-byte LBAs; lifetime %.10s to %.10s, %" PRIu64 " %s",
		 l->disk, l->nr_zones, size, l->lba_bytes, first, last, l->folds,
		 plural(l->folds, "fold", "folds"));
}

void ledger_figure(struct sbuf *b, const struct ledger *l,
		   const struct snapshot *s, const struct ledger_outliers *o,
		   const struct metric *m, int with_subtitle)
{
	char sub[512], note[512] = "", names[400];

	ledger_subtitle(l, sub, sizeof(sub));
	if (!strcmp(m->num, "resets")) {
		ledger_outliers_line(o, NOTE_OUTLIERS, names, sizeof(names));
		snprintf(note, sizeof(note), "reset outliers (> mean + %d sd, >= %dx the mean %.2f): %s",
			 OUTLIER_SDS, OUTLIER_TIMES_MEAN, o->mean, *names ? names : "none");
	}
	heatmap_svg(b, s, m, m->title, with_subtitle ? sub : NULL, note);
}

int ledger_plot(const struct ledger *l, const char *outdir, int force)
{
	char dir[4096], path[4400], err[512];
	struct ledger_outliers o;
	struct snapshot s;
	int i, written = 0, skipped = 0, ret = 0;

	ledger_path(dir, sizeof(dir), outdir, l->identity);
	dir[strlen(dir) - strlen(LEDGER_FILE_SUFFIX)] = '\0';	/* its name, a folder */
	if (make_dir_writable(dir, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return -1;
	}
	if (ledger_zone_snapshot(l, &s) || ledger_outliers(l, &o)) {
		fprintf(stderr, "zns-stat: out of memory\n");
		snapshot_free(&s);
		return -1;
	}
	for (i = 0; i < LEDGER_NR_METRICS && !ret; i++) {
		struct sbuf b = { 0 };

		snprintf(path, sizeof(path), "%s/%s.svg", dir, ledger_metrics[i].id);
		if (plot_keep_existing(path, force, &skipped))
			continue;
		ledger_figure(&b, l, &s, &o, &ledger_metrics[i], 1);
		ret = plot_save(path, &b, &written);
		sbuf_free(&b);
	}
	if (!ret)
		plot_said(dir, written, skipped);
	ledger_outliers_free(&o);
	snapshot_free(&s);
	return ret;
}
