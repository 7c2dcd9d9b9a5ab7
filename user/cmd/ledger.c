// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat ledger --state-dir DIR [--interval SEC] [--once] [DISK...]: fold
 * each namespace's counters into DIR/<identity>.ledger, once or every SEC
 * seconds until SIGINT or SIGTERM (taken only between two folds, so a state
 * file is always written whole). A state file that cannot be read is said
 * once per run, and kept: that namespace is not folded.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "cmd/args.h"
#include "cmd/ledger.h"
#include "lib/util.h"
#include "model/ledger_fold.h"
#include "source/counter_epoch.h"
#include "source/ledger_file.h"
#include "source/lifecycle.h"
#include "source/ns_identity.h"
#include "source/placement_file.h"
#include "source/snapshot.h"

struct ledger_opts {
	const char *dir;
	double seconds;		/* 0: once */
	char **disks;		/* NULL: every tracked namespace */
	int nr_disks;
};

/*
 * A ledger of another geometry (the namespace was formatted anew under the
 * same identity) is kept beside, named by its geometry, and a new one begun.
 */
static int keep_old_geometry(const struct ledger *old, const char *path,
			     char *err, size_t errlen)
{
	int stem = (int)(strlen(path) - strlen(LEDGER_FILE_SUFFIX));
	char kept[4200];

	if (old->placement)	/* its placement IDs' list changed */
		snprintf(kept, sizeof(kept), "%.*s.%urows%s", stem, path,
			 (unsigned int)old->nr_prows, LEDGER_FILE_SUFFIX);
	else
		snprintf(kept, sizeof(kept), "%.*s.%llux%llux%llu%s", stem, path,
			 (unsigned long long)old->nr_zones,
			 (unsigned long long)old->zone_sectors,
			 (unsigned long long)old->lba_bytes, LEDGER_FILE_SUFFIX);
	if (!access(kept, F_OK) || rename(path, kept)) {
		snprintf(err, errlen, "%.400s: its geometry changed, and it cannot be kept as %.400s (%s): not folded",
			 path, kept, errno ? strerror(errno) : "exists");
		return -1;
	}
	return 0;
}

/*
 * A reading whose files all come from the same counters: the summary's
 * epoch the same before, in the snapshot, and after the lifecycle. Folding
 * one that straddled a clear or reload would add counts from before it
 * whole, counting them twice. *has_life: 0 for a module without lifecycle.
 */
static int read_whole(const char *disk, struct snapshot *s, struct life *life,
		      int *has_life, char *err, size_t errlen)
{
	struct counter_epoch before = { "", 0 }, mid = { "", 0 }, after = { "", 0 };
	char lerr[256];
	int tries;

	for (tries = 0; tries < 3; tries++) {
		int had = !counter_epoch_read(disk, &before);

		if (snapshot_read(disk, s, err, errlen))
			return -1;
		*has_life = !life_read(disk, life, lerr, sizeof(lerr));
		counter_epoch_of(s, &mid);
		if (had && !counter_epoch_read(disk, &after) &&
		    counter_epoch_same(&before, &mid) && counter_epoch_same(&mid, &after))
			return 0;
		snapshot_free(s);
	}
	snprintf(err, errlen, "%s: its counters started over while they were read, three times: not folded this time",
		 disk);
	return -1;
}

/*
 * A placement namespace's "placement" file, read whole as read_whole()
 * reads a zoned one's: the summary's epoch (in *e) the same before and after.
 */
static int read_placement(const char *disk, struct placement_file *pf,
			  struct counter_epoch *e, char *err, size_t errlen)
{
	struct counter_epoch after = { "", 0 };
	int tries, ret;

	for (tries = 0; tries < 3; tries++) {
		int had = !counter_epoch_read(disk, e);

		ret = placement_file_read(disk, pf, err, errlen);
		if (ret) {
			if (ret > 0)	/* (one phrase) */
				snprintf(err + strlen(err), errlen - strlen(err), ": %s not folded", disk);
			return -1;
		}
		if (had && !counter_epoch_read(disk, &after) && counter_epoch_same(e, &after))
			return 0;
		placement_file_free(pf);
	}
	snprintf(err, errlen, "%s: its counters started over while they were read, three times: not folded this time",
		 disk);
	return -1;
}

