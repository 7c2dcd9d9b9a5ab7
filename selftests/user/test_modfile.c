// SPDX-License-Identifier: GPL-2.0
/*
 * The reading layer: one strict parser per module file, and every view
 * (detail, export) taking the same text to the same verdict.
 */
#include "unit.h"
#include "cmd/export.h"
#include "lib/numbers.h"
#include "source/detail.h"
#include "source/lifecycle.h"
#include "source/modfile.h"

static void errors_parsed_once(void **state)
{
	char text[] = "# error code read write\nzone_full 0x1b9 0 4\nother_unlisted 0 1 0\n";
	struct err_table t;

	(void)state;
	assert_int_equal(err_table_parse(&t, text), 0);
	assert_int_equal(t.nr_ops, 2);
	assert_string_equal(t.ops[1], "write");
	assert_int_equal(t.nr_rows, 2);
	assert_string_equal(t.rows[0].status, "zone_full");
	assert_int_equal(t.rows[0].code, 0x1b9);
	assert_int_equal(t.rows[0].count[1], 4);
	assert_int_equal(t.rows[1].code, 0);
}

static void latency_parsed_once(void **state)
{
	char text[] = "# op lat_lo_ns lat_hi_ns count\nwrite 14848 15359 1\n"
		      "# max_ns write 15000\nfuture_op 1024 2047 2\n"
		      "read 549755813888 18446744073709551615 1\n";
	struct lat_file f;

	(void)state;
	assert_int_equal(lat_file_parse(&f, text), 0);
	assert_int_equal(f.nr_rows, 3);
	assert_string_equal(f.rows[1].op, "future_op");	/* a newer module's: kept */
	assert_int_equal(f.rows[2].hi, UINT64_MAX);	/* the last, open bucket */
	assert_int_equal(f.nr_max, 1);
	assert_string_equal(f.max[0].op, "write");
	assert_int_equal(f.max[0].ns, 15000);
	lat_file_free(&f);
}

/* Content detail accepted and export refused (or the reverse) before one parser. */
static const char * const bad_errors[] = {
	"# error code read\nzone_full 0x1b9 1 2\n",	/* a column too many */
	"# error code read\nzone_full 0x1b9\n",		/* one too few */
	"zone_full 0x1b9 1\n",				/* no header */
	"# error code read\nzone_full 0x1b9 -1\n",	/* a sign */
	"# error code read\nzone_full 0x1b9 1x\n",	/* trailing text */
	"# error code read\nzone_full 1b9 1\n",		/* not as %#x prints */
};

static const char * const bad_latency[] = {
	"read 1000 2047 3\n",		/* not a bucket bound */
	"read 1024 4095 3\n",		/* bounds that disagree */
	"read 1024 1000 3\n",		/* hi below lo */
	"read 1024 2047\n",
	"read 1024 2047 3 4\n",
	"read 1024 2047 -3\n",
	"# max_ns read\n",
	"# max_ns read 12x\n",
};

static void every_view_refuses_the_same(void **state)
{
	struct err_table t;
	struct lat_hist h;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(bad_errors) / sizeof(bad_errors[0]); i++) {
		char *a = strdup(bad_errors[i]), *b = strdup(bad_errors[i]);
		struct detail d = { 0 };

		assert_int_equal(err_table_parse(&t, a), -1);
		assert_int_equal(detail_parse_file(&d, "errors", b), -1);
		detail_free(&d);
		free(a);
		free(b);
	}
	for (i = 0; i < sizeof(bad_latency) / sizeof(bad_latency[0]); i++) {
		char *a = strdup(bad_latency[i]), *b = strdup(bad_latency[i]);
		struct detail d = { 0 };

		assert_int_equal(lat_hist_parse(&h, a), -1);
		assert_int_equal(detail_parse_file(&d, "latency", b), -1);
		detail_free(&d);
		free(a);
		free(b);
	}
}

/* The other files of the namespace: one strict reading each, a field too many refused. */
static void every_file_strict(void **state)
{
	static const struct { const char *file, *text; } bad[] = {
		{ "resets", "1 2 3 4 0 0 5 6\n" },	/* a field too many */
		{ "resets", "1 2 3 4 0 0\n" },		/* one too few */
		{ "resets", "1 2 3 4 2 0 5\n" },	/* select_all is 0 or 1 */
		{ "resets", "1 2 3 4 0 1b9 5\n" },	/* a status as %#x prints it */
		{ "resets", "1 2 3x 4 0 0 5\n" },
		{ "sizes", "read 4096 8191 1 2\n" },
		{ "sizes", "read 8191 4096 1\n" },
		{ "alignment", "read 4096\n" },
		{ "alignment", "read 4096 -1\n" },
		{ "nosuchfile", "read 1 1\n" },
	};
	char ok[] = "1 2 -1 4 1 0 -1\n2 3 7 5 0 0x1b9 2048\n";
	char life_bad[][32] = { "open_zones 1x\n", "open_zones 1 2\n", "open_zones\n" };
	struct detail d = { 0 };
	struct life l;
	unsigned int i;

	(void)state;
	assert_int_equal(detail_parse_file(&d, "resets", ok), 0);
	assert_int_equal(d.nr_resets, 2);
	assert_int_equal(d.resets[0].zone, -1);
	assert_int_equal(d.resets[0].fill, -1);
	assert_int_equal(d.resets[1].status, 0x1b9);
	detail_free(&d);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *t = strdup(bad[i].text);

		if (detail_parse_file(&d, bad[i].file, t) != -1)
			fail_msg("%s: '%s' accepted", bad[i].file, bad[i].text);
		detail_free(&d);
		free(t);
	}
	for (i = 0; i < sizeof(life_bad) / sizeof(life_bad[0]); i++) {
		char none[] = "";

		memset(&l, 0, sizeof(l));
		assert_int_equal(life_parse(&l, life_bad[i], none), -1);
	}
}

static void strict_numbers(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_u64("42", &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(parse_u64("18446744073709551616", &v), -1);
	assert_int_equal(parse_u64(" 1", &v), -1);
	assert_int_equal(parse_u64("+1", &v), -1);
	assert_int_equal(parse_u64("", &v), -1);
	assert_int_equal(parse_hex("0x1bc", &v), 0);
	assert_int_equal(v, 0x1bc);
	assert_int_equal(parse_hex("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_hex("0x", &v), -1);
	assert_int_equal(parse_hex("1bc", &v), -1);
	assert_int_equal(parse_hex("0x-1", &v), -1);
	{
		int64_t i;
		char line[] = "a b c", *f[3];

		assert_int_equal(parse_i64("-1", &i), 0);
		assert_int_equal(i, -1);
		assert_int_equal(parse_i64("--1", &i), -1);
		assert_int_equal(split_fields(line, f, 3), 0);
		assert_string_equal(f[2], "c");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errors_parsed_once),
		cmocka_unit_test(latency_parsed_once),
		cmocka_unit_test(every_view_refuses_the_same),
		cmocka_unit_test(strict_numbers),
		cmocka_unit_test(every_file_strict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
