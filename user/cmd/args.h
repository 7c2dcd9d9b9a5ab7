/* SPDX-License-Identifier: GPL-2.0 */
/* What every command's options share (args.c), and each command's entry. */
#ifndef ZNS_STAT_ARGS_H
#define ZNS_STAT_ARGS_H

#include "render/out_format.h"

/* zones per namespace in Prometheus text unless -m says (a collector's limit) */
#define PROM_DEFAULT_MAX_ZONES	256

/* A command's -h: main() prints its lines of the command table. */
#define CMD_HELP	(-1)

/* "zns-stat: WHAT; see 'zns-stat --help'" on stderr; returns 2. */
int bad_usage(const char *what);
/* getopt_long's ':' or '?' as bad_usage(); o_means: what -o would have been. */
int bad_option(const char *cmd, int c, char **argv, const char *o_means);
/* A number of at least min; -1 when s is not one. */
int parse_num(const char *s, double min, double *v);
/* Disk arguments as names (/dev/nvme0n2 is nvme0n2), in place. */
char **disk_args(char **v, int n);
/* run() on the DISKs after the options, else on every tracked namespace. */
int on_disks(int argc, char **argv,
	     int (*run)(char **disks, int n, enum out_format f,
			const char *file),
	     enum out_format f, const char *file);
/*
 * The options -o FMT, -f FILE and -h of a command that prints data per
 * namespace; flags OUT_NO_PROM: -o prom is refused with o_wants;
 * OUT_BYTES: -b/--bytes, its tables' sizes in bytes. 0, CMD_HELP or 2.
 */
#define OUT_NO_PROM	1
#define OUT_BYTES	2
int parse_out_file(int argc, char **argv, const char *cmd, int flags,
		   const char *o_wants, enum out_format *f, const char **file);

/* The commands (cmd/<name>.c): argv[0] is the command's name. */
int cmd_show(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_lifecycle(int argc, char **argv);
int cmd_detail(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_cgroups(int argc, char **argv);
int cmd_ledger(int argc, char **argv);
int cmd_placement(int argc, char **argv);

#endif
