// SPDX-License-Identifier: GPL-2.0
/*
 * Zone reports teach the lifecycle where the zones it does not know are:
 * a report passing through the probes (zns_life_report()) seeds them and
 * settles the zones the device may have closed; seed.c's own report, at
 * discovery, seeds each zone whose word did not move since
 * (zns_life_seed()). A report also teaches the zones' capacity, which
 * 6.1's queue limits do not give.
 */
#include <linux/bvec.h>
#include <linux/highmem.h>
#include <linux/minmax.h>
#include <linux/nvme.h>

#include "life.h"

/* A report's capacity for a zone: learned, or found to differ. */
static void learn_cap(u32 *known, u32 cap)
{
	u32 old = cmpxchg(known, 0, cap);

	if (old && old != cap)
		WRITE_ONCE(*known, LIFE_CAP_VARIES);
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
	zns_life_cond_changed(tbl, zl, ZNS_HOST_IMP_OPEN, cond, now, false,
			      changed, new);
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
	zns_life_cond_changed(tbl, zl, ZNS_HOST_UNKNOWN, cond, now, false, 0, new);
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
	zns_life_caught_up(tbl, zone);	/* the report is the latest word */
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
