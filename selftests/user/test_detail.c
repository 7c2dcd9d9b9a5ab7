// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat detail: the module's latency, sizes, alignment, errors and resets
 * files (the zns8 fixture), their percentiles, what a run added, the data
 * file lines, and the terminal and HTML sections.
 */
#include <locale.h>
#include <stdlib.h>

#include "unit.h"
#include <json-c/json.h>
#include "render/detail_out.h"
#include "source/datafile.h"
#include "model/detail_model.h"
#include "render/detail_out.h"
#include "source/detail.h"
#include "source/snapshot.h"

static void read_fixture(struct detail *d)
{
	char err[256] = "";

	setenv("ZNS_STAT_DEBUGFS", "fixtures/debugfs", 1);
	assert_int_equal(detail_read("zns8", d, err, sizeof(err)), 0);
}

static void reads_every_file(void **state)
{
	struct detail d;

	(void)state;
	read_fixture(&d);
	/* 13 latency lines and 7 maxima, 3 sizes, 3 alignment, 2 error cells */
	assert_int_equal(d.nr_counts, 28);
	assert_int_equal(d.nr_resets, 3);
	assert_int_equal(d.resets[1].status, 0x1b9);
	assert_int_equal(d.resets[1].fill, -1);
	assert_int_equal(d.resets[2].select_all, 1);
	assert_int_equal(d.resets[2].zone, -1);
	detail_free(&d);
}

static void quantiles_are_bucket_bounds(void **state)
{
	struct detail d;
	uint64_t n;

	(void)state;
	read_fixture(&d);
	/*
	 * write: 1 in [14848,15359], 10 in [19456,20479], 5 in [29696,30719],
	 * 1 in [86016,90111]; its exact maximum 90000
	 */
	assert_int_equal(detail_quantile(&d, "latency", "write", 0.5, &n), 20479);
	assert_int_equal(n, 17);
	assert_int_equal(detail_quantile(&d, "latency", "write", 0.05, NULL), 15359);
	assert_int_equal(detail_quantile(&d, "latency", "write", 0.99, NULL), 90111);
	assert_int_equal(detail_quantile(&d, "latency", "write", 1, NULL), 90111);
	assert_int_equal(detail_lat_bound(&d, "write", 0.99, NULL), 90000);
	assert_int_equal(detail_lat_bound(&d, "write", 0.5, NULL), 20479);
	assert_int_equal(detail_lat_max(&d, "write", &n), 1);
	assert_int_equal(n, 90000);
	assert_int_equal(detail_quantile(&d, "latency", "write_zeroes", 0.5, &n), 0);
	assert_int_equal(n, 0);
	detail_free(&d);
}

/* Log2 rows (older modules and recordings): bounds twice the lower one, no maximum. */
static void log2_rows_still_read(void **state)
{
	char rows[] = "# op lat_lo_ns lat_hi_ns count\nwrite 8192 16383 1\nwrite 16384 32767 15\nwrite 65536 131071 1\n";
	struct detail d = { 0 }, rec = { 0 };
	uint64_t n;

	(void)state;
	assert_int_equal(detail_parse_file(&d, "latency", rows), 0);
	assert_int_equal(detail_quantile(&d, "latency", "write", 0.5, &n), 32767);
	assert_int_equal(n, 17);
	assert_int_equal(detail_lat_max(&d, "write", &n), 0);
	assert_int_equal(n, 131071);
	/* a data file of version 2 before log-linear rows: no HI field */
	assert_int_equal(detail_parse_line(&rec, "count", "latency write - 16384 15"), 0);
	assert_int_equal(detail_parse_line(&rec, "count", "latency write - 0 1"), 0);
	assert_int_equal(detail_quantile(&rec, "latency", "write", 0.99, NULL), 32767);
	assert_int_equal(detail_quantile(&rec, "latency", "write", 0.01, NULL), 1);
	assert_int_equal(detail_lat_max(&rec, "write", &n), 0);
	assert_int_equal(n, 32767);
	detail_free(&d);
	detail_free(&rec);
}

