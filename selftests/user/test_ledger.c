// SPDX-License-Identifier: GPL-2.0
/*
 * The ledger: its fold rule over reloads, clears, counters going backwards
 * and a geometry change; its state file written and read back, written
 * atomically, and kept when it is corrupted or of another version; the
 * namespace identity from sysfs.
 */
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

#include "lib/files.h"
#include "model/ledger_fold.h"
#include "model/ledger_outliers.h"
#include "model/ledger_zones.h"
#include "render/ledger_html.h"
#include "render/ledger_out.h"
#include "render/ledger_svg.h"
#include "source/counter_epoch.h"
#include "source/ledger_file.h"
#include "source/lifecycle.h"
#include "source/ns_identity.h"
#include "source/placement_file.h"

#define HEAD "# zone start reads read_sectors writes write_sectors resets fill_resets fill_sum_sectors fill_min_sectors fill_max_sectors\n"

/* A two-zone reading: zone 0's writes and sectors, zone 1's resets and fill. */
static void reading(struct snapshot *s, const char *instance, int gen,
		    int writes, int resets, int fill, int reset_all)
{
	char zones[512], summary[512];

	snprintf(zones, sizeof(zones), HEAD
		 "0 0 0 0 %d %d 0 0 0 0 0\n"
		 "1 2048 0 0 0 0 %d %d %d %d %d\n",
		 writes, writes * 8, resets, resets, resets * fill,
		 resets ? fill : 0, resets ? fill : 0);
	snprintf(summary, sizeof(summary),
		 "format_version: 1\ndisk: nvme0n2\n%s%s%s%s%s"
		 "nr_zones: 2\nzone_sectors: 2048\nlba_bytes: 4096\nreset_all: %d\ndropped: 0\n",
		 instance ? "instance: " : "", instance ? instance : "", instance ? "\n" : "",
		 instance ? "generation: " : "", "", reset_all);
	if (instance) {	/* the generation after the instance */
		char *g = strstr(summary, "generation: ");

		snprintf(g, sizeof(summary) - (g - summary),
			 "generation: %d\nnr_zones: 2\nzone_sectors: 2048\nlba_bytes: 4096\nreset_all: %d\ndropped: 0\n",
			 gen, reset_all);
	}
	snap_from_text(s, "nvme0n2", zones, summary);
}

static void fold(struct ledger *l, const char *instance, int gen, int writes,
		 int resets, int fill, int reset_all, enum fold_result want)
{
	struct snapshot s;

	reading(&s, instance, gen, writes, resets, fill, reset_all);
	assert_int_equal(ledger_fold(l, &s, NULL, 1000 + (int64_t)l->folds), want);
	snapshot_free(&s);
}

/* The same with a lifecycle: its reclaimed sectors and one fill bucket. */
static void fold_life(struct ledger *l, const char *instance, int gen,
		      int writes, int reclaimed, int full, enum fold_result want)
{
	char a[256], b[] = "# what time_lo_us time_hi_us count\n";
	struct snapshot s;
	struct life life;

	snprintf(a, sizeof(a), "open_zones_peak 3\nreclaimed_sectors %d\nresets_fill_100pct %d\n",
		 reclaimed, full);
	memset(&life, 0, sizeof(life));
	assert_int_equal(life_parse(&life, a, b), 0);
	reading(&s, instance, gen, writes, 0, 0, 0);
	assert_int_equal(ledger_fold(l, &s, &life, 1000 + (int64_t)l->folds), want);
	snapshot_free(&s);
}

static void new_ledger(struct ledger *l)
{
	assert_int_equal(ledger_init(l, "nguid.x", 2, 2048, 4096), 0);
}

#define A "0x00000000000000aa"
#define B "0x00000000000000bb"

/* Growth is added; a reload (new instance) adds the new counters whole. */
static void fold_across_reload(void **state)
{
	struct ledger l;

	(void)state;
	new_ledger(&l);
	fold(&l, A, 0, 3, 1, 100, 1, FOLD_RESTARTED);	/* the first: all of it */
	fold(&l, A, 0, 5, 2, 100, 1, FOLD_ADDED);
	/* reloaded: 4 writes since, more than the 5 before would not matter */
	fold(&l, B, 0, 4, 0, 0, 0, FOLD_RESTARTED);
	fold(&l, B, 0, 6, 1, 300, 2, FOLD_ADDED);
	assert_int_equal(l.zones[0].total[LC_WRITES], 5 + 6);
	assert_int_equal(l.zones[0].total[LC_WRITE_SECTORS], 8 * 11);
	assert_int_equal(l.zones[1].total[LC_RESETS], 2 + 1);
	assert_int_equal(l.zones[1].total[LC_FILL_SUM_SECTORS], 200 + 300);
	assert_int_equal(l.zones[1].fill_min, 100);
	assert_int_equal(l.zones[1].fill_max, 300);
	assert_int_equal(l.ns_total[LN_RESET_ALL], 1 + 2);
	assert_int_equal(l.folds, 4);
	assert_int_equal(l.restarts, 2);
	assert_int_equal(l.first_seen, 1000);
	assert_int_equal(l.last_seen, 1003);
	assert_string_equal(l.instance, B);
	ledger_free(&l);
}

