// SPDX-License-Identifier: GPL-2.0
/* zns-stat export: the latency histogram, the errors table, the lifetime series, the whole document. */
#include <dirent.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"
#include "cmd/export.h"
#include "lib/files.h"
#include "lib/sbuf.h"

static const char latency_text[] =
	"# op lat_lo_ns lat_hi_ns count\n"
	"read 0 1 2\n"
	"read 1024 2047 3\n"
	"read 4096 8191 5\n"
	"write 549755813888 1099511627775 7\n";	/* the last bucket, 2^39 ns */

static const char errors_text[] =
	"# error code read write append\n"
	"zone_full 0x1b9 0 4 1\n"
	"other 0x6 2 0 0\n"
	"other_unlisted 0 0 0 0\n";

static void latency_buckets_are_cumulative(void **state)
{
	char *text = strdup(latency_text);
	struct snapshot s = { .disk = "d" };
	struct lat_hist h, *hp = &h;
	struct sbuf b = { 0 };

	(void)state;
	assert_int_equal(lat_hist_parse(&h, text), 0);
	assert_int_equal(h.count[0][0], 2);
	assert_int_equal(h.count[0][10], 3);
	assert_int_equal(h.count[1][39], 7);
	snapshot_set_summary(&s, "read_lat_sum_ns", "1500000001");
	prom_latency(&b, &s, &hp, 1);
	assert_int_equal(count_of(b.s, "# TYPE zns_latency_seconds histogram\n"), 1);
	/* [0, 1] and [1024, 2047] ns are both <= 2047 ns, the first bound */
	assert_non_null(strstr(b.s,
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"0.000001023\"} 2\n"
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"0.000002047\"} 5\n"
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"0.000004095\"} 5\n"
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"0.000008191\"} 10\n"));
	assert_non_null(strstr(b.s,
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"+Inf\"} 10\n"
		"zns_latency_seconds_sum{disk=\"d\",op=\"read\"} 1.500000001\n"
		"zns_latency_seconds_count{disk=\"d\",op=\"read\"} 10\n"));
	/* beyond the last bound: only in +Inf; no sum key, no _sum */
	assert_non_null(strstr(b.s, "{disk=\"d\",op=\"write\",le=\"34.359738367\"} 0\n"
				    "zns_latency_seconds_bucket{disk=\"d\",op=\"write\",le=\"+Inf\"} 7\n"
				    "zns_latency_seconds_count{disk=\"d\",op=\"write\"} 7\n"));
	/* every operation, with the same bounds */
	assert_int_equal(count_of(b.s, "_bucket{"),
			 ZNS_NR_OPS * (LAT_LE_LAST - LAT_LE_FIRST + 2));
	assert_int_equal(count_of(b.s, "_count{"), ZNS_NR_OPS);
	sbuf_free(&b);
	snapshot_free(&s);
	free(text);
}

/* Log-linear rows summed into log2 buckets; the exact maxima as a gauge. */
static void log_linear_rows_summed(void **state)
{
	char text[] = "# op lat_lo_ns lat_hi_ns count\n"
		"read 1 1 1\n"
		"read 1024 1087 2\n"
		"read 1984 2047 3\n"
		"# max_ns read 2000\n"
		"write 68719476736 18446744073709551615 4\n"	/* the open one, 2^36 ns on */
		"# max_ns write 100000000000\n";
	struct snapshot s = { .disk = "d" };
	struct lat_hist h, *hp = &h;
	struct sbuf b = { 0 };

	(void)state;
	assert_int_equal(lat_hist_parse(&h, text), 0);
	assert_int_equal(h.count[0][0], 1);
	assert_int_equal(h.count[0][10], 5);
	assert_int_equal(h.count[1][36], 4);
	assert_int_equal(h.max[0], 2000);
	assert_int_equal(h.has_max[2], 0);
	prom_latency(&b, &s, &hp, 1);
	assert_non_null(strstr(b.s,
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"0.000001023\"} 1\n"
		"zns_latency_seconds_bucket{disk=\"d\",op=\"read\",le=\"0.000002047\"} 6\n"));
	assert_non_null(strstr(b.s, "# TYPE zns_latency_max_seconds gauge\n"
				    "zns_latency_max_seconds{disk=\"d\",op=\"read\"} 0.000002\n"
				    "zns_latency_max_seconds{disk=\"d\",op=\"write\"} 100\n"));
	assert_int_equal(count_of(b.s, "zns_latency_max_seconds{"), 2);
	sbuf_free(&b);
	snapshot_free(&s);
}

