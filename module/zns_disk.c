// SPDX-License-Identifier: GPL-2.0
/*
 * The tracked zoned namespaces (zns_ns: what users see in debugfs) and the
 * gendisks that carry their requests (zns_disk: the namespace itself, or on a
 * multipath subsystem each path nvmeXcYnZ of namespace nvmeXnZ).
 *
 * Discovery is lazy: the setup probe sees a zoned disk it does not know (or
 * whose geometry changed), takes a reference on it and queues the values it
 * read; the worker allocates, publishes with RCU and frees old tables after
 * a grace period. A poll once a second retires disks that were deleted
 * (PCI remove, namespace detach): there is no notifier modules can use.
 *
 * Lock order: zns_disks_lock (mutex) -> zns_publish_lock (raw spinlock).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/hash.h>
#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "zns_stat.h"

#define ZNS_HASH_BITS		6
#define ZNS_PENDING_MAX		16
#define ZNS_FILTER_MAX		16
#define ZNS_POLL_INTERVAL	HZ

/* Serializes discovery, clear, filter and retire; probes use RCU only. */
DEFINE_MUTEX(zns_disks_lock);
static struct hlist_head zns_disk_hash[1 << ZNS_HASH_BITS];
static LIST_HEAD(zns_ns_list);

/* The "devices" parameter: names to count, none meaning every namespace. */
static char filter[ZNS_FILTER_MAX][DISK_NAME_LEN];
static int nr_filter;

/* Discovery requests from the probes, drained by discover_work. */
static struct zns_geometry pending[ZNS_PENDING_MAX];
static unsigned int nr_pending;

/*
 * Setups that could not allocate, by (gendisk, diskseq): retried after a
 * backoff, 1 s doubling to 64 s, or at once after a "clear", instead of on
 * every command, and said once in the kernel log. Written under
 * zns_disks_lock; the probes read it without a lock: a stale read costs a
 * retry too early or one command later, never a wrong count.
 */
#define ZNS_FAILURES_MAX	16
#define ZNS_BACKOFF_MAX_S	64

struct setup_failure {
	const struct gendisk *gendisk;	/* compared, never dereferenced */
	u64 diskseq;
	u64 retry_ns;			/* ktime_get_ns() to try again from */
	u32 backoff_s;
};

static struct setup_failure failures[ZNS_FAILURES_MAX];
static atomic_t nr_failures = ATOMIC_INIT(0);	/* entries in use */
static atomic64_t setup_failures_total = ATOMIC64_INIT(0);

static void discover_work_fn(struct work_struct *work);
static DECLARE_WORK(discover_work, discover_work_fn);
static void poll_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(poll_work, poll_work_fn);

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

/*
 * What no longer fits the disk: ZNS_GEO_ZONES (zone table), ZNS_GEO_TAGS
 * (in-flight table). Caller holds rcu_read_lock(). A few loads and compares
 * per command.
 */
unsigned int zns_disk_geometry_changed(struct zns_disk *zd,
				       struct request *req)
{
	struct zone_table *tbl = rcu_dereference(zd->ns->zones);
	struct inflight_table *inflight = rcu_dereference(zd->inflight);
	struct blk_mq_tag_set *set = req->q->tag_set;
	unsigned int changed = 0;

	if (tbl->nr_zones != zns_nr_zones(zns_rq_disk(req)) ||
	    tbl->zone_sectors != req->q->limits.chunk_sectors ||
	    tbl->lba_bytes != queue_logical_block_size(req->q))
		changed |= ZNS_GEO_ZONES;
	if (inflight->nr_hw_queues < set->nr_hw_queues ||
	    inflight->queue_depth < set->queue_depth)
		changed |= ZNS_GEO_TAGS;
	return changed;
}

/* Called by the probes while a disk is untracked or its geometry changed. */
bool zns_disk_backing_off(const struct gendisk *gendisk, u64 diskseq)
{
	struct setup_failure *f;

	if (likely(!atomic_read(&nr_failures)))
		return false;
	for (f = failures; f < failures + ZNS_FAILURES_MAX; f++)
		if (READ_ONCE(f->gendisk) == gendisk &&
		    READ_ONCE(f->diskseq) == diskseq)
			return ktime_get_ns() < READ_ONCE(f->retry_ns);
	return false;
}

static struct setup_failure *failure_of(const struct zns_geometry *geo)
{
	struct setup_failure *f;

