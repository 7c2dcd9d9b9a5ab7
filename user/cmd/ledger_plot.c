// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat ledger plot DISK|FILE [--state-dir DIR] [-D OUTDIR] [--force]:
 * the lifetime heatmaps of a ledger into OUTDIR/<identity>/ (default: the
 * current folder, not the state directory); zns-stat ledger report
 * DISK|FILE [--state-dir DIR] [-f FILE]: the same on one HTML page with
 * the namespace's totals and the zones reset far above the mean. They are
 * ledger's, not plot's and report's: those draw recorded runs (DATAFILEs),
 * these a ledger found as ledger show finds it.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/args.h"
#include "cmd/ledger.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "render/ledger_html.h"
#include "render/ledger_svg.h"
#include "source/ledger_file.h"

/* A placement namespace's ledger has no zones to draw: said, 1. */
static int not_zoned(const char *cmd, struct ledger *l)
{
	if (!l->placement)
		return 0;
	fprintf(stderr, "zns-stat: %s: %s's ledger is of a namespace with Flexible Data Placement, which has no zones to draw: zns-stat ledger show shows its rows\n",
		cmd, l->disk);
	ledger_free(l);
	return 1;
}

int cmd_ledger_plot(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "state-dir", required_argument, NULL, 'd' },
		{ "dir", required_argument, NULL, 'D' },
		{ "force", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *dir = NULL, *out = ".";
	struct ledger l;
	int c, ret, force = 0;

	while ((c = getopt_long(argc, argv, ":d:D:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'D': out = optarg; break;
		case 'F': force = 1; break;
		case 'h': return CMD_HELP;
		default: return bad_option("ledger plot: ", c, argv, NULL);
		}
	}
	if (argc - optind != 1)
		return bad_usage("ledger plot wants one DISK (or a state file's path)");
	ret = ledger_open("ledger plot", dir, argv[optind], &l);
	if (ret)
		return ret;
	if (not_zoned("ledger plot", &l))
		return 1;
	ret = ledger_plot(&l, out, force) ? 1 : 0;
	ledger_free(&l);
	return ret;
}

int cmd_ledger_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "state-dir", required_argument, NULL, 'd' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *dir = NULL, *file = NULL;
	char path[4096];
	struct sbuf b = { 0 };
	struct ledger l;
	int c, ret;

	while ((c = getopt_long(argc, argv, ":d:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'f': file = optarg; break;
		case 'h': return CMD_HELP;
		default: return bad_option("ledger report: ", c, argv, NULL);
		}
	}
	if (argc - optind != 1)
		return bad_usage("ledger report wants one DISK (or a state file's path)");
	ret = ledger_open("ledger report", dir, argv[optind], &l);
	if (ret)
		return ret;
	if (not_zoned("ledger report", &l))
		return 1;
	if (!file) {	/* in the current folder, named as plot's folder is */
		ledger_path(path, sizeof(path), ".", l.identity);
		snprintf(path + strlen(path) - strlen(LEDGER_FILE_SUFFIX),
			 sizeof(path) - strlen(path) + strlen(LEDGER_FILE_SUFFIX),
			 ".lifetime.html");
		file = path;
	}
	ledger_report_html(&b, &l);
	ret = write_output(file, &b);
	if (!ret && strcmp(file, "-"))
		printf("wrote %s\n", file);
	sbuf_free(&b);
	ledger_free(&l);
	return ret;
}
