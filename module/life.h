/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A zone's lifecycle word, shared by the parts of the lifecycle (zones as
 * the host drove them, from the commands the probes see):
 *
 *   life_state.h       the state machine: a word in, a word out
 *   life_move.c        a command moves a zone, and what the move adds up to
 *                      (hot path)
 *   life_seed.c        zone reports seed zones zns_stat does not know
 *   life_select_all.c  select-all commands, published for the zones to apply
 *   life_show.c        the lifecycle's figures, for debugfs
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
 * The helpers below read or build a word, a word in and a word out; inline,
 * as they were when the lifecycle was one file: the completion probe's
 * move of a zone uses most of them.
 */
#ifndef ZNS_STAT_LIFE_H
#define ZNS_STAT_LIFE_H

#include <linux/atomic.h>
#include <linux/bits.h>

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

static inline unsigned int cond_of(u64 s)
{
	return (s & LIFE_COND) >> LIFE_COND_SHIFT;
}

static inline u64 with_cond(u64 s, unsigned int cond)
{
	return (s & ~LIFE_COND) | ((u64)cond << LIFE_COND_SHIFT);
}

static inline u32 written_of(u64 s)
{
	return s & LIFE_WRITTEN;
}

static inline u32 owner_of(u64 s)
{
	return (s & LIFE_OWNER) >> LIFE_OWNER_SHIFT;
}

static inline bool is_open(unsigned int cond)
{
	return cond == ZNS_HOST_IMP_OPEN || cond == ZNS_HOST_EXP_OPEN;
}

static inline bool is_active(unsigned int cond)
{
	return is_open(cond) || cond == ZNS_HOST_CLOSED;
}

/*
 * A change the probes saw keeps its ktime, made even; an odd time says the
 * zone is where the host's view has it, but since when is not known.
 */
#define LIFE_TIME_UNKNOWN	1ULL

static inline bool time_known(u64 t)
{
	return t && !(t & LIFE_TIME_UNKNOWN);
}

/*
 * A time another CPU is still writing: not known, and later than any
 * eviction (its move happened just now).
 */
#define LIFE_TIME_STALE		TIME_NS

static inline u64 next_tag(u64 s, u64 mask, unsigned int shift)
{
	return (s & ~mask) | ((s + BIT_ULL(shift)) & mask);
}

static inline u64 time_word(u64 t, u64 s, u64 mask, unsigned int shift)
{
	return (t & TIME_NS) | ((s & mask) >> shift) << TIME_TAG_SHIFT;
}

static inline bool tag_matches(u64 w, u64 s, u64 mask, unsigned int shift)
{
	return w >> TIME_TAG_SHIFT == (s & mask) >> shift;
}

/* When the zone in state s last changed: LIFE_TIME_STALE if not written yet. */
static inline u64 changed_of(const struct zone_life *zl, u64 s)
{
	u64 w = READ_ONCE(zl->changed_ns);

	if (!tag_matches(w, s, LIFE_CTAG, LIFE_CTAG_SHIFT))
		return LIFE_TIME_STALE;
	return w & TIME_NS;
}

static inline void set_changed(struct zone_life *zl, u64 t, u64 s)
{
	WRITE_ONCE(zl->changed_ns, time_word(t, s, LIFE_CTAG, LIFE_CTAG_SHIFT));
}

/* The first write of the zone in state s, 0 if not known. */
static inline u64 first_write_of(const struct zone_life *zl, u64 s)
{
	u64 w = READ_ONCE(zl->first_write_ns);

	if (!tag_matches(w, s, LIFE_WTAG, LIFE_WTAG_SHIFT))
		return 0;
	return w & TIME_NS;
}

static inline void set_first_write(struct zone_life *zl, u64 t, u64 s)
{
	WRITE_ONCE(zl->first_write_ns,
		   time_word(t, s, LIFE_WTAG, LIFE_WTAG_SHIFT));
}

/* Implicitly open since before the device last closed one it did not name. */
static inline bool may_be_closed(const struct life_ns *l, unsigned int cond,
				 u64 changed)
{
	return cond == ZNS_HOST_IMP_OPEN && changed < READ_ONCE(l->evicted_ns);
}

/* A zone the device may have closed is settled: open, or not open. */
static inline void uncertain_settled(struct life_ns *l)
{
	atomic_dec_if_positive(&l->uncertain);
}

/*
 * Writable sectors of a zone, 0 while unknown, or when zones were seen to
 * differ (LIFE_CAP_VARIES): 6.1 keeps no capacity, reports teach it, and
 * one capacity per namespace cannot follow zones that differ.
 */
static inline u32 cap_of(const struct zone_table *tbl, u32 zone, u32 cap,
			 u32 last)
{
	if (zone == tbl->nr_zones - 1 && last)
		cap = last;
	return cap == LIFE_CAP_VARIES ? 0 : cap;
}

static inline u32 zone_cap(const struct zone_table *tbl, u32 zone)
{
	return cap_of(tbl, zone, READ_ONCE(tbl->life.zone_cap),
		      READ_ONCE(tbl->life.last_zone_cap));
}

static inline u32 gen_of(u64 s)
{
	return (s & LIFE_GEN) >> LIFE_GEN_SHIFT;
}

/* The select-all command the zone in state s applies next, or NULL. */
static inline struct life_pending *next_pending(struct life_ns *l, u64 s)
{
	/* pairs with the release in publish() (life_select_all.c) */
	u32 gen = smp_load_acquire(&l->pending_gen);
	u32 behind = (gen - gen_of(s)) & (LIFE_GEN >> LIFE_GEN_SHIFT);

	return behind ? &l->pending[(gen - behind) % LIFE_PENDING] : NULL;
}

bool zns_life_move(struct zone_table *tbl, u32 zone, u64 old, unsigned int opi,
		   u32 n, u32 owner, bool select_all, bool step, u64 now,
		   u32 cap, u32 *fill);
u64 zns_life_caught_up(struct zone_table *tbl, u32 zone);
void zns_life_cond_changed(struct zone_table *tbl, struct zone_life *zl,
			   unsigned int oc, unsigned int nc, u64 now, bool seen,
			   u64 since, u64 s);

#endif /* ZNS_STAT_LIFE_H */