	for (f = failures; f < failures + ZNS_FAILURES_MAX; f++)
		if (f->gendisk == geo->gendisk && f->diskseq == geo->diskseq)
			return f;
	return NULL;
}

/* A free entry, else the one retried the longest ago (likely gone). */
static struct setup_failure *failure_slot(void)
{
	struct setup_failure *f, *oldest = failures;

	for (f = failures; f < failures + ZNS_FAILURES_MAX; f++) {
		if (!f->gendisk) {
			atomic_inc(&nr_failures);
			return f;
		}
		if (f->retry_ns < oldest->retry_ns)
			oldest = f;
	}
	return oldest;
}

static void setup_failed(const struct zns_geometry *geo)
{
	struct setup_failure *f = failure_of(geo);

	lockdep_assert_held(&zns_disks_lock);
	atomic64_inc(&setup_failures_total);
	if (!f) {
		pr_warn("%s: no memory for the statistics of %u zones: its commands count as dropped; retrying in the background\n",
			geo->name, geo->nr_zones);
		f = failure_slot();
		WRITE_ONCE(f->diskseq, geo->diskseq);
		WRITE_ONCE(f->gendisk, geo->gendisk);
		f->backoff_s = 1;
	} else {
		f->backoff_s = min_t(u32, 2 * f->backoff_s, ZNS_BACKOFF_MAX_S);
	}
	WRITE_ONCE(f->retry_ns,
		   ktime_get_ns() + (u64)f->backoff_s * NSEC_PER_SEC);
}

static void setup_succeeded(const struct zns_geometry *geo)
{
	struct setup_failure *f;

	lockdep_assert_held(&zns_disks_lock);
	if (likely(!atomic_read(&nr_failures)))
		return;
	f = failure_of(geo);
	if (!f)
		return;
	pr_info("%s: memory found: counting again\n", geo->name);
	WRITE_ONCE(f->gendisk, NULL);
	atomic_dec(&nr_failures);
}

/* A "clear" is a user asking again: failed setups retry at their next command. */
static void retry_failed_now(void)
{
	struct setup_failure *f;

	for (f = failures; f < failures + ZNS_FAILURES_MAX; f++)
		WRITE_ONCE(f->retry_ns, 0);
}

/* For "status": failed setups so far, and disks waiting for a retry. */
void zns_disk_setup_failures(u64 *total, int *waiting)
{
	*total = atomic64_read(&setup_failures_total);
	*waiting = atomic_read(&nr_failures);
}

static bool geometry_valid(const struct zns_geometry *geo)
{
	return geo->nr_zones && is_power_of_2(geo->zone_sectors) &&
	       is_power_of_2(geo->lba_bytes) && geo->lba_bytes >= SECTOR_SIZE &&
	       geo->nr_hw_queues && geo->queue_depth;
}

/*
 * Called from the setup probe: remember the values and a reference on the
 * disk, let the worker act. A disk not yet added (the driver's own zone
 * reports while it sets the namespace up) or already deleted is left alone.
 */
void zns_disk_discover(struct request *req)
{
	struct zns_geometry geo;
	unsigned long flags;
	unsigned int i;

	zns_disk_geometry(req, &geo);
	if (!geometry_valid(&geo) || !zns_disk_live(geo.gendisk))
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
		zns_disk_get(geo.gendisk);
		pending[nr_pending++] = geo;
	}
unlock:
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	queue_work(system_wq, &discover_work);
}

static struct inflight_table *inflight_alloc(u32 nr_hw_queues, u32 depth)
{
	struct inflight_table *inflight;

	inflight = zns_vzalloc(ZNS_ALLOC_INFLIGHT,
			       struct_size(inflight, slots,
					   (size_t)nr_hw_queues * depth));
	if (!inflight)
		return NULL;
	inflight->nr_hw_queues = nr_hw_queues;
	inflight->queue_depth = depth;
	return inflight;
}

static size_t inflight_slots(struct inflight_table *inflight)
{
	return (size_t)inflight->nr_hw_queues * inflight->queue_depth;
}

/* As allocated (vmalloc: whole pages), for summary's memory_bytes. */
static size_t inflight_bytes(struct inflight_table *inflight)
{
	return PAGE_ALIGN(struct_size(inflight, slots, inflight_slots(inflight)));
}

