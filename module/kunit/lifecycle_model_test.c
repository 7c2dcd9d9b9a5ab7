// SPDX-License-Identifier: GPL-2.0
/*
 * The zone lifecycle against a reference model (issue 25): long random
 * sequences of commands, zone reports and failures go through the
 * lifecycle's own functions (module/life_*.c), and every figure of "zones"
 * (the lifecycle columns) and "lifecycle"/"lifetimes" is compared, after
 * every step, with a plain model of Documentation/zns_stat.rst's "Zone
 * lifecycle" written for this test
 * (not from life_*.c: no state word, tags or counts kept on the side).
 *
 * A small device decides which commands succeed: it closes an implicitly
 * open zone of its choice to open another at max_open, and another host
 * writes, resets and finishes zones unseen. zns_stat never sees it; only
 * the reports do.
 *
 * #included at the end of lifecycle_test.c: one copy of the lifecycle's
 * statics per module, and its helpers (test_table(), report()).
 */
#include <linux/prandom.h>

#define M_ZONES		8
#define M_CAP		1536	/* of the zones but the last */
#define M_LAST_CAP	1024
#define M_STEPS		5000
#define M_HISTORY	12	/* steps printed when a figure differs */

/* What the device holds: which commands succeed, what reports say. */
struct dev_zone {
	unsigned int cond;	/* enum zns_host_cond's codes, never 0 */
	u32 wp;			/* sectors from the zone start */
};

/* A zone as the documentation says zns_stat sees it. */
struct model_zone {
	unsigned int cond;	/* 0: unknown */
	bool known;		/* written sectors known */
	u32 written;
	u64 changed;		/* when cond last changed; a report's: now if open */
	bool changed_known;	/* false: from a report, or reopened unseen */
	u64 first_write;	/* since empty; 0: not seen */
	u64 fills, fill_sum, fill_min, fill_max, waste;
};

struct model {
	struct kunit *test;
	struct zone_table *tbl;
	struct rnd_state rnd;
	u64 seed, step, now, latest;
	bool unordered;		/* stamps not monotone: several CPUs */
	bool lazily;		/* figures read every LAZY_STEPS steps only */
	u32 max_open, max_active, cap, last_cap;	/* as zns_stat knows them */
	struct dev_zone dev[M_ZONES];
	struct model_zone z[M_ZONES];
	int open, active, open_peak, active_peak;
	u64 open_since, active_since, open_limit_ns, active_limit_ns;
	u64 evicted;		/* the device last closed a zone it did not name */
	u64 over, maybe_over;
	u64 fill[ZNS_FILL_BUCKETS], fill_unknown, sa_unknown, frac_unknown;
	u64 reclaimed, finishes, finish_unknown, waste;
	u64 to_full[ZNS_LIFE_BUCKETS], open_hist[ZNS_LIFE_BUCKETS];
	u64 to_full_ns, open_ns;
	char history[M_HISTORY][64];
};

static u32 rnd(struct model *m, u32 n)
{
	return prandom_u32_state(&m->rnd) % n;
}

static u32 true_cap(u32 zone)
{
	return zone == M_ZONES - 1 ? M_LAST_CAP : M_CAP;
}

/* ---- The device ---- */

static int dev_count(struct model *m, bool active)
{
	int n = 0, z;

	for (z = 0; z < M_ZONES; z++)
		n += is_open(m->dev[z].cond) ||
		     (active && m->dev[z].cond == ZNS_HOST_CLOSED);
	return n;
}

/* Open a zone as the device does: it may close an implicitly open one. */
static u16 dev_open(struct model *m, u32 zone, unsigned int cond)
{
	struct dev_zone *d = &m->dev[zone];
	u32 victims[M_ZONES], n = 0, z;

	if (is_open(d->cond)) {
		if (cond == ZNS_HOST_EXP_OPEN)
			d->cond = cond;
		return 0;
	}
	if (d->cond == ZNS_HOST_EMPTY && m->max_active &&
	    dev_count(m, true) >= m->max_active)
		return NVME_SC_ZONE_TOO_MANY_ACTIVE;
	if (m->max_open && dev_count(m, false) >= m->max_open) {
		for (z = 0; z < M_ZONES; z++)
			if (m->dev[z].cond == ZNS_HOST_IMP_OPEN)
				victims[n++] = z;
		if (!n)
			return NVME_SC_ZONE_TOO_MANY_OPEN;
		m->dev[victims[rnd(m, n)]].cond = ZNS_HOST_CLOSED;
	}
	d->cond = cond;
	return 0;
}

