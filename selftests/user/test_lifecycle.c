// SPDX-License-Identifier: GPL-2.0
/* zns-stat lifecycle: parsing the module's two files, quantiles, formats. */
#include "unit.h"
#include <json-c/json.h>
#include "model/life_model.h"
#include "render/lifecycle_out.h"

static const char lifecycle_text[] =
	"zone_capacity_sectors 2048\n"
	"max_open_zones 4\n"
	"open_zones 1\n"
	"open_zones_peak 4\n"
	"resets_fill_0pct 3\n"
	"resets_fill_60pct 1\n"
	"reclaimed_sectors 1200\n"
	"finish_waste_sectors 2040\n"
	"open_limit_time_ns 1500000000\n"
	"active_limit_time_ns 9007199254740993\n"	/* 2^53 + 1: no double holds it */
	"time_to_full_sum_ns 10000000\n"
	"time_open_sum_ns 35000000\n";
static const char lifetimes_text[] =
	"# what time_lo_us time_hi_us count\n"
	"to_full 8192 16383 1\n"
	"open 0 1 1\n"
	"open 4096 8191 2\n"
	"open 16384 32767 1\n";

static void parse(struct life *l)
{
	char *a = strdup(lifecycle_text), *b = strdup(lifetimes_text);

	memset(l, 0, sizeof(*l));
	snprintf(l->disk, sizeof(l->disk), "zns8");
	assert_int_equal(life_parse(l, a, b), 0);
	free(a);
	free(b);
}

static void parses_keys_and_buckets(void **state)
{
	struct life l;

	(void)state;
	parse(&l);
	assert_int_equal(life_get(&l, "reclaimed_sectors"), 1200);
	assert_int_equal(life_get(&l, "no_such_key"), 0);
	assert_int_equal(l.to_full[13], 1);
	assert_int_equal(l.open[0], 1);
	assert_int_equal(l.open[12], 2);
	assert_int_equal(l.open[14], 1);
}

static void quantiles_are_bucket_bounds(void **state)
{
	struct life l;

	(void)state;
	parse(&l);
	/* 4 open samples: 1 in [0,1], 2 in [4096,8191], 1 in [16384,32767] */
	assert_int_equal(life_quantile_us(l.open, 0.25), 1);
	assert_int_equal(life_quantile_us(l.open, 0.5), 8191);
	assert_int_equal(life_quantile_us(l.open, 1), 32767);
	assert_int_equal(life_quantile_us(l.to_full, 0.99), 16383);
	memset(l.to_full, 0, sizeof(l.to_full));
	assert_int_equal(life_quantile_us(l.to_full, 0.5), 0);
}

static void rejects_bad_content(void **state)
{
	char a[] = "zone_capacity_sectors x\n", b[] = "";
	char c[] = "open_zones 1\n", d[] = "sideways 4096 8191 1\n";
	char e[] = "open_zones 1\n", f[] = "open 4097 8191 1\n";
	struct life l;

	(void)state;
	memset(&l, 0, sizeof(l));
	assert_int_equal(life_parse(&l, a, b), -1);
	memset(&l, 0, sizeof(l));
	assert_int_equal(life_parse(&l, c, d), -1);
	memset(&l, 0, sizeof(l));
	assert_int_equal(life_parse(&l, e, f), -1);
}

/* The fixture's lifecycle in words: a count agrees with its noun, no "0 ns". */
static void said_in_words(void **state)
{
	struct sbuf b = { 0 };
	struct life l;
	char err[256], *line, *nl;

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(life_read("zns8", &l, err, sizeof(err)), 0);
	life_format(&b, &l, 1, FMT_TABLE);
	/* 81 characters on one line: broken after its last "; " within 80 (issue 46, item 2) */
	assert_non_null(strstr(b.s, "\n  open zones     1 now, peak 2 of 4; never at the limit;\n"
				    "                 0 \"too many open\" errors\n"));
	for (line = b.s; (nl = strchr(line, '\n')); line = nl + 1)
		assert_in_range(nl - line, 0, 80);
	assert_non_null(strstr(b.s, "fill at reset  1 reset with a known fill"));
	assert_non_null(strstr(b.s, "left unwritten by 1 finish; 0 unknown\n"));
	assert_non_null(strstr(b.s, "time open      2 times: "));
	assert_null(strstr(b.s, "0 ns"));
	sbuf_free(&b);
}

