// SPDX-License-Identifier: GPL-2.0
/* record -i: each interval's per-zone changes, their data file lines, the report's figures. */
#include "unit.h"
#include "model/timeline_model.h"
#include "render/timeline_svg.h"

static const char summary[] = "format_version: 1\nnr_zones: 3\nzone_sectors: 2048\n";
static const char header[] = "# zone start write_sectors append_sectors read_sectors resets\n";

static void snap(struct snapshot *s, const char *rows)
{
	char zones[512];

	snprintf(zones, sizeof(zones), "%s%s", header, rows);
	snap_from_text(s, "zns8", zones, summary);
}

static void intervals_hold_each_zones_changes(void **state)
{
	struct snapshot a, b, c;
	struct timeline tl = { 0 };

	(void)state;
	snap(&a, "0 0 8 0 0 0\n1 2048 0 0 0 0\n2 4096 0 0 0 1\n");
	snap(&b, "0 0 24 8 0 0\n1 2048 0 0 16 0\n2 4096 0 0 0 1\n");
	snap(&c, "0 0 0 0 0 0\n1 2048 0 0 16 1\n2 4096 0 0 0 1\n");	/* zone 0 cleared */
	assert_int_equal(timeline_add(&tl, &a, &b, 1.0), 0);
	assert_int_equal(timeline_add(&tl, &b, &c, 2.5), 0);
	assert_int_equal(tl.nr, 2);
	/* zone 0: 16 written + 8 appended; zone 1: 16 read; zone 2 unchanged */
	assert_int_equal(tl.ticks[0].nr, 2);
	assert_int_equal(tl.ticks[0].zones[0].zone, 0);
	assert_int_equal(tl.ticks[0].zones[0].written_sectors, 24);
	assert_int_equal(tl.ticks[0].zones[1].read_sectors, 16);
	/* zone 0 went down (cleared): 0 since; zone 1 reset once */
	assert_int_equal(tl.ticks[1].nr, 1);
	assert_int_equal(tl.ticks[1].zones[0].zone, 1);
	assert_int_equal(tl.ticks[1].zones[0].resets, 1);
	timeline_free(&tl);
	snapshot_free(&a);
	snapshot_free(&b);
	snapshot_free(&c);
}

