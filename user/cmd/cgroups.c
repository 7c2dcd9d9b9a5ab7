// SPDX-License-Identifier: GPL-2.0
/* zns-stat cgroups: each namespace's commands by cgroup, read and shown. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/args.h"
#include "cmd/cgroups.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "render/cgroups_out.h"
#include "source/cgroups.h"

static int wide;	/* -w; on_disks() passes the format and file only */

static int cgroups_run(char **disks, int nr, enum out_format f, const char *file)
{
	struct cg_table *t = calloc(nr ? nr : 1, sizeof(*t));
	struct sbuf b = { 0 };
	char err[512];
	int i, n = 0, ret = 0;

	if (!t)
		return 1;
	for (i = 0; i < nr; i++) {
		if (cg_table_read(disks[i], &t[n], err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			ret = 1;
			continue;
		}
		n++;
	}
	if (n)
		cg_format(&b, t, n, f, wide,
			  f == FMT_TABLE && !file ? terminal_width() : 0);
	if (n && write_output(file, &b))
		ret = 1;
	for (i = 0; i < n; i++)
		cg_table_free(&t[i]);
	sbuf_free(&b);
	free(t);
	return ret;
}

int cgroups_prom(struct sbuf *b, char *const *disks, int n, char *err,
		 size_t errlen)
{
	struct cg_table *t = calloc(n ? n : 1, sizeof(*t));
	int i, nr = 0, bad = 0;

	if (!t) {
		b->oom = 1;
		return 0;
	}
	for (i = 0; i < n; i++) {
		int ret = cg_table_read(disks[i], &t[nr], err, errlen);

		if (!ret)
			nr++;
		else if (ret == -1)
			bad++;
	}
	prom_cgroups(b, t, nr);
	for (i = 0; i < nr; i++)
		cg_table_free(&t[i]);
	free(t);
	return bad;
}

int cmd_cgroups(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "wide", no_argument, NULL, 'w' },
		{ "bytes", no_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	const char *file = NULL;
	int c;

	while ((c = getopt_long(argc, argv, ":wbo:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'w': wide = 1; break;
		case 'b': fmt_bytes_exact(1); break;
		case 'o':
			if (out_format_parse(optarg, &f))
				return bad_usage("cgroups: -o wants table, csv, json or prom");
			break;
		case 'f': file = optarg; break;
		case 'h': return CMD_HELP;
		default: return bad_option("cgroups: ", c, argv, NULL);
		}
	}
	return on_disks(argc, argv, cgroups_run, f, file);
}
