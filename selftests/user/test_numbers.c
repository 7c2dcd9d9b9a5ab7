// SPDX-License-Identifier: GPL-2.0
/*
 * Numbers without printf and columns resolved once (65536 zones): the same
 * text as printf and strtoull, the same answers as the lookups by name.
 */
#include "unit.h"

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "model/metrics.h"
#include "model/view.h"
#include "source/columns.h"

/* strtoull's digits: any count, leading zeros, ERANGE past UINT64_MAX. */
static void scan_u64_as_strtoull(void **state)
{
	uint64_t v = 1;
	const char *end;

	(void)state;
	end = scan_u64("0 7", &v);
	assert_non_null(end);
	assert_int_equal(v, 0);
	assert_string_equal(end, " 7");
	end = scan_u64("18446744073709551615", &v);
	assert_non_null(end);
	assert_true(v == UINT64_MAX);
	assert_int_equal(*end, '\0');
	assert_null(scan_u64("18446744073709551616", &v));
	assert_null(scan_u64("99999999999999999999", &v));
	assert_null(scan_u64("", &v));
	assert_null(scan_u64("-1", &v));
	end = scan_u64("000000000000000000000042x", &v);
	assert_non_null(end);
	assert_int_equal(v, 42);
	assert_int_equal(*end, 'x');
	assert_int_equal(parse_u64("12 ", &v), -1);
	assert_int_equal(parse_u64("1844674407370955161", &v), 0);
	assert_true(v == 1844674407370955161ULL);
}

/* A zones row: single spaces, exactly nr_columns numbers, as before. */
static void rows_parse_strictly(void **state)
{
	uint64_t row[3];

	(void)state;
	assert_int_equal(snapshot_parse_row("1 18446744073709551615 0", 3, row), 0);
	assert_true(row[1] == UINT64_MAX);
	assert_int_equal(snapshot_parse_row("1 18446744073709551616 0", 3, row), -1);
	assert_int_equal(snapshot_parse_row("1 2", 3, row), -1);
	assert_int_equal(snapshot_parse_row("1 2 3 4", 3, row), -1);
	assert_int_equal(snapshot_parse_row("1  2 3", 3, row), -1);
	assert_int_equal(snapshot_parse_row("1 2x 3", 3, row), -1);
}

static void hex_as_printf(void **state)
{
	char out[24];

	(void)state;
	assert_int_equal(fmt_hex(out, sizeof(out), 0), 3);
	assert_string_equal(out, "0x0");
	assert_int_equal(fmt_hex(out, sizeof(out), 0x800), 5);
	assert_string_equal(out, "0x800");
	assert_int_equal(fmt_hex(out, sizeof(out), UINT64_MAX), 18);
	assert_string_equal(out, "0xffffffffffffffff");
	fmt_hex(out, 4, 0xabcdef);
	assert_string_equal(out, "0xa");
}

/* fmt_str(): "%s" as snprintf writes it, cut to the buffer. */
static void str_as_printf(void **state)
{
	static const char * const words[] = { "", "-", "imp_open", "zone_invalid_write" };
	char a[8], b[8];
	size_t n;
	int i;

	(void)state;
	for (i = 0; i < 4; i++)
		for (n = 0; n <= sizeof(a); n++) {
			memset(a, 'x', sizeof(a));
			memset(b, 'x', sizeof(b));
			snprintf(b, n, "%s", words[i]);
			assert_int_equal(fmt_str(a, n, words[i]), n ? strlen(b) : 0);
			assert_memory_equal(a, b, sizeof(a));
		}
}

static void check_fixed(double v, int prec)
{
	char want[64], got[64];

	snprintf(want, sizeof(want), "%.*f", prec, v);
	fmt_fixed(got, sizeof(got), v, prec);
	if (strcmp(want, got))
		fail_msg("%.17g with %d decimals: printf %s, fmt_fixed %s", v, prec, want, got);
}

