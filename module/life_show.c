// SPDX-License-Identifier: GPL-2.0
/*
 * What the lifecycle shows: a zone's columns of "zones" and its owner, and
 * the namespace's "lifecycle" and "lifetimes" files. Each reader first
 * applies the select-all commands published, so that the figures are the
 * commands' (zns_life_caught_up(), zns_life_catch_up()).
 */
#include <linux/minmax.h>

#include "life.h"

/**
 * zns_life_values() - the lifecycle columns of "zones" for one zone
 * @tbl: the namespace's table
 * @zone: the zone
 * @v: filled at the lifecycle's columns (enum zns_zone_counter); the owner
 *   as a code, for zns_zone_stat_values() to translate
 *
 * Times are CLOCK_REALTIME as it stood when the table was made: a later step
 * of the wall clock does not move them. The zone first applies the
 * select-all commands published.
 *
 * Context: Any context; rcu_read_lock() held (debugfs readers, process
 * context); lock-free.
 */
void zns_life_values(struct zone_table *tbl, u32 zone, u64 *v)
{
	struct zone_life *zl = &tbl->zones[zone].life;
	u64 s = zns_life_caught_up(tbl, zone);
	u64 changed = changed_of(zl, s);
	u32 min = atomic_read(&zl->fill_min), max = atomic_read(&zl->fill_max);

	v[ZNS_ZC_HOST_COND] = may_be_closed(&tbl->life, cond_of(s), changed) ?
			      ZNS_HOST_UNKNOWN : cond_of(s);
	v[ZNS_ZC_HOST_WRITTEN_SECTORS] = written_of(s);
	v[ZNS_ZC_HOST_WRITTEN_KNOWN] = !!(s & LIFE_KNOWN);
	v[ZNS_ZC_HOST_COND_TIME_NS] = time_known(changed) ?
				      changed + tbl->real_offset : 0;
	v[ZNS_ZC_FILL_RESETS] = atomic_read(&zl->fill_resets);
	v[ZNS_ZC_FILL_SUM_SECTORS] = atomic64_read(&zl->fill_sum);
	v[ZNS_ZC_FILL_MIN_SECTORS] = min ? min - 1 : 0;
	v[ZNS_ZC_FILL_MAX_SECTORS] = max ? max - 1 : 0;
	v[ZNS_ZC_FINISH_WASTE_SECTORS] = atomic64_read(&zl->finish_waste);
	v[ZNS_ZC_QUEUE_WAIT_SUM_NS] = atomic64_read(&zl->queue_wait_ns);
	v[ZNS_ZC_OWNER_CGROUP] = owner_of(s);	/* a code: zns_zone_stat_values() */
}

/**
 * zns_life_owner() - the zone's owner code, select-all resets applied
 * @tbl: the namespace's table
 * @zone: the zone
 *
 * Context: Any context; rcu_read_lock() held (debugfs readers); lock-free.
 * Return: ZNS_OWNER_NONE, ZNS_OWNER_MIXED, or ZNS_OWNER_FIRST + the writer's
 * cgroup entry.
 */
u32 zns_life_owner(struct zone_table *tbl, u32 zone)
{
	return owner_of(zns_life_caught_up(tbl, zone));
}

/* Time at a limit so far, the current stay included. */
static u64 at_limit(atomic_t *count, u32 limit, atomic64_t *since,
		    atomic64_t *done, u64 now)
{
	u64 t = atomic64_read(since), sum = atomic64_read(done);

	if (limit && atomic_read(count) >= limit && t && now > t)
		sum += now - t;
	return sum;
}

static u64 status_errors(struct zone_table *tbl, enum zns_status_kind kind)
{
	u64 sum = 0;
	int opi;

	for (opi = 0; opi < ZNS_NR_OPS; opi++)
		sum += atomic64_read(&tbl->status.known[kind][opi]);
	return sum;
}

/* Zones the host left implicitly open that the device may have closed. */
static u32 open_uncertain(struct zone_table *tbl)
{
	struct zone_life *zl;
	u32 zone, n = 0;

	if (!READ_ONCE(tbl->life.evicted_ns))
		return 0;
	for (zone = 0; zone < tbl->nr_zones; zone++) {
		u64 s;

		zl = &tbl->zones[zone].life;
		s = atomic64_read(&zl->state);
		n += may_be_closed(&tbl->life, cond_of(s), changed_of(zl, s));
	}
	return n;
}

/*
 * The device never has more than max_open open: a host's view above it is
 * zones it closed, so the limit was reached and the peak is the limit.
 */
static int open_peak(const struct life_ns *l)
{
	int peak = atomic_read(&l->open_peak);

	return l->max_open ? min_t(int, peak, l->max_open) : peak;
}

/**
 * zns_life_show() - the "lifecycle" file: the namespace's figures, one "key
 * value" per line
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock(), and &life_ns.pending_lock (raw, irqsave) to catch up.
 * Return: 0.
 */
