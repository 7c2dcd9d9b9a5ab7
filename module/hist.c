// SPDX-License-Identifier: GPL-2.0
/*
 * Per-namespace histograms, per CPU so the hot path never shares a cache
 * line: latency per operation (log2 ns buckets, as biolatency), and for
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

#include "internal.h"

/* Add one histogram row of every CPU to row. */
static void add_row(struct zone_table *tbl, size_t offset, u64 *row,
		    unsigned int n)
{
	unsigned int cpu, i;

	for_each_possible_cpu(cpu) {
		const u64 *src = (const u64 *)((const char *)
				per_cpu_ptr(tbl->hist, cpu) + offset);

		for (i = 0; i < n; i++)
			row[i] += READ_ONCE(src[i]);
	}
}

static struct zone_table *show_table(struct seq_file *m)
{
	struct zns_ns *ns = m->private;

	return rcu_dereference(ns->zones);
}

/* Log2 nanosecond histograms per operation: "latency" and "queue_wait". */
static void show_ns_rows(struct seq_file *m, size_t offset, size_t stride)
{
	u64 row[ZNS_LAT_BUCKETS];
	struct zone_table *tbl;
	unsigned int opi, i;

	rcu_read_lock();
	tbl = show_table(m);
	for (opi = 0; opi < ZNS_NR_OPS; opi++) {
		memset(row, 0, sizeof(row));
		add_row(tbl, offset + opi * stride, row, ZNS_LAT_BUCKETS);
		for (i = 0; i < ZNS_LAT_BUCKETS; i++)
			if (row[i])
				seq_printf(m, "%s %llu %llu %llu\n",
					   zns_op_names[opi],
					   i ? 1ULL << i : 0,
					   (2ULL << i) - 1, row[i]);
	}
	rcu_read_unlock();
}

int hist_latency_show(struct seq_file *m, void *v)
{
	seq_puts(m, "# op lat_lo_ns lat_hi_ns count\n");
	show_ns_rows(m, offsetof(struct zns_hist, op[0].lat),
		     sizeof(struct zns_op_hist));
	return 0;
}

/* Request allocation to setup, block-layer commands only. */
int hist_queue_wait_show(struct seq_file *m, void *v)
{
	seq_puts(m, "# op wait_lo_ns wait_hi_ns count\n");
	show_ns_rows(m, offsetof(struct zns_hist, op[0].queue_wait),
		     sizeof(struct zns_op_hist));
	return 0;
}

/* Sizes and alignments by direction: reads; writes and appends. */
enum zns_dir { ZNS_DIR_READ, ZNS_DIR_WRITE, ZNS_NR_DIRS };
static const char * const dir_names[ZNS_NR_DIRS] = { "read", "write" };

static void dir_row(struct zone_table *tbl, unsigned int dir, size_t field,
		    u64 *row)
{
	memset(row, 0, ZNS_SIZE_BUCKETS * sizeof(*row));
	if (dir == ZNS_DIR_READ) {
		add_row(tbl, offsetof(struct zns_hist, op[ZNS_OPI_READ]) + field,
			row, ZNS_SIZE_BUCKETS);
		return;
	}
	add_row(tbl, offsetof(struct zns_hist, op[ZNS_OPI_WRITE]) + field,
		row, ZNS_SIZE_BUCKETS);
	add_row(tbl, offsetof(struct zns_hist, op[ZNS_OPI_APPEND]) + field,
		row, ZNS_SIZE_BUCKETS);
}

int hist_sizes_show(struct seq_file *m, void *v)
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

/* Alignments are powers of two: each bucket holds exactly one value. */
int hist_alignment_show(struct seq_file *m, void *v)
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
