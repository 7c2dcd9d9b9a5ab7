// SPDX-License-Identifier: GPL-2.0
/*
 * Per-zone counters of one namespace: an array sized from its geometry,
 * updated with atomics from any CPU, replaced as a whole (RCU) on a geometry
 * change or a clear.
 */
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/slab.h>

#include "zns_stat.h"

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
	return tbl;
}

void zone_table_dropped(struct zns_disk *zd)
{
	atomic64_inc(&rcu_dereference(zd->zones)->c[ZNS_DC_DROPPED]);
}

/* Lock-free min/max; the 0 of a fresh table means "none yet". */
static void update_min(atomic64_t *min, u64 val)
{
	s64 old = atomic64_read(min);

	while (!old || val < old)
		if (atomic64_try_cmpxchg(min, &old, val))
			break;
}

static void update_max(atomic64_t *max, u64 val)
{
	s64 old = atomic64_read(max);

	while (val > old)
		if (atomic64_try_cmpxchg(max, &old, val))
			break;
}

static void count_reset(struct zone_stat *zs, u64 lat_ns)
{
	lat_ns = max_t(u64, lat_ns, 1);	/* 0 would read as "no reset" */
	atomic64_inc(&zs->c[ZNS_ZC_RESETS]);
	atomic64_add(lat_ns, &zs->c[ZNS_ZC_RESET_LAT_SUM_NS]);
	update_min(&zs->c[ZNS_ZC_RESET_LAT_MIN_NS], lat_ns);
	update_max(&zs->c[ZNS_ZC_RESET_LAT_MAX_NS], lat_ns);
}

/* The command and sector counters of a data operation. */
static atomic64_t *data_cmds(struct zone_stat *zs, u8 op)
{
	if (op == ZNS_OP_READ)
		return &zs->c[ZNS_ZC_READS];
	return &zs->c[op == ZNS_OP_WRITE ? ZNS_ZC_WRITES : ZNS_ZC_APPENDS];
}

static atomic64_t *data_sectors(struct zone_stat *zs, u8 op)
{
	if (op == ZNS_OP_READ)
		return &zs->c[ZNS_ZC_READ_SECTORS];
	return &zs->c[op == ZNS_OP_WRITE ? ZNS_ZC_WRITE_SECTORS :
			 ZNS_ZC_APPEND_SECTORS];
}

/*
 * A read may cross zone boundaries: its sectors count in every zone it
 * touches, the command in the first. Writes and appends cannot cross (the
 * device fails them), so one zone gets everything. The caller checked that
 * the first zone is in the table.
 */
static void count_data(struct zone_table *tbl, const struct zns_cmd *zc)
{
	u64 sector = zc->sector;
	u64 left = zc->nr_sectors;
	u32 zone = sector >> tbl->zone_shift;

	atomic64_inc(data_cmds(&tbl->zones[zone], zc->op));
	while (left) {
		u64 zone_end = ((u64)zone + 1) << tbl->zone_shift;
		u64 n = min(left, zone_end - sector);

		if (zone >= tbl->nr_zones) {
			atomic64_inc(&tbl->c[ZNS_DC_DROPPED]);	/* past the last zone */
			return;
		}
		atomic64_add(n, data_sectors(&tbl->zones[zone], zc->op));
		left -= n;
		sector += n;
		zone++;
	}
}

static void count_select_all(struct zone_table *tbl, u8 op, bool failed)
{
	static const u8 counter[] = {
		[ZNS_OP_RESET] = ZNS_DC_RESET_ALL,
		[ZNS_OP_FINISH] = ZNS_DC_FINISH_ALL,
		[ZNS_OP_OPEN] = ZNS_DC_OPEN_ALL,
		[ZNS_OP_CLOSE] = ZNS_DC_CLOSE_ALL,
	};

	if (failed)
		atomic64_inc(&tbl->c[ZNS_DC_SELECT_ALL_ERRORS]);
	else if (op >= ZNS_OP_RESET && op <= ZNS_OP_CLOSE)
		atomic64_inc(&tbl->c[counter[op]]);
}

/*
 * Count one completed command. check_gen: the command was set up against a
 * table of this generation; one from before a geometry change is dropped
 * rather than counted in the wrong zone.
 */
void zone_table_account(struct zone_table *tbl, const struct zns_cmd *zc,
			u16 status, u64 now_ns, bool check_gen)
{
	u32 zone = zc->sector >> tbl->zone_shift;
	struct zone_stat *zs;

	if (unlikely(check_gen && zc->table_gen != tbl->gen)) {
		atomic64_inc(&tbl->c[ZNS_DC_DROPPED]);
		return;
	}
	if (zc->select_all) {
		count_select_all(tbl, zc->op, status);
		return;
	}
	if (unlikely(zone >= tbl->nr_zones)) {
		atomic64_inc(&tbl->c[ZNS_DC_DROPPED]);
		return;
	}
	zs = &tbl->zones[zone];
	if (status) {
		atomic64_inc(&zs->c[ZNS_ZC_ERRORS]);
		return;
	}

	switch (zc->op) {
	case ZNS_OP_READ:
	case ZNS_OP_WRITE:
	case ZNS_OP_APPEND:
		count_data(tbl, zc);
		break;
	case ZNS_OP_RESET:
		count_reset(zs, now_ns - zc->start_ns);
		break;
	case ZNS_OP_FINISH:
		atomic64_inc(&zs->c[ZNS_ZC_FINISHES]);
		break;
	case ZNS_OP_OPEN:
		atomic64_inc(&zs->c[ZNS_ZC_OPENS]);
		break;
	case ZNS_OP_CLOSE:
		atomic64_inc(&zs->c[ZNS_ZC_CLOSES]);
		break;
	}
}