/* A clear keeps the instance and bumps the generation: new counters whole,
 * even where they are already above what was folded before. */
static void fold_across_clear(void **state)
{
	struct ledger l;

	(void)state;
	new_ledger(&l);
	fold(&l, A, 0, 3, 0, 0, 0, FOLD_RESTARTED);
	fold(&l, A, 1, 7, 0, 0, 0, FOLD_RESTARTED);	/* cleared, then 7 */
	fold(&l, A, 1, 9, 0, 0, 0, FOLD_ADDED);
	assert_int_equal(l.zones[0].total[LC_WRITES], 3 + 9);
	assert_int_equal(l.generation, 1);
	ledger_free(&l);
}

/* No instance (an older module), or the same one: any counter backwards is a restart. */
static void fold_counters_backwards(void **state)
{
	struct ledger l;

	(void)state;
	new_ledger(&l);
	fold(&l, A, 2, 5, 2, 10, 0, FOLD_RESTARTED);
	fold(&l, A, 2, 6, 1, 10, 0, FOLD_RESTARTED);	/* resets went back */
	assert_int_equal(l.zones[0].total[LC_WRITES], 5 + 6);
	assert_int_equal(l.zones[1].total[LC_RESETS], 2 + 1);
	ledger_free(&l);

	new_ledger(&l);
	fold(&l, NULL, 0, 5, 0, 0, 0, FOLD_RESTARTED);
	fold(&l, NULL, 0, 8, 0, 0, 0, FOLD_ADDED);
	fold(&l, NULL, 0, 2, 0, 0, 0, FOLD_RESTARTED);	/* cleared */
	assert_int_equal(l.zones[0].total[LC_WRITES], 8 + 2);
	assert_string_equal(l.instance, "");
	/* the module gains an instance: a restart, never a difference */
	fold(&l, A, 0, 3, 0, 0, 0, FOLD_RESTARTED);
	assert_int_equal(l.zones[0].total[LC_WRITES], 8 + 2 + 3);
	ledger_free(&l);
}

/* A reading of another geometry changes nothing. */
static void fold_refuses_other_geometry(void **state)
{
	struct ledger l;

	(void)state;
	assert_int_equal(ledger_init(&l, "nguid.x", 2, 4096, 4096), 0);
	fold(&l, A, 0, 3, 0, 0, 0, FOLD_GEOMETRY);
	assert_int_equal(l.folds, 0);
	assert_int_equal(l.zones[0].total[LC_WRITES], 0);
	ledger_free(&l);
}

/*
 * The lifecycle's counters fold by the zones' rule; a reading without a
 * lifecycle adds none and is no restart, and after a restart without one
 * the next lifecycle is added whole.
 */
static void fold_lifecycle(void **state)
{
	struct ledger l;

	(void)state;
	new_ledger(&l);
	fold_life(&l, A, 0, 1, 2048, 1, FOLD_RESTARTED);
	fold_life(&l, A, 0, 2, 6144, 3, FOLD_ADDED);
	assert_int_equal(l.ns_total[LN_RECLAIMED_SECTORS], 6144);
	assert_int_equal(l.ns_total[LN_RESETS_FILL_0PCT + 10], 3);
	assert_int_equal(l.ns_total[LN_OPENS_OVER_LIMIT], 0);
	/* backwards in the lifecycle only: a restart, the zones added whole */
	fold_life(&l, A, 0, 3, 1024, 3, FOLD_RESTARTED);
	assert_int_equal(l.ns_total[LN_RECLAIMED_SECTORS], 6144 + 1024);
	assert_int_equal(l.zones[0].total[LC_WRITES], 2 + 3);
	/* none read: nothing added, and the zones' growth still is */
	fold(&l, A, 0, 4, 0, 0, 0, FOLD_ADDED);
	assert_int_equal(l.ns_total[LN_RECLAIMED_SECTORS], 6144 + 1024);
	assert_int_equal(l.ns_base[LN_RECLAIMED_SECTORS], 1024);
	fold_life(&l, A, 0, 4, 1536, 3, FOLD_ADDED);
	assert_int_equal(l.ns_total[LN_RECLAIMED_SECTORS], 6144 + 1536);
	/* reloaded, read without one: its base is 0, so all of the next */
	fold(&l, B, 0, 1, 0, 0, 0, FOLD_RESTARTED);
	assert_int_equal(l.ns_base[LN_RECLAIMED_SECTORS], 0);
	fold_life(&l, B, 0, 1, 512, 1, FOLD_ADDED);
	assert_int_equal(l.ns_total[LN_RECLAIMED_SECTORS], 6144 + 1536 + 512);
	assert_int_equal(l.ns_total[LN_RESETS_FILL_0PCT + 10], 3 + 3 + 1);
	ledger_free(&l);
}

