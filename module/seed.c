// SPDX-License-Identifier: GPL-2.0
/*
 * Every zone's condition and write pointer from one zone report, issued by
 * a worker when a namespace gets a new zone table (discovery, clear, a
 * geometry change), so that the lifecycle is known from the first command
 * rather than from the first "blkzone report" a user runs (6.1 keeps no
 * zone capacity either: the report's pass through the probes teaches it).
 *
 * A command that races the report may or may not be in it. A zone is
 * seeded only if nothing moved it while the report ran: its lifecycle word
 * is read before the report and seeded with one cmpxchg from that value
 * (every completion on a zone of unknown condition changes the word, see
 * life_move.c's moved_unknown()), and not at all if a command that may
 * move it is still in flight after the report. A completion that has
 * emptied its slot but not yet moved the word is waited for with
 * synchronize_rcu() (the completion probe runs under rcu_read_lock()).
 * A zone left out stays unknown, as before.
 *
 * Single-path namespaces only: a multipath path disk (nvmeXcYnZ) is hidden
 * and cannot be opened, and the head's commands run on its paths. Their
 * zones are known from the first zone report that passes the probes.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/blkdev.h>
#include <linux/moduleparam.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "internal.h"

static bool seed_zones = true;
module_param(seed_zones, bool, 0644);
MODULE_PARM_DESC(seed_zones,
		 "Read every zone's condition with one zone report when a namespace is set up or cleared (default: Y)");

static void seed_work_fn(struct work_struct *work);
static DECLARE_WORK(seed_work, seed_work_fn);
/* Set by seed_stop() under zns_disks_lock: nothing is queued after it. */
static bool seed_stopped;

/* What the report said of one zone; cond 0: not reported. */
struct seed_zone {
	u32 cap;
	u32 wp_off;
	u8 cond;
};

struct seed_report {
	u32 nr_zones;
	u8 zone_shift;
	struct seed_zone *zones;
};

/*
 * The registry's new_table hook: ask a zone report for a disk whose
 * namespace has a new table (discovery, clear, a geometry change). Hidden
 * disks cannot be opened; a namespace of several paths is left to reports
 * users run. Nothing is queued after seed_stop(). Holds zns_disks_lock.
 */
static void seed_request(struct zns_disk *zd)
{
	lockdep_assert_held(&zns_disks_lock);
	if (seed_stopped || !READ_ONCE(seed_zones) || !zd->ns ||
	    ns_table(zd->ns)->kind != ZNS_KIND_ZONES ||
	    zd->ns->nr_paths != 1 ||
	    (zd->gendisk->flags & GENHD_FL_HIDDEN))
		return;
	zd->seed_wanted = true;
	WRITE_ONCE(ns_table(zd->ns)->life.seed_pending, 1);
	queue_work(zns_system_wq, &seed_work);
}

static int report_cb(struct blk_zone *z, unsigned int idx, void *data)
{
	struct seed_report *r = data;
	u64 zone = z->start >> r->zone_shift;

	if (z->type != BLK_ZONE_TYPE_SEQWRITE_REQ || zone >= r->nr_zones ||
	    z->capacity > U32_MAX || z->wp < z->start ||
	    z->wp - z->start > U32_MAX)
		return 0;
	r->zones[zone].cond = z->cond;
	r->zones[zone].cap = z->capacity;
	r->zones[zone].wp_off = z->wp - z->start;
	return 0;
}

/* The disk of a tracked namespace, under zns_disks_lock, or NULL. */
static struct zns_disk *seed_disk(struct gendisk *gendisk, u64 diskseq)
{
	struct zns_disk *zd = zns_disk_lookup(gendisk, diskseq);

	return zd && zd->ns ? zd : NULL;
}

/* Ask the device: zones filled in r, false if the disk would not say. */
static bool ask_device(struct gendisk *gendisk, u64 diskseq, u32 nr_zones,
		       struct seed_report *r)
{
	struct zns_bdev_ref ref;
	struct block_device *bdev;
	int ret;

	bdev = zns_bdev_open(disk_devt(gendisk), &ref);
	if (IS_ERR(bdev)) {
		ret = PTR_ERR(bdev);
	} else {
		/* the same disk, not another that took its number since */
		ret = bdev->bd_disk == gendisk && gendisk->diskseq == diskseq ?
		      blkdev_report_zones(bdev, 0, nr_zones, report_cb, r) :
		      -ENODEV;
		zns_bdev_close(&ref);
	}
	if (ret <= 0)
		pr_info("%s: zone report failed (%d): zones stay unknown until a report passes\n",
			gendisk->disk_name, ret);
	return ret > 0;
}

/*
 * Seed what the report says of zones nothing moved since expected was read.
 * Holds zns_disks_lock, with the table the report was made for.
 */
