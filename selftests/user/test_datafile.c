// SPDX-License-Identifier: GPL-2.0
/* Data files: what record writes reads back the same; truncated or broken files are refused. */
#include "unit.h"

#include "cmd/record.h"
#include "source/datafile.h"

static const char zones_a[] =
	"# zone start reads read_sectors resets reset_lat_min_ns reset_lat_sum_ns top_zone_error\n"
	"0 0 10 80 1 100 100 0\n1 2048 0 0 0 0 0 0\n";
static const char zones_b[] =
	"# zone start reads read_sectors resets reset_lat_min_ns reset_lat_sum_ns top_zone_error\n"
	"0 0 13 104 1 100 100 0\n1 2048 0 0 2 90 200 444\n";
static const char summary[] =
	"format_version: 1\npaths: 1\ncounting: 1\nnr_zones: 2\nzone_sectors: 2048\nlba_bytes: 4096\n"
	"status_decoding: on\nreset_all: %d\ndropped: 0\nreads: 10\nmemory_bytes: 100\n";

static void build(struct datafile *df, const char *comment, int reset_all_after)
{
	struct snapshot a, b;
	char sum[512];

	snprintf(sum, sizeof(sum), summary, 1);
	snap_from_text(&a, "zns2", zones_a, sum);
	snprintf(sum, sizeof(sum), summary, reset_all_after);
	snap_from_text(&b, "zns2", zones_b, sum);
	a.epoch = 1000.5, a.mono = 10;
	b.epoch = 1012.75, b.mono = 22.25;
	assert_int_equal(record_build(df, &a, &b, comment, "at the end of the recording"),
			 reset_all_after < 1);
	snapshot_free(&a);
	snapshot_free(&b);
}

static void round_trip(void **state)
{
	struct datafile df, back;
	struct sbuf b = { 0 };
	char err[512];
	uint64_t v;

	(void)state;
	build(&df, "fio --rw=write\n\tsecond line with \\ and | bar", 3);
	datafile_format(&b, &df);
	assert_non_null(strstr(b.s, "zns-stat data 2\ndevice: zns2\n"));
	assert_non_null(strstr(b.s, "\ncomment: fio --rw=write\\n\\tsecond line with \\\\ and | bar\n"));
	assert_non_null(strstr(b.s, "\nduration_s: 12.250\n"));
	assert_non_null(strstr(b.s, "\ncounters_cleared: no\n"));
	assert_non_null(strstr(b.s, "\ndisk.reset_all: 2\ndisk.dropped: 0\nzones: 2\n"));
	assert_null(strstr(b.s, "disk.memory_bytes"));	/* a level, not a count of the run */
	assert_null(strstr(b.s, "disk.paths"));		/* states (issue 14, item 3) */
	assert_null(strstr(b.s, "disk.counting"));
	assert_non_null(strstr(b.s, "\n0 0 3 24 0 0 0 0\n1 2048 0 0 2 90 200 444\n# end\n"));
	assert_int_equal(datafile_parse("t.dat", b.s, &back, err, sizeof(err)), 0);
	assert_string_equal(datafile_get(&back, "comment"),
			    "fio --rw=write\n\tsecond line with \\ and | bar");
	assert_string_equal(back.zones.disk, "zns2");
	assert_int_equal(back.zones.nr_zones, 2);
	assert_int_equal(snapshot_get(&back.zones, 1, "top_zone_error"), 444);
	assert_int_equal(snapshot_total(&back.zones, "reads"), 3);
	assert_int_equal(snapshot_summary_u64(&back.zones, "reset_all", &v), 0);
	assert_int_equal(v, 2);
	assert_int_equal(snapshot_summary_u64(&back.zones, "lba_bytes", &v), 0);
	assert_int_equal(v, 4096);
	datafile_free(&back);
	datafile_free(&df);
	sbuf_free(&b);
}

static void cleared_run_is_marked(void **state)
{
	struct datafile df;

	(void)state;
	build(&df, "", 0);	/* reset_all went from 1 to 0 */
	assert_string_equal(datafile_get(&df, "counters_cleared"), "yes");
	assert_int_equal(snapshot_total(&df.zones, "reads"), 13);
	datafile_free(&df);
}

