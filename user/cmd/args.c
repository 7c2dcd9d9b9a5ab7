// SPDX-License-Identifier: GPL-2.0
/* What every command's options share: misuse said in one line, numbers, disks. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/args.h"
#include "lib/numbers.h"
#include "source/snapshot.h"
#include "source/untracked.h"

int bad_usage(const char *what)
{
	fprintf(stderr, "zns-stat: %s; see 'zns-stat --help'\n", what);
	return 2;
}

/*
 * getopt_long's ':' (a value missing) or '?' (not an option here) as one
 * line of ours: getopt's own messages are off (opterr = 0, optstring ':...').
 * An -o where a command wants a folder or a file names the option it wants.
 */
int bad_option(const char *cmd, int c, char **argv, const char *o_means)
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

int parse_num(const char *s, double min, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return errno || end == s || *end || *v < min ? -1 : 0;
}

/* Disk arguments as names: /dev/nvme0n2 is nvme0n2. */
char **disk_args(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] = (char *)disk_arg(v[i]);
	return v;
}

/* run() on the DISKs after the options, else on every tracked namespace. */
int on_disks(int argc, char **argv,
		   int (*run)(char **disks, int n, enum out_format f,
			      const char *file),
		   enum out_format f, const char *file)
{
	char err[512], **names;
	int n, ret;

	if (optind < argc)
		return run(disk_args(argv + optind, argc - optind),
			   argc - optind, f, file);
	if (snapshot_list_disks(&names, &n, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	ret = run(names, n, f, file);
	snapshot_free_names(names, n);
	return ret;
}

int parse_out_file(int argc, char **argv, const char *cmd, int flags,
		   const char *o_wants, enum out_format *f, const char **file)
{
	static const struct option opts[] = {
		{ "bytes", no_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	char prefix[32];
	int c;

	snprintf(prefix, sizeof(prefix), "%s: ", cmd);
	*f = FMT_TABLE;
	*file = NULL;
	while ((c = getopt_long(argc, argv, ":bo:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (!(flags & OUT_BYTES)) {
				snprintf(prefix, sizeof(prefix), "%s: -b", cmd);
				return bad_usage(strcat(prefix, " has no table of sizes"));
			}
			fmt_bytes_exact(1);
			break;
		case 'o':
			if (out_format_parse(optarg, f) ||
			    ((flags & OUT_NO_PROM) && *f == FMT_PROM))
				return bad_usage(o_wants);
			break;
		case 'f': *file = optarg; break;
		case 'h': return CMD_HELP;
		default: return bad_option(prefix, c, argv, NULL);
		}
	}
	return 0;
}
