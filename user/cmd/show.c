// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat [DISK...]: the zone table of each namespace (or CSV, JSON,
 * Prometheus), and with -i the live view (cmd/interval.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../include/zns_stat.h"
#include "cmd/args.h"
#include "cmd/cgroups.h"
#include "cmd/interval.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "model/view.h"
#include "source/snapshot.h"
#include "source/untracked.h"
#include "source/zonereport.h"

/* -o prom: the per-cgroup series after the zones' (modules with a cgroups file). */
static int prom_with_cgroups(struct sbuf *b, const struct snapshot *snaps, int n)
{
	char **names = calloc(n, sizeof(*names)), err[512];
	int i, bad;

	if (!names) {
		b->oom = 1;
		return 1;
	}
	for (i = 0; i < n; i++)
		names[i] = (char *)snaps[i].disk;
	bad = cgroups_prom(b, names, n, err, sizeof(err));
	if (bad)
		fprintf(stderr, "zns-stat: %s\n", err);
	free(names);
	return bad != 0;
}

/* One snapshot of each namespace, in the chosen format. */
static int show(char **disks, int nr, enum out_format f,
		const struct view_opts *vo, const char *file, int default_limit)
{
	struct snapshot *snaps = calloc(nr ? nr : 1, sizeof(*snaps));
	struct sbuf b = { 0 };
	char err[512], why[512];
	int i, n = 0, ret = 0, said = 0;

	if (!snaps)
		return 1;
	for (i = 0; i < nr; i++) {
		if (snapshot_read(disks[i], &snaps[n], err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			ret = 1;
			continue;
		}
		/* zone state where the device is readable; its absence said once */
		if (zonereport_add(&snaps[n++], why, sizeof(why)) && !said++)
			fprintf(stderr, "zns-stat: no cond, wptr and cap columns: %s\n", why);
		if (vo->columns && table_check_columns(&snaps[n - 1], vo->columns,
						       err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			snapshot_free(&snaps[--n]);
			ret = 1;
		}
	}
	/* nothing tracked is still a document for the machine formats */
	if (n || (!ret && f != FMT_TABLE)) {
		output_snapshots(&b, f, snaps, n, vo);
	}
	if (f == FMT_PROM && n && prom_with_cgroups(&b, snaps, n))
		ret = 1;
	if (f == FMT_PROM && default_limit)
		say_prom_left_out(snaps, n, vo);
	if (write_output(n || !ret ? file : NULL, &b))
		ret = 1;
	for (i = 0; i < n; i++)
		snapshot_free(&snaps[i]);
	free(snaps);
	sbuf_free(&b);
	return ret;
}

/*
 * --list-columns: the zone table's columns (for --columns) of DISK, else of
 * the first tracked namespace: they follow the module's version and
 * whether the block device's zone report is readable.
 */
static int list_table_columns(char **disks, int nr)
{
	struct snapshot s;
	struct sbuf b = { 0 };
	char err[512], **names = NULL;
	int n = 0, i, ret;

	if (!nr && snapshot_list_disks(&names, &n, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (!nr && !n) {
		fprintf(stderr, "zns-stat: --list-columns: no namespace is tracked to read the columns of\n");
		return 1;
	}
	/* the first namespace that can be read */
	for (i = 0, ret = -1; ret && i < (nr ? nr : n); i++)
		ret = snapshot_read(nr ? disks[i] : names[i], &s, err, sizeof(err));
	snapshot_free_names(names, n);
	if (ret) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	zonereport_add(&s, err, sizeof(err));
	output_table_columns(&b, &s);
	ret = write_output(NULL, &b);
	snapshot_free(&s);
	sbuf_free(&b);
	return ret;
}

static int show_all(enum out_format f, const struct view_opts *vo,
		    const char *file, int default_limit)
{
	char err[512], **names;
	int n, ret;

	if (snapshot_list_disks(&names, &n, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (!n && f == FMT_TABLE) {
		char **pnames;
		int np, i;

		explain_none_tracked(snapshot_root(), err, sizeof(err));
		printf("%s\n", err);
		/* the namespaces with placement it does count, not zoned */
		if (!snapshot_list_placement(&pnames, &np, err, sizeof(err)) && np) {
			printf("with Flexible Data Placement (zns-stat placement DISK):");
			for (i = 0; i < np; i++)
				printf(" %s", pnames[i]);
			printf("\n");
			snapshot_free_names(pnames, np);
		}
		return 0;
	}
	ret = show(names, n, f, vo, file, default_limit);
	snapshot_free_names(names, n);
	return ret;
}

/*
 * "zns-stat -o json detail zns8": a command after the main view's options
 * is no disk name; say where it goes (main.c's table has the commands).
 */
static int is_command_word(const char *w)
{
	static const char * const cmds[] = { "record", "plot", "report", "lifecycle",
		"detail", "cgroups", "export", "ledger", "help" };
	size_t i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(w, cmds[i]))
			return 1;
	return 0;
}

static int command_misplaced(const char *cmd)
{
	char what[160];

	snprintf(what, sizeof(what),
		 "'%s' is a command: it comes first, its options after it (zns-stat %s -o ...)",
		 cmd, cmd);
	return bad_usage(what);
}

int cmd_show(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "wide", no_argument, NULL, 'w' },
		{ "bytes", no_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "max-zones", required_argument, NULL, 'm' },
		{ "file", required_argument, NULL, 'f' },
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'n' },
		{ "top", required_argument, NULL, 't' },
		{ "raw", no_argument, NULL, 'r' },
		{ "columns", required_argument, NULL, 'C' },
		{ "list-columns", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ }
	};
	struct interval_opts io = { .count = -1, .top = 3,
				    .view = { .max_zones = -1 } };
	int c, max_zones_set = 0, top_set = 0, list_columns = 0, bytes = 0;
	double v;

	while ((c = getopt_long(argc, argv, ":awbo:m:f:i:n:t:rhV", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			io.view.all = 1;
			break;
		case 'w':
			io.view.wide = 1;
			break;
		case 'b':
			bytes = 1;
			fmt_bytes_exact(1);
			break;
		case 'o':
			if (out_format_parse(optarg, &io.format))
				return bad_usage("-o wants table, csv, json or prom");
			break;
		case 'm':
			if (parse_num(optarg, 0, &v) || v != (long)v)
				return bad_usage("-m wants a number of zones");
			io.view.max_zones = (long)v;
			max_zones_set = 1;
			break;
		case 'f':
			io.file = optarg;
			break;
		case 'i':
			if (parse_num(optarg, 0.01, &io.seconds))
				return bad_usage("-i wants a number of seconds (0.01 or more)");
			break;
		case 'n':
			if (parse_num(optarg, 1, &v) || v != (long)v)
				return bad_usage("-n wants a count of 1 or more");
			io.count = (long)v;
			break;
		case 't':
			if (parse_num(optarg, 0, &v) || v != (long)v)
				return bad_usage("-t wants a number of zones");
			io.top = (int)v;
			top_set = 1;
			break;
		case 'r':
			io.view.raw = 1;
			break;
		case 'C':
			io.view.columns = optarg;
			break;
		case 'L':
			list_columns = 1;
			break;
		case 'h':
			return CMD_HELP;
		case 'V':
			printf("zns-stat %s\n", ZNS_STAT_VERSION);
			return 0;
		default:
			return bad_option("", c, argv, NULL);
		}
	}
	if (io.file && !strcmp(io.file, "-"))
		io.file = NULL;		/* -f -: stdout, for every view */
	/* a 64K-zone drive must not flood a Prometheus collector */
	if (io.format == FMT_PROM && !max_zones_set) {
		io.view.max_zones = PROM_DEFAULT_MAX_ZONES;
		io.default_limit = 1;
	}
	if (io.count > 0 && io.seconds == 0)
		return bad_usage("-n needs -i");
	if (top_set && io.seconds == 0)
		return bad_usage("-t needs -i");
	/* the interval view has its own columns; only prom shows zones */
	if (io.seconds > 0 && bytes)
		return bad_usage("-b does not apply to -i (its rates are in MiB/s, as their names say)");
	if (io.seconds > 0 && io.view.wide)
		return bad_usage("-w does not apply to -i (the interval view has its own columns)");
	if (io.seconds > 0 && io.format != FMT_PROM && (io.view.all || max_zones_set))
		return bad_usage("-a and -m apply to -i only with -o prom (per-zone series)");
	/* lsblk's table options: the zone table's only */
	if ((io.view.raw || io.view.columns) && (io.format != FMT_TABLE || io.seconds > 0))
		return bad_usage("--raw and --columns apply to the zone table only (not -i, not -o)");
	if (io.view.columns && io.view.wide)
		return bad_usage("--columns chooses the columns: no --wide with it");
	if (optind < argc && is_command_word(argv[optind]))
		return command_misplaced(argv[optind]);
	disk_args(argv + optind, argc - optind);
	/* the tables fit a terminal: the zones' and the live view's */
	if (io.format == FMT_TABLE && !io.file && !io.view.columns)
		io.view.width = terminal_width();
	if (list_columns)
		return list_table_columns(argv + optind, argc - optind);
	if (io.seconds > 0)
		return interval_run(argv + optind, argc - optind, &io);
	if (optind == argc)
		return show_all(io.format, &io.view, io.file, io.default_limit);
	return show(argv + optind, argc - optind, io.format, &io.view, io.file,
		    io.default_limit);
}
