// SPDX-License-Identifier: GPL-2.0
/*
 * The most recent resets of a namespace, one event each, in a ring whose
 * size is the reset_log_size parameter. A writer takes a sequence number
 * with one atomic, claims its slot by marking the slot's number with
 * EVENT_CLAIMED (cmpxchg), fills it and publishes it by storing its number
 * last. A writer whose slot is claimed by another, or already holds a newer
 * event, gives its event up and counts it lost: only when the ring wraps
 * under writers faster than it. A reader keeps an event only if its number
 * is the one expected before and after copying it, so a torn, claimed or
 * overwritten event is skipped, never shown.
 *
 * The "resets" file reads the ring in pieces (seq_file iteration, one
 * event a position): the RCU read lock is held for one buffer at a time.
 * Its opener (debugfs.c) says what must join the log before a read from
 * the start: the log knows none of its writers.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/overflow.h>
#include <linux/vmalloc.h>

#include "internal.h"

#define RESET_LOG_MAX	BIT(20)
#define RESET_LATENCY_MAX	GENMASK_ULL(47, 0)	/* saturates: 78 hours */
#define EVENT_CLAIMED	BIT_ULL(63)	/* in seq: a writer is filling it */

static_assert(sizeof(struct reset_event) == 32, "a reset event is 32 bytes");

static unsigned int reset_log_size = 4096;

static int reset_log_size_set(const char *val, const struct kernel_param *kp)
{
	unsigned int size;
	int ret = kstrtouint(val, 0, &size);

	if (ret || size < 1 || size > RESET_LOG_MAX)
		return -EINVAL;
	WRITE_ONCE(reset_log_size, size);
	return 0;
}

static const struct kernel_param_ops reset_log_size_ops = {
	.set = reset_log_size_set,
	.get = param_get_uint,
};
module_param_cb(reset_log_size, &reset_log_size_ops, &reset_log_size, 0644);
MODULE_PARM_DESC(reset_log_size,
		 "Resets kept per namespace in the \"resets\" file (1..1048576, default 4096); applies to namespaces set up or cleared afterwards");

/* The ring slot of event seq (from 1): div_u64_rem, no __umoddi3 on 32-bit. */
static struct reset_event *event_slot(struct reset_log *log, u64 seq)
{
	u32 slot;

	div_u64_rem(seq - 1, log->size, &slot);
	return &log->events[slot];
}

/**
 * zns_reset_log_init() - allocate a new table's reset log
 * @log: the log, of reset_log_size events
 *
 * Context: Process context, may sleep; zns_disks_lock held (zone_table.c).
 * Return: 0, or -ENOMEM.
 */
int zns_reset_log_init(struct reset_log *log)
{
	u32 size = READ_ONCE(reset_log_size);

	log->events = zns_vzalloc(ZNS_ALLOC_RESET_LOG,
				  array_size(size, sizeof(*log->events)));
	if (!log->events)
		return -ENOMEM;
	log->size = size;
	return 0;
}

/**
 * zns_reset_log_free() - free a reset log's events
 * @log: the log, which no probe or reader can see any more
 *
 * Context: Process context, may sleep.
 */
void zns_reset_log_free(struct reset_log *log)
{
	vfree(log->events);
}

/**
 * zns_reset_log_bytes() - what the events hold in pages (vmalloc's
 * granularity)
 * @log: the log
 *
 * Context: Any context.
 * Return: bytes.
 */
size_t zns_reset_log_bytes(const struct reset_log *log)
{
	return PAGE_ALIGN(array_size(log->size, sizeof(*log->events)));
}

/*
 * The slot of event seq, claimed, or NULL: a newer event is there, or
 * another writer is filling it (this event is lost, and counted).
 */
static struct reset_event *claim_slot(struct reset_log *log, u64 seq)
{
	struct reset_event *ev = event_slot(log, seq);
	u64 old = READ_ONCE(ev->seq);

	do {
		if ((old & EVENT_CLAIMED) || old >= seq) {
			atomic64_inc(&log->lost);
			return NULL;
		}
		/* a full barrier: the claim is seen before any field changes */
	} while (!try_cmpxchg(&ev->seq, &old, seq | EVENT_CLAIMED));
	return ev;
}

static void fill_event(struct reset_event *ev, u32 zone, u64 latency_ns,
		       u16 status, u32 fill, u64 real_ns)
{
	ev->time_ns = real_ns;
	ev->latency_ns = min_t(u64, latency_ns, RESET_LATENCY_MAX);
	ev->status = status;
	ev->zone = zone;
	ev->fill = fill;
}

static void publish_event(struct reset_event *ev, u64 seq)
{
	/* The fields before seq; pairs with smp_load_acquire() in read_event(). */
	smp_store_release(&ev->seq, seq);
}