/*
 * Close a zone as the device does: with nothing written, closed (NVMe as
 * QEMU has it) or empty (ZBC's rule, which null_blk behind nvmet follows).
 */
static void dev_close(struct model *m, struct dev_zone *d)
{
	d->cond = d->wp || rnd(m, 2) ? ZNS_HOST_CLOSED : ZNS_HOST_EMPTY;
}

/* A command on one zone, on the device: its status. */
static u16 dev_cmd(struct model *m, u32 zone, unsigned int opi, u32 off, u32 n)
{
	struct dev_zone *d = &m->dev[zone];
	u16 status;

	switch (opi) {
	case ZNS_OPI_RESET:
		d->cond = ZNS_HOST_EMPTY;
		d->wp = 0;
		return 0;
	case ZNS_OPI_FINISH:
		d->cond = ZNS_HOST_FULL;
		return 0;
	case ZNS_OPI_OPEN:
		if (d->cond == ZNS_HOST_FULL)
			return NVME_SC_ZONE_INVALID_TRANSITION;
		return dev_open(m, zone, ZNS_HOST_EXP_OPEN);
	case ZNS_OPI_CLOSE:
		if (!is_active(d->cond))
			return NVME_SC_ZONE_INVALID_TRANSITION;
		dev_close(m, d);
		return 0;
	default:
		if (d->cond == ZNS_HOST_FULL)
			return NVME_SC_ZONE_FULL;
		if (opi != ZNS_OPI_APPEND && off != d->wp)
			return NVME_SC_ZONE_INVALID_WRITE;
		if (d->wp + n > true_cap(zone))
			return NVME_SC_ZONE_BOUNDARY_ERROR;
		status = dev_open(m, zone, ZNS_HOST_IMP_OPEN);
		if (status)
			return status;
		d->wp += n;
		if (d->wp == true_cap(zone))
			d->cond = ZNS_HOST_FULL;
		return 0;
	}
}

/* ---- The model: Documentation/zns_stat.rst, "Zone lifecycle" ---- */

static u32 model_cap(const struct model *m, u32 zone)
{
	u32 cap = zone == M_ZONES - 1 && m->last_cap ? m->last_cap : m->cap;

	return cap == LIFE_CAP_VARIES ? 0 : cap;
}

/* Left implicitly open before the device last closed a zone unnamed. */
static bool uncertain(const struct model *m, const struct model_zone *mz)
{
	return mz->cond == ZNS_HOST_IMP_OPEN && mz->changed < m->evicted;
}

static int nr_uncertain(const struct model *m)
{
	int n = 0, z;

	for (z = 0; z < M_ZONES; z++)
		n += uncertain(m, &m->z[z]);
	return n;
}

static u32 bucket(u64 ns)
{
	u64 us = ns / NSEC_PER_USEC;

	return us < 2 ? 0 : min_t(u32, ilog2(us), ZNS_LIFE_BUCKETS - 1);
}

/* Time at a limit: from reaching it to going below it. */
static void model_count(int *count, int *peak, u32 limit, u64 *since,
			u64 *sum, int delta, u64 now)
{
	int before = *count;

	*count += delta;
	*peak = max(*peak, *count);
	if (!limit)
		return;
	if (before < limit && *count >= limit) {
		*since = now;
	} else if (before >= limit && *count < limit) {
		if (*since && now > *since)
			*sum += now - *since;
		*since = 0;
	}
}

/*
 * The condition moved from oc: counts, the time open, the time of change.
 * seen: by a command now; a report says where a zone is, not since when.
 */
static void model_cond(struct model *m, struct model_zone *mz,
		       unsigned int oc, bool seen, bool open_sample)
{
	unsigned int nc = mz->cond;
	u64 now = m->now;

	/* with max_open open, the device closes one: for sure, or maybe */
	if (seen && is_open(nc) && !is_open(oc) && m->max_open &&
	    m->open >= m->max_open) {
		/* this zone is not one of them yet */
		if (m->open - nr_uncertain(m) + uncertain(m, mz) >= m->max_open)
			m->over++;
		else
			m->maybe_over++;
		m->evicted = max(m->evicted, now);
	}
	model_count(&m->open, &m->open_peak, m->max_open, &m->open_since,
		    &m->open_limit_ns, is_open(nc) - is_open(oc), now);
	model_count(&m->active, &m->active_peak, m->max_active,
		    &m->active_since, &m->active_limit_ns,
		    is_active(nc) - is_active(oc), now);
	/* to unknown: when it stopped being open is not known */
	if (open_sample && is_open(oc) && !is_open(nc) && nc &&
	    mz->changed_known && now >= mz->changed) {
		m->open_hist[bucket(now - mz->changed)]++;
		m->open_ns += now - mz->changed;
	}
	if (!seen) {	/* a report: open as of now, since when not known */
		mz->changed = is_open(nc) ? now : 0;
		mz->changed_known = false;
	} else if (!(is_open(oc) && is_open(nc))) {
		mz->changed = now;
		mz->changed_known = true;
	}
}