static void latency_rejects_bad_content(void **state)
{
	static const char * const bad[] = {
		"read 1000 2047 3\n",	/* not a bucket bound */
		"read 1024 4095 3\n",	/* bounds that disagree */
		"read 1024 1000 3\n",	/* hi below lo */
		"read 1024 2047\n",
	};
	struct lat_hist h;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *t = strdup(bad[i]);

		assert_int_equal(lat_hist_parse(&h, t), -1);
		free(t);
	}
}

static void errors_by_status_and_op(void **state)
{
	char *text = strdup(errors_text), *bad;
	struct snapshot s = { .disk = "d" };
	struct err_table t, *tp = &t;
	struct sbuf b = { 0 };

	(void)state;
	assert_int_equal(err_table_parse(&t, text), 0);
	assert_int_equal(t.nr_ops, 3);
	assert_int_equal(t.nr_rows, 3);
	prom_errors(&b, &s, &tp, 1);
	assert_non_null(strstr(b.s, "# TYPE zns_command_errors_total counter\n"));
	assert_non_null(strstr(b.s, "zns_command_errors_total{disk=\"d\",status=\"zone_full\",code=\"0x1b9\",op=\"write\"} 4\n"));
	assert_non_null(strstr(b.s, "zns_command_errors_total{disk=\"d\",status=\"other\",code=\"0x6\",op=\"read\"} 2\n"));
	assert_int_equal(count_of(b.s, "\nzns_command_errors_total{"), 9);
	sbuf_free(&b);
	free(text);
	bad = strdup("# error code read\nzone_full 0x1b9 1 2\n");	/* a column too many */
	assert_int_equal(err_table_parse(&t, bad), -1);
	free(bad);
	bad = strdup("zone_full 0x1b9 1\n");	/* no header */
	assert_int_equal(err_table_parse(&t, bad), -1);
	free(bad);
}

static void document_of_the_fixture(void **state)
{
	char *disks[] = { "zns8", "zns8x" }, err[512];
	struct export_opts o = { .disks = disks, .nr_disks = 2, .max_zones = 256 };
	struct sbuf b = { 0 };

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 2);
	assert_string_equal(err, "");
	assert_non_null(strstr(b.s, "zns_stat_module_up 1\n"));
	assert_non_null(strstr(b.s, "zns_stat_up{disk=\"zns8\"} 1\nzns_stat_up{disk=\"zns8x\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_writes_total{disk=\"zns8x\"} 17\n"));
	assert_non_null(strstr(b.s, "zns_latency_seconds_count{disk=\"zns8\",op=\"reset\"} 2\n"));
	assert_non_null(strstr(b.s, "zns_latency_seconds_sum{disk=\"zns8\",op=\"reset\"} 0.0000315\n"));
	assert_non_null(strstr(b.s, "zns_latency_max_seconds{disk=\"zns8\",op=\"reset\"} 0.000052\n"));
	assert_non_null(strstr(b.s, "zns_lifecycle_finish_waste_bytes_total{disk=\"zns8\"} 1044480\n"));
	/* zns8x has only zones and summary: no histogram, errors or lifecycle of it */
	assert_null(strstr(b.s, "zns_latency_seconds_count{disk=\"zns8x\""));
	assert_null(strstr(b.s, "zns_lifecycle_open_zones{disk=\"zns8x\""));
	assert_null(strstr(b.s, "zns_zone_writes_total"));	/* per-zone only with --zones */
	sbuf_free(&b);
	o.zones = 1;
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 2);
	assert_non_null(strstr(b.s, "zns_zone_writes_total{disk=\"zns8\",zone=\"5\"} 16\n"));
	assert_int_equal(count_of(b.s, "# TYPE zns_zone_writes_total "), 1);
	sbuf_free(&b);
}

static void missing_module_is_not_up(void **state)
{
	struct export_opts o = { .max_zones = 256 };
	struct sbuf b = { 0 };
	char err[512];

	(void)state;
	setenv("ZNS_STAT_DEBUGFS", "fixtures/no-such-dir", 1);
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(b.s, "zns_stat_module_up 0\n"));
	assert_null(strstr(b.s, "zns_stat_up{"));	/* no namespace to name */
	assert_true(*err);
	sbuf_free(&b);
	use_fixture_debugfs();
}

