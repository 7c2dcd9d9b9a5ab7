// SPDX-License-Identifier: GPL-2.0
/*
 * Discovery of the tracked disks: the worker that sets up what the probes
 * queue. It fills the registry (disk.c, ns.c) and tells the workers
 * registered there that a namespace has a new table; they are not called by
 * name. Retirement is retire.c's.
 *
 * Discovery is lazy: the setup probe sees a zoned disk it does not know (or
 * whose geometry changed), takes a reference on it and queues the values it
 * read; the worker allocates, publishes with RCU and frees old tables after
 * a grace period.
 *
 * Locks: disk.c's. The pending discoveries are under zns_publish_lock, so
 * that a table is published and the commands early.c keeps for it are
 * counted in one step.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "internal.h"

#define ZNS_PENDING_MAX		16

/* Discovery requests from the probes, drained by discover_work. */
static struct zns_geometry pending[ZNS_PENDING_MAX];
static unsigned int nr_pending;

static void discover_work_fn(struct work_struct *work);
static DECLARE_WORK(discover_work, discover_work_fn);

/* A placement namespace's zones are none: its rows come from the device. */
static bool geometry_valid(const struct zns_geometry *geo)
{
	bool zones = geo->kind == ZNS_KIND_PLACEMENT ||
		     (geo->nr_zones && is_power_of_2(geo->zone_sectors));

	return zones && is_power_of_2(geo->lba_bytes) &&
	       geo->lba_bytes >= SECTOR_SIZE && geo->nr_hw_queues &&
	       geo->queue_depth;
}

static bool geometry_same(const struct zns_geometry *a,
			  const struct zns_geometry *b)
{
	return a->gendisk == b->gendisk && a->diskseq == b->diskseq &&
	       a->nr_zones == b->nr_zones && a->zone_sectors == b->zone_sectors &&
	       a->lba_bytes == b->lba_bytes && a->tag_set == b->tag_set &&
	       a->nr_hw_queues == b->nr_hw_queues &&
	       a->queue_depth == b->queue_depth && a->zone_cap == b->zone_cap &&
	       a->last_zone_cap == b->last_zone_cap &&
	       a->max_open == b->max_open && a->max_active == b->max_active &&
	       a->kind == b->kind && a->nsid == b->nsid;
}

/*
 * Queued already with these values, seen without the lock: every command
 * of a disk comes here until the worker has published it, and should not
 * take a lock all CPUs share. A torn read of a slot being refilled cannot
 * match all fields unless the slot held these values a moment ago, and
 * then the worker has them.
 */
static bool discovery_queued(const struct zns_geometry *geo)
{
	unsigned int i, n = min_t(unsigned int, READ_ONCE(nr_pending),
				  ZNS_PENDING_MAX);

	for (i = 0; i < n; i++) {
		/* racing the worker's and other probes' updates: see above */
		if (data_race(geometry_same(&pending[i], geo)))
			return true;
	}
	return false;
}

/**
 * zns_disk_discover() - queue a request's disk for the worker to set up or
 * update
 * @req: a request of a zoned disk the probes do not know, or whose geometry
 *   changed; or of a conventional one that named a placement
 * @nsid: the namespace ID its command carries
 *
 * Remembers the values and a reference on the disk, and lets the worker act.
 * A disk not yet added (the driver's own zone reports while it sets the
 * namespace up) or already deleted is left alone.
 *
 * Context: Any context up to hard IRQ (the setup probe), under
 * rcu_read_lock(); takes zns_publish_lock (raw, irqsave) unless the values
 * are queued already.
 */
void zns_disk_discover(struct request *req, u32 nsid)
{
	struct zns_geometry geo;
	unsigned long flags;
	unsigned int i;

	zns_disk_geometry(req, &geo);
	geo.nsid = nsid;
	if (!geometry_valid(&geo) || !zns_gendisk_live(geo.gendisk))
		return;
	if (discovery_queued(&geo))
		return;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (i = 0; i < nr_pending; i++) {
		if (pending[i].gendisk == geo.gendisk &&
		    pending[i].diskseq == geo.diskseq) {
			pending[i] = geo;	/* newest values, same reference */
			goto unlock;
		}
	}
	if (nr_pending < ZNS_PENDING_MAX) {
		zns_gendisk_get(geo.gendisk);
		pending[nr_pending] = geo;
		WRITE_ONCE(nr_pending, nr_pending + 1);
	}
unlock:
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	queue_work(zns_system_wq, &discover_work);
}