static void lines_round_trip_and_bad_ones_are_refused(void **state)
{
	struct timeline tl = { 0 }, back = { 0 };
	struct sbuf b = { 0 };
	char *line, *save;

	(void)state;
	assert_int_equal(timeline_parse_line(&tl, "1.000 0:24:0:0 1:0:16:0"), 0);
	assert_int_equal(timeline_parse_line(&tl, "2.500 1:0:0:1"), 0);
	assert_int_equal(timeline_parse_line(&tl, "3.000"), 0);	/* an idle interval */
	timeline_format_lines(&b, &tl);
	assert_string_equal(b.s, "tick: 1.000 0:24:0:0 1:0:16:0\ntick: 2.500 1:0:0:1\ntick: 3.000\n");
	for (line = strtok_r(b.s, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		assert_int_equal(timeline_parse_line(&back, line + 6), 0);
	assert_int_equal(back.nr, 3);
	assert_int_equal(back.ticks[0].zones[1].read_sectors, 16);
	assert_int_equal(timeline_parse_line(&back, "2.0 1:0:0:1"), -1);	/* back in time */
	assert_int_equal(timeline_parse_line(&back, "4.0 1:0:0"), -1);
	assert_int_equal(timeline_parse_line(&back, "4.0 1:0:0:1 x"), -1);
	assert_int_equal(back.nr, 3);
	sbuf_free(&b);
	timeline_free(&tl);
	timeline_free(&back);
}

static void report_section(void **state)
{
	struct timeline tl = { 0 };
	struct sbuf b = { 0 };

	(void)state;
	assert_int_equal(timeline_parse_line(&tl, "1.000 0:2048:0:0"), 0);
	assert_int_equal(timeline_parse_line(&tl, "2.000 1:2048:0:0 0:0:0:1"), 0);
	timeline_html(&b, &tl, 3);
	assert_non_null(strstr(b.s, "<h2>Over time</h2>"));
	assert_non_null(strstr(b.s, "<figure id=\"written_over_time\">"));
	assert_non_null(strstr(b.s, "<figure id=\"resets_over_time\">"));
	/* the write frontier: zone 0 in the first interval, zone 1 in the second */
	assert_non_null(strstr(b.s, "<title>zone 0, to 1.0 s: 1 MiB</title>"));
	assert_non_null(strstr(b.s, "<title>zone 1, to 2.0 s: 1 MiB</title>"));
	assert_non_null(strstr(b.s, "<title>zone 1, to 1.0 s: 0 B</title>"));
	assert_non_null(strstr(b.s, "<title>zone 0, to 2.0 s: 1</title>"));
	assert_non_null(strstr(b.s, "<tr><td class=\"n\">2.0 s</td><td class=\"n\">1 MiB/s</td><td class=\"n\">0 B/s</td><td class=\"n\">1.0</td></tr>"));
	sbuf_free(&b);
	timeline_free(&tl);
}

/*
 * The over-time figures have the heatmaps' colour bar, on a scale from the
 * data's smallest cell above 0 to its largest (issue 46, item 7: it started
 * at 512 B whatever the data, and had no bar), in the tool's sizes, and
 * say what a cell is.
 */
static void colour_bar_from_the_data(void **state)
{
	struct timeline tl = { 0 };
	struct sbuf b = { 0 };
	char *written, *resets;

	(void)state;
	assert_int_equal(timeline_parse_line(&tl, "1.000 0:2:0:0"), 0);	/* 1 KiB */
	assert_int_equal(timeline_parse_line(&tl, "2.000 1:2048:0:0"), 0);	/* 1 MiB */
	assert_int_equal(timeline_parse_line(&tl, "3.000 2:64:0:1"), 0);	/* 32 KiB, a reset */
	timeline_html(&b, &tl, 3);
	written = strstr(b.s, "<figure id=\"written_over_time\">");
	resets = strstr(b.s, "<figure id=\"resets_over_time\">");
	assert_non_null(written);
	assert_non_null(resets);
	resets[0] = '\0';
	/* a bar, its title in the unit, both ends the data's, 1 KiB to 1 MiB */
	assert_non_null(strstr(written, "fill=\"url(#bar-written_over_time)\""));
	assert_non_null(strstr(written, ">bytes per cell (log scale)</text>"));
	assert_non_null(strstr(written, ">1 KiB</text>"));
	assert_non_null(strstr(written, ">1 MiB</text>"));
	assert_null(strstr(written, "512 B"));
	assert_non_null(strstr(written, ">one cell = one zone x one interval</text>"));
	assert_non_null(strstr(written, ">3 intervals; highest cell 1 MiB (zone 1, to 2.0 s)</text>"));
	resets[0] = '<';
	assert_non_null(strstr(resets, "fill=\"url(#bar-resets_over_time)\""));
	assert_non_null(strstr(resets, ">resets per cell</text>"));
	sbuf_free(&b);
	timeline_free(&tl);
}

/* Beyond 240 intervals a column holds a whole number of them, and says so. */
static void many_intervals_share_a_column(void **state)
{
	struct timeline tl = { 0 };
	struct sbuf b = { 0 };
	char line[64];
	int i;

	(void)state;
	for (i = 1; i <= 500; i++) {
		snprintf(line, sizeof(line), "%d.000 %d:8:0:0", i, i % 3);
		assert_int_equal(timeline_parse_line(&tl, line), 0);
	}
	timeline_html(&b, &tl, 3);
	assert_non_null(strstr(b.s, ">one cell = one zone x 3 intervals</text>"));
	/* 167 columns: the last holds intervals 499 and 500 */
	assert_int_equal(count_of(b.s, "<title>zone 0, "), 2 * 167);
	assert_non_null(strstr(b.s, "<title>zone 0, to 500.0 s: "));
	assert_non_null(strstr(b.s, "<title>zone 0, to 3.0 s: 4 KiB</title>"));
	sbuf_free(&b);
	timeline_free(&tl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intervals_hold_each_zones_changes),
		cmocka_unit_test(lines_round_trip_and_bad_ones_are_refused),
		cmocka_unit_test(report_section),
		cmocka_unit_test(colour_bar_from_the_data),
		cmocka_unit_test(many_intervals_share_a_column),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
