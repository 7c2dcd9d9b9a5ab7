// SPDX-License-Identifier: GPL-2.0
/*
 * Figures of a recorded run, in <dir>/<data name>/ like the seed tool's
 * figs/<data>/: every heatmap the data has the columns for, and a README.md
 * with the comment and metadata. Each figure is its own file, so a figure
 * that is missing is drawn even when others exist.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/words.h"
#include "model/metrics.h"
#include "model/owner_map.h"
#include "model/view.h"
#include "render/heatmap.h"
#include "render/owner_svg.h"
#include "render/plot.h"
#include "source/cgroup_names.h"
#include "source/datafile.h"

void plot_subtitle(const struct datafile *df, char *out, size_t outlen)
{
	const char *model = datafile_get(df, "model");
	const char *serial = datafile_get(df, "serial");
	const char *start = datafile_get(df, "start_time");
	uint64_t zs = 0, lba = 0;
	char size[32], dur[32];
	size_t n = 0;

	snapshot_summary_u64(&df->zones, "zone_sectors", &zs);
	snapshot_summary_u64(&df->zones, "lba_bytes", &lba);
	fmt_bytes(size, sizeof(size), zs * 512.0);
	snprintf(dur, sizeof(dur), "%.1f s", datafile_get_double(df, "duration_s"));
	if (model && *model)
		n += snprintf(out + n, outlen - n, "%s%s%s%s, ", model,
			      serial && *serial ? " (" : "",
			      serial && *serial ? serial : "",
			      serial && *serial ? ")" : "");
	if (n < outlen)
		snprintf(out + n, outlen - n, "%llu zones of %s, %llu-byte LBAs; %s, %s",
			 (unsigned long long)df->zones.nr_zones, size,
			 (unsigned long long)lba, start ? start : "?", dur);
}

void plot_note(const struct datafile *df, const struct metric *m, char *out,
	       size_t outlen)
{
	const char *cleared = datafile_get(df, "counters_cleared");
	uint64_t all = 0;
	size_t n = 0;

	out[0] = '\0';
	if (!strcmp(m->num, "resets") || !strcmp(m->num, "reset_lat_sum_ns"))
		snapshot_summary_u64(&df->zones, "reset_all", &all);
	if (all)
		n += snprintf(out, outlen, "plus %llu %s (select-all), not in this map; ",
			      (unsigned long long)all,
			      plural(all, "reset of all zones", "resets of all zones"));
	if (cleared && !strcmp(cleared, "yes") && n < outlen)
		n += snprintf(out + n, outlen - n, "counters were cleared during the run: counts since the clear; ");
	if (n >= 2 && n < outlen)
		out[n - 2] = '\0';	/* the last "; " */
}

void plot_figure(struct sbuf *b, const struct datafile *df,
		 const struct metric *m, int with_subtitle)
{
	char title[256], subtitle[512], note[256];

	snprintf(title, sizeof(title), "%s: %s", df->zones.disk, m->title);
	plot_subtitle(df, subtitle, sizeof(subtitle));
	plot_note(df, m, note, sizeof(note));
	heatmap_svg(b, &df->zones, m, title, with_subtitle ? subtitle : NULL, note);
}

void plot_owner_figure(struct sbuf *b, const struct datafile *df,
		       int with_subtitle)
{
	char title[256], subtitle[512];

	snprintf(title, sizeof(title), "%s: %s", df->zones.disk, PLOT_OWNER_TITLE);
	plot_subtitle(df, subtitle, sizeof(subtitle));
	owner_map_svg(b, &df->zones, cgroup_owner_id_name, title,
		      with_subtitle ? subtitle : NULL,
		      "owners by cgroup id: a data file keeps no paths (zns-stat cgroups names live ones)");
}

