// SPDX-License-Identifier: GPL-2.0
/*
 * Why a namespace is missing (issue 14, item 5), on a sysfs of our own: two
 * zoned NVMe namespaces, one tracked; a conventional namespace; a SATA disk.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

#include "source/untracked.h"

static char sys[] = "/tmp/zns-stat-sysfs-XXXXXX";
static char dbg[4200];

static void put(const char *rel, const char *text)
{
	char path[4200], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", sys, rel);
	for (slash = strchr(path + strlen(sys) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(sys))
		return -1;
	put("block/nvme0n1/queue/zoned", "host-managed\n");
	put("block/nvme0n2/queue/zoned", "host-managed\n");
	put("block/nvme0n3/queue/zoned", "none\n");
	put("block/sda/queue/zoned", "none\n");
	put("debug/nvme0n1/zones", "# zone start reads\n0 0 1\n");
	snprintf(dbg, sizeof(dbg), "%s/debug", sys);
	setenv("ZNS_STAT_SYSFS", sys, 1);
	return 0;
}

static int teardown(void **state)
{
	char cmd[4300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", sys);
	return system(cmd);
}

static void names_what_is_not_tracked(void **state)
{
	struct sbuf b = { 0 };
	char line[1024];

	(void)state;
	assert_int_equal(untracked_zoned(dbg, &b), 1);
	assert_string_equal(b.s, " nvme0n2");
	sbuf_free(&b);
	explain_none_tracked(sys, line, sizeof(line));	/* nothing tracked there */
	assert_string_equal(line, "no zoned namespace tracked yet: zns_stat tracks a namespace from its first command after it loads; not tracked yet: nvme0n1 nvme0n2 (any command will do, e.g. 'blkzone report -c 1 /dev/nvme0n1')");
}

static void says_why_a_disk_is_missing(void **state)
{
	char line[1024];

	(void)state;
	explain_untracked(dbg, "nvme0n2", line, sizeof(line));
	assert_string_equal(line, "nvme0n2: not tracked yet: zns_stat tracks a namespace from its first command after it loads; any command will do, e.g. 'blkzone report -c 1 /dev/nvme0n2'");
	explain_untracked(dbg, "nvme0n3", line, sizeof(line));
	assert_string_equal(line, "nvme0n3: not a zoned block device (queue/zoned is none)");
	explain_untracked(dbg, "nvme7n1", line, sizeof(line));
	assert_non_null(strstr(line, "nvme7n1: no such block device"));
	put("block/sdb/queue/zoned", "host-managed\n");
	explain_untracked(dbg, "sdb", line, sizeof(line));
	assert_string_equal(line, "sdb: not an NVMe namespace: zns_stat follows the NVMe driver only");
	put("module/zns_stat/parameters/devices", "nvme0n1,nvme1n1\n");
	explain_untracked(dbg, "nvme0n2", line, sizeof(line));
	assert_string_equal(line, "nvme0n2: left out by the module's devices parameter (devices=nvme0n1,nvme1n1)");
	put("module/zns_stat/parameters/devices", "\n");
}

static void empty_sysfs(void **state)
{
	char line[1024];

	(void)state;
	setenv("ZNS_STAT_SYSFS", "/nonexistent", 1);
	explain_none_tracked(dbg, line, sizeof(line));
	assert_string_equal(line, "no zoned namespace tracked yet, and /nonexistent/block has no zoned NVMe namespace");
	setenv("ZNS_STAT_SYSFS", sys, 1);
}

static void dev_paths_are_disk_names(void **state)
{
	char err[512];
	struct snapshot s;

	(void)state;
	assert_string_equal(disk_arg("/dev/nvme0n2"), "nvme0n2");
	assert_string_equal(disk_arg("nvme0n2"), "nvme0n2");
	/* a tracked disk's snapshot error is about the file, not the disk */
	setenv("ZNS_STAT_DEBUGFS", dbg, 1);
	assert_int_not_equal(snapshot_read("nvme0n1", &s, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "/nvme0n1/summary: no such file"));
	assert_int_not_equal(snapshot_read("nvme0n2", &s, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "nvme0n2: not tracked yet"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_what_is_not_tracked),
		cmocka_unit_test(says_why_a_disk_is_missing),
		cmocka_unit_test(empty_sysfs),
		cmocka_unit_test(dev_paths_are_disk_names),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