int zns_life_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	u64 now = ktime_get_ns();
	struct zone_table *tbl;
	struct life_ns *l;
	u32 uncertain;
	int i;

	rcu_read_lock();
	tbl = rcu_dereference(ns->zones);
	l = &tbl->life;
	zns_life_catch_up(tbl, false);
	uncertain = open_uncertain(tbl);
	seq_printf(m, "zone_capacity_sectors %u\n", zone_cap(tbl, 0));
	seq_printf(m, "last_zone_capacity_sectors %u\n",
		   zone_cap(tbl, tbl->nr_zones - 1));
	seq_printf(m, "max_open_zones %u\n", l->max_open);
	seq_printf(m, "max_active_zones %u\n", l->max_active);
	seq_printf(m, "open_zones %d\n",
		   max_t(int, atomic_read(&l->open) - (int)uncertain, 0));
	seq_printf(m, "open_zones_uncertain %u\n", uncertain);
	seq_printf(m, "open_zones_peak %d\n", open_peak(l));
	seq_printf(m, "active_zones %d\n", atomic_read(&l->active));
	seq_printf(m, "active_zones_peak %d\n", atomic_read(&l->active_peak));
	seq_printf(m, "open_limit_time_ns %llu\n",
		   at_limit(&l->open, l->max_open,
			    &l->open_limit_since,
			    &l->open_limit_ns, now));
	seq_printf(m, "active_limit_time_ns %llu\n",
		   at_limit(&l->active, l->max_active,
			    &l->active_limit_since,
			    &l->active_limit_ns, now));
	seq_printf(m, "opens_over_limit %lld\n",
		   atomic64_read(&l->opens_over_limit));
	seq_printf(m, "opens_maybe_over_limit %lld\n",
		   atomic64_read(&l->opens_maybe_over_limit));
	seq_printf(m, "too_many_open_errors %llu\n",
		   status_errors(tbl, ZNS_ST_TOO_MANY_OPEN));
	seq_printf(m, "too_many_active_errors %llu\n",
		   status_errors(tbl, ZNS_ST_TOO_MANY_ACTIVE));
	seq_printf(m, "resets_fill_unknown %lld\n",
		   atomic64_read(&l->fill_unknown));
	seq_printf(m, "resets_fill_fraction_unknown %lld\n",
		   atomic64_read(&l->fill_fraction_unknown));
	seq_printf(m, "resets_select_all_unknown %lld\n",
		   atomic64_read(&l->select_all_unknown));
	seq_printf(m, "select_all_walks %lld\n",
		   atomic64_read(&l->select_all_walks));
	seq_printf(m, "seed_pending %u\n", READ_ONCE(l->seed_pending));
	seq_printf(m, "seed_reports %u\n", READ_ONCE(l->seed_reports));
	seq_printf(m, "zones_seeded %u\n", READ_ONCE(l->zones_seeded));
	seq_printf(m, "zones_seed_raced %u\n", READ_ONCE(l->zones_seed_raced));
	for (i = 0; i < ZNS_FILL_BUCKETS; i++)
		seq_printf(m, "resets_fill_%dpct %lld\n", i * 10,
			   atomic64_read(&l->fill[i]));
	seq_printf(m, "reclaimed_sectors %lld\n", atomic64_read(&l->reclaimed));
	seq_printf(m, "finishes_waste_known %lld\n",
		   atomic64_read(&l->finishes));
	seq_printf(m, "finishes_waste_unknown %lld\n",
		   atomic64_read(&l->finish_unknown));
	seq_printf(m, "finish_waste_sectors %lld\n",
		   atomic64_read(&l->finish_waste));
	seq_printf(m, "time_to_full_sum_ns %lld\n",
		   atomic64_read(&l->time_to_full_ns));
	seq_printf(m, "time_open_sum_ns %lld\n",
		   atomic64_read(&l->time_open_ns));
	rcu_read_unlock();
	return 0;
}

static void show_times(struct seq_file *m, const char *what,
		       atomic64_t *buckets)
{
	int i;
	u64 n;

	for (i = 0; i < ZNS_LIFE_BUCKETS; i++) {
		n = atomic64_read(&buckets[i]);
		if (n)
			seq_printf(m, "%s %llu %llu %llu\n", what,
				   i ? 1ULL << i : 0, (2ULL << i) - 1, n);
	}
}

/**
 * zns_life_times_show() - the "lifetimes" file: time from the first write to
 * full, and time open
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock(), and &life_ns.pending_lock (raw, irqsave) to catch up.
 * Return: 0.
 */
int zns_life_times_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	struct zone_table *tbl;

	seq_puts(m, "# what time_lo_us time_hi_us count\n");
	rcu_read_lock();
	tbl = rcu_dereference(ns->zones);
	zns_life_catch_up(tbl, false);
	show_times(m, "to_full", tbl->life.time_to_full);
	show_times(m, "open", tbl->life.time_open);
	rcu_read_unlock();
	return 0;
}
