// SPDX-License-Identifier: GPL-2.0
/*
 * Commands seen before their namespace has a zone table.
 *
 * The probes cannot allocate, so the first commands on a namespace (right
 * after modprobe, or after a disk appears) are set up before the worker has
 * built its table. They wait here, in a small fixed buffer, and are counted
 * as soon as both their completion and the table exist: by the completion
 * probe if the table is there by then, else by the worker when it publishes
 * the table. Publishing and this buffer share one lock, so no command falls
 * between the two. Only overflow is dropped, and counted.
 *
 * This is the slow path: it runs only while a namespace has no table, so the
 * lock is not contended in steady state.
 */
#include <linux/ktime.h>
#include <linux/spinlock.h>

#include "compat.h"
#include "internal.h"

#define EARLY_MAX	128

enum early_state {
	EARLY_FREE = 0,
	EARLY_INFLIGHT,
	EARLY_DONE,
};

struct early_cmd {
	const struct request *req;
	const struct gendisk *gendisk;
	u64 diskseq;
	struct zns_cmd cmd;
	struct zns_done done;
	u8 state;
};

static struct early_cmd early_cmds[EARLY_MAX];
/* Completions of namespaces never set up: there is no table to count in. */
static atomic64_t early_drops = ATOMIC64_INIT(0);

void early_setup(struct request *req, const struct zns_cmd *cmd)
{
	struct gendisk *gendisk = zns_rq_disk(req);
	struct early_cmd *ec, *free = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++) {
		if (ec->state == EARLY_INFLIGHT && ec->req == req) {
			free = ec;	/* a retry: the new attempt replaces it */
			break;
		}
		if (ec->state == EARLY_FREE && !free)
			free = ec;
	}
	if (free) {
		free->req = req;
		free->gendisk = gendisk;
		free->diskseq = gendisk->diskseq;
		free->cmd = *cmd;
		free->state = EARLY_INFLIGHT;
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

/* Caller holds zns_publish_lock. */
static void early_count(struct zns_disk *zd, struct early_cmd *ec)
{
	struct zone_table *tbl;

	tbl = rcu_dereference_check(zd->ns->zones,
				    lockdep_is_held(&zns_publish_lock));
	if (READ_ONCE(zd->ns->counting))
		zone_table_account(tbl, &ec->cmd, &ec->done, false);
	ec->state = EARLY_FREE;
}

/* Completion probe: false if this request was not waiting here. */
bool early_done(struct request *req, const struct zns_done *done)
{
	struct gendisk *gendisk = zns_rq_disk(req);
	struct early_cmd *ec;
	unsigned long flags;
	bool found = false;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++) {
		struct zns_disk *zd;

		if (ec->state != EARLY_INFLIGHT || ec->req != req ||
		    ec->gendisk != gendisk || ec->diskseq != gendisk->diskseq)
			continue;
		found = true;
		ec->done = *done;
		ec->state = EARLY_DONE;
		zd = zns_disk_lookup(gendisk, gendisk->diskseq);
		if (zd)
			early_count(zd, ec);
		break;
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	return found;
}

/* Worker, with zns_publish_lock held, right after publishing zd. */
void early_drain(struct zns_disk *zd)
{
	struct early_cmd *ec;

	lockdep_assert_held(&zns_publish_lock);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++)
		if (ec->state == EARLY_DONE && ec->gendisk == zd->gendisk &&
		    ec->diskseq == zd->diskseq)
			early_count(zd, ec);
}

/*
 * Worker: a completed command whose namespace still has no table after
 * EARLY_DONE_MAX_NS never will (the disk went away first, or its table
 * could not be allocated), and one whose completion never came, after
 * EARLY_INFLIGHT_MAX_NS, no longer will: free their slots, so that stale
 * entries cannot fill the buffer. The first are counted as dropped; a late
 * completion of the second is, by the completion probe.
 */
#define EARLY_DONE_MAX_NS	(10 * NSEC_PER_SEC)
#define EARLY_INFLIGHT_MAX_NS	(600 * NSEC_PER_SEC)

void early_expire(void)
{
	u64 now = ktime_get_ns();
	struct early_cmd *ec;
	unsigned long flags;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++) {
		if (ec->state == EARLY_DONE &&
		    now - ec->done.now_ns > EARLY_DONE_MAX_NS) {
			atomic64_inc(&early_drops);
			ec->state = EARLY_FREE;
		} else if (ec->state == EARLY_INFLIGHT &&
			   now - ec->cmd.start_ns > EARLY_INFLIGHT_MAX_NS) {
			ec->state = EARLY_FREE;
		}
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

/*
 * Probes detached: nothing here completes any more. Completed commands whose
 * namespace never got a table are dropped, and counted as such.
 */
void early_forget_all(void)
{
	struct early_cmd *ec;
	unsigned long flags;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++)
		if (ec->state == EARLY_DONE)
			atomic64_inc(&early_drops);
	memset(early_cmds, 0, sizeof(early_cmds));
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

void early_count_dropped(void)
{
	atomic64_inc(&early_drops);
}

u64 early_dropped(void)
{
	return atomic64_read(&early_drops);
}
