// SPDX-License-Identifier: GPL-2.0
/* zns-stat cgroups: the module's cgroups file parsed strictly, and its formats. */
#include "unit.h"
#include <json-c/json.h>
#include "model/cg_model.h"
#include "model/view.h"
#include "render/cgroups_out.h"
#include "render/interval_render.h"
#include "source/cgroups.h"

static void fixture(struct cg_table *t)
{
	char err[256];

	use_fixture_debugfs();
	if (cg_table_read("zns8", t, err, sizeof(err)))
		fail_msg("%s", err);
}

/* Paths unescaped, the three rows of id 0 last, figures in their operation. */
static void parses_rows_and_special_rows(void **state)
{
	struct cg_table t;
	const struct cg_row *r;

	(void)state;
	fixture(&t);
	assert_int_equal(t.nr_rows, 6);
	r = &t.rows[2];
	assert_int_equal(r->id, 57);
	assert_string_equal(r->path, "/system.slice/my job.service");
	assert_int_equal(r->v[ZNS_OPI_WRITE][CG_COMMANDS], 16);
	assert_int_equal(r->v[ZNS_OPI_WRITE][CG_SECTORS], 2048);
	assert_int_equal(r->v[ZNS_OPI_WRITE][CG_LAT_SUM_NS], 400000);
	assert_int_equal(r->v[ZNS_OPI_READ][CG_ERRORS], 2);
	assert_int_equal(r->zones_owned, 2);
	assert_int_equal(cg_errors_total(r), 3);
	assert_true(cg_mean_lat_ns(r, ZNS_OPI_WRITE) == 25000);
	assert_true(cg_mean_lat_ns(r, ZNS_OPI_READ) < 0);
	assert_string_equal(t.rows[3].path, "(unattributed)");
	assert_string_equal(t.rows[4].path, "(other)");
	assert_string_equal(t.rows[5].path, "(mixed)");
	assert_int_equal(t.rows[5].id, 0);
	assert_false(cg_row_counted(&t.rows[5]));
	/* resets have no sectors column */
	assert_false(t.has[ZNS_OPI_RESET][CG_SECTORS]);
	assert_true(t.has[ZNS_OPI_WRITE_ZEROES][CG_SECTORS]);
	cg_table_free(&t);
}

static int parse_text(const char *text)
{
	struct cg_table t = { 0 };
	char *s = strdup(text);
	int ret = cg_table_parse(&t, s);

	cg_table_free(&t);
	free(s);
	return ret;
}

#define HEAD "# id path read_commands read_sectors reset_commands zones_owned\n"

static void rejects_bad_content(void **state)
{
	(void)state;
	assert_int_equal(parse_text(HEAD "1 / 1 8 0 0\n0 (mixed) 0 0 0 3\n"), 0);
	assert_int_equal(parse_text(HEAD "1 / 1 8 0\n"), -1);		/* a field short */
	assert_int_equal(parse_text(HEAD "1 / 1 8 0 0 0\n"), -1);	/* one too many */
	assert_int_equal(parse_text(HEAD "1 / 1 -8 0 0\n"), -1);	/* a sign */
	assert_int_equal(parse_text(HEAD "1 /a\\04 1 8 0 0\n"), -1);	/* a short escape */
	assert_int_equal(parse_text(HEAD "1 a 1 8 0 0\n"), -1);		/* no path */
	assert_int_equal(parse_text(HEAD "0 / 1 8 0 0\n"), -1);		/* id 0 is special */
	assert_int_equal(parse_text(HEAD "0 (nobody) 0 0 0 0\n"), -1);
	assert_int_equal(parse_text("# id path read_commands read_commands zones_owned\n"), -1);
	assert_int_equal(parse_text("# id path reset_sectors zones_owned\n"), -1);
	assert_int_equal(parse_text("# id path read_commands\n"), -1);	/* no zones_owned */
	assert_int_equal(parse_text("1 / 0\n"), -1);			/* no header */
	assert_int_equal(parse_text(""), -1);
}

static void unescapes_as_seq_escape_prints(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(cg_unescape("/a\\040b\\134c\\011", out, sizeof(out)), 0);
	assert_string_equal(out, "/a b\\c\t");
	assert_int_equal(cg_unescape("/a\\9", out, sizeof(out)), -1);
	assert_int_equal(cg_unescape("/a\\000", out, sizeof(out)), -1);
	assert_int_equal(cg_unescape("/abcdef", out, 4), -1);	/* no room */
}

/* A malformed file: one line naming it, and -1 (not -2: the file is there). */
static void read_says_what_is_wrong(void **state)
{
	struct cg_table t;
	char err[256];

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(cg_table_read("broken", &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "broken: unexpected content in its cgroups file, line 3"));
	assert_int_equal(cg_table_read("zns8x", &t, err, sizeof(err)), -2);
	assert_non_null(strstr(err, "zns8x: no cgroups file"));
}

/* The longest line of s, a line that has skip in it not counted (the last column may run over). */
static int max_line(const char *s, const char *skip)
{
	char *copy = strdup(s), *line, *save = NULL;
	int max = 0;

	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if ((int)strlen(line) > max && !strstr(line, skip))
			max = strlen(line);
	free(copy);
	return max;
}