static u32 table_gen(struct zns_ns *ns)
{
	return ns_table(ns)->gen;
}

static bool table_has(const struct zone_table *tbl,
		      const struct zns_geometry *geo)
{
	return tbl->kind == geo->kind &&
	       zns_table_disk_zones(tbl) == geo->nr_zones &&
	       tbl->zone_sectors == geo->zone_sectors &&
	       tbl->lba_bytes == geo->lba_bytes;
}

/*
 * After a path's geometry or the namespace's table changed: each path of
 * the namespace counts in the table while its geometry is the table's, and
 * its commands are dropped while it is not. Holds zns_disks_lock.
 */
static void paths_follow_table(struct zns_ns *ns)
{
	struct zone_table *tbl = ns_table(ns);
	struct zns_disk *zd;
	int bkt;

	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node)
			if (zd->ns == ns)
				WRITE_ONCE(zd->table_gen,
					   zns_table_disk_zones(tbl) ==
					   zd->nr_zones &&
					   tbl->zone_sectors == zd->zone_sectors &&
					   tbl->lba_bytes == zd->lba_bytes ?
					   tbl->gen : tbl->gen - 1);
}

static void path_geometry_set(struct zns_disk *zd,
			      const struct zns_geometry *geo)
{
	WRITE_ONCE(zd->nr_zones, geo->nr_zones);
	WRITE_ONCE(zd->zone_sectors, geo->zone_sectors);
	WRITE_ONCE(zd->lba_bytes, geo->lba_bytes);
}

/*
 * A path brings a zone geometry the namespace's table does not have: the
 * newest seen wins, with fresh counters, never mixed with the old ones.
 * Only a path whose own geometry changed (or a new path) gets here, so two
 * paths that disagree do not rebuild the table in turn. Returns the old
 * table, to be freed after a grace period; NULL if there was nothing to do,
 * an ERR_PTR on -ENOMEM (the old table stays).
 */
static struct zone_table *table_follow_path(struct zns_ns *ns,
					    struct zns_geometry *geo)
{
	struct zone_table *tbl = ns_table(ns);
	struct zone_table *new_tbl;

	if (table_has(tbl, geo))
		return NULL;
	if (geo->kind == ZNS_KIND_PLACEMENT && tbl->kind == geo->kind &&
	    !geo->placement)
		geo->placement = &tbl->placement;	/* its LBA size changed */
	new_tbl = zns_zone_table_alloc(geo, tbl->gen + 1);
	if (!new_tbl)
		return ERR_PTR(-ENOMEM);
	pr_info("%s: zone geometry changed to %u zones of %u sectors, %u-byte LBAs: counters restart\n",
		ns->name, geo->nr_zones, geo->zone_sectors, geo->lba_bytes);
	zns_disk_table_replaced(new_tbl, tbl);
	rcu_assign_pointer(ns->zones, new_tbl);
	zns_retire_seq_bump();	/* completions find the new table at once */
	return tbl;
}

/* Tables replaced under the probes, freed once no probe can see them. */
static void free_after_grace_period(struct zone_table *tbl,
				    struct inflight_table *inflight)
{
	if (!tbl && !inflight)
		return;
	zns_synchronize_probes();
	if (tbl)
		zns_zone_table_free(tbl);
	if (inflight)
		zns_inflight_free_table(inflight);
}

/*
 * A disk of a namespace that "devices" leaves out: remembered without a
 * namespace or tables, so that its commands cost the probes one lookup and
 * do not queue discovery again. Set up afresh once "devices" names it.
 */
