// SPDX-License-Identifier: GPL-2.0
/*
 * Per-zone counters of one namespace: an array sized from its geometry,
 * updated with atomics from any CPU, replaced as a whole (RCU) on a geometry
 * change or a clear, together with the namespace's histograms, error table
 * and reset log.
 */
#include <linux/build_bug.h>
#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/timekeeping.h>
#include <linux/vmalloc.h>

#include "hist.h"
#include "internal.h"

/*
 * 320: five cache lines, so that no two zones share one (296 bytes of
 * counters: 288 until each zone kept the root cgroup's written sectors).
 * make bench's memory phase measures the bytes per zone with vmalloc's
 * page array and the active-zone bitmap.
 */
static_assert(sizeof(struct zone_stat) == 320, "per-zone state is not 320 bytes");
static_assert(ZNS_ERRORS_COUNT_BITS + ZNS_NR_ZONE_ERRORS * ZNS_ERRORS_KIND_BITS == 64,
	      "errors word");
static_assert(offsetof(struct zone_table, zones) % SMP_CACHE_BYTES == 0,
	      "zones share a cache line with the table's header");
/* zns_zone_stat_values() fills the latency columns in this layout. */
static_assert(ZNS_ZC_READ_LAT_MIN_NS + 3 * 6 == ZNS_ZC_TOP_ZONE_ERROR &&
	      ZNS_ZC_TOP_ZONE_ERROR + 1 == ZNS_ZC_WRITE_ZEROES &&
	      ZNS_ZC_WRITE_ZEROES_LAT_SUM_NS + 1 == ZNS_ZC_HOST_COND,
	      "zones columns moved");

static size_t active_zones_bytes(u32 nr_zones)
{
	return BITS_TO_LONGS(nr_zones) * sizeof(long);
}

/* A placement table's unlisted IDs: one bit per 16-bit placement ID, 8 KiB. */
static size_t unlisted_pids_bytes(const struct zone_table *tbl)
{
	return tbl->kind == ZNS_KIND_PLACEMENT ?
	       BITS_TO_LONGS(ZNS_PLACEMENT_NONE_CODE) * sizeof(long) : 0;
}

/**
 * zns_zone_table_alloc() - a new zone table, with its histograms, error
 * table, reset log and cgroup table
 * @geo: the namespace's geometry
 * @gen: the table's generation
 *
 * A placement geometry's table has a row per placement ID, then "none" and
 * "unlisted" (placement.h).
 *
 * Context: Process context, may sleep; zns_disks_lock held.
 * Return: the table, not yet published; NULL without memory.
 */
struct zone_table *zns_zone_table_alloc(const struct zns_geometry *geo, u32 gen)
{
	bool placed = geo->kind == ZNS_KIND_PLACEMENT;
	u32 nr = placed ? geo->placement->nr + 2 : geo->nr_zones;
	struct zone_table *tbl;

	tbl = zns_vzalloc(ZNS_ALLOC_ZONES, struct_size(tbl, zones, nr));
	if (!tbl)
		return NULL;
	tbl->active_zones = zns_vzalloc(ZNS_ALLOC_ZONES, active_zones_bytes(nr));
	if (!tbl->active_zones) {
		vfree(tbl);
		return NULL;
	}
	tbl->nr_zones = nr;
	tbl->kind = geo->kind;
	if (placed) {	/* rows: the IDs, then "none" and "unlisted" */
		tbl->placement = *geo->placement;
		tbl->unlisted_pids = zns_vzalloc(ZNS_ALLOC_ZONES,
						 unlisted_pids_bytes(tbl));
		if (!tbl->unlisted_pids) {
			vfree(tbl->active_zones);
			vfree(tbl);
			return NULL;
		}
	}
	tbl->zone_sectors = geo->zone_sectors;
	tbl->lba_bytes = geo->lba_bytes;
	tbl->zone_shift = placed ? ZNS_PLACEMENT_SHIFT : ilog2(geo->zone_sectors);
	tbl->lba_shift = ilog2(geo->lba_bytes) - SECTOR_SHIFT;
	tbl->gen = gen;
	tbl->instance = get_random_u64();	/* a clear keeps its table's */
	/*
	 * One offset per table: times read twice are the same. The
	 * timekeeper's own, not two clock reads, between which an interrupt
	 * may fall (2 ms on the debug kernel: CI, t41, seed 82860).
	 */
	tbl->real_offset = ktime_to_ns(ktime_mono_to_real(0));
	zns_life_init(tbl, geo);
	if (zns_hist_alloc(tbl) || zns_reset_log_init(&tbl->reset_log) ||
	    zns_cgroups_alloc(tbl)) {
		zns_zone_table_free(tbl);
		return NULL;
	}
	return tbl;
}

