/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The zone state machine: what a successful command leaves a zone's
 * lifecycle word in, a word in and a word out, nothing else read or
 * written (life.h has the word). life_move.c applies the transitions and
 * what they add up to; KUnit's lifecycle suites drive them through it.
 * Inline: the completion probe's move of a zone runs them.
 */
#ifndef ZNS_STAT_LIFE_STATE_H
#define ZNS_STAT_LIFE_STATE_H

#include "life.h"

/*
 * The owner after a move: none after a reset, the writer's after a first
 * write, mixed after a second writer's; owner: the writer's code, 0 for
 * commands that write nothing.
 */
static inline u64 with_owner(u64 new, u64 old, unsigned int opi, u32 owner)
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

/* The move from old to new wrote the zone's first sectors since empty. */
static inline bool first_write(u64 old, u64 new)
{
	return (old & LIFE_KNOWN) && !written_of(old) && written_of(new);
}

/* A write of n sectors, successful: what the zone is now. */
static inline u64 after_write(u64 s, u32 n, u32 cap, u32 zone_sectors)
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
static inline u64 after(u64 s, unsigned int opi, u32 n, u32 cap,
			u32 zone_sectors, bool select_all)
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
		if (!is_open(cond))
			return s;
		/*
		 * Nothing written (or not known): closed on QEMU's NVMe, empty
		 * by ZBC's rule (a zoned block device behind the kernel's
		 * nvmet, null_blk): only a zone report can say.
		 */
		if (!(s & LIFE_KNOWN) || !written_of(s))
			return with_cond(s, ZNS_HOST_UNKNOWN);
		return with_cond(s, ZNS_HOST_CLOSED);
	default:	/* write, append, write zeroes */
		return after_write(s, n, cap, zone_sectors);
	}
}

/*
 * A command moved a zone of unknown condition, somewhere: its word changes
 * all the same (a new write tag), so that a zone report in flight, which
 * may or may not have seen the move, cannot seed it (seed.c).
 */
static inline u64 moved_unknown(u64 s)
{
	return next_tag(s, LIFE_WTAG, LIFE_WTAG_SHIFT);
}

#endif /* ZNS_STAT_LIFE_STATE_H */
