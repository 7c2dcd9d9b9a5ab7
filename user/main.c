// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat: show, watch, record and draw the per-zone statistics that the
 * zns_stat module keeps. This file reads the command line and hands over to
 * the file that does the work.
 */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../include/zns_stat.h"
#include "cmd/export.h"
#include "cmd/interval.h"
#include "cmd/lifecycle.h"
#include "cmd/record.h"
#include "model/view.h"
#include "model/compare.h"
#include "render/compare_out.h"
#include "render/detail_out.h"
#include "render/plot.h"
#include "render/report_html.h"
#include "source/datafile.h"
#include "source/detail.h"
#include "source/snapshot.h"
#include "source/untracked.h"
#include "source/zonereport.h"

#define PROM_DEFAULT_MAX_ZONES	256

static void usage(FILE *out);
static void command_usage(FILE *out, const char *name);

static int bad_usage(const char *what)
{
	fprintf(stderr, "zns-stat: %s; see 'zns-stat --help'\n", what);
	return 2;
}

/*
 * getopt_long's ':' (a value missing) or '?' (not an option here) as one
 * line of ours: getopt's own messages are off (opterr = 0, optstring ':...').
 * An -o where a command wants a folder or a file names the option it wants.
 */
static int bad_option(const char *cmd, int c, char **argv, const char *o_means)
{
	char what[320];
	const char *arg = argv[optind - 1];

	if (c == ':')
		snprintf(what, sizeof(what), "%s%s needs a value", cmd, arg);
	else if (optopt == 'o' && o_means)
		snprintf(what, sizeof(what), "%s-o is the output format of the table: %s", cmd,
			 o_means);
	else if (optopt && optopt != '?')
		snprintf(what, sizeof(what), "%sunknown option -%c", cmd, optopt);
	else
		snprintf(what, sizeof(what), "%sunknown option '%.200s'", cmd, arg);
	return bad_usage(what);
}

static int parse_num(const char *s, double min, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return errno || end == s || *end || *v < min ? -1 : 0;
}

/*
 * The table fits a terminal (COLUMNS, else its window size), like iostat
 * and lsblk; a pipe or a file gets every column.
 */
static int terminal_width(void)
{
	const char *columns = getenv("COLUMNS");
	struct winsize ws;

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (columns && atoi(columns) > 0)
		return atoi(columns);
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}

/* Disk arguments as names: /dev/nvme0n2 is nvme0n2. */
static char **disk_args(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] = (char *)disk_arg(v[i]);
	return v;
}

