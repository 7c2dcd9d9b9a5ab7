// SPDX-License-Identifier: GPL-2.0
/*
 * A select-all command's completion does not walk the zones: it publishes
 * the command in a ring (struct life_pending), each zone's word counts the
 * ones it applied, and a zone applies those it has not before anything
 * else moves or reads it (zns_life_caught_up(), life_move.c). The zones
 * open or closed (a bitmap, as many as the device keeps active) apply it
 * at once, so that the open and active counts the probes decide by stay
 * true; the others, whose move changes no count, when next touched, read
 * (zns_life_catch_up()) or swept (sweep.c). A select-all reset's event
 * joins the reset log once every zone applied it, when its fill is known.
 * With LIFE_PENDING commands waiting, the next one walks the zones as
 * before.
 */
#include <linux/minmax.h>

#include "life.h"

/*
 * A select-all reset's fill for its event: the zones' sum, unknown if any
 * zone's was; a known sum stops below ZNS_FILL_UNKNOWN.
 */
static u32 select_all_fill(bool unknown, u64 sum)
{
	return unknown ? ZNS_FILL_UNKNOWN : min_t(u64, sum, U32_MAX - 1);
}

/*
 * Select-all commands every zone applied leave the ring; a reset's event,
 * its fill known now, joins the reset log. Holds pending_lock.
 */
static void retire_applied(struct zone_table *tbl)
{
	struct life_ns *l = &tbl->life;
	struct life_pending *p;
	u32 fill;

	while (l->pending_done != l->pending_gen) {
		p = &l->pending[l->pending_done % LIFE_PENDING];
		if (atomic_read(&p->applied) < tbl->nr_zones)
			break;		/* a zone applies it on another CPU */
		smp_rmb();	/* the fills before the count */
		fill = select_all_fill(atomic_read(&p->fill_unknown),
				       atomic64_read(&p->fill));
		if (p->opi == ZNS_OPI_RESET)
			zns_reset_log_add_at(&tbl->reset_log, U32_MAX, p->latency_ns,
					     0, fill, p->real_ns);
		WRITE_ONCE(l->pending_done, l->pending_done + 1);
	}
}

/**
 * zns_life_catch_up() - every zone applies the select-all commands published
 * @tbl: the namespace's table
 * @can_sleep: in process context, not under rcu_read_lock(): the walk
 *   reschedules every 1024 zones
 *
 * Before a file shows the namespace's figures, and by the sweep. The
 * commands every zone applied then leave the ring; a reset's event joins the
 * reset log.
 *
 * Context: Any context up to hard IRQ if !@can_sleep (with @tbl kept alive:
 * rcu_read_lock() or zns_disks_lock); takes &life_ns.pending_lock (raw,
 * irqsave) when anything was published.
 */
void zns_life_catch_up(struct zone_table *tbl, bool can_sleep)
{
	struct life_ns *l = &tbl->life;
	unsigned long flags;
	u32 zone;

	/* pairs with the release in publish(): nothing published since */
	if (smp_load_acquire(&l->pending_gen) == READ_ONCE(l->pending_done))
		return;
	for (zone = 0; zone < tbl->nr_zones; zone++) {
		zns_life_caught_up(tbl, zone);
		if (can_sleep && !(zone % 1024))
			cond_resched();
	}
	raw_spin_lock_irqsave(&l->pending_lock, flags);
	retire_applied(tbl);
	raw_spin_unlock_irqrestore(&l->pending_lock, flags);
}

/* Publishes a select-all command in the ring; false if it is full. */
static bool publish(struct zone_table *tbl, unsigned int opi, u64 now_ns,
		    u64 latency_ns)
{
	struct life_ns *l = &tbl->life;
	struct life_pending *p;
	unsigned long flags;
	bool room;

	raw_spin_lock_irqsave(&l->pending_lock, flags);
	retire_applied(tbl);
	room = l->pending_gen - l->pending_done < LIFE_PENDING;
	if (room) {
		p = &l->pending[l->pending_gen % LIFE_PENDING];
		p->opi = opi;
		p->now_ns = now_ns;
		p->real_ns = ktime_get_real_ns();
		p->latency_ns = latency_ns;
		p->zone_cap = READ_ONCE(l->zone_cap);
		p->last_zone_cap = READ_ONCE(l->last_zone_cap);
		atomic64_set(&p->fill, 0);
		atomic_set(&p->fill_unknown, 0);
		atomic_set(&p->applied, 0);
		/* pairs with the acquire in next_pending() */
		smp_store_release(&l->pending_gen, l->pending_gen + 1);
	}
	raw_spin_unlock_irqrestore(&l->pending_lock, flags);
	return room;
}

/*
 * No room in the ring (LIFE_PENDING commands not yet swept): every zone
 * applies this one now, after those before it; its reset event is logged
 * at once.
 */
static void walk_select_all(struct zone_table *tbl, unsigned int opi,
			    u64 now_ns, u64 latency_ns)
{
	bool unknown = false;
	u32 zone, fill;
	u64 sum = 0;

	atomic64_inc(&tbl->life.select_all_walks);
	for (zone = 0; zone < tbl->nr_zones; zone++) {
		zns_life_move(tbl, zone, zns_life_caught_up(tbl, zone), opi, 0,
			      0, true, false, now_ns, zone_cap(tbl, zone), &fill);
		if (fill == ZNS_FILL_UNKNOWN)
			unknown = true;
		else
			sum += fill;
	}
	if (opi == ZNS_OPI_RESET)
		zns_reset_log_add(&tbl->reset_log, U32_MAX, latency_ns, 0,
				  select_all_fill(unknown, sum));
}

/**
 * zns_life_select_all() - a select-all command succeeded
 * @tbl: the namespace's table
 * @opi: its operation (enum zns_op_index)
 * @now_ns: its completion, ktime_get_ns()
 * @latency_ns: its latency
 *
 * Published for every zone to apply, the open and closed ones at once. With
 * the ring full (LIFE_PENDING commands not yet applied by every zone) the
 * zones catch up, and failing that this command walks every zone now. Its
 * completion's cost: the bitmap's words and the active zones.
 *
 * Context: Any context up to hard IRQ (the completion probes under
 * rcu_read_lock(); the discovery worker for early.c's commands,
 * zns_publish_lock held); takes &life_ns.pending_lock (raw, irqsave).
 * Return: true when the other zones wait for the sweep
 * (zns_sweep_request()).
 */
bool zns_life_select_all(struct zone_table *tbl, unsigned int opi, u64 now_ns,
			 u64 latency_ns)
{
	u32 zone;

	if (!publish(tbl, opi, now_ns, latency_ns)) {
		zns_life_catch_up(tbl, false);	/* the ring's commands */
		if (!publish(tbl, opi, now_ns, latency_ns)) {
			walk_select_all(tbl, opi, now_ns, latency_ns);
			return false;
		}
	}
	smp_mb();	/* published, then the bits read: pairs with track_active() */
	for_each_set_bit(zone, tbl->active_zones, tbl->nr_zones)
		zns_life_caught_up(tbl, zone);
	return true;
}