static void zns_disk_left_out(struct zns_disk *zd,
			      const struct zns_geometry *geo)
{
	unsigned long flags;

	zd->gendisk = geo->gendisk;	/* the reference moves here */
	zd->diskseq = geo->diskseq;
	strscpy(zd->name, geo->name, sizeof(zd->name));
	path_geometry_set(zd, geo);
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	zns_disk_hash_add(zd);
	zns_early_drain(zd);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	zns_disk_poll();
}

/*
 * Track a new disk. The namespace is looked up or created last, once all
 * else is allocated, so that a failure leaves nothing behind.
 */
static int zns_disk_create(struct zns_geometry *geo)
{
	struct inflight_table *old_inflight = NULL;
	struct inflight_set *inflight;
	struct zone_table *old_tbl;
	char name[DISK_NAME_LEN];
	LIST_HEAD(dead_ns);
	struct zns_disk *zd;
	struct zns_ns *ns;
	unsigned long flags;

	zns_disk_retire_deleted();
	zns_disk_retire_same_name(geo->name);
	zns_ns_name(geo->name, name);
	zd = zns_kzalloc(ZNS_ALLOC_DISK, sizeof(*zd));
	if (!zd)
		return -ENOMEM;
	if (!zns_ns_counted(name)) {
		zns_disk_left_out(zd, geo);
		return 0;
	}
	inflight = zns_inflight_get(geo);
	if (!inflight)
		goto free_zd;
	old_inflight = zns_inflight_grow(inflight, geo);	/* a shared one */
	if (IS_ERR(old_inflight))
		goto put_inflight;
	ns = zns_ns_get(name, geo);
	if (!ns)
		goto put_inflight;
	old_tbl = table_follow_path(ns, geo);	/* a path of a known namespace */
	if (IS_ERR(old_tbl))
		goto put_ns;
	zd->inflight = inflight;
	zd->gendisk = geo->gendisk;	/* the reference moves here */
	zd->diskseq = geo->diskseq;
	strscpy(zd->name, geo->name, sizeof(zd->name));
	zd->ns = ns;
	zd->table_gen = table_gen(ns);	/* the table has geo now */
	path_geometry_set(zd, geo);

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	zns_disk_hash_add(zd);
	paths_follow_table(ns);
	zns_early_drain(zd);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	zns_disk_poll();
	free_after_grace_period(old_tbl, old_inflight);
	zns_disk_table_new(zd);
	return 0;

put_ns:
	zns_ns_put(ns, &dead_ns);	/* not its last path */
	zns_ns_free_list(&dead_ns);
put_inflight:
	zns_inflight_put(inflight);	/* a grown table stays, larger */
	free_after_grace_period(NULL, IS_ERR(old_inflight) ? NULL : old_inflight);
free_zd:
	kfree(zd);
	return -ENOMEM;
}

/*
 * This path's zone geometry or tag set changed. On -ENOMEM the old tables
 * stay; the probes drop what they cannot place.
 */
static int zns_disk_update(struct zns_disk *zd, struct zns_geometry *geo)
{
	struct zns_ns *ns = zd->ns;
	struct inflight_table *old_inflight;
	struct zone_table *old_tbl;
	int ret = 0;

	old_tbl = table_follow_path(ns, geo);
	if (IS_ERR(old_tbl))
		return PTR_ERR(old_tbl);
	if (old_tbl)
		zns_disk_table_new(zd);
	WRITE_ONCE(zd->table_gen, table_gen(ns));	/* the table has geo now */
	/* Pairs with zns_disk_table_gen(): the new geometry, then its gen. */
	smp_wmb();
	path_geometry_set(zd, geo);
	paths_follow_table(ns);
	old_inflight = zns_inflight_grow(zd->inflight, geo);
	if (IS_ERR(old_inflight)) {
		old_inflight = NULL;
		ret = -ENOMEM;
	}
	free_after_grace_period(old_tbl, old_inflight);
	return ret;
}

/*
 * A placement namespace's IDs, asked of the device (placement_read.c) when
 * its table does not have them: a new disk, or one that was zoned. Its
 * queue is a path's (blk-mq), its namespace ID the one its commands carry.
 * Holds zns_disks_lock, which also guards the IDs' buffer.
 */