/* One snapshot of each namespace, in the chosen format. */
static int show(char **disks, int nr, enum out_format f,
		const struct view_opts *vo, const char *file)
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
			fprintf(stderr, "zns-stat: no cond, wptr and cap columns (the zone report of the block device): %s\n",
				why);
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
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
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
		    const char *file)
{
	char err[512], **names;
	int n, i, ret;

	if (snapshot_list_disks(&names, &n, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	if (!n && f == FMT_TABLE) {
		explain_none_tracked(snapshot_root(), err, sizeof(err));
		printf("%s\n", err);
		return 0;
	}
	ret = show(names, n, f, vo, file);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

static int cmd_record(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "comment", required_argument, NULL, 'c' },
		{ "duration", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "dir", required_argument, NULL, 'D' },
		{ "clear", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct record_opts o = { .dir = "." };
	int c;

	while ((c = getopt_long(argc, argv, ":c:d:i:D:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': o.comment = optarg; break;
		case 'i':
			if (parse_num(optarg, 0.1, &o.interval))
				return bad_usage("record: -i wants a number of seconds, 0.1 or more");
			break;
		case 'd':
			if (parse_num(optarg, 0.001, &o.seconds))
				return bad_usage("record: -d wants a number of seconds above 0");
			break;
		case 'D': o.dir = optarg; break;
		case 'C': o.clear = 1; break;
		case 'h': command_usage(stdout, "record"); return 0;
		default:
			return bad_option("record: ", c, argv,
					  "record's folder is -D DIR (--dir)");
		}
	}
	if (optind + 1 != argc)
		return bad_usage("record wants exactly one DISK");
	o.disk = disk_arg(argv[optind]);
	return record_run(&o);
}

static int cmd_plot(int argc, char **argv)
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
		case 'h': command_usage(stdout, "plot"); return 0;
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
	if (!df2)
		report_html(&b, df, paths[0]);
	else if (html)
		report_compare_html(&b, df, paths[0], df2, paths[1]);
	else
		compare_output(&b, f, df, paths[0], df2, paths[1]);
	ret = write_output(out, &b);
	if (!ret && html && strcmp(out, "-"))
		printf("wrote %s\n", out);
	sbuf_free(&b);
	return ret;
}

static int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	const char *out = NULL;
	struct datafile df, df2;
	char err[1024], why[256];
	int c, ret, two, differ, html = 1;

	while ((c = getopt_long(argc, argv, ":o:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			html = !strcmp(optarg, "html");
			if (!html && (out_format_parse(optarg, &f) || f == FMT_PROM))
				return bad_usage("report: -o wants html (the page), table, csv or json");
			break;
		case 'f': out = optarg; break;
		case 'h': command_usage(stdout, "report"); return 0;
		default: return bad_option("report: ", c, argv, NULL);
		}
	}
	two = optind + 2 == argc;
	if (optind + 1 != argc && !two)
		return bad_usage("report wants one DATAFILE (or two to compare)");
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

/* run() on the DISKs after the options, else on every tracked namespace. */
static int on_disks(int argc, char **argv,
		   int (*run)(char **disks, int n, enum out_format f,
			      const char *file),
		   enum out_format f, const char *file)
{
	char err[512], **names;
	int n, i, ret;

	if (optind < argc)
		return run(disk_args(argv + optind, argc - optind),
			   argc - optind, f, file);
	if (snapshot_list_disks(&names, &n, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	ret = run(names, n, f, file);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

static int cmd_lifecycle(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	const char *file = NULL;
	int c;

	while ((c = getopt_long(argc, argv, ":o:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			if (out_format_parse(optarg, &f))
				return bad_usage("-o wants table, csv, json or prom");
			break;
		case 'f': file = optarg; break;
		case 'h': command_usage(stdout, "lifecycle"); return 0;
		default: return bad_option("lifecycle: ", c, argv, NULL);
		}
	}
	return on_disks(argc, argv, life_run, f, file);
}

/* zns-stat detail: the histograms and logs of each namespace, since load or clear. */
static int detail_disks(char **disks, int n, enum out_format f,
			const char *file)
{
	struct detail *d = calloc(n ? n : 1, sizeof(*d));
	char err[512], **names = calloc(n ? n : 1, sizeof(*names));
	struct sbuf b = { 0 };
	int i, nr = 0, ret = 0;

	if (!d || !names) {
		free(d);
		free(names);
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (detail_read(disks[i], &d[nr], err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			ret = 1;
			continue;
		}
		names[nr++] = disks[i];
	}
	if (f == FMT_CSV)
		detail_csv(&b, names, d, nr);
	else if (f == FMT_JSON)
		detail_json(&b, names, d, nr);
	for (i = 0; f == FMT_TABLE && i < nr; i++) {
		if (b.len)
			sbuf_printf(&b, "\n");
		detail_text(&b, names[i], &d[i]);
	}
	if ((nr || !ret) && b.len && write_output(file, &b))
		ret = 1;
	for (i = 0; i < nr; i++)
		detail_free(&d[i]);
	free(d);
	free(names);
	sbuf_free(&b);
	return ret;
}

static int cmd_detail(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	const char *file = NULL;
	int c;

	while ((c = getopt_long(argc, argv, ":o:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			/* histograms and logs: no Prometheus view here, export has them */
			if (out_format_parse(optarg, &f) || f == FMT_PROM)
				return bad_usage("detail: -o wants table, csv or json (Prometheus: zns-stat export)");
			break;
		case 'f': file = optarg; break;
		case 'h': command_usage(stdout, "detail"); return 0;
		default: return bad_option("detail: ", c, argv, NULL);
		}
	}
	return on_disks(argc, argv, detail_disks, f, file);
}

static int cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "textfile-dir", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "zones", no_argument, NULL, 'z' },
		{ "max-zones", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct export_opts o = { .max_zones = PROM_DEFAULT_MAX_ZONES };
	int c, max_zones_set = 0;
	char what[256];
	double v;

	opterr = 0;	/* one line for the journal: ours */
	while ((c = getopt_long(argc, argv, "d:i:zm:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': o.dir = optarg; break;
		case 'i':
			/* (a year at most: no NaN, no infinity) */
			if (parse_num(optarg, 0.1, &o.seconds) || !(o.seconds <= 31536000))
				return bad_usage("export: --interval wants a number of seconds (0.1 or more)");
			break;
		case 'z': o.zones = 1; break;
		case 'm':
			if (parse_num(optarg, 0, &v) || v != (long)v)
				return bad_usage("export: --max-zones wants a number of zones");
			o.max_zones = (long)v;
			max_zones_set = 1;
			break;
		case 'h': command_usage(stdout, "export"); return 0;
		default:
			snprintf(what, sizeof(what), "export: unknown option, or no value, in '%.200s'",
				 argv[optind - 1]);
			return bad_usage(what);
		}
	}
	if (!o.dir || !*o.dir)
		return bad_usage("export wants --textfile-dir DIR");
	if (max_zones_set && !o.zones)
		return bad_usage("export: --max-zones needs --zones");
	if (optind < argc) {
		o.nr_disks = argc - optind;
		o.disks = disk_args(argv + optind, o.nr_disks);
	}
	return export_run(&o);
}

#define STR_(x) #x
#define STR(x) STR_(x)

static int cmd_help(int argc, char **argv);

/*
 * Every command: what runs it, and its lines of --help and of
 * "zns-stat help CMD", so the two never disagree. The first entry (no
 * name) is the default command, the view of the namespaces.
 */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *synopsis;	/* after "zns-stat " */
	const char *help;
} commands[] = {
	{ NULL, NULL,
	  "[-aw] [-o FMT] [-m N] [-f FILE] [DISK...]\n"
	  "[-a] [-r] [--columns COL,...] [DISK...]    (--list-columns [DISK])\n"
	  "[-o FMT] [-f FILE] -i SEC [-n COUNT] [-t N] [DISK...]",
	  "  -a, --all            every zone, not only zones with activity\n"
	  "  -w, --wide           table: every column (latency min/max/sum, not means)\n"
	  "  -o, --output FMT     table (default), csv, json or prom (Prometheus)\n"
	  "  -m, --max-zones N    at most N zones per namespace, the busiest (prom: " STR(PROM_DEFAULT_MAX_ZONES) ")\n"
	  "  -f, --file FILE      write FILE (replaced atomically) instead of stdout (-: stdout)\n"
	  "  -i, --interval SEC   every SEC seconds, the rates of that interval\n"
	  "  -n, --count N        stop after N intervals\n"
	  "  -t, --top N          busiest zones named per interval (default 3)\n"
	  "  -r, --raw            table: no title, columns not aligned (as lsblk -r)\n"
	  "      --columns COL,...  table: these columns, in this order (lsblk -o)\n"
	  "      --list-columns   the table's columns and what they hold\n"
	  "  with -i, -a and -m apply to -o prom only; -w to none\n" },
	{ "record", cmd_record,
	  "record DISK [-c COMMENT] [-d SEC] [-i SEC] [-D DIR] [--clear]",
	  "snapshot, wait for Ctrl-C or -d SEC, write DIR/DISK-TIME.dat and its\n"
	  "figures (-D, --dir DIR: default .); -c the comment (else asked),\n"
	  "--clear zeroes counters first; -i SEC keeps each zone's changes per\n"
	  "interval (the report draws them over time)\n" },
	{ "plot", cmd_plot,
	  "plot DATAFILE... [-D DIR] [--force]",
	  "SVG heatmaps and README.md into DIR/<data name>/ (-D, --dir DIR: the\n"
	  "data file's); existing figures are kept unless --force\n" },
	{ "report", cmd_report,
	  "report DATAFILE [DATAFILE_B] [-f FILE.html]\n"
	  "report DATAFILE DATAFILE_B -o FMT [-f FILE]",
	  "one HTML page with metadata, summary and every heatmap: -f FILE\n"
	  "(-: stdout), else beside the data file, as NAME.html; with two data\n"
	  "files, the runs side by side, B/A and B - A (A-NAME-vs-B-NAME.html);\n"
	  "-o table, csv or json: the comparison's figures, to stdout or -f FILE\n"
	  "(-o html: the page, the default)\n" },
	{ "lifecycle", cmd_lifecycle,
	  "lifecycle [-o FMT] [-f FILE] [DISK...]",
	  "fill at reset, finish waste, open/active zones against the\n"
	  "limits, time to full and time open, as the host drove the zones\n" },
	{ "detail", cmd_detail,
	  "detail [-o FMT] [-f FILE] [DISK...]",
	  "latency p50/p99 (bucket bounds) and exact max per operation, errors\n"
	  "by status, the resets log, size and alignment histograms; -o table,\n"
	  "csv (a table per kind) or json\n" },
	{ "export", cmd_export,
	  "export --textfile-dir DIR [--interval SEC] [--zones [-m N]] [DISK...]",
	  "DIR/zns_stat.prom (replaced atomically) for node_exporter's textfile\n"
	  "collector: once, or every SEC seconds until SIGTERM; --zones adds the\n"
	  "per-zone series (at most N zones a namespace, the busiest; " STR(PROM_DEFAULT_MAX_ZONES) ");\n"
	  "zns_stat_up{disk} says which namespaces were read; exit 0 while any was\n" },
	{ "help", cmd_help,
	  "help [COMMAND]",
	  "this text, or one command's\n" },
};

#define NR_COMMANDS ((int)(sizeof(commands) / sizeof(commands[0])))

static const struct command *find_command(const char *name)
{
	int i;

	for (i = 1; i < NR_COMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* Each line of text after prefix, then indent. */
static void print_lines(FILE *out, const char *prefix, const char *indent,
			const char *text)
{
	const char *nl;

	for (; *text; text = nl + 1) {
		nl = strchr(text, '\n');
		if (!nl)
			nl = text + strlen(text);
		fprintf(out, "%s%.*s\n", prefix, (int)(nl - text), text);
		prefix = indent;
		if (!*nl)
			break;
	}
}

static void usage(FILE *out)
{
	char name[24];
	int i;

	for (i = 0; i < NR_COMMANDS; i++)
		print_lines(out, i ? "       zns-stat " : "usage: zns-stat ",
			    "       zns-stat ", commands[i].synopsis);
	fprintf(out, "\nPer-zone statistics of zoned NVMe namespaces, from the zns_stat module\n"
		"(%s). With no DISK, every tracked namespace.\n\n", snapshot_root());
	print_lines(out, "", "", commands[0].help);
	for (i = 1; i < NR_COMMANDS; i++) {
		snprintf(name, sizeof(name), "%s:", commands[i].name);
		fprintf(out, "%-11s", name);
		print_lines(out, "", "           ", commands[i].help);
	}
	fprintf(out, "  -h, --help, -V, --version, help COMMAND     see zns-stat(8)\n");
}

/* One command's synopsis and help: "zns-stat CMD --help", "zns-stat help CMD". */
static void command_usage(FILE *out, const char *name)
{
	const struct command *c = find_command(name);

	print_lines(out, "usage: zns-stat ", "       zns-stat ", c->synopsis);
	fprintf(out, "\n");
	print_lines(out, "", "", c->help);
}

static int cmd_help(int argc, char **argv)
{
	char what[1024];
	int i;

	if (argc > 2)
		return bad_usage("help wants at most one COMMAND");
	if (argc < 2) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		command_usage(stdout, "help");
		return 0;
	}
	if (find_command(argv[1])) {
		command_usage(stdout, argv[1]);
		return 0;
	}
	snprintf(what, sizeof(what), "help: no command '%.100s' (commands:", argv[1]);
	for (i = 1; i < NR_COMMANDS; i++)
		snprintf(what + strlen(what), sizeof(what) - strlen(what), " %s",
			 commands[i].name);
	snprintf(what + strlen(what), sizeof(what) - strlen(what), ")");
	return bad_usage(what);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "wide", no_argument, NULL, 'w' },
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
	const struct command *cmd;
	int c, max_zones_set = 0, top_set = 0, list_columns = 0;
	double v;

	/*
	 * The character set only, for libsmartcols: a UTF-8 locale's tables
	 * print "µs" as it is (else "us"). Numbers stay C's: CSV, JSON and
	 * Prometheus have a '.' in every locale.
	 */
	setlocale(LC_CTYPE, "");
	opterr = 0;	/* one line of ours for each misuse: bad_option() */
	if (argc > 1 && (cmd = find_command(argv[1])))
		return cmd->run(argc - 1, argv + 1);

	while ((c = getopt_long(argc, argv, ":awo:m:f:i:n:t:rhV", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			io.view.all = 1;
			break;
		case 'w':
			io.view.wide = 1;
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
			usage(stdout);
			return 0;
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
	if (io.format == FMT_PROM && !max_zones_set)
		io.view.max_zones = PROM_DEFAULT_MAX_ZONES;
	if (io.count > 0 && io.seconds == 0)
		return bad_usage("-n needs -i");
	if (top_set && io.seconds == 0)
		return bad_usage("-t needs -i");
	/* the interval view has its own columns; only prom shows zones */
	if (io.seconds > 0 && io.view.wide)
		return bad_usage("-w does not apply to -i (the interval view has its own columns)");
	if (io.seconds > 0 && io.format != FMT_PROM && (io.view.all || max_zones_set))
		return bad_usage("-a and -m apply to -i only with -o prom (per-zone series)");
	/* lsblk's table options: the zone table's only */
	if ((io.view.raw || io.view.columns) && (io.format != FMT_TABLE || io.seconds > 0))
		return bad_usage("--raw and --columns apply to the zone table only (not -i, not -o)");
	if (io.view.columns && io.view.wide)
		return bad_usage("--columns chooses the columns: no --wide with it");
	disk_args(argv + optind, argc - optind);
	/* the tables fit a terminal: the zones' and the live view's */
	if (io.format == FMT_TABLE && !io.file && !io.view.columns)
		io.view.width = terminal_width();
	if (list_columns)
		return list_table_columns(argv + optind, argc - optind);
	if (io.seconds > 0)
		return interval_run(argv + optind, argc - optind, &io);
	if (optind == argc)
		return show_all(io.format, &io.view, io.file);
	return show(argv + optind, argc - optind, io.format, &io.view, io.file);
}