/* An uncertain zone is open for sure now, since a time not known. */
static void model_confirmed(struct model *m, struct model_zone *mz)
{
	m->evicted = max(m->evicted, m->now);
	mz->changed = m->now;
	mz->changed_known = false;
}

static void model_fill(struct model *m, struct model_zone *mz, u32 cap,
		       u32 fill)
{
	mz->fills++;
	mz->fill_sum += fill;
	mz->fill_min = min_t(u64, mz->fill_min, fill);
	mz->fill_max = max_t(u64, mz->fill_max, fill);
	m->reclaimed += fill;
	if (!fill)
		m->fill[0]++;
	else if (cap)
		m->fill[min_t(u64, DIV_ROUND_UP(fill * 10, cap),
			      ZNS_FILL_BUCKETS - 1)]++;
	else
		m->frac_unknown++;
}

/* A successful command (select_all: every zone it applies to). */
static void model_done(struct model *m, u32 zone, unsigned int opi, u32 n,
		       bool select_all)
{
	struct model_zone *mz = &m->z[zone], old = *mz;
	bool was_uncertain = uncertain(m, &old);
	u32 cap = model_cap(m, zone), full = cap ? cap : ZONE_SECTORS;
	unsigned int oc = old.cond;

	switch (opi) {
	case ZNS_OPI_RESET:
		if (select_all && oc == ZNS_HOST_EMPTY)
			return;
		/* a select-all resets a zone of unknown condition or not */
		if (select_all && !oc)
			m->sa_unknown++;
		else if (old.known)
			model_fill(m, mz, cap, old.written);
		else
			m->fill_unknown++;
		mz->cond = ZNS_HOST_EMPTY;
		mz->known = true;
		mz->written = 0;
		break;
	case ZNS_OPI_FINISH:
		if (select_all && !is_active(oc))
			return;
		if (oc == ZNS_HOST_FULL) {
			m->finishes++;		/* wastes nothing */
			return;
		}
		if (old.known && cap && old.written <= cap) {
			mz->waste += cap - old.written;
			m->waste += cap - old.written;
			m->finishes++;
		} else {
			m->finish_unknown++;
		}
		mz->cond = ZNS_HOST_FULL;
		break;
	case ZNS_OPI_OPEN:
		if (oc == ZNS_HOST_EXP_OPEN || (select_all && oc != ZNS_HOST_CLOSED))
			return;
		mz->cond = ZNS_HOST_EXP_OPEN;
		break;
	case ZNS_OPI_CLOSE:
		if (!is_open(oc))
			return;
		/* nothing written: closed or empty, as the device has it */
		mz->cond = old.known && old.written ? ZNS_HOST_CLOSED : 0;
		break;
	default:
		if (!old.known && !oc)
			return;		/* unknown, and stays so */
		if (!old.known || old.written + n > full) {
			mz->cond = 0;	/* not what the host's commands say */
			mz->known = false;
			mz->written = 0;
			break;
		}
		mz->written += n;
		if (!old.written)
			mz->first_write = m->now;
		if (mz->written == full)
			mz->cond = ZNS_HOST_FULL;
		else if (!cap || oc == ZNS_HOST_FULL || !oc)
			mz->cond = 0;	/* full or not: the capacity says */
		else if (oc != ZNS_HOST_EXP_OPEN)
			mz->cond = ZNS_HOST_IMP_OPEN;
		/* filled by writes: time from the first write */
		if (mz->cond == ZNS_HOST_FULL && oc != ZNS_HOST_FULL &&
		    mz->first_write &&
		    m->now >= mz->first_write) {
			m->to_full[bucket(m->now - mz->first_write)]++;
			m->to_full_ns += m->now - mz->first_write;
		}
		break;
	}
	if (mz->cond != oc)	/* a time open the device may have cut: none */
		model_cond(m, mz, oc, true, !was_uncertain);
	if (is_open(mz->cond) && was_uncertain)
		model_confirmed(m, mz);
}

