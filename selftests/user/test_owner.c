// SPDX-License-Identifier: GPL-2.0
/* A zone's owner_cgroup: named by the cgroup2 tree (a scratch one here), a label in Prometheus. */
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

#include "../../include/zns_stat.h"
#include "lib/sbuf.h"
#include "model/view.h"
#include "source/cgroup_names.h"

static char root[64];
static uint64_t ino_root, ino_job;

/* A scratch cgroup2 tree: /, /system.slice, /system.slice/my job.service. */
static int make_tree(void **state)
{
	char path[256];
	struct stat st;

	(void)state;
	snprintf(root, sizeof(root), "/tmp/zns-stat-cgroupfs.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	snprintf(path, sizeof(path), "%s/system.slice", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/system.slice/my job.service", root);
	mkdir(path, 0700);
	if (stat(path, &st))
		return -1;
	ino_job = st.st_ino;
	if (stat(root, &st))
		return -1;
	ino_root = st.st_ino;
	setenv("ZNS_STAT_CGROUPFS", root, 1);
	return 0;
}

static int remove_tree(void **state)
{
	char path[256];

	(void)state;
	snprintf(path, sizeof(path), "%s/system.slice/my job.service", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/system.slice", root);
	rmdir(path);
	rmdir(root);
	return 0;
}

static void sentinels_and_paths(void **state)
{
	char out[64];

	(void)state;
	cgroup_owner_name(0, out, sizeof(out));
	assert_string_equal(out, "none");
	cgroup_owner_name(ZNS_OWNER_ID_MIXED, out, sizeof(out));
	assert_string_equal(out, "mixed");
	cgroup_owner_name(ZNS_OWNER_ID_UNATTRIBUTED, out, sizeof(out));
	assert_string_equal(out, "unattributed");
	cgroup_owner_name(ZNS_OWNER_ID_OTHER, out, sizeof(out));
	assert_string_equal(out, "other");
	cgroup_owner_name(ino_root, out, sizeof(out));
	assert_string_equal(out, "/");
	cgroup_owner_name(ino_job, out, sizeof(out));
	assert_string_equal(out, "/system.slice/my job.service");
	/* a cgroup no directory has (removed): its id */
	cgroup_owner_name(ZNS_OWNER_ID_OTHER - 1, out, sizeof(out));
	assert_string_equal(out, "18446744073709551612");
	/* too long for a cell: its end names it */
	cgroup_owner_name(ino_job, out, 16);
	assert_string_equal(out, "... job.service");
}

static const char summary[] =
	"format_version: 1\ndisk: d3\nnr_zones: 3\nzone_sectors: 2048\nlba_bytes: 512\n";

/*
 * The owner in words everywhere (table, CSV and JSON's owner, prom's owner
 * label); the id beside it only when a cgroup has one: never a sentinel.
 */
static void owner_in_outputs(void **state)
{
	char zones[512];
	struct view_opts o = { .all = 1, .max_zones = -1, .columns = "zone,owner_cgroup" };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	snprintf(zones, sizeof(zones),
		 "# zone start writes write_sectors owner_cgroup root_written_sectors\n"
		 "0 0 1 8 %llu 0\n1 2048 2 16 %llu 8\n2 4096 0 0 0 0\n",
		 (unsigned long long)ino_job, (unsigned long long)ZNS_OWNER_ID_MIXED);
	snap_from_text(&s, "d3", zones, summary);
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "zone                 owner_cgroup\n"
				    "   0 /system.slice/my job.service\n"
				    "   1                        mixed\n"
				    "   2                         none\n"));
	sbuf_free(&b);
	o.columns = NULL;
	output_csv(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, ",owner_cgroup,owner,root_written_sectors\n"));
	assert_non_null(strstr(b.s, "\nd3,1,2048,2,16,,mixed,8\n"));
	assert_non_null(strstr(b.s, "\nd3,2,4096,0,0,,none,0\n"));
	assert_null(strstr(b.s, "18446744073709551615"));
	sbuf_free(&b);
	output_json(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\"owner_cgroup\": null, \"owner\": \"mixed\""));
	assert_null(strstr(b.s, "18446744073709551615"));
	sbuf_free(&b);
	output_prom(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "# TYPE zns_zone_owner_info gauge\n"));
	assert_non_null(strstr(b.s, "zns_zone_owner_info{disk=\"d3\",zone=\"0\",owner=\"/system.slice/my job.service\",id=\""));
	assert_non_null(strstr(b.s, "zns_zone_owner_info{disk=\"d3\",zone=\"1\",owner=\"mixed\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_zone_owner_info{disk=\"d3\",zone=\"2\",owner=\"none\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_zone_root_written_bytes_total{disk=\"d3\",zone=\"1\"} 4096\n"));
	assert_null(strstr(b.s, "zns_zone_owner_cgroup"));	/* never a value */
	snapshot_free(&s);
	sbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sentinels_and_paths),
		cmocka_unit_test(owner_in_outputs),
	};

	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
