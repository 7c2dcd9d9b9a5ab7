// SPDX-License-Identifier: GPL-2.0
/*
 * Zones as the host drove them: the condition and written sectors each
 * successful command leaves a zone in, and what the transitions add up to
 * (fill at reset, finish waste, open and active zones against the limits,
 * time to full, time open). From the commands the probes see, with no
 * device query: a zone zns_stat cannot know (written before it loaded, or
 * after a write it did not expect failed) is "unknown" until a reset, a
 * finish or a zone report passing through the probes says (life_seed.c).
 * The zone's word and its tagged times: life.h; the transitions, a word in
 * and a word out: life_state.h.
 *
 * A device with max_open_zones open closes an implicitly open zone to open
 * another, without saying which: from then on every zone the host left
 * implicitly open before that moment (evicted_ns) may be closed, and shows
 * an unknown condition until a command or a zone report says where it is.
 *
 * Before it moves, a zone applies the select-all commands published for it
 * (zns_life_caught_up(); life_select_all.c publishes them).
 */
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/nvme.h>

#include "life.h"
#include "life_state.h"

/*
 * A namespace-wide time that only moves forward, whoever writes last.
 * Returns whether this call moved it.
 */
static bool time_forward(u64 *t, u64 now)
{
	u64 old = READ_ONCE(*t);

	while (now > old)
		if (try_cmpxchg(t, &old, now))
			return true;
	return false;
}

/*
 * The device may just have closed an implicitly open zone. Only a zone that
 * became open since the last such moment needs a new one: the others are
 * already uncertain, and a workload with more zones than max_open writes
 * no shared word per command.
 */
static void device_may_close(struct life_ns *l, u64 now, int certain)
{
	/*
	 * Even, as a seen change's time is: the zone whose opening made the
	 * device close another changed at this very time, and stays certain.
	 * A time not later than the last such moment makes no zone uncertain
	 * that was not (the zones are those open since before it): only the
	 * call that moves it counts them again, and a zone confirmed open at
	 * that same time stays certain.
	 */
	if (READ_ONCE(l->opened_ns) >= READ_ONCE(l->evicted_ns) &&
	    time_forward(&l->evicted_ns, now & ~LIFE_TIME_UNKNOWN)) {
		/* any zone implicitly open now may be the one, but certain */
		atomic_set(&l->uncertain,
			   max(atomic_read(&l->imp_open) - certain, 0));
	}
}

/**
 * zns_life_init() - a new table's lifecycle: capacities and limits
 * @tbl: the table, not yet published
 * @geo: the namespace's geometry and queue limits (0: unknown or none)
 *
 * Context: Process context; zns_disks_lock held (zone_table.c).
 */
void zns_life_init(struct zone_table *tbl, const struct zns_geometry *geo)
{
	tbl->life.zone_cap = geo->zone_cap;
	tbl->life.last_zone_cap = geo->last_zone_cap;
	tbl->life.max_open = geo->max_open;
	tbl->life.max_active = geo->max_active;
	raw_spin_lock_init(&tbl->life.pending_lock);
}

static void update_peak(atomic_t *peak, int n)
{
	int old = atomic_read(peak);

	while (n > old)
		if (atomic_try_cmpxchg(peak, &old, n))
			break;
}

/*
 * Open or active zones go up or down by delta; the time the count spends at
 * its limit is added when it leaves it. Two zones crossing the limit's edge
 * at once may lose the nanoseconds between them.
 */
static void count_zones(atomic_t *count, atomic_t *peak, u32 limit,
			atomic64_t *since, atomic64_t *at_limit, int delta,
			u64 now)
{
	int n;

	if (!delta)
		return;
	n = atomic_add_return(delta, count);
	if (delta > 0) {
		update_peak(peak, n);
		if (limit && n == limit)
			atomic64_set(since, now);
	} else if (limit && n == limit - 1) {
		u64 t = atomic64_xchg(since, 0);

		if (t && now > t)
			atomic64_add(now - t, at_limit);
	}
}

