// SPDX-License-Identifier: GPL-2.0
/*
 * Per-namespace histograms, per CPU so the hot path never shares a cache
 * line: latency and queue wait per operation (log-linear ns buckets, a 16th
 * of a power of two wide, and the exact maximum), and for
 * reads and for writes/appends the I/O size (log2 byte buckets) and the
 * alignment. Alignment, as in the block-layer alignment tracing thread: the
 * largest power of two that divides both the byte offset and the length,
 * i.e. the lowest bit set in either (64k at 32k -> 32K, 24k at 0 -> 8K).
 * The probes' increments are inline, in hist.h; this file reads them.
 */
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/slab.h>

#include "hist.h"

/* Add one histogram row of every CPU, at offset in each CPU's copy, to row. */
static void add_row(const void __percpu *base, size_t offset, u64 *row,
		    unsigned int n)
{
	unsigned int cpu, i;

	for_each_possible_cpu(cpu) {
		const u64 *src = (const u64 *)((const char *)
				per_cpu_ptr(base, cpu) + offset);

		for (i = 0; i < n; i++)
			row[i] += READ_ONCE(src[i]);
	}
}

static struct zone_table *show_table(struct seq_file *m)
{
	struct zns_ns *ns = m->private;

	return rcu_dereference(ns->zones);
}

/* The largest of the CPUs' maxima at offset: the operation's exact maximum. */
static u64 cpus_max(const struct zns_lat_hist __percpu *h, size_t offset)
{
	unsigned int cpu;
	u64 top = 0;

	for_each_possible_cpu(cpu)
		top = max(top, READ_ONCE(*(const u64 *)((const char *)
					 per_cpu_ptr(h, cpu) + offset)));
	return top;
}

/**
 * zns_hist_lat_max() - the longest latency of an operation, summary's
 * maximum
 * @tbl: the namespace's table
 * @opi: the operation (enum zns_op_index)
 *
 * Context: Process context; rcu_read_lock() held (or @tbl otherwise kept
 * alive).
 * Return: the maximum of the CPUs', ns; 0: none.
 */
u64 zns_hist_lat_max(struct zone_table *tbl, unsigned int opi)
{
	return cpus_max(tbl->lat[opi], offsetof(struct zns_lat_hist, lat_max));
}

/*
 * Log-linear nanosecond histograms per operation, "latency" and
 * "queue_wait": a line per bucket that counted ("op lo_ns hi_ns count"; the
 * last bucket's hi_ns is 2^64 - 1), then the exact maximum of the CPUs'
 * ("# max_ns op ns", a comment to readers of the log2 files).
 */
static int show_ns_rows(struct seq_file *m, size_t row, size_t max)
{
	struct zone_table *tbl;
	unsigned int opi, i;
	bool any;
	u64 *sum;

	sum = kmalloc_array(ZNS_LAT_BUCKETS, sizeof(*sum), GFP_KERNEL);
	if (!sum)
		return -ENOMEM;
	rcu_read_lock();
	tbl = show_table(m);
	for (opi = 0; opi < ZNS_NR_OPS; opi++) {
		memset(sum, 0, ZNS_LAT_BUCKETS * sizeof(*sum));
		add_row(tbl->lat[opi], row, sum, ZNS_LAT_BUCKETS);
		for (i = 0, any = false; i < ZNS_LAT_BUCKETS; i++) {
			if (!sum[i])
				continue;
			seq_printf(m, "%s %llu %llu %llu\n", zns_op_names[opi],
				   hist_lat_lo(i), hist_lat_hi(i), sum[i]);
			any = true;
		}
		if (any)
			seq_printf(m, "# max_ns %s %llu\n", zns_op_names[opi],
				   cpus_max(tbl->lat[opi], max));
	}
	rcu_read_unlock();
	kfree(sum);
	return 0;
}

/**
 * zns_hist_latency_show() - the "latency" file: each operation's latency
 * histogram
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock(); allocates (GFP_KERNEL) before.
 * Return: 0, or -ENOMEM.
 */
int zns_hist_latency_show(struct seq_file *m, void *v)
{
	seq_puts(m, "# op lat_lo_ns lat_hi_ns count\n");
	return show_ns_rows(m, offsetof(struct zns_lat_hist, lat),
			    offsetof(struct zns_lat_hist, lat_max));
}

/**
 * zns_hist_queue_wait_show() - the "queue_wait" file: request allocation to
 * setup (block-layer commands only)
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock(); allocates (GFP_KERNEL) before.
 * Return: 0, or -ENOMEM.
 */
int zns_hist_queue_wait_show(struct seq_file *m, void *v)
{
	seq_puts(m, "# op wait_lo_ns wait_hi_ns count\n");
	return show_ns_rows(m, offsetof(struct zns_lat_hist, queue_wait),
			    offsetof(struct zns_lat_hist, queue_wait_max));
}