/* A run's maximum: the module's where the run passed it, else a bound. */
static void a_run_maximum(void **state)
{
	char a[] = "write 1984 2047 1\n# max_ns write 2000\nread 1984 2047 1\n# max_ns read 2000\n";
	char b[] = "write 1984 2047 2\n# max_ns write 2000\nread 1984 2047 1\nread 2944 3071 1\n# max_ns read 3000\n";
	struct detail before = { 0 }, after = { 0 }, run;
	uint64_t n;

	(void)state;
	assert_int_equal(detail_parse_file(&before, "latency", a), 0);
	assert_int_equal(detail_parse_file(&after, "latency", b), 0);
	assert_int_equal(detail_delta(&run, &before, &after), 0);
	assert_int_equal(detail_lat_max(&run, "read", &n), 1);
	assert_int_equal(n, 3000);
	assert_int_equal(detail_lat_max(&run, "write", &n), 0);
	assert_int_equal(n, 2000);
	assert_int_equal(detail_lat_bound(&run, "read", 0.5, NULL), 3000);
	detail_free(&run);
	detail_free(&before);
	detail_free(&after);
}

static void a_run_is_the_difference(void **state)
{
	char a[] = "read 4096 8191 2\nwrite 4096 8191 5\n", b[] = "read 4096 8191 3\nwrite 4096 8191 5\nwrite 8192 16383 1\n";
	char ra[] = "4 100 1 10 0 0 8\n5 200 2 20 0 0 8\n", rb[] = "5 200 2 20 0 0 8\n6 300 3 30 0 0x1b9 -1\n";
	char rc[] = "1 400 7 40 0 0 0\n", c[] = "write 4096 8191 5\n";
	struct detail before = { 0 }, after = { 0 }, run, again = { 0 };

	(void)state;
	assert_int_equal(detail_parse_file(&before, "sizes", a), 0);
	assert_int_equal(detail_parse_file(&before, "resets", ra), 0);
	assert_int_equal(detail_parse_file(&after, "sizes", b), 0);
	assert_int_equal(detail_parse_file(&after, "resets", rb), 0);
	assert_int_equal(detail_delta(&run, &before, &after), 0);
	assert_int_equal(run.nr_counts, 2);	/* read +1, the new write bucket */
	assert_int_equal(run.counts[0].n, 1);
	assert_int_equal(run.counts[1].lo, 8192);
	assert_int_equal(run.nr_resets, 1);	/* seq 6 only */
	assert_int_equal(run.resets[0].seq, 6);
	detail_free(&run);
	/* cleared during the run: a count went down, the log restarted */
	assert_int_equal(detail_parse_file(&again, "sizes", c), 0);
	assert_int_equal(detail_parse_file(&again, "resets", rc), 0);
	assert_int_equal(detail_delta(&run, &after, &again), 0);
	assert_int_equal(run.nr_counts, 1);
	assert_int_equal(run.counts[0].n, 5);
	assert_int_equal(run.nr_resets, 1);
	assert_int_equal(run.resets[0].seq, 1);
	detail_free(&run);
	detail_free(&before);
	detail_free(&after);
	detail_free(&again);
}

/*
 * Only the resets logged during the run: the file still holds the ones
 * before it (seq up to before's last), and a select-all reset retired
 * during the run has a later seq but an earlier time_ns. A clear restarts
 * seq from 1: the numbers go back, or a number before's had names another
 * event.
 */