static unsigned int time_bucket(u64 ns)
{
	u64 us = div_u64(ns, NSEC_PER_USEC);

	return us < 2 ? 0 : min_t(unsigned int, ilog2(us), ZNS_LIFE_BUCKETS - 1);
}

/*
 * A zone opens while the host's view has max_open open: the device had to
 * close one if all of them are open for sure, and may have had to if some
 * are zones it may already have closed.
 */
static bool open_at_limit(struct life_ns *l)
{
	int open = atomic_read(&l->open);

	if (open < l->max_open)
		return false;
	if (open - atomic_read(&l->uncertain) >= l->max_open)
		atomic64_inc(&l->opens_over_limit);
	else
		atomic64_inc(&l->opens_maybe_over_limit);
	return true;
}

/*
 * Keeps the bitmap of zones open or closed true to the zone's word: the
 * last CPU to set or clear the bit reads the word after it did.
 */
static void track_active(struct zone_table *tbl, struct zone_life *zl)
{
	u32 zone = container_of(zl, struct zone_stat, life) - tbl->zones;
	bool active;

	do {
		active = is_active(cond_of(atomic64_read(&zl->state)));
		if (active)
			set_bit(zone, tbl->active_zones);
		else
			clear_bit(zone, tbl->active_zones);
		smp_mb__after_atomic();	/* the bit, then the word read again */
	} while (is_active(cond_of(atomic64_read(&zl->state))) != active);
}

/**
 * zns_life_cond_changed() - a zone's condition changed: open and active
 * zones, and their times
 * @tbl: the namespace's table
 * @zl: the zone
 * @oc: its condition before (enum zns_host_cond)
 * @nc: its condition now
 * @now: ktime_get_ns()
 * @seen: the change happened now, by a command; a zone report only says
 *   where a zone is (its time of change stays unknown: 0, or for an open
 *   zone @now | LIFE_TIME_UNKNOWN, open after any close the device made
 *   before the report)
 * @since: when the zone last changed before (changed_of())
 * @s: its state now, whose tag the time written carries (the move tagged
 *   it when it writes one: tag_times())
 *
 * Called by whoever moved the zone's word from @oc to @nc, once.
 *
 * Context: Any context up to hard IRQ (the completion probes under
 * rcu_read_lock(), the readers catching up, seed.c's worker); lock-free.
 */
void zns_life_cond_changed(struct zone_table *tbl, struct zone_life *zl,
			   unsigned int oc, unsigned int nc, u64 now, bool seen,
			   u64 since, u64 s)
{
	struct life_ns *l = &tbl->life;

	if (seen && is_open(nc) && !is_open(oc) && l->max_open &&
	    open_at_limit(l))
		device_may_close(l, now, 0);	/* the new zone: not yet counted */
	atomic_add((nc == ZNS_HOST_IMP_OPEN) - (oc == ZNS_HOST_IMP_OPEN),
		   &l->imp_open);
	count_zones(&l->open, &l->open_peak, l->max_open,
		    &l->open_limit_since, &l->open_limit_ns,
		    is_open(nc) - is_open(oc), now);
	count_zones(&l->active, &l->active_peak, l->max_active,
		    &l->active_limit_since, &l->active_limit_ns,
		    is_active(nc) - is_active(oc), now);
	if (is_active(nc) != is_active(oc))
		track_active(tbl, zl);
	/*
	 * Closed, full or empty now. Not known when it left open: after the
	 * device may have closed it, or when the zone becomes unknown.
	 */
	if (seen && is_open(oc) && nc != ZNS_HOST_UNKNOWN && !is_open(nc) &&
	    time_known(since) && now >= since && !may_be_closed(l, oc, since)) {
		atomic64_inc(&l->time_open[time_bucket(now - since)]);
		atomic64_add(now - since, &l->time_open_ns);
	}
	if (!seen) {
		/* a report: where it is, not since when; open as of now */
		set_changed(zl, is_open(nc) ? now | LIFE_TIME_UNKNOWN : 0, s);
	} else if (!(is_open(oc) && is_open(nc))) {	/* open stays open */
		set_changed(zl, now & ~LIFE_TIME_UNKNOWN, s);
		if (is_open(nc))
			time_forward(&l->opened_ns, now);
	}
}