static void formatted(const struct ledger *l, struct sbuf *b)
{
	memset(b, 0, sizeof(*b));
	ledger_format(b, l);
	assert_false(b->oom);
}

/* Written and read back, the ledger is the same, to the byte. */
static void state_round_trip(void **state)
{
	struct sbuf a, b;
	struct ledger l, m;
	char err[512], *text;

	(void)state;
	new_ledger(&l);
	fold(&l, A, 0, 3, 1, 100, 1, FOLD_RESTARTED);
	fold(&l, A, 3, 4, 2, 100, 1, FOLD_RESTARTED);
	formatted(&l, &a);
	text = strdup(a.s);	/* parsed in place */
	assert_int_equal(ledger_parse(&m, text, "x", err, sizeof(err)), 0);
	free(text);
	formatted(&m, &b);
	assert_string_equal(a.s, b.s);
	assert_string_equal(m.instance, A);
	assert_int_equal(m.generation, 3);
	assert_int_equal(m.zones[1].base[LC_RESETS], 2);
	/* and it folds on from there as the original would */
	fold(&m, A, 3, 6, 2, 100, 1, FOLD_ADDED);
	assert_int_equal(m.zones[0].total[LC_WRITES], 3 + 6);
	sbuf_free(&a);
	sbuf_free(&b);
	ledger_free(&l);
	ledger_free(&m);
}

/* Every damage is one line naming the file; the file itself is never touched. */
static void state_bad_files(void **state)
{
	static const struct {
		const char *file, *says;
	} bad[] = {
		{ "fixtures/ledger/version4.ledger", "ledger format version 4, this zns-stat reads versions 1 to 3" },
		{ "fixtures/ledger/truncated.ledger", "not a whole ledger" },
		{ "fixtures/ledger/bad-number.ledger", "line 21: a zone's line expected" },
		{ "fixtures/ledger/not-a-ledger.ledger", "line 1: no 'zns-stat ledger VERSION' line" },
		{ "fixtures/ledger/after-end.ledger", "line 29: text after 'end', which must be the last line ('stray line')" },
	};
	struct stat before, after;
	struct ledger l;
	char err[1024];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(stat(bad[i].file, &before), 0);
		*err = '\0';
		assert_int_equal(ledger_load(&l, bad[i].file, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].says) || !strstr(err, bad[i].file) ||
		    !strstr(err, "kept as it is") || strchr(err, '\n'))
			fail_msg("%s: said '%s'", bad[i].file, err);
		assert_int_equal(stat(bad[i].file, &after), 0);
		assert_int_equal(before.st_mtime, after.st_mtime);
		assert_int_equal(before.st_size, after.st_size);
	}
	assert_int_equal(ledger_load(&l, "fixtures/ledger/none.ledger", err, sizeof(err)), 1);
	assert_int_equal(ledger_load(&l, "fixtures/ledger/good.ledger", err, sizeof(err)), 0);
	assert_int_equal(l.zones[1].total[LC_RESETS], 1);
	ledger_free(&l);
}

/*
 * A version 1 file (no lifecycle counters) reads with them at 0 and is
 * written as version 2; version 2 reads back to the same text.
 */
static void state_reads_version_1(void **state)
{
	char err[1024], *text;
	struct ledger l, m;
	struct sbuf a, b;

	(void)state;
	assert_int_equal(ledger_load(&l, "fixtures/ledger/good.ledger", err, sizeof(err)), 0);
	assert_int_equal(l.ns_total[LN_RESET_ALL], 1);
	assert_int_equal(l.ns_total[LN_RECLAIMED_SECTORS], 0);
	assert_int_equal(l.ns_base[LN_TIME_OPEN_SUM_NS], 0);
	formatted(&l, &a);
	assert_true(!strncmp(a.s, "zns-stat ledger 2\n", 18));
	assert_non_null(strstr(a.s, "ns dropped 0 0\nns open_limit_time_ns 0 0\n"));
	assert_non_null(strstr(a.s, "ns time_open_sum_ns 0 0\n# zone "));
	assert_int_equal(ledger_load(&m, "fixtures/ledger/good-v2.ledger", err, sizeof(err)), 0);
	assert_int_equal(m.ns_total[LN_RECLAIMED_SECTORS], 2048);
	assert_int_equal(m.ns_base[LN_RECLAIMED_SECTORS], 1024);
	formatted(&m, &b);
	text = slurp_file("fixtures/ledger/good-v2.ledger", NULL);
	assert_non_null(text);
	assert_string_equal(b.s, text);
	free(text);
	sbuf_free(&a);
	sbuf_free(&b);
	ledger_free(&l);
	ledger_free(&m);
}

