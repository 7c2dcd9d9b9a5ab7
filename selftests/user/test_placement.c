// SPDX-License-Identifier: GPL-2.0
/*
 * The module's "placement" file (source/placement_file.c) on hand-built
 * texts: a good file read by its header's names, columns in another order
 * or missing, garbage and cut files; the host's figures it gives (shares,
 * an interval's growth, a reload) and the fixture's namespace read whole.
 */
#include "unit.h"

#include "model/placement_model.h"
#include "source/placement_file.h"

#define HEAD "# pid ruhid writes write_sectors write_lat_min_ns reads write_zeroes_sectors\n"

static const char good[] = HEAD
	"0 1 8 2048 21000 0 0\n"
	"3 4 2 512 30000 1 8\n"
	"none - 5 560 15000 3 0\n"
	"unlisted - 1 80 25000 0 0\n";

static int parse(struct placement_file *pf, const char *text)
{
	char *t = strdup(text);
	int ret;

	assert_non_null(t);
	ret = placement_file_parse(pf, t);
	free(t);
	return ret;
}

static void good_file(void **state)
{
	struct placement_file pf;
	char id[16];

	(void)state;
	assert_int_equal(parse(&pf, good), 0);
	assert_int_equal(pf.nr_rows, 4);
	assert_int_equal(pf.nr_columns, 5);
	assert_int_equal(pf.rows[0].kind, PROW_PID);
	assert_int_equal(pf.rows[1].pid, 3);
	assert_int_equal(pf.rows[1].ruhid, 4);
	assert_int_equal(pf.rows[2].kind, PROW_NONE);
	assert_int_equal(pf.rows[3].kind, PROW_UNLISTED);
	assert_true(placement_file_get(&pf, 1, "write_sectors") == 512);
	assert_true(placement_file_get(&pf, 2, "reads") == 3);
	assert_true(placement_file_get(&pf, 3, "no_such_column") == 0);
	assert_string_equal(placement_row_name(&pf.rows[1], id, sizeof(id)), "3");
	assert_string_equal(placement_row_name(&pf.rows[2], id, sizeof(id)), "none");
	assert_string_equal(placement_row_name(&pf.rows[3], id, sizeof(id)), "unlisted");
	placement_file_free(&pf);
}

/* by name, not position: a newer module's column first changes nothing */
static void columns_by_name(void **state)
{
	struct placement_file pf;

	(void)state;
	assert_int_equal(parse(&pf, "# pid ruhid future write_sectors writes\n"
			       "7 2 99 16 2\nnone - 99 8 1\nunlisted - 99 0 0\n"), 0);
	assert_true(placement_file_get(&pf, 0, "writes") == 2);
	assert_true(placement_file_get(&pf, 0, "write_sectors") == 16);
	assert_true(placement_file_get(&pf, 1, "writes") == 1);
	placement_file_free(&pf);
	/* a namespace with no placement ID the module could read: none, unlisted */
	assert_int_equal(parse(&pf, "# pid ruhid writes write_sectors\nnone - 1 8\nunlisted - 0 0"), 0);
	assert_int_equal(pf.nr_rows, 2);
	placement_file_free(&pf);
}

static void missing_columns(void **state)
{
	struct placement_file pf;

	(void)state;
	assert_int_equal(parse(&pf, "# pid ruhid writes reads\n0 1 1 0\nnone - 0 0\nunlisted - 0 0\n"), -1);
	assert_int_equal(pf.bad_line, 1);
	assert_string_equal(pf.missing, "write_sectors");
	placement_file_free(&pf);
	assert_int_equal(parse(&pf, "# pid ruhid write_sectors\nnone - 0\nunlisted - 0\n"), -1);
	assert_string_equal(pf.missing, "writes");
	placement_file_free(&pf);
	/* a header without pid and ruhid first is another file */
	assert_int_equal(parse(&pf, "# zone start writes write_sectors\n0 0 1 8\n"), -1);
	assert_int_equal(pf.bad_line, 1);
	assert_null(pf.missing);
	assert_string_equal(pf.bad_text, "# zone start writes write_sectors");
	placement_file_free(&pf);
}

static void garbage(void **state)
{
	static const struct {
		const char *text;
		int line;
	} bad[] = {
		{ "", 1 },
		{ "hello\n", 1 },
		{ "# pid ruhid writes write_sectors writes\n", 1 },		/* twice */
		{ "# pid ruhid pid writes write_sectors\n", 1 },
		{ HEAD "0 1 8 2048 21000 0\n", 2 },				/* short */
		{ HEAD "0 1 8 2048 21000 0 0 9\n", 2 },				/* long */
		{ HEAD "0 1 8 x 21000 0 0\n", 2 },
		{ HEAD "0 1 8 -1 21000 0 0\n", 2 },
		{ HEAD "0 1 8 2048 21000 0 0 \n", 2 },
		{ HEAD "0 1 8 2048 21000 0 0\n\nnone - 0 0 0 0 0\n", 3 },	/* empty line */
		{ HEAD "65536 1 8 2048 21000 0 0\n", 2 },			/* not 16 bits */
		{ HEAD "0 - 8 2048 21000 0 0\n", 2 },
		{ HEAD "none 1 0 0 0 0 0\n", 2 },
		{ HEAD "0 1 1 1 1 1 1\n0 2 1 1 1 1 1\n", 3 },			/* an ID twice */
		{ HEAD "unlisted - 0 0 0 0 0\nnone - 0 0 0 0 0\n", 2 },	/* order */
		{ HEAD "none - 0 0 0 0 0\n0 1 1 1 1 1 1\n", 3 },
		{ HEAD "none - 0 0 0 0 0\nnone - 0 0 0 0 0\n", 3 },
		{ HEAD "0 1 1 1 1 1 1\nnone - 0 0 0 0 0\n", 4 },		/* cut */
		{ HEAD "0 1 99999999999999999999 1 1 1 1\n", 2 },		/* > 2^64 */
	};
	struct placement_file pf;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (parse(&pf, bad[i].text) != -1 || pf.bad_line != bad[i].line)
			fail_msg("case %u: '%s' taken, or line %d", i, bad[i].text, pf.bad_line);
		placement_file_free(&pf);
	}
}