/*
 * A zone the device may have closed is open for sure now (a write or an
 * open succeeded, or a zone report says so), since a time not known; if the
 * device did reopen it, it may have closed another.
 */
static void open_confirmed(struct life_ns *l, struct zone_life *zl, u64 s,
			   u64 now)
{
	device_may_close(l, now, cond_of(s) == ZNS_HOST_IMP_OPEN);
	set_changed(zl, now | LIFE_TIME_UNKNOWN, s);
	time_forward(&l->opened_ns, now | LIFE_TIME_UNKNOWN);
}

/* The fill of a reset: in the zone, and in the namespace's histogram. */
static void count_fill(struct zone_table *tbl, struct zone_life *zl, u32 cap,
		       u32 fill)
{
	struct life_ns *l = &tbl->life;

	if (fill == ZNS_FILL_UNKNOWN) {
		atomic64_inc(&l->fill_unknown);
		return;
	}
	atomic_inc(&zl->fill_resets);
	atomic64_add(fill, &zl->fill_sum);
	zns_update_min(&zl->fill_min, fill + 1);
	zns_update_max(&zl->fill_max, fill + 1);
	atomic64_add(fill, &l->reclaimed);
	if (!fill)
		atomic64_inc(&l->fill[0]);
	else if (cap)
		atomic64_inc(&l->fill[min_t(u64, DIV_ROUND_UP_ULL((u64)fill * 10, cap),
					    ZNS_FILL_BUCKETS - 1)]);
	else
		atomic64_inc(&l->fill_fraction_unknown);
}

/* What a finish left unwritten, from the state before it. */
static void count_finish(struct zone_table *tbl, struct zone_life *zl,
			 u64 old, u32 cap)
{
	struct life_ns *l = &tbl->life;
	u32 waste;

	if (cond_of(old) == ZNS_HOST_FULL) {
		waste = 0;
	} else if ((old & LIFE_KNOWN) && cap && written_of(old) <= cap) {
		/* the written sectors say it, the condition known or not */
		waste = cap - written_of(old);
	} else {
		atomic64_inc(&l->finish_unknown);
		return;
	}
	atomic64_add(waste, &zl->finish_waste);
	atomic64_add(waste, &l->finish_waste);
	atomic64_inc(&l->finishes);
}

/*
 * The move from old to new, its times tagged: the time of change when the
 * condition changes (but between two open ones) or an uncertain zone is
 * open for sure now (open_confirmed()); the first write's when the first
 * sectors are written. changed: the zone's time of change in old.
 */
static u64 tag_times(const struct life_ns *l, u64 old, u64 new, u64 changed)
{
	unsigned int oc = cond_of(old), nc = cond_of(new);

	if ((oc != nc && !(is_open(oc) && is_open(nc))) ||
	    (is_open(nc) && may_be_closed(l, oc, changed)))
		new = next_tag(new, LIFE_CTAG, LIFE_CTAG_SHIFT);
	if (first_write(old, new))
		new = next_tag(new, LIFE_WTAG, LIFE_WTAG_SHIFT);
	return new;
}

/* After moved_unknown(): the first write's time, under the new tag. */
static void retag_first_write(struct zone_life *zl, u64 old, u64 new)
{
	set_first_write(zl, first_write_of(zl, old), new);
}