/* Saved twice into a directory: the file, whole, and no temporary left. */
static void state_saved_atomically(void **state)
{
	char dir[] = "/tmp/zns-ledger-test.XXXXXX", path[256], err[512];
	struct ledger l, m;
	struct dirent *de;
	int files = 0;
	DIR *d;

	(void)state;
	assert_non_null(mkdtemp(dir));
	new_ledger(&l);
	fold(&l, A, 0, 3, 1, 100, 1, FOLD_RESTARTED);
	ledger_path(path, sizeof(path), dir, "nguid.x");
	assert_int_equal(ledger_save(&l, path, err, sizeof(err)), 0);
	fold(&l, A, 0, 4, 1, 100, 1, FOLD_ADDED);
	assert_int_equal(ledger_save(&l, path, err, sizeof(err)), 0);
	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			assert_string_equal(de->d_name, "nguid.x.ledger");
			files++;
		}
	closedir(d);
	assert_int_equal(files, 1);
	assert_int_equal(ledger_load(&m, path, err, sizeof(err)), 0);
	assert_int_equal(m.zones[0].total[LC_WRITES], 4);
	/* a directory that is not there: an error, nothing made */
	snprintf(path, sizeof(path), "%s/none/x.ledger", dir);
	assert_int_equal(ledger_save(&l, path, err, sizeof(err)), -1);
	snprintf(path, sizeof(path), "%s/nguid.x.ledger", dir);
	unlink(path);
	assert_int_equal(rmdir(dir), 0);
	ledger_free(&l);
	ledger_free(&m);
}