static void a_run_credits_its_own_resets(void **state)
{
	char ra[] = "1 100 3 10 0 0 8\n2 200 5 20 0 0x1b9 -1\n3 300 -1 30 1 0 64\n";
	char rb[] = "1 100 3 10 0 0 8\n2 200 5 20 0 0x1b9 -1\n3 300 -1 30 1 0 64\n"
		    "4 250 -1 40 1 0 16\n";
	char rc[] = "1 500 6 10 0 0 8\n";
	char rd[] = "1 500 6 10 0 0 8\n2 600 6 10 0 0 8\n3 700 6 10 0 0 8\n"
		    "4 800 6 10 0 0 8\n";
	char re[] = "2 200 5 20 0 0x1b9 -1\n3 300 -1 30 1 0 64\n4 250 -1 40 1 0 16\n";
	struct detail before = { 0 }, after = { 0 }, run, cleared = { 0 };
	struct detail passed = { 0 }, ring = { 0 };

	(void)state;
	assert_int_equal(detail_parse_file(&before, "resets", ra), 0);
	assert_int_equal(detail_parse_file(&after, "resets", rb), 0);
	assert_int_equal(detail_delta(&run, &before, &after), 0);
	assert_int_equal(run.nr_resets, 1);	/* seq 4 only, not 1..3 */
	assert_int_equal(run.resets[0].seq, 4);
	detail_free(&run);
	/* the ring moved on: the oldest overwritten, nothing cleared */
	assert_int_equal(detail_parse_file(&ring, "resets", re), 0);
	assert_int_equal(detail_delta(&run, &before, &ring), 0);
	assert_int_equal(run.nr_resets, 1);
	assert_int_equal(run.resets[0].seq, 4);
	detail_free(&run);
	/* cleared, one reset since: the numbers went back */
	assert_int_equal(detail_parse_file(&cleared, "resets", rc), 0);
	assert_int_equal(detail_delta(&run, &before, &cleared), 0);
	assert_int_equal(run.nr_resets, 1);
	assert_int_equal(run.resets[0].time_ns, 500);
	detail_free(&run);
	/* cleared, more resets since than before's last: seq 1..3 are others */
	assert_int_equal(detail_parse_file(&passed, "resets", rd), 0);
	assert_int_equal(detail_delta(&run, &before, &passed), 0);
	assert_int_equal(run.nr_resets, 4);
	assert_int_equal(run.resets[0].time_ns, 500);
	detail_free(&run);
	detail_free(&before);
	detail_free(&after);
	detail_free(&cleared);
	detail_free(&passed);
	detail_free(&ring);
}