/* The name users know: a multipath path nvmeXcYnZ belongs to nvmeXnZ. */
static void ns_name(const char *disk_name, char *name)
{
	unsigned int subsys, ctrl, nsid;
	int len = 0;

	if (sscanf(disk_name, "nvme%uc%un%u%n", &subsys, &ctrl, &nsid,
		   &len) == 3 && len == strlen(disk_name))
		snprintf(name, DISK_NAME_LEN, "nvme%un%u", subsys, nsid);
	else
		strscpy(name, disk_name, DISK_NAME_LEN);
}

static bool ns_counting(const char *name)
{
	int i;

	for (i = 0; i < nr_filter; i++)
		if (!strcmp(filter[i], name))
			return true;
	return !nr_filter;
}

static struct zns_ns *ns_lookup(const char *name)
{
	struct zns_ns *ns;

	list_for_each_entry(ns, &zns_ns_list, node)
		if (!strcmp(ns->name, name))
			return ns;
	return NULL;
}

static struct zns_ns *ns_create(const char *name,
				const struct zns_geometry *geo)
{
	struct zns_ns *ns = zns_kzalloc(ZNS_ALLOC_NS, sizeof(*ns));

	if (!ns)
		return NULL;
	strscpy(ns->name, name, sizeof(ns->name));
	RCU_INIT_POINTER(ns->zones,
			 zone_table_alloc(geo->nr_zones, geo->zone_sectors,
					  geo->lba_bytes, 1));
	if (!rcu_access_pointer(ns->zones)) {
		kfree(ns);
		return NULL;
	}
	ns->counting = ns_counting(name);
	ns->dir = zns_debugfs_add_ns(ns);
	list_add(&ns->node, &zns_ns_list);
	pr_info("%s: tracking %u zones of %u sectors, %u-byte LBAs\n",
		ns->name, geo->nr_zones, geo->zone_sectors, geo->lba_bytes);
	return ns;
}

/*
 * Unpublish, wait for the probes and readers, free. The namespace goes with
 * its last path. Callers batch retirements behind one synchronize_rcu() by
 * collecting them on a list.
 */
static void zns_disk_unpublish(struct zns_disk *zd, struct list_head *dead_ns)
{
	struct zns_ns *ns = zd->ns;
	unsigned long flags;

	lockdep_assert_held(&zns_disks_lock);
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	hlist_del_rcu(&zd->hash_node);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	ns->inflight_bytes -= inflight_bytes(rcu_access_pointer(zd->inflight));
	if (--ns->nr_paths == 0) {
		list_move(&ns->node, dead_ns);
		debugfs_remove(ns->dir);	/* waits for readers */
	}
}

static void zns_disk_free(struct zns_disk *zd)
{
	vfree(rcu_access_pointer(zd->inflight));
	zns_disk_put(zd->gendisk);
	kfree(zd);
}

static void ns_free_list(struct list_head *dead_ns)
{
	struct zns_ns *ns, *tmp;

	list_for_each_entry_safe(ns, tmp, dead_ns, node) {
		zone_table_free(rcu_access_pointer(ns->zones));
		kfree(ns);
	}
}

/*
 * Retire the disks on a list, unpublished and linked through dead_node: their
 * hash_node stays as hlist_del_rcu() left it until the grace period ends, so
 * a probe walking the bucket still reaches the live entries behind it.
 */
static void retire(struct hlist_head *dead, struct list_head *dead_ns)
{
	struct hlist_node *tmp;
	struct zns_disk *zd;

	if (hlist_empty(dead))
		return;
	synchronize_rcu();
	hlist_for_each_entry_safe(zd, tmp, dead, dead_node)
		zns_disk_free(zd);
	ns_free_list(dead_ns);
}

static void retire_one(struct zns_disk *zd)
{
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);

	zns_disk_unpublish(zd, &dead_ns);
	hlist_add_head(&zd->dead_node, &dead);
	retire(&dead, &dead_ns);
}

/*
 * A gendisk of the same name as a tracked one replaced it: the old one is
 * gone even if the poll has not seen it yet.
 */
static void retire_same_name(const char *disk_name)
{
	struct zns_disk *zd;
	int bkt;

	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node)
			if (!strcmp(zd->name, disk_name)) {
				retire_one(zd);
				return;
			}
}

/*
 * Track a new disk. The namespace is looked up or created last, once all
 * else is allocated, so that a failure leaves nothing behind.
 */