/* NGUID, else EUI-64 (its bytes' spaces dropped), else UUID, else serial and NSID. */
static void identity_from_sysfs(void **state)
{
	char id[160], err[512];

	(void)state;
	setenv("ZNS_STAT_SYSFS", "fixtures/sys", 1);
	assert_int_equal(ns_identity("zns8", id, sizeof(id), err, sizeof(err)), 0);
	assert_string_equal(id, "nguid.5eed0000-0000-0000-0000-00000000a108");
	assert_int_equal(ns_identity("zns8x", id, sizeof(id), err, sizeof(err)), 0);
	assert_string_equal(id, "serial.zns8x-serial.nsid.2");
	assert_int_equal(ns_identity("eui", id, sizeof(id), err, sizeof(err)), 0);
	assert_string_equal(id, "eui.0011223344556677");
	assert_int_equal(ns_identity("nvme9n9", id, sizeof(id), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nvme9n9: no identity"));
}

/* The epoch a summary shows, the same read from the file or a snapshot. */
static void epoch_of_summary(void **state)
{
	struct counter_epoch a, b;
	struct snapshot s;

	(void)state;
	use_fixture_debugfs();
	assert_int_equal(counter_epoch_read("zns8", &a), 0);
	assert_string_equal(a.instance, "0x5eed0000000000a1");
	assert_int_equal(a.generation, 0);
	reading(&s, A, 4, 1, 0, 0, 0);
	counter_epoch_of(&s, &b);
	assert_false(counter_epoch_same(&a, &b));
	assert_int_equal(b.generation, 4);
	snapshot_free(&s);
	assert_int_equal(counter_epoch_read("zns8x", &a), 0);	/* an older module */
	assert_string_equal(a.instance, "");
	assert_int_equal(counter_epoch_read("nvme9n9", &a), -1);
}

/* A ledger of n zones whose resets are r[0..n) (n <= 64). */
static void resets_ledger(struct ledger *l, const uint64_t *r, uint64_t n)
{
	uint64_t z;

	assert_int_equal(ledger_init(l, "nguid.x", n, 2048, 4096), 0);
	for (z = 0; z < n; z++)
		l->zones[z].total[LC_RESETS] = r[z];
}

static uint64_t outliers_of(const uint64_t *r, uint64_t n,
			    struct ledger_outliers *o)
{
	struct ledger l;

	resets_ledger(&l, r, n);
	assert_int_equal(ledger_outliers(&l, o), 0);
	ledger_free(&l);
	return o->nr;
}

/* n zones of 10 resets but zone 4 (100) and the last (120). */
static uint64_t two_hot(uint64_t *r, uint64_t n, struct ledger_outliers *o)
{
	uint64_t z;

	for (z = 0; z < n; z++)
		r[z] = 10;
	r[4] = 100;
	r[n - 1] = 120;
	return outliers_of(r, n, o);
}

/* More than mean + 3 sd and at least 2x the mean; none in the edge cases. */
static void reset_outliers(void **state)
{
	uint64_t r[64], z;
	struct ledger_outliers o;

	(void)state;
	for (z = 0; z < 64; z++)
		r[z] = 10;
	assert_int_equal(outliers_of(r, 64, &o), 0);	/* all equal */
	assert_true(o.mean == 10 && o.sd == 0);
	r[0] = 0;
	assert_int_equal(outliers_of(r, 1, &o), 0);	/* one zone, zero resets */
	assert_true(o.mean == 0);
	r[0] = 7;
	assert_int_equal(outliers_of(r, 1, &o), 0);	/* one zone */
	memset(r, 0, sizeof(r));
	assert_int_equal(outliers_of(r, 64, &o), 0);	/* no resets */
	/* 10 zones: one is at most 9 / sqrt(10) = 2.85 sd above the mean */
	r[3] = 1000;
	assert_int_equal(outliers_of(r, 10, &o), 0);
	/* 11 zones: 10 / sqrt(11) = 3.02 */
	assert_int_equal(outliers_of(r, 11, &o), 1);
	assert_int_equal(o.zones[0].zone, 3);
	ledger_outliers_free(&o);
	/* 15 zones of 10 and two hot ones: they raise the deviation */
	assert_int_equal(two_hot(r, 17, &o), 1);
	assert_int_equal(o.zones[0].zone, 16);
	ledger_outliers_free(&o);
	/* 31 zones of 10 and two hot ones, most resets first */
	assert_int_equal(two_hot(r, 33, &o), 2);
	assert_int_equal(o.zones[0].zone, 32);
	assert_int_equal(o.zones[0].resets, 120);
	assert_int_equal(o.zones[1].zone, 4);
	ledger_outliers_free(&o);
	/* very even zones: 3 sd above the mean is not yet twice the mean */
	for (z = 0; z < 64; z++)
		r[z] = 1000;
	r[9] = 1999;
	assert_int_equal(outliers_of(r, 64, &o), 0);
	r[9] = 2100;	/* the mean is 1017.2: twice it is 2034.4 */
	assert_int_equal(outliers_of(r, 64, &o), 1);
	assert_true(ledger_is_outlier(&o, 2100) && !ledger_is_outlier(&o, 1000));
	ledger_outliers_free(&o);
}

/* ledger show's table, to the byte: the namespace lines and the outliers. */
static void show_table(void **state)
{
	uint64_t r[12] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 30 };
	struct sbuf b = { 0 };
	struct ledger l;
	char *want;

	(void)state;
	resets_ledger(&l, r, 12);
	snprintf(l.disk, sizeof(l.disk), "nvme0n2");
	l.first_seen = 1795783140;
	l.last_seen = 1795783200;
	l.folds = 2;
	l.restarts = 1;
	l.ns_total[LN_RESET_ALL] = 3;
	l.ns_total[LN_RESETS_FILL_0PCT + 10] = 13;
	l.ns_total[LN_RECLAIMED_SECTORS] = 26624;
	ledger_out(&b, &l, FMT_TABLE, 0, 0);
	assert_false(b.oom);
	want = slurp_file("fixtures/ledger/show-table.txt", NULL);
	assert_non_null(want);
	assert_string_equal(b.s, want);
	free(want);
	sbuf_free(&b);
	/* a terminal of 80 columns: every line fits, what was left out said */
	ledger_out(&b, &l, FMT_TABLE, 0, 80);
	assert_false(b.oom);
	assert_non_null(strstr(b.s, " more columns to fit 80 characters: -o csv or a pipe shows them)\n"));
	for (want = strtok(b.s, "\n"); want; want = strtok(NULL, "\n"))
		if (strlen(want) > 80)
			fail_msg("over 80 columns: '%s'", want);
	ledger_free(&l);
	sbuf_free(&b);
}

static void assert_has(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("'%s' not in the output", want);
}

/*
 * The lifetime figures: resets and data written by every data command per
 * zone, the outliers named in the resets' figure and on the page.
 */
static void lifetime_figures(void **state)
{
	uint64_t r[12] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 30 };
	struct ledger_outliers o;
	struct sbuf b = { 0 };
	struct snapshot s;
	struct ledger l;

	(void)state;
	resets_ledger(&l, r, 12);
	snprintf(l.disk, sizeof(l.disk), "nvme0n2");
	l.first_seen = 1795783140;
	l.last_seen = 1795869540;
	l.folds = 3;
	l.zones[2].total[LC_WRITE_SECTORS] = 100;
	l.zones[2].total[LC_APPEND_SECTORS] = 20;
	l.zones[2].total[LC_WRITE_ZEROES_SECTORS] = 3;
	l.zones[2].total[LC_READ_SECTORS] = 1000;	/* not written */
	assert_int_equal(ledger_zone_snapshot(&l, &s), 0);
	assert_int_equal(s.nr_zones, 12);
	assert_int_equal(snapshot_get(&s, 2, "written_sectors"), 123);
	assert_int_equal(snapshot_get(&s, 11, "resets"), 30);
	assert_int_equal(snapshot_total(&s, "written_sectors"), 123);
	assert_int_equal(ledger_outliers(&l, &o), 0);
	ledger_figure(&b, &l, &s, &o, &ledger_metrics[0], 1);
	assert_false(b.oom);
	assert_has(b.s, ">zone resets, lifetime</text>");
	assert_has(b.s, ">nvme0n2, 12 zones of 1 MiB, 4096-byte LBAs; lifetime 2026-11-27 to 2026-11-28, 3 folds</text>");
	assert_has(b.s, ">reset outliers (&gt; mean + 3 sd, &gt;= 2x the mean 3.33): zone 11 (30 resets, 9.0x the mean)</text>");
	assert_has(b.s, ">total 40; 11 of 12 zones above 0; highest 30 (zone 11)</text>");
	sbuf_free(&b);
	memset(&b, 0, sizeof(b));
	ledger_figure(&b, &l, &s, &o, &ledger_metrics[1], 0);
	assert_has(b.s, ">total 61.5 KiB; 1 of 12 zones above 0; highest 61.5 KiB (zone 2)</text>");
	assert_null(strstr(b.s, "reset outliers"));
	assert_null(strstr(b.s, "lifetime 2026"));	/* no subtitle */
	sbuf_free(&b);
	memset(&b, 0, sizeof(b));
	ledger_report_html(&b, &l);
	assert_false(b.oom);
	assert_has(b.s, "(mean 3.33, sd 8.05 resets per zone): 1.</p>");
	assert_has(b.s, "<tr><td class=\"n\">11</td><td class=\"n\">30</td><td class=\"n\">9.0</td></tr>");
	assert_has(b.s, "<figure id=\"lifetime_resets\">");
	assert_has(b.s, "<figure id=\"lifetime_written\">");
	sbuf_free(&b);
	ledger_outliers_free(&o);
	snapshot_free(&s);
	ledger_free(&l);
}