static void formats_carry_the_figures(void **state)
{
	struct json_object *doc, *disk;
	struct sbuf b = { 0 };
	struct life l;

	(void)state;
	parse(&l);
	life_format(&b, &l, 1, FMT_TABLE);
	assert_non_null(strstr(b.s, "open zones     1 now, peak 4 of 4; 1.5 s at the limit"));
	assert_non_null(strstr(b.s, "4 resets with a known fill, mean 14.6%"));
	/* one zone, one finish; bucket bounds are never called a max */
	assert_non_null(strstr(b.s, "time to full   1 zone: p50 <= 16.4 ms, p99 <= 16.4 ms, all <= 16.4 ms\n"));
	assert_null(strstr(b.s, "max"));
	sbuf_free(&b);
	/* CSV: a table, a row per namespace, not key/value pairs */
	life_format(&b, &l, 1, FMT_CSV);
	assert_non_null(strstr(b.s, "disk,zone_capacity_sectors,max_open_zones,"));
	assert_non_null(strstr(b.s, ",time_open_p50_le_us,time_open_p99_le_us,time_open_all_le_us\nzns8,2048,4,"));
	assert_non_null(strstr(b.s, ",8191,32767,32767\n"));
	assert_int_equal(count_of(b.s, "\n"), 2);
	assert_null(strstr(b.s, "_max_us"));
	sbuf_free(&b);
	/* JSON: nested objects, read back by json-c */
	life_format(&b, &l, 1, FMT_JSON);
	doc = json_tokener_parse(b.s);
	assert_non_null(doc);
	disk = json_object_array_get_idx(json_object_object_get(doc, "disks"), 0);
	assert_string_equal(json_object_get_string(json_object_object_get(disk, "disk")), "zns8");
	assert_int_equal(json_object_get_int(json_object_object_get(
		json_object_object_get(disk, "lifecycle"), "max_open_zones")), 4);
	assert_int_equal(json_object_get_int(json_object_object_get(
		json_object_object_get(disk, "time_open_us"), "all_le")), 32767);
	/* bounds named as bounds: no "p100" that reads as an exact maximum */
	assert_null(strstr(json_object_to_json_string(doc), "p100"));
	json_object_put(doc);
	sbuf_free(&b);
	life_format(&b, &l, 1, FMT_PROM);
	assert_non_null(strstr(b.s, "# TYPE zns_lifecycle_reclaimed_bytes_total counter\n"
				    "zns_lifecycle_reclaimed_bytes_total{disk=\"zns8\"} 614400\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_resets_fill_total{disk=\"zns8\",fill_pct=\"60\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_open_limit_time_seconds_total{disk=\"zns8\"} 1.5\n"));
	/* exact decimals, as the ledger's and the other exports' seconds */
	assert_non_null(strstr(b.s, "zns_lifecycle_active_limit_time_seconds_total{disk=\"zns8\"} 9007199.254740993\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_lifecycle_open_zones_peak gauge\n"));
	/* time to full and time open: histograms, exact at each le (issue 12) */
	assert_non_null(strstr(b.s, "# TYPE zns_lifecycle_time_to_full_seconds histogram\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_time_to_full_seconds_bucket{disk=\"zns8\",le=\"0.008192\"} 0\n"
				    "zns_lifecycle_time_to_full_seconds_bucket{disk=\"zns8\",le=\"0.016384\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_time_to_full_seconds_bucket{disk=\"zns8\",le=\"+Inf\"} 1\n"
				    "zns_lifecycle_time_to_full_seconds_sum{disk=\"zns8\"} 0.01\n"
				    "zns_lifecycle_time_to_full_seconds_count{disk=\"zns8\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_time_open_seconds_bucket{disk=\"zns8\",le=\"0.000002\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_time_open_seconds_bucket{disk=\"zns8\",le=\"0.008192\"} 3\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_time_open_seconds_sum{disk=\"zns8\"} 0.035\n"
				    "zns_lifecycle_time_open_seconds_count{disk=\"zns8\"} 4\n"));
	assert_null(strstr(b.s, "sum_seconds_total"));	/* the sums only as _sum */
	sbuf_free(&b);
}

/* Zones the device may have closed: beside the open ones, and a gauge. */
static void uncertain_open_zones_shown(void **state)
{
	char a[] = "max_open_zones 2\nopen_zones 1\nopen_zones_uncertain 2\nopen_zones_peak 2\n";
	char t[] = "";
	struct sbuf b = { 0 };
	struct life l = { .disk = "zns8" };

	(void)state;
	assert_int_equal(life_parse(&l, a, t), 0);
	life_format(&b, &l, 1, FMT_TABLE);
	assert_non_null(strstr(b.s, "open zones     1 now (+2 the device may have closed), peak 2 of 2"));
	sbuf_free(&b);
	life_format(&b, &l, 1, FMT_PROM);
	assert_non_null(strstr(b.s, "# TYPE zns_lifecycle_open_zones_uncertain gauge\n"
				    "zns_lifecycle_open_zones_uncertain{disk=\"zns8\"} 2\n"));
	sbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_keys_and_buckets),
		cmocka_unit_test(quantiles_are_bucket_bounds),
		cmocka_unit_test(rejects_bad_content),
		cmocka_unit_test(formats_carry_the_figures),
		cmocka_unit_test(said_in_words),
		cmocka_unit_test(uncertain_open_zones_shown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
