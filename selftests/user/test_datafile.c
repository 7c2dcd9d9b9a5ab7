// SPDX-License-Identifier: GPL-2.0
/* Data files: what record writes reads back the same; truncated or broken files are refused. */
#include "unit.h"

#include "cmd/record.h"
#include "lib/files.h"
#include "model/placement_model.h"
#include "render/report_html.h"
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

/*
 * A placement namespace's run: the fixture (fixtures/runs/p.dat) reads,
 * writes back to the same text, and is refused wherever it is damaged or
 * cut; its page has the rows, their shares, the figure and the device's WAF.
 */
static void placement_run(void **state)
{
	static const struct {
		const char *from, *to, *message;
	} cases[] = {
		{ "\nplacement: 8\n", "\nplacement: 9\n", "placement: 9 but 8 rows" },
		{ "\nptick: 10.000 20480 ", "\nptick: 10.000 ", "a ptick line of 7 rows, not 8" },
		{ "\nptick: 10.000 ", "\nptick: x ", "bad ptick line" },
		{ "\nnone - ", "\nnothing - ", "bad placement header or row" },
		{ "# pid ruhid writes write_sectors ", "# pid ruhid writes ", "a placement row's column missing" },
		{ "\n# end\n", "\n", "no '# end' line: truncated" },
		{ "\nend_epoch: ", "\nend_epochs: ", "no 'end_epoch:' line" },
	};
	char *text = slurp_file("fixtures/runs/p.dat", NULL), err[512];
	struct sbuf b = { 0 };
	struct datafile df;
	size_t i;

	(void)state;
	assert_non_null(text);
	{
		char *copy = strdup(text);

		assert_int_equal(datafile_parse("p.dat", copy, &df, err, sizeof(err)), 0);
		free(copy);
	}
	assert_true(df.placement);
	assert_int_equal(df.prows.nr_rows, 8);
	assert_int_equal(df.nr_pticks, 6);
	assert_int_equal(df.pticks[2].sectors[0], 40960);
	assert_string_equal(df.zones.disk, "nvme1n1");
	datafile_format(&b, &df);
	assert_string_equal(b.s, text);
	sbuf_free(&b);
	memset(&b, 0, sizeof(b));
	report_placement_html(&b, &df, "runs/p.dat");
	assert_false(b.oom);
	assert_non_null(strstr(b.s, "<tr><td>placement ID 0</td><td class=\"n\">1</td><td class=\"n\">640</td><td class=\"n\">80MiB</td><td class=\"n\">61.8%</td><td class=\"n\">1.33MiB/s</td>"));
	assert_non_null(strstr(b.s, "(2 more rows, all 0: placement ID 2, placement ID 4)"));
	assert_non_null(strstr(b.s, "<figure id=\"placement_over_time\">"));
	assert_non_null(strstr(b.s, "<tr><td>write amplification</td><td class=\"n\">1.40</td><td class=\"n\">1.30</td></tr>"));
	/* the frame; the bars: IDs 0, 1, 5 and none in every interval, 3 in four, unlisted once */
	assert_int_equal(count_of(b.s, "<rect "), 1 + 6 * 4 + 4 + 1);
	sbuf_free(&b);
	datafile_free(&df);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *at = strstr(text, cases[i].from);
		struct sbuf bad = { 0 };

		assert_non_null(at);
		sbuf_put(&bad, text, at - text);
		sbuf_printf(&bad, "%s%s", cases[i].to, at + strlen(cases[i].from));
		assert_int_equal(datafile_parse("x.dat", bad.s, &df, err, sizeof(err)), -1);
		if (!strstr(err, cases[i].message))
			fail_msg("case %zu: '%s' does not say '%s'", i, err, cases[i].message);
		sbuf_free(&bad);
	}
	for (i = 0; i + 1 < strlen(text); i += 5) {
		char *cut = strndup(text, i);

		assert_int_equal(datafile_parse("x.dat", cut, &df, err, sizeof(err)), -1);
		free(cut);
	}
	free(text);
}

/* A run's growth per row: counters that went back, or other rows, are whole. */
static void placement_delta(void **state)
{
	char a[] = "# pid ruhid writes write_sectors write_lat_max_ns\n0 1 2 16 500\nnone - 1 8 0\nunlisted - 0 0 0\n";
	char b[] = "# pid ruhid writes write_sectors write_lat_max_ns\n0 1 5 40 400\nnone - 1 8 0\nunlisted - 2 9 0\n";
	char c[] = "# pid ruhid writes write_sectors write_lat_max_ns\n0 1 1 8 400\nnone - 1 8 0\nunlisted - 2 9 0\n";
	char d[] = "# pid ruhid writes write_sectors write_lat_max_ns\n0 2 9 72 400\nnone - 1 8 0\nunlisted - 2 9 0\n";
	struct placement_file pa, pb, pc, pd, out;

	(void)state;
	assert_int_equal(placement_file_parse(&pa, a), 0);
	assert_int_equal(placement_file_parse(&pb, b), 0);
	assert_int_equal(placement_file_parse(&pc, c), 0);
	assert_int_equal(placement_file_parse(&pd, d), 0);
	assert_int_equal(placement_file_delta(&pa, &pb, 0, &out), 0);
	assert_int_equal(placement_file_get(&out, 0, "writes"), 3);
	assert_int_equal(placement_file_get(&out, 0, "write_sectors"), 24);
	/* an extreme is no growth, and one lower is no restart */
	assert_int_equal(placement_file_get(&out, 0, "write_lat_max_ns"), 400);
	assert_int_equal(placement_file_get(&out, 1, "writes"), 0);
	assert_int_equal(placement_file_get(&out, 2, "write_sectors"), 9);
	placement_file_free(&out);
	/* the epochs differ, a counter went back, another handle: b whole */
	assert_int_equal(placement_file_delta(&pa, &pb, 1, &out), 1);
	assert_int_equal(placement_file_get(&out, 0, "writes"), 5);
	placement_file_free(&out);
	assert_int_equal(placement_file_delta(&pb, &pc, 0, &out), 1);
	assert_int_equal(placement_file_get(&out, 0, "writes"), 1);
	placement_file_free(&out);
	assert_int_equal(placement_file_delta(&pa, &pd, 0, &out), 1);
	assert_int_equal(placement_file_get(&out, 0, "writes"), 9);
	placement_file_free(&out);
	placement_file_free(&pa);
	placement_file_free(&pb);
	placement_file_free(&pc);
	placement_file_free(&pd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(cleared_run_is_marked),
		cmocka_unit_test(refuses_broken_files),
		cmocka_unit_test(names),
		cmocka_unit_test(metadata_for_people),
		cmocka_unit_test(placement_run),
		cmocka_unit_test(placement_delta),
	};

	return cmocka_run_group_tests_name("datafile", tests, NULL, NULL);
}