/*
 * Placement namespaces: a reading of "placement" with placement IDs 0 and
 * 1 (reclaim unit handles 4, 5; ruh1: the second's, to change the list),
 * none and unlisted: writes w0 on ID 0 (8 sectors each) and a failure, w1
 * on ID 1, one write without a directive, wu unlisted.
 */
#define PHEAD "# pid ruhid writes write_sectors write_lat_sum_ns reads errors\n"

static void pfold_ruh(struct ledger *l, const char *instance, int gen, int w0,
		      int w1, int wu, int ruh1, enum fold_result want)
{
	struct counter_epoch e = { "", (uint64_t)gen };
	struct placement_file pf;
	char text[512];

	snprintf(e.instance, sizeof(e.instance), "%s", instance ? instance : "");
	snprintf(text, sizeof(text), PHEAD
		 "0 4 %d %d 99 0 1\n1 %d %d %d 0 0 0\nnone - 1 8 0 3 0\nunlisted - %d %d 0 0 0\n",
		 w0, w0 * 8, ruh1, w1, w1 * 8, wu, wu * 8);
	assert_int_equal(placement_file_parse(&pf, text), 0);
	if (!l->placement && !l->folds)
		assert_int_equal(ledger_placement_new(l, "nguid.p", &pf), 0);
	assert_int_equal(ledger_fold_placement(l, &pf, &e, "nvme1n1",
					       1000 + (int64_t)l->folds), want);
	placement_file_free(&pf);
}

static void pfold(struct ledger *l, const char *instance, int gen, int w0,
		  int w1, int wu, enum fold_result want)
{
	pfold_ruh(l, instance, gen, w0, w1, wu, 5, want);
}

/*
 * The zones' rule per placement row: growth added; a reload between two
 * folds (a new instance) and a clear (a new generation) add the new
 * counters whole, once; nothing counted twice.
 */
