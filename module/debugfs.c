// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs: /sys/kernel/debug/zns_stat/<disk>/{zones,summary} and
 * /sys/kernel/debug/zns_stat/status. All files are 0444 so they stay
 * readable under kernel lockdown; clearing is a module parameter.
 *
 * Readers run under rcu_read_lock() and never block the probes.
 * debugfs_remove() waits for readers before a namespace is freed.
 */
#include <linux/debugfs.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/string.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "internal.h"

static struct dentry *zns_debugfs_root;

/*
 * A reader of "zones": its namespace, and room to build a line in (too big
 * for the stack of a show function on debug kernels).
 */
#define ZONE_LINE_MAX	((ZNS_ZC_NR + 2) * 21 + 1)	/* " " + 20 digits each */

struct zones_reader {
	struct zns_ns *ns;
	u64 val[ZNS_ZC_NR];
	char line[ZONE_LINE_MAX];
};

/* Position 0 is the header line, position n + 1 is zone n. */
static void *zones_start(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	struct zns_ns *ns = ((struct zones_reader *)m->private)->ns;

	rcu_read_lock();
	if (*pos > rcu_dereference(ns->zones)->nr_zones)
		return NULL;
	return pos;
}

static void *zones_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct zns_ns *ns = ((struct zones_reader *)m->private)->ns;

	++*pos;
	if (*pos > rcu_dereference(ns->zones)->nr_zones)
		return NULL;
	return pos;
}

static void zones_stop(struct seq_file *m, void *v)
	__releases(RCU)
{
	rcu_read_unlock();
}

static void show_header(struct seq_file *m)
{
	int i;

	seq_puts(m, "# zone start");
	for (i = 0; i < ZNS_ZC_NR; i++) {
		seq_putc(m, ' ');
		seq_puts(m, zns_zone_counter_names[i]);
	}
	seq_putc(m, '\n');
}

/*
 * A line of "zones": zone, start and ZNS_ZC_NR counters. Formatted
 * backwards into the reader's buffer and written with one seq_write(): a
 * seq_put_decimal_ull() per number was 70% of reading 65536 zones. An idle
 * zone's ZNS_ZC_NR zeros are a constant tail.
 */
static char idle_tail[2 * ZNS_ZC_NR + 1];	/* " 0" x ZNS_ZC_NR, "\n" */

/* do_div(): a u64 "/" or "%" would call libgcc's __udivdi3/__umoddi3 on 32-bit. */
static char *put_number(char *end, u64 v)
{
	do {
		*--end = '0' + do_div(v, 10);	/* v /= 10, the remainder */
	} while (v);
	*--end = ' ';
	return end;
}

static int zones_show(struct seq_file *m, void *v)
{
	struct zones_reader *r = m->private;
	struct zone_table *tbl = rcu_dereference(r->ns->zones);
	char *end = r->line + sizeof(r->line), *p = end;
	loff_t pos = *(loff_t *)v;
	u64 *val = r->val, any = 0;
	u32 zone;
	int i;

	if (!pos) {
		show_header(m);
		return 0;
	}
	zone = pos - 1;
	if (zone >= tbl->nr_zones)	/* table replaced mid-read */
		return SEQ_SKIP;
	zns_zone_stat_values(tbl, zone, val);
	for (i = 0; i < ZNS_ZC_NR; i++)
		any |= val[i];
	if (any) {
		*--p = '\n';
		for (i = ZNS_ZC_NR - 1; i >= 0; i--)
			p = put_number(p, val[i]);
	} else {
		p -= sizeof(idle_tail);
		memcpy(p, idle_tail, sizeof(idle_tail));
	}
	p = put_number(p, (u64)zone << tbl->zone_shift);
	p = put_number(p, zone) + 1;	/* no space before the first */
	seq_write(m, p, end - p);
	return 0;
}

static const struct seq_operations zones_seq_ops = {
	.start = zones_start,
	.next = zones_next,
	.stop = zones_stop,
	.show = zones_show,
};

