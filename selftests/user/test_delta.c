// SPDX-License-Identifier: GPL-2.0
/* Differences of snapshots: counters, extrema, levels, and counters cleared in between. */
#include "unit.h"

#include "../../include/zns_stat.h"
#include "model/delta.h"
#include "source/columns.h"

static const char zones_before[] =
	"# zone start reads read_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns top_zone_error\n"
	"0 0 10 80 2 100 300 400 0\n"
	"1 2048 5 40 1 200 200 200 444\n";
static const char summary_before[] =
	"format_version: 1\nnr_zones: 2\nzone_sectors: 2048\nmemory_bytes: 4096\n"
	"reset_all: 3\ndropped: 0\nreads: 15\nstatus_decoding: on\n";

static void counters_are_differences(void **state)
{
	struct snapshot a, b, d;
	uint64_t v;

	(void)state;
	snap_from_text(&a, "x", zones_before, summary_before);
	snap_from_text(&b, "x",
		       "# zone start reads read_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns top_zone_error\n"
		       "0 0 12 96 3 50 300 450 0\n"
		       "1 2048 5 40 1 200 200 200 444\n",
		       "format_version: 1\nnr_zones: 2\nzone_sectors: 2048\nmemory_bytes: 2048\n"
		       "reset_all: 4\ndropped: 0\nreads: 17\nstatus_decoding: on\n");
	assert_int_equal(delta_compute(&a, &b, &d), 0);
	assert_int_equal(snapshot_get(&d, 0, "reads"), 2);
	assert_int_equal(snapshot_get(&d, 0, "read_sectors"), 16);
	assert_int_equal(snapshot_get(&d, 0, "resets"), 1);
	assert_int_equal(snapshot_get(&d, 0, "reset_lat_sum_ns"), 50);
	/* extrema: the later values where a reset happened, 0 elsewhere */
	assert_int_equal(snapshot_get(&d, 0, "reset_lat_min_ns"), 50);
	assert_int_equal(snapshot_get(&d, 0, "reset_lat_max_ns"), 300);
	assert_int_equal(snapshot_get(&d, 1, "reset_lat_min_ns"), 0);
	assert_int_equal(snapshot_get(&d, 1, "reset_lat_max_ns"), 0);
	/* identity and levels are not subtracted; a level is no activity */
	assert_int_equal(snapshot_get(&d, 1, "start"), 2048);
	assert_int_equal(snapshot_get(&d, 1, "top_zone_error"), 444);
	assert_false(snapshot_zone_active(&d, 1));
	assert_int_equal(snapshot_summary_u64(&d, "reset_all", &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(snapshot_summary_u64(&d, "reads", &v), 0);
	assert_int_equal(v, 2);
	/* memory_bytes went down: a level, not a clear */
	assert_int_equal(snapshot_summary_u64(&d, "memory_bytes", &v), 0);
	assert_int_equal(v, 2048);
	assert_string_equal(snapshot_summary(&d, "status_decoding"), "on");
	snapshot_free(&a);
	snapshot_free(&b);
	snapshot_free(&d);
}

/* The module replaces the whole table on clear: one counter down means all restarted. */
static void cleared_counters_restart_from_zero(void **state)
{
	struct snapshot a, b, d;
	uint64_t v;

	(void)state;
	snap_from_text(&a, "x", zones_before, summary_before);
	/* zone 0 went down (cleared, then 1 read); zone 1 is above its old value */
	snap_from_text(&b, "x",
		       "# zone start reads read_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns top_zone_error\n"
		       "0 0 1 8 0 0 0 0 0\n"
		       "1 2048 7 56 0 0 0 0 0\n",
		       "format_version: 1\nnr_zones: 2\nzone_sectors: 2048\n"
		       "reset_all: 0\ndropped: 0\nreads: 8\n");
	assert_int_equal(delta_compute(&a, &b, &d), 1);
	assert_int_equal(snapshot_get(&d, 0, "reads"), 1);
	assert_int_equal(snapshot_get(&d, 1, "reads"), 7);	/* not 7 - 5 */
	assert_int_equal(snapshot_get(&d, 1, "read_sectors"), 56);
	assert_int_equal(snapshot_summary_u64(&d, "reads", &v), 0);
	assert_int_equal(v, 8);
	snapshot_free(&b);
	snapshot_free(&d);

	/* only a summary counter went down: still a clear */
	snap_from_text(&b, "x", zones_before,
		       "format_version: 1\nnr_zones: 2\nzone_sectors: 2048\nreset_all: 0\nreads: 15\n");
	assert_int_equal(delta_compute(&a, &b, &d), 1);
	assert_int_equal(snapshot_get(&d, 0, "reads"), 10);
	snapshot_free(&b);
	snapshot_free(&d);
	snapshot_free(&a);
}

static void geometry_change_restarts(void **state)
{
	struct snapshot a, b, d;

	(void)state;
	snap_from_text(&a, "x", zones_before, summary_before);
	snap_from_text(&b, "x", "# zone start reads\n0 0 11\n", "nr_zones: 1\nzone_sectors: 4096\n");
	assert_int_equal(delta_compute(&a, &b, &d), 1);
	assert_int_equal(d.nr_zones, 1);
	assert_int_equal(snapshot_get(&d, 0, "reads"), 11);
	snapshot_free(&a);
	snapshot_free(&b);
	snapshot_free(&d);
}

static void new_column_counts_from_zero(void **state)
{
	struct snapshot a, b, d;

	(void)state;
	snap_from_text(&a, "x", "# zone start reads\n0 0 1\n", "nr_zones: 1\n");
	snap_from_text(&b, "x", "# zone start reads flushes\n0 0 4 9\n", "nr_zones: 1\n");
	assert_int_equal(delta_compute(&a, &b, &d), 0);
	assert_int_equal(snapshot_get(&d, 0, "reads"), 3);
	assert_int_equal(snapshot_get(&d, 0, "flushes"), 9);
	snapshot_free(&a);
	snapshot_free(&b);
	snapshot_free(&d);
}

/*
 * paths and counting are states: counting 1 -> 0 (the devices parameter)
 * is no clear, and a state is never subtracted (issue 14, item 3).
 */
static void states_are_not_counters(void **state)
{
	static const char before[] =
		"format_version: 1\ndisk: x\npaths: 2\ncounting: 1\nnr_zones: 2\n"
		"zone_sectors: 2048\nreset_log_size: 64\nreset_log_entries: 5\nreads: 15\n";
	static const char after[] =
		"format_version: 1\ndisk: x\npaths: 1\ncounting: 0\nnr_zones: 2\n"
		"zone_sectors: 2048\nreset_log_size: 32\nreset_log_entries: 7\nreads: 15\n";
	struct snapshot a, b, d;
	uint64_t v;

	(void)state;
	snap_from_text(&a, "x", zones_before, before);
	snap_from_text(&b, "x", zones_before, after);
	assert_int_equal(delta_compute(&a, &b, &d), 0);
	assert_int_equal(snapshot_summary_u64(&d, "counting", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(snapshot_summary_u64(&d, "paths", &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(snapshot_summary_u64(&d, "reset_log_size", &v), 0);
	assert_int_equal(v, 32);
	assert_int_equal(snapshot_summary_u64(&d, "reset_log_entries", &v), 0);
	assert_int_equal(v, 2);
	assert_int_equal(snapshot_get(&d, 0, "reads"), 0);
	snapshot_free(&a);
	snapshot_free(&b);
	snapshot_free(&d);
}

/* One place says what a summary key is: include/zns_stat.h. */
static void summary_key_kinds(void **state)
{
	(void)state;
	assert_int_equal(summary_key_kind("paths", "1"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("counting", "0"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("format_version", "1"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("memory_bytes", "7424"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("reset_log_size", "64"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("status_decoding", "on"), ZNS_KEY_STATE);
	/* which counters these are: never subtracted */
	assert_int_equal(summary_key_kind("instance", "0x5eed0000000000a1"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("generation", "3"), ZNS_KEY_STATE);
	assert_int_equal(summary_key_kind("setup_failures", "0"), ZNS_KEY_COUNTER);
	assert_int_equal(summary_key_kind("reset_log_overwritten", "0"), ZNS_KEY_COUNTER);
	assert_int_equal(summary_key_kind("select_all_errors", "0"), ZNS_KEY_COUNTER);
	assert_int_equal(summary_key_kind("write_sectors", "8"), ZNS_KEY_COUNTER);
	assert_int_equal(summary_key_kind("reset_lat_min_ns", "8"), ZNS_KEY_EXTREMUM);
	/* a key a newer module adds: by its name, like a column */
	assert_int_equal(summary_key_kind("flushes", "3"), ZNS_KEY_COUNTER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counters_are_differences),
		cmocka_unit_test(cleared_counters_restart_from_zero),
		cmocka_unit_test(geometry_change_restarts),
		cmocka_unit_test(new_column_counts_from_zero),
		cmocka_unit_test(states_are_not_counters),
		cmocka_unit_test(summary_key_kinds),
	};

	return cmocka_run_group_tests_name("delta", tests, NULL, NULL);
}