/* One namespace that cannot be read does not mark the others down. */
static void one_namespace_down_others_served(void **state)
{
	char dir[] = "/tmp/zns-export-XXXXXX", path[256], err[512];
	char *disks[] = { "zns8", "gone" }, *text;
	struct export_opts o = { .disks = disks, .nr_disks = 2, .max_zones = 256 };
	struct sbuf b = { 0 };

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 1);
	assert_true(*err);	/* said, though the rest is served */
	assert_non_null(strstr(b.s, "zns_stat_module_up 1\n"));
	assert_non_null(strstr(b.s, "zns_stat_up{disk=\"zns8\"} 1\nzns_stat_up{disk=\"gone\"} 0\n"));
	assert_non_null(strstr(b.s, "zns_reads_total{disk=\"zns8\"} 1\n"));
	sbuf_free(&b);
	/* exit 0 while any namespace was read; 1 when none was */
	assert_non_null(mkdtemp(dir));
	o.dir = dir;
	assert_int_equal(export_run(&o), 0);
	snprintf(path, sizeof(path), "%s/" EXPORT_FILE, dir);
	text = slurp_file(path, NULL);
	assert_non_null(text);
	assert_non_null(strstr(text, "zns_stat_up{disk=\"gone\"} 0\n"));
	free(text);
	o.disks = disks + 1;
	o.nr_disks = 1;
	assert_int_equal(export_run(&o), 1);
	unlink(path);
	assert_int_equal(rmdir(dir), 0);
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void bad_latency_file_is_an_error(void **state)
{
	char root[] = "/tmp/zns-export-XXXXXX", dir[128], path[160], err[512];
	char *disks[] = { "d" };
	struct export_opts o = { .disks = disks, .nr_disks = 1, .max_zones = 256 };
	struct sbuf b = { 0 };
	static const char * const files[] = { "zones", "summary", "latency", "errors" };
	unsigned int i;

	(void)state;
	assert_non_null(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/d", root);
	assert_int_equal(mkdir(dir, 0755), 0);
	put(dir, "zones", "# zone start reads\n0 0 1\n");
	put(dir, "summary", "format_version: 1\ndisk: d\nnr_zones: 1\nreads: 1\n");
	put(dir, "latency", "# op lat_lo_ns lat_hi_ns count\nread 1024 2047 x\n");
	put(dir, "errors", errors_text);
	setenv("ZNS_STAT_DEBUGFS", root, 1);
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 1);
	assert_string_equal(err, "d: unexpected content in its latency file");
	/* the rest is there, the namespace marked down */
	assert_non_null(strstr(b.s, "zns_stat_up{disk=\"d\"} 0\n"));
	assert_non_null(strstr(b.s, "zns_reads_total{disk=\"d\"} 1\n"));
	assert_non_null(strstr(b.s, "zns_command_errors_total{disk=\"d\",status=\"zone_full\",code=\"0x1b9\",op=\"write\"} 4\n"));
	assert_null(strstr(b.s, "zns_latency_seconds"));
	sbuf_free(&b);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
	rmdir(root);
	use_fixture_debugfs();
}

static void writes_the_file_and_no_temporary(void **state)
{
	char dir[] = "/tmp/zns-export-XXXXXX", path[256];
	char *disks[] = { "zns8" }, *text;
	struct export_opts o = { .disks = disks, .nr_disks = 1, .max_zones = 256 };
	struct dirent *de;
	DIR *d;
	int n = 0;

	(void)state;
	use_fixture_debugfs();
	assert_non_null(mkdtemp(dir));
	o.dir = dir;
	assert_int_equal(export_run(&o), 0);
	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			n++;
	closedir(d);
	assert_int_equal(n, 1);
	snprintf(path, sizeof(path), "%s/" EXPORT_FILE, dir);
	text = slurp_file(path, NULL);
	assert_non_null(text);
	assert_non_null(strstr(text, "zns_reads_total{disk=\"zns8\"} 1\n"));
	free(text);
	unlink(path);
	assert_int_equal(rmdir(dir), 0);
	/* not a directory: nothing written */
	o.dir = "fixtures/debugfs/status";
	assert_int_equal(export_run(&o), 1);
}

/* The lines of text that are samples (not # HELP or # TYPE), from the first of prefix. */
static char *samples_from(const char *text, const char *prefix)
{
	const char *p = strstr(text, prefix);
	struct sbuf b = { 0 };

	assert_non_null(p);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);

		if (*p != '#')
			sbuf_printf(&b, "%.*s", (int)n, p);
		p += n;
	}
	assert_false(b.oom);
	return b.s;
}