static int placement_ids(struct zns_geometry *geo, struct zns_disk *zd)
{
	static struct zns_placement_ids ids;
	int ret;

	if (geo->kind != ZNS_KIND_PLACEMENT ||
	    (zd && zd->ns && ns_table(zd->ns)->kind == ZNS_KIND_PLACEMENT))
		return 0;
	ret = zns_placement_read(geo->gendisk->queue, geo->nsid, &ids);
	if (ret && ret != -ENOMEM)	/* no memory: said and retried */
		pr_info("%s: a write named a placement, but the device gives no placement IDs (%d): not tracked\n",
			geo->name, ret);
	if (ret)
		return ret;
	geo->placement = &ids;
	return 0;
}

/*
 * A conventional disk whose device does not give its placement IDs:
 * remembered as left out, so that its commands cost the probes one lookup
 * and it is not asked again.
 */
static int placement_left_out(struct zns_geometry *geo)
{
	struct zns_disk *zd = zns_kzalloc(ZNS_ALLOC_DISK, sizeof(*zd));

	if (!zd)
		return -ENOMEM;
	zns_disk_left_out(zd, geo);
	return 0;
}

/*
 * A disk tracked, or its new geometry followed; a new conventional disk
 * whose device refuses its placement IDs is left out. Returns 0 or the
 * failure (-ENOMEM: retried after a backoff, setup_failure.c).
 */
static int disk_setup(struct zns_geometry *geo, struct zns_disk *zd)
{
	int ret = placement_ids(geo, zd);

	if (ret && ret != -ENOMEM && !zd)
		return placement_left_out(geo);
	if (!ret)
		ret = zd ? zns_disk_update(zd, geo) : zns_disk_create(geo);
	if (ret && zd)
		zd->ns->setup_failures++;
	return ret;
}

static bool pop_pending(struct zns_geometry *geo)
{
	unsigned long flags;
	bool found = false;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	if (nr_pending) {
		*geo = pending[nr_pending - 1];
		WRITE_ONCE(nr_pending, nr_pending - 1);
		found = true;
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	return found;
}

static void discover_work_fn(struct work_struct *work)
{
	struct zns_geometry geo;
	struct zns_disk *zd;
	int ret;

	mutex_lock(&zns_disks_lock);
	while (pop_pending(&geo)) {
		zd = zns_disk_lookup(geo.gendisk, geo.diskseq);
		if (zd && !zd->ns)
			ret = 0;	/* left out: nothing to update */
		else
			ret = disk_setup(&geo, zd);
		if (ret)
			zns_setup_failed(&geo);
		else
			zns_setup_succeeded(&geo);
		if (zd || ret)
			zns_gendisk_put(geo.gendisk);	/* zd holds one, or none */
	}
	mutex_unlock(&zns_disks_lock);
	zns_early_expire();	/* after the drains of what was just published */
}

/**
 * zns_disk_flush_discovery() - finish the queued discoveries
 *
 * Description: Called once the probes are gone (tp.c), so that none is
 * queued after it.
 *
 * Context: Process context, sleeps; zns_disks_lock must not be held (the
 * worker takes it).
 */
void zns_disk_flush_discovery(void)
{
	flush_work(&discover_work);
}

/**
 * zns_disk_retire_all() - stop tracking every disk, free their tables
 *
 * Description: When nvme_core goes away (probes already detached) and at
 * module exit. Drops the discoveries still queued.
 *
 * Context: Process context, sleeps; takes zns_disks_lock. The probes must be
 * detached.
 */
void zns_disk_retire_all(void)
{
	struct zns_geometry geo;

	mutex_lock(&zns_disks_lock);
	while (pop_pending(&geo))
		zns_gendisk_put(geo.gendisk);
	zns_disk_retire_every();
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_disk_exit() - stop the workers, retire every disk and wait for the
 * frees
 * Context: Process context, sleeps; module exit (or a failed init), after
 * the probes are detached; zns_disks_lock must not be held.
 */
void zns_disk_exit(void)
{
	zns_disk_stop_workers();	/* seed.c's, then sweep.c's */
	zns_disk_poll_stop();
	zns_disk_retire_all();
	rcu_barrier();	/* inflight.c's tables freed after a grace period */
}
