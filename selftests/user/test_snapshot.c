// SPDX-License-Identifier: GPL-2.0
/* Parsing the module's zones and summary files: by column name, extra columns, bad content. */
#include "unit.h"

#include "source/columns.h"

static void reads_fixture_by_name(void **state)
{
	struct snapshot s;

	(void)state;
	fixture_snapshot(&s, "zns8");
	assert_int_equal(s.nr_zones, 8);
	assert_int_equal(s.nr_columns, 37);	/* with owner_cgroup, root_written_sectors */
	assert_int_equal(snapshot_get(&s, 5, "writes"), 16);
	assert_int_equal(snapshot_get(&s, 5, "write_sectors"), 2048);
	assert_int_equal(snapshot_get(&s, 1, "reset_lat_sum_ns"), 31500);
	assert_int_equal(snapshot_get(&s, 4, "top_zone_error"), 444);
	assert_int_equal(snapshot_get(&s, 3, "start"), 3 * 2048);
	assert_int_equal(snapshot_get(&s, 0, "no_such_column"), 0);
	assert_int_equal(snapshot_total(&s, "writes"), 17);
	assert_string_equal(snapshot_summary(&s, "status_decoding"), "on");
	assert_true(snapshot_zone_active(&s, 0));
	assert_false(snapshot_zone_active(&s, 3));
	snapshot_free(&s);
}

static void tolerates_new_columns_and_keys(void **state)
{
	struct snapshot s;
	uint64_t v;

	(void)state;
	fixture_snapshot(&s, "zns8x");
	assert_int_equal(s.nr_columns, 36);
	assert_string_equal(s.columns[35], "flushes");
	assert_int_equal(snapshot_get(&s, 7, "flushes"), 1);
	/* a zone active only in the new counter is active */
	assert_true(snapshot_zone_active(&s, 7));
	assert_int_equal(snapshot_summary_u64(&s, "trim_all", &v), 0);
	assert_int_equal(v, 2);
	snapshot_free(&s);
}

static void columns_in_any_order(void **state)
{
	struct snapshot s;

	(void)state;
	snap_from_text(&s, "x", "# writes zone reads start\n5 0 1 0\n6 1 2 2048\n",
		       "nr_zones: 2\n");
	assert_int_equal(snapshot_get(&s, 1, "writes"), 6);
	assert_int_equal(snapshot_get(&s, 1, "reads"), 2);
	snapshot_free(&s);
}

/* The zone report's three columns go in beside start, in one copy of the rows. */
static void inserts_columns(void **state)
{
	static const char * const names[] = { "cond", "wptr", "cap" };
	static const uint64_t cond[] = { 1, 14 }, wptr[] = { 8, 2048 }, cap[] = { 2048, 2048 };
	const uint64_t *vals[] = { cond, wptr, cap };
	const char * const dup[] = { "reads" };
	struct snapshot s;

	(void)state;
	snap_from_text(&s, "x", "# zone start reads writes\n0 0 1 5\n1 2048 2 6\n",
		       "format_version: 1\n");
	assert_int_equal(snapshot_insert_columns(&s, 2, 3, names, vals), 0);
	assert_int_equal(s.nr_columns, 7);
	assert_string_equal(s.columns[1], "start");
	assert_string_equal(s.columns[2], "cond");
	assert_string_equal(s.columns[4], "cap");
	assert_string_equal(s.columns[6], "writes");
	assert_int_equal(snapshot_get(&s, 1, "cond"), 14);
	assert_int_equal(snapshot_get(&s, 1, "wptr"), 2048);
	assert_int_equal(snapshot_get(&s, 0, "reads"), 1);
	assert_int_equal(snapshot_get(&s, 1, "writes"), 6);
	assert_int_equal(snapshot_get(&s, 1, "start"), 2048);
	/* a name already there: refused, nothing changed */
	assert_int_equal(snapshot_insert_columns(&s, 0, 1, dup, vals), -1);
	assert_int_equal(snapshot_insert_columns(&s, 0, 1, names, vals), -1);
	assert_int_equal(s.nr_columns, 7);
	assert_int_equal(snapshot_get(&s, 0, "zone"), 0);
	snapshot_free(&s);
}

static void rejects_bad_zones(void **state)
{
	static const char * const bad[] = {
		"zone start reads\n0 0 1\n",		/* no "# " header */
		"# start reads\n0 1\n",			/* no zone column */
		"# zone start reads\n0 0 x\n",		/* not a number */
		"# zone start reads\n0 0 1 2\n",	/* a cell too many */
		"# zone start reads\n0 0\n",		/* a cell short */
		"# zone start reads\n1 0 1\n",		/* zones out of order */
		"# zone start zone\n0 0 0\n",		/* a column twice */
		"# zone start reads\n0 0 99999999999999999999999\n",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct snapshot s = { 0 };
		char *t = strdup(bad[i]);

		assert_int_equal(snapshot_parse_zones(&s, t), -1);
		assert_int_equal(s.bad_line, i < 2 || i == 6 ? 1 : 2);
		snapshot_free(&s);
		free(t);
	}
}

