// SPDX-License-Identifier: GPL-2.0
/*
 * Per-zone counters of one namespace: an array sized from its geometry,
 * updated with atomics from any CPU, replaced as a whole (RCU) on a geometry
 * change or a clear, together with the namespace's histograms, error table
 * and reset log.
 */
#include <linux/build_bug.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/slab.h>

#include "zns_stat.h"

static_assert(sizeof(struct zone_stat) <= 256, "per-zone state over 256 bytes");

struct zone_table *zone_table_alloc(u32 nr_zones, u32 zone_sectors,
				    u32 lba_bytes, u16 gen)
{
	struct zone_table *tbl;

	tbl = kvzalloc(struct_size(tbl, zones, nr_zones), GFP_KERNEL);
	if (!tbl)
		return NULL;
	tbl->nr_zones = nr_zones;
	tbl->zone_sectors = zone_sectors;
	tbl->lba_bytes = lba_bytes;
	tbl->zone_shift = ilog2(zone_sectors);
	tbl->gen = gen;
	tbl->hist = alloc_percpu(struct zns_hist);
	tbl->status = kzalloc(sizeof(*tbl->status), GFP_KERNEL);
	tbl->reset_log = reset_log_alloc();
	if (!tbl->hist || !tbl->status || !tbl->reset_log) {
		zone_table_free(tbl);
		return NULL;
	}
	return tbl;
}

void zone_table_free(struct zone_table *tbl)
{
	if (!tbl)
		return;
	free_percpu(tbl->hist);
	kfree(tbl->status);
	kvfree(tbl->reset_log);
	kvfree(tbl);
}

/* Everything the table holds, as summary's memory_bytes reports it. */
size_t zone_table_bytes(const struct zone_table *tbl)
{
	return struct_size(tbl, zones, tbl->nr_zones) +
	       num_possible_cpus() * sizeof(struct zns_hist) +
	       sizeof(*tbl->status) +
	       struct_size(tbl->reset_log, events, tbl->reset_log->size);
}

void zone_table_dropped(struct zns_ns *ns)
{
	atomic64_inc(&rcu_dereference(ns->zones)->c[ZNS_DC_DROPPED]);
}

/* Lock-free min/max; the 0 of a fresh table means "none yet". */
static void update_min(atomic_t *min, u32 val)
{
	int old = atomic_read(min);

	while (!old || val < (u32)old)
		if (atomic_try_cmpxchg(min, &old, val))
			break;
}

static void update_max(atomic_t *max, u32 val)
{
	int old = atomic_read(max);

	while (val > (u32)old)
		if (atomic_try_cmpxchg(max, &old, val))
			break;
}

static void count_op(struct op_stat *os, u64 lat_ns)
{
	u32 lat32;

	lat_ns = max_t(u64, lat_ns, 1);	/* 0 would read as "none" */
	lat32 = min_t(u64, lat_ns, U32_MAX);
	atomic64_inc(&os->count);
	atomic64_add(lat_ns, &os->lat_sum_ns);
	update_min(&os->lat_min_ns, lat32);
	update_max(&os->lat_max_ns, lat32);
}

/*
 * A read may cross zone boundaries: its sectors count in every zone it
 * touches, the command in the first. Writes and appends cannot cross (the
 * device fails them), so one zone gets everything. The caller checked that
 * the first zone is in the table.
 */
static void count_sectors(struct zone_table *tbl, const struct zns_cmd *zc)
{
	unsigned int opi = zns_op_index(zc->op);
	u64 sector = zc->sector;
	u64 left = zc->nr_sectors;
	u32 zone = sector >> tbl->zone_shift;

	while (left) {
		u64 zone_end = ((u64)zone + 1) << tbl->zone_shift;
		u64 n = min(left, zone_end - sector);

		if (zone >= tbl->nr_zones) {
			atomic64_inc(&tbl->c[ZNS_DC_DROPPED]);	/* past the end */
			return;
		}
		atomic64_add(n, &tbl->zones[zone].sectors[opi]);
		left -= n;
		sector += n;
		zone++;
	}
}

static void count_select_all(struct zone_table *tbl, unsigned int opi,
			     u16 status)
{
	static const u8 counter[ZNS_NR_OPS] = {
		[ZNS_OPI_RESET] = ZNS_DC_RESET_ALL,
		[ZNS_OPI_FINISH] = ZNS_DC_FINISH_ALL,
		[ZNS_OPI_OPEN] = ZNS_DC_OPEN_ALL,
		[ZNS_OPI_CLOSE] = ZNS_DC_CLOSE_ALL,
	};

	if (status)
		atomic64_inc(&tbl->c[ZNS_DC_SELECT_ALL_ERRORS]);
	else if (opi >= ZNS_OPI_RESET)
		atomic64_inc(&tbl->c[counter[opi]]);
}

static void count_error(struct zone_stat *zs, u16 status)
{
	unsigned int kind = status - ZNS_SC_ZONE_FIRST;

	atomic64_inc(&zs->errors);
	if (kind < ZNS_NR_ZONE_ERRORS)
		atomic_inc(&zs->zone_errors[kind]);
}