static void placement_fold_across_reload(void **state)
{
	struct ledger l;

	(void)state;
	memset(&l, 0, sizeof(l));
	pfold(&l, A, 0, 3, 1, 0, FOLD_RESTARTED);	/* the first: all of it */
	pfold(&l, A, 0, 5, 2, 1, FOLD_ADDED);
	pfold(&l, A, 0, 5, 2, 1, FOLD_ADDED);		/* nothing new: nothing added */
	/* reloaded: 4 writes since, fewer than before, added whole */
	pfold(&l, B, 0, 4, 0, 0, FOLD_RESTARTED);
	pfold(&l, B, 0, 7, 3, 2, FOLD_ADDED);
	/*
	 * cleared: the same instance, a new generation; 8 writes since, no
	 * counter below its base: only the generation tells (a difference
	 * would have made 1 of them)
	 */
	pfold(&l, B, 1, 8, 3, 2, FOLD_RESTARTED);
	assert_int_equal(l.nr_prows, 4);
	assert_int_equal(l.prows[0].kind, PROW_PID);
	assert_int_equal(l.prows[1].ruhid, 5);
	assert_int_equal(l.prows[2].kind, PROW_NONE);
	assert_int_equal(l.prows[3].kind, PROW_UNLISTED);
	assert_int_equal(l.prows[0].total[LP_WRITES], 5 + 7 + 8);
	assert_int_equal(l.prows[0].total[LP_WRITE_SECTORS], 8 * (5 + 7 + 8));
	assert_int_equal(l.prows[0].total[LP_ERRORS], 3);	/* one a restart */
	assert_int_equal(l.prows[1].total[LP_WRITES], 2 + 3 + 3);
	assert_int_equal(l.prows[2].total[LP_WRITES], 3);
	assert_int_equal(l.prows[3].total[LP_WRITE_SECTORS], 8 * (1 + 2 + 2));
	assert_int_equal(l.prows[0].base[LP_WRITES], 8);
	assert_int_equal(l.folds, 6);
	assert_int_equal(l.restarts, 3);
	assert_int_equal(l.first_seen, 1000);
	assert_int_equal(l.last_seen, 1005);
	assert_string_equal(l.instance, B);
	assert_int_equal(l.generation, 1);
	assert_string_equal(l.disk, "nvme1n1");
	ledger_free(&l);
}

/* No instance, or the same: any row's counter below its base is a restart. */
static void placement_fold_backwards(void **state)
{
	struct ledger l;

	(void)state;
	memset(&l, 0, sizeof(l));
	pfold(&l, NULL, 0, 5, 1, 3, FOLD_RESTARTED);
	pfold(&l, NULL, 0, 6, 2, 3, FOLD_ADDED);
	pfold(&l, NULL, 0, 9, 2, 1, FOLD_RESTARTED);	/* unlisted went back */
	assert_int_equal(l.prows[0].total[LP_WRITES], 6 + 9);
	assert_int_equal(l.prows[3].total[LP_WRITES], 3 + 1);
	assert_int_equal(l.prows[2].total[LP_WRITES], 2);
	ledger_free(&l);
}

/*
 * Another list of placement IDs (here: ID 1 on another handle) changes
 * nothing, nor does a zoned reading; a zoned ledger takes no placement one.
 */
static void placement_fold_other_rows(void **state)
{
	struct ledger l, z;
	struct snapshot s;

	(void)state;
	memset(&l, 0, sizeof(l));
	pfold(&l, A, 0, 5, 1, 3, FOLD_RESTARTED);
	pfold_ruh(&l, A, 0, 7, 1, 3, 6, FOLD_GEOMETRY);
	assert_int_equal(l.folds, 1);
	assert_int_equal(l.prows[0].total[LP_WRITES], 5);
	reading(&s, A, 0, 3, 0, 0, 0);
	assert_int_equal(ledger_fold(&l, &s, NULL, 2000), FOLD_GEOMETRY);
	snapshot_free(&s);
	assert_int_equal(l.folds, 1);
	new_ledger(&z);
	z.folds = 1;	/* (pfold makes no rows for it) */
	pfold(&z, A, 0, 5, 1, 3, FOLD_GEOMETRY);
	assert_int_equal(z.folds, 1);
	ledger_free(&z);
	ledger_free(&l);
}

/*
 * A placement ledger's file: version 3, read back to the same text, and
 * folded on from there as the original would; damage said by its line.
 */
