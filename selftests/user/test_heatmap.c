// SPDX-License-Identifier: GPL-2.0
/* Heatmap geometry, colour scales and the SVG of 8 and 65536 zones. */
#include <math.h>

#include "unit.h"

#include "model/metrics.h"
#include "render/heatmap.h"

static const struct metric *metric_named(const char *id)
{
	int i;

	for (i = 0; i < nr_metrics; i++)
		if (!strcmp(metrics[i].id, id))
			return &metrics[i];
	fail_msg("no metric %s", id);
	return NULL;
}

static void geometry(void **state)
{
	static const struct {
		uint64_t zones, per_cell, cols, rows;
	} want[] = {
		{ 1, 1, 1, 1 },
		{ 2, 1, 2, 1 },
		{ 8, 1, 4, 2 },
		{ 16, 1, 4, 4 },
		{ 1000, 1, 32, 32 },
		{ 4096, 1, 64, 64 },
		{ 4097, 2, 64, 33 },
		{ 65536, 16, 64, 64 },
		{ 65537, 32, 64, 33 },
		{ 1000000, 256, 64, 62 },
	};
	struct heatmap_geom g;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		heatmap_geometry(want[i].zones, HEATMAP_MAX_CELLS, &g);
		assert_int_equal(g.zones_per_cell, want[i].per_cell);
		assert_int_equal(g.cols, want[i].cols);
		assert_int_equal(g.rows, want[i].rows);
		/* every zone has a cell, no more cells than the bound */
		assert_true(g.cells * g.zones_per_cell >= want[i].zones);
		assert_true(g.cells <= HEATMAP_MAX_CELLS);
		assert_true((uint64_t)g.cols * g.rows >= g.cells);
		assert_true(g.cell_px >= 1 && g.cell_px * g.cols <= 640);
	}
}

static void colour_scales(void **state)
{
	const struct metric *data = metric_named("write_data");
	const struct metric *lat = metric_named("reset_latency");
	double v[4] = { 0, 4096, 8192, 16384 }, ticks[8];
	int def[4] = { 1, 1, 1, 1 }, n;
	struct colour_scale cs;
	char c[8];

	(void)state;
	/* sums: linear from 0, ticks in round binary units */
	colour_scale_fit(&cs, data, v, def, 4);
	assert_false(cs.log);
	assert_true(cs.lo == 0 && cs.hi == 16384);
	n = colour_scale_ticks(&cs, data, ticks, 8);
	assert_int_equal(n, 5);
	assert_true(ticks[0] == 0 && ticks[1] == 4096 && ticks[4] == 16384);
	/* a wide span: log scale with powers of 2 for bytes */
	v[3] = 4096.0 * 1024;
	colour_scale_fit(&cs, data, v, def, 4);
	assert_true(cs.log);
	assert_true(colour_scale_pos(&cs, 4096) == 0);
	assert_true(colour_scale_pos(&cs, 4096.0 * 1024) == 1);
	n = colour_scale_ticks(&cs, data, ticks, 8);
	assert_true(n >= 2 && ticks[0] == 4096 && ticks[n - 1] <= 4096.0 * 1024);
	/* averages: the range of the values; undefined ones do not count */
	v[0] = 30000, v[1] = 31000, v[2] = 40000, v[3] = 1;
	def[3] = 0;
	colour_scale_fit(&cs, lat, v, def, 4);
	assert_false(cs.log);
	assert_true(cs.lo == 30000 && cs.hi == 40000);
	/* nothing above 0 */
	def[0] = def[1] = def[2] = 0;
	colour_scale_fit(&cs, lat, v, def, 4);
	assert_true(cs.empty);
	assert_int_equal(colour_scale_ticks(&cs, lat, ticks, 8), 0);
	/* the ends of viridis, and zero apart from both */
	colour_at(0, c);
	assert_string_equal(c, "#440154");
	colour_at(1, c);
	assert_string_equal(c, "#fde725");
	assert_string_not_equal(ZERO_COLOUR, "#440154");
}

/* An 8-zone snapshot: zone z wrote z * 8 sectors, zone 3 none, zone 6 one reset. */
static void eight_zones(struct snapshot *s)
{
	char zones[1024];
	int z, n;

	n = snprintf(zones, sizeof(zones), "# zone start writes write_sectors resets reset_lat_sum_ns\n");
	for (z = 0; z < 8; z++)
		n += snprintf(zones + n, sizeof(zones) - n, "%d %d %d %d %d %d\n", z, z * 2048,
			      z == 3 ? 0 : z, z == 3 ? 0 : z * 8, z == 6, z == 6 ? 31500 : 0);
	snap_from_text(s, "zns8", zones, "nr_zones: 8\nzone_sectors: 2048\n");
}

