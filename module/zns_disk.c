// SPDX-License-Identifier: GPL-2.0
/*
 * The set of tracked zoned namespaces.
 *
 * A namespace is discovered lazily: the setup probe sees a zoned disk it does
 * not know (or whose geometry changed) and queues the values it read; the
 * worker allocates, publishes with RCU and frees the old tables after a grace
 * period. The probes find a namespace in an RCU hash keyed by gendisk.
 *
 * Lock order: zns_disks_lock (mutex) -> zns_publish_lock (raw spinlock).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "zns_stat.h"

#define ZNS_HASH_BITS		6
#define ZNS_PENDING_MAX		16

/* Serializes discovery, clear and retire; probes use RCU only. */
DEFINE_MUTEX(zns_disks_lock);
static struct hlist_head zns_disk_hash[1 << ZNS_HASH_BITS];

/* Discovery requests from the probes, drained by discover_work. */
static struct zns_geometry pending[ZNS_PENDING_MAX];
static unsigned int nr_pending;

static void discover_work_fn(struct work_struct *work);
static DECLARE_WORK(discover_work, discover_work_fn);

static struct hlist_head *hash_head(const struct gendisk *gendisk)
{
	return &zns_disk_hash[hash_ptr(gendisk, ZNS_HASH_BITS)];
}

/* Caller holds rcu_read_lock() or zns_disks_lock. */
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

/* The request's in-flight slot, or NULL if its tag is outside the table. */
struct zns_cmd *zns_disk_slot(struct zns_disk *zd, struct request *req)
{
	struct inflight_table *inflight = rcu_dereference(zd->inflight);
	u32 unique = blk_mq_unique_tag(req);
	u32 hwq = blk_mq_unique_tag_to_hwq(unique);
	u32 tag = blk_mq_unique_tag_to_tag(unique);

	if (unlikely(hwq >= inflight->nr_hw_queues ||
		     tag >= inflight->queue_depth))
		return NULL;
	return &inflight->slots[hwq * inflight->queue_depth + tag];
}

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
	geo->nr_hw_queues = set->nr_hw_queues;
	geo->queue_depth = set->queue_depth;
}

/* Caller holds rcu_read_lock(). A few loads and compares per command. */
bool zns_disk_geometry_changed(struct zns_disk *zd, struct request *req)
{
	struct zone_table *tbl = rcu_dereference(zd->zones);
	struct inflight_table *inflight = rcu_dereference(zd->inflight);
	struct blk_mq_tag_set *set = req->q->tag_set;

	return tbl->nr_zones != zns_nr_zones(zns_rq_disk(req)) ||
	       tbl->zone_sectors != req->q->limits.chunk_sectors ||
	       tbl->lba_bytes != queue_logical_block_size(req->q) ||
	       inflight->nr_hw_queues < set->nr_hw_queues ||
	       inflight->queue_depth < set->queue_depth;
}

static bool geometry_valid(const struct zns_geometry *geo)
{
	return geo->nr_zones && is_power_of_2(geo->zone_sectors) &&
	       is_power_of_2(geo->lba_bytes) && geo->lba_bytes >= SECTOR_SIZE &&
	       geo->nr_hw_queues && geo->queue_depth;
}

/* Called from the setup probe: remember the values, let the worker act. */
void zns_disk_discover(const struct zns_geometry *geo)
{
	unsigned long flags;
	unsigned int i;

	if (!geometry_valid(geo))
		return;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (i = 0; i < nr_pending; i++) {
		if (pending[i].gendisk == geo->gendisk &&
		    pending[i].diskseq == geo->diskseq) {
			pending[i] = *geo;	/* the newest values win */
			goto unlock;
		}
	}
	if (nr_pending < ZNS_PENDING_MAX)
		pending[nr_pending++] = *geo;
unlock:
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	queue_work(system_wq, &discover_work);
}

static struct inflight_table *inflight_alloc(u32 nr_hw_queues, u32 depth)
{
	struct inflight_table *inflight;

	inflight = kvzalloc(struct_size(inflight, slots,
					(size_t)nr_hw_queues * depth),
			    GFP_KERNEL);
	if (!inflight)
		return NULL;
	inflight->nr_hw_queues = nr_hw_queues;
	inflight->queue_depth = depth;
	return inflight;
}

static void zns_disk_free(struct zns_disk *zd)
{
	zone_table_free(rcu_access_pointer(zd->zones));
	kvfree(rcu_access_pointer(zd->inflight));
	kfree(zd);
}

/* Unpublish, remove from debugfs (waits for readers), free after RCU. */
static void zns_disk_retire(struct zns_disk *zd)
{
	unsigned long flags;

	lockdep_assert_held(&zns_disks_lock);
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	hlist_del_rcu(&zd->hash_node);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	debugfs_remove(zd->dir);
	synchronize_rcu();
	zns_disk_free(zd);
}

static struct zns_disk *lookup_by_name(const char *name)
{
	struct zns_disk *zd;
	int bkt;

	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node)
			if (!strcmp(zd->name, name))
				return zd;
	return NULL;
}