#define X8 "{disk=\"zns8x\",identity=\"serial.zns8x-serial.nsid.2\""

/*
 * The lifetime series of fixtures/ledger-dir's zns8x ledger: the zones'
 * totals summed, the namespace's (its lifecycle's too: a version 2
 * ledger), and with --zones the busiest zone's.
 */
static void ledger_series_exact(void **state)
{
	char *disks[] = { "zns8x" }, err[512], *got;
	struct export_opts o = { .disks = disks, .nr_disks = 1, .max_zones = 1,
				 .ledger_dir = "fixtures/ledger-dir", .zones = 1 };
	struct sbuf b = { 0 };

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 1);
	assert_string_equal(err, "");
	got = samples_from(b.s, "# HELP zns_ledger_");
	assert_string_equal(got,
		"zns_ledger_commands_total" X8 ",op=\"read\"} 7\n"
		"zns_ledger_commands_total" X8 ",op=\"write\"} 88\n"
		"zns_ledger_commands_total" X8 ",op=\"append\"} 12\n"
		"zns_ledger_commands_total" X8 ",op=\"write_zeroes\"} 2\n"
		"zns_ledger_bytes_total" X8 ",op=\"read\"} 114688\n"
		"zns_ledger_bytes_total" X8 ",op=\"write\"} 5242880\n"
		"zns_ledger_bytes_total" X8 ",op=\"append\"} 49152\n"
		"zns_ledger_bytes_total" X8 ",op=\"write_zeroes\"} 8192\n"
		"zns_ledger_resets_total" X8 "} 6\n"
		"zns_ledger_finishes_total" X8 "} 6\n"
		"zns_ledger_opens_total" X8 "} 5\n"
		"zns_ledger_closes_total" X8 "} 5\n"
		"zns_ledger_errors_total" X8 "} 9\n"
		"zns_ledger_fill_resets_total" X8 "} 6\n"
		"zns_ledger_reset_fill_bytes_total" X8 "} 4243456\n"
		"zns_ledger_reset_all_total" X8 "} 4\n"
		"zns_ledger_finish_all_total" X8 "} 0\n"
		"zns_ledger_open_all_total" X8 "} 0\n"
		"zns_ledger_close_all_total" X8 "} 0\n"
		"zns_ledger_select_all_errors_total" X8 "} 1\n"
		"zns_ledger_dropped_total" X8 "} 2\n"
		/* the lifecycle's: ns as seconds, sectors as bytes */
		"zns_ledger_open_limit_time_seconds_total" X8 "} 1.5\n"
		"zns_ledger_active_limit_time_seconds_total" X8 "} 0.250000001\n"
		"zns_ledger_opens_over_limit_total" X8 "} 3\n"
		"zns_ledger_opens_maybe_over_limit_total" X8 "} 1\n"
		"zns_ledger_too_many_open_errors_total" X8 "} 2\n"
		"zns_ledger_too_many_active_errors_total" X8 "} 0\n"
		"zns_ledger_resets_fill_unknown_total" X8 "} 1\n"
		"zns_ledger_resets_fill_fraction_unknown_total" X8 "} 0\n"
		"zns_ledger_resets_select_all_unknown_total" X8 "} 5\n"
		/* resets_fill_<N>pct: N / 10 + 1 in the fixture */
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"0\"} 1\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"10\"} 2\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"20\"} 3\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"30\"} 4\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"40\"} 5\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"50\"} 6\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"60\"} 7\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"70\"} 8\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"80\"} 9\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"90\"} 10\n"
		"zns_ledger_resets_fill_total" X8 ",fill_pct=\"100\"} 11\n"
		"zns_ledger_reclaimed_bytes_total" X8 "} 4243456\n"
		"zns_ledger_finishes_waste_known_total" X8 "} 4\n"
		"zns_ledger_finishes_waste_unknown_total" X8 "} 2\n"
		"zns_ledger_finish_waste_bytes_total" X8 "} 434176\n"
		"zns_ledger_time_to_full_seconds_total" X8 "} 61.000000123\n"
		"zns_ledger_time_open_seconds_total" X8 "} 7200\n"
		"zns_ledger_folds_total" X8 "} 40\n"
		"zns_ledger_restarts_total" X8 "} 3\n"
		"zns_ledger_last_fold_timestamp_seconds" X8 "} 1795796486\n"
		/* zone 5 moved the most sectors (6160; zone 0: 4320) */
		"zns_ledger_zone_commands_total" X8 ",zone=\"5\",op=\"read\"} 0\n"
		"zns_ledger_zone_commands_total" X8 ",zone=\"5\",op=\"write\"} 48\n"
		"zns_ledger_zone_commands_total" X8 ",zone=\"5\",op=\"append\"} 0\n"
		"zns_ledger_zone_commands_total" X8 ",zone=\"5\",op=\"write_zeroes\"} 2\n"
		"zns_ledger_zone_bytes_total" X8 ",zone=\"5\",op=\"read\"} 0\n"
		"zns_ledger_zone_bytes_total" X8 ",zone=\"5\",op=\"write\"} 3145728\n"
		"zns_ledger_zone_bytes_total" X8 ",zone=\"5\",op=\"append\"} 0\n"
		"zns_ledger_zone_bytes_total" X8 ",zone=\"5\",op=\"write_zeroes\"} 8192\n"
		"zns_ledger_zone_resets_total" X8 ",zone=\"5\"} 1\n"
		"zns_ledger_zone_finishes_total" X8 ",zone=\"5\"} 1\n"
		"zns_ledger_zone_opens_total" X8 ",zone=\"5\"} 0\n"
		"zns_ledger_zone_closes_total" X8 ",zone=\"5\"} 0\n"
		"zns_ledger_zone_errors_total" X8 ",zone=\"5\"} 0\n"
		"zns_ledger_zone_fill_resets_total" X8 ",zone=\"5\"} 1\n"
		"zns_ledger_zone_reset_fill_bytes_total" X8 ",zone=\"5\"} 1048576\n"
		/* zones 0, 1, 2 and 4 have lifetime activity too */
		"zns_ledger_zones_omitted" X8 "} 4\n");
	free(got);
	/* one # HELP and # TYPE a family, counters end in _total */
	got = strstr(b.s, "# HELP zns_ledger_");
	assert_int_equal(count_of(got, "# HELP zns_ledger_"), 28 + 16);
	assert_int_equal(count_of(got, "# TYPE zns_ledger_"), 28 + 16);
	assert_int_equal(count_of(got, "_total counter\n"), 26 + 16);
	assert_int_equal(count_of(got, " gauge\n"), 2);
	assert_non_null(strstr(b.s, "# HELP zns_ledger_zone_resets_total Zone resets (resets of all zones: zns_ledger_reset_all_total) on the zone since the ledger began"));
	assert_non_null(strstr(b.s, "# HELP zns_ledger_resets_fill_total Resets by the zone's fill (fill_pct 0: nothing written; N: in ((N-10)%, N%] of the capacity) since the ledger began"));
	assert_non_null(strstr(b.s, "# TYPE zns_ledger_time_open_seconds_total counter\n"));
	sbuf_free(&b);
	/* without --zones, none per zone */
	o.zones = 0;
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 1);
	assert_null(strstr(b.s, "zns_ledger_zone"));
	assert_non_null(strstr(b.s, "zns_ledger_folds_total" X8 "} 40\n"));
	sbuf_free(&b);
}