/**
 * zns_zone_table_geometry() - what a table of the same geometry is made
 * from, for a clear
 * @tbl: the table
 * @geo: filled; no disk, no tag set
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_zone_table_geometry(const struct zone_table *tbl,
			     struct zns_geometry *geo)
{
	memset(geo, 0, sizeof(*geo));
	geo->kind = tbl->kind;
	geo->placement = &tbl->placement;
	geo->nr_zones = zns_table_disk_zones(tbl);
	geo->zone_sectors = tbl->zone_sectors;
	geo->lba_bytes = tbl->lba_bytes;
	geo->zone_cap = READ_ONCE(tbl->life.zone_cap);
	geo->last_zone_cap = READ_ONCE(tbl->life.last_zone_cap);
	geo->max_open = tbl->life.max_open;
	geo->max_active = tbl->life.max_active;
}

/**
 * zns_zone_table_free() - free a table and all it holds
 * @tbl: the table, which no probe or reader can see any more (a grace period
 *   after it was unpublished), or NULL
 *
 * Context: Process context, may sleep.
 */
void zns_zone_table_free(struct zone_table *tbl)
{
	if (!tbl)
		return;
	zns_hist_free(tbl);
	zns_reset_log_free(&tbl->reset_log);
	zns_cgroups_free(tbl);
	vfree(tbl->unlisted_pids);
	vfree(tbl->active_zones);
	vfree(tbl);
}

/**
 * zns_zone_table_bytes() - what the table holds, as allocated, for summary's
 * memory_bytes
 * @tbl: the table
 *
 * Context: Any context.
 * Return: bytes.
 */
size_t zns_zone_table_bytes(const struct zone_table *tbl)
{
	return PAGE_ALIGN(struct_size(tbl, zones, tbl->nr_zones)) +
	       PAGE_ALIGN(active_zones_bytes(tbl->nr_zones)) +
	       PAGE_ALIGN(unlisted_pids_bytes(tbl)) + zns_hist_bytes() +
	       zns_reset_log_bytes(&tbl->reset_log) + zns_cgroups_bytes(tbl);
}

/**
 * zns_zone_table_dropped() - count a command of the namespace that could not
 * be placed
 * @ns: the namespace
 *
 * Context: Any context up to hard IRQ (the probes); rcu_read_lock() held;
 * lock-free.
 */
void zns_zone_table_dropped(struct zns_ns *ns)
{
	atomic64_inc(&rcu_dereference(ns->zones)->counters[ZNS_DC_DROPPED]);
}

/**
 * zns_zone_table_cmd_moving() - the zone a command in flight may move
 * (inflight.c, early.c, for seed.c)
 * @zc: the command, as read from its slot or entry
 * @tbl: the table a zone report was made for
 * @zones: bitmap; the command's zone is set in it
 *
 * Context: Any context; the caller's lock (zns_disks_lock, or
 * zns_publish_lock for early.c's entries) held; takes none.
 * Return: true if it names every zone (select-all).
 */
bool zns_zone_table_cmd_moving(const struct zns_cmd *zc,
			       const struct zone_table *tbl,
			       unsigned long *zones)
{
	u64 zone;

	if (zc->op == ZNS_OP_NONE || zc->op == ZNS_OP_IGNORED ||
	    zc->op == ZNS_OP_READ)
		return false;
	if (zc->select_all)
		return true;
	zone = zc->sector >> tbl->zone_shift;
	if (zone < tbl->nr_zones)
		__set_bit(zone, zones);
	return false;
}

static void count_op(struct op_stat *os, u64 lat_ns)
{
	u32 lat32;

	lat_ns = max_t(u64, lat_ns, 1);	/* 0 would read as "none" */
	lat32 = min_t(u64, lat_ns, U32_MAX);
	atomic64_inc(&os->count);
	atomic64_add(lat_ns, &os->lat_sum_ns);
	zns_update_min(&os->lat_min_ns, lat32);
	zns_update_max(&os->lat_max_ns, lat32);
}

