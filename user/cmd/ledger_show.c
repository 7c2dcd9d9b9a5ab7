// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat ledger show DISK --state-dir DIR [-a] [-o table|csv|json] [-f FILE]:
 * the ledger of the namespace DISK is now (found by its identity), or of a
 * state file named as a path (DIR/x.ledger), which needs no module or disk.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/args.h"
#include "cmd/ledger.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "render/ledger_out.h"
#include "source/ledger_file.h"
#include "source/ns_identity.h"
#include "source/untracked.h"

static int is_state_file(const char *arg)
{
	size_t n = strlen(arg), k = strlen(LEDGER_FILE_SUFFIX);

	return strchr(arg, '/') && n > k && !strcmp(arg + n - k, LEDGER_FILE_SUFFIX);
}

int ledger_open(const char *cmd, const char *dir, const char *arg,
		struct ledger *l)
{
	char id[160], path[4096], err[1024];
	int ret;

	if (is_state_file(arg)) {
		snprintf(path, sizeof(path), "%s", arg);
	} else {
		if (!dir) {
			snprintf(err, sizeof(err), "%s wants --state-dir DIR (or a state file's path)", cmd);
			return bad_usage(err);
		}
		if (ns_identity(disk_arg(arg), id, sizeof(id), err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s: %s\n", cmd, err);
			return 1;
		}
		ledger_path(path, sizeof(path), dir, id);
	}
	ret = ledger_load(l, path, err, sizeof(err));
	if (ret == 1)
		snprintf(err, sizeof(err), "%.500s: no ledger yet (zns-stat ledger --state-dir %.400s makes it)",
			 path, dir ? dir : "DIR");
	if (ret) {
		fprintf(stderr, "zns-stat: %s: %s\n", cmd, err);
		return 1;
	}
	return 0;
}

static int show(const char *dir, const char *arg, enum out_format f, int all,
		const char *file)
{
	struct sbuf b = { 0 };
	struct ledger l;
	int ret = ledger_open("ledger show", dir, arg, &l);

	if (ret)
		return ret;
	if (l.placement)
		ledger_placement_out(&b, &l, f, all, f == FMT_TABLE && !file ? terminal_width() : 0);
	else
		ledger_out(&b, &l, f, all, f == FMT_TABLE && !file ? terminal_width() : 0);
	ret = write_output(file, &b);
	sbuf_free(&b);
	ledger_free(&l);
	return ret;
}

int cmd_ledger_show(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "state-dir", required_argument, NULL, 'd' },
		{ "all", no_argument, NULL, 'a' },
		{ "bytes", no_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	const char *dir = NULL, *file = NULL;
	int c, all = 0;

	while ((c = getopt_long(argc, argv, ":d:abo:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'a': all = 1; break;
		case 'b': fmt_bytes_exact(1); break;
		case 'o':
			if (out_format_parse(optarg, &f) || f == FMT_PROM)
				return bad_usage("ledger show: -o wants table, csv or json");
			break;
		case 'f': file = optarg; break;
		case 'h': return CMD_HELP;
		default: return bad_option("ledger show: ", c, argv, NULL);
		}
	}
	if (argc - optind != 1)
		return bad_usage("ledger show wants one DISK");
	return show(dir, argv[optind], f, all, file);
}