/*
 * Without DISKs every current ledger, in name order; not the one kept of an
 * older geometry, nor a temporary, which have the same identity.
 */
static void ledger_dir_current_ledgers_only(void **state)
{
	struct export_opts o = { .max_zones = 256, .ledger_dir = "fixtures/ledger-dir" };
	struct sbuf b = { 0 };
	char err[512], *got;

	(void)state;
	use_fixture_debugfs();
	export_format(&b, &o, err, sizeof(err));	/* (fixtures/debugfs/broken) */
	got = samples_from(b.s, "# HELP zns_ledger_folds_total");
	assert_string_equal(got,
		"zns_ledger_folds_total{disk=\"zns8\",identity=\"nguid.5eed0000-0000-0000-0000-00000000a108\"} 1\n"
		"zns_ledger_folds_total" X8 "} 40\n"
		"zns_ledger_restarts_total{disk=\"zns8\",identity=\"nguid.5eed0000-0000-0000-0000-00000000a108\"} 1\n"
		"zns_ledger_restarts_total" X8 "} 3\n"
		"zns_ledger_last_fold_timestamp_seconds{disk=\"zns8\",identity=\"nguid.5eed0000-0000-0000-0000-00000000a108\"} 1795783140\n"
		"zns_ledger_last_fold_timestamp_seconds" X8 "} 1795796486\n");
	free(got);
	/* a version 1 ledger kept no lifecycle totals: 0, as ledger show says */
	assert_non_null(strstr(b.s, "zns_ledger_time_open_seconds_total{disk=\"zns8\",identity=\"nguid.5eed0000-0000-0000-0000-00000000a108\"} 0\n"));
	assert_non_null(strstr(b.s, "zns_ledger_resets_fill_total{disk=\"zns8\",identity=\"nguid.5eed0000-0000-0000-0000-00000000a108\",fill_pct=\"100\"} 0\n"));
	sbuf_free(&b);
}