/**
 * zns_hist_alloc() - allocate a new table's per-CPU histograms
 * @tbl: the table
 *
 * On failure what was allocated stays for zns_hist_free().
 *
 * Context: Process context, may sleep; zns_disks_lock held (zone_table.c).
 * Return: 0, or -ENOMEM.
 */
int zns_hist_alloc(struct zone_table *tbl)
{
	unsigned int opi;

	tbl->hist = zns_alloc_percpu(ZNS_ALLOC_HIST, sizeof(struct zns_hist),
				     __alignof__(struct zns_hist));
	if (!tbl->hist)
		return -ENOMEM;
	for (opi = 0; opi < ZNS_NR_OPS; opi++) {
		tbl->lat[opi] = zns_alloc_percpu(ZNS_ALLOC_HIST,
						 sizeof(struct zns_lat_hist),
						 SMP_CACHE_BYTES);
		if (!tbl->lat[opi])
			return -ENOMEM;
	}
	return 0;
}

/**
 * zns_hist_free() - free a table's histograms
 * @tbl: the table, which no probe or reader can see any more
 *
 * Context: Process context.
 */
void zns_hist_free(struct zone_table *tbl)
{
	unsigned int opi;

	for (opi = 0; opi < ZNS_NR_OPS; opi++)
		free_percpu(tbl->lat[opi]);
	free_percpu(tbl->hist);
}

/**
 * zns_hist_bytes() - the histograms' size per table, for status
 *
 * Description: Per CPU: the size and alignment histograms and each
 * operation's latencies.
 *
 * Context: Any context.
 * Return: bytes.
 */
size_t zns_hist_bytes(void)
{
	return num_possible_cpus() *
	       (sizeof(struct zns_hist) + ZNS_NR_OPS * sizeof(struct zns_lat_hist));
}

/* Sizes and alignments by direction: reads; writes and appends. */
enum zns_dir { ZNS_DIR_READ, ZNS_DIR_WRITE, ZNS_NR_DIRS };
static const char * const dir_names[ZNS_NR_DIRS] = { "read", "write" };

static void dir_row(struct zone_table *tbl, unsigned int dir, size_t field,
		    u64 *row)
{
	memset(row, 0, ZNS_SIZE_BUCKETS * sizeof(*row));
	if (dir == ZNS_DIR_READ) {
		add_row(tbl->hist, offsetof(struct zns_hist, op[ZNS_OPI_READ]) + field,
			row, ZNS_SIZE_BUCKETS);
		return;
	}
	add_row(tbl->hist, offsetof(struct zns_hist, op[ZNS_OPI_WRITE]) + field,
		row, ZNS_SIZE_BUCKETS);
	add_row(tbl->hist, offsetof(struct zns_hist, op[ZNS_OPI_APPEND]) + field,
		row, ZNS_SIZE_BUCKETS);
}

/**
 * zns_hist_sizes_show() - the "sizes" file: commands by data length
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock().
 * Return: 0.
 */
int zns_hist_sizes_show(struct seq_file *m, void *v)
{
	u64 row[ZNS_SIZE_BUCKETS];
	struct zone_table *tbl;
	unsigned int dir, i;

	seq_puts(m, "# dir size_lo_bytes size_hi_bytes count\n");
	rcu_read_lock();
	tbl = show_table(m);
	for (dir = 0; dir < ZNS_NR_DIRS; dir++) {
		dir_row(tbl, dir, offsetof(struct zns_op_hist, size), row);
		for (i = 0; i < ZNS_SIZE_BUCKETS; i++)
			if (row[i])
				seq_printf(m, "%s %llu %llu %llu\n",
					   dir_names[dir],
					   (u64)SECTOR_SIZE << i,
					   ((u64)SECTOR_SIZE << (i + 1)) - 1,
					   row[i]);
	}
	rcu_read_unlock();
	return 0;
}

/**
 * zns_hist_alignment_show() - the "alignment" file: commands by alignment (a
 * power of two: one value a bucket)
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock().
 * Return: 0.
 */
int zns_hist_alignment_show(struct seq_file *m, void *v)
{
	u64 row[ZNS_SIZE_BUCKETS];
	struct zone_table *tbl;
	unsigned int dir, i;

	seq_puts(m, "# dir align_bytes count\n");
	rcu_read_lock();
	tbl = show_table(m);
	for (dir = 0; dir < ZNS_NR_DIRS; dir++) {
		dir_row(tbl, dir, offsetof(struct zns_op_hist, align), row);
		for (i = 0; i < ZNS_SIZE_BUCKETS; i++)
			if (row[i])
				seq_printf(m, "%s %llu %llu\n", dir_names[dir],
					   (u64)SECTOR_SIZE << i, row[i]);
	}
	rcu_read_unlock();
	return 0;
}