static void seed_table(struct zns_disk *zd, struct zone_table *tbl,
		       const struct seed_zone *zones, const u64 *expected,
		       unsigned long *moving)
{
	struct life_ns *l = &tbl->life;
	u64 now = ktime_get_ns();
	u32 zone;
	int ret;

	if (zns_inflight_moving(zd->inflight, zd->gendisk, tbl, moving) ||
	    zns_early_moving(zd->gendisk, zd->diskseq, tbl, moving))
		bitmap_fill(moving, tbl->nr_zones);	/* a select-all one */
	synchronize_rcu();	/* completions that left their slot: done */
	for (zone = 0; zone < tbl->nr_zones; zone++) {
		if (!zones[zone].cond)
			continue;	/* not reported */
		ret = test_bit(zone, moving) ? -EAGAIN :
		      zns_life_seed(tbl, zone, zones[zone].cond, zones[zone].cap,
				    zones[zone].wp_off, expected[zone], now);
		if (ret > 0)
			WRITE_ONCE(l->zones_seeded, l->zones_seeded + 1);
		else if (ret < 0)
			WRITE_ONCE(l->zones_seed_raced, l->zones_seed_raced + 1);
	}
	WRITE_ONCE(l->seed_reports, l->seed_reports + 1);
}

static void seed_one(struct gendisk *gendisk, u64 diskseq)
{
	struct seed_report r = {};
	struct zone_table *tbl, *cur;
	unsigned long *moving;
	struct zns_disk *zd;
	u32 zone, nr_zones;
	bool reported;
	u64 *expected;

	mutex_lock(&zns_disks_lock);
	zd = seed_disk(gendisk, diskseq);
	if (!zd) {
		mutex_unlock(&zns_disks_lock);
		return;
	}
	tbl = ns_table(zd->ns);
	nr_zones = tbl->nr_zones;
	r.nr_zones = nr_zones;
	r.zone_shift = tbl->zone_shift;
	expected = zns_vzalloc(ZNS_ALLOC_SEED, nr_zones * sizeof(*expected));
	r.zones = zns_vzalloc(ZNS_ALLOC_SEED, nr_zones * sizeof(*r.zones));
	moving = zns_vzalloc(ZNS_ALLOC_SEED, BITS_TO_LONGS(nr_zones) *
			     sizeof(*moving));
	if (!expected || !r.zones || !moving) {
		WRITE_ONCE(tbl->life.seed_pending, 0);
		mutex_unlock(&zns_disks_lock);
		goto free;
	}
	zns_life_catch_up(tbl, true);	/* words as of now, select-alls applied */
	for (zone = 0; zone < nr_zones; zone++)
		expected[zone] = atomic64_read(&tbl->zones[zone].life.state);
	atomic_inc(&tbl->life.seeding);	/* its report seeds nothing itself */
	mutex_unlock(&zns_disks_lock);

	reported = ask_device(gendisk, diskseq, nr_zones, &r);

	mutex_lock(&zns_disks_lock);
	zd = seed_disk(gendisk, diskseq);
	if (zd) {	/* else its namespace is gone */
		cur = ns_table(zd->ns);	/* tbl, unless it was replaced */
		atomic_dec(&cur->life.seeding);	/* carried over */
		if (reported && cur == tbl)
			seed_table(zd, tbl, r.zones, expected, moving);
		if (!zd->seed_wanted)	/* else the next one is queued */
			WRITE_ONCE(cur->life.seed_pending, 0);
	}
	mutex_unlock(&zns_disks_lock);
free:
	vfree(moving);
	vfree(r.zones);
	vfree(expected);
}

/* The next disk that wants a report, with a reference, or false. */
static bool next_wanted(struct gendisk **gendisk, u64 *diskseq)
{
	struct zns_disk *zd = NULL;
	bool found;

	mutex_lock(&zns_disks_lock);
	found = zns_disk_next_seed(&zd);
	if (found) {
		zd->seed_wanted = false;
		*gendisk = zd->gendisk;
		*diskseq = zd->diskseq;
		zns_gendisk_get(*gendisk);
	}
	mutex_unlock(&zns_disks_lock);
	return found;
}

static void seed_work_fn(struct work_struct *work)
{
	struct gendisk *gendisk;
	u64 diskseq;

	while (next_wanted(&gendisk, &diskseq)) {
		seed_one(gendisk, diskseq);
		zns_gendisk_put(gendisk);
	}
}

/*
 * The registry's replaced hook: a namespace's table is replaced while its
 * report may run. The report's commands may count in the new table, which
 * must not take its zones from them either: it is marked seeding as the old
 * one was. Holds zns_disks_lock.
 */
static void seed_table_replaced(struct zone_table *new_tbl,
				const struct zone_table *old_tbl)
{
	lockdep_assert_held(&zns_disks_lock);
	atomic_set(&new_tbl->life.seeding, atomic_read(&old_tbl->life.seeding));
}

/*
 * The registry's stop hook: no seeding from now on. A "clear" written while
 * the module is removed (its parameters outlive zns_stat_exit()) asks for
 * one after this: under zns_disks_lock it sees seed_stopped, and never
 * queues work that would run after the module's text is gone. Sleeps (waits
 * for a running report); takes zns_disks_lock.
 */
static void seed_stop(void)
{
	mutex_lock(&zns_disks_lock);
	seed_stopped = true;
	mutex_unlock(&zns_disks_lock);
	cancel_work_sync(&seed_work);
}

static struct zns_table_worker seed_worker = {
	.replaced = seed_table_replaced,
	.new_table = seed_request,
	.stop = seed_stop,
};

/**
 * zns_seed_init() - register the seeding with the registry
 *
 * Context: Process context, module init, before the probes attach; takes
 * zns_disks_lock.
 */
void zns_seed_init(void)
{
	zns_disk_add_worker(&seed_worker);
}