/* every 16-bit placement ID, then none and unlisted: 65,538 rows */
static void every_id(void **state)
{
	struct placement_file pf;
	size_t len = 64 + 65536 * 24, n;
	char *t = malloc(len);
	int i;

	(void)state;
	assert_non_null(t);
	n = snprintf(t, len, "# pid ruhid writes write_sectors\n");
	for (i = 0; i < 65536; i++)
		n += snprintf(t + n, len - n, "%d %d 1 8\n", i, i % 8);
	snprintf(t + n, len - n, "none - 0 0\nunlisted - 0 0\n");
	assert_int_equal(placement_file_parse(&pf, t), 0);
	assert_int_equal(pf.nr_rows, 65538);
	assert_int_equal(pf.rows[65535].pid, 65535);
	placement_file_free(&pf);
	free(t);
}

static void host_figures(void **state)
{
	struct placement_file pf;
	struct placement_host a, b, d;
	const struct placement_host_row *r;

	(void)state;
	assert_int_equal(parse(&pf, good), 0);
	assert_int_equal(placement_host_of(&pf, &a), 0);
	placement_file_free(&pf);
	assert_true(a.tracked);
	assert_true(a.writes == 16);
	assert_true(a.bytes == (2048 + 512 + 560 + 80) * 512ULL);
	assert_true(a.zeroes_bytes == 8 * 512);
	r = placement_host_pid(&a, 3);
	assert_non_null(r);
	assert_true(r->bytes == 512 * 512);
	assert_true(r->share == 512.0 / 3200);
	assert_null(placement_host_pid(&a, 1));
	assert_true(placement_host_kind(&a, PROW_UNLISTED)->writes == 1);
	/* an interval: ID 3 wrote 16 sectors more, unlisted 8 */
	assert_int_equal(parse(&pf, HEAD "0 1 8 2048 21000 0 0\n3 4 3 528 30000 1 8\n"
			       "none - 5 560 15000 3 0\nunlisted - 2 88 25000 0 0\n"), 0);
	assert_int_equal(placement_host_of(&pf, &b), 0);
	placement_file_free(&pf);
	assert_int_equal(placement_host_delta(&a, &b, 2, &d), 0);
	assert_false(d.fell);
	assert_true(d.bytes == 24 * 512);
	assert_true(d.writes == 2);
	assert_true(placement_host_pid(&d, 3)->bytes == 16 * 512);
	assert_true(placement_host_pid(&d, 3)->share == 16.0 / 24);
	assert_true(placement_host_pid(&d, 0)->share == 0);
	assert_true(d.secs == 2);
	placement_host_free(&d);
	/* a reload: counts down, no figures */
	assert_int_equal(placement_host_delta(&b, &a, 2, &d), 0);
	assert_true(d.fell);
	assert_true(d.bytes == 0);
	placement_host_free(&d);
	/* tracked from this interval on: everything counted is new */
	placement_host_free(&b);
	placement_host_untracked(&b, "zns_stat has not seen a write with a placement directive on x yet");
	assert_int_equal(placement_host_delta(&b, &a, 1, &d), 0);
	assert_true(d.tracked);
	assert_true(d.bytes == a.bytes);
	placement_host_free(&d);
	/* untracked now: no rows, the reason */
	assert_int_equal(placement_host_delta(&a, &b, 1, &d), 0);
	assert_false(d.tracked);
	assert_int_equal(d.nr, 0);
	assert_non_null(strstr(d.why, "placement directive"));
	placement_host_free(&a);
}

static void fixture_read(void **state)
{
	struct placement_file pf;
	char err[512];

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(placement_file_read("nvme1n1", &pf, err, sizeof(err)), 0);
	assert_int_equal(pf.nr_rows, 8);
	assert_true(placement_file_get(&pf, 7, "write_sectors") == 80);
	placement_file_free(&pf);
	assert_true(placement_file_exists("nvme1n1"));
	assert_false(placement_file_exists("zns8"));
	assert_int_equal(placement_file_read("nvme7n7", &pf, err, sizeof(err)), 1);
	assert_string_equal(err, "zns_stat has not seen a write with a placement directive on nvme7n7 yet");
	assert_int_equal(placement_file_read("zns8", &pf, err, sizeof(err)), 1);
	assert_string_equal(err, "zns_stat tracks zns8 as a zoned namespace");
	/* broken has a zones file, not a placement one */
	setenv("ZNS_STAT_DEBUGFS", "fixtures/no-such-dir", 1);
	assert_int_equal(placement_file_read("nvme1n1", &pf, err, sizeof(err)), 1);
	assert_string_equal(err, "the zns_stat module is not loaded");
	unsetenv("ZNS_STAT_DEBUGFS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_file),
		cmocka_unit_test(columns_by_name),
		cmocka_unit_test(missing_columns),
		cmocka_unit_test(garbage),
		cmocka_unit_test(every_id),
		cmocka_unit_test(host_figures),
		cmocka_unit_test(fixture_read),
	};

	return cmocka_run_group_tests_name("placement", tests, NULL, NULL);
}