/* "%.*f" to the digit: ties (2.25, 0.05), 0, large values, UINT64_MAX. */
static void fixed_as_printf(void **state)
{
	static const double edge[] = {
		0, 0.05, 0.15, 0.25, 0.35, 2.5, 3.5, 9.95, 9.995, 99.95, 0.125,
		1e9, 1e10 - 0.05, 1e10, 1e15 + 0.5, 18446744073709551615.0, 31.5,
	};
	uint64_t sum, n;
	unsigned int seed = 1;
	size_t i;
	int prec;

	(void)state;
	for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++)
		for (prec = 0; prec <= 2; prec++)
			check_fixed(edge[i], prec);
	/* the table's means: a latency sum in ns over a count, in us */
	for (i = 0; i < 200000; i++) {
		sum = (uint64_t)rand_r(&seed) * rand_r(&seed) % 100000000000ULL;
		n = 1 + rand_r(&seed) % 5000;
		for (prec = 0; prec <= 2; prec++)
			check_fixed(sum / 1e3 / n, prec);
	}
	check_fixed(-1.25, 1);	/* negative: printf's own */
}

/* The figures' units round through fmt_fixed: the same text as before. */
static void units_unchanged(void **state)
{
	char out[32];

	(void)state;
	fmt_bytes(out, sizeof(out), 8192);
	assert_string_equal(out, "8 KiB");
	fmt_bytes(out, sizeof(out), 1536 * 1024.0);
	assert_string_equal(out, "1.5 MiB");
	fmt_ns(out, sizeof(out), 31500);
	assert_string_equal(out, "31.5 \xc2\xb5s");
	/* the unit of the value shown, not of the value: not "1000 ns" */
	fmt_ns(out, sizeof(out), 999.996);
	assert_string_equal(out, "1 \xc2\xb5s");
	fmt_ns(out, sizeof(out), 999999.6);
	assert_string_equal(out, "1 ms");
	fmt_bytes(out, sizeof(out), 1023.7);
	assert_string_equal(out, "1 KiB");
	fmt_count(out, sizeof(out), 999999.7);
	assert_string_equal(out, "1M");
	fmt_bytes(out, 4, 1536 * 1024.0);
	assert_string_equal(out, "1.5");
}

/*
 * A table's cell is one word, a size or a duration with its unit (issue
 * 46, item 3); -b: a size in exact bytes, as lsblk -b; a cell's width on
 * a terminal is its characters ("µ" is two bytes, one column).
 */
static void cells_one_word(void **state)
{
	char out[32];

	(void)state;
	fmt_bytes_cell(out, sizeof(out), 16384);
	assert_string_equal(out, "16KiB");
	fmt_bytes_cell(out, sizeof(out), 0);
	assert_string_equal(out, "0");
	fmt_ns_cell(out, sizeof(out), 10000);
	assert_string_equal(out, "10\xc2\xb5s");
	fmt_ns_cell(out, sizeof(out), 1050000);
	assert_string_equal(out, "1.05ms");
	fmt_ns_cell(out, sizeof(out), 850);
	assert_string_equal(out, "850ns");
	fmt_ns_cell(out, sizeof(out), 60e9);
	assert_string_equal(out, "60s");
	fmt_ns_cell(out, sizeof(out), 0);
	assert_string_equal(out, "0");
	assert_int_equal(cell_width("31.5\xc2\xb5s", 7), 6);
	assert_int_equal(cell_width("16KiB", 5), 5);
	fmt_bytes_exact(1);
	fmt_bytes_cell(out, sizeof(out), 16384);
	assert_string_equal(out, "16384");
	fmt_bytes_cell(out, sizeof(out), 1099511627776.0 * 3);
	assert_string_equal(out, "3298534883328");
	fmt_bytes_cell(out, sizeof(out), 0);
	assert_string_equal(out, "0");
	/* durations are not sizes: -b leaves them */
	fmt_ns_cell(out, sizeof(out), 10000);
	assert_string_equal(out, "10\xc2\xb5s");
	fmt_bytes_exact(0);
	fmt_bytes_cell(out, sizeof(out), 16384);
	assert_string_equal(out, "16KiB");
}