/* The command's whole range lies in the table's zones. */
static bool in_table(const struct zone_table *tbl, const struct zns_cmd *zc)
{
	u64 end = (u64)tbl->nr_zones << tbl->zone_shift;

	return zc->sector < end && zc->nr_sectors <= end - zc->sector;
}

/*
 * A read may cross zone boundaries: its sectors count in every zone it
 * touches, the command in the first. Writes and appends cannot cross (the
 * device fails them), so one zone gets everything. The caller checked that
 * the whole range is in the table.
 */
static void count_sectors(struct zone_table *tbl, const struct zns_cmd *zc,
			  u32 zone)
{
	unsigned int opi = zns_op_index(zc->op);
	u64 sector = zc->sector;
	u64 left = zc->nr_sectors;

	/* nearly always: in one zone */
	if (likely(((sector + left - 1) >> tbl->zone_shift) == zone)) {
		atomic64_add(left, &tbl->zones[zone].sectors[opi]);
		return;
	}
	while (left) {
		u64 zone_end = ((u64)zone + 1) << tbl->zone_shift;
		u64 n = min(left, zone_end - sector);

		atomic64_add(n, &tbl->zones[zone].sectors[opi]);
		left -= n;
		sector += n;
		zone++;
	}
}

static void count_write_zeroes(struct write_zeroes_stat *wz, u32 nr_sectors,
			       u64 lat_ns)
{
	atomic64_inc(&wz->count);
	atomic64_add(nr_sectors, &wz->sectors);
	atomic64_add(max_t(u64, lat_ns, 1), &wz->lat_sum_ns);
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
		atomic64_inc(&tbl->counters[ZNS_DC_SELECT_ALL_ERRORS]);
	else if (opi >= ZNS_OPI_RESET && opi <= ZNS_OPI_CLOSE)
		atomic64_inc(&tbl->counters[counter[opi]]);
}

#define ERRORS_COUNT	GENMASK_ULL(ZNS_ERRORS_COUNT_BITS - 1, 0)
#define KIND_MAX	GENMASK_ULL(ZNS_ERRORS_KIND_BITS - 1, 0)

static unsigned int kind_shift(unsigned int kind)
{
	return ZNS_ERRORS_COUNT_BITS + ZNS_ERRORS_KIND_BITS * kind;
}

/* Every kind's count halved, the total kept. */
static u64 halve_kinds(u64 errors)
{
	u64 halved = errors & ERRORS_COUNT;
	unsigned int i;

	for (i = 0; i < ZNS_NR_ZONE_ERRORS; i++)
		halved |= (((errors >> kind_shift(i)) & KIND_MAX) >> 1) << kind_shift(i);
	return halved;
}

/* One failed command of the zone; a ZNS status also counts by its kind. */
static void count_error(struct zone_stat *zs, u16 status)
{
	unsigned int kind = status - ZNS_SC_ZONE_FIRST;
	u64 old = atomic64_read(&zs->errors), new;

	do {
		new = old;
		if ((new & ERRORS_COUNT) != ERRORS_COUNT)
			new++;
		if (kind < ZNS_NR_ZONE_ERRORS) {
			if (((new >> kind_shift(kind)) & KIND_MAX) == KIND_MAX)
				new = halve_kinds(new);
			new += BIT_ULL(kind_shift(kind));
		}
	} while (!atomic64_try_cmpxchg(&zs->errors, &old, new));
}

/*
 * A placement table's command: its row, from the placement it names (the
 * code in its sector); an ID the namespace does not list is remembered,
 * its bit tested first so that a hot ID's line is not written again.
 */
static void place(struct zone_table *tbl, struct zns_cmd *zc)
{
	u64 code = zc->sector >> ZNS_PLACEMENT_SHIFT;

	zc->sector = zns_placement_row_sector(&tbl->placement, zc->sector);
	if (zc->sector >> ZNS_PLACEMENT_SHIFT == tbl->placement.nr + 1 &&
	    !test_bit(code, tbl->unlisted_pids))
		set_bit(code, tbl->unlisted_pids);
}

/*
 * The count itself, for a zone table (zones) or a placement table, whose
 * commands have their row in their sector by now and no lifecycle: one
 * copy each, so that the zones' path pays nothing for placements.
 */