/* Would the host's view have let the command succeed? */
static bool model_expected(struct model *m, u32 zone, unsigned int opi,
			   u32 off, u32 n)
{
	struct model_zone *mz = &m->z[zone];
	u32 cap = model_cap(m, zone);

	switch (opi) {
	case ZNS_OPI_OPEN:
		return mz->cond && mz->cond != ZNS_HOST_FULL;
	case ZNS_OPI_CLOSE:
		return is_active(mz->cond);
	case ZNS_OPI_WRITE:
	case ZNS_OPI_WRITE_ZEROES:
		if (off != mz->written)
			return false;
		fallthrough;
	case ZNS_OPI_APPEND:
		return mz->cond && mz->cond != ZNS_HOST_FULL && mz->known &&
		       cap && mz->written + n <= cap;
	default:
		return false;
	}
}

/*
 * After a failure, may the zone be elsewhere than the host's view has it?
 * After a zone status the view did not expect, and after any status but
 * one that says the device refused the command whole: an internal error or
 * an abort may come after the device carried out some or all of it.
 */
static bool model_lost(struct model *m, u32 zone, unsigned int opi, u32 off,
		       u32 n, u16 status)
{
	switch (status) {
	case NVME_SC_ZONE_TOO_MANY_ACTIVE:
	case NVME_SC_ZONE_TOO_MANY_OPEN:
	case NVME_SC_INVALID_OPCODE:
	case NVME_SC_INVALID_FIELD:
	case NVME_SC_INVALID_NS:
	case NVME_SC_LBA_RANGE:
	case NVME_SC_CAP_EXCEEDED:
	case NVME_SC_NS_NOT_READY:
	case NVME_SC_HOST_PATH_ERROR:
		return false;
	}
	if (status >= NVME_SC_ZONE_BOUNDARY_ERROR &&
	    status <= NVME_SC_ZONE_INVALID_TRANSITION)
		return model_expected(m, zone, opi, off, n);
	return opi != ZNS_OPI_READ;
}

/* A failure after which the host's view cannot know the zone: unknown. */
static void model_failed(struct model *m, u32 zone, unsigned int opi, u32 off,
			 u32 n, u16 status)
{
	struct model_zone *mz = &m->z[zone];
	unsigned int oc = mz->cond;

	if (!oc || !model_lost(m, zone, opi, off, n, status))
		return;
	mz->cond = 0;
	mz->known = false;
	mz->written = 0;
	mz->first_write = 0;
	model_cond(m, mz, oc, true, true);
}

/* A report's descriptor: seeds an unknown zone, settles an uncertain one. */
static void model_report(struct model *m, u32 zone, unsigned int cond, u32 wp)
{
	struct model_zone *mz = &m->z[zone];
	u32 *cap = zone == M_ZONES - 1 ? &m->last_cap : &m->cap;

	if (!*cap)
		*cap = true_cap(zone);
	if (cond != ZNS_HOST_EMPTY && !is_active(cond) && cond != ZNS_HOST_FULL)
		return;
	if (uncertain(m, mz) && mz->known && mz->written == wp &&
	    (cond == ZNS_HOST_IMP_OPEN || cond == ZNS_HOST_CLOSED)) {
		mz->cond = cond;
		model_cond(m, mz, ZNS_HOST_IMP_OPEN, false, false);
	}
	if (mz->cond)
		return;		/* the host's view stands */
	mz->cond = cond;
	if (cond == ZNS_HOST_EMPTY) {
		mz->known = true;
		mz->written = 0;
	} else if (cond != ZNS_HOST_FULL) {
		mz->known = true;
		mz->written = wp;
	}
	mz->first_write = 0;
	model_cond(m, mz, 0, false, false);
}

/* ---- Driving both ---- */

static void note(struct model *m, const char *what, u32 zone, u32 a, u32 b)
{
	snprintf(m->history[m->step % M_HISTORY], sizeof(m->history[0]),
		 "%llu: %s zone %u %u %#x t %llu", m->step, what, zone, a, b,
		 m->now);
}

