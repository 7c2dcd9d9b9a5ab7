// SPDX-License-Identifier: GPL-2.0
/* zns-stat plot: the figures of recorded runs, from their data files. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/args.h"
#include "render/plot.h"
#include "source/datafile.h"

int cmd_plot(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'D' },
		{ "force", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *dir = NULL;
	int c, i, force = 0, ret = 0;

	while ((c = getopt_long(argc, argv, ":D:h", opts, NULL)) != -1) {
		switch (c) {
		case 'D': dir = optarg; break;
		case 'F': force = 1; break;
		case 'h': return CMD_HELP;
		default:
			return bad_option("plot: ", c, argv,
					  "plot's folder is -D DIR (--dir)");
		}
	}
	if (optind == argc)
		return bad_usage("plot wants at least one DATAFILE");
	for (i = optind; i < argc; i++) {
		char err[1024], here[4096];
		struct datafile df;
		const char *slash = strrchr(argv[i], '/');

		if (datafile_read(argv[i], &df, err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			ret = 1;
			continue;
		}
		if (df.placement) {
			fprintf(stderr, "zns-stat: plot: %s is a run of a namespace with Flexible Data Placement, which has no zones to draw: zns-stat report %s draws its rows\n",
				argv[i], argv[i]);
			datafile_free(&df);
			ret = 1;
			continue;
		}
		/* by default next to the data file, as record puts them */
		snprintf(here, sizeof(here), "%.*s", slash ? (int)(slash - argv[i]) : 1,
			 slash ? argv[i] : ".");
		if (slash == argv[i])
			snprintf(here, sizeof(here), "/");
		if (plot_datafile(&df, argv[i], dir ? dir : here, force))
			ret = 1;
		datafile_free(&df);
	}
	return ret;
}