static __always_inline void account(struct zone_table *tbl,
				    const struct zns_cmd *zc,
				    const struct zns_done *done,
				    bool check_gen, const bool zones)
{
	unsigned int opi = zns_op_index(zc->op);
	u64 lat_ns = done->now_ns - zc->start_ns;
	struct zone_stat *zs;
	u32 zone, fill, owner;

	if (unlikely(check_gen && zc->table_gen != tbl->gen)) {
		atomic64_inc(&tbl->counters[ZNS_DC_DROPPED]);
		return;
	}
	if (done->status)
		zns_errors_count(tbl, opi, done->status);
	if (zc->select_all) {
		/* a successful reset's event: when every zone applied it */
		if (done->status && opi == ZNS_OPI_RESET)
			zns_reset_log_add(&tbl->reset_log, U32_MAX, lat_ns,
					  done->status, ZNS_FILL_UNKNOWN);
		else if (!done->status &&
			 zns_life_select_all(tbl, opi, done->now_ns, lat_ns))
			zns_sweep_request();
		count_select_all(tbl, opi, done->status);
		zns_cgroups_account(tbl, zc, opi, done->status, lat_ns);
		if (!done->status)
			hist_latency(tbl, opi, lat_ns);
		return;
	}
	if (unlikely(!in_table(tbl, zc))) {
		atomic64_inc(&tbl->counters[ZNS_DC_DROPPED]);
		return;
	}
	zone = zc->sector >> tbl->zone_shift;
	zs = &tbl->zones[zone];
	owner = zns_cgroups_account(tbl, zc, opi, done->status, lat_ns);
	if (done->status) {
		if (opi == ZNS_OPI_RESET)
			zns_reset_log_add(&tbl->reset_log, zone, lat_ns,
					  done->status, ZNS_FILL_UNKNOWN);
		if (zones)
			zns_life_failed(tbl, zone, opi, zc, done);
		count_error(zs, done->status);
		return;
	}
	fill = opi == ZNS_OPI_READ || !zones ? 0 :
	       zns_life_done(tbl, zone, opi, zc, done, owner);
	if (owner && zc->cgroup == ZNS_ROOT_CGROUP_ID)
		atomic64_add(zc->nr_sectors, &zs->root_written);
	if (opi == ZNS_OPI_RESET)
		zns_reset_log_add(&tbl->reset_log, zone, lat_ns, 0, fill);
	if (done->has_wait) {
		atomic64_add(done->wait_ns, &zs->life.queue_wait_ns);
		hist_queue_wait(tbl, opi, done->wait_ns);
	}
	hist_latency(tbl, opi, lat_ns);
	if (opi == ZNS_OPI_WRITE_ZEROES) {
		count_write_zeroes(&zs->write_zeroes, zc->nr_sectors, lat_ns);
		return;
	}
	count_op(&zs->op[opi], lat_ns);
	if (opi <= ZNS_OPI_APPEND) {
		count_sectors(tbl, zc, zone);
		hist_io(tbl, zc, done);
	}
}

/* A placement table's command: counted in the row of its placement. */
static noinline void account_placed(struct zone_table *tbl,
				    const struct zns_cmd *zc,
				    const struct zns_done *done, bool check_gen)
{
	struct zns_cmd placed = *zc;

	place(tbl, &placed);
	account(tbl, &placed, done, check_gen, false);
}

/**
 * zns_zone_table_account() - count one completed command, in one place, by
 * its outcome
 * @tbl: the namespace's table
 * @zc: the command, as set up
 * @done: how it ended
 * @check_gen: the command was set up against a table of this generation; one
 *   from before a geometry change is dropped rather than counted in the
 *   wrong zone, and so is one whose range is not in the table
 *
 * Context: Any context up to hard IRQ: the completion probes under
 * rcu_read_lock(), or early.c's commands with zns_publish_lock held (the
 * probes, or the discovery worker); lock-free but for a select-all command's
 * &life_ns.pending_lock (raw, irqsave).
 */
void zns_zone_table_account(struct zone_table *tbl, const struct zns_cmd *zc,
			    const struct zns_done *done, bool check_gen)
{
	if (unlikely(tbl->kind != ZNS_KIND_ZONES))
		account_placed(tbl, zc, done, check_gen);
	else
		account(tbl, zc, done, check_gen, true);
}

