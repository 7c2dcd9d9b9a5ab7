// SPDX-License-Identifier: GPL-2.0
/* Every output format on small snapshots, compared exactly where the text is the contract. */
#include <sys/stat.h>
#include <unistd.h>

#include <time.h>

#include "unit.h"
#include <json-c/json.h>

#include "cmd/args.h"
#include "cmd/interval.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "model/delta.h"
#include "model/view.h"
#include "source/columns.h"
#include "render/scols_out.h"

static const char zones3[] =
	"# zone start reads read_sectors writes write_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns errors\n"
	"0 0 1 8 0 0 0 0 0 0 0\n"
	"1 2048 0 0 0 0 0 0 0 0 0\n"
	"2 4096 0 0 3 24 2 1000 3000 4000 1\n";
static const char summary3[] =
	"format_version: 1\ndisk: d3\nnr_zones: 3\nzone_sectors: 2048\nlba_bytes: 512\n"
	"status_decoding: on\nreset_all: 2\ndropped: 0\nreads: 1\nread_sectors: 8\n"
	"reset_lat_min_ns: 1000\n";

static void with_d3(struct snapshot *s)
{
	snap_from_text(s, "d3", zones3, summary3);
}

static void table_compact_and_wide(void **state)
{
	struct view_opts o = { .max_zones = -1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	with_d3(&s);
	output_table(&b, &s, 1, &o);
	assert_string_equal(b.s,
		"d3: 3 zones of 1 MiB, 512-byte LBAs; 2 resets of all zones\n"
		"zone  start reads read_bytes writes write_bytes resets reset_lat errors\n"
		"   0    0x0     1       4KiB      0           0      0         -      0\n"
		"   2 0x1000     0          0      3       12KiB      2       2us      1\n");
	sbuf_free(&b);
	o.wide = 1;
	o.all = 1;
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns errors\n"));
	assert_non_null(strstr(b.s, "\n   1  2048     0"));	/* --wide: as the module prints it */
	sbuf_free(&b);
	snapshot_free(&s);
}

/*
 * A title with every namespace counter is broken before 80 columns, its
 * counters going on on the next line (issue 46, item 2): it was one line.
 */
static void long_title_fits(void **state)
{
	struct view_opts o = { .max_zones = -1 };
	struct snapshot s;
	struct sbuf b = { 0 };
	char *line, *nl;

	(void)state;
	snap_from_text(&s, "nvme10n20", zones3,
		       "format_version: 1\ndisk: nvme10n20\nnr_zones: 3\nzone_sectors: 2048\n"
		       "lba_bytes: 4096\nreset_all: 12\nfinish_all: 3\nopen_all: 2\n"
		       "close_all: 2\nselect_all_errors: 1\ndropped: 7\n");
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "nvme10n20: 3 zones of 1 MiB, 4096-byte LBAs; 12 resets of all zones,\n  "));
	for (line = b.s; (nl = strchr(line, '\n')) && strncmp(line, "zone ", 5); line = nl + 1)
		assert_in_range(nl - line, 0, 80);
	assert_true(strncmp(line, "zone ", 5) == 0);
	sbuf_free(&b);
	snapshot_free(&s);
}