static void readme(struct sbuf *b, const struct datafile *df,
		   const char *name, const char *datapath)
{
	const char *comment = datafile_get(df, "comment");
	int i;

	sbuf_printf(b, "# %s\n\n", name);
	if (comment && *comment)
		sbuf_printf(b, "%s\n\n", comment);
	else
		sbuf_printf(b, "(no comment)\n\n");
	sbuf_printf(b, "Data file: `%s`\n\n| key | value |\n| --- | --- |\n",
		    strrchr(datapath, '/') ? strrchr(datapath, '/') + 1 : datapath);
	for (i = 0; i < df->nr_meta; i++) {
		const char *v = df->meta[i].value;

		if (datafile_meta_hidden(df->meta[i].key, v))
			continue;
		sbuf_printf(b, "| %s | ", df->meta[i].key);
		for (; *v; v++)	/* a table cell is one line without bars */
			if (*v == '|')
				sbuf_put(b, "\\|", 2);
			else
				sbuf_put(b, *v == '\n' ? " " : v, 1);
		sbuf_printf(b, " |\n");
	}
	for (i = 0; i < df->zones.nr_summary; i++)
		if (summary_disk_counter(&df->zones, df->zones.summary[i].key))
			sbuf_printf(b, "| %s | %s |\n", df->zones.summary[i].key,
				    df->zones.summary[i].value);
	sbuf_printf(b, "\n## Figures\n\n");
	for (i = 0; i < nr_metrics; i++)
		if (metric_available(&metrics[i], &df->zones))
			sbuf_printf(b, "### %s\n\n![%s](%s.svg)\n\n", metrics[i].title,
				    metrics[i].title, metrics[i].id);
	if (owner_map_available(&df->zones))
		sbuf_printf(b, "### %s\n\n![%s](%s.svg)\n\n", PLOT_OWNER_TITLE,
			    PLOT_OWNER_TITLE, PLOT_OWNER_ID);
}

/* An existing file is kept unless --force: counted, said in the summary line. */
int plot_keep_existing(const char *path, int force, int *skipped)
{
	struct stat st;

	if (force || stat(path, &st) != 0)
		return 0;
	++*skipped;
	return 1;
}

int plot_save(const char *path, const struct sbuf *b, int *written)
{
	char err[512];

	if (b->oom) {
		fprintf(stderr, "zns-stat: %s: out of memory\n", path);
		return -1;
	}
	if (write_file_atomic(path, b->s, b->len, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return -1;
	}
	++*written;
	return 0;
}

int plot_datafile(const struct datafile *df, const char *datapath,
		  const char *outdir, int force)
{
	char name[256], dir[4096], path[4400], err[512];
	int i, written = 0, skipped = 0, ret = 0;

	datafile_name(datapath, name, sizeof(name));
	snprintf(dir, sizeof(dir), "%s/%s", outdir, name);
	if (make_dir_writable(dir, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return -1;
	}
	for (i = 0; i < nr_metrics && !ret; i++) {
		struct sbuf b = { 0 };

		if (!metric_available(&metrics[i], &df->zones))
			continue;
		snprintf(path, sizeof(path), "%s/%s.svg", dir, metrics[i].id);
		if (plot_keep_existing(path, force, &skipped))
			continue;
		plot_figure(&b, df, &metrics[i], 1);
		ret = plot_save(path, &b, &written);
		sbuf_free(&b);
	}
	if (!ret && owner_map_available(&df->zones)) {
		struct sbuf b = { 0 };

		snprintf(path, sizeof(path), "%s/%s.svg", dir, PLOT_OWNER_ID);
		if (!plot_keep_existing(path, force, &skipped)) {
			plot_owner_figure(&b, df, 1);
			ret = plot_save(path, &b, &written);
		}
		sbuf_free(&b);
	}
	if (!ret) {
		struct sbuf b = { 0 };

		snprintf(path, sizeof(path), "%s/README.md", dir);
		if (!plot_keep_existing(path, force, &skipped)) {
			readme(&b, df, name, datapath);
			ret = plot_save(path, &b, &written);
		}
		sbuf_free(&b);
	}
	if (!ret)
		plot_said(dir, written, skipped);
	return ret;
}

void plot_said(const char *dir, int written, int skipped)
{
	printf("%s: %d %s written, %d skipped%s\n", dir, written,
	       plural(written, "file", "files"), skipped,
	       skipped ? " (they exist: --force replaces them)" : "");
}