static int zns_disk_create(struct zns_geometry *geo)
{
	struct inflight_table *inflight;
	char name[DISK_NAME_LEN];
	struct zns_disk *zd;
	struct zns_ns *ns;
	unsigned long flags;

	retire_same_name(geo->name);
	ns_name(geo->name, name);
	zd = zns_kzalloc(ZNS_ALLOC_DISK, sizeof(*zd));
	if (!zd)
		return -ENOMEM;
	inflight = inflight_alloc(geo->nr_hw_queues, geo->queue_depth);
	if (!inflight)
		goto free_zd;
	ns = ns_lookup(name);
	if (!ns)
		ns = ns_create(name, geo);
	if (!ns)
		goto free_inflight;
	RCU_INIT_POINTER(zd->inflight, inflight);
	zd->gendisk = geo->gendisk;	/* the reference moves here */
	zd->diskseq = geo->diskseq;
	strscpy(zd->name, geo->name, sizeof(zd->name));
	zd->ns = ns;
	ns->nr_paths++;
	ns->inflight_bytes += inflight_bytes(inflight);

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	hlist_add_head_rcu(&zd->hash_node, hash_head(zd->gendisk));
	early_drain(zd);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	mod_delayed_work(system_wq, &poll_work, ZNS_POLL_INTERVAL);
	return 0;

free_inflight:
	vfree(inflight);
free_zd:
	kfree(zd);
	return -ENOMEM;
}

/*
 * New zone geometry: fresh counters, never mixed with the old ones. On
 * -ENOMEM the old tables stay; the probes drop what they cannot place.
 */
static int zns_disk_update(struct zns_disk *zd, const struct zns_geometry *geo)
{
	struct zns_ns *ns = zd->ns;
	struct zone_table *tbl = rcu_dereference_protected(ns->zones,
					lockdep_is_held(&zns_disks_lock));
	struct inflight_table *inflight =
		rcu_dereference_protected(zd->inflight,
					  lockdep_is_held(&zns_disks_lock));
	struct zone_table *new_tbl = NULL;
	struct inflight_table *new_inflight = NULL;
	int ret = 0;

	if (tbl->nr_zones != geo->nr_zones ||
	    tbl->zone_sectors != geo->zone_sectors ||
	    tbl->lba_bytes != geo->lba_bytes) {
		new_tbl = zone_table_alloc(geo->nr_zones, geo->zone_sectors,
					   geo->lba_bytes, tbl->gen + 1);
		if (!new_tbl)
			return -ENOMEM;
		pr_info("%s: zone geometry changed to %u zones of %u sectors, %u-byte LBAs: counters restart\n",
			ns->name, geo->nr_zones, geo->zone_sectors,
			geo->lba_bytes);
		rcu_assign_pointer(ns->zones, new_tbl);
	}
	if (inflight->nr_hw_queues < geo->nr_hw_queues ||
	    inflight->queue_depth < geo->queue_depth) {
		new_inflight = inflight_alloc(geo->nr_hw_queues,
					      geo->queue_depth);
		if (new_inflight) {
			ns->inflight_bytes += inflight_bytes(new_inflight) -
					      inflight_bytes(inflight);
			rcu_assign_pointer(zd->inflight, new_inflight);
		} else {
			ret = -ENOMEM;
		}
	}
	if (!new_tbl && !new_inflight)
		return ret;
	synchronize_rcu();
	if (new_tbl)
		zone_table_free(tbl);
	if (new_inflight)
		vfree(inflight);
	return ret;
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
	int ret;

	mutex_lock(&zns_disks_lock);
	while (pop_pending(&geo)) {
		zd = zns_disk_lookup(geo.gendisk, geo.diskseq);
		if (zd) {
			ret = zns_disk_update(zd, &geo);
			if (ret)
				zd->ns->setup_failures++;
		} else {
			ret = zns_disk_create(&geo);
		}
		if (ret)
			setup_failed(&geo);
		else
			setup_succeeded(&geo);
		if (zd || ret)
			zns_disk_put(geo.gendisk);	/* zd holds one, or none */
	}
	mutex_unlock(&zns_disks_lock);
	early_expire();	/* after the drains of what was just published */
}