/* A command on one zone: to the device, then its outcome to both. */
static void step_cmd(struct model *m, u32 zone, unsigned int opi, u32 off,
		     u32 n)
{
	static const u8 ops[] = {
		[ZNS_OPI_WRITE] = ZNS_OP_WRITE,
		[ZNS_OPI_APPEND] = ZNS_OP_APPEND,
		[ZNS_OPI_RESET] = ZNS_OP_RESET,
		[ZNS_OPI_FINISH] = ZNS_OP_FINISH,
		[ZNS_OPI_OPEN] = ZNS_OP_OPEN,
		[ZNS_OPI_CLOSE] = ZNS_OP_CLOSE,
		[ZNS_OPI_WRITE_ZEROES] = ZNS_OP_WRITE_ZEROES,
	};
	struct zns_cmd zc = {
		.sector = ((u64)zone << m->tbl->zone_shift) + off,
		.nr_sectors = n,
		.op = ops[opi],
	};
	struct zns_done done = { .now_ns = m->now };

	done.status = dev_cmd(m, zone, opi, off, n);
	note(m, zns_op_names[opi], zone, off, n | (u32)done.status << 16);
	if (done.status) {
		zns_life_failed(m->tbl, zone, opi, &zc, &done);
		model_failed(m, zone, opi, off, n, done.status);
	} else {
		zns_life_done(m->tbl, zone, opi, &zc, &done, 0);
		model_done(m, zone, opi, n, false);
	}
}

/* A failure the device did not cause: a status for any command. */
static void step_failure(struct model *m, u32 zone)
{
	static const u16 statuses[] = {
		NVME_SC_ZONE_BOUNDARY_ERROR, NVME_SC_ZONE_FULL,
		NVME_SC_ZONE_READ_ONLY, NVME_SC_ZONE_OFFLINE,
		NVME_SC_ZONE_INVALID_WRITE, NVME_SC_ZONE_TOO_MANY_ACTIVE,
		NVME_SC_ZONE_TOO_MANY_OPEN, NVME_SC_ZONE_INVALID_TRANSITION,
		NVME_SC_INTERNAL, NVME_SC_DATA_XFER_ERROR,
		NVME_SC_HOST_ABORTED_CMD, NVME_SC_INVALID_FIELD,
		NVME_SC_LBA_RANGE, NVME_SC_HOST_PATH_ERROR,
		ZNS_STATUS_BLOCK + 10,	/* BLK_STS_IOERR, outcomes from the block layer */
	};
	unsigned int opi = ZNS_OPI_WRITE + rnd(m, ZNS_OPI_WRITE_ZEROES);
	/* mostly where the host's view expects it: then it does not know */
	u32 off = rnd(m, 4) ? m->z[zone].written : rnd(m, ZONE_SECTORS);
	u32 n = 8 << rnd(m, 5);
	struct zns_cmd zc = {
		.sector = ((u64)zone << m->tbl->zone_shift) + off,
		.nr_sectors = n,
	};
	struct zns_done done = {
		.now_ns = m->now,
		.status = statuses[rnd(m, ARRAY_SIZE(statuses))],
	};

	note(m, "failure", zone, opi, done.status);
	zns_life_failed(m->tbl, zone, opi, &zc, &done);
	model_failed(m, zone, opi, off, n, done.status);
}

/* A select-all command, where the device takes it. */
static void step_select_all(struct model *m)
{
	unsigned int opi = ZNS_OPI_RESET + rnd(m, 4), cond;
	int closed = dev_count(m, true) - dev_count(m, false);
	u32 zone;

	if (opi == ZNS_OPI_OPEN && m->max_open &&
	    dev_count(m, false) + closed > m->max_open)
		return;			/* too many to open: not issued */
	note(m, "select-all", 0, opi, 0);
	for (zone = 0; zone < M_ZONES; zone++) {
		struct dev_zone *d = &m->dev[zone];

		cond = d->cond;
		if (opi == ZNS_OPI_RESET && cond != ZNS_HOST_EMPTY)
			*d = (struct dev_zone){ ZNS_HOST_EMPTY, 0 };
		else if (opi == ZNS_OPI_FINISH && is_active(cond))
			d->cond = ZNS_HOST_FULL;
		else if (opi == ZNS_OPI_OPEN && cond == ZNS_HOST_CLOSED)
			d->cond = ZNS_HOST_EXP_OPEN;
		else if (opi == ZNS_OPI_CLOSE && is_open(cond))
			dev_close(m, d);
		model_done(m, zone, opi, 0, true);
	}
	zns_life_select_all(m->tbl, opi, m->now, 1);
}

