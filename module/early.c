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
/* Entries not free: the probes skip the lock while there are none. */
static int early_used;

/* Caller holds zns_publish_lock. */
static void early_set_state(struct early_cmd *ec, u8 state)
{
	bool was_free = ec->state == EARLY_FREE;
	bool is_free = state == EARLY_FREE;

	if (was_free != is_free)
		WRITE_ONCE(early_used, early_used + (is_free ? -1 : 1));
	ec->state = state;
}

/* Completions of namespaces never set up: there is no table to count in. */
static atomic64_t early_drops = ATOMIC64_INIT(0);

/* Caller holds zns_publish_lock. */
static void early_count(struct zns_disk *zd, struct early_cmd *ec)
{
	struct zone_table *tbl;

	if (zd->ns && READ_ONCE(zd->ns->counting)) {	/* "devices" */
		tbl = rcu_dereference_check(zd->ns->zones,
					    lockdep_is_held(&zns_publish_lock));
		zns_zone_table_account(tbl, &ec->cmd, &ec->done, false);
	}
	early_set_state(ec, EARLY_FREE);
}

/* Caller holds zns_publish_lock: counted now if the table is there. */
static void early_count_if_ready(struct early_cmd *ec)
{
	struct zns_disk *zd = zns_disk_lookup(ec->gendisk, ec->diskseq);

	if (zd)
		early_count(zd, ec);
}

/* This request's entry, or NULL. Caller holds zns_publish_lock. */
static struct early_cmd *early_find(struct request *req)
{
	struct gendisk *gendisk = zns_rq_disk(req);
	struct early_cmd *ec;

	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++)
		if (ec->state == EARLY_INFLIGHT && ec->req == req &&
		    ec->gendisk == gendisk && ec->diskseq == gendisk->diskseq)
			return ec;
	return NULL;
}

/**
 * zns_early_setup() - keep a command set up before its namespace has a table
 * @req: the request
 * @cmd: the decoded command
 *
 * An entry of the same request that ended in the block layer is a retry:
 * that attempt is counted as failed. Without a free entry the command is not
 * kept (its completion counts as dropped).
 *
 * Context: Any context up to hard IRQ (the probes), under rcu_read_lock();
 * takes zns_publish_lock (raw, irqsave).
 */
