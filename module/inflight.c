// SPDX-License-Identifier: GPL-2.0
/*
 * In-flight slots: one per tag of a tag set, where the setup probe leaves a
 * decoded command for its completion (its hardware queue and tag pick the
 * slot).
 * Tags belong to the tag set, which all namespaces of a controller share,
 * so their disks share one table. vmalloc'ed, replaced (RCU) when the tag
 * set grows. Lists and counts under zns_disks_lock. The probes find a
 * request's table by its tag set in zns_inflight_dir, without its disk.
 */
#include <linux/list.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "internal.h"

/* 56 bytes a slot: the figure zns_stat.rst and t17 give */
static_assert(sizeof(struct zns_cmd) == 56, "in-flight slot size");

static LIST_HEAD(inflight_sets);
struct inflight_dir_entry zns_inflight_dir[ZNS_INFLIGHT_DIR];

/* The table first: a probe that finds the tag set finds its table. */
static void dir_add(struct inflight_set *set, struct inflight_table *table)
{
	int i;

	set->dir = -1;
	for (i = 0; i < ZNS_INFLIGHT_DIR; i++) {
		if (zns_inflight_dir[i].tag_set)
			continue;
		rcu_assign_pointer(zns_inflight_dir[i].table, table);
		/* pairs with inflight_find(): the table is there first */
		smp_store_release(&zns_inflight_dir[i].tag_set, set->tag_set);
		set->dir = i;
		return;
	}
}

/*
 * A probe still holding the entry may read the table of the set that takes
 * it next: a live table, whose slots do not name the request's disk.
 */
static void dir_remove(struct inflight_set *set)
{
	if (set->dir < 0)
		return;
	WRITE_ONCE(zns_inflight_dir[set->dir].tag_set, NULL);
	RCU_INIT_POINTER(zns_inflight_dir[set->dir].table, NULL);
}

static struct inflight_table *table_alloc(u32 nr_hw_queues, u32 depth)
{
	struct inflight_table *table;

	table = zns_vzalloc(ZNS_ALLOC_INFLIGHT,
			    struct_size(table, slots,
					(size_t)nr_hw_queues * depth));
	if (!table)
		return NULL;
	table->nr_hw_queues = nr_hw_queues;
	table->queue_depth = depth;
	return table;
}

static size_t table_slots(const struct inflight_table *table)
{
	return (size_t)table->nr_hw_queues * table->queue_depth;
}

/* As allocated (vmalloc: whole pages), for status' inflight_bytes. */
static size_t table_bytes(const struct inflight_table *table)
{
	return PAGE_ALIGN(struct_size(table, slots, table_slots(table)));
}

static struct inflight_table *set_table(struct inflight_set *set)
{
	return rcu_dereference_protected(set->table,
					 lockdep_is_held(&zns_disks_lock));
}

static bool table_fits(const struct inflight_table *table,
		       const struct zns_geometry *geo)
{
	return table->nr_hw_queues >= geo->nr_hw_queues &&
	       table->queue_depth >= geo->queue_depth;
}

/**
 * zns_inflight_get() - the in-flight slots of a disk's tag set
 * @geo: the disk's geometry: its tag set and its size
 *
 * The set of @geo's tag set, shared (one user more), or a new one with its
 * table, entered in zns_inflight_dir when there is room.
 *
 * Context: Process context, may sleep; zns_disks_lock held.
 * Return: the set; NULL without memory.
 */
struct inflight_set *zns_inflight_get(const struct zns_geometry *geo)
{
	struct inflight_set *set;
	struct inflight_table *table;

	lockdep_assert_held(&zns_disks_lock);
	list_for_each_entry(set, &inflight_sets, node)
		if (set->tag_set == geo->tag_set) {
			set->users++;
			return set;
		}
	set = zns_kzalloc(ZNS_ALLOC_INFLIGHT, sizeof(*set));
	if (!set)
		return NULL;
	table = table_alloc(geo->nr_hw_queues, geo->queue_depth);
	if (!table) {
		kfree(set);
		return NULL;
	}
	set->tag_set = geo->tag_set;
	set->users = 1;
	RCU_INIT_POINTER(set->table, table);
	list_add(&set->node, &inflight_sets);
	dir_add(set, table);
	return set;
}