/* A report of one zone, as the device has it; now and then not ours. */
static void step_report(struct model *m, u32 zone)
{
	struct dev_zone *d = &m->dev[zone];
	unsigned int cond = rnd(m, 32) ? d->cond : NVME_ZONE_OFFLINE;
	u32 wp = cond == ZNS_HOST_FULL ? true_cap(zone) : d->wp;

	note(m, "report", zone, cond, wp);
	report(m->tbl, zone, cond, true_cap(zone), wp, m->now);
	model_report(m, zone, cond, wp);
}

/* Another host moves a zone: zns_stat does not see it. */
static void step_unseen(struct model *m, u32 zone)
{
	struct dev_zone *d = &m->dev[zone];
	unsigned int opi = ZNS_OPI_WRITE + rnd(m, 4);

	note(m, "unseen", zone, opi, 0);
	if (opi == ZNS_OPI_APPEND)
		opi = ZNS_OPI_RESET;
	dev_cmd(m, zone, opi, d->wp, min_t(u32, 64, true_cap(zone) - d->wp) ?: 8);
}

/* A write at the write pointer: short, to the capacity, or misplaced. */
static void step_write(struct model *m, u32 zone)
{
	unsigned int opi = ZNS_OPI_WRITE;
	u32 room = true_cap(zone) - m->dev[zone].wp;
	u32 off = m->dev[zone].wp, n = 8 * (1 + rnd(m, 48));

	if (!rnd(m, 4) && room)
		n = room;
	if (!rnd(m, 16))
		off += 8;
	if (!rnd(m, 4))
		opi = rnd(m, 2) ? ZNS_OPI_APPEND : ZNS_OPI_WRITE_ZEROES;
	step_cmd(m, zone, opi, off, n);
}

static void model_step(struct model *m)
{
	u32 zone = rnd(m, M_ZONES), what = rnd(m, 100);

	m->latest += 2 * (1 + rnd(m, 500));
	m->now = m->latest;
	/* completed on another CPU: stamped before the last one applied */
	if (m->unordered && !rnd(m, 3))
		m->now -= min_t(u64, m->now - 2, 2 * rnd(m, 1000));
	if (what < 40)
		step_write(m, zone);
	else if (what < 72)
		step_cmd(m, zone, ZNS_OPI_RESET + (what - 40) / 8, 0, 0);
	else if (what < 76)
		step_select_all(m);
	else if (what < 84)
		step_failure(m, zone);
	else if (what < 88)
		for (zone = 0; zone < M_ZONES; zone++)
			step_report(m, zone);
	else if (what < 94)
		step_report(m, zone);
	else
		step_unseen(m, zone);
}

/* ---- Comparing every figure ---- */

/* Every zone as the model and as life_*.c hold it, and the limits. */
static void dump(struct model *m)
{
	u32 z;

	kunit_info(m->test, "evicted %llu/%llu open %d/%d uncertain %d/%d",
		   m->evicted, READ_ONCE(m->tbl->life.evicted_ns), m->open,
		   atomic_read(&m->tbl->life.open), nr_uncertain(m),
		   atomic_read(&m->tbl->life.uncertain));
	for (z = 0; z < M_ZONES; z++) {
		struct zone_life *zl = &m->tbl->zones[z].life;
		u64 s = atomic64_read(&zl->state);
		struct model_zone *mz = &m->z[z];

		kunit_info(m->test,
			   "zone %u: %u %u %u %llu%s dev %u %u | %u %u %d %llu",
			   z, mz->cond, mz->known, mz->written, mz->changed,
			   mz->changed_known ? "" : "?", m->dev[z].cond,
			   m->dev[z].wp, cond_of(s), written_of(s),
			   !!(s & LIFE_KNOWN), changed_of(zl, s));
	}
}

static bool same(struct model *m, const char *what, int zone, u64 got, u64 want)
{
	int i;

	if (got == want)
		return true;
	for (i = 1; i <= M_HISTORY; i++)
		kunit_info(m->test, "%s", m->history[(m->step + i) % M_HISTORY]);
	KUNIT_FAIL(m->test, "seed %llu step %llu: %s (zone %d) is %llu, model %llu",
		   m->seed, m->step, what, zone, got, want);
	dump(m);
	return false;
}