/**
 * zns_life_move() - move one zone by a successful command, and apply what
 * the move means
 * @tbl: the namespace's table
 * @zone: the zone
 * @old: its word as the caller read it
 * @opi: the command's operation (enum zns_op_index)
 * @n: the sectors it wrote
 * @owner: the owner code its cgroup gives the zone, 0: none
 * @select_all: the command named every zone
 * @step: the move is a published select-all command's, and the word's
 *   count of those moves with it
 * @now: the command's completion, ktime_get_ns()
 * @cap: the zone's capacity when the command completed
 * @fill: set to the fill of a reset that applied (ZNS_FILL_UNKNOWN when not
 *   known), 0 otherwise
 *
 * Unless @step, the zone first applies the select-all commands published.
 *
 * Context: Any context up to hard IRQ (the completion probes under
 * rcu_read_lock(), the walk of a select-all command); lock-free (cmpxchg
 * on the zone's word).
 * Return: false when a step found the word moved (the caller reads it
 * again), true otherwise.
 */
bool zns_life_move(struct zone_table *tbl, u32 zone, u64 old, unsigned int opi,
		   u32 n, u32 owner, bool select_all, bool step, u64 now,
		   u32 cap, u32 *fill)
{
	struct zone_life *zl = &tbl->zones[zone].life;
	u64 new, changed;
	unsigned int oc, nc;
	bool bumped;

	*fill = 0;
	for (;;) {
		if (!step && next_pending(&tbl->life, old)) {
			old = zns_life_caught_up(tbl, zone);	/* first */
			continue;
		}
		changed = changed_of(zl, old);
		new = after(old, opi, n, cap, tbl->zone_sectors, select_all);
		bumped = new == old && cond_of(old) == ZNS_HOST_UNKNOWN;
		if (bumped)
			new = moved_unknown(old);
		else if (new != old)
			new = tag_times(&tbl->life, old, new, changed);
		else if (!step)
			break;
		new = with_owner(new, old, opi, owner);
		if (!step) {
			if (atomic64_try_cmpxchg(&zl->state, &old, new))
				break;
			continue;
		}
		if (!atomic64_try_cmpxchg(&zl->state, &old,
					  next_tag(new, LIFE_GEN, LIFE_GEN_SHIFT)))
			return false;
		new = next_tag(new, LIFE_GEN, LIFE_GEN_SHIFT);
		old = next_tag(old, LIFE_GEN, LIFE_GEN_SHIFT);	/* as it was */
		break;
	}
	if (bumped) {
		retag_first_write(zl, old, new);
		return true;	/* moved, nobody knows where */
	}

	/* a finish of a full zone changes nothing, and wastes nothing */
	if (opi == ZNS_OPI_FINISH && (new != old || !select_all))
		count_finish(tbl, zl, old, cap);
	/* a reset of an empty zone changes nothing, and reclaims nothing */
	if (new == old && (opi != ZNS_OPI_RESET || select_all))
		return true;
	oc = cond_of(old);
	nc = cond_of(new);
	/* it left implicitly open, or open_confirmed() below says it is */
	if (may_be_closed(&tbl->life, oc, changed))
		uncertain_settled(&tbl->life);
	if (opi == ZNS_OPI_RESET) {
		*fill = old & LIFE_KNOWN ? written_of(old) : ZNS_FILL_UNKNOWN;
		/* the device resets only the zones that hold data */
		if (select_all && oc == ZNS_HOST_UNKNOWN)
			atomic64_inc(&tbl->life.select_all_unknown);
		else
			count_fill(tbl, zl, cap, *fill);
	} else if (first_write(old, new)) {
		set_first_write(zl, now, new);
	}
	/* filled by writes: a finish has its waste instead */
	if (nc == ZNS_HOST_FULL && oc != ZNS_HOST_FULL && opi != ZNS_OPI_FINISH &&
	    (new & LIFE_KNOWN) && written_of(new)) {
		u64 first = written_of(old) ? first_write_of(zl, old) : now;

		if (first && now >= first) {
			atomic64_inc(&tbl->life.time_to_full[time_bucket(now - first)]);
			atomic64_add(now - first, &tbl->life.time_to_full_ns);
		}
	}
	if (oc != nc)
		zns_life_cond_changed(tbl, zl, oc, nc, now, true, changed, new);
	if (is_open(nc) && may_be_closed(&tbl->life, oc, changed))
		open_confirmed(&tbl->life, zl, new, now);
	return true;
}