/* A placement namespace's reading folded into its ledger; -1 with err. */
static int fold_placement(const char *dir, const char *disk, char *err,
			  size_t errlen)
{
	struct placement_file pf;
	struct counter_epoch e = { "", 0 };
	char id[160], path[4096];
	struct ledger l;
	int ret;

	if (read_placement(disk, &pf, &e, err, errlen))
		return -1;
	ret = -1;
	if (ns_identity(disk, id, sizeof(id), err, errlen))
		goto out;
	ledger_path(path, sizeof(path), dir, id);
	ret = ledger_load(&l, path, err, errlen);
	if (ret < 0)
		goto out;
	if (!ret && !ledger_placement_same(&l, &pf)) {
		errno = 0;
		ret = keep_old_geometry(&l, path, err, errlen);
		ledger_free(&l);
		if (ret)
			goto out;
		ret = 1;
	}
	if (ret == 1 && ledger_placement_new(&l, id, &pf)) {
		snprintf(err, errlen, "out of memory");
		ret = -1;
		goto out;
	}
	ledger_fold_placement(&l, &pf, &e, disk, (int64_t)time(NULL));
	ret = ledger_save(&l, path, err, errlen);
	ledger_free(&l);
out:
	placement_file_free(&pf);
	return ret;
}

/* One namespace's reading folded into its ledger; -1 with err. */
static int fold_disk(const char *dir, const char *disk, char *err, size_t errlen)
{
	uint64_t nr, zs, lba;
	char id[160], path[4096];
	struct snapshot s;
	struct ledger l;
	struct life life;
	int ret, has_life;

	if (placement_file_exists(disk))
		return fold_placement(dir, disk, err, errlen);
	if (read_whole(disk, &s, &life, &has_life, err, errlen))
		return -1;
	ret = -1;
	if (ns_identity(disk, id, sizeof(id), err, errlen))
		goto out_snap;
	if (snapshot_geometry(&s, &nr, &zs, &lba)) {
		snprintf(err, errlen, "%s: no zone geometry in its summary", disk);
		goto out_snap;
	}
	ledger_path(path, sizeof(path), dir, id);
	ret = ledger_load(&l, path, err, errlen);
	if (ret < 0)
		goto out_snap;
	if (!ret && (l.nr_zones != nr || l.zone_sectors != zs || l.lba_bytes != lba)) {
		errno = 0;
		ret = keep_old_geometry(&l, path, err, errlen);
		ledger_free(&l);
		if (ret)
			goto out_snap;
		ret = 1;
	}
	if (ret == 1 && ledger_init(&l, id, nr, zs, lba)) {
		snprintf(err, errlen, "out of memory");
		ret = -1;
		goto out_snap;
	}
	if (ledger_fold(&l, &s, has_life ? &life : NULL, (int64_t)time(NULL)) >= FOLD_GEOMETRY) {
		snprintf(err, errlen, "%s: the zone count changed while it was read: not folded", disk);
		ret = -1;
	} else {
		ret = ledger_save(&l, path, err, errlen);
	}
	ledger_free(&l);
out_snap:
	snapshot_free(&s);
	return ret;
}

/* The tracked namespaces: the zoned ones, then those with placement. */
static int list_all(char ***names, int *nr, char *err, size_t errlen)
{
	char **p, **all;
	int np, i;

	if (snapshot_list_disks(names, nr, err, errlen))
		return -1;
	if (snapshot_list_placement(&p, &np, err, errlen))
		return 0;	/* (gone since a moment ago: the zoned ones) */
	all = np ? realloc(*names, (*nr + np) * sizeof(*all)) : NULL;
	if (!all) {	/* (out of memory: the zoned ones) */
		snapshot_free_names(p, np);
		return 0;
	}
	for (i = 0; i < np; i++)
		all[(*nr)++] = p[i];
	*names = all;
	free(p);
	return 0;
}

/* Every namespace once; 0 when each one was folded. */
static int fold_all(const struct ledger_opts *o, char *last, size_t lastlen)
{
	char **names = o->disks, err[1024];
	int nr = o->nr_disks, i, ret = 0;

	if (!names && list_all(&names, &nr, err, sizeof(err))) {
		if (strcmp(err, last))
			fprintf(stderr, "zns-stat: ledger: %s\n", err);
		snprintf(last, lastlen, "%s", err);
		return 1;
	}
	*last = '\0';
	for (i = 0; i < nr; i++) {
		if (!fold_disk(o->dir, names[i], err, sizeof(err)))
			continue;
		/* in a loop, each problem is told when it starts */
		if (o->seconds <= 0 || !strstr(last, err))
			fprintf(stderr, "zns-stat: ledger: %s\n", err);
		snprintf(last + strlen(last), lastlen - strlen(last), "%s\n", err);
		ret = 1;
	}
	if (names != o->disks)
		snapshot_free_names(names, nr);
	return ret;
}

