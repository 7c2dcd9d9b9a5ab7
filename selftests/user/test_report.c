// SPDX-License-Identifier: GPL-2.0
/* The HTML report: heatmaps in a grid; two runs side by side, their geometry checked. */
#include "unit.h"

#include <json-c/json.h>

#include "model/compare.h"
#include "render/compare_out.h"
#include "render/report_html.h"
#include "source/datafile.h"

/*
 * A data file of n zones of zone_sectors sectors and lba-byte LBAs; zone z
 * wrote (z + 1) * w sectors in w commands and finished f times.
 */
static void run(struct datafile *df, int n, int zone_sectors, int lba, int w, int f)
{
	struct sbuf b = { 0 };
	char err[512];
	int z;

	sbuf_printf(&b, "zns-stat data 2\ndevice: zns%d\nmodel: Fixture\nnr_zones: %d\n"
		    "zone_sectors: %d\nlba_bytes: %d\nstart_time: 2026-01-02T03:04:05Z\n"
		    "start_epoch: 1767323045.000\nend_epoch: 1767323055.000\nduration_s: 10.000\n"
		    "comment: run\ndisk.reset_all: 0\nzones: %d\n"
		    "# zone start writes write_sectors finishes\n", n, n, zone_sectors, lba, n);
	for (z = 0; z < n; z++)
		sbuf_printf(&b, "%d %d %d %d %d\n", z, z * zone_sectors, w, (z + 1) * w, f);
	sbuf_printf(&b, "# end\n");
	if (datafile_parse("t.dat", b.s, df, err, sizeof(err)))
		fail_msg("%s", err);
	sbuf_free(&b);
}

