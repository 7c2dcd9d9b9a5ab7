// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "lifecycle" and "lifetimes" files, parsed: what they say
 * about a namespace's zones as the host drove them: reclaim efficiency
 * (fill at reset), finish waste, open and active zones against the device's
 * limits, time to full and time open. Documentation/zns_stat.rst defines
 * each figure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/files.h"
#include "lib/numbers.h"
#include "source/lifecycle.h"
#include "source/snapshot.h"

int life_parse(struct life *l, char *lifecycle, char *lifetimes)
{
	char *line, *save, *f[4];
	uint64_t v[3];
	int i;

	/* "KEY VALUE" */
	for (line = strtok_r(lifecycle, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (split_fields(line, f, 2) || strlen(f[0]) >= sizeof(l->keys[0].key) ||
		    parse_u64(f[1], &v[0]) || l->nr_keys == LIFE_MAX_KEYS)
			return -1;
		snprintf(l->keys[l->nr_keys].key, sizeof(l->keys[0].key), "%s", f[0]);
		l->keys[l->nr_keys++].value = v[0];
	}
	/* "WHAT LO_US HI_US N", log2 buckets */
	for (line = strtok_r(lifetimes, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#')
			continue;
		if (split_fields(line, f, 4) || parse_u64(f[1], &v[0]) ||
		    parse_u64(f[2], &v[1]) || parse_u64(f[3], &v[2]) || v[1] < v[0])
			return -1;
		i = log2_bucket(v[0], ZNS_LIFE_BUCKETS);
		if (i == ZNS_LIFE_BUCKETS)
			return -1;
		if (!strcmp(f[0], "to_full"))
			l->to_full[i] = v[2];
		else if (!strcmp(f[0], "open"))
			l->open[i] = v[2];
		else
			return -1;
	}
	return l->nr_keys ? 0 : -1;
}

int life_read(const char *disk, struct life *l, char *err, size_t errlen)
{
	char path[512], *a, *b;
	int ret;

	memset(l, 0, sizeof(*l));
	snprintf(l->disk, sizeof(l->disk), "%s", disk);
	snprintf(path, sizeof(path), "%s/%s/lifecycle", snapshot_root(), disk);
	a = slurp_file(path, NULL);
	snprintf(path, sizeof(path), "%s/%s/lifetimes", snapshot_root(), disk);
	b = slurp_file(path, NULL);
	if (!a || !b) {
		if (!snapshot_placement_said(disk, err, errlen))
			snprintf(err, errlen, "%s: no zone lifecycle (not a tracked namespace, or a zns_stat older than 0.2)",
				 disk);
		free(a);
		free(b);
		return -1;
	}
	ret = life_parse(l, a, b);
	if (ret)
		snprintf(err, errlen, "%s: unexpected content in its lifecycle files", disk);
	free(a);
	free(b);
	return ret;
}

int life_has(const struct life *l, const char *key)
{
	int i;

	for (i = 0; i < l->nr_keys; i++)
		if (!strcmp(l->keys[i].key, key))
			return 1;
	return 0;
}

uint64_t life_get(const struct life *l, const char *key)
{
	int i;

	for (i = 0; i < l->nr_keys; i++)
		if (!strcmp(l->keys[i].key, key))
			return l->keys[i].value;
	return 0;
}
