// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of what exists: the gendisks that carry a tracked
 * namespace's requests (zns_disk: the namespace itself, or on a multipath
 * subsystem each path nvmeXcYnZ of namespace nvmeXnZ), found by the probes
 * in an RCU hash, and the locks the registry's writers share.
 *
 * The registry calls none of the workers that fill it (discover.c) or
 * work on its tables (seed.c, sweep.c): those that must hear of a new table,
 * or stop before the tables are freed, register a struct zns_table_worker.
 *
 * Lock order: zns_disks_lock (mutex) -> zns_publish_lock (raw spinlock).
 * zns_disks_lock serializes discovery, clear, filter and retirement
 * (discover.c, ns.c, seed.c, inflight.c); zns_publish_lock guards the hash's
 * writers, the pending discoveries and early.c's buffer, so that a table is
 * published and the commands waiting for it are counted in one step.
 * All of the module's locks, contexts and lifetimes: Documentation/zns_stat.rst,
 * "Locks, contexts and lifetimes".
 */
#include <linux/hash.h>
#include <linux/list.h>
#include <linux/string.h>

#include "compat.h"
#include "internal.h"

DEFINE_MUTEX(zns_disks_lock);		/* see "Lock order" above */
DEFINE_RAW_SPINLOCK(zns_publish_lock);
struct hlist_head zns_disk_hash[1 << ZNS_DISK_HASH_BITS];

/* Registered at init, in order; the hooks run under zns_disks_lock. */
static LIST_HEAD(workers);

/*
 * Bumped before every grace period that precedes freeing what an in-flight
 * slot points to (a zone table, a disk), and when "devices" changes what
 * counts: a slot written under an older value is not trusted (probe.c).
 * Written under zns_disks_lock; a u32 wraps after 4e9 retirements.
 */
u32 zns_retire_seq;

/**
 * zns_retire_seq_bump() - distrust every in-flight slot written before now
 *
 * Description: After the stores that unpublish a table or disk (or change
 * what "devices" counts): a probe that reads the new value sees them, and a
 * slot written under an older value is not trusted (probe.c).
 *
 * Context: Any context; zns_disks_lock held.
 */
void zns_retire_seq_bump(void)
{
	lockdep_assert_held(&zns_disks_lock);
	/* after the unpublishing stores: a probe that reads the new value sees them */
	smp_store_release(&zns_retire_seq, zns_retire_seq + 1);
}

/**
 * zns_synchronize_probes() - wait for the probes after unpublishing, before
 * freeing
 *
 * Description: Bumps zns_retire_seq and waits for a grace period.
 *
 * Context: Process context, sleeps; zns_disks_lock held.
 */
void zns_synchronize_probes(void)
{
	zns_retire_seq_bump();
	synchronize_rcu();
}

static struct hlist_head *hash_head(const struct gendisk *gendisk)
{
	return &zns_disk_hash[hash_ptr(gendisk, ZNS_DISK_HASH_BITS)];
}

/**
 * zns_disk_hash_add() - publish a disk to the probes
 * @zd: the disk, set up
 *
 * Context: Process context; zns_disks_lock and zns_publish_lock held, so
 * that the caller counts the commands early.c kept for @zd in the same step.
 */
void zns_disk_hash_add(struct zns_disk *zd)
{
	lockdep_assert_held(&zns_disks_lock);
	lockdep_assert_held(&zns_publish_lock);
	hlist_add_head_rcu(&zd->hash_node, hash_head(zd->gendisk));
}

/**
 * zns_disk_hash_del() - unpublish a disk
 * @zd: the disk
 *
 * Its hash_node stays as hlist_del_rcu() left it until the grace period
 * ends, so a probe walking the bucket still reaches the entries behind it.
 *
 * Context: Process context; zns_disks_lock held; takes zns_publish_lock
 * (raw, irqsave).
 */
