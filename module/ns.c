// SPDX-License-Identifier: GPL-2.0
/*
 * The tracked zoned namespaces: what users see, one debugfs directory each,
 * named as in /sys/block. A namespace owns its zone table and lives as long
 * as one of its paths (disk.c) does. All under zns_disks_lock.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

static LIST_HEAD(zns_ns_list);

/* The "devices" parameter: names to count, none meaning every namespace. */
static char filter[ZNS_DEVICES_MAX][DISK_NAME_LEN];
static int nr_filter;

/* Who shows a namespace (debugfs.c), registered from above. */
static const struct zns_ns_dirs *dirs;

/**
 * zns_ns_register_dirs() - register who shows a namespace (debugfs.c)
 * @ops: called for each namespace created and removed from now on; NULL:
 *   none
 *
 * Context: Process context; takes zns_disks_lock.
 */
void zns_ns_register_dirs(const struct zns_ns_dirs *ops)
{
	mutex_lock(&zns_disks_lock);
	dirs = ops;
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_ns_name() - the name users know a disk's namespace by
 * @disk_name: a gendisk's name
 * @name: filled, DISK_NAME_LEN bytes: a multipath path nvmeXcYnZ belongs to
 *   nvmeXnZ, other names stay
 *
 * Context: Any context; no lock.
 */
void zns_ns_name(const char *disk_name, char *name)
{
	unsigned int subsys, ctrl, nsid;
	int len = 0;

	if (sscanf(disk_name, "nvme%uc%un%u%n", &subsys, &ctrl, &nsid,
		   &len) == 3 && len == strlen(disk_name))
		snprintf(name, DISK_NAME_LEN, "nvme%un%u", subsys, nsid);
	else
		strscpy(name, disk_name, DISK_NAME_LEN);
}

/**
 * zns_ns_counted() - whether the "devices" parameter names a namespace
 * @name: the namespace's name
 *
 * Context: zns_disks_lock held.
 * Return: true if it is named, or if "devices" is empty.
 */
bool zns_ns_counted(const char *name)
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

/*
 * Each namespace's table generations start in a band of their own: the
 * disks of a controller share in-flight slots (inflight.c), and a slot one
 * namespace left behind (a setup whose request never completed) must not
 * match another namespace's table. 2^16 bands of 2^16: two namespaces'
 * generations meet only after 65,536 namespaces were set up while the
 * module is loaded, or 65,535 geometry changes of one namespace.
 */
#define ZNS_GENS_PER_NS		BIT(16)

static u32 first_gen(void)
{
	static u32 next_band;

	lockdep_assert_held(&zns_disks_lock);
	return ++next_band * ZNS_GENS_PER_NS + 1;
}

static struct zns_ns *ns_create(const char *name,
				const struct zns_geometry *geo)
{
	struct zns_ns *ns = zns_kzalloc(ZNS_ALLOC_NS, sizeof(*ns));

	if (!ns)
		return NULL;
	strscpy(ns->name, name, sizeof(ns->name));
	RCU_INIT_POINTER(ns->zones,
			 zns_zone_table_alloc(geo, first_gen()));
	if (!rcu_access_pointer(ns->zones)) {
		kfree(ns);
		return NULL;
	}
	ns->counting = zns_ns_counted(name);
	ns->dir = dirs ? dirs->add(ns) : NULL;
	list_add(&ns->node, &zns_ns_list);
	if (geo->kind == ZNS_KIND_PLACEMENT)
		pr_info("%s: tracking %u placement IDs, %u-byte LBAs\n",
			ns->name, geo->placement->nr, geo->lba_bytes);
	else
		pr_info("%s: tracking %u zones of %u sectors, %u-byte LBAs\n",
			ns->name, geo->nr_zones, geo->zone_sectors,
			geo->lba_bytes);
	return ns;
}

/**
 * zns_ns_get() - the namespace of a new path: found by name, or created
 * @name: the namespace's name
 * @geo: its geometry, for a new namespace's zone table
 *
 * Context: Process context, may sleep; zns_disks_lock held.
 * Return: the namespace, one path more; NULL if it could not be allocated.
 */
struct zns_ns *zns_ns_get(const char *name, const struct zns_geometry *geo)
{
	struct zns_ns *ns;

	lockdep_assert_held(&zns_disks_lock);
	ns = ns_lookup(name);
	if (!ns)
		ns = ns_create(name, geo);
	if (ns)
		ns->nr_paths++;
	return ns;
}

/**
 * zns_ns_put() - a path is gone
 * @ns: its namespace
 * @dead_ns: the namespace goes here with its last path, its directory
 *   removed, to be freed by zns_ns_free_list() after a grace period
 *
 * Context: Process context, may sleep (removing the directory waits for its
 * readers); zns_disks_lock held.
 */
void zns_ns_put(struct zns_ns *ns, struct list_head *dead_ns)
{
	lockdep_assert_held(&zns_disks_lock);
	if (--ns->nr_paths == 0) {
		list_move(&ns->node, dead_ns);
		if (dirs)
			dirs->remove(ns);	/* waits for readers */
	}
}

/**
 * zns_ns_free_list() - free the namespaces zns_ns_put() retired, with their
 * tables
 * @dead_ns: the list
 *
 * Context: Process context, may sleep; after a grace period since they were
 * put, so that no probe or reader sees them.
 */
void zns_ns_free_list(struct list_head *dead_ns)
{
	struct zns_ns *ns, *tmp;

	list_for_each_entry_safe(ns, tmp, dead_ns, node) {
		zns_zone_table_free(rcu_access_pointer(ns->zones));
		kfree(ns);
	}
}

/* Swap in a zeroed table of the same geometry: all counters at one instant. */
static int ns_clear(struct zns_ns *ns)
{
	struct zone_table *tbl = ns_table(ns);
	struct zone_table *new_tbl;
	struct zns_geometry geo;

	zns_zone_table_geometry(tbl, &geo);
	new_tbl = zns_zone_table_alloc(&geo, tbl->gen);
	if (!new_tbl)
		return -ENOMEM;
	/* the same counters started over: readers see the generation move */
	new_tbl->instance = tbl->instance;
	new_tbl->generation = tbl->generation + 1;
	zns_disk_table_replaced(new_tbl, tbl);
	rcu_assign_pointer(ns->zones, new_tbl);
	zns_synchronize_probes();
	zns_zone_table_free(tbl);
	zns_disk_ns_table_new(ns);
	return 0;
}

/**
 * zns_ns_clear() - clear one namespace's counters, or every one's
 * @name: a namespace's name, or "all"
 *
 * Each namespace gets a zeroed table of the same geometry (all counters at
 * one instant); the old one is freed after a grace period, and the new one
 * asks for a zone report.
 *
 * Context: Process context, sleeps; takes zns_disks_lock.
 * Return: 0, -ENODEV if no namespace has that name, -ENOMEM.
 */
int zns_ns_clear(const char *name)
{
	struct zns_ns *ns;
	int ret = -ENODEV;

	mutex_lock(&zns_disks_lock);
	zns_setup_retry_now();
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

/**
 * zns_ns_set_filter() - the "devices" parameter changed
 * @names: the namespaces to count, checked by the caller
 * @nr: how many; 0: every namespace
 *
 * Context: Process context; takes zns_disks_lock.
 */
void zns_ns_set_filter(const char * const *names, int nr)
{
	struct zns_ns *ns;
	int i;

	mutex_lock(&zns_disks_lock);
	for (i = 0; i < nr; i++)
		strscpy(filter[i], names[i], DISK_NAME_LEN);
	nr_filter = nr;
	list_for_each_entry(ns, &zns_ns_list, node)
		WRITE_ONCE(ns->counting, zns_ns_counted(ns->name));
	zns_retire_seq_bump();	/* slots decided with the old filter */
	mutex_unlock(&zns_disks_lock);
}

/**
 * zns_ns_count() - how many namespaces and paths are tracked
 * @namespaces: set to the namespaces
 * @paths: set to the paths, summed over the namespaces
 *
 * Context: Process context; takes zns_disks_lock.
 */
void zns_ns_count(int *namespaces, int *paths)
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