static void placement_state(void **state)
{
	static const struct {
		const char *from, *to, *says;
	} bad[] = {
		{ "kind: placement", "kind: zoned", "line 4: a kind this zns-stat knows" },
		{ "nr_rows: 4", "nr_rows: 1", "line 5: a row count out of range" },
		{ "none - ", "nothing - ", "line 15: a placement row expected" },
		{ "\n1 5 ", "\n1 x5 ", "line 14: a placement row expected" },
		{ "\n1 5 ", "\n65536 5 ", "line 14: a placement row expected" },
		{ "unlisted - ", "none - ", "line 16: a placement row expected" },
		{ "\nend\n", "\n", "not a whole ledger" },
		{ "base_errors\n", "base_reads\n", "line 12: the placement rows' header" },
	};
	char err[1024], *text, *p;
	struct ledger l, m;
	struct sbuf a, b;
	size_t i;

	(void)state;
	memset(&l, 0, sizeof(l));
	pfold(&l, A, 0, 3, 1, 0, FOLD_RESTARTED);
	pfold(&l, A, 0, 5, 2, 1, FOLD_ADDED);
	formatted(&l, &a);
	assert_true(!strncmp(a.s, "zns-stat ledger 3\n", 18));
	assert_has(a.s, "\nkind: placement\nnr_rows: 4\n");
	assert_has(a.s, "\n# pid ruhid writes write_sectors errors base_writes base_write_sectors base_errors\n"
		   "0 4 5 40 1 5 40 1\n1 5 2 16 0 2 16 0\nnone - 1 8 0 1 8 0\nunlisted - 1 8 0 1 8 0\nend\n");
	text = strdup(a.s);
	assert_int_equal(ledger_parse(&m, text, "x", err, sizeof(err)), 0);
	free(text);
	formatted(&m, &b);
	assert_string_equal(a.s, b.s);
	assert_true(m.placement);
	pfold(&m, A, 0, 6, 2, 1, FOLD_ADDED);
	assert_int_equal(m.prows[0].total[LP_WRITES], 6);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sbuf t = { 0 };

		p = strstr(a.s, bad[i].from);
		assert_non_null(p);
		sbuf_printf(&t, "%.*s%s%s", (int)(p - a.s), a.s, bad[i].to,
			    p + strlen(bad[i].from));
		*err = '\0';
		if (ledger_parse(&l, t.s, "x", err, sizeof(err)) != -1 ||
		    !strstr(err, bad[i].says))
			fail_msg("'%s' for '%s': said '%s'", bad[i].to, bad[i].from, err);
		sbuf_free(&t);
	}
	sbuf_free(&a);
	sbuf_free(&b);
	ledger_free(&m);
}

/* ledger show of a placement namespace: its rows, their shares. */
static void placement_show(void **state)
{
	struct sbuf b = { 0 };
	struct ledger l;

	(void)state;
	memset(&l, 0, sizeof(l));
	pfold(&l, A, 0, 3, 1, 0, FOLD_RESTARTED);
	ledger_placement_out(&b, &l, FMT_TABLE, 0, 0);
	assert_false(b.oom);
	assert_has(b.s, "nvme1n1: Flexible Data Placement, 2 placement IDs; 20 KiB written\n");
	assert_has(b.s, "1 fold, 1 counter restart; identity nguid.p\n");
	assert_has(b.s, " pid ruhid writes write_bytes share errors\n");
	assert_has(b.s, "   0     4      3       12KiB 60.0%      1\n");
	assert_has(b.s, "none     -      1        4KiB 20.0%      0\n");
	assert_has(b.s, "(1 row without lifetime activity not shown: -a shows them)\n");
	sbuf_free(&b);
	memset(&b, 0, sizeof(b));
	ledger_placement_out(&b, &l, FMT_CSV, 0, 0);
	assert_has(b.s, "disk,identity,pid,ruhid,writes,write_sectors,errors,share,first_seen,last_seen\n");
	assert_has(b.s, "\nnvme1n1,nguid.p,0,4,3,24,1,0.6000,");
	assert_has(b.s, "\nnvme1n1,nguid.p,unlisted,,0,0,0,0.0000,");
	sbuf_free(&b);
	memset(&b, 0, sizeof(b));
	ledger_placement_out(&b, &l, FMT_JSON, 0, 0);
	assert_has(b.s, "\"kind\": \"placement\"");
	assert_has(b.s, "\"row\": \"unlisted\",\n      \"pid\": null,");
	sbuf_free(&b);
	ledger_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fold_across_reload),
		cmocka_unit_test(fold_across_clear),
		cmocka_unit_test(fold_counters_backwards),
		cmocka_unit_test(fold_refuses_other_geometry),
		cmocka_unit_test(fold_lifecycle),
		cmocka_unit_test(reset_outliers),
		cmocka_unit_test(show_table),
		cmocka_unit_test(lifetime_figures),
		cmocka_unit_test(placement_fold_across_reload),
		cmocka_unit_test(placement_fold_backwards),
		cmocka_unit_test(placement_fold_other_rows),
		cmocka_unit_test(placement_state),
		cmocka_unit_test(placement_show),
		cmocka_unit_test(state_round_trip),
		cmocka_unit_test(state_bad_files),
		cmocka_unit_test(state_reads_version_1),
		cmocka_unit_test(state_saved_atomically),
		cmocka_unit_test(identity_from_sysfs),
		cmocka_unit_test(epoch_of_summary),
	};

	return cmocka_run_group_tests_name("ledger", tests, NULL, NULL);
}
