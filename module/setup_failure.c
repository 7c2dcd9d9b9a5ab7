// SPDX-License-Identifier: GPL-2.0
/*
 * Setups that could not allocate, by (gendisk, diskseq): retried after a
 * backoff, 1 s doubling to 64 s, or at once after a "clear", instead of on
 * every command, and said once in the kernel log. Written by the discovery
 * worker under zns_disks_lock; the probes read it without a lock: a stale
 * read costs a retry too early or one command later, never a wrong count.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ktime.h>
#include <linux/minmax.h>

#include "internal.h"

#define FAILURES_MAX	16
#define BACKOFF_MAX_S	64

struct setup_failure {
	const struct gendisk *gendisk;	/* compared, never dereferenced */
	u64 diskseq;
	u64 retry_ns;			/* ktime_get_ns() to try again from */
	u32 backoff_s;
};

static struct setup_failure failures[FAILURES_MAX];
static atomic_t nr_failures = ATOMIC_INIT(0);	/* entries in use */
static atomic64_t failures_total = ATOMIC64_INIT(0);

/**
 * zns_setup_backing_off() - whether a disk's setup failed and waits for its
 * retry
 * @gendisk: a disk the probes do not track, or whose geometry changed
 * @diskseq: its diskseq
 *
 * Reads without a lock: a stale read costs a retry too early or one command
 * later, never a wrong count.
 *
 * Context: Any context up to hard IRQ (the setup probe); lock-free.
 * Return: true if its retry time has not come yet.
 */
bool zns_setup_backing_off(const struct gendisk *gendisk, u64 diskseq)
{
	struct setup_failure *f;

	if (likely(!atomic_read(&nr_failures)))
		return false;
	for (f = failures; f < failures + FAILURES_MAX; f++)
		if (READ_ONCE(f->gendisk) == gendisk &&
		    READ_ONCE(f->diskseq) == diskseq)
			return ktime_get_ns() < READ_ONCE(f->retry_ns);
	return false;
}

static struct setup_failure *failure_of(const struct zns_geometry *geo)
{
	struct setup_failure *f;

	for (f = failures; f < failures + FAILURES_MAX; f++)
		if (f->gendisk == geo->gendisk && f->diskseq == geo->diskseq)
			return f;
	return NULL;
}

/* A free entry, else the one retried the longest ago (likely gone). */
static struct setup_failure *failure_slot(void)
{
	struct setup_failure *f, *oldest = failures;

	for (f = failures; f < failures + FAILURES_MAX; f++) {
		if (!f->gendisk) {
			atomic_inc(&nr_failures);
			return f;
		}
		if (f->retry_ns < oldest->retry_ns)
			oldest = f;
	}
	return oldest;
}

/**
 * zns_setup_failed() - a setup could not allocate: retry after a backoff
 * @geo: the disk's values
 *
 * The backoff starts at 1 s and doubles to 64 s; the first failure of a disk
 * is said in the kernel log.
 *
 * Context: The discovery worker (process context); zns_disks_lock held.
 */
void zns_setup_failed(const struct zns_geometry *geo)
{
	struct setup_failure *f = failure_of(geo);

	lockdep_assert_held(&zns_disks_lock);
	atomic64_inc(&failures_total);
	if (!f) {
		pr_warn("%s: no memory for the statistics of %u zones: its commands count as dropped; retrying in the background\n",
			geo->name, geo->nr_zones);
		f = failure_slot();
		WRITE_ONCE(f->diskseq, geo->diskseq);
		WRITE_ONCE(f->gendisk, geo->gendisk);
		f->backoff_s = 1;
	} else {
		f->backoff_s = min_t(u32, 2 * f->backoff_s, BACKOFF_MAX_S);
	}
	WRITE_ONCE(f->retry_ns,
		   ktime_get_ns() + (u64)f->backoff_s * NSEC_PER_SEC);
}

/**
 * zns_setup_succeeded() - a setup succeeded: forget the disk's failures
 * @geo: the disk's values
 *
 * Context: The discovery worker (process context); zns_disks_lock held.
 */
void zns_setup_succeeded(const struct zns_geometry *geo)
{
	struct setup_failure *f;

	lockdep_assert_held(&zns_disks_lock);
	if (likely(!atomic_read(&nr_failures)))
		return;
	f = failure_of(geo);
	if (!f)
		return;
	pr_info("%s: memory found: counting again\n", geo->name);
	WRITE_ONCE(f->gendisk, NULL);
	atomic_dec(&nr_failures);
}

/**
 * zns_setup_retry_now() - failed setups retry at their next command
 *
 * Description: A "clear" is a user asking again.
 *
 * Context: Process context; zns_disks_lock held.
 */
void zns_setup_retry_now(void)
{
	struct setup_failure *f;

	for (f = failures; f < failures + FAILURES_MAX; f++)
		WRITE_ONCE(f->retry_ns, 0);
}

/**
 * zns_setup_failures_read() - failed setups so far, and disks waiting for a
 * retry
 * @total: set to the setups that failed since load
 * @waiting: set to the disks waiting for a retry
 *
 * Context: Any context; lock-free (for "status").
 */
void zns_setup_failures_read(u64 *total, int *waiting)
{
	*total = atomic64_read(&failures_total);
	*waiting = atomic_read(&nr_failures);
}