void zns_early_setup(struct request *req, const struct zns_cmd *cmd)
{
	struct gendisk *gendisk = zns_rq_disk(req);
	struct early_cmd *ec, *free = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++) {
		if (ec->state == EARLY_INFLIGHT && ec->req == req) {
			if (!ec->cmd.ended) {
				free = ec;	/* set up again, never sent */
				break;
			}
			/* Outcome from the block layer: a retry, so it failed. */
			ec->done.now_ns = cmd->start_ns;
			ec->done.result = 0;
			ec->done.has_wait = false;
			ec->done.status = ZNS_STATUS_RETRIED;
			early_set_state(ec, EARLY_DONE);
			early_count_if_ready(ec);
			continue;
		}
		if (ec->state == EARLY_FREE && !free)
			free = ec;
	}
	if (free) {
		free->req = req;
		free->gendisk = gendisk;
		free->diskseq = gendisk->diskseq;
		free->cmd = *cmd;
		early_set_state(free, EARLY_INFLIGHT);
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

/**
 * zns_early_done() - the completion of a command that may be waiting here
 * @req: the request
 * @done: how it ended
 * @from_block: the outcome comes from the block layer; only an attempt that
 *   reached nvme_complete_rq is counted, one that never reached the device
 *   is not
 *
 * Counted now if the namespace's table is there, else when the worker
 * publishes it.
 *
 * Context: Any context up to hard IRQ (the probes), under rcu_read_lock();
 * takes zns_publish_lock (raw, irqsave) while any entry is in use.
 * Return: false if this request was not waiting here.
 */
bool zns_early_done(struct request *req, const struct zns_done *done,
		    bool from_block)
{
	struct early_cmd *ec;
	unsigned long flags;

	if (!READ_ONCE(early_used))
		return false;
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	ec = early_find(req);
	if (ec && from_block && !ec->cmd.ended) {
		early_set_state(ec, EARLY_FREE);
	} else if (ec) {
		ec->done = *done;
		early_set_state(ec, EARLY_DONE);
		early_count_if_ready(ec);
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	return ec;
}

/**
 * zns_early_ended() - nvme_complete_rq for a command that may be waiting
 * here
 * @req: the request
 * @keep: outcomes come from the block layer: the entry waits for it; else
 *   from nowhere: the entry is freed and the caller counts it as dropped
 *
 * Context: Any context up to hard IRQ (the probes), under rcu_read_lock();
 * takes zns_publish_lock (raw, irqsave) while any entry is in use.
 * Return: true if the entry waits for the block layer's outcome.
 */
bool zns_early_ended(struct request *req, bool keep)
{
	struct early_cmd *ec;
	unsigned long flags;

	if (!READ_ONCE(early_used))
		return false;
	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	ec = early_find(req);
	if (ec && keep)
		ec->cmd.ended = 1;
	else if (ec)
		early_set_state(ec, EARLY_FREE);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	return ec && keep;
}

/**
 * zns_early_drain() - count the completed commands of a disk just published
 * @zd: the disk
 *
 * Context: The discovery worker (process context), zns_publish_lock held
 * (irqs off), right after publishing @zd.
 */
void zns_early_drain(struct zns_disk *zd)
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

/**
 * zns_early_expire() - free the entries that will never be counted
 *
 * Description: A completed command whose namespace still has no table after
 * EARLY_DONE_MAX_NS never will (the disk went away first, or its table could
 * not be allocated), and one whose completion never came, after
 * EARLY_INFLIGHT_MAX_NS, no longer will: their slots are freed, so that
 * stale entries cannot fill the buffer. The first are counted as dropped; a
 * late completion of the second is, by the completion probe.
 *
 * Context: The workers (process context); takes zns_publish_lock (raw,
 * irqsave).
 */
void zns_early_expire(void)
{
	u64 now = ktime_get_ns();
	struct early_cmd *ec;
	unsigned long flags;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++) {
		if (ec->state == EARLY_DONE &&
		    now - ec->done.now_ns > EARLY_DONE_MAX_NS) {
			atomic64_inc(&early_drops);
			early_set_state(ec, EARLY_FREE);
		} else if (ec->state == EARLY_INFLIGHT &&
			   now - ec->cmd.start_ns > EARLY_INFLIGHT_MAX_NS) {
			early_set_state(ec, EARLY_FREE);
		}
	}
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

/**
 * zns_early_forget_all() - empty the buffer: the probes are detached
 *
 * Description: Nothing here completes any more. Completed commands whose
 * namespace never got a table are dropped, and counted as such.
 *
 * Context: Process context (tp.c, zns_tp_lock held), the probes detached;
 * takes zns_publish_lock (raw, irqsave).
 */
void zns_early_forget_all(void)
{
	struct early_cmd *ec;
	unsigned long flags;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX; ec++)
		if (ec->state == EARLY_DONE)
			atomic64_inc(&early_drops);
	memset(early_cmds, 0, sizeof(early_cmds));
	WRITE_ONCE(early_used, 0);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
}

/**
 * zns_early_count_dropped() - count a completion no namespace's table can
 * count
 * Context: Any context up to hard IRQ; lock-free.
 */
void zns_early_count_dropped(void)
{
	atomic64_inc(&early_drops);
}

/**
 * zns_early_dropped() - the completions counted dropped here, for status
 * Context: Any context; lock-free.
 * Return: their number.
 */
u64 zns_early_dropped(void)
{
	return atomic64_read(&early_drops);
}

/**
 * zns_early_moving() - as zns_inflight_moving(), for the commands waiting
 * here (seed.c)
 * @gendisk: the disk whose commands count
 * @diskseq: its diskseq
 * @tbl: the table the report was made for
 * @zones: bitmap, a bit set for each zone a command may move
 *
 * Context: Process context, zns_disks_lock held; takes zns_publish_lock
 * (raw, irqsave).
 * Return: true if a command here names every zone (select-all).
 */
bool zns_early_moving(const struct gendisk *gendisk, u64 diskseq,
		      const struct zone_table *tbl, unsigned long *zones)
{
	struct early_cmd *ec;
	unsigned long flags;
	bool all = false;

	raw_spin_lock_irqsave(&zns_publish_lock, flags);
	for (ec = early_cmds; ec < early_cmds + EARLY_MAX && !all; ec++)
		if (ec->state != EARLY_FREE && ec->gendisk == gendisk &&
		    ec->diskseq == diskseq)
			all = zns_zone_table_cmd_moving(&ec->cmd, tbl, zones);
	raw_spin_unlock_irqrestore(&zns_publish_lock, flags);
	return all;
}