/* The zone's most frequent ZNS status code (the lowest of a tie), 0: none. */
static u64 top_zone_error(u64 errors)
{
	unsigned int i, n, best = 0, best_count = 0;

	for (i = 0; i < ZNS_NR_ZONE_ERRORS; i++) {
		n = (errors >> kind_shift(i)) & KIND_MAX;
		if (n > best_count) {
			best = ZNS_SC_ZONE_FIRST + i;
			best_count = n;
		}
	}
	return best;
}

/**
 * zns_zone_stat_values() - every column of "zones" for one zone, in order
 * @tbl: the namespace's table
 * @zone: the zone
 * @v: filled, indexed by enum zns_zone_counter
 *
 * Context: Any context; rcu_read_lock() held (debugfs readers, process
 * context); lock-free.
 */
void zns_zone_stat_values(struct zone_table *tbl, u32 zone, u64 *v)
{
	struct zone_stat *zs = &tbl->zones[zone];
	static const u8 lat_op[] = {
		ZNS_OPI_READ, ZNS_OPI_WRITE, ZNS_OPI_APPEND,
		ZNS_OPI_FINISH, ZNS_OPI_OPEN, ZNS_OPI_CLOSE,
	};
	struct op_stat *os;
	unsigned int i;
	u64 errors;

	v[ZNS_ZC_READS] = atomic64_read(&zs->op[ZNS_OPI_READ].count);
	v[ZNS_ZC_READ_SECTORS] = atomic64_read(&zs->sectors[ZNS_OPI_READ]);
	v[ZNS_ZC_WRITES] = atomic64_read(&zs->op[ZNS_OPI_WRITE].count);
	v[ZNS_ZC_WRITE_SECTORS] = atomic64_read(&zs->sectors[ZNS_OPI_WRITE]);
	v[ZNS_ZC_APPENDS] = atomic64_read(&zs->op[ZNS_OPI_APPEND].count);
	v[ZNS_ZC_APPEND_SECTORS] = atomic64_read(&zs->sectors[ZNS_OPI_APPEND]);
	os = &zs->op[ZNS_OPI_RESET];
	v[ZNS_ZC_RESETS] = atomic64_read(&os->count);
	v[ZNS_ZC_RESET_LAT_MIN_NS] = (u32)atomic_read(&os->lat_min_ns);
	v[ZNS_ZC_RESET_LAT_MAX_NS] = (u32)atomic_read(&os->lat_max_ns);
	v[ZNS_ZC_RESET_LAT_SUM_NS] = atomic64_read(&os->lat_sum_ns);
	v[ZNS_ZC_FINISHES] = atomic64_read(&zs->op[ZNS_OPI_FINISH].count);
	v[ZNS_ZC_OPENS] = atomic64_read(&zs->op[ZNS_OPI_OPEN].count);
	v[ZNS_ZC_CLOSES] = atomic64_read(&zs->op[ZNS_OPI_CLOSE].count);
	errors = atomic64_read(&zs->errors);
	v[ZNS_ZC_ERRORS] = errors & ERRORS_COUNT;
	/* read_lat_min_ns .. close_lat_sum_ns: min, max, sum per operation */
	for (i = 0; i < ARRAY_SIZE(lat_op); i++) {
		os = &zs->op[lat_op[i]];
		v[ZNS_ZC_READ_LAT_MIN_NS + 3 * i] = (u32)atomic_read(&os->lat_min_ns);
		v[ZNS_ZC_READ_LAT_MAX_NS + 3 * i] = (u32)atomic_read(&os->lat_max_ns);
		v[ZNS_ZC_READ_LAT_SUM_NS + 3 * i] = atomic64_read(&os->lat_sum_ns);
	}
	v[ZNS_ZC_TOP_ZONE_ERROR] = top_zone_error(errors);
	v[ZNS_ZC_WRITE_ZEROES] = atomic64_read(&zs->write_zeroes.count);
	v[ZNS_ZC_WRITE_ZEROES_SECTORS] = atomic64_read(&zs->write_zeroes.sectors);
	v[ZNS_ZC_WRITE_ZEROES_LAT_SUM_NS] =
		atomic64_read(&zs->write_zeroes.lat_sum_ns);
	zns_life_values(tbl, zone, v);
	v[ZNS_ZC_OWNER_CGROUP] = zns_cgroups_owner_id(tbl, v[ZNS_ZC_OWNER_CGROUP]);
	v[ZNS_ZC_ROOT_WRITTEN_SECTORS] = atomic64_read(&zs->root_written);
}