/* Each broken variant of a good file, and the message that names the problem. */
static void refuses_broken_files(void **state)
{
	static const struct {
		const char *from, *to, *message;
	} cases[] = {
		{ "zns-stat data 2\n", "zns-stat data 2\nbogus\n", "line 2: expected 'key: value'" },
		{ "zns-stat data 2\n", "zns-stats data 2\n", "not a zns-stat data file" },
		{ "zns-stat data 2\n", "zns-stat data 7\n", "format 7 is newer" },
		{ "\nzones: 2\n", "\ncount: latency write\nzones: 2\n", "bad count line" },
		{ "1 2048 0 0 2 90 200 444\n# end\n", "", "1 of 2 zone rows: truncated" },
		{ "# end\n", "", "no '# end' line: truncated" },
		{ "# end\n", "2 4096 0 0 0 0 0 0\n# end\n", "more zone rows than 'zones:' says" },
		{ "1 2048 0 0 2 90 200 444\n", "1 2048 0 0 2 90 200\n", "malformed row for zone 1" },
		{ "1 2048 0 0 2 90 200 444\n", "7 2048 0 0 2 90 200 444\n", "malformed row for zone 1" },
		{ "\nzones: 2\n", "\nzones: x\n", "bad zone count" },
		{ "nr_zones: 2\n", "nr_zones: 3\n", "nr_zones 3 but 2 zone rows" },
		{ "device: zns2\n", "", "no 'device:' line" },
		{ "zone_sectors: 2048\n", "zone_sectors: 0\n", "bad 'zone_sectors:' value" },
		{ "lba_bytes: 4096\n", "lba_bytes: 0\n", "bad 'lba_bytes:' value" },
		{ "# zone start", "# start", "bad column header" },
	};
	struct datafile df;
	struct sbuf good = { 0 };
	char err[512];
	size_t i;

	(void)state;
	build(&df, "c", 3);
	datafile_format(&good, &df);
	datafile_free(&df);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *at = strstr(good.s, cases[i].from);
		struct sbuf bad = { 0 };

		assert_non_null(at);
		sbuf_put(&bad, good.s, at - good.s);
		sbuf_printf(&bad, "%s%s", cases[i].to, at + strlen(cases[i].from));
		assert_int_equal(datafile_parse("x.dat", bad.s, &df, err, sizeof(err)), -1);
		if (!strstr(err, cases[i].message))
			fail_msg("case %zu: '%s' does not say '%s'", i, err, cases[i].message);
		assert_int_equal(strncmp(err, "x.dat: ", 7), 0);
		sbuf_free(&bad);
	}
	/* cut anywhere: never accepted */
	for (i = 0; i + 1 < good.len; i += 7) {
		char *cut = strndup(good.s, i);

		assert_int_equal(datafile_parse("x.dat", cut, &df, err, sizeof(err)), -1);
		free(cut);
	}
	sbuf_free(&good);
}

static void names(void **state)
{
	char n[64];

	(void)state;
	datafile_name("/a/b/nvme0n2-20260101-120000.dat", n, sizeof(n));
	assert_string_equal(n, "nvme0n2-20260101-120000");
	datafile_name("run.data", n, sizeof(n));
	assert_string_equal(n, "run.data");
}

/* What people read of the metadata: no epoch seconds, no "(none)" (issue 14, item 6). */
static void metadata_for_people(void **state)
{
	(void)state;
	assert_true(datafile_meta_hidden("start_epoch", "1000.500"));
	assert_true(datafile_meta_hidden("host", "(none)"));
	assert_true(datafile_meta_hidden("zone_state", ""));
	assert_true(datafile_meta_hidden("comment", "shown apart"));
	assert_false(datafile_meta_hidden("host", "lab7"));
	assert_false(datafile_meta_hidden("start_time", "2026-11-25T13:00:00+0000"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(cleared_run_is_marked),
		cmocka_unit_test(refuses_broken_files),
		cmocka_unit_test(names),
		cmocka_unit_test(metadata_for_people),
	};

	return cmocka_run_group_tests_name("datafile", tests, NULL, NULL);
}