/*
 * Count one completed command. check_gen: the command was set up against a
 * table of this generation; one from before a geometry change is dropped
 * rather than counted in the wrong zone.
 */
void zone_table_account(struct zone_table *tbl, const struct zns_cmd *zc,
			const struct zns_done *done, bool check_gen)
{
	unsigned int opi = zns_op_index(zc->op);
	u32 zone = zc->sector >> tbl->zone_shift;
	u64 lat_ns = done->now_ns - zc->start_ns;

	if (unlikely(check_gen && zc->table_gen != tbl->gen)) {
		atomic64_inc(&tbl->c[ZNS_DC_DROPPED]);
		return;
	}
	if (done->status)
		errors_count(tbl, opi, done->status);
	if (opi == ZNS_OPI_RESET)
		reset_log_add(tbl->reset_log, zc->select_all ? U32_MAX : zone,
			      zc->select_all, lat_ns, done->status);
	if (zc->select_all) {
		count_select_all(tbl, opi, done->status);
		if (!done->status)
			hist_latency(tbl, opi, lat_ns);
		return;
	}
	if (unlikely(zone >= tbl->nr_zones)) {
		atomic64_inc(&tbl->c[ZNS_DC_DROPPED]);
		return;
	}
	if (done->status) {
		count_error(&tbl->zones[zone], done->status);
		return;
	}
	count_op(&tbl->zones[zone].op[opi], lat_ns);
	hist_latency(tbl, opi, lat_ns);
	if (opi <= ZNS_OPI_APPEND) {
		count_sectors(tbl, zc);
		hist_io(tbl, zc, done);
	}
}

/* The zone's most frequent ZNS status code, 0 when none. */
static u64 top_zone_error(struct zone_stat *zs)
{
	int i, best = -1, best_count = 0;

	for (i = 0; i < ZNS_NR_ZONE_ERRORS; i++) {
		int n = atomic_read(&zs->zone_errors[i]);

		if (n > best_count) {
			best = i;
			best_count = n;
		}
	}
	return best < 0 ? 0 : ZNS_SC_ZONE_FIRST + best;
}

/* A column of "zones" (enum zns_zone_counter) for one zone. */
u64 zone_stat_value(struct zone_stat *zs, unsigned int column)
{
	static const u8 lat_op[] = {
		ZNS_OPI_READ, ZNS_OPI_WRITE, ZNS_OPI_APPEND,
		ZNS_OPI_FINISH, ZNS_OPI_OPEN, ZNS_OPI_CLOSE,
	};
	struct op_stat *os;

	switch (column) {
	case ZNS_ZC_READS:
		return atomic64_read(&zs->op[ZNS_OPI_READ].count);
	case ZNS_ZC_READ_SECTORS:
		return atomic64_read(&zs->sectors[ZNS_OPI_READ]);
	case ZNS_ZC_WRITES:
		return atomic64_read(&zs->op[ZNS_OPI_WRITE].count);
	case ZNS_ZC_WRITE_SECTORS:
		return atomic64_read(&zs->sectors[ZNS_OPI_WRITE]);
	case ZNS_ZC_APPENDS:
		return atomic64_read(&zs->op[ZNS_OPI_APPEND].count);
	case ZNS_ZC_APPEND_SECTORS:
		return atomic64_read(&zs->sectors[ZNS_OPI_APPEND]);
	case ZNS_ZC_RESETS:
		return atomic64_read(&zs->op[ZNS_OPI_RESET].count);
	case ZNS_ZC_RESET_LAT_MIN_NS:
		return (u32)atomic_read(&zs->op[ZNS_OPI_RESET].lat_min_ns);
	case ZNS_ZC_RESET_LAT_MAX_NS:
		return (u32)atomic_read(&zs->op[ZNS_OPI_RESET].lat_max_ns);
	case ZNS_ZC_RESET_LAT_SUM_NS:
		return atomic64_read(&zs->op[ZNS_OPI_RESET].lat_sum_ns);
	case ZNS_ZC_FINISHES:
		return atomic64_read(&zs->op[ZNS_OPI_FINISH].count);
	case ZNS_ZC_OPENS:
		return atomic64_read(&zs->op[ZNS_OPI_OPEN].count);
	case ZNS_ZC_CLOSES:
		return atomic64_read(&zs->op[ZNS_OPI_CLOSE].count);
	case ZNS_ZC_ERRORS:
		return atomic64_read(&zs->errors);
	case ZNS_ZC_TOP_ZONE_ERROR:
		return top_zone_error(zs);
	}
	/* read_lat_min_ns .. close_lat_sum_ns: min, max, sum per operation */
	column -= ZNS_ZC_READ_LAT_MIN_NS;
	if (column >= 3 * ARRAY_SIZE(lat_op))
		return 0;
	os = &zs->op[lat_op[column / 3]];
	switch (column % 3) {
	case 0:
		return (u32)atomic_read(&os->lat_min_ns);
	case 1:
		return (u32)atomic_read(&os->lat_max_ns);
	default:
		return atomic64_read(&os->lat_sum_ns);
	}
}