static void error_messages(void **state)
{
	struct snapshot s;
	char err[512];

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(snapshot_read("nvme9n9", &s, err, sizeof(err)), -1);
	/* an unknown disk names the tracked ones */
	assert_string_equal(err, "nvme9n9: no such block device; tracked: broken, zcg, zns8, zns8x");
	assert_int_equal(snapshot_read("broken", &s, err, sizeof(err)), -1);
	/* the file and the line, not a guess about versions (issue 14, item 6d) */
	assert_string_equal(err, "fixtures/debugfs/broken/zones: line 3: unexpected content '1 0 zz'");
	setenv("ZNS_STAT_DEBUGFS", "fixtures/no-such-dir", 1);
	assert_int_equal(snapshot_read("zns8", &s, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not found: load the module with 'modprobe zns_stat'"));
}

static void lists_disks_sorted(void **state)
{
	char **names, err[512];
	int n, i;

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(snapshot_list_disks(&names, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 4);
	assert_string_equal(names[0], "broken");
	assert_string_equal(names[1], "zcg");
	assert_string_equal(names[2], "zns8");
	assert_string_equal(names[3], "zns8x");
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void column_kinds(void **state)
{
	char count[64];

	(void)state;
	assert_int_equal(column_kind("zone"), COL_ID);
	assert_int_equal(column_kind("cond"), COL_STATE);
	assert_int_equal(column_kind("reads"), COL_COUNTER);
	assert_int_equal(column_kind("reset_lat_sum_ns"), COL_COUNTER);
	assert_int_equal(column_kind("reset_lat_min_ns"), COL_EXTREMUM);
	assert_int_equal(column_kind("write_lat_max_ns"), COL_EXTREMUM);
	assert_int_equal(column_kind("top_zone_error"), COL_GAUGE);
	assert_int_equal(column_kind("memory_bytes"), COL_GAUGE);
	assert_int_equal(column_kind("maximal_flushes"), COL_COUNTER);
	assert_int_equal(latency_count_column("finish_lat_sum_ns", count, sizeof(count)), 0);
	assert_string_equal(count, "finishes");
	assert_int_equal(latency_count_column("close_lat_sum_ns", count, sizeof(count)), 0);
	assert_string_equal(count, "closes");
	assert_int_equal(latency_count_column("write_zeroes_lat_sum_ns", count, sizeof(count)), 0);
	assert_string_equal(count, "write_zeroes");
	assert_int_equal(latency_count_column("reset_lat_max_ns", count, sizeof(count)), -1);
}

/* Which columns belong to one operation: op_groups(), the one place (issue 14, item 7). */
static void operation_groups(void **state)
{
	static const char * const cols[] = {
		"zone", "start", "reads", "read_sectors", "resets", "reset_lat_min_ns",
		"reset_lat_max_ns", "reset_lat_sum_ns", "read_lat_sum_ns",
		"write_zeroes", "write_zeroes_sectors", "write_zeroes_lat_sum_ns",
		"finish_lat_sum_ns", "fill_min_sectors",
	};
	struct op_group g[MAX_OP_GROUPS];
	int n = op_groups(cols, 14, g, MAX_OP_GROUPS);

	(void)state;
	assert_int_equal(n, 3);		/* finish_lat_sum_ns has no "finishes" */
	assert_string_equal(g[0].op, "reset");
	assert_int_equal(g[0].count, 4);
	assert_int_equal(g[0].sectors, -1);
	assert_int_equal(g[0].lat_min, 5);
	assert_int_equal(g[0].lat_max, 6);
	assert_int_equal(g[0].lat_sum, 7);
	assert_string_equal(g[1].op, "read");
	assert_int_equal(g[1].count, 2);
	assert_int_equal(g[1].sectors, 3);
	assert_int_equal(g[1].lat_min, -1);
	assert_string_equal(g[2].op, "write_zeroes");
	assert_int_equal(g[2].count, 9);
	assert_int_equal(g[2].sectors, 10);
	assert_ptr_equal(op_group_of(g, n, 6), &g[0]);
	assert_ptr_equal(op_group_of(g, n, 3), &g[1]);
	assert_null(op_group_of(g, n, 13));	/* fill_min_sectors: no operation */
	assert_null(op_group_of(g, n, -1));
}

/*
 * performance.rst's scale tree (scale-fixture.sh), small: the tool reads
 * it, every zone with every column of its header (it once wrote 35 fields
 * under 37 columns, and the tool refused the tree).
 */
static void reads_the_scale_fixture(void **state)
{
	char dir[] = "/tmp/zns-unit-scaleXXXXXX", cmd[256], err[512] = "";
	struct snapshot s;
	uint64_t *row;
	int c;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "bash scale-fixture.sh %s 300", dir);
	assert_int_equal(system(cmd), 0);
	setenv("ZNS_STAT_DEBUGFS", dir, 1);
	assert_int_equal(snapshot_read("zbig", &s, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_int_equal(s.nr_zones, 300);
	c = snapshot_column(&s, "top_zone_error");
	assert_true(c >= 0);
	row = snapshot_row(&s, 297);	/* 297 = 27 * 11: an error */
	assert_int_equal(row[c], 441);
	assert_int_equal(row[snapshot_column(&s, "reads")], 1 + 297 % 7);
	snapshot_free(&s);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	use_fixture_debugfs();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_fixture_by_name),
		cmocka_unit_test(tolerates_new_columns_and_keys),
		cmocka_unit_test(columns_in_any_order),
		cmocka_unit_test(inserts_columns),
		cmocka_unit_test(rejects_bad_zones),
		cmocka_unit_test(error_messages),
		cmocka_unit_test(lists_disks_sorted),
		cmocka_unit_test(column_kinds),
		cmocka_unit_test(operation_groups),
		cmocka_unit_test(reads_the_scale_fixture),
	};

	return cmocka_run_group_tests_name("snapshot", tests, NULL, NULL);
}
