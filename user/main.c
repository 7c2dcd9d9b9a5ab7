// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat: show, watch, record and draw the per-zone statistics that the
 * zns_stat module keeps. This file holds the command table (what runs each
 * command, its --help lines) and hands over to the command's file, cmd/.
 */
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "../include/zns_stat.h"
#include "cmd/args.h"
#include "cmd/ledger.h"
#include "source/snapshot.h"

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
	{ NULL, cmd_show,
	  "[-awb] [-o FMT] [-m N] [-f FILE] [DISK...]\n"
	  "[-ab] [-r] [--columns COL,...] [DISK...]    (--list-columns [DISK])\n"
	  "[-o FMT] [-f FILE] -i SEC [-n COUNT] [-t N] [DISK...]",
	  "  -a, --all            every zone, not only zones with activity\n"
	  "  -w, --wide           table: every column (latency min/max/sum, not means)\n"
	  "  -b, --bytes          table: sizes in bytes (16384), not 16KiB (as lsblk -b)\n"
	  "  -o, --output FMT     table (default), csv, json or prom (Prometheus)\n"
	  "  -m, --max-zones N    at most N zones per namespace, the busiest (prom: " STR(PROM_DEFAULT_MAX_ZONES) ")\n"
	  "  -f, --file FILE      write FILE (replaced atomically) instead of stdout (-: stdout)\n"
	  "  -i, --interval SEC   every SEC seconds, the rates of that interval\n"
	  "  -n, --count N        stop after N intervals\n"
	  "  -t, --top N          busiest zones named per interval (default 3)\n"
	  "  -r, --raw            table: no title, columns not aligned (as lsblk -r)\n"
	  "      --columns COL,...  table: these columns, in this order (lsblk -o)\n"
	  "      --list-columns   the table's columns and what they hold\n"
	  "  with -i, -a and -m apply to -o prom only; -w and -b to none\n" },
	{ "record", cmd_record,
	  "record DISK [-c COMMENT] [-d SEC] [-i SEC] [-D DIR] [--clear]",
	  "snapshot, wait for Ctrl-C or -d SEC, write DIR/DISK-TIME.dat and its\n"
	  "figures (-D, --dir DIR: default .); -c the comment (else asked),\n"
	  "--clear zeroes counters first; -i SEC keeps each zone's changes per\n"
	  "interval (the report draws them over time); a namespace with Flexible\n"
	  "Data Placement: its placement rows and the device's figures (no heatmaps)\n" },
	{ "plot", cmd_plot,
	  "plot DATAFILE... [-D DIR] [--force]",
	  "SVG heatmaps and README.md into DIR/<data name>/ (-D, --dir DIR: the\n"
	  "data file's); existing figures are kept unless --force\n" },
	{ "report", cmd_report,
	  "report DATAFILE [DATAFILE_B] [-f FILE.html]\n"
	  "report DATAFILE DATAFILE_B -o FMT [-b] [-f FILE]",
	  "one HTML page with metadata, summary and every heatmap: -f FILE\n"
	  "(-: stdout), else beside the data file, as NAME.html; with two data\n"
	  "files, the runs side by side, B/A and B - A (A-NAME-vs-B-NAME.html);\n"
	  "-o table, csv or json: the comparison's figures, to stdout or -f FILE\n"
	  "(-o html: the page, the default); -b: the table's sizes in bytes\n" },
	{ "lifecycle", cmd_lifecycle,
	  "lifecycle [-o FMT] [-f FILE] [DISK...]",
	  "fill at reset, finish waste, open/active zones against the\n"
	  "limits, time to full and time open, as the host drove the zones\n" },
	{ "detail", cmd_detail,
	  "detail [-b] [-o FMT] [-f FILE] [DISK...]",
	  "latency p50/p99 (bucket bounds) and exact max per operation, errors\n"
	  "by status, the resets log, size and alignment histograms; -o table,\n"
	  "csv (a table per kind) or json; -b sizes in bytes\n" },
	{ "cgroups", cmd_cgroups,
	  "cgroups [-wb] [-o FMT] [-f FILE] [DISK...]",
	  "commands, bytes, mean latency and errors per operation, and zones\n"
	  "owned, by the cgroup each command was charged to; -w every column;\n"
	  "-b sizes in bytes; -o csv, json (the module's figures) or prom\n" },
	{ "export", cmd_export,
	  "export --textfile-dir DIR [--interval SEC] [--zones [-m N]] [--ledger-dir STATE_DIR] [DISK...]",
	  "DIR/zns_stat.prom (replaced atomically) for node_exporter's textfile\n"
	  "collector: once, or every SEC seconds until SIGTERM; --zones adds the\n"
	  "per-zone series (at most N zones a namespace, the busiest; " STR(PROM_DEFAULT_MAX_ZONES) ");\n"
	  "--ledger-dir: the lifetime totals of zns-stat ledger --state-dir's\n"
	  "ledgers (read only), zns_ledger_*_total;\n"
	  "zns_stat_up{disk} says which namespaces were read; exit 0 while any was\n" },
	{ "ledger", cmd_ledger,
	  "ledger --state-dir DIR [--interval SEC] [--once] [DISK...]\n"
	  "ledger show DISK --state-dir DIR [-ab] [-o FMT] [-f FILE]\n"
	  "ledger plot DISK --state-dir DIR [-D OUTDIR] [--force]\n"
	  "ledger report DISK --state-dir DIR [-f FILE]",
	  "each zone's (or placement ID's) lifetime totals, across reloads, clears\n"
	  "and reboots: folds the counters into DIR/<namespace identity>.ledger\n"
	  "every SEC seconds (default " STR(LEDGER_DEFAULT_INTERVAL) ") until SIGTERM, or --once; show: one\n"
	  "namespace's ledger (-a every zone; -b sizes in bytes; -o table, csv or\n"
	  "json); plot: its lifetime heatmaps of resets and data written into\n"
	  "OUTDIR/<identity>/ (default .); report: them on one HTML page, with\n"
	  "the zones reset far above the mean (DISK may be a state file's path)\n" },
	{ "placement", cmd_placement,
	  "placement DISK [-b] [-o FMT] [-i SEC [-n COUNT]]",
	  "the device's own Flexible Data Placement figures of an NVMe namespace\n"
	  "(needs root): each placement ID's reclaim unit handle, attribute and\n"
	  "available media writes; the endurance group's host and media bytes\n"
	  "written, media bytes erased and their ratio (WAF); its events by type\n"
	  "and the newest; where the module tracks the namespace, beside them the\n"
	  "host's writes, bytes and share per placement ID (and none, unlisted);\n"
	  "-i SEC: each interval's bytes, WAF, new events and host bytes and rate\n"
	  "per ID; -o table, csv or json; -b sizes in bytes\n" },
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
	const struct command *cmd = &commands[0];
	int ret;

	/*
	 * The character set only, for libsmartcols: a UTF-8 locale's tables
	 * print "µs" as it is (else "us"). Numbers stay C's: CSV, JSON and
	 * Prometheus have a '.' in every locale.
	 */
	setlocale(LC_CTYPE, "");
	opterr = 0;	/* one line of ours for each misuse: bad_option() */
	if (argc > 1 && find_command(argv[1])) {
		cmd = find_command(argv[1]);
		argc--;
		argv++;
	}
	ret = cmd->run(argc, argv);
	if (ret != CMD_HELP)
		return ret;
	if (cmd == &commands[0])
		usage(stdout);
	else
		command_usage(stdout, cmd->name);
	return 0;
}