static void csv_rows(void **state)
{
	struct view_opts o = { .max_zones = -1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	with_d3(&s);
	output_csv(&b, &s, 1, &o);
	assert_string_equal(b.s,
		"disk,zone,start,reads,read_sectors,writes,write_sectors,resets,reset_lat_min_ns,reset_lat_max_ns,reset_lat_sum_ns,errors\n"
		"d3,0,0,1,8,0,0,0,0,0,0,0\n"
		"d3,2,4096,0,0,3,24,2,1000,3000,4000,1\n");
	snapshot_free(&s);
	sbuf_free(&b);
}

static void json_document(void **state)
{
	struct json_object *doc, *disk, *zones, *zone, *summary;
	struct view_opts o = { .max_zones = 1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	with_d3(&s);
	output_json(&b, &s, 1, &o);
	/* a document json-c reads back, numbers as numbers */
	doc = json_tokener_parse(b.s);
	assert_non_null(doc);
	disk = json_object_array_get_idx(json_object_object_get(doc, "disks"), 0);
	/* the busier zone 2 is kept, zone 0 counted as omitted */
	assert_int_equal(json_object_get_int(json_object_object_get(disk, "zones_omitted")), 1);
	zones = json_object_object_get(disk, "zones");
	assert_int_equal(json_object_array_length(zones), 1);
	zone = json_object_array_get_idx(zones, 0);
	assert_int_equal(json_object_get_int(json_object_object_get(zone, "zone")), 2);
	assert_int_equal(json_object_get_int(json_object_object_get(zone, "start")), 4096);
	assert_int_equal(json_object_get_int(json_object_object_get(zone, "writes")), 3);
	summary = json_object_object_get(disk, "summary");
	assert_string_equal(json_object_get_string(json_object_object_get(summary, "status_decoding")), "on");
	assert_true(json_object_is_type(json_object_object_get(summary, "reset_all"), json_type_int));
	assert_int_equal(json_object_get_int(json_object_object_get(summary, "reset_all")), 2);
	/* RFC 3339 in the tool's one form: UTC, Z */
	assert_int_equal(strlen(json_object_get_string(json_object_object_get(doc, "time"))), 20);
	assert_int_equal(json_object_get_string(json_object_object_get(doc, "time"))[19], 'Z');
	json_object_put(doc);
	snapshot_free(&s);
	sbuf_free(&b);
}

static void prom_units_and_limits(void **state)
{
	struct view_opts o = { .max_zones = 1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	with_d3(&s);
	output_prom(&b, &s, 1, &o);
	assert_non_null(strstr(b.s,
		"# HELP zns_zone_read_bytes_total Data read in the zone.\n"
		"# TYPE zns_zone_read_bytes_total counter\n"
		"zns_zone_read_bytes_total{disk=\"d3\",zone=\"2\"} 0\n"));
	assert_non_null(strstr(b.s, "zns_zone_write_bytes_total{disk=\"d3\",zone=\"2\"} 12288\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_zone_reset_lat_max_seconds gauge\n"
				    "zns_zone_reset_lat_max_seconds{disk=\"d3\",zone=\"2\"} 0.000003\n"));
	assert_non_null(strstr(b.s, "zns_zone_reset_lat_sum_seconds_total{disk=\"d3\",zone=\"2\"} 0.000004\n"));
	assert_null(strstr(b.s, "zone=\"0\""));	/* limited to the busiest */
	assert_non_null(strstr(b.s, "zns_zones_omitted{disk=\"d3\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_zone_size_bytes{disk=\"d3\"} 1048576\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_reset_all_total counter\nzns_reset_all_total{disk=\"d3\"} 2\n"));
	assert_non_null(strstr(b.s, "zns_read_bytes_total{disk=\"d3\"} 4096\n"));
	assert_non_null(strstr(b.s, "zns_reset_lat_min_seconds{disk=\"d3\"} 0.000001\n"));
	/* one HELP and TYPE per metric */
	assert_int_equal(count_of(b.s, "# TYPE zns_zone_reads_total "), 1);
	snapshot_free(&s);
	sbuf_free(&b);
}

/*
 * A zone's condition, the zone report's and the host's, is a name: a label
 * of an _info series, its code another, never a value (it was
 * zns_zone_condition{...} 2).
 */
static void prom_conditions_are_labels(void **state)
{
	static const char zones[] =
		"# zone start cond host_cond writes\n"
		"0 0 2 0 1\n"
		"1 2048 14 14 1\n";
	struct view_opts o = { .all = 1, .max_zones = -1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	snap_from_text(&s, "d2", zones, summary3);
	output_prom(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "# TYPE zns_zone_condition_info gauge\n"
				    "zns_zone_condition_info{disk=\"d2\",zone=\"0\",condition=\"imp_open\",code=\"2\"} 1\n"
				    "zns_zone_condition_info{disk=\"d2\",zone=\"1\",condition=\"full\",code=\"14\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_zone_host_condition_info{disk=\"d2\",zone=\"0\",condition=\"unknown\",code=\"0\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_zone_host_condition_info{disk=\"d2\",zone=\"1\",condition=\"full\",code=\"14\"} 1\n"));
	assert_null(strstr(b.s, "zns_zone_condition{"));
	assert_null(strstr(b.s, "zns_zone_host_cond{"));
	snapshot_free(&s);
	sbuf_free(&b);
}

/*
 * When the host's condition changed, in ns since the epoch (beyond 2^53):
 * a string in JSON, which jq keeps digit for digit; null while never seen.
 */
static void json_times_in_ns_are_strings(void **state)
{
	static const char zones[] =
		"# zone start host_cond host_cond_time_ns writes\n"
		"0 0 2 1764000000123456789 1\n"
		"1 2048 0 0 1\n";
	struct view_opts o = { .all = 1, .max_zones = -1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	snap_from_text(&s, "d2", zones, summary3);
	output_json(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\"host_cond_time_ns\": \"1764000000123456789\""));
	assert_non_null(strstr(b.s, "\"host_cond_time_ns\": null"));
	snapshot_free(&s);
	sbuf_free(&b);
}

/*
 * The busiest zone is the one whose commands moved the most data: a
 * finished zone's waste (and the fills at reset) are no I/O. Before, the
 * finished empty zone 1 (2048 sectors of waste) outranked zone 0's reads.
 */
static void busiest_by_io(void **state)
{
	static const char zones[] =
		"# zone start reads read_sectors finishes finish_waste_sectors fill_resets fill_sum_sectors\n"
		"0 0 1 8 0 0 0 0\n"
		"1 2048 0 0 1 2048 1 2048\n";
	struct view_opts o = { .max_zones = 1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	snap_from_text(&s, "d2", zones, summary3);
	output_prom(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "zns_zone_reads_total{disk=\"d2\",zone=\"0\"} 1\n"));
	assert_null(strstr(b.s, "zone=\"1\""));
	snapshot_free(&s);
	sbuf_free(&b);
}

static void prom_groups_metrics_over_disks(void **state)
{
	struct view_opts o = { .max_zones = -1 };
	struct snapshot s[2];
	struct sbuf b = { 0 };
	const char *first, *second, *next_family;

	(void)state;
	fixture_snapshot(&s[0], "zns8");
	fixture_snapshot(&s[1], "zns8x");
	output_prom(&b, s, 2, &o);
	/* all samples of a metric follow its TYPE line, whichever namespace */
	first = strstr(b.s, "zns_zone_writes_total{disk=\"zns8\",zone=\"5\"} 16\n");
	second = strstr(b.s, "zns_zone_writes_total{disk=\"zns8x\",zone=\"5\"} 16\n");
	next_family = strstr(b.s, "# HELP zns_zone_write_bytes_total");
	assert_non_null(first);
	assert_non_null(second);
	assert_true(first < second && second < next_family);
	assert_non_null(strstr(b.s, "zns_zone_flushes_total{disk=\"zns8x\",zone=\"7\"} 1\n"));
	assert_int_equal(count_of(b.s, "# HELP zns_zone_flushes_total"), 1);
	/* a status code is a label, never a value */
	assert_non_null(strstr(b.s, "zns_zone_top_zone_error_info{disk=\"zns8\",zone=\"4\",status=\"zone_invalid_write\",code=\"0x1bc\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_zone_top_zone_error_info{disk=\"zns8\",zone=\"0\",status=\"none\",code=\"0x0\"} 1\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_zone_top_zone_error_info gauge\n"));
	assert_null(strstr(b.s, "} 444\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_memory_bytes gauge\n"));
	snapshot_free(&s[0]);
	snapshot_free(&s[1]);
	sbuf_free(&b);
}

static void interval_rows(void **state)
{
	struct view_opts wide = { 0 }, narrow = { 0 };
	struct sbuf frame = { 0 };
	struct interval_frame fr;
	struct json_object *row;
	struct snapshot a, b, d;
	struct sbuf out = { 0 };

	(void)state;
	snap_from_text(&a, "d3", zones3, summary3);
	snap_from_text(&b, "d3",
		       "# zone start reads read_sectors writes write_sectors resets reset_lat_min_ns reset_lat_max_ns reset_lat_sum_ns errors\n"
		       "0 0 5 4008 0 0 0 0 0 0 0\n"
		       "1 2048 0 0 2 16 0 0 0 0 0\n"
		       "2 4096 0 0 3 24 4 1000 3000 10000 1\n",
		       "format_version: 1\nnr_zones: 3\nzone_sectors: 2048\nreset_all: 3\ndropped: 0\n");
	assert_int_equal(delta_compute(&a, &b, &d), 0);
	interval_header(&out, &d, FMT_CSV);
	interval_format(&out, &d, 2.0, 0, 3, FMT_CSV, 0);
	/* 4 reads of 4000 sectors in 2 s: 2 reads/s, 0.977 MiB/s (IEC, not 1.024 MB/s) */
	assert_non_null(strstr(out.s, "time,disk,interval_s,cleared,reads_per_s,reads_mib_per_s,writes_per_s,writes_mib_per_s,appends_per_s,appends_mib_per_s,resets_per_s,finishes_per_s,opens_per_s,closes_per_s,reset_lat_avg_ns,busiest_zones,reads,read_sectors,writes,write_sectors,resets,reset_lat_sum_ns,errors,reset_all,dropped\n"));
	assert_non_null(strstr(out.s, ",d3,2.000,0,2.000,0.977,1.000,0.004,0.000,0.000,1.000,0.000,0.000,0.000,3000,0 1 2,4,4000,2,16,2,6000,0,1,0\n"));
	sbuf_free(&out);
	/* the table: cells, laid out by libsmartcols in the frame */
	interval_header(&out, &d, FMT_TABLE);
	interval_format(&out, &d, 2.0, 1, 3, FMT_TABLE, 0);
	fr = (struct interval_frame){ .when = "T", .rows = &out, .first = 1,
				      .cleared = 1, .view = &wide };
	interval_frame(&frame, FMT_TABLE, &fr);
	assert_string_equal(frame.s,
		"T\n"
		"disk r/s rMiB/s w/s wMiB/s a/s aMiB/s reset/s fin/s open/s close/s reset_lat errors busiest zones\n"
		"d3   2.0   0.98 1.0   0.00 0.0   0.00     1.0   0.0    0.0     0.0       3us     0* 0,1,2\n"
		"* counters were cleared during the interval: counts since the clear\n");
	sbuf_free(&frame);
	/* a narrow terminal: the least wanted columns go, said once */
	narrow.width = 60;
	fr.view = &narrow;
	interval_frame(&frame, FMT_TABLE, &fr);
	assert_null(strstr(frame.s, "close/s"));
	assert_non_null(strstr(frame.s, "\ndisk r/s rMiB/s w/s wMiB/s "));
	assert_non_null(strstr(frame.s, " more columns to fit 60 characters"));
	sbuf_free(&frame);
	sbuf_free(&out);
	interval_format(&out, &d, 2.0, 1, 1, FMT_JSON, 0);
	row = json_tokener_parse(out.s);
	assert_non_null(row);
	assert_true(json_object_get_boolean(json_object_object_get(row, "cleared")));
	assert_int_equal(json_object_get_int(json_object_object_get(
		json_object_object_get(row, "lat_avg_ns"), "reset")), 3000);
	assert_non_null(strstr(out.s, "\"busiest_zones\": [ { \"zone\": 0, \"mib_per_s\": 0.977 } ]"));
	assert_int_equal(json_object_get_int(json_object_object_get(
		json_object_object_get(row, "counts"), "reads")), 4);
	assert_non_null(strstr(out.s, "\"reads_mib_per_s\": 0.977,"));
	json_object_put(row);
	sbuf_free(&out);
	snapshot_free(&a);
	snapshot_free(&b);
	snapshot_free(&d);
}

/* The line after a table frame's time ("T"): its header. */
static char *frame_header(const struct sbuf *frame)
{
	const char *h = strstr(frame->s, "T\n") + 2;
	char *line = strndup(h, strcspn(h, "\n")), *r, *w;

	for (r = w = line; line && *r; r++)	/* the names, not their padding */
		if (*r != ' ' || (w > line && w[-1] != ' '))
			*w++ = *r;
	if (line)
		*w = '\0';
	return line;
}

/*
 * The live table keeps its columns for the run (issue 46, item 1): chosen at
 * the first interval from the terminal's width, not from each interval's
 * numbers; at 80 columns the busiest zones stay.
 */
static void interval_keeps_its_columns(void **state)
{
	static const char header[] =
		"disk\tr/s\trMiB/s\tw/s\twMiB/s\ta/s\taMiB/s\treset/s\tfin/s\topen/s\tclose/s\treset_lat\terrors\tbusiest zones\n";
	struct sbuf one = { 0 }, two = { 0 }, f1 = { 0 }, f2 = { 0 };
	struct view_opts narrow = { .width = 80 };
	unsigned long long hidden = 0;
	struct interval_frame fr;
	char *h1, *h2;

	(void)state;
	sbuf_printf(&one, "%sd3\t2.0\t0.98\t1.0\t0.00\t0.0\t0.00\t1.0\t0.0\t0.0\t0.0\t3µs\t0\t0,1,2\n", header);
	sbuf_printf(&two, "%sd3\t123456789.0\t99999999.98\t987654321.2\t77777777.77\t0.0\t0.00\t1.0\t0.0\t0.0\t0.0\t12.3ms\t0\t1024,2047,7\n", header);
	fr = (struct interval_frame){ .when = "T", .rows = &one, .first = 1,
				      .view = &narrow, .hidden = &hidden };
	interval_frame(&f1, FMT_TABLE, &fr);
	fr.rows = &two;
	fr.first = 0;
	interval_frame(&f2, FMT_TABLE, &fr);
	h1 = frame_header(&f1);
	h2 = frame_header(&f2);
	assert_string_equal(h1, h2);
	assert_non_null(strstr(h1, "busiest zones"));
	assert_true(strlen(h1) <= 80);
	assert_null(strstr(f2.s, "more column"));	/* said once, at the first */
	free(h1);
	free(h2);
	sbuf_free(&one);
	sbuf_free(&two);
	sbuf_free(&f1);
	sbuf_free(&f2);
}

/*
 * -i with one namespace unreadable (fixtures/debugfs/broken): the others are
 * shown every interval, the exit status says it (issue 14, item 6d).
 */
static void interval_keeps_the_readable(void **state)
{
	char file[] = "/tmp/zns-stat-interval-XXXXXX", *disks[] = { "zns8", "broken" };
	struct interval_opts o = { .seconds = 0.05, .count = 2, .format = FMT_CSV,
				   .top = 1, .file = file, .view = { .max_zones = -1 } };
	char *text;
	int fd;

	(void)state;
	use_fixture_debugfs();
	fd = mkstemp(file);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(interval_run(disks, 2, &o), 1);
	text = slurp_file(file, NULL);
	assert_non_null(text);
	assert_int_equal(count_of(text, ",zns8,"), 1);	/* the file holds the last interval */
	assert_null(strstr(text, "broken"));
	free(text);
	unlink(file);
}

/*
 * A terminal of 80 characters: the table keeps the columns that say which
 * zones are busy and any errors, and says what it left out (issue 14, item 1).
 */
static void table_fits_a_terminal(void **state)
{
	struct view_opts o = { .max_zones = -1, .width = 80 };
	struct snapshot s;
	struct sbuf b = { 0 };
	char *line, *save;

	(void)state;
	fixture_snapshot(&s, "zns8");
	output_table(&b, &s, 1, &o);
	/* every command count first: zone 2 (a finish, an open, a close) is not a row of zeros */
	assert_non_null(strstr(b.s, "\nzone  start reads writes write_bytes appends resets finishes opens closes errors\n"));
	assert_non_null(strstr(b.s, "\n   2 0x1000     0      0           0       0      0        1     1      1      0\n"));
	assert_non_null(strstr(b.s, "\n(10 more columns to fit 80 characters: --columns COL,... or a pipe shows them)\n"));
	for (line = strtok_r(b.s, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		assert_true(strlen(line) <= 80);
	sbuf_free(&b);
	o.wide = 1;	/* --wide: every column, however wide */
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, " read_lat_min_ns "));
	assert_null(strstr(b.s, "more columns"));
	sbuf_free(&b);
	snapshot_free(&s);
}

/* Tables format numbers without printf: the same digits, and truncated as it. */
static void u64_digits(void **state)
{
	char out[21];

	(void)state;
	assert_int_equal(fmt_u64(out, sizeof(out), 0), 1);
	assert_string_equal(out, "0");
	assert_int_equal(fmt_u64(out, sizeof(out), 1234567890), 10);
	assert_string_equal(out, "1234567890");
	assert_int_equal(fmt_u64(out, sizeof(out), UINT64_MAX), 20);
	assert_string_equal(out, "18446744073709551615");
	assert_int_equal(fmt_u64(out, 4, 98765), 3);
	assert_string_equal(out, "987");
}

/*
 * A status by name for people, in hex for machines; paths and counting are
 * gauges in Prometheus (issue 14, items 2 and 3).
 */
/* With --all, the zones left out are zones, not "zones with activity". */
static void left_out_zones_named_right(void **state)
{
	struct view_opts o = { .max_zones = 1, .all = 1 };
	struct snapshot s;
	struct sbuf b = { 0 };

	(void)state;
	with_d3(&s);
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\n(2 more zones not shown: --max-zones)\n"));
	sbuf_free(&b);
	o.all = 0;
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\n(1 more zone with activity not shown: --max-zones)\n"));
	sbuf_free(&b);
	snapshot_free(&s);
}

/* lsblk's table options through libsmartcols: --raw, --columns, --list-columns. */
static void table_raw_and_chosen_columns(void **state)
{
	struct view_opts o = { .max_zones = -1, .raw = 1 };
	struct snapshot s;
	struct sbuf b = { 0 };
	char err[256];

	(void)state;
	with_d3(&s);
	output_table(&b, &s, 1, &o);
	assert_string_equal(b.s,
		"disk zone start reads read_bytes writes write_bytes resets reset_lat errors\n"
		"d3 0 0x0 1 4KiB 0 0 0 - 0\n"
		"d3 2 0x1000 0 0 3 12KiB 2 2us 1\n");
	sbuf_free(&b);
	/* a script's old name, reset_lat_us: its number in microseconds, as before */
	o.columns = "zone,write_bytes,reset_lat_us,reset_lat";
	output_table(&b, &s, 1, &o);
	/* the disk first, as lsblk -r has NAME */
	assert_string_equal(b.s, "disk zone write_bytes reset_lat_us reset_lat\nd3 0 0 - -\nd3 2 12KiB 2.0 2us\n");
	sbuf_free(&b);
	/* rows only: no note where no zone is left (-m 0), as with no activity */
	o.max_zones = 0;
	output_table(&b, &s, 1, &o);
	assert_true(!b.s || !*b.s);
	sbuf_free(&b);
	o.max_zones = -1;
	/* chosen columns are never dropped to fit, and keep their order */
	o.raw = 0;
	o.width = 10;
	o.columns = "errors,zone";
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\nerrors zone\n     0    0\n     1    2\n"));
	sbuf_free(&b);
	assert_int_equal(table_check_columns(&s, "zone,write_bytes", err, sizeof(err)), 0);
	assert_int_equal(table_check_columns(&s, "zone,write_sectors", err, sizeof(err)), -1);
	assert_string_equal(err, "d3 has no column 'write_sectors' (zns-stat --list-columns d3)");
	output_table_columns(&b, &s);
	assert_non_null(strstr(b.s, "         write_bytes  "));
	assert_non_null(strstr(b.s, "           reset_lat  Mean latency"));
	sbuf_free(&b);
	snapshot_free(&s);
}

/*
 * A table of three parts (the first through libsmartcols, the others at
 * its widths) with chosen columns out of table order: every row holds the
 * cells table_cell() formats for its zone, formatted once at layout.
 */
static void long_table_rows_are_the_cells(void **state)
{
	static const char * const order[] = {
		"errors", "write_lat", "zone", "write_bytes", "reads",
	};
	struct view_opts o = { .max_zones = -1, .all = 1, .raw = 1 };
	struct table_col t[SNAPSHOT_MAX_COLUMNS];
	struct sbuf zones = { 0 }, b = { 0 }, want = { 0 };
	const uint64_t nr = 1200;
	char summary[128], cell[32];
	struct snapshot s;
	int i, k, nt, left;
	uint64_t z;

	(void)state;
	sbuf_printf(&zones, "# zone start reads read_sectors writes write_sectors write_lat_min_ns write_lat_max_ns write_lat_sum_ns errors\n");
	for (z = 0; z < nr; z++)
		sbuf_printf(&zones, "%llu %llu %llu %llu %llu %llu 900 %llu %llu %d\n",
			    (unsigned long long)z, (unsigned long long)z * 2048,
			    (unsigned long long)z % 7, (unsigned long long)z % 7 * 8,
			    (unsigned long long)z % 5, (unsigned long long)z % 5 * 4096,
			    900 + (unsigned long long)z,
			    (unsigned long long)(z % 5 * (1000 + z)), z % 11 == 0);
	snprintf(summary, sizeof(summary),
		 "format_version: 1\ndisk: big\nnr_zones: %llu\nzone_sectors: 2048\n",
		 (unsigned long long)nr);
	snap_from_text(&s, "big", zones.s, summary);
	o.columns = "errors,write_lat,zone,write_bytes,reads";
	output_table(&b, &s, 1, &o);
	nt = table_layout(&s, NULL, 0, 0, 0, t, &left);
	sbuf_printf(&want, "disk errors write_lat zone write_bytes reads\n");
	for (z = 0; z < nr; z++) {
		sbuf_printf(&want, "big ");
		for (k = 0; k < 5; k++) {
			for (i = 0; i < nt && strcmp(t[i].name, order[k]); i++)
				;
			assert_true(i < nt);
			table_cell(&s, &t[i], z, cell, sizeof(cell));
			/* the tests' C locale: "µs" is "us" (scols_out.c) */
			if (strstr(cell, "\xc2\xb5"))
				memmove(strstr(cell, "\xc2\xb5"), strstr(cell, "\xc2\xb5") + 1,
					strlen(strstr(cell, "\xc2\xb5")));
			if (strstr(cell, "\xb5"))
				*strstr(cell, "\xb5") = 'u';
			sbuf_printf(&want, "%s%s", k ? " " : "", cell);
		}
		sbuf_printf(&want, "\n");
	}
	assert_string_equal(b.s, want.s);
	/* aligned: the parts after the first at the library's widths */
	sbuf_free(&b);
	o.raw = 0;
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\nerrors write_lat zone write_bytes reads\n"));
	assert_non_null(strstr(b.s, "\n     1         -    0           0     0\n"));
	assert_non_null(strstr(b.s, "\n     1     2.2us 1199        8MiB     2\n"));
	sbuf_free(&b);
	sbuf_free(&want);
	sbuf_free(&zones);
	snapshot_free(&s);
}

/* RFC 3339: the offset with a colon, "+05:30", not strftime's "+0530". */
static void times_are_rfc3339(void **state)
{
	char t[64];

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	fmt_time(t, sizeof(t), 0);
	assert_string_equal(t, "1970-01-01T00:00:00Z");
	/* one form whatever the zone: UTC and Z, as ledger show always said */
	setenv("TZ", "IST-5:30", 1);	/* POSIX form: no tzdata needed */
	tzset();
	fmt_time(t, sizeof(t), 0);
	assert_string_equal(t, "1970-01-01T00:00:00Z");
	/* fractions where they matter: 3 or 9 digits, never rounded up */
	assert_int_equal(fmt_rfc3339_ns(t, sizeof(t), 1764000000123456789ULL, 9), 30);
	assert_string_equal(t, "2025-11-24T16:00:00.123456789Z");
	fmt_rfc3339_ns(t, sizeof(t), 1764000000999999999ULL, 3);
	assert_string_equal(t, "2025-11-24T16:00:00.999Z");
	fmt_rfc3339_ns(t, sizeof(t), 1764000000999999999ULL, 0);
	assert_string_equal(t, "2025-11-24T16:00:00Z");
	assert_int_equal(fmt_rfc3339_ns(t, 10, 0, 0), -1);
	unsetenv("TZ");
	tzset();
}

static void status_names_and_states(void **state)
{
	struct view_opts o = { .max_zones = -1, .wide = 1 };
	struct snapshot s;
	struct sbuf b = { 0 };
	char buf[32];

	(void)state;
	fixture_snapshot(&s, "zns8");
	output_table(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, " zone_invalid_write"));
	assert_null(strstr(b.s, " 444"));
	sbuf_free(&b);
	/* machine formats: by name too, the code in a field of its own */
	output_csv(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, ",top_zone_error,top_zone_error_code\n"));
	assert_non_null(strstr(b.s, ",zone_invalid_write,0x1bc\n"));
	assert_non_null(strstr(b.s, ",none,0x0\n"));
	assert_null(strstr(b.s, ",444"));
	sbuf_free(&b);
	output_json(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "\"top_zone_error\": \"zone_invalid_write\", \"top_zone_error_code\": \"0x1bc\""));
	assert_non_null(strstr(b.s, "\"top_zone_error\": \"none\", \"top_zone_error_code\": \"0x0\""));
	sbuf_free(&b);
	output_prom(&b, &s, 1, &o);
	assert_non_null(strstr(b.s, "# TYPE zns_counting gauge\nzns_counting{disk=\"zns8\"} 1\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_paths gauge\nzns_paths{disk=\"zns8\"} 1\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_setup_failures_total counter\n"));
	assert_null(strstr(b.s, "zns_counting_total"));
	sbuf_free(&b);
	snapshot_free(&s);
	assert_string_equal(status_name(0x1be, buf, sizeof(buf)), "too_many_open_zones");
	assert_string_equal(status_name(0x371, buf, sizeof(buf)), "host_aborted");
	assert_string_equal(status_name(0, buf, sizeof(buf)), "none");
	assert_string_equal(status_name(0x6, buf, sizeof(buf)), "other 0x6");
	assert_string_equal(status_name(0x80a, buf, sizeof(buf)), "block_status 0x80a");
	assert_string_equal(status_name(0xfff, buf, sizeof(buf)), "failed_retried");
	assert_string_equal(status_key(0x1bc), "zone_invalid_write");
	assert_string_equal(status_key(0x6), "other");
	assert_string_equal(status_key(0x80a), "block_status");
	assert_string_equal(status_key(0), "none");
}

