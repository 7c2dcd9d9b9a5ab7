// SPDX-License-Identifier: GPL-2.0
/* zns-stat lifecycle: each namespace's lifecycle files, read and shown. */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/args.h"
#include "cmd/lifecycle.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "render/lifecycle_out.h"

int life_run(char **disks, int nr, enum out_format f, const char *file)
{
	struct life *l = calloc(nr ? nr : 1, sizeof(*l));
	struct sbuf b = { 0 };
	char err[512];
	int i, n = 0, ret = 0;

	if (!l)
		return 1;
	for (i = 0; i < nr; i++) {
		if (life_read(disks[i], &l[n], err, sizeof(err))) {
			fprintf(stderr, "zns-stat: %s\n", err);
			ret = 1;
			continue;
		}
		n++;
	}
	if (n)
		life_format(&b, l, n, f);
	if (write_output(n ? file : NULL, &b))
		ret = 1;
	sbuf_free(&b);
	free(l);
	return ret;
}

int cmd_lifecycle(int argc, char **argv)
{
	enum out_format f;
	const char *file;
	int ret = parse_out_file(argc, argv, "lifecycle", 0,
				 "-o wants table, csv, json or prom", &f, &file);

	return ret ? ret : on_disks(argc, argv, life_run, f, file);
}