static void geometry_mismatch_is_named(void **state)
{
	struct datafile a, same, zones, size, lba;
	char why[256];

	(void)state;
	run(&a, 8, 2048, 4096, 1, 0);
	run(&same, 8, 2048, 4096, 2, 0);
	run(&zones, 16, 2048, 4096, 1, 0);
	run(&size, 8, 4096, 512, 1, 0);
	run(&lba, 8, 2048, 512, 1, 0);
	assert_int_equal(report_compare_mismatch(&a, &same, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	assert_int_equal(report_compare_mismatch(&a, &zones, why, sizeof(why)), REPORT_ZONES_DIFFER);
	assert_string_equal(why, "zone count 8 vs 16");
	assert_int_equal(report_compare_mismatch(&a, &size, why, sizeof(why)),
			 REPORT_ZONES_DIFFER | REPORT_LBA_DIFFERS);
	assert_string_equal(why, "zone size 1 MiB vs 2 MiB, LBA size 4096 vs 512 bytes");
	assert_int_equal(report_compare_mismatch(&a, &lba, why, sizeof(why)), REPORT_LBA_DIFFERS);
	assert_string_equal(why, "LBA size 4096 vs 512 bytes");
	datafile_free(&a);
	datafile_free(&same);
	datafile_free(&zones);
	datafile_free(&size);
	datafile_free(&lba);
}

static void two_runs_side_by_side(void **state)
{
	struct datafile a, c;
	struct sbuf b = { 0 };
	char *fig_a;

	(void)state;
	run(&a, 8, 2048, 4096, 1, 1);
	run(&c, 8, 2048, 4096, 2, 0);
	report_compare_html(&b, &a, "runs/a.dat", &c, "runs/b.dat");
	/* the runs in two columns, not one table after the other */
	assert_non_null(strstr(b.s, "<tr><th></th><th>A</th><th>B</th></tr>\n<tr><td>data file</td><td>a.dat</td><td>b.dat</td></tr>"));
	assert_non_null(strstr(b.s, "<tr><td>zones</td><td>8</td><td>8</td></tr>"));
	assert_null(strstr(b.s, "class=\"warn\""));
	/* B/A: 2 where both did some, "-" where either did none (not 0.000) */
	assert_non_null(strstr(b.s, "<tr><td>writes</td><td class=\"n\">8</td><td class=\"n\">16</td><td class=\"n\">2.000</td></tr>"));
	assert_non_null(strstr(b.s, "<tr><td>finishes</td><td class=\"n\">8</td><td class=\"n\">0</td><td class=\"n\">-</td></tr>"));
	assert_null(strstr(b.s, "0.000"));
	/* per metric A, B on one scale and B - A, in a three-column grid */
	assert_non_null(strstr(b.s, "<div class=\"heatmaps\">"));
	assert_non_null(strstr(b.s, "<figure id=\"a-write_data\">"));
	assert_non_null(strstr(b.s, "<figure id=\"b-write_data\">"));
	assert_non_null(strstr(b.s, "<figure id=\"diff-write_data\">"));
	/* each figure's gradient its own id in the page */
	assert_int_equal(count_of(b.s, "<linearGradient id=\"bar-a-write_data\""), 1);
	assert_int_equal(count_of(b.s, "<linearGradient id=\"bar-b-write_data\""), 1);
	assert_int_equal(count_of(b.s, "<linearGradient id=\"bar-diff-write_data\""), 1);
	assert_non_null(strstr(b.s, "B - A: data written (write commands)"));
	/* zone 7: 8 sectors in A, 16 in B; B did more everywhere */
	assert_non_null(strstr(b.s, "<title>zone 7: +4 KiB</title>"));
	assert_non_null(strstr(b.s, "total +18 KiB; 8 zones higher in B (most +4 KiB, zone 7), 0 lower</text>"));
	assert_non_null(strstr(b.s, "0 (no change)"));
	/* one scale for both: A's legend reaches B's 8 KiB though A wrote 4 KiB at most */
	fig_a = strstr(b.s, "<figure id=\"a-write_data\">");
	*strstr(fig_a, "</figure>") = '\0';
	assert_non_null(strstr(fig_a, ">8 KiB</text>"));
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

static void other_geometry_is_said_and_not_mapped(void **state)
{
	struct datafile a, c;
	struct sbuf b = { 0 };

	(void)state;
	run(&a, 8, 2048, 4096, 1, 0);
	run(&c, 16, 2048, 4096, 1, 0);
	report_compare_html(&b, &a, "a.dat", &c, "b.dat");
	assert_non_null(strstr(b.s, "<p class=\"warn\">The runs differ in geometry: zone count 8 vs 16."));
	assert_non_null(strstr(b.s, "<tr><td>zones</td><td class=\"differs\">8</td><td class=\"differs\">16</td></tr>"));
	assert_int_equal(count_of(b.s, "<figure"), 0);
	assert_non_null(strstr(b.s, "<tr><td>writes</td>"));	/* totals still compared */
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

static void heatmaps_in_a_grid_said_once(void **state)
{
	struct datafile df;
	struct sbuf b = { 0 };

	(void)state;
	run(&df, 8, 2048, 4096, 1, 0);
	report_html(&b, &df, "runs/x.dat");
	assert_non_null(strstr(b.s, "<div class=\"heatmaps\">\n<figure id=\"write_cmds\">"));
	/* the run's subtitle under the title and above the heatmaps, not in each */
	assert_int_equal(count_of(b.s, "8 zones of 1 MiB, 4096-byte LBAs"), 2);
	assert_non_null(strstr(b.s, "One cell per zone."));
	sbuf_free(&b);
	datafile_free(&df);
}

static void default_file_beside_the_data(void **state)
{
	char out[256];

	(void)state;
	report_default_file("runs/nvme0n2-20260102.dat", NULL, out, sizeof(out));
	assert_string_equal(out, "runs/nvme0n2-20260102.html");
	report_default_file("a.dat", NULL, out, sizeof(out));
	assert_string_equal(out, "a.html");
	report_default_file("/r/before.dat", "other/after.dat", out, sizeof(out));
	assert_string_equal(out, "/r/before-vs-after.html");
}

/*
 * fixtures/runs: make-datafile.sh 8 runa and runb as version 2 files with
 * latency rows. A: 60 s; read 2 in [9728,10239], 1 in [11776,12287], exact
 * max 12000; write 10 in [19456,20479], 1 in [86016,90111], exact max
 * 90000. B: the same zones in 30 s; write in log2 rows only (12 from
 * 16384, 1 from 131072), no exact max; no read histogram.
 */
static void fixture_runs(struct datafile *a, struct datafile *c)
{
	char err[512];

	if (datafile_read("fixtures/runs/a.dat", a, err, sizeof(err)) ||
	    datafile_read("fixtures/runs/b.dat", c, err, sizeof(err)))
		fail_msg("%s", err);
}

static void comparison_as_csv(void **state)
{
	struct datafile a, c;
	struct sbuf b = { 0 };

	(void)state;
	fixture_runs(&a, &c);
	compare_output(&b, FMT_CSV, &a, "fixtures/runs/a.dat", &c, "fixtures/runs/b.dat", 0);
	assert_non_null(strstr(b.s, "run,data_file,device,model,serial,firmware,kernel,start_time,comment,duration_s,zones,zone_bytes,lba_bytes\nA,a.dat,runa,Fixture ZNS SSD,FX8,1.0,6.1.0-56-amd64,2026-01-02T03:04:05Z,\"generated by make-datafile.sh\nsecond line of the comment\",60,8,1048576,4096\n"));
	assert_non_null(strstr(b.s, "\n\nsection,figure,a,b,b_over_a,bound\nrates_and_latency,duration_s,60,30,0.500,0\n"));
	assert_non_null(strstr(b.s, "\nrates_and_latency,write_commands_per_s,0.483,0.967,2.000,0\n"));
	assert_non_null(strstr(b.s, "\nrates_and_latency,write_bytes_per_s,1979.733,3959.467,2.000,0\n"));
	assert_non_null(strstr(b.s, "\nrates_and_latency,write_latency_mean_ns,20000,20000,1.000,0\n"));
	assert_non_null(strstr(b.s, "\nrates_and_latency,write_latency_p50_le_ns,20479,32767,1.600,1\n"));
	/* A's exact 90000, not its bucket's 90111; B has a log2 bound only */
	assert_non_null(strstr(b.s, "\nrates_and_latency,write_latency_max_ns,90000,262143,2.913,1\n"));
	assert_non_null(strstr(b.s, "\nrates_and_latency,read_latency_max_ns,12000,,,0\n"));
	assert_non_null(strstr(b.s, "\ntotals,write_sectors,232,232,1.000,0\n"));
	/* a zero on either side: no ratio */
	assert_non_null(strstr(b.s, "\ntotals,finishes,0,0,,0\n"));
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

static struct json_object *figure(struct json_object *doc, const char *section,
				  const char *key)
{
	struct json_object *f = json_object_object_get(json_object_object_get(doc, section), key);

	assert_non_null(f);
	return f;
}

static void comparison_as_json(void **state)
{
	struct json_object *doc, *f, *run;
	struct datafile a, c;
	struct sbuf b = { 0 };

	(void)state;
	fixture_runs(&a, &c);
	compare_output(&b, FMT_JSON, &a, "a.dat", &c, "b.dat", 0);
	doc = json_tokener_parse(b.s);
	assert_non_null(doc);
	run = json_object_object_get(json_object_object_get(doc, "runs"), "b");
	assert_string_equal(json_object_get_string(json_object_object_get(run, "device")), "runb");
	assert_int_equal(json_object_get_int64(json_object_object_get(run, "zone_bytes")), 1048576);
	assert_true(json_object_is_type(json_object_object_get(doc, "geometry_differs"), json_type_null));
	f = figure(doc, "rates_and_latency", "write_latency_max_ns");
	assert_int_equal(json_object_get_int64(json_object_object_get(f, "a")), 90000);
	assert_int_equal(json_object_get_int64(json_object_object_get(f, "b")), 262143);
	assert_string_equal(json_object_to_json_string(json_object_object_get(f, "b_over_a")), "2.913");
	assert_true(json_object_get_boolean(json_object_object_get(f, "bound")));
	f = figure(doc, "rates_and_latency", "read_latency_max_ns");
	assert_int_equal(json_object_get_int64(json_object_object_get(f, "a")), 12000);
	assert_true(json_object_is_type(json_object_object_get(f, "b"), json_type_null));
	assert_false(json_object_get_boolean(json_object_object_get(f, "bound")));
	f = figure(doc, "rates_and_latency", "read_commands_per_s");
	assert_string_equal(json_object_to_json_string(json_object_object_get(f, "a")), "0.317");
	f = figure(doc, "totals", "finishes");
	assert_int_equal(json_object_get_int64(json_object_object_get(f, "a")), 0);
	assert_true(json_object_is_type(json_object_object_get(f, "b_over_a"), json_type_null));
	json_object_put(doc);
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

/* The table (libsmartcols; the tests' C locale: "us") and the page: the same figures. */
static void comparison_as_table_and_html(void **state)
{
	struct datafile a, c;
	struct sbuf b = { 0 };
	char *line, *nl;

	(void)state;
	fixture_runs(&a, &c);
	compare_output(&b, FMT_TABLE, &a, "a.dat", &c, "b.dat", 0);
	assert_non_null(strstr(b.s, "runs\n             A  "));
	assert_non_null(strstr(b.s, "\n  data file  a.dat  "));
	assert_non_null(strstr(b.s, "\n  comment    generated by make-datafile.sh second line of the comment "));
	assert_non_null(strstr(b.s, "\nrates and latency\n  figure                                            A         B   B/A\n"));
	/* one word a size and a duration, as every table (issue 46, item 3) */
	assert_non_null(strstr(b.s, "\n  duration                                        60s       30s 0.500\n"));
	assert_non_null(strstr(b.s, "\n  read data per second                      3.33KiB/s 6.67KiB/s 2.000\n"));
	assert_non_null(strstr(b.s, "\n  write latency max (at most)                    90us     262us 2.913\n"));
	assert_non_null(strstr(b.s, "\n  read latency max                               12us         -     -\n"));
	assert_non_null(strstr(b.s, "\n  zone size  1MiB "));
	assert_non_null(strstr(b.s, "\n  LBA size   4KiB "));
	/* the label says bytes, what the cell holds (CSV and JSON: read_sectors) */
	assert_non_null(strstr(b.s, "\ntotals\n  counter           A      B   B/A\n"));
	assert_non_null(strstr(b.s, "\n  read_bytes   200KiB 200KiB 1.000\n"));
	assert_null(strstr(b.s, "read_sectors"));
	assert_non_null(strstr(b.s, "\n  finishes          0      0     -\n"));
	sbuf_free(&b);
	/* a terminal of 60: the runs' comments wrap between words, each line fits */
	compare_output(&b, FMT_TABLE, &a, "a.dat", &c, "b.dat", 60);
	assert_non_null(strstr(b.s, "\n  comment    generated by            generated by\n"
				    "             make-datafile.sh second make-datafile.sh second\n"));
	for (line = b.s; (nl = strchr(line, '\n')) && strncmp(line, "rates", 5); line = nl + 1)
		assert_in_range(nl - line, 0, 60);
	sbuf_free(&b);
	report_compare_html(&b, &a, "a.dat", &c, "b.dat");
	assert_non_null(strstr(b.s, "<tr><td>write latency max (at most)</td><td class=\"n\">90µs</td><td class=\"n\">262µs</td><td class=\"n\">2.913</td></tr>"));
	assert_non_null(strstr(b.s, "<tr><td>read latency max</td><td class=\"n\">12µs</td><td class=\"n\">-</td><td class=\"n\">-</td></tr>"));
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

/*
 * One run's page: a maximum is the module's exact one, or "≤": A's resets
 * have no histogram, and the zones' maxima are theirs since load.
 */
static void one_run_max_exact_or_bound(void **state)
{
	struct datafile a, c;
	struct sbuf b = { 0 };

	(void)state;
	fixture_runs(&a, &c);
	report_html(&b, &a, "a.dat");
	assert_non_null(strstr(b.s, "<tr><td>resets</td><td class=\"n\">3</td><td class=\"n\">27µs</td><td class=\"n\">22µs / ≤32µs</td></tr>"));
	/* the latency section: write's exact 90 µs, not its bucket's 90.1 µs */
	assert_non_null(strstr(b.s, "<tr><td>write</td><td class=\"n\">11</td><td class=\"n\">20.5µs</td><td class=\"n\">90µs</td><td class=\"n\">90µs</td></tr>"));
	sbuf_free(&b);
	report_html(&b, &c, "b.dat");
	assert_non_null(strstr(b.s, "<tr><td>write</td><td class=\"n\">13</td><td class=\"n\">32.8µs</td><td class=\"n\">262µs</td><td class=\"n\">≤262µs</td></tr>"));
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

/*
 * A data file without the errors breakdown (fixture A: latency rows, no
 * "count: errors" line) whose zones counted 2 failed commands: the
 * breakdown reads "not recorded", never "No command failed"; so do its
 * resets log and sizes. Where the zones counted none (B's errors zeroed),
 * no command failed.
 */
static void errors_not_recorded_are_not_none(void **state)
{
	struct datafile a, c;
	struct sbuf b = { 0 };
	uint64_t z;
	int col;

	(void)state;
	fixture_runs(&a, &c);
	report_html(&b, &a, "a.dat");
	assert_non_null(strstr(b.s, "<tr><td>errors</td><td class=\"n\">2</td>"));
	assert_null(strstr(b.s, "No command failed"));
	assert_non_null(strstr(b.s, "<h2>Errors</h2>\n<p>By status: not recorded"));
	/* nor a resets log (3 resets) or sizes (3 reads, 11 writes) */
	assert_null(strstr(b.s, "0 resets logged"));
	assert_non_null(strstr(b.s, "<h2>Resets</h2>\n<p>Resets logged: not recorded"));
	assert_non_null(strstr(b.s, "<tr><td>read sizes</td><td>not recorded</td></tr>"));
	assert_non_null(strstr(b.s, "<tr><td>write alignment</td><td>not recorded</td></tr>"));
	sbuf_free(&b);
	col = snapshot_column(&c.zones, "errors");
	assert_true(col >= 0);
	for (z = 0; z < c.zones.nr_zones; z++)
		snapshot_row(&c.zones, z)[col] = 0;
	report_html(&b, &c, "b.dat");
	assert_non_null(strstr(b.s, "<h2>Errors</h2>\n<p>No command failed.</p>"));
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

/*
 * The summary leaves out the rows whose every value is 0 (issue 46, item 7)
 * and says under the table how many and which; a table of none but those is
 * that line alone. The same in the comparison's tables.
 */
static void summary_leaves_out_rows_of_zero(void **state)
{
	struct datafile df, a, c;
	struct sbuf b = { 0 };

	(void)state;
	run(&df, 8, 2048, 4096, 1, 0);
	report_html(&b, &df, "x.dat");
	assert_non_null(strstr(b.s, "<tr><td>writes</td><td class=\"n\">8</td>"));
	assert_null(strstr(b.s, "<tr><td>finishes</td>"));
	assert_null(strstr(b.s, "<th>zone management</th>"));
	assert_non_null(strstr(b.s, "</table>\n<p class=\"left\">(2 rows, all 0: finishes, resets of all zones)</p>\n<h2>"));
	sbuf_free(&b);
	datafile_free(&df);
	run(&df, 8, 2048, 4096, 1, 1);
	report_html(&b, &df, "x.dat");
	assert_non_null(strstr(b.s, "<tr><td>finishes</td><td class=\"n\">8</td>"));
	assert_non_null(strstr(b.s, "</table>\n<p class=\"left\">(1 more row, all 0: resets of all zones)</p>\n"));
	sbuf_free(&b);
	datafile_free(&df);
	fixture_runs(&a, &c);
	report_html(&b, &a, "a.dat");
	assert_null(strstr(b.s, "<td class=\"n\">0</td><td class=\"n\">-</td><td class=\"n\">-</td>"));
	assert_non_null(strstr(b.s, "(8 more rows, all 0: finishes, opens, closes, finishes of all zones, "));
	sbuf_free(&b);
	report_compare_html(&b, &a, "a.dat", &c, "b.dat");
	assert_null(strstr(b.s, "<tr><td>finishes</td>"));
	assert_non_null(strstr(b.s, "<p class=\"left\">(3 more rows, all 0: finishes, opens, closes)</p>"));
	sbuf_free(&b);
	datafile_free(&a);
	datafile_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(geometry_mismatch_is_named),
		cmocka_unit_test(two_runs_side_by_side),
		cmocka_unit_test(other_geometry_is_said_and_not_mapped),
		cmocka_unit_test(heatmaps_in_a_grid_said_once),
		cmocka_unit_test(default_file_beside_the_data),
		cmocka_unit_test(comparison_as_csv),
		cmocka_unit_test(comparison_as_json),
		cmocka_unit_test(comparison_as_table_and_html),
		cmocka_unit_test(one_run_max_exact_or_bound),
		cmocka_unit_test(errors_not_recorded_are_not_none),
		cmocka_unit_test(summary_leaves_out_rows_of_zero),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
