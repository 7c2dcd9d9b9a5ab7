// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat: show the per-zone statistics that the zns_stat module keeps.
 *
 *   zns-stat [--all] [DISK...]
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../include/zns_stat.h"
#include "snapshot.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: zns-stat [--all] [DISK...]\n"
		"\n"
		"Per-zone statistics of zoned NVMe namespaces, from the zns_stat module\n"
		"(%s).\n"
		"With no DISK, every tracked namespace.\n"
		"\n"
		"  -a, --all      show every zone, not only zones with activity\n"
		"  -h, --help     this help\n"
		"  -V, --version  print the version\n",
		snapshot_root());
}

static int zone_active(const struct snapshot *snap, uint64_t zone)
{
	const uint64_t *row = snap->values + zone * snap->nr_columns;
	int i;

	for (i = 2; i < snap->nr_columns; i++)	/* after zone and start */
		if (row[i])
			return 1;
	return 0;
}

static int digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* Right-aligned columns, each as wide as its widest cell or name. */
static void print_table(const struct snapshot *snap, int all)
{
	int width[SNAPSHOT_MAX_COLUMNS];
	uint64_t zone, shown = 0;
	int i;

	for (i = 0; i < snap->nr_columns; i++)
		width[i] = strlen(snap->columns[i]);
	for (zone = 0; zone < snap->nr_zones; zone++) {
		const uint64_t *row = snap->values + zone * snap->nr_columns;

		if (!all && !zone_active(snap, zone))
			continue;
		for (i = 0; i < snap->nr_columns; i++)
			if (digits(row[i]) > width[i])
				width[i] = digits(row[i]);
	}

	printf("%s: %llu zones\n", snap->disk,
	       (unsigned long long)snap->nr_zones);
	for (i = 0; i < snap->nr_columns; i++)
		printf("%s%*s", i ? " " : "", width[i], snap->columns[i]);
	printf("\n");
	for (zone = 0; zone < snap->nr_zones; zone++) {
		const uint64_t *row = snap->values + zone * snap->nr_columns;

		if (!all && !zone_active(snap, zone))
			continue;
		for (i = 0; i < snap->nr_columns; i++)
			printf("%s%*llu", i ? " " : "", width[i],
			       (unsigned long long)row[i]);
		printf("\n");
		shown++;
	}
	if (!shown)
		printf("(no zone activity; --all shows every zone)\n");
}

static int show_disk(const char *disk, int all)
{
	struct snapshot snap;
	char err[512];

	if (snapshot_read(disk, &snap, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return -1;
	}
	print_table(&snap, all);
	snapshot_free(&snap);
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* Every tracked namespace: the directories under the module's root. */
static int show_all_disks(int all)
{
	const char *root = snapshot_root();
	char *names[1024];
	int n = 0, i, ret = 0;
	struct dirent *de;
	DIR *dir;

	dir = opendir(root);
	if (!dir) {
		struct snapshot snap;
		char err[512];

		/* Let the snapshot code explain why. */
		snapshot_read(".", &snap, err, sizeof(err));
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	while ((de = readdir(dir)) && n < 1024)
		if (de->d_type == DT_DIR && de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	closedir(dir);
	if (!n) {
		printf("no zoned namespace tracked yet (zns_stat starts tracking a namespace at its first command)\n");
		return 0;
	}
	qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		if (i)
			printf("\n");
		if (show_disk(names[i], all))
			ret = 1;
		free(names[i]);
	}
	return ret;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ }
	};
	int all = 0, ret = 0, c, i;

	while ((c = getopt_long(argc, argv, "ahV", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			all = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("zns-stat %s\n", ZNS_STAT_VERSION);
			return 0;
		default:
			fprintf(stderr, "zns-stat: unknown option; see 'zns-stat --help'\n");
			return 2;
		}
	}
	if (optind == argc)
		return show_all_disks(all);
	for (i = optind; i < argc; i++) {
		if (i > optind)
			printf("\n");
		if (show_disk(argv[i], all))
			ret = 1;
	}
	return ret;
}