static void data_file_lines_round_trip(void **state)
{
	struct sbuf b = { 0 };
	struct detail d, back = { 0 };
	char *line, *save, *colon;

	(void)state;
	read_fixture(&d);
	detail_format_lines(&b, &d);
	assert_non_null(strstr(b.s, "count: latency write - 19456 10 20479\n"));
	assert_non_null(strstr(b.s, "count: lat_max write - 0 90000\n"));
	assert_non_null(strstr(b.s, "count: errors write zone_invalid_write 444 1\n"));
	assert_non_null(strstr(b.s, "reset: 2 1764000001000000000 5 24000 0 0x1b9 -1\n"));
	for (line = strtok_r(b.s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		colon = strstr(line, ": ");
		*colon = '\0';
		assert_int_equal(detail_parse_line(&back, line, colon + 2), 0);
	}
	assert_int_equal(back.nr_counts, d.nr_counts);
	assert_int_equal(back.nr_resets, d.nr_resets);
	assert_memory_equal(back.counts, d.counts, sizeof(*d.counts) * d.nr_counts);
	assert_memory_equal(back.resets, d.resets, sizeof(*d.resets) * d.nr_resets);
	assert_int_equal(detail_parse_line(&back, "count", "latency write"), -1);
	/* as strict as the module files' parsers: what sscanf let through */
	assert_int_equal(detail_parse_line(&back, "count", "latency write - 16384x 15"), -1);
	assert_int_equal(detail_parse_line(&back, "count", "latency write - +16384 15"), -1);
	assert_int_equal(detail_parse_line(&back, "count", "latency write - 16384 15 32767 9"), -1);
	assert_int_equal(detail_parse_line(&back, "count", "latency  write - 16384 15"), -1);
	assert_int_equal(detail_parse_line(&back, "count", "latency write_zeroes_longer - 0 1"), -1);
	assert_int_equal(detail_parse_line(&back, "count", "latency write - 16384 15 100"), -1);
	assert_int_equal(detail_parse_line(&back, "reset", "2 1764000001000000000 5 24000 0 0x1b9"), -1);
	assert_int_equal(detail_parse_line(&back, "reset", ""), -1);
	assert_int_equal(back.nr_counts, d.nr_counts);
	sbuf_free(&b);
	detail_free(&d);
	detail_free(&back);
}

static void shown_for_people(void **state)
{
	struct detail_counted counted = { .failed = 2, .resets = 3, .reads = 1,
					  .writes = 17 };
	struct sbuf b = { 0 };
	struct detail d;

	(void)state;
	setenv("TZ", "UTC", 1);
	read_fixture(&d);
	detail_text(&b, "zns8", &d);
	/* libsmartcols' columns; the tests' C locale: "us", not an escaped "µs" */
	assert_non_null(strstr(b.s, "\n  op     commands p50 <= p99 <=  max\n"));
	assert_non_null(strstr(b.s, "\n  write        17 20.5us   90us 90us\n"));
	assert_non_null(strstr(b.s, "\n  status             code  op    commands\n"));
	assert_non_null(strstr(b.s, "\n  zone_invalid_write 0x1bc write        1\n"));
	assert_non_null(strstr(b.s, "\nresets logged: 3\n"));
	/* the date too, RFC 3339 as everywhere, to the ms */
	assert_non_null(strstr(b.s, "\n  2025-11-24T16:00:01.000Z    5    24us zone_full unknown\n"));
	assert_non_null(strstr(b.s, "\n  2025-11-24T16:00:02.500Z  all    52us success      2MiB\n"));
	assert_non_null(strstr(b.s, "write sizes: [4KiB, 8KiB): 15, [64KiB, 128KiB): 2\n"));
	assert_non_null(strstr(b.s, "write alignment: 4KiB: 16, 64KiB: 1\n"));
	assert_null(strstr(b.s, "\\x"));
	sbuf_free(&b);
	detail_html(&b, &d, &counted);
	assert_non_null(strstr(b.s, "<tr><td>write</td><td class=\"n\">17</td><td class=\"n\">20.5µs</td><td class=\"n\">90µs</td><td class=\"n\">90µs</td></tr>"));
	assert_non_null(strstr(b.s, "<tr><td>zone_invalid_write</td><td>0x1bc</td><td>write</td><td class=\"n\">1</td></tr>"));
	assert_non_null(strstr(b.s, "<td>zone_full</td>"));
	assert_non_null(strstr(b.s, "<tr><td>2025-11-24T16:00:02.500Z</td><td class=\"n\">all</td><td class=\"n\">52µs</td><td>success</td><td class=\"n\">2MiB</td></tr>"));
	assert_non_null(strstr(b.s, "<tr><td>2025-11-24T16:00:01.000Z</td><td class=\"n\">5</td><td class=\"n\">24µs</td><td>zone_full</td><td class=\"n\">unknown</td></tr>"));
	sbuf_free(&b);
	detail_free(&d);
}

/* In a UTF-8 locale (main() takes LC_CTYPE from the environment): "µs". */
static void utf8_locale_keeps_micro(void **state)
{
	struct sbuf b = { 0 };
	struct detail d;

	(void)state;
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		skip();
	read_fixture(&d);
	detail_text(&b, "zns8", &d);
	setlocale(LC_CTYPE, "C");
	assert_non_null(strstr(b.s, "\n  write        17 20.5µs   90µs 90µs\n"));
	assert_null(strstr(b.s, "\\x"));
	sbuf_free(&b);
	detail_free(&d);
}

/* detail -o csv and -o json: tables and nested objects, statuses by name. */
static void for_scripts(void **state)
{
	struct json_object *doc, *disk, *w, *reset;
	char *disks[] = { "zns8" }, err[256];
	struct sbuf b = { 0 };
	struct detail d;

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(detail_read("zns8", &d, err, sizeof(err)), 0);
	detail_csv(&b, disks, &d, 1);
	assert_non_null(strstr(b.s, "disk,op,commands,p50_le_ns,p99_le_ns,max_ns,max_exact\n"));
	/* the exact maximum, never a bucket bound */
	assert_non_null(strstr(b.s, "\nzns8,write,17,20479,90000,90000,1\n"));
	assert_non_null(strstr(b.s, "\nzns8,zone_invalid_write,0x1bc,write,1\n"));
	assert_non_null(strstr(b.s, "\nzns8,3,2025-11-24T16:00:02.500000000Z,1764000002500000000,,1,52000,success,0x0,2097152\n"));
	sbuf_free(&b);
	detail_json(&b, disks, &d, 1);
	doc = json_tokener_parse(b.s);
	assert_non_null(doc);
	disk = json_object_array_get_idx(json_object_object_get(doc, "disks"), 0);
	w = json_object_object_get(json_object_object_get(disk, "latency"), "write");
	assert_int_equal(json_object_get_int64(json_object_object_get(w, "max_ns")), 90000);
	assert_true(json_object_get_boolean(json_object_object_get(w, "max_exact")));
	reset = json_object_array_get_idx(json_object_object_get(disk, "resets"), 1);
	assert_string_equal(json_object_get_string(json_object_object_get(reset, "status")), "zone_full");
	/* one encoding of a status code in every format: nvme-cli's 0x%x */
	assert_string_equal(json_object_get_string(json_object_object_get(reset, "code")), "0x1b9");
	assert_true(json_object_is_type(json_object_object_get(reset, "fill_bytes"), json_type_null));
	/* time to the ns, and time_ns a string: jq's doubles keep 53 bits */
	reset = json_object_array_get_idx(json_object_object_get(disk, "resets"), 0);
	assert_string_equal(json_object_get_string(json_object_object_get(reset, "time")),
			    "2025-11-24T16:00:00.123456789Z");
	assert_true(json_object_is_type(json_object_object_get(reset, "time_ns"), json_type_string));
	assert_string_equal(json_object_get_string(json_object_object_get(reset, "time_ns")),
			    "1764000000123456789");
	json_object_put(doc);
	sbuf_free(&b);
	detail_free(&d);
}

/*
 * other_unlisted counts the codes the module has no row for: it has no code
 * of its own, and 0x0 would read as success; empty, null and - instead.
 */
static void unlisted_has_no_code(void **state)
{
	char *disks[] = { "d" };
	struct sbuf b = { 0 };
	struct detail d = { 0 };

	(void)state;
	assert_int_equal(detail_parse_line(&d, "count", "errors read other_unlisted 0 3"), 0);
	detail_csv(&b, disks, &d, 1);
	assert_non_null(strstr(b.s, "\nd,other_unlisted,,read,3\n"));
	sbuf_free(&b);
	detail_json(&b, disks, &d, 1);
	assert_non_null(strstr(b.s, "\"code\": null"));
	assert_null(strstr(b.s, "0x0"));
	sbuf_free(&b);
	detail_text(&b, "d", &d);
	assert_non_null(strstr(b.s, " other_unlisted -    read "));
	sbuf_free(&b);
	detail_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_every_file),
		cmocka_unit_test(quantiles_are_bucket_bounds),
		cmocka_unit_test(log2_rows_still_read),
		cmocka_unit_test(a_run_maximum),
		cmocka_unit_test(a_run_is_the_difference),
		cmocka_unit_test(a_run_credits_its_own_resets),
		cmocka_unit_test(data_file_lines_round_trip),
		cmocka_unit_test(shown_for_people),
		cmocka_unit_test(utf8_locale_keeps_micro),
		cmocka_unit_test(for_scripts),
		cmocka_unit_test(unlisted_has_no_code),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