static void svg_eight_zones(void **state)
{
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	eight_zones(&s);
	heatmap_svg(&b, &s, metric_named("write_data"), "zns8: data <written>", "sub & title", "");
	assert_non_null(strstr(b.s, "zns8: data &lt;written&gt;"));
	assert_non_null(strstr(b.s, "sub &amp; title"));
	/* one cell per zone, with its value as a tooltip and as text */
	assert_int_equal(count_of(b.s, "<title>zone "), 8);
	assert_non_null(strstr(b.s, "<title>zone 3: 0 B</title>"));
	assert_non_null(strstr(b.s, "<title>zone 7: 28 KiB</title>"));
	assert_non_null(strstr(b.s, "fill=\"" ZERO_COLOUR "\"><title>zone 0: 0 B"));
	assert_non_null(strstr(b.s, ">28 KiB</text>"));
	/* axes: row labels 0 and 4, column labels 0..3 */
	assert_non_null(strstr(b.s, "text-anchor=\"end\">4</text>"));
	assert_non_null(strstr(b.s, "text-anchor=\"middle\">3</text>"));
	assert_non_null(strstr(b.s, "total 100 KiB; 6 of 8 zones above 0; highest 28 KiB (zone 7)"));
	assert_null(strstr(b.s, "each cell"));	/* one zone a cell: nothing to add up */
	assert_non_null(strstr(b.s, "zone = row label + column label; one cell = one zone</text>"));
	sbuf_free(&b);

	heatmap_svg(&b, &s, metric_named("reset_latency"), "t", "s", "plus 1 select-all reset");
	assert_non_null(strstr(b.s, "<title>zone 6: 31.5 \xc2\xb5s</title>"));
	assert_non_null(strstr(b.s, "<title>zone 0: none</title>"));
	assert_non_null(strstr(b.s, "none (no command)"));
	assert_non_null(strstr(b.s, "plus 1 select-all reset"));
	sbuf_free(&b);
	snapshot_free(&s);
}

static void svg_65536_zones_stays_small(void **state)
{
	struct snapshot s = { 0 };
	struct sbuf b = { 0 };
	uint64_t z;

	(void)state;
	snap_from_text(&s, "big", "# zone start writes write_sectors\n", "nr_zones: 0\n");
	s.values = calloc(65536, 4 * sizeof(uint64_t));
	s.nr_zones = 65536;
	for (z = 0; z < 65536; z++) {
		uint64_t *row = snapshot_row(&s, z);

		row[0] = z;
		row[1] = z * 2048;
		row[2] = z % 5 ? z % 13 : 0;
		row[3] = row[2] * 8;
	}
	heatmap_svg(&b, &s, metric_named("write_cmds"), "big", "sub", NULL);
	/* at most one rect per cell (4096) plus background, legend and swatch */
	assert_true(count_of(b.s, "<rect") <= HEATMAP_MAX_CELLS + 3);
	assert_int_equal(count_of(b.s, "<title>"), 0);
	assert_non_null(strstr(b.s, "zone = row label + column label; one cell = 16 zones"));
	/*
	 * the footer's highest is the legend's quantity, a cell's (zones
	 * 192-207: 96 commands), and says the busiest zone's apart
	 */
	assert_non_null(strstr(b.s, "; highest per cell 96 (zones 192-207), per zone 12 (zone 12)</text>"));
	/* the legend says what a cell's colour stands for */
	assert_non_null(strstr(b.s, ">each cell sums</text>"));
	assert_non_null(strstr(b.s, ">16 zones</text>"));
	sbuf_free(&b);
	heatmap_svg(&b, &s, metric_named("write_size"), "big", NULL, NULL);
	assert_non_null(strstr(b.s, ">each cell averages</text>"));
	assert_non_null(strstr(b.s, ">16 zones together</text>"));
	assert_int_equal(count_of(b.s, "<text x=\"16\""), 1);	/* the title; no subtitle */
	assert_non_null(strstr(b.s, "text-anchor=\"end\">63488</text>"));	/* every 2nd row */
	assert_true(b.len < 600 * 1024);
	sbuf_free(&b);
	snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(geometry),
		cmocka_unit_test(colour_scales),
		cmocka_unit_test(svg_eight_zones),
		cmocka_unit_test(svg_65536_zones_stays_small),
	};

	return cmocka_run_group_tests_name("heatmap", tests, NULL, NULL);
}
