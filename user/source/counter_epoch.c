// SPDX-License-Identifier: GPL-2.0
/* A namespace's counter epoch: its summary's instance and generation (counter_epoch.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/files.h"
#include "source/counter_epoch.h"
#include "source/snapshot.h"

int counter_epoch_read(const char *disk, struct counter_epoch *e)
{
	struct snapshot s;
	char path[4096], *text;
	int ret;

	snprintf(path, sizeof(path), "%s/%s/summary", snapshot_root(), disk);
	text = slurp_file(path, NULL);
	if (!text)
		return -1;
	memset(&s, 0, sizeof(s));
	ret = snapshot_parse_summary(&s, text);
	if (!ret)
		counter_epoch_of(&s, e);
	snapshot_free(&s);
	free(text);
	return ret;
}

void counter_epoch_of(const struct snapshot *s, struct counter_epoch *e)
{
	const char *inst = snapshot_summary(s, "instance");

	snprintf(e->instance, sizeof(e->instance), "%s", inst ? inst : "");
	if (snapshot_summary_u64(s, "generation", &e->generation))
		e->generation = 0;
}

int counter_epoch_same(const struct counter_epoch *a, const struct counter_epoch *b)
{
	return !strcmp(a->instance, b->instance) && a->generation == b->generation;
}
