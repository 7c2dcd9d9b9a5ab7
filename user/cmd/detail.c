// SPDX-License-Identifier: GPL-2.0
/* zns-stat detail: the histograms and logs of each namespace, since load or clear. */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/args.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "render/detail_out.h"
#include "source/detail.h"

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

int cmd_detail(int argc, char **argv)
{
	enum out_format f;
	const char *file;
	/* histograms and logs: no Prometheus view here, export has them */
	int ret = parse_out_file(argc, argv, "detail", OUT_NO_PROM | OUT_BYTES,
				 "detail: -o wants table, csv or json (Prometheus: zns-stat export)",
				 &f, &file);

	return ret ? ret : on_disks(argc, argv, detail_disks, f, file);
}
