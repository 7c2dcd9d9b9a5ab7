// SPDX-License-Identifier: GPL-2.0
/*
 * Zones as the host drove them: the condition and written sectors each
 * successful command leaves a zone in, and what the transitions add up to
 * (fill at reset, finish waste, open and active zones against the limits,
 * time to full, time open). From the commands the probes see, with no
 * device query: a zone zns_stat cannot know (written before it loaded, or
 * after a write it did not expect failed) is "unknown" until a reset, a
 * finish or a zone report passing through the probes says.
 *
 * Each zone's condition, written sectors and fill count share one word,
 * changed with cmpxchg; whoever moves it applies the transition's effects.
 * A move that sets one of the zone's times (of the last change, of the
 * first write) tags it in the word, and the time it writes afterwards
 * carries the same tag: a time whose tag is not the word's is still being
 * written by another CPU, or was overwritten late, and is not used. Tags
 * are 4 bits: a stale time passes only if 16 moves of the zone that set
 * it completed while its writer was between its move and its store.
 *
 * A device with max_open_zones open closes an implicitly open zone to open
 * another, without saying which: from then on every zone the host left
 * implicitly open before that moment (evicted_ns) may be closed, and shows
 * an unknown condition until a command or a zone report says where it is.
 *
 * A select-all command's completion does not walk the zones: it publishes
 * the command in a ring (struct life_pending), each zone's word counts the
 * ones it applied, and a zone applies those it has not before anything
 * else moves or reads it. The zones open or closed (a bitmap, as many as
 * the device keeps active) apply it at once, so that the open and active
 * counts the probes decide by stay true; the others, whose move changes
 * no count, when next touched, read (zns_life_catch_up()) or swept (sweep.c).
 * A select-all reset's event joins the reset log once every zone applied
 * it, when its fill is known. With LIFE_PENDING commands waiting, the next
 * one walks the zones as before.
 */
#include <linux/bvec.h>
#include <linux/highmem.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/nvme.h>

#include "internal.h"

#define LIFE_WRITTEN		GENMASK_ULL(31, 0)
#define LIFE_COND_SHIFT		32
#define LIFE_COND		GENMASK_ULL(35, 32)
#define LIFE_KNOWN		BIT_ULL(36)	/* written sectors are known */
#define LIFE_CTAG_SHIFT		37	/* the tag of changed_ns */
#define LIFE_CTAG		GENMASK_ULL(40, 37)
#define LIFE_WTAG_SHIFT		41	/* the tag of first_write_ns */
#define LIFE_WTAG		GENMASK_ULL(44, 41)
#define LIFE_GEN_SHIFT		45	/* select-all commands applied */
#define LIFE_GEN		GENMASK_ULL(52, 45)
#define LIFE_OWNER_SHIFT	53	/* whose data: ZNS_OWNER_* (cgroups.c) */
#define LIFE_OWNER		GENMASK_ULL(63, 53)
/* What every move keeps unless it says otherwise. */
#define LIFE_KEEP		(LIFE_GEN | LIFE_CTAG | LIFE_WTAG | LIFE_OWNER)

static_assert((LIFE_OWNER >> LIFE_OWNER_SHIFT) + 1 == ZNS_OWNER_CODES, "owner bits");

/* A zone's time: ktime_get_ns() in bits 0-59 (36 years), its tag above. */
#define TIME_TAG_SHIFT		60
#define TIME_NS			GENMASK_ULL(59, 0)

static unsigned int cond_of(u64 s)
{
	return (s & LIFE_COND) >> LIFE_COND_SHIFT;
}

static u64 with_cond(u64 s, unsigned int cond)
{
	return (s & ~LIFE_COND) | ((u64)cond << LIFE_COND_SHIFT);
}

static u32 written_of(u64 s)
{
	return s & LIFE_WRITTEN;
}

static u32 owner_of(u64 s)
{
	return (s & LIFE_OWNER) >> LIFE_OWNER_SHIFT;
}