static void zns_disk_create(const struct zns_geometry *geo)
{
	struct zns_disk *zd, *old;
	unsigned long flags;

	zd = kzalloc(sizeof(*zd), GFP_KERNEL);
	if (!zd)
		return;
	zd->gendisk = geo->gendisk;
	zd->diskseq = geo->diskseq;
	strscpy(zd->name, geo->name, sizeof(zd->name));
	RCU_INIT_POINTER(zd->zones,
			 zone_table_alloc(geo->nr_zones, geo->zone_sectors,
					  geo->lba_bytes, 1));
	RCU_INIT_POINTER(zd->inflight,
			 inflight_alloc(geo->nr_hw_queues, geo->queue_depth));
	if (!rcu_access_pointer(zd->zones) ||
	    !rcu_access_pointer(zd->inflight)) {
		pr_err("%s: no memory for %u zones\n", zd->name, geo->nr_zones);
		zns_disk_free(zd);
		return;
	}

	/* Two live disks never share a name: an old one is gone. */
	old = lookup_by_name(zd->name);
	if (old)
		zns_disk_retire(old);

	zd->dir = zns_debugfs_add_disk(zd);

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	hlist_add_head_rcu(&zd->hash_node, hash_head(zd->gendisk));
	early_drain(zd);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);

	pr_info("%s: tracking %u zones of %u sectors, %u-byte LBAs\n",
		zd->name, geo->nr_zones, geo->zone_sectors, geo->lba_bytes);
}

/* New zone geometry: fresh counters, never mixed with the old ones. */
static void zns_disk_update(struct zns_disk *zd, const struct zns_geometry *geo)
{
	struct zone_table *tbl = rcu_dereference_protected(zd->zones,
					lockdep_is_held(&zns_disks_lock));
	struct inflight_table *inflight =
		rcu_dereference_protected(zd->inflight,
					  lockdep_is_held(&zns_disks_lock));
	struct zone_table *new_tbl = NULL;
	struct inflight_table *new_inflight = NULL;

	if (tbl->nr_zones != geo->nr_zones ||
	    tbl->zone_sectors != geo->zone_sectors ||
	    tbl->lba_bytes != geo->lba_bytes) {
		new_tbl = zone_table_alloc(geo->nr_zones, geo->zone_sectors,
					   geo->lba_bytes, tbl->gen + 1);
		if (!new_tbl)
			return;
		pr_info("%s: zone geometry changed to %u zones of %u sectors, %u-byte LBAs: counters restart\n",
			zd->name, geo->nr_zones, geo->zone_sectors,
			geo->lba_bytes);
		rcu_assign_pointer(zd->zones, new_tbl);
	}
	if (inflight->nr_hw_queues < geo->nr_hw_queues ||
	    inflight->queue_depth < geo->queue_depth) {
		new_inflight = inflight_alloc(geo->nr_hw_queues,
					      geo->queue_depth);
		if (new_inflight)
			rcu_assign_pointer(zd->inflight, new_inflight);
	}
	if (!new_tbl && !new_inflight)
		return;
	synchronize_rcu();
	if (new_tbl)
		zone_table_free(tbl);
	if (new_inflight)
		kvfree(inflight);
}

static bool pop_pending(struct zns_geometry *geo)
{
	unsigned long flags;
	bool found = false;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	if (nr_pending) {
		*geo = pending[--nr_pending];
		found = true;
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	return found;
}

static void discover_work_fn(struct work_struct *work)
{
	struct zns_geometry geo;
	struct zns_disk *zd;

	mutex_lock(&zns_disks_lock);
	while (pop_pending(&geo)) {
		zd = zns_disk_lookup(geo.gendisk, geo.diskseq);
		if (zd)
			zns_disk_update(zd, &geo);
		else
			zns_disk_create(&geo);
	}
	mutex_unlock(&zns_disks_lock);
}

/* After the probes are gone: finish queued discoveries. */
void zns_disk_flush_discovery(void)
{
	flush_work(&discover_work);
}

/* Swap in a zeroed table of the same geometry: all counters at one instant. */
static int zns_disk_clear_one(struct zns_disk *zd)
{
	struct zone_table *tbl = rcu_dereference_protected(zd->zones,
					lockdep_is_held(&zns_disks_lock));
	struct zone_table *new_tbl;

	new_tbl = zone_table_alloc(tbl->nr_zones, tbl->zone_sectors,
				   tbl->lba_bytes, tbl->gen);
	if (!new_tbl)
		return -ENOMEM;
	rcu_assign_pointer(zd->zones, new_tbl);
	synchronize_rcu();
	zone_table_free(tbl);
	return 0;
}

/* Clear one namespace's counters, or every one's for "all". */
int zns_disk_clear(const char *name)
{
	struct zns_disk *zd;
	int bkt, ret = -ENODEV;

	mutex_lock(&zns_disks_lock);
	if (strcmp(name, "all")) {
		zd = lookup_by_name(name);
		if (zd)
			ret = zns_disk_clear_one(zd);
		goto unlock;
	}
	ret = 0;
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash) && !ret; bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node) {
			ret = zns_disk_clear_one(zd);
			if (ret)
				break;
		}
unlock:
	mutex_unlock(&zns_disks_lock);
	return ret;
}

/* When nvme_core goes away (probes already detached) and at module exit. */
void zns_disk_retire_all(void)
{
	struct hlist_node *tmp;
	struct zns_disk *zd;
	unsigned long flags;
	int bkt;

	mutex_lock(&zns_disks_lock);
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	nr_pending = 0;
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_safe(zd, tmp, &zns_disk_hash[bkt],
					  hash_node)
			zns_disk_retire(zd);
	mutex_unlock(&zns_disks_lock);
}

int zns_disk_count(void)
{
	struct zns_disk *zd;
	int bkt, n = 0;

	mutex_lock(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node)
			n++;
	mutex_unlock(&zns_disks_lock);
	return n;
}