/**
 * zns_reset_log_add_at() - log a reset that completed at a given time
 * @log: the namespace's log
 * @zone: the zone reset, U32_MAX: all (select-all)
 * @latency_ns: its latency (saturates at 78 hours)
 * @status: its NVMe status, 0 for success
 * @fill: sectors written before, or ZNS_FILL_UNKNOWN
 * @real_ns: its completion, CLOCK_REALTIME
 *
 * An event whose slot another writer holds, or a newer event took, is given
 * up and counted lost.
 *
 * Context: Any context up to hard IRQ (the completion probes, under
 * rcu_read_lock(); life_select_all.c with &life_ns.pending_lock held);
 * lock-free.
 */
void zns_reset_log_add_at(struct reset_log *log, u32 zone, u64 latency_ns,
			  u16 status, u32 fill, u64 real_ns)
{
	u64 seq = atomic64_inc_return(&log->head);
	struct reset_event *ev = claim_slot(log, seq);

	if (!ev)
		return;
	fill_event(ev, zone, latency_ns, status, fill, real_ns);
	publish_event(ev, seq);
}

/**
 * zns_reset_log_add() - log a reset that completed now
 * @log: the namespace's log
 * @zone: the zone reset, U32_MAX: all (select-all)
 * @latency_ns: its latency
 * @status: its NVMe status, 0 for success
 * @fill: sectors written before, or ZNS_FILL_UNKNOWN
 *
 * Context: As zns_reset_log_add_at().
 */
void zns_reset_log_add(struct reset_log *log, u32 zone, u64 latency_ns,
		       u16 status, u32 fill)
{
	zns_reset_log_add_at(log, zone, latency_ns, status, fill,
			     ktime_get_real_ns());
}

static bool read_event(struct reset_log *log, u64 seq, struct reset_event *out)
{
	struct reset_event *ev = event_slot(log, seq);

	/* Fields after seq; pairs with smp_store_release() in the writer. */
	if (smp_load_acquire(&ev->seq) != seq)
		return false;
	*out = *ev;
	/* Copy complete before seq is checked again: the claim's barrier. */
	smp_rmb();
	return READ_ONCE(ev->seq) == seq;
}

/* A reader of "resets": position 0 is the header, position n event n. */
struct resets_reader {
	struct zns_ns *ns;
	void (*catch_up)(struct zone_table *tbl);	/* zns_reset_log_open() */
	u64 last;		/* the last event to show: the head at the header */
	struct reset_event ev;	/* the event being shown */
};

/* The first readable event at or after *pos, which becomes its number. */
static void *find_event(struct seq_file *m, loff_t *pos)
{
	struct resets_reader *r = m->private;
	struct reset_log *log = &rcu_dereference(r->ns->zones)->reset_log;
	u64 head = min_t(u64, atomic64_read(&log->head), r->last);
	u64 seq = head > log->size ? head - log->size + 1 : 1;

	for (seq = max_t(u64, seq, *pos); seq <= head; seq++) {
		if (read_event(log, seq, &r->ev)) {
			*pos = seq;
			return &r->ev;
		}
	}
	*pos = max_t(u64, *pos, r->last + 1);	/* the end, for good */
	return NULL;
}

static void *resets_start(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	struct resets_reader *r = m->private;

	rcu_read_lock();
	if (*pos)
		return find_event(m, pos);
	r->catch_up(rcu_dereference(r->ns->zones));
	r->last = atomic64_read(&rcu_dereference(r->ns->zones)->reset_log.head);
	return SEQ_START_TOKEN;
}

static void *resets_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return find_event(m, pos);
}

static void resets_stop(struct seq_file *m, void *v)
	__releases(RCU)
{
	rcu_read_unlock();
}

static int resets_show(struct seq_file *m, void *v)
{
	struct reset_event *ev = v;
	bool select_all;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, "# seq time_ns zone latency_ns select_all status fill_sectors\n");
		return 0;
	}
	select_all = ev->zone == U32_MAX;
	seq_printf(m, "%llu %llu %lld %llu %u %#x %lld\n", ev->seq,
		   ev->time_ns, select_all ? -1LL : (s64)ev->zone,
		   (u64)ev->latency_ns, select_all, (u16)ev->status,
		   ev->fill == ZNS_FILL_UNKNOWN ? -1LL : (s64)ev->fill);
	return 0;
}

static const struct seq_operations resets_seq_ops = {
	.start = resets_start,
	.next = resets_next,
	.stop = resets_stop,
	.show = resets_show,
};

/**
 * zns_reset_log_open() - open a namespace's "resets" file
 * @inode: the file's inode; i_private is the namespace
 * @file: the file, released with seq_release_private()
 * @catch_up: called on the namespace's table before each read from the
 *   start, under rcu_read_lock(): events not yet logged join the log (a
 *   select-all reset's is logged once every zone applied it)
 *
 * Context: Process context (open()), may sleep.
 * Return: 0, or -ENOMEM.
 */
int zns_reset_log_open(struct inode *inode, struct file *file,
		       void (*catch_up)(struct zone_table *tbl))
{
	struct resets_reader *r;

	r = __seq_open_private(file, &resets_seq_ops, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->ns = inode->i_private;
	r->catch_up = catch_up;
	return 0;
}