static int zones_open(struct inode *inode, struct file *file)
{
	struct zones_reader *r;

	r = __seq_open_private(file, &zones_seq_ops, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->ns = inode->i_private;
	return 0;
}

static const struct file_operations zones_fops = {
	.owner = THIS_MODULE,
	.open = zones_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

/*
 * "placement": a row per placement ID, "none" and "unlisted", with the
 * columns zns_placement_columns names (include/zns_stat.h). A table that
 * is not a placement table (the namespace was formatted zoned since) shows
 * the header alone.
 */
static int placement_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	struct zone_table *tbl;
	u64 *val;
	u32 row;
	int i;

	val = kmalloc_array(ZNS_ZC_NR, sizeof(*val), GFP_KERNEL);
	if (!val)
		return -ENOMEM;
	seq_puts(m, "# pid ruhid");
	for (i = 0; i < ARRAY_SIZE(zns_placement_columns); i++)
		seq_printf(m, " %s",
			   zns_zone_counter_names[zns_placement_columns[i]]);
	seq_putc(m, '\n');
	rcu_read_lock();
	tbl = rcu_dereference(ns->zones);
	for (row = 0; tbl->kind == ZNS_KIND_PLACEMENT && row < tbl->nr_zones;
	     row++) {
		if (row < tbl->placement.nr)
			seq_printf(m, "%u %u", tbl->placement.pid[row],
				   tbl->placement.ruhid[row]);
		else
			seq_printf(m, "%s -", row == tbl->placement.nr ?
				   ZNS_PLACEMENT_NONE : ZNS_PLACEMENT_UNLISTED);
		zns_zone_stat_values(tbl, row, val);
		for (i = 0; i < ARRAY_SIZE(zns_placement_columns); i++)
			seq_printf(m, " %llu", val[zns_placement_columns[i]]);
		seq_putc(m, '\n');
	}
	rcu_read_unlock();
	kfree(val);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(placement);

/* "unlisted_pids": the placement IDs outside the namespace's list it saw. */
static int unlisted_pids_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	struct zone_table *tbl;
	unsigned int pid;

	seq_puts(m, "# pid\n");
	rcu_read_lock();
	tbl = rcu_dereference(ns->zones);
	if (tbl->kind == ZNS_KIND_PLACEMENT)
		for_each_set_bit(pid, tbl->unlisted_pids, ZNS_PLACEMENT_NONE_CODE)
			seq_printf(m, "%u\n", pid);
	rcu_read_unlock();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(unlisted_pids);

enum total_kind { TOTAL_SUM, TOTAL_MIN, TOTAL_MAX, TOTAL_NONE };

static enum total_kind total_kind(unsigned int column)
{
	const char *name = zns_zone_counter_names[column];

	/* codes and states; fill extremes, where 0 is a fill: "lifecycle" */
	if (column == ZNS_ZC_TOP_ZONE_ERROR || column == ZNS_ZC_OWNER_CGROUP ||
	    !strncmp(name, "host_", 5) ||
	    !strncmp(name, "fill_m", 6))
		return TOTAL_NONE;
	if (strstr(name, "_lat_min_ns"))
		return TOTAL_MIN;
	if (strstr(name, "_lat_max_ns"))
		return TOTAL_MAX;
	return TOTAL_SUM;
}

/* Over all zones: sums, and for latency minimums and maximums, min and max. */
static void zone_totals(struct zone_table *tbl, u64 *total)
{
	enum total_kind kind[ZNS_ZC_NR];
	u32 zone;
	int i;

	for (i = 0; i < ZNS_ZC_NR; i++) {
		kind[i] = total_kind(i);
		total[i] = 0;
	}
	for (zone = 0; zone < tbl->nr_zones; zone++) {
		u64 val[ZNS_ZC_NR];

		zns_zone_stat_values(tbl, zone, val);
		for (i = 0; i < ZNS_ZC_NR; i++) {
			u64 v = val[i];

			if (kind[i] == TOTAL_SUM)
				total[i] += v;
			else if (kind[i] == TOTAL_MIN && v &&
				 (!total[i] || v < total[i]))
				total[i] = v;
			else if (kind[i] == TOTAL_MAX)
				total[i] = max(total[i], v);
		}
	}
}

/*
 * OP_lat_max_ns: the namespace's exact maximum (hist.c), which also has
 * select-all commands and does not stop at U32_MAX ns as a zone's does.
 */
static void lat_maxima(struct zone_table *tbl, u64 *total)
{
	const char *name;
	unsigned int i, opi;
	size_t len;

	for (i = 0; i < ZNS_ZC_NR; i++) {
		name = zns_zone_counter_names[i];
		if (total_kind(i) != TOTAL_MAX)
			continue;
		len = strlen(name) - strlen("_lat_max_ns");
		for (opi = 0; opi < ZNS_NR_OPS; opi++)
			if (strlen(zns_op_names[opi]) == len &&
			    !strncmp(name, zns_op_names[opi], len))
				total[i] = max(total[i], zns_hist_lat_max(tbl, opi));
	}
}

static int summary_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	u64 total[ZNS_ZC_NR];
	struct zone_table *tbl;
	size_t bytes;
	u64 logged;
	int i;

	rcu_read_lock();
	tbl = rcu_dereference(ns->zones);
	zns_life_catch_up(tbl, false);	/* select-all resets' events logged */
	zone_totals(tbl, total);
	lat_maxima(tbl, total);
	bytes = sizeof(*ns) + zns_zone_table_bytes(tbl);
	logged = atomic64_read(&tbl->reset_log.head);

	seq_printf(m, "format_version: %d\n", ZNS_STAT_FORMAT_VERSION);
	seq_printf(m, "disk: %s\n", ns->name);
	seq_printf(m, "paths: %d\n", READ_ONCE(ns->nr_paths));
	seq_printf(m, "counting: %d\n", READ_ONCE(ns->counting));
	seq_printf(m, "instance: 0x%016llx\n", tbl->instance);
	seq_printf(m, "generation: %llu\n", tbl->generation);
	seq_printf(m, "nr_zones: %u\n", tbl->nr_zones);
	seq_printf(m, "zone_sectors: %u\n", tbl->zone_sectors);
	seq_printf(m, "lba_bytes: %u\n", tbl->lba_bytes);
	seq_printf(m, "status_decoding: %s\n", zns_mirror_status_decoding());
	seq_printf(m, "memory_bytes: %zu\n", bytes);
	seq_printf(m, "zone_stat_bytes: %zu\n", sizeof(struct zone_stat));
	seq_printf(m, "setup_failures: %llu\n", READ_ONCE(ns->setup_failures));
	seq_printf(m, "reset_log_size: %u\n", tbl->reset_log.size);
	seq_printf(m, "reset_log_entries: %llu\n", logged);
	seq_printf(m, "reset_log_overwritten: %llu\n",
		   logged > tbl->reset_log.size ?
		   logged - tbl->reset_log.size : 0);
	seq_printf(m, "reset_log_lost: %lld\n",
		   atomic64_read(&tbl->reset_log.lost));
	for (i = 0; i < ZNS_DC_NR; i++)
		seq_printf(m, "%s: %lld\n", zns_disk_counter_names[i],
			   atomic64_read(&tbl->counters[i]));
	for (i = 0; i < ZNS_ZC_NR; i++)
		if (total_kind(i) != TOTAL_NONE)
			seq_printf(m, "%s: %llu\n", zns_zone_counter_names[i],
				   total[i]);
	rcu_read_unlock();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(summary);

static int status_show(struct seq_file *m, void *v)
{
	int namespaces, paths, waiting, inflight_tables;
	size_t inflight_bytes;
	u64 setup_failures;

	zns_ns_count(&namespaces, &paths);
	zns_setup_failures_read(&setup_failures, &waiting);
	zns_inflight_count(&inflight_tables, &inflight_bytes);
	seq_printf(m, "format_version: %d\n", ZNS_STAT_FORMAT_VERSION);
	seq_printf(m, "enabled: %d\n", zns_tp_enabled());
	seq_printf(m, "attached: %d\n", zns_tp_attached());
	seq_printf(m, "status_decoding: %s\n", zns_mirror_status_decoding());
	seq_printf(m, "disks: %d\n", namespaces);
	seq_printf(m, "paths: %d\n", paths);
	seq_printf(m, "dropped_untracked: %llu\n", zns_early_dropped());
	seq_printf(m, "setup_failures: %llu\n", setup_failures);
	seq_printf(m, "setup_retrying: %d\n", waiting);
	seq_printf(m, "inflight_tables: %d\n", inflight_tables);
	seq_printf(m, "inflight_bytes: %zu\n", inflight_bytes);
	/* where the queue wait starts: probe.c's queue_wait() */
	seq_printf(m, "queue_wait_from: %s\n",
		   IS_ENABLED(CONFIG_BLK_CGROUP) ? "submission" : "allocation");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(status);

DEFINE_SHOW_ATTRIBUTE(zns_hist_latency);
DEFINE_SHOW_ATTRIBUTE(zns_hist_sizes);
DEFINE_SHOW_ATTRIBUTE(zns_hist_alignment);
DEFINE_SHOW_ATTRIBUTE(zns_errors);
DEFINE_SHOW_ATTRIBUTE(zns_hist_queue_wait);
DEFINE_SHOW_ATTRIBUTE(zns_life);
DEFINE_SHOW_ATTRIBUTE(zns_life_times);
DEFINE_SHOW_ATTRIBUTE(zns_cgroups);

/* A select-all reset's event joins the log once every zone applied it. */
static void resets_catch_up(struct zone_table *tbl)
{
	zns_life_catch_up(tbl, false);
}

static int resets_open(struct inode *inode, struct file *file)
{
	return zns_reset_log_open(inode, file, resets_catch_up);
}

static const struct file_operations resets_fops = {
	.owner = THIS_MODULE,
	.open = resets_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

/*
 * Kernel practice (blktrace): only the directory creation is checked. A
 * placement namespace has "placement" where a zoned one has its zones'
 * files.
 */
static struct dentry *add_ns_dir(struct zns_ns *ns)
{
	struct dentry *dir = debugfs_create_dir(ns->name, zns_debugfs_root);
	bool placed = rcu_access_pointer(ns->zones)->kind ==
		      ZNS_KIND_PLACEMENT;

	if (placed) {
		debugfs_create_file("placement", 0444, dir, ns,
				    &placement_fops);
		debugfs_create_file("unlisted_pids", 0444, dir, ns,
				    &unlisted_pids_fops);
	} else {
		debugfs_create_file("zones", 0444, dir, ns, &zones_fops);
	}
	debugfs_create_file("summary", 0444, dir, ns, &summary_fops);
	debugfs_create_file("latency", 0444, dir, ns, &zns_hist_latency_fops);
	debugfs_create_file("sizes", 0444, dir, ns, &zns_hist_sizes_fops);
	debugfs_create_file("alignment", 0444, dir, ns, &zns_hist_alignment_fops);
	debugfs_create_file("errors", 0444, dir, ns, &zns_errors_fops);
	debugfs_create_file("queue_wait", 0444, dir, ns, &zns_hist_queue_wait_fops);
	debugfs_create_file("cgroups", 0444, dir, ns, &zns_cgroups_fops);
	if (placed)
		return dir;
	debugfs_create_file("resets", 0444, dir, ns, &resets_fops);
	debugfs_create_file("lifecycle", 0444, dir, ns, &zns_life_fops);
	debugfs_create_file("lifetimes", 0444, dir, ns, &zns_life_times_fops);
	return dir;
}

/* Waits for the namespace's readers: ns.c frees it afterwards. */
static void remove_ns_dir(struct zns_ns *ns)
{
	debugfs_remove(ns->dir);
}

static const struct zns_ns_dirs ns_dirs = {
	.add = add_ns_dir,
	.remove = remove_ns_dir,
};

/**
 * zns_debugfs_init() - create the debugfs root and "status", and show
 * namespaces from now on
 * Context: Process context, module init; takes zns_disks_lock.
 * Return: 0, or the error of debugfs_create_dir().
 */
int zns_debugfs_init(void)
{
	int i;

	for (i = 0; i < ZNS_ZC_NR; i++)
		memcpy(&idle_tail[2 * i], " 0", 2);
	idle_tail[2 * ZNS_ZC_NR] = '\n';
	zns_debugfs_root = debugfs_create_dir(ZNS_STAT_DEBUGFS_DIR, NULL);
	if (IS_ERR(zns_debugfs_root))
		return PTR_ERR(zns_debugfs_root);
	debugfs_create_file("status", 0444, zns_debugfs_root, NULL,
			    &status_fops);
	zns_ns_register_dirs(&ns_dirs);
	return 0;
}

/**
 * zns_debugfs_exit() - remove every debugfs file
 *
 * Description: Waits for the readers. Called after zns_disk_exit(): no
 * namespace is left.
 *
 * Context: Process context, sleeps; takes zns_disks_lock.
 */
void zns_debugfs_exit(void)
{
	zns_ns_register_dirs(NULL);
	debugfs_remove(zns_debugfs_root);
}