/* Once a second while anything is tracked: retire deleted disks. */
static void poll_work_fn(struct work_struct *work)
{
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);
	struct hlist_node *tmp;
	struct zns_disk *zd;
	bool any = false;
	int bkt;

	mutex_lock(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_safe(zd, tmp, &zns_disk_hash[bkt],
					  hash_node) {
			if (zns_disk_live(zd->gendisk)) {
				any = true;
				continue;
			}
			pr_info("%s: deleted, statistics removed\n", zd->name);
			zns_disk_unpublish(zd, &dead_ns);
			hlist_add_head(&zd->dead_node, &dead);
		}
	retire(&dead, &dead_ns);
	if (any)
		schedule_delayed_work(&poll_work, ZNS_POLL_INTERVAL);
	mutex_unlock(&zns_disks_lock);
	early_expire();
}

/* After the probes are gone: finish queued discoveries. */
void zns_disk_flush_discovery(void)
{
	flush_work(&discover_work);
}

/*
 * Before the probes come back (enabled again): completions seen while they
 * were away left slots that a later completion must not match.
 */
void zns_disk_forget_inflight(void)
{
	struct inflight_table *inflight;
	struct zns_disk *zd;
	int bkt;

	/* zns_disks_lock held, probes detached: nothing else touches slots. */
	mutex_lock(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry(zd, &zns_disk_hash[bkt], hash_node) {
			inflight = rcu_dereference_protected(zd->inflight, 1);
			memset(inflight->slots, 0,
			       array_size(inflight_slots(inflight),
					  sizeof(*inflight->slots)));
		}
	mutex_unlock(&zns_disks_lock);
}

/* Swap in a zeroed table of the same geometry: all counters at one instant. */
static int ns_clear(struct zns_ns *ns)
{
	struct zone_table *tbl = rcu_dereference_protected(ns->zones,
					lockdep_is_held(&zns_disks_lock));
	struct zone_table *new_tbl;

	new_tbl = zone_table_alloc(tbl->nr_zones, tbl->zone_sectors,
				   tbl->lba_bytes, tbl->gen);
	if (!new_tbl)
		return -ENOMEM;
	rcu_assign_pointer(ns->zones, new_tbl);
	synchronize_rcu();
	zone_table_free(tbl);
	return 0;
}

/* Clear one namespace's counters, or every one's for "all". */
int zns_disk_clear(const char *name)
{
	struct zns_ns *ns;
	int ret = -ENODEV;

	mutex_lock(&zns_disks_lock);
	retry_failed_now();
	if (!strcmp(name, "all")) {
		ret = 0;
		list_for_each_entry(ns, &zns_ns_list, node) {
			ret = ns_clear(ns);
			if (ret)
				break;
		}
	} else {
		ns = ns_lookup(name);
		if (ns)
			ret = ns_clear(ns);
	}
	mutex_unlock(&zns_disks_lock);
	return ret;
}

/* The "devices" parameter changed: names were checked by the caller. */
void zns_disk_set_filter(const char * const *names, int nr)
{
	struct zns_ns *ns;
	int i;

	mutex_lock(&zns_disks_lock);
	for (i = 0; i < nr; i++)
		strscpy(filter[i], names[i], DISK_NAME_LEN);
	nr_filter = nr;
	list_for_each_entry(ns, &zns_ns_list, node)
		WRITE_ONCE(ns->counting, ns_counting(ns->name));
	mutex_unlock(&zns_disks_lock);
}

/* When nvme_core goes away (probes already detached) and at module exit. */
void zns_disk_retire_all(void)
{
	struct zns_geometry geo;
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);
	struct hlist_node *tmp;
	struct zns_disk *zd;
	int bkt;

	mutex_lock(&zns_disks_lock);
	while (pop_pending(&geo))
		zns_disk_put(geo.gendisk);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_safe(zd, tmp, &zns_disk_hash[bkt],
					  hash_node) {
			zns_disk_unpublish(zd, &dead_ns);
			hlist_add_head(&zd->dead_node, &dead);
		}
	retire(&dead, &dead_ns);
	mutex_unlock(&zns_disks_lock);
}

void zns_disk_count(int *namespaces, int *paths)
{
	struct zns_ns *ns;

	*namespaces = 0;
	*paths = 0;
	mutex_lock(&zns_disks_lock);
	list_for_each_entry(ns, &zns_ns_list, node) {
		(*namespaces)++;
		*paths += ns->nr_paths;
	}
	mutex_unlock(&zns_disks_lock);
}

void zns_disk_exit(void)
{
	cancel_delayed_work_sync(&poll_work);
	zns_disk_retire_all();
}