/*
 * The owner after a move: none after a reset, the writer's after a first
 * write, mixed after a second writer's; owner: the writer's code, 0 for
 * commands that write nothing.
 */
static u64 with_owner(u64 new, u64 old, unsigned int opi, u32 owner)
{
	u32 cur = owner_of(old);

	if (opi == ZNS_OPI_RESET)
		cur = ZNS_OWNER_NONE;
	else if (owner && cur == ZNS_OWNER_NONE)
		cur = owner;
	else if (owner && cur != owner)
		cur = ZNS_OWNER_MIXED;
	return (new & ~LIFE_OWNER) | ((u64)cur << LIFE_OWNER_SHIFT);
}

static bool is_open(unsigned int cond)
{
	return cond == ZNS_HOST_IMP_OPEN || cond == ZNS_HOST_EXP_OPEN;
}

static bool is_active(unsigned int cond)
{
	return is_open(cond) || cond == ZNS_HOST_CLOSED;
}

/*
 * A change the probes saw keeps its ktime, made even; an odd time says the
 * zone is where the host's view has it, but since when is not known.
 */
#define LIFE_TIME_UNKNOWN	1ULL

static bool time_known(u64 t)
{
	return t && !(t & LIFE_TIME_UNKNOWN);
}

/*
 * A time another CPU is still writing: not known, and later than any
 * eviction (its move happened just now).
 */
#define LIFE_TIME_STALE		TIME_NS

static u64 next_tag(u64 s, u64 mask, unsigned int shift)
{
	return (s & ~mask) | ((s + BIT_ULL(shift)) & mask);
}

static u64 time_word(u64 t, u64 s, u64 mask, unsigned int shift)
{
	return (t & TIME_NS) | ((s & mask) >> shift) << TIME_TAG_SHIFT;
}

static bool tag_matches(u64 w, u64 s, u64 mask, unsigned int shift)
{
	return w >> TIME_TAG_SHIFT == (s & mask) >> shift;
}

/* When the zone in state s last changed: LIFE_TIME_STALE if not written yet. */
static u64 changed_of(const struct zone_life *zl, u64 s)
{
	u64 w = READ_ONCE(zl->changed_ns);

	if (!tag_matches(w, s, LIFE_CTAG, LIFE_CTAG_SHIFT))
		return LIFE_TIME_STALE;
	return w & TIME_NS;
}

static void set_changed(struct zone_life *zl, u64 t, u64 s)
{
	WRITE_ONCE(zl->changed_ns, time_word(t, s, LIFE_CTAG, LIFE_CTAG_SHIFT));
}

/* The first write of the zone in state s, 0 if not known. */
static u64 first_write_of(const struct zone_life *zl, u64 s)
{
	u64 w = READ_ONCE(zl->first_write_ns);

	if (!tag_matches(w, s, LIFE_WTAG, LIFE_WTAG_SHIFT))
		return 0;
	return w & TIME_NS;
}

static void set_first_write(struct zone_life *zl, u64 t, u64 s)
{
	WRITE_ONCE(zl->first_write_ns,
		   time_word(t, s, LIFE_WTAG, LIFE_WTAG_SHIFT));
}

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

