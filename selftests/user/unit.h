/* SPDX-License-Identifier: GPL-2.0 */
/* What every unit test of zns-stat includes: cmocka and the fixture helpers. */
#ifndef ZNS_STAT_UNIT_H
#define ZNS_STAT_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "source/snapshot.h"

/* Tests run in selftests/user (make unit-test): fixtures are relative. */
#define FIXTURE_DEBUGFS	"fixtures/debugfs"

static inline void use_fixture_debugfs(void)
{
	setenv("ZNS_STAT_DEBUGFS", FIXTURE_DEBUGFS, 1);
	setenv("ZNS_STAT_DEV", "fixtures/no-dev", 1);	/* no zone report */
	setenv("ZNS_STAT_SYSFS", "fixtures/no-sys", 1);	/* no block devices */
}

/* A snapshot from the text of a zones and a summary file. */
static inline void snap_from_text(struct snapshot *s, const char *disk,
				  const char *zones, const char *summary)
{
	char *z = strdup(zones), *m = strdup(summary);

	memset(s, 0, sizeof(*s));
	snprintf(s->disk, sizeof(s->disk), "%s", disk);
	assert_int_equal(snapshot_parse_zones(s, z), 0);
	assert_int_equal(snapshot_parse_summary(s, m), 0);
	free(z);
	free(m);
}

static inline void fixture_snapshot(struct snapshot *s, const char *disk)
{
	char err[512];

	use_fixture_debugfs();
	if (snapshot_read(disk, s, err, sizeof(err)))
		fail_msg("%s", err);
}

/* How often needle occurs in haystack. */
static inline int count_of(const char *haystack, const char *needle)
{
	int n = 0;

	for (; (haystack = strstr(haystack, needle)); haystack++)
		n++;
	return n;
}

#endif