/**
 * zns_life_caught_up() - a zone applies the select-all commands published
 * @tbl: the namespace's table
 * @zone: the zone
 *
 * In their order: each one's effects counted as its completion's would
 * have been, at its time.
 *
 * Context: Any context up to hard IRQ, with @tbl kept alive
 * (rcu_read_lock() or zns_disks_lock); lock-free.
 * Return: the zone's word once it applied every select-all command
 * published.
 */
u64 zns_life_caught_up(struct zone_table *tbl, u32 zone)
{
	atomic64_t *state = &tbl->zones[zone].life.state;
	u64 s = atomic64_read(state);
	struct life_pending *p;
	u32 fill;

	while ((p = next_pending(&tbl->life, s))) {
		/* a slot reused meanwhile: the word moved, the step fails */
		if (zns_life_move(tbl, zone, s, READ_ONCE(p->opi), 0, 0, true,
				  true, READ_ONCE(p->now_ns),
				  cap_of(tbl, zone, READ_ONCE(p->zone_cap),
					 READ_ONCE(p->last_zone_cap)), &fill)) {
			if (fill == ZNS_FILL_UNKNOWN)
				atomic_set(&p->fill_unknown, 1);
			else
				atomic64_add(fill, &p->fill);
			smp_mb__before_atomic();	/* the fill before the count */
			atomic_inc(&p->applied);
		}
		s = atomic64_read(state);
	}
	return s;
}

/**
 * zns_life_done() - a command succeeded: move its zone
 * @tbl: the namespace's table
 * @zone: the command's zone
 * @opi: its operation (enum zns_op_index); a read moves nothing
 * @zc: the command
 * @done: how it ended
 * @owner: the owner code its cgroup gives the zone (zns_cgroups_account()),
 *   0: none
 *
 * The zone first applies the select-all commands published before; one
 * published while it moved is applied right after, not left to the sweep.
 *
 * Context: Any context up to hard IRQ (the completion probes under
 * rcu_read_lock(); the discovery worker for early.c's commands,
 * zns_publish_lock held); lock-free (cmpxchg on the zone's word).
 * Return: for a reset, the sectors the zone held before it, or
 * ZNS_FILL_UNKNOWN; 0 otherwise.
 */
u32 zns_life_done(struct zone_table *tbl, u32 zone, unsigned int opi,
		  const struct zns_cmd *zc, const struct zns_done *done, u32 owner)
{
	u32 fill;

	if (opi == ZNS_OPI_READ)
		return 0;
	zns_life_move(tbl, zone, atomic64_read(&tbl->zones[zone].life.state),
		      opi, zc->nr_sectors, owner, false, false, done->now_ns,
		      zone_cap(tbl, zone), &fill);
	/*
	 * A select-all command published after zns_life_move() looked, whose
	 * completion walked the active zones before track_active() set this
	 * one's bit: applied now, not by the sweep, so no other zone's open
	 * counts this one meanwhile. track_active()'s barrier pairs with
	 * zns_life_select_all()'s: one of the two sees the other.
	 */
	zns_life_caught_up(tbl, zone);
	return fill;
}

/*
 * Would the host's view have let this command succeed? A write at the
 * write pointer of a zone with room, an open of a zone that is not full, a
 * close of an open or closed one. Unknown zones: no.
 */