static void copy_file(const char *from, const char *dir, const char *name)
{
	char *text = slurp_file(from, NULL), path[256];
	FILE *f;

	assert_non_null(text);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(text);
}

/*
 * A ledger export cannot read: said in err, left out, the others served,
 * the exit status export's; the file not touched.
 */
static void corrupt_ledger_said_and_skipped(void **state)
{
	char dir[] = "/tmp/zns-export-XXXXXX", out[64], path[256], err[512];
	char out_file[128];
	char *disks[] = { "zns8", "zns8x" }, *text, *want;
	struct export_opts o = { .disks = disks, .nr_disks = 2, .max_zones = 256 };
	struct sbuf b = { 0 };

	(void)state;
	use_fixture_debugfs();
	assert_non_null(mkdtemp(dir));
	copy_file("fixtures/ledger/truncated.ledger", dir,
		  "nguid.5eed0000-0000-0000-0000-00000000a108.ledger");
	copy_file("fixtures/ledger-dir/serial.zns8x-serial.nsid.2.ledger", dir,
		  "serial.zns8x-serial.nsid.2.ledger");
	o.ledger_dir = dir;
	assert_int_equal(export_format(&b, &o, err, sizeof(err)), 2);
	snprintf(path, sizeof(path), "%s/nguid.5eed0000-0000-0000-0000-00000000a108.ledger", dir);
	want = malloc(1024);
	assert_non_null(want);
	snprintf(want, 1024, "%s: ends after line 20 (a zone's line expected): not a whole ledger; the file is kept as it is (move it away to start a new ledger)",
		 path);
	assert_string_equal(err, want);
	free(want);
	assert_null(strstr(b.s, "identity=\"nguid."));
	assert_non_null(strstr(b.s, "zns_ledger_folds_total" X8 "} 40\n"));
	assert_non_null(strstr(b.s, "zns_stat_up{disk=\"zns8\"} 1\n"));
	sbuf_free(&b);
	/* exit status 0: the namespaces were read; nothing written in DIR */
	snprintf(out, sizeof(out), "%s/out", dir);
	assert_int_equal(mkdir(out, 0755), 0);
	o.dir = out;
	assert_int_equal(export_run(&o), 0);
	text = slurp_file(path, NULL);
	want = slurp_file("fixtures/ledger/truncated.ledger", NULL);
	assert_non_null(text);
	assert_non_null(want);
	assert_string_equal(text, want);
	free(text);
	free(want);
	/* not a directory: nothing written */
	o.ledger_dir = path;
	snprintf(out_file, sizeof(out_file), "%s/" EXPORT_FILE, out);
	unlink(out_file);
	assert_int_equal(export_run(&o), 1);
	assert_int_equal(access(out_file, F_OK), -1);
	assert_int_equal(rmdir(out), 0);
	snprintf(path, sizeof(path), "%s/nguid.5eed0000-0000-0000-0000-00000000a108.ledger", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/serial.zns8x-serial.nsid.2.ledger", dir);
	unlink(path);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(latency_buckets_are_cumulative),
		cmocka_unit_test(log_linear_rows_summed),
		cmocka_unit_test(latency_rejects_bad_content),
		cmocka_unit_test(errors_by_status_and_op),
		cmocka_unit_test(document_of_the_fixture),
		cmocka_unit_test(missing_module_is_not_up),
		cmocka_unit_test(one_namespace_down_others_served),
		cmocka_unit_test(bad_latency_file_is_an_error),
		cmocka_unit_test(writes_the_file_and_no_temporary),
		cmocka_unit_test(ledger_series_exact),
		cmocka_unit_test(ledger_dir_current_ledgers_only),
		cmocka_unit_test(corrupt_ledger_said_and_skipped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