static const char zones[] =
	"# zone start reads read_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns top_zone_error\n"
	"0 0 0 0 0 0 0 0 0\n"
	"1 2048 3 24 0 0 0 0 0\n"
	"2 4096 0 0 1 31500 31500 31500 441\n"
	"3 6144 0 0 0 7 0 0 0\n";

/* Kinds resolved once give what column_kind() gives; activity as before. */
static void kinds_resolved_once(void **state)
{
	unsigned char kind[SNAPSHOT_MAX_COLUMNS];
	struct snapshot s;
	uint64_t z;
	int i;

	(void)state;
	snap_from_text(&s, "k", zones, "format_version: 1\nnr_zones: 4\n");
	snapshot_kinds(&s, kind);
	for (i = 0; i < s.nr_columns; i++)
		assert_int_equal(kind[i], column_kind(s.columns[i]));
	assert_int_equal(kind[0], COL_ID);
	assert_int_equal(kind[2], COL_COUNTER);
	assert_int_equal(kind[5], COL_EXTREMUM);
	assert_int_equal(kind[8], COL_GAUGE);
	for (z = 0; z < s.nr_zones; z++)
		assert_int_equal(snapshot_row_active(&s, kind, z),
				 snapshot_zone_active(&s, z));
	assert_false(snapshot_row_active(&s, kind, 0));
	assert_true(snapshot_row_active(&s, kind, 1));
	assert_true(snapshot_row_active(&s, kind, 3));	/* an extremum alone */
	snapshot_free(&s);
}

/* A metric's columns found once: the same values as by name. */
static void metric_columns_resolved_once(void **state)
{
	struct metric_cols mc;
	struct snapshot s;
	int i, d1, d2;
	uint64_t z;

	(void)state;
	snap_from_text(&s, "m", zones, "format_version: 1\nnr_zones: 4\n");
	for (i = 0; i < nr_metrics; i++) {
		if (!metric_available(&metrics[i], &s))
			continue;
		metric_columns(&metrics[i], &s, &mc);
		for (z = 0; z < s.nr_zones; z++) {
			assert_true(metric_value_cols(&metrics[i], &mc, &s, z, 1, &d1) ==
				    metric_value(&metrics[i], &s, z, 1, &d2));
			assert_int_equal(d1, d2);
		}
	}
	snapshot_free(&s);
}

/*
 * A table of more zones than one libsmartcols part, its widest cells in
 * the last part: every line as long as the names' line (the parts align).
 */
static void parts_align(void **state)
{
	struct view_opts o = { .all = 1, .max_zones = -1 };
	struct sbuf text = { 0 }, b = { 0 };
	const char *line, *nl;
	struct snapshot s;
	size_t len = 0;
	int z, lines = 0;

	(void)state;
	sbuf_printf(&text, "# zone start reads read_sectors reset_lat_sum_ns resets\n");
	for (z = 0; z < 1300; z++)
		sbuf_printf(&text, "%d %d %d %d %d %d\n", z, z * 2048, z == 1299 ? 123456789 : 1,
			    8, z % 3 ? 0 : 31500, z % 3 ? 0 : 1);
	snap_from_text(&s, "p", text.s, "format_version: 1\nnr_zones: 1300\n");
	output_table(&b, &s, 1, &o);
	line = strchr(b.s, '\n') + 1;	/* after the title */
	for (; *line; line = nl + 1, lines++) {
		nl = strchr(line, '\n');
		if (!len)
			len = nl - line;
		assert_int_equal(nl - line, len);
	}
	assert_int_equal(lines, 1301);
	assert_non_null(strstr(b.s, " 123456789 "));
	sbuf_free(&text);
	sbuf_free(&b);
	snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scan_u64_as_strtoull),
		cmocka_unit_test(rows_parse_strictly),
		cmocka_unit_test(hex_as_printf),
		cmocka_unit_test(str_as_printf),
		cmocka_unit_test(fixed_as_printf),
		cmocka_unit_test(units_unchanged),
		cmocka_unit_test(kinds_resolved_once),
		cmocka_unit_test(metric_columns_resolved_once),
		cmocka_unit_test(parts_align),
		cmocka_unit_test(cells_one_word),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