static bool same_zones(struct model *m)
{
	u64 v[ZNS_ZC_NR];
	u32 zone;

	for (zone = 0; zone < M_ZONES; zone++) {
		struct model_zone *mz = &m->z[zone];
		u64 want[ZNS_ZC_NR] = {
			[ZNS_ZC_HOST_COND] = uncertain(m, mz) ? 0 : mz->cond,
			[ZNS_ZC_HOST_WRITTEN_SECTORS] = mz->written,
			[ZNS_ZC_HOST_WRITTEN_KNOWN] = mz->known,
			[ZNS_ZC_HOST_COND_TIME_NS] = mz->changed_known ?
						     mz->changed : 0,
			[ZNS_ZC_FILL_RESETS] = mz->fills,
			[ZNS_ZC_FILL_SUM_SECTORS] = mz->fill_sum,
			[ZNS_ZC_FILL_MIN_SECTORS] = mz->fills ? mz->fill_min : 0,
			[ZNS_ZC_FILL_MAX_SECTORS] = mz->fill_max,
			[ZNS_ZC_FINISH_WASTE_SECTORS] = mz->waste,
		};
		unsigned int c;

		zns_life_values(m->tbl, zone, v);
		for (c = ZNS_ZC_HOST_COND; c < ZNS_ZC_NR; c++)
			if (!same(m, zns_zone_counter_names[c], zone, v[c],
				  want[c]))
				return false;
	}
	return true;
}

#define SAME(what, got, want)	same(m, what, -1, got, want)

/*
 * Opens at the limit, for sure or maybe: which one, life_move.c counts
 * (uncertain) without a walk of the zones, exact when completions come
 * in the order of their times. Out of order, only their sum is.
 */
static bool same_opens(struct model *m)
{
	struct life_ns *l = &m->tbl->life;
	u64 over = atomic64_read(&l->opens_over_limit);
	u64 maybe = atomic64_read(&l->opens_maybe_over_limit);

	if (m->unordered)
		return SAME("opens_over_limit + opens_maybe_over_limit",
			    over + maybe, m->over + m->maybe_over);
	return SAME("opens_over_limit", over, m->over) &&
	       SAME("opens_maybe_over_limit", maybe, m->maybe_over);
}

/* "lifecycle" and "lifetimes", as zns_life_show() and show_times() read them. */
static bool same_ns(struct model *m)
{
	struct zone_table *tbl = m->tbl;
	struct life_ns *l = &tbl->life;
	int unsure = nr_uncertain(m), i;
	u64 now = m->latest;

	zns_life_catch_up(tbl, false);	/* as zns_life_show() does */

	if (!(SAME("zone_capacity_sectors", zone_cap(tbl, 0), model_cap(m, 0)) &&
	      SAME("last_zone_capacity_sectors", zone_cap(tbl, M_ZONES - 1),
		   model_cap(m, M_ZONES - 1)) &&
	      SAME("open_zones",
		   max_t(int, atomic_read(&l->open) - (int)open_uncertain(tbl), 0),
		   max(m->open - unsure, 0)) &&
	      SAME("open_zones_uncertain", open_uncertain(tbl), unsure) &&
	      SAME("open_zones_peak", open_peak(l),
		   m->max_open ? min_t(int, m->open_peak, m->max_open) :
				 m->open_peak) &&
	      SAME("active_zones", atomic_read(&l->active), m->active) &&
	      SAME("active_zones_peak", atomic_read(&l->active_peak),
		   m->active_peak) &&
	      SAME("open_limit_time_ns",
		   at_limit(&l->open, l->max_open, &l->open_limit_since,
			    &l->open_limit_ns, now),
		   m->open_limit_ns + (m->open_since && now > m->open_since ?
				       now - m->open_since : 0)) &&
	      SAME("active_limit_time_ns",
		   at_limit(&l->active, l->max_active, &l->active_limit_since,
			    &l->active_limit_ns, now),
		   m->active_limit_ns +
		   (m->active_since && now > m->active_since ?
		    now - m->active_since : 0)) &&
	      same_opens(m) &&
	      SAME("resets_fill_unknown", atomic64_read(&l->fill_unknown),
		   m->fill_unknown) &&
	      SAME("resets_fill_fraction_unknown",
		   atomic64_read(&l->fill_fraction_unknown), m->frac_unknown) &&
	      SAME("resets_select_all_unknown",
		   atomic64_read(&l->select_all_unknown), m->sa_unknown) &&
	      SAME("reclaimed_sectors", atomic64_read(&l->reclaimed),
		   m->reclaimed) &&
	      SAME("finishes_waste_known", atomic64_read(&l->finishes),
		   m->finishes) &&
	      SAME("finishes_waste_unknown", atomic64_read(&l->finish_unknown),
		   m->finish_unknown) &&
	      SAME("finish_waste_sectors", atomic64_read(&l->finish_waste),
		   m->waste) &&
	      SAME("time_to_full_sum_ns", atomic64_read(&l->time_to_full_ns),
		   m->to_full_ns) &&
	      SAME("time_open_sum_ns", atomic64_read(&l->time_open_ns),
		   m->open_ns)))
		return false;
	for (i = 0; i < ZNS_FILL_BUCKETS; i++)
		if (!SAME("resets_fill_Npct", atomic64_read(&l->fill[i]),
			  m->fill[i]))
			return false;
	for (i = 0; i < ZNS_LIFE_BUCKETS; i++)
		if (!SAME("to_full bucket", atomic64_read(&l->time_to_full[i]),
			  m->to_full[i]) ||
		    !SAME("open bucket", atomic64_read(&l->time_open[i]),
			  m->open_hist[i]))
			return false;
	return true;
}