static void formats_carry_the_figures(void **state)
{
	struct json_object *doc, *row;
	struct sbuf b = { 0 };
	struct cg_table t;

	(void)state;
	fixture(&t);
	cg_format(&b, &t, 1, FMT_TABLE, 0, 0);
	assert_non_null(strstr(b.s, "zns8: commands by cgroup since load or clear (5 rows)\n"));
	assert_non_null(strstr(b.s, "1MiB       3        12KiB      0        1      3           2 /system.slice/my job.service\n"));
	assert_null(strstr(b.s, "(other)"));	/* nothing in it */
	sbuf_free(&b);
	/* a terminal of 80 columns: the compact table fits, saying what it left out */
	cg_format(&b, &t, 1, FMT_TABLE, 0, 80);
	assert_true(max_line(b.s, "/system.slice") <= 80);
	assert_non_null(strstr(b.s, "\n(4 more columns to fit 80 characters: -o csv or a pipe shows them)\n"));
	assert_non_null(strstr(b.s, "\nreads read_bytes writes write_bytes errors zones_owned path\n"));
	sbuf_free(&b);
	cg_format(&b, &t, 1, FMT_TABLE, 1, 0);
	assert_non_null(strstr(b.s, " write_lat "));
	assert_non_null(strstr(b.s, " 25us "));	/* 400000 ns / 16; the tests' C locale: us */
	sbuf_free(&b);
	cg_format(&b, &t, 1, FMT_CSV, 0, 0);
	assert_non_null(strstr(b.s, "disk,id,path,read_commands,read_sectors,read_lat_sum_ns,read_errors,write_commands,"));
	assert_non_null(strstr(b.s, "\nzns8,57,/system.slice/my job.service,0,0,0,2,16,2048,400000,1,"));
	assert_non_null(strstr(b.s, "\nzns8,,(other),"));
	assert_int_equal(count_of(b.s, "\n"), 7);
	sbuf_free(&b);
	cg_format(&b, &t, 1, FMT_JSON, 0, 0);
	doc = json_tokener_parse(b.s);
	assert_non_null(doc);
	row = json_object_array_get_idx(json_object_object_get(json_object_array_get_idx(
		json_object_object_get(doc, "disks"), 0), "cgroups"), 2);
	assert_string_equal(json_object_get_string(json_object_object_get(row, "path")),
			    "/system.slice/my job.service");
	assert_int_equal(json_object_get_int(json_object_object_get(
		json_object_object_get(row, "write"), "sectors")), 2048);
	assert_int_equal(json_object_get_int(json_object_object_get(row, "zones_owned")), 2);
	json_object_put(doc);
	sbuf_free(&b);
	cg_table_free(&t);
}

/* Prometheus: bytes and seconds, the path a label, rows with nothing left out. */
static void prom_series(void **state)
{
	struct sbuf b = { 0 };
	struct cg_table t;

	(void)state;
	fixture(&t);
	prom_cgroups(&b, &t, 1);
	assert_non_null(strstr(b.s, "# TYPE zns_cgroup_commands_total counter\n"
				    "zns_cgroup_commands_total{disk=\"zns8\",cgroup=\"/\",id=\"1\",op=\"write\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_cgroup_bytes_total{disk=\"zns8\",cgroup=\"/system.slice/my job.service\",id=\"57\",op=\"write\"} 1048576\n"));
	assert_non_null(strstr(b.s, "zns_cgroup_latency_seconds_total{disk=\"zns8\",cgroup=\"/zns_b\",id=\"43\",op=\"reset\"} 0.0000315\n"));
	assert_non_null(strstr(b.s, "zns_cgroup_errors_total{disk=\"zns8\",cgroup=\"/system.slice/my job.service\",id=\"57\",op=\"read\"} 2\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_cgroup_zones_owned gauge\n"));
	assert_non_null(strstr(b.s, "zns_cgroup_zones_owned{disk=\"zns8\",cgroup=\"(mixed)\"} 1\n"));
	assert_null(strstr(b.s, "(other)"));
	assert_null(strstr(b.s, "op=\"write_zeroes\""));	/* never done */
	assert_int_equal(count_of(b.s, "# TYPE "), 5);
	sbuf_free(&b);
	prom_label_value(&b, "/a\"b\\c\nd");
	assert_string_equal(b.s, "/a\\\"b\\\\c\\nd");
	sbuf_free(&b);
	cg_table_free(&t);
}

/* -i -o prom: each frame has the per-cgroup series after the zones', before its blank line. */
static void interval_frame_carries_cgroups(void **state)
{
	struct sbuf rows = { 0 }, extra = { 0 }, out = { 0 };
	struct view_opts o = { .max_zones = -1 };
	struct interval_frame fr = {
		.when = "now", .rows = &rows, .first = 1, .view = &o, .extra = &extra,
	};

	(void)state;
	sbuf_printf(&extra, "zns_cgroup_zones_owned{disk=\"d\",cgroup=\"/\",id=\"1\"} 2\n");
	interval_frame(&out, FMT_PROM, &fr);
	assert_true(out.len > extra.len);
	assert_string_equal(out.s + out.len - extra.len - 1, "zns_cgroup_zones_owned{disk=\"d\",cgroup=\"/\",id=\"1\"} 2\n\n");
	sbuf_free(&rows);
	sbuf_free(&extra);
	sbuf_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_rows_and_special_rows),
		cmocka_unit_test(rejects_bad_content),
		cmocka_unit_test(unescapes_as_seq_escape_prints),
		cmocka_unit_test(read_says_what_is_wrong),
		cmocka_unit_test(formats_carry_the_figures),
		cmocka_unit_test(prom_series),
		cmocka_unit_test(interval_frame_carries_cgroups),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