/* scols_out_fast_row(): a part's rows as libsmartcols prints them, or -1. */
static void fast_row_equals_library(void **state)
{
	static const char * const names[] = { "ZONE", "READS", "COND" };
	/* a latency's "µs" too (the tests' C locale: "us", as cell_text() has it) */
	static const char * const rows[][3] = {
		{ "0", "12", "EMPTY" }, { "65535", "7", "FULL" }, { "1", "2", "1\xc2\xb5s" },
	};
	static const char * const wide[] = { "1", "1234567", "x" };
	static const char * const utf[] = { "1", "2", "\xc3\xa9" };
	int right[] = { 1, 1, 1 }, width[] = { 5, 6, 5 }, i;
	struct libscols_table *tb;
	struct sbuf lib = { 0 }, fast = { 0 }, head = { 0 };

	(void)state;
	tb = scols_out_part_new(names, right, width, 3, 0, 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(scols_out_row(tb, rows[i], 3), 0);
	assert_int_equal(scols_out_print_part(&lib, tb, width, 3, 0), 0);
	sbuf_put(&fast, lib.s, strchr(lib.s, '\n') + 1 - lib.s);
	for (i = 0; i < 3; i++)
		assert_int_equal(scols_out_fast_row(&fast, rows[i], width, 3), 0);
	assert_string_equal(fast.s, lib.s);
	assert_int_equal(scols_out_fast_row(&head, wide, width, 3), -1);
	assert_int_equal(scols_out_fast_row(&head, utf, width, 3), -1);
	assert_int_equal(head.len, 0);
	free(lib.s);
	free(fast.s);
}

/* A namespace of nr idle zones under root (a debugfs tree for snapshot_read). */
static void idle_namespace(const char *root, const char *disk, int nr)
{
	char path[512];
	FILE *f;
	int z;

	snprintf(path, sizeof(path), "%s/%s", root, disk);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/%s/zones", root, disk);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "# zone start reads read_sectors writes write_sectors errors\n");
	for (z = 0; z < nr; z++)
		fprintf(f, "%d %d 0 0 0 0 0\n", z, z * 2048);
	fclose(f);
	snprintf(path, sizeof(path), "%s/%s/summary", root, disk);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "format_version: 1\ndisk: %s\nnr_zones: %d\nzone_sectors: 2048\nlba_bytes: 512\nreads: 0\n",
		disk, nr);
	fclose(f);
}