/* One run: a fresh table and model, steps until one figure differs. */
/*
 * Between two reads of the figures, zones apply the select-all commands
 * only when a command touches them (life_select_all.c): the ring fills up.
 */
#define LAZY_STEPS	500

static void model_run(struct kunit *test, u64 seed, bool cap_known,
		      u32 max_open, u32 max_active, bool unordered)
{
	struct model *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	u32 zone;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m);
	m->test = test;
	m->seed = seed;
	prandom_seed_state(&m->rnd, seed);
	m->unordered = unordered;
	m->lazily = seed >= 400;
	m->latest = 1000;
	m->max_open = max_open;
	m->max_active = max_active;
	m->cap = cap_known ? M_CAP : 0;
	m->last_cap = cap_known ? M_LAST_CAP : 0;
	m->tbl = test_table(test, M_ZONES, m->cap, max_open);
	m->tbl->life.last_zone_cap = m->last_cap;
	m->tbl->life.max_active = max_active;
	/* written before zns_stat loaded: unknown to it */
	for (zone = 0; zone < M_ZONES; zone++) {
		m->z[zone].fill_min = U64_MAX;
		m->dev[zone].cond = ZNS_HOST_EMPTY;
		if (rnd(m, 2))
			m->dev[zone] = (struct dev_zone){ ZNS_HOST_FULL,
							  true_cap(zone) };
		else if (zone < 2)	/* within max_active */
			m->dev[zone] = (struct dev_zone){ ZNS_HOST_CLOSED, 64 };
	}
	for (m->step = 0; m->step < M_STEPS; m->step++) {
		model_step(m);
		if (m->lazily && (m->step + 1) % LAZY_STEPS)
			continue;
		if (!same_zones(m) || !same_ns(m))
			return;
	}
}

/* 6.11 on: the kernel gives the capacities; the last zone is smaller. */
static void model_capacity_known(struct kunit *test)
{
	u64 seed;

	for (seed = 1; seed <= 4; seed++)
		model_run(test, seed, true, 3, 5, false);
}

/* 6.1: the capacities come from the zone reports that pass. */
static void model_capacity_from_reports(struct kunit *test)
{
	u64 seed;

	for (seed = 101; seed <= 104; seed++)
		model_run(test, seed, false, 3, 5, false);
}

/* No open or active limit: the device never closes a zone itself. */
static void model_no_limits(struct kunit *test)
{
	u64 seed;

	for (seed = 201; seed <= 202; seed++)
		model_run(test, seed, true, 0, 0, false);
}

/*
 * Completions applied out of their stamps' order, as when commands
 * (of one zone or several) complete on several CPUs.
 */
static void model_unordered(struct kunit *test)
{
	u64 seed;

	for (seed = 301; seed <= 304; seed++)
		model_run(test, seed, seed & 1, 3, 5, true);
}

/* Select-all commands applied when zones are next touched, read rarely. */
static void model_select_all_lazily(struct kunit *test)
{
	u64 seed;

	for (seed = 401; seed <= 402; seed++)
		model_run(test, seed, seed & 1, 3, 5, false);
}

static struct kunit_case lifecycle_model_cases[] = {
	KUNIT_CASE(model_capacity_known),
	KUNIT_CASE(model_capacity_from_reports),
	KUNIT_CASE(model_no_limits),
	KUNIT_CASE(model_unordered),
	KUNIT_CASE(model_select_all_lazily),
	{}
};

static struct kunit_suite lifecycle_model_suite = {
	.name = "zns_stat_lifecycle_model",
	.test_cases = lifecycle_model_cases,
};

kunit_test_suite(lifecycle_model_suite);