/* Implicitly open since before the device last closed one it did not name. */
static bool may_be_closed(const struct life_ns *l, unsigned int cond,
			  u64 changed)
{
	return cond == ZNS_HOST_IMP_OPEN && changed < READ_ONCE(l->evicted_ns);
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

/* A zone the device may have closed is settled: open, or not open. */
static void uncertain_settled(struct life_ns *l)
{
	atomic_dec_if_positive(&l->uncertain);
}

/*
 * Writable sectors of a zone, 0 while unknown, or when zones were seen to
 * differ (LIFE_CAP_VARIES): 6.1 keeps no capacity, reports teach it, and
 * one capacity per namespace cannot follow zones that differ.
 */
static u32 cap_of(const struct zone_table *tbl, u32 zone, u32 cap, u32 last)
{
	if (zone == tbl->nr_zones - 1 && last)
		cap = last;
	return cap == LIFE_CAP_VARIES ? 0 : cap;
}

static u32 zone_cap(const struct zone_table *tbl, u32 zone)
{
	return cap_of(tbl, zone, READ_ONCE(tbl->life.zone_cap),
		      READ_ONCE(tbl->life.last_zone_cap));
}

/* A report's capacity for a zone: learned, or found to differ. */
static void learn_cap(u32 *known, u32 cap)
{
	u32 old = cmpxchg(known, 0, cap);

	if (old && old != cap)
		WRITE_ONCE(*known, LIFE_CAP_VARIES);
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

/* The move from old to new wrote the zone's first sectors since empty. */
static bool first_write(u64 old, u64 new)
{
	return (old & LIFE_KNOWN) && !written_of(old) && written_of(new);
}

/* A write of n sectors, successful: what the zone is now. */
static u64 after_write(u64 s, u32 n, u32 cap, u32 zone_sectors)
{
	unsigned int cond = cond_of(s);
	u64 written = (u64)written_of(s) + n;
	u64 unknown = s & LIFE_KEEP;

	if (!(s & LIFE_KNOWN) || written > zone_sectors ||
	    (cap && written > cap))
		return unknown;		/* not what the host's commands say */
	s = (s & ~LIFE_WRITTEN) | written;
	if (written == (cap ? cap : zone_sectors))
		return with_cond(s, ZNS_HOST_FULL);
	if (!cap)			/* full or not: the capacity says */
		return with_cond(s, ZNS_HOST_UNKNOWN);
	if (cond == ZNS_HOST_EXP_OPEN)
		return s;
	if (cond == ZNS_HOST_EMPTY || cond == ZNS_HOST_CLOSED ||
	    cond == ZNS_HOST_IMP_OPEN)
		return with_cond(s, ZNS_HOST_IMP_OPEN);
	return with_cond(s, ZNS_HOST_UNKNOWN);
}

/*
 * What a successful command leaves the zone in. select_all: the command
 * named every zone, and the device only touched those in the conditions
 * the specification lists; returns s when this zone is not one of them.
 */
static u64 after(u64 s, unsigned int opi, u32 n, u32 cap, u32 zone_sectors,
		 bool select_all)
{
	unsigned int cond = cond_of(s);

	switch (opi) {
	case ZNS_OPI_RESET:
		if (select_all && cond == ZNS_HOST_EMPTY)
			return s;
		return (s & LIFE_KEEP) | LIFE_KNOWN |
		       ((u64)ZNS_HOST_EMPTY << LIFE_COND_SHIFT);
	case ZNS_OPI_FINISH:
		if (select_all && !is_active(cond))
			return s;
		return with_cond(s, ZNS_HOST_FULL);
	case ZNS_OPI_OPEN:
		if (select_all && cond != ZNS_HOST_CLOSED)
			return s;
		return with_cond(s, ZNS_HOST_EXP_OPEN);
	case ZNS_OPI_CLOSE:
		return is_open(cond) ? with_cond(s, ZNS_HOST_CLOSED) : s;
	default:	/* write, append, write zeroes */
		return after_write(s, n, cap, zone_sectors);
	}
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

/*
 * The condition changed from oc to nc: open/active zones and their times.
 * seen: the change happened now, by a command; a zone report only says
 * where a zone is (its time of change stays unknown: 0, or for an open
 * zone now | LIFE_TIME_UNKNOWN, open after any close the device made
 * before the report). since: when the
 * zone last changed before (changed_of()); s: its state now, whose tag
 * the time written carries (the move tagged it when it writes one:
 * tag_times()).
 */
static void cond_changed(struct zone_table *tbl, struct zone_life *zl,
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
	} else if ((old & LIFE_KNOWN) && cap && cond_of(old) &&
		   written_of(old) <= cap) {
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

/*
 * A command moved a zone of unknown condition, somewhere: its word changes
 * all the same (a new write tag), so that a zone report in flight, which
 * may or may not have seen the move, cannot seed it (seed.c).
 */
static u64 moved_unknown(u64 s)
{
	return next_tag(s, LIFE_WTAG, LIFE_WTAG_SHIFT);
}

/* After moved_unknown(): the first write's time, under the new tag. */
static void retag_first_write(struct zone_life *zl, u64 old, u64 new)
{
	set_first_write(zl, first_write_of(zl, old), new);
}

static u32 gen_of(u64 s)
{
	return (s & LIFE_GEN) >> LIFE_GEN_SHIFT;
}

/* The select-all command the zone in state s applies next, or NULL. */
static struct life_pending *next_pending(struct life_ns *l, u64 s)
{
	/* pairs with the release in publish(): its fields are set */
	u32 gen = smp_load_acquire(&l->pending_gen);
	u32 behind = (gen - gen_of(s)) & (LIFE_GEN >> LIFE_GEN_SHIFT);

	return behind ? &l->pending[(gen - behind) % LIFE_PENDING] : NULL;
}

static u64 life_caught_up(struct zone_table *tbl, u32 zone);

/*
 * Move one zone from old by a successful command and apply what the move
 * means; step: the move is a published select-all command's, and the
 * word's count of those moves with it. cap: the zone's capacity when the
 * command completed. *fill: the fill of a reset that
 * applied (ZNS_FILL_UNKNOWN when not known), 0 otherwise. Returns false
 * when a step found the word moved (the caller reads it again).
 */
static bool move(struct zone_table *tbl, u32 zone, u64 old, unsigned int opi,
		 u32 n, u32 owner, bool select_all, bool step, u64 now, u32 cap,
		 u32 *fill)
{
	struct zone_life *zl = &tbl->zones[zone].life;
	u64 new, changed;
	unsigned int oc, nc;
	bool bumped;

	*fill = 0;
	for (;;) {
		if (!step && next_pending(&tbl->life, old)) {
			old = life_caught_up(tbl, zone);	/* first */
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
		cond_changed(tbl, zl, oc, nc, now, true, changed, new);
	if (is_open(nc) && may_be_closed(&tbl->life, oc, changed))
		open_confirmed(&tbl->life, zl, new, now);
	return true;
}

/*
 * The zone's word once it applied every select-all command published, in
 * their order: each one's effects counted as its completion's would have
 * been, at its time.
 */
static u64 life_caught_up(struct zone_table *tbl, u32 zone)
{
	atomic64_t *state = &tbl->zones[zone].life.state;
	u64 s = atomic64_read(state);
	struct life_pending *p;
	u32 fill;

	while ((p = next_pending(&tbl->life, s))) {
		/* a slot reused meanwhile: the word moved, the step fails */
		if (move(tbl, zone, s, READ_ONCE(p->opi), 0, 0, true, true,
			 READ_ONCE(p->now_ns),
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
	move(tbl, zone, atomic64_read(&tbl->zones[zone].life.state), opi,
	     zc->nr_sectors, owner, false, false, done->now_ns,
	     zone_cap(tbl, zone), &fill);
	/*
	 * A select-all command published after move() looked, whose
	 * completion walked the active zones before track_active() set this
	 * one's bit: applied now, not by the sweep, so no other zone's open
	 * counts this one meanwhile. track_active()'s barrier pairs with
	 * zns_life_select_all()'s: one of the two sees the other.
	 */
	life_caught_up(tbl, zone);
	return fill;
}

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
		life_caught_up(tbl, zone);
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
		move(tbl, zone, life_caught_up(tbl, zone), opi, 0, 0, true, false,
		     now_ns, zone_cap(tbl, zone), &fill);
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
		life_caught_up(tbl, zone);
	return true;
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
 * one to a full zone, at the wrong place...): the zone becomes unknown.
 *
 * Context: Any context up to hard IRQ (the completion probes under
 * rcu_read_lock(); the discovery worker for early.c's commands,
 * zns_publish_lock held); lock-free.
 */
void zns_life_failed(struct zone_table *tbl, u32 zone, unsigned int opi,
		     const struct zns_cmd *zc, const struct zns_done *done)
{
	struct zone_life *zl = &tbl->zones[zone].life;
	u64 old = life_caught_up(tbl, zone), new, changed;

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
	default:
		return;
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
		cond_changed(tbl, zl, cond_of(old), ZNS_HOST_UNKNOWN,
			     done->now_ns, true, changed, new);
}

/*
 * A report names the condition of a zone the device may have closed: closed
 * (counted open no more) or implicitly open. Its write pointer must be
 * where the host's view has it, or the view stands.
 */
static void settle_zone(struct zone_table *tbl, struct zone_life *zl,
			unsigned int cond, u64 written, u64 now)
{
	u64 old = atomic64_read(&zl->state), changed = changed_of(zl, old);
	u64 new = next_tag(with_cond(old, cond), LIFE_CTAG, LIFE_CTAG_SHIFT);

	if (!may_be_closed(&tbl->life, cond_of(old), changed) ||
	    !(old & LIFE_KNOWN) || written_of(old) != written ||
	    (cond != ZNS_HOST_IMP_OPEN && cond != ZNS_HOST_CLOSED) ||
	    !atomic64_try_cmpxchg(&zl->state, &old, new))
		return;		/* moved meanwhile: the host's view stands */
	uncertain_settled(&tbl->life);
	/*
	 * Still open: as of the report, so the device reopened nothing for
	 * it since, and closed no other zone to do so.
	 */
	cond_changed(tbl, zl, ZNS_HOST_IMP_OPEN, cond, now, false, changed,
		     new);
}

/* What a report says of a zone of unknown condition: wp_off, in sectors. */
static u64 seeded(u64 old, unsigned int cond, u64 wp_off, u64 cap)
{
	u64 new = with_cond(old, cond);

	if (cond == ZNS_HOST_EMPTY)
		new = (new & ~LIFE_WRITTEN) | LIFE_KNOWN;
	else if (cond != ZNS_HOST_FULL && wp_off <= cap)	/* its own */
		new = (new & ~LIFE_WRITTEN) | LIFE_KNOWN | wp_off;
	return next_tag(next_tag(new, LIFE_CTAG, LIFE_CTAG_SHIFT), LIFE_WTAG,
			LIFE_WTAG_SHIFT);
}

static void seeded_moves(struct zone_table *tbl, struct zone_life *zl,
			 unsigned int cond, u64 new, u64 now)
{
	set_first_write(zl, 0, new);	/* not seen */
	cond_changed(tbl, zl, ZNS_HOST_UNKNOWN, cond, now, false, 0, new);
}

/* A report's capacity of a zone, learned; false if it is none. */
static bool report_cap(struct zone_table *tbl, u32 zone, u64 cap)
{
	if (!cap || cap > tbl->zone_sectors)
		return false;	/* not a capacity: the report is wrong */
	learn_cap(zone == tbl->nr_zones - 1 ? &tbl->life.last_zone_cap :
					      &tbl->life.zone_cap, cap);
	return true;
}

/*
 * A zone descriptor of a report: seeds a zone zns_stat does not know, or
 * settles one the device may have closed.
 */
static void seed_zone(struct zone_table *tbl, const struct nvme_zone_descriptor *d,
		      unsigned int lba_shift, u64 now)
{
	u64 start = le64_to_cpu(d->zslba) << lba_shift;
	u64 cap = le64_to_cpu(d->zcap) << lba_shift;
	unsigned int cond = d->zs >> 4;
	struct zone_life *zl;
	u64 old, new, wp;
	u32 zone;

	if (start & (tbl->zone_sectors - 1) ||
	    start >> tbl->zone_shift >= tbl->nr_zones)
		return;
	zone = start >> tbl->zone_shift;
	if (!report_cap(tbl, zone, cap))
		return;
	if (cond != ZNS_HOST_EMPTY && !is_active(cond) && cond != ZNS_HOST_FULL)
		return;			/* read-only, offline: not ours */
	wp = le64_to_cpu(d->wp) << lba_shift;
	zl = &tbl->zones[zone].life;
	life_caught_up(tbl, zone);	/* the report is the latest word */
	if (is_open(cond) || cond == ZNS_HOST_CLOSED)
		settle_zone(tbl, zl, cond, wp - start, now);
	if (atomic_read(&tbl->life.seeding))
		return;		/* seed.c's report is at work: it seeds */
	old = atomic64_read(&zl->state);
	do {
		if (cond_of(old))
			return;		/* known: the host's view stands */
		new = seeded(old, cond, wp >= start ? wp - start : U64_MAX, cap);
	} while (!atomic64_try_cmpxchg(&zl->state, &old, new));
	seeded_moves(tbl, zl, cond, new, now);
}

/**
 * zns_life_seed() - seed a zone from seed.c's report
 * @tbl: the table the report was made for
 * @zone: the zone
 * @cond: its condition in the report (enum zns_host_cond)
 * @cap: its capacity in the report, sectors
 * @wp_off: its write pointer's offset in the zone, sectors
 * @expected: the zone's word when the report started: of unknown condition
 * @now: ktime_get_ns()
 *
 * The zone is seeded only if its word is still @expected.
 *
 * Context: Process context (seed.c's worker), zns_disks_lock held, after a
 * grace period since the report (completions that left their slot are done);
 * lock-free on the zone.
 * Return: 1 if seeded, -EAGAIN if the zone moved meanwhile (or a select-all
 * completed), 0 if the report does not seed it.
 */
int zns_life_seed(struct zone_table *tbl, u32 zone, unsigned int cond, u32 cap,
		  u64 wp_off, u64 expected, u64 now)
{
	struct zone_life *zl = &tbl->zones[zone].life;
	u64 new;

	/* its own, not through the probes (block outcomes read no report) */
	if (!report_cap(tbl, zone, cap))
		return 0;
	if (cond_of(expected) || (cond != ZNS_HOST_EMPTY && !is_active(cond) &&
				  cond != ZNS_HOST_FULL))
		return 0;
	if (next_pending(&tbl->life, expected))
		return -EAGAIN;	/* a select-all completed since */
	new = seeded(expected, cond, wp_off, cap);
	if (!atomic64_try_cmpxchg(&zl->state, &expected, new))
		return -EAGAIN;	/* moved since: the report may be older */
	seeded_moves(tbl, zl, cond, new, now);
	return 1;
}

/**
 * zns_life_report() - a zone report passed: zones the host's view does not
 * know take its word
 * @tbl: the namespace's table
 * @req: the report's request: its buffer, in the request's pages, is a
 *   64-byte header (the number of descriptors) and 64-byte descriptors,
 *   which may straddle pages
 * @zc: the command
 *
 * Nothing is seeded while seed.c's own report runs.
 *
 * Context: Any context up to hard IRQ (the completion probe, report commands
 * only); rcu_read_lock() held; lock-free (maps the pages with
 * kmap_local_page()).
 */
void zns_life_report(struct zone_table *tbl, struct request *req,
		     const struct zns_cmd *zc)
{
	unsigned int lba_shift = tbl->lba_shift;
	u8 entry[64] __aligned(8);
	u64 nr = 0, seen = 0, now = ktime_get_ns();
	unsigned int have = 0, off, n;
	struct req_iterator iter;
	struct bio_vec bv;
	bool header = true;

	static_assert(sizeof(struct nvme_zone_descriptor) == sizeof(entry));
	rq_for_each_segment(bv, req, iter) {
		const u8 *page = bvec_kmap_local(&bv);

		for (off = 0; off < bv.bv_len; off += n) {
			n = min_t(unsigned int, sizeof(entry) - have,
				  bv.bv_len - off);
			memcpy(entry + have, page + off, n);
			have += n;
			if (have < sizeof(entry))
				continue;
			have = 0;
			if (header)
				nr = le64_to_cpu(*(__le64 *)entry);
			else if (seen++ < nr)
				seed_zone(tbl, (void *)entry, lba_shift, now);
			header = false;
		}
		kunmap_local(page);
	}
}

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
	u64 s = life_caught_up(tbl, zone);
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
	return owner_of(life_caught_up(tbl, zone));
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