static void set_free_rcu(struct rcu_head *rcu)
{
	struct inflight_set *set = container_of(rcu, struct inflight_set, rcu);

	vfree(rcu_access_pointer(set->table));	/* deferred in softirq */
	kfree(set);
}

/**
 * zns_inflight_put() - a disk stops using its set
 * @set: the set
 *
 * The last user frees it after a grace period: no probe can reach it through
 * that disk, but one may through zns_inflight_dir until then.
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_inflight_put(struct inflight_set *set)
{
	lockdep_assert_held(&zns_disks_lock);
	if (--set->users)
		return;
	list_del(&set->node);
	dir_remove(set);
	call_rcu(&set->rcu, set_free_rcu);
}

/**
 * zns_inflight_grow() - a larger table when the tag set grew
 * @set: the set
 * @geo: the tag set's size now (nr_hw_queues grows after a controller reset)
 *
 * A larger table for every disk of the set, published with RCU; the new
 * slots start free.
 *
 * Context: Process context, may sleep; zns_disks_lock held.
 * Return: the old table, to be freed with zns_inflight_free_table() after a
 * grace period; NULL if it still fits; an ERR_PTR on -ENOMEM (the old table
 * stays, tags beyond it are dropped).
 */
struct inflight_table *zns_inflight_grow(struct inflight_set *set,
					 const struct zns_geometry *geo)
{
	struct inflight_table *table = set_table(set), *new_table;

	if (table_fits(table, geo))
		return NULL;
	new_table = table_alloc(max(geo->nr_hw_queues, table->nr_hw_queues),
				max(geo->queue_depth, table->queue_depth));
	if (!new_table)
		return ERR_PTR(-ENOMEM);
	rcu_assign_pointer(set->table, new_table);
	if (set->dir >= 0)
		rcu_assign_pointer(zns_inflight_dir[set->dir].table, new_table);
	return table;
}

/**
 * zns_inflight_free_table() - free a table zns_inflight_grow() replaced
 * @table: the old table
 *
 * Context: Process context, may sleep; after a grace period since it was
 * replaced.
 */
void zns_inflight_free_table(struct inflight_table *table)
{
	vfree(table);
}

/**
 * zns_inflight_count() - what the tables hold, for status
 * @tables: set to the number of tables
 * @bytes: set to their size, as allocated (whole pages)
 *
 * Context: Process context; takes zns_disks_lock.
 */
void zns_inflight_count(int *tables, size_t *bytes)
{
	struct inflight_set *set;

	*tables = 0;
	*bytes = 0;
	mutex_lock(&zns_disks_lock);
	list_for_each_entry(set, &inflight_sets, node) {
		(*tables)++;
		*bytes += table_bytes(set_table(set));
	}
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_inflight_forget_all() - free every slot, before the probes come back
 *
 * Description: Completions that came while the probes were away left slots
 * that a later completion must not match.
 *
 * Context: Process context, with the probes detached (tp.c, zns_tp_lock
 * held); takes zns_disks_lock.
 */
void zns_inflight_forget_all(void)
{
	struct inflight_table *table;
	struct inflight_set *set;

	mutex_lock(&zns_disks_lock);
	list_for_each_entry(set, &inflight_sets, node) {
		table = set_table(set);
		memset(table->slots, 0,
		       array_size(table_slots(table), sizeof(*table->slots)));
	}
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_inflight_moving() - the zones commands in flight may still move
 * (seed.c)
 * @set: the disk's set
 * @gendisk: the disk whose commands count
 * @tbl: the table the report was made for
 * @zones: bitmap, a bit set for each zone a command may move
 *
 * The probes write the slots meanwhile: a slot read torn at worst marks a
 * zone it should not, or misses a command set up after the report it is
 * checked for, which the report cannot have seen.
 *
 * Context: Process context; zns_disks_lock held.
 * Return: true if a command in flight names every zone (select-all).
 */
bool zns_inflight_moving(struct inflight_set *set, const struct gendisk *gendisk,
			 const struct zone_table *tbl, unsigned long *zones)
{
	struct inflight_table *table = set_table(set);
	struct zns_cmd zc;
	size_t i;

	for (i = 0; i < table_slots(table); i++) {
		zc = data_race(table->slots[i]);	/* see above */
		if (zc.disk == gendisk &&
		    zns_zone_table_cmd_moving(&zc, tbl, zones))
			return true;
	}
	return false;
}
