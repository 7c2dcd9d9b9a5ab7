// SPDX-License-Identifier: GPL-2.0
/*
 * Retirement of the tracked disks: unpublished, waited for, freed with
 * their in-flight sets and, with the last path, their namespace. A poll
 * once a second retires disks that were deleted (PCI remove, namespace
 * detach): there is no notifier modules can use. Discovery (discover.c)
 * retires what a new disk replaces before it tracks the new one.
 *
 * The hash is walked and changed under zns_disks_lock (disk.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "internal.h"

#define ZNS_POLL_INTERVAL	HZ

static void poll_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(poll_work, poll_work_fn);

/*
 * Unpublish, wait for the probes and readers, free. The namespace goes with
 * its last path. Callers batch retirements behind one synchronize_rcu() by
 * collecting them on a list.
 */
static void zns_disk_unpublish(struct zns_disk *zd, struct list_head *dead_ns)
{
	lockdep_assert_held(&zns_disks_lock);
	zns_disk_hash_del(zd);
	if (zd->ns)
		zns_ns_put(zd->ns, dead_ns);
}

static void zns_disk_free(struct zns_disk *zd)
{
	if (zd->inflight)
		zns_inflight_put(zd->inflight);
	zns_gendisk_put(zd->gendisk);
	kfree(zd);
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
	zns_synchronize_probes();
	hlist_for_each_entry_safe(zd, tmp, dead, dead_node)
		zns_disk_free(zd);
	zns_ns_free_list(dead_ns);
}

static void retire_one(struct zns_disk *zd)
{
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);

	zns_disk_unpublish(zd, &dead_ns);
	hlist_add_head(&zd->dead_node, &dead);
	retire(&dead, &dead_ns);
}

/**
 * zns_disk_retire_deleted() - retire every tracked disk that was deleted
 *
 * Description: The poll's job, and done before a new disk is tracked too,
 * so that a new namespace never joins the counters of a deleted one of the
 * same name.
 *
 * Context: Process context, sleeps; zns_disks_lock held.
 * Return: true if a live disk is left.
 */
bool zns_disk_retire_deleted(void)
{
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);
	struct hlist_node *tmp;
	struct zns_disk *zd;
	bool any = false;
	int bkt;

	lockdep_assert_held(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_safe(zd, tmp, &zns_disk_hash[bkt],
					  hash_node) {
			if (zns_gendisk_live(zd->gendisk)) {
				any = true;
				continue;
			}
			pr_info("%s: deleted, statistics removed\n", zd->name);
			zns_disk_unpublish(zd, &dead_ns);
			hlist_add_head(&zd->dead_node, &dead);
		}
	retire(&dead, &dead_ns);
	return any;
}

/**
 * zns_disk_retire_same_name() - retire the disk a new one of its name
 * replaced
 * @disk_name: the new gendisk's name
 *
 * Description: The old one is gone even if the poll has not seen it yet.
 *
 * Context: Process context, sleeps; zns_disks_lock held.
 */
void zns_disk_retire_same_name(const char *disk_name)
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

/* Once a second while anything is tracked: retire deleted disks. */
static void poll_work_fn(struct work_struct *work)
{
	mutex_lock(&zns_disks_lock);
	if (zns_disk_retire_deleted())
		schedule_delayed_work(&poll_work, ZNS_POLL_INTERVAL);
	mutex_unlock(&zns_disks_lock);
	zns_early_expire();
}

/**
 * zns_disk_poll() - retire deleted disks from a second from now, once a
 * second while anything is tracked
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_disk_poll(void)
{
	mod_delayed_work(zns_system_wq, &poll_work, ZNS_POLL_INTERVAL);
}

/**
 * zns_disk_poll_stop() - cancel the poll and wait for a running one
 *
 * Context: Process context, sleeps; module exit, after the probes are
 * detached and discovery flushed (nothing starts the poll after it);
 * zns_disks_lock must not be held.
 */
void zns_disk_poll_stop(void)
{
	cancel_delayed_work_sync(&poll_work);
}

/**
 * zns_disk_retire_left_out() - forget the left-out disks "devices" names now
 *
 * Description: "devices" changed: disks left out that it names now are
 * forgotten, to be set up with tables at their next command.
 *
 * Context: Process context, sleeps; takes zns_disks_lock.
 */
void zns_disk_retire_left_out(void)
{
	char name[DISK_NAME_LEN];
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);
	struct hlist_node *tmp;
	struct zns_disk *zd;
	int bkt;

	mutex_lock(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_safe(zd, tmp, &zns_disk_hash[bkt],
					  hash_node) {
			zns_ns_name(zd->name, name);
			if (zd->ns || !zns_ns_counted(name))
				continue;
			zns_disk_unpublish(zd, &dead_ns);
			hlist_add_head(&zd->dead_node, &dead);
		}
	retire(&dead, &dead_ns);
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_disk_retire_every() - stop tracking every disk, free their tables
 *
 * Context: Process context, sleeps; zns_disks_lock held. The probes must be
 * detached.
 */
void zns_disk_retire_every(void)
{
	HLIST_HEAD(dead);
	LIST_HEAD(dead_ns);
	struct hlist_node *tmp;
	struct zns_disk *zd;
	int bkt;

	lockdep_assert_held(&zns_disks_lock);
	for (bkt = 0; bkt < ARRAY_SIZE(zns_disk_hash); bkt++)
		hlist_for_each_entry_safe(zd, tmp, &zns_disk_hash[bkt],
					  hash_node) {
			zns_disk_unpublish(zd, &dead_ns);
			hlist_add_head(&zd->dead_node, &dead);
		}
	retire(&dead, &dead_ns);
}