static bool expected_to_succeed(const struct zone_table *tbl, u32 zone,
				unsigned int opi, const struct zns_cmd *zc, u64 s)
{
	unsigned int cond = cond_of(s);
	u64 start = (u64)zone << tbl->zone_shift;
	u32 cap = zone_cap(tbl, zone);

	switch (opi) {
	case ZNS_OPI_OPEN:
		return cond && cond != ZNS_HOST_FULL;
	case ZNS_OPI_CLOSE:
		return is_active(cond);
	case ZNS_OPI_WRITE:
	case ZNS_OPI_WRITE_ZEROES:
		if (zc->sector != start + written_of(s))
			return false;
		fallthrough;
	case ZNS_OPI_APPEND:
		return cond && cond != ZNS_HOST_FULL && (s & LIFE_KNOWN) && cap &&
		       written_of(s) + zc->nr_sectors <= cap;
	default:
		return false;
	}
}

/**
 * zns_life_failed() - a command failed: its zone may be elsewhere than the
 * host left it
 * @tbl: the namespace's table
 * @zone: the command's zone
 * @opi: its operation (enum zns_op_index)
 * @zc: the command
 * @done: how it ended
 *
 * A failed command whose status says the zone is not where the host's
 * commands left it (a write the host's view expected to succeed failed as
 * one to a full zone, at the wrong place...), or whose status does not say
 * that the device left the zone alone (an internal error, an abort after
 * a timeout: the command may have been carried out): the zone becomes
 * unknown, until a zone report names it again.
 *
 * Context: Any context up to hard IRQ (the completion probes under
 * rcu_read_lock(); the discovery worker for early.c's commands,
 * zns_publish_lock held); lock-free.
 */
void zns_life_failed(struct zone_table *tbl, u32 zone, unsigned int opi,
		     const struct zns_cmd *zc, const struct zns_done *done)
{
	struct zone_life *zl = &tbl->zones[zone].life;
	u64 old = zns_life_caught_up(tbl, zone), new, changed;

	/* a failed write may have written some: see moved_unknown() */
	while (opi != ZNS_OPI_READ && cond_of(old) == ZNS_HOST_UNKNOWN) {
		new = moved_unknown(old);
		if (atomic64_try_cmpxchg(&zl->state, &old, new)) {
			retag_first_write(zl, old, new);
			return;
		}
	}
	switch (done->status) {
	case NVME_SC_ZONE_BOUNDARY_ERROR:
	case NVME_SC_ZONE_FULL:
	case NVME_SC_ZONE_READ_ONLY:
	case NVME_SC_ZONE_OFFLINE:
	case NVME_SC_ZONE_INVALID_WRITE:
	case NVME_SC_ZONE_INVALID_TRANSITION:
		if (expected_to_succeed(tbl, zone, opi, zc, old))
			break;
		return;
	/* refused as a whole: the zone is where it was */
	case NVME_SC_ZONE_TOO_MANY_ACTIVE:
	case NVME_SC_ZONE_TOO_MANY_OPEN:
	case NVME_SC_INVALID_OPCODE:
	case NVME_SC_INVALID_FIELD:
	case NVME_SC_INVALID_NS:
	case NVME_SC_LBA_RANGE:
	case NVME_SC_CAP_EXCEEDED:
	case NVME_SC_NS_NOT_READY:
	case NVME_SC_HOST_PATH_ERROR:
		return;
	/*
	 * Anything else (an internal or transfer error, an abort after a
	 * timeout, a block-layer error) may come after the device carried
	 * out some or all of the command.
	 */
	default:
		if (opi == ZNS_OPI_READ)
			return;
		break;
	}
	do {
		changed = changed_of(zl, old);
		new = old & LIFE_KEEP;
		if (new == old)
			return;
		new = next_tag(next_tag(new, LIFE_CTAG, LIFE_CTAG_SHIFT),
			       LIFE_WTAG, LIFE_WTAG_SHIFT);
	} while (!atomic64_try_cmpxchg(&zl->state, &old, new));
	set_first_write(zl, 0, new);	/* of a fill no longer followed */
	if (may_be_closed(&tbl->life, cond_of(old), changed))
		uncertain_settled(&tbl->life);
	if (cond_of(old))
		zns_life_cond_changed(tbl, zl, cond_of(old), ZNS_HOST_UNKNOWN,
				      done->now_ns, true, changed, new);
}
