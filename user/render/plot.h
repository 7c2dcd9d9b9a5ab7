/* SPDX-License-Identifier: GPL-2.0 */
/* Figures of a recorded run: one SVG heatmap per metric and a README.md. */
#ifndef ZNS_STAT_PLOT_H
#define ZNS_STAT_PLOT_H

#include <stddef.h>

struct datafile;
struct metric;
struct sbuf;

/* "QEMU NVMe Ctrl (zns0), 8 zones of 1 MiB, 512-byte LBAs, <start>, 10 s" */
void plot_subtitle(const struct datafile *df, char *out, size_t outlen);
/* What a figure must say besides its grid: select-all commands, a clear. */
void plot_note(const struct datafile *df, const struct metric *m, char *out,
	       size_t outlen);
/*
 * The figure of metric m for df, as an SVG document; without the subtitle
 * when the page around it says it once (the report).
 */
void plot_figure(struct sbuf *b, const struct datafile *df,
		 const struct metric *m, int with_subtitle);
/*
 * The zone-by-owner map (owner_svg.h) of df; nothing when df has no
 * owner_cgroup column. Owners by id: a data file keeps no paths.
 */
void plot_owner_figure(struct sbuf *b, const struct datafile *df,
		       int with_subtitle);
#define PLOT_OWNER_ID	"owners"	/* its file name, without .svg */
#define PLOT_OWNER_TITLE	"zone owners (the cgroup whose data a zone holds, at the end)"

/*
 * Write the figures of df (read from datapath) into outdir/<data name>/,
 * with README.md. Existing files are kept unless force (each one skipped is
 * named on stdout). -1 after printing one error line.
 */
int plot_datafile(const struct datafile *df, const char *datapath,
		  const char *outdir, int force);

/* 1: path exists and not force (counted in *skipped): keep it. */
int plot_keep_existing(const char *path, int force, int *skipped);
/* b written to path atomically, counted in *written; -1 after one error line. */
int plot_save(const char *path, const struct sbuf *b, int *written);
/* The line plot ends with: "DIR: 2 files written, 1 skipped (...)". */
void plot_said(const char *dir, int written, int skipped);

#endif