/* zns-stat show ARGS...: its standard error, the output in out. */
static char *show_stderr(char **argv, int argc)
{
	char path[] = "/tmp/zns-unit-errXXXXXX", *text;
	int fd = mkstemp(path), saved;

	assert_true(fd >= 0);
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);
	optind = 0;
	assert_int_equal(cmd_show(argc, argv), 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	text = slurp_file(path, NULL);
	assert_non_null(text);
	unlink(path);
	return text;
}

/*
 * -o prom keeps the 256 busiest zones a namespace unless -m says otherwise,
 * also with --all: the zones left out are a gauge and one line on standard
 * error, as the table says them ("not shown: --max-zones"); a -m given is
 * the user's own limit, said by the gauge only.
 */
static void prom_says_zones_left_out(void **state)
{
	char root[] = "/tmp/zns-unit-promXXXXXX", out[600], *err, *prom;
	char *argv[] = { "zns-stat", "-o", "prom", "--all", "-f", out, "zbig", NULL };
	char *argv_m[] = { "zns-stat", "-o", "prom", "--all", "-m", "200", "-f", out, "zbig", NULL };

	(void)state;
	use_fixture_debugfs();
	assert_non_null(mkdtemp(root));
	setenv("ZNS_STAT_DEBUGFS", root, 1);
	idle_namespace(root, "zbig", 300);
	snprintf(out, sizeof(out), "%s/zns.prom", root);
	err = show_stderr(argv, 7);
	prom = slurp_file(out, NULL);
	assert_non_null(prom);
	assert_int_equal(count_of(prom, "zns_zone_reads_total{"), 256);
	assert_non_null(strstr(prom, "zns_zones_omitted{disk=\"zbig\"} 44\n"));
	/* idle zones count with --all: the help does not say "with activity" */
	assert_null(strstr(prom, "# HELP zns_zones_omitted Zones with activity"));
	assert_non_null(strstr(err, "zns-stat: zbig: 44 zones not shown: -o prom has the 256 busiest a namespace (-m N for more; zns_zones_omitted counts them)\n"));
	assert_int_equal(count_of(err, "not shown"), 1);
	free(err);
	free(prom);
	err = show_stderr(argv_m, 9);
	prom = slurp_file(out, NULL);
	assert_non_null(strstr(prom, "zns_zones_omitted{disk=\"zbig\"} 100\n"));
	assert_null(strstr(err, "not shown"));
	free(err);
	free(prom);
	unlink(out);
	snprintf(out, sizeof(out), "%s/zbig/zones", root);
	unlink(out);
	snprintf(out, sizeof(out), "%s/zbig/summary", root);
	unlink(out);
	snprintf(out, sizeof(out), "%s/zbig", root);
	rmdir(out);
	rmdir(root);
	use_fixture_debugfs();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_compact_and_wide),
		cmocka_unit_test(long_title_fits),
		cmocka_unit_test(csv_rows),
		cmocka_unit_test(json_document),
		cmocka_unit_test(prom_units_and_limits),
		cmocka_unit_test(prom_conditions_are_labels),
		cmocka_unit_test(busiest_by_io),
		cmocka_unit_test(prom_groups_metrics_over_disks),
		cmocka_unit_test(prom_says_zones_left_out),
		cmocka_unit_test(table_fits_a_terminal),
		cmocka_unit_test(interval_rows),
		cmocka_unit_test(interval_keeps_its_columns),
		cmocka_unit_test(interval_keeps_the_readable),
		cmocka_unit_test(u64_digits),
		cmocka_unit_test(status_names_and_states),
		cmocka_unit_test(times_are_rfc3339),
		cmocka_unit_test(json_times_in_ns_are_strings),
		cmocka_unit_test(table_raw_and_chosen_columns),
		cmocka_unit_test(left_out_zones_named_right),
		cmocka_unit_test(fast_row_equals_library),
		cmocka_unit_test(long_table_rows_are_the_cells),
	};

	return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
