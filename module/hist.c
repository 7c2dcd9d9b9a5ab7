// SPDX-License-Identifier: GPL-2.0
/*
 * Per-namespace histograms, per CPU so the hot path never shares a cache
 * line: latency per operation (log2 ns buckets, as biolatency), and for
 * reads and for writes/appends the I/O size (log2 byte buckets) and the
 * alignment. Alignment, as in the block-layer alignment tracing thread: the
 * largest power of two that divides both the byte offset and the length,
 * i.e. the lowest bit set in either (64k at 32k -> 32K, 24k at 0 -> 8K).
 */
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>

#include "internal.h"

static unsigned int lat_bucket(u64 ns)
{
	return ns < 2 ? 0 : min_t(unsigned int, ilog2(ns), ZNS_LAT_BUCKETS - 1);
}

/* Bucket i holds [512 << i, 512 << (i + 1)) bytes. */
static unsigned int byte_bucket(u64 bytes)
{
	if (bytes < SECTOR_SIZE)
		return 0;
	return min_t(unsigned int, ilog2(bytes) - SECTOR_SHIFT,
		     ZNS_SIZE_BUCKETS - 1);
}

u64 hist_alignment_bytes(u64 offset, u64 len)
{
	return (offset | len) & -(offset | len);
}

void hist_latency(struct zone_table *tbl, unsigned int opi, u64 lat_ns)
{
	this_cpu_inc(tbl->hist->lat[opi][lat_bucket(lat_ns)]);
}

void hist_queue_wait(struct zone_table *tbl, unsigned int opi, u64 wait_ns)
{
	this_cpu_inc(tbl->hist->queue_wait[opi][lat_bucket(wait_ns)]);
}

/*
 * A zone append lands where the device puts it: the completion result holds
 * that LBA. Without status decoding, result is 0 and the zone start is used.
 */
void hist_io(struct zone_table *tbl, const struct zns_cmd *zc,
	     const struct zns_done *done)
{
	int dir = zc->op == ZNS_OP_READ ? ZNS_DIR_READ : ZNS_DIR_WRITE;
	u64 sector = zc->sector;
	u64 len = (u64)zc->nr_sectors << SECTOR_SHIFT;
	u64 align;

	if (zc->op == ZNS_OP_APPEND && done->result)
		sector = done->result << (ilog2(tbl->lba_bytes) - SECTOR_SHIFT);
	align = hist_alignment_bytes(sector << SECTOR_SHIFT, len);
	this_cpu_inc(tbl->hist->size[dir][byte_bucket(len)]);
	this_cpu_inc(tbl->hist->align[dir][byte_bucket(align)]);
}

/* Sum one histogram row over every CPU. */
static void sum_row(struct zone_table *tbl, size_t offset, u64 *row,
		    unsigned int n)
{
	unsigned int cpu, i;

	memset(row, 0, n * sizeof(*row));
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
		sum_row(tbl, offset + opi * stride, row, ZNS_LAT_BUCKETS);
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
	show_ns_rows(m, offsetof(struct zns_hist, lat),
		     sizeof(((struct zns_hist *)0)->lat[0]));
	return 0;
}

/* Request allocation to setup, block-layer commands only. */
int hist_queue_wait_show(struct seq_file *m, void *v)
{
	seq_puts(m, "# op wait_lo_ns wait_hi_ns count\n");
	show_ns_rows(m, offsetof(struct zns_hist, queue_wait),
		     sizeof(((struct zns_hist *)0)->queue_wait[0]));
	return 0;
}

static const char * const dir_names[ZNS_NR_DIRS] = { "read", "write" };

int hist_sizes_show(struct seq_file *m, void *v)
{
	u64 row[ZNS_SIZE_BUCKETS];
	struct zone_table *tbl;
	unsigned int dir, i;

	seq_puts(m, "# dir size_lo_bytes size_hi_bytes count\n");
	rcu_read_lock();
	tbl = show_table(m);
	for (dir = 0; dir < ZNS_NR_DIRS; dir++) {
		sum_row(tbl, offsetof(struct zns_hist, size[dir]), row,
			ZNS_SIZE_BUCKETS);
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
		sum_row(tbl, offsetof(struct zns_hist, align[dir]), row,
			ZNS_SIZE_BUCKETS);
		for (i = 0; i < ZNS_SIZE_BUCKETS; i++)
			if (row[i])
				seq_printf(m, "%s %llu %llu\n", dir_names[dir],
					   (u64)SECTOR_SIZE << i, row[i]);
	}
	rcu_read_unlock();
	return 0;
}