void zns_disk_hash_del(struct zns_disk *zd)
{
	unsigned long flags;

	lockdep_assert_held(&zns_disks_lock);
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	hlist_del_rcu(&zd->hash_node);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

/**
 * zns_disk_lookup() - the tracked disk of a gendisk
 * @gendisk: the request's disk
 * @diskseq: its diskseq, so that a reused gendisk address never matches
 *
 * Context: Any context; rcu_read_lock() or zns_disks_lock held.
 * Return: the disk, or NULL if it is not tracked.
 */
struct zns_disk *zns_disk_lookup(const struct gendisk *gendisk, u64 diskseq)
{
	struct zns_disk *zd;

	hlist_for_each_entry_rcu(zd, hash_head(gendisk), hash_node,
				 lockdep_is_held(&zns_disks_lock)) {
		if (zd->gendisk == gendisk && zd->diskseq == diskseq)
			return zd;
	}
	return NULL;
}

/**
 * zns_disk_geometry() - what a request's disk and tag set look like now
 * @req: a request of a zoned disk
 * @geo: filled; @geo->gendisk without a reference
 *
 * Context: Any context up to hard IRQ (the setup probe); no lock, no
 * allocation.
 */
void zns_disk_geometry(struct request *req, struct zns_geometry *geo)
{
	struct gendisk *gendisk = zns_rq_disk(req);
	struct blk_mq_tag_set *set = req->q->tag_set;

	geo->gendisk = gendisk;
	geo->diskseq = gendisk->diskseq;
	strscpy(geo->name, gendisk->disk_name, sizeof(geo->name));
	geo->nr_zones = zns_nr_zones(gendisk);
	geo->zone_sectors = req->q->limits.chunk_sectors;
	geo->lba_bytes = queue_logical_block_size(req->q);
	geo->tag_set = set;
	geo->nr_hw_queues = set->nr_hw_queues;
	geo->queue_depth = set->queue_depth;
	zns_zone_capacity(gendisk, &geo->zone_cap, &geo->last_zone_cap);
	geo->max_open = zns_max_open_zones(gendisk);
	geo->max_active = zns_max_active_zones(gendisk);
	geo->kind = blk_queue_is_zoned(req->q) ? ZNS_KIND_ZONES :
						 ZNS_KIND_PLACEMENT;
	geo->nsid = 0;	/* the command's: zns_disk_discover() */
	geo->placement = NULL;
}

/**
 * zns_disk_geometry_changed() - what no longer fits this path
 * @zd: the request's disk
 * @req: its request
 *
 * A few loads and compares per command.
 *
 * Context: Any context up to hard IRQ (the setup probe); rcu_read_lock()
 * held.
 * Return: ZNS_GEO_ZONES if its zone geometry changed since last seen,
 * ZNS_GEO_TAGS if its in-flight table is too small, or both; 0: none.
 */
unsigned int zns_disk_geometry_changed(struct zns_disk *zd,
				       struct request *req)
{
	struct inflight_table *inflight = rcu_dereference(zd->inflight->table);
	struct blk_mq_tag_set *set = req->q->tag_set;
	unsigned int changed = 0;

	if (READ_ONCE(zd->nr_zones) != zns_nr_zones(zns_rq_disk(req)) ||
	    READ_ONCE(zd->zone_sectors) != req->q->limits.chunk_sectors ||
	    READ_ONCE(zd->lba_bytes) != queue_logical_block_size(req->q))
		changed |= ZNS_GEO_ZONES;
	if (inflight->nr_hw_queues < set->nr_hw_queues ||
	    inflight->queue_depth < set->queue_depth)
		changed |= ZNS_GEO_TAGS;
	return changed;
}

/**
 * zns_disk_table_gen() - the table generation a command of this path counts
 * in
 * @zd: the request's disk
 * @tbl: its namespace's table
 * @req: the request
 * @changed: zns_disk_geometry_changed()'s answer
 *
 * After the path's own geometry changed: the table's if another path has
 * already brought the table to it, else the next one, which the worker is
 * about to build.
 *
 * Context: Any context up to hard IRQ (the setup probe); rcu_read_lock()
 * held.
 * Return: the generation.
 */
u32 zns_disk_table_gen(struct zns_disk *zd, struct zone_table *tbl,
		       struct request *req, unsigned int changed)
{
	if (likely(!(changed & ZNS_GEO_ZONES))) {
		smp_rmb();	/* pairs with zns_disk_update()'s smp_wmb(), discover.c */
		return READ_ONCE(zd->table_gen);
	}
	return zns_table_matches(tbl, req) ? tbl->gen : tbl->gen + 1;
}

/**
 * zns_disk_next_seed() - a disk that wants a zone report (seed.c)
 * @zd: set to the disk
 *
 * Context: zns_disks_lock held.
 * Return: true if one was found.
 */
bool zns_disk_next_seed(struct zns_disk **zd)
{
	int bkt;

	lockdep_assert_held(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(*zd, &zns_disk_hash[bkt], hash_node)
			if ((*zd)->seed_wanted)
				return true;
	return false;
}

/**
 * zns_disk_add_worker() - register work on the namespaces' tables
 * @w: its hooks; the registered run in the order they were registered
 *
 * Context: Process context, module init, before the probes attach; takes
 * zns_disks_lock.
 */
void zns_disk_add_worker(struct zns_table_worker *w)
{
	mutex_lock(&zns_disks_lock);
	list_add_tail(&w->node, &workers);
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_disk_stop_workers() - stop every registered worker, in order, and
 * unregister it
 *
 * Description: Each worker's @stop runs while it is still registered: a
 * "clear" written meanwhile (the parameters outlive the module's exit) still
 * reaches its other hooks, which it must refuse once stopped.
 *
 * Context: Process context, sleeps; module exit (or a failed init), before
 * the tables are freed; zns_disks_lock must not be held (@stop may take it).
 */
void zns_disk_stop_workers(void)
{
	struct zns_table_worker *w;

	/* only this function removes entries: the first one is stable */
	while ((w = list_first_entry_or_null(&workers, struct zns_table_worker,
					     node))) {
		if (w->stop)
			w->stop();
		mutex_lock(&zns_disks_lock);
		list_del(&w->node);
		mutex_unlock(&zns_disks_lock);
	}
}

/**
 * zns_disk_table_replaced() - tell the workers a namespace's table is being
 * replaced
 * @new_tbl: the new table, not yet published
 * @old_tbl: the table it replaces, still published
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_disk_table_replaced(struct zone_table *new_tbl,
			     const struct zone_table *old_tbl)
{
	struct zns_table_worker *w;

	lockdep_assert_held(&zns_disks_lock);
	list_for_each_entry(w, &workers, node)
		if (w->replaced)
			w->replaced(new_tbl, old_tbl);
}

/**
 * zns_disk_table_new() - tell the workers a disk's namespace has a new table
 * @zd: the disk (discovery, clear, a geometry change)
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_disk_table_new(struct zns_disk *zd)
{
	struct zns_table_worker *w;

	lockdep_assert_held(&zns_disks_lock);
	list_for_each_entry(w, &workers, node)
		if (w->new_table)
			w->new_table(zd);
}

/**
 * zns_disk_ns_table_new() - zns_disk_table_new() for each path of a
 * namespace
 * @ns: a namespace whose counters were cleared
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_disk_ns_table_new(struct zns_ns *ns)
{
	struct zns_disk *zd;
	int bkt;

	lockdep_assert_held(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node)
			if (zd->ns == ns)
				zns_disk_table_new(zd);
}

/**
 * zns_disk_each_table() - call a function on every namespace's table
 * @fn: called under rcu_read_lock(), on each table (a namespace of several
 *   paths more than once); must not sleep
 *
 * Not under zns_disks_lock: a seeding holds it across synchronize_rcu() and
 * a whole table, and a sweep waiting for it would let the ring of select-all
 * commands fill, whose completions then walk every zone in hard-IRQ context.
 * A table replaced meanwhile is freed after this.
 *
 * Context: Process context (sweep.c); takes rcu_read_lock(), no lock of the
 * module.
 */
void zns_disk_each_table(void (*fn)(struct zone_table *tbl))
{
	struct zns_disk *zd;
	struct zns_ns *ns;
	int bkt;

	rcu_read_lock();
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_rcu(zd, &zns_disk_hash[bkt], hash_node) {
			ns = READ_ONCE(zd->ns);
			if (ns)
				fn(rcu_dereference(ns->zones));
		}
	rcu_read_unlock();
}
