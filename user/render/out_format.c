// SPDX-License-Identifier: GPL-2.0
/* The output formats: one name and one function each, in one place. */
#include <string.h>

#include "model/view.h"
#include "render/out_format.h"

static const struct {
	const char *name;
	void (*output)(struct sbuf *b, struct snapshot *snaps, int n,
		       const struct view_opts *o);
} formats[FMT_COUNT] = {
	[FMT_TABLE] = { "table", output_table },
	[FMT_CSV] = { "csv", output_csv },
	[FMT_JSON] = { "json", output_json },
	[FMT_PROM] = { "prom", output_prom },
};

int out_format_parse(const char *name, enum out_format *f)
{
	int i;

	for (i = 0; i < FMT_COUNT; i++) {
		if (!strcmp(name, formats[i].name)) {
			*f = (enum out_format)i;
			return 0;
		}
	}
	return -1;
}

void output_snapshots(struct sbuf *b, enum out_format f,
		      struct snapshot *snaps, int n, const struct view_opts *o)
{
	formats[f].output(b, snaps, n, o);
}