/* One ledger process per state directory: two would each keep a base. */
static int lock_dir(const char *dir)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/.zns-stat-ledger.lock", dir);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		fprintf(stderr, "zns-stat: ledger: --state-dir %s: %s\n", dir, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		fprintf(stderr, "zns-stat: ledger: %s is in use by another zns-stat ledger\n", dir);
		close(fd);
		return -1;
	}
	return fd;	/* held until exit */
}

/*
 * The temporaries a ledger killed between writing and renaming left
 * (.NAME.ledger.tmpXXXXXX): the lock held, none is being written.
 */
static void remove_leftovers(const char *dir)
{
	char path[4096], want[32];
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	snprintf(want, sizeof(want), "%s.tmp", LEDGER_FILE_SUFFIX);
	while ((de = readdir(d))) {
		const char *tmp = strstr(de->d_name, want);

		if (de->d_name[0] != '.' || !tmp || strlen(tmp) != strlen(want) + 6)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(d);
}

/* One fold of every namespace, and the problems last told. */
struct ledger_tick {
	const struct ledger_opts *o;
	char last[4096];
};

static int ledger_once(void *arg)
{
	struct ledger_tick *t = arg;

	return fold_all(t->o, t->last, sizeof(t->last));
}

static int ledger_run(const struct ledger_opts *o)
{
	struct ledger_tick t = { .o = o };

	if (usable_dir(o->dir, W_OK | X_OK, "ledger: --state-dir"))
		return 1;
	if (lock_dir(o->dir) < 0)
		return 1;
	remove_leftovers(o->dir);
	return run_every(o->seconds, ledger_once, &t);
}

/*
 * "ledger --state-dir DIR show DISK" as "ledger show --state-dir DIR DISK":
 * the subcommand wherever it is, unless it is an option's value.
 */
static void subcommand_first(int argc, char **argv)
{
	static const char * const subs[] = { "show", "plot", "report" };
	static const char * const valued[] = { "--state-dir", "--interval", "-o",
		"--output", "-f", "--file", "-D", "--dir" };
#define NR(a) (sizeof(a) / sizeof((a)[0]))
	size_t s, v;
	char *word;
	int i;

	for (s = 0; argc > 1 && s < NR(subs); s++)
		if (!strcmp(argv[1], subs[s]))
			return;		/* where it belongs */
	for (i = 2; i < argc; i++) {
		for (v = 0; v < NR(valued) && strcmp(argv[i - 1], valued[v]); v++)
			;
		if (v < NR(valued))
			continue;	/* a value: --state-dir show */
		for (s = 0; s < NR(subs) && strcmp(argv[i], subs[s]); s++)
			;
		if (s == NR(subs))
			continue;
		word = argv[i];
		memmove(argv + 2, argv + 1, (i - 1) * sizeof(*argv));
		argv[1] = word;
		return;
	}
#undef NR
}

int cmd_ledger(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "state-dir", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "once", no_argument, NULL, '1' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct ledger_opts o = { .seconds = LEDGER_DEFAULT_INTERVAL };
	int c, once = 0, interval = 0;

	subcommand_first(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "show"))
		return cmd_ledger_show(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "plot"))
		return cmd_ledger_plot(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_ledger_report(argc - 1, argv + 1);
	while ((c = getopt_long(argc, argv, ":d:i:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': o.dir = optarg; break;
		case 'i':
			/* (a year at most: no NaN, no infinity) */
			if (parse_num(optarg, 0.1, &o.seconds) || !(o.seconds <= 31536000))
				return bad_usage("ledger: --interval wants a number of seconds (0.1 or more)");
			interval = 1;
			break;
		case '1': once = 1; break;
		case 'h': return CMD_HELP;
		default: return bad_option("ledger: ", c, argv, NULL);
		}
	}
	if (!o.dir || !*o.dir)
		return bad_usage("ledger wants --state-dir DIR");
	if (once && interval)
		return bad_usage("ledger: --once and --interval exclude each other");
	if (once)
		o.seconds = 0;
	if (optind < argc) {
		o.nr_disks = argc - optind;
		o.disks = disk_args(argv + optind, o.nr_disks);
	}
	return ledger_run(&o);
}
