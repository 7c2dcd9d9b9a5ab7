// SPDX-License-Identifier: GPL-2.0
/* zns-stat report: a recorded run as one HTML page, or two runs compared. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/args.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "model/compare.h"
#include "render/compare_out.h"
#include "render/report_html.h"
#include "source/datafile.h"

/*
 * report's output: the HTML page (the default, -o html) to -f FILE or beside
 * the data file; the comparison's figures (-o table, csv, json) as every
 * command prints data: to stdout, or -f FILE.
 */
static int report_write(const char *out, int html, enum out_format f,
			struct datafile *df,
			char **paths, struct datafile *df2)
{
	struct sbuf b = { 0 };
	char path[4096];
	int ret;

	if (html && !out) {
		report_default_file(paths[0], df2 ? paths[1] : NULL, path, sizeof(path));
		out = path;
	}
	if (!df2 && df->placement)
		report_placement_html(&b, df, paths[0]);
	else if (!df2)
		report_html(&b, df, paths[0]);
	else if (html)
		report_compare_html(&b, df, paths[0], df2, paths[1]);
	else
		compare_output(&b, f, df, paths[0], df2, paths[1],
			       f == FMT_TABLE && !out ? terminal_width() : 0);
	ret = write_output(out, &b);
	if (!ret && html && strcmp(out, "-"))
		printf("wrote %s\n", out);
	sbuf_free(&b);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "bytes", no_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	const char *out = NULL;
	struct datafile df, df2;
	char err[1024], why[256];
	int c, ret, two, differ, html = 1, bytes = 0;

	while ((c = getopt_long(argc, argv, ":bo:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'b': bytes = 1; break;
		case 'o':
			html = !strcmp(optarg, "html");
			if (!html && (out_format_parse(optarg, &f) || f == FMT_PROM))
				return bad_usage("report: -o wants html (the page), table, csv or json");
			break;
		case 'f': out = optarg; break;
		case 'h': return CMD_HELP;
		default: return bad_option("report: ", c, argv, NULL);
		}
	}
	two = optind + 2 == argc;
	if (optind + 1 != argc && !two)
		return bad_usage("report wants one DATAFILE (or two to compare)");
	/* the page keeps one form: exact bytes are the terminal's table's */
	if (bytes && (html || f != FMT_TABLE))
		return bad_usage("report: -b applies to the comparison's table (-o table)");
	fmt_bytes_exact(bytes);
	if (!html && !two)
		return bad_usage("report: -o table, csv and json are the comparison's: two DATAFILEs (one run: zns-stat report DATAFILE, an HTML page)");
	if (datafile_read(argv[optind], &df, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (two && datafile_read(argv[optind + 1], &df2, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		datafile_free(&df);
		return 1;
	}
	if (two && (df.placement || df2.placement)) {
		fprintf(stderr, "zns-stat: report: %s is a run of a namespace with Flexible Data Placement: one run a page (zns-stat report DATAFILE); comparing two is for zoned runs\n",
			argv[optind + !df.placement]);
		datafile_free(&df);
		datafile_free(&df2);
		return 1;
	}
		differ = two ? report_compare_mismatch(&df, &df2, why, sizeof(why)) : 0;
	if (differ)
		fprintf(stderr, "zns-stat: warning: the runs differ in geometry (%s): %s\n", why,
			differ & REPORT_ZONES_DIFFER ?
			"compared in totals, rates and latency only, not zone by zone" :
			"compared, but sizes and alignment mean other things on each");
	ret = report_write(out, html, f, &df, argv + optind, two ? &df2 : NULL);
	datafile_free(&df);
	if (two)
		datafile_free(&df2);
	return ret;
}
