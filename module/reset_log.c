// SPDX-License-Identifier: GPL-2.0
/*
 * The most recent resets of a namespace, one event each, in a ring whose
 * size is the reset_log_size parameter. Writers claim a sequence number with
 * one atomic and publish the event by storing its number last; a reader
 * keeps an event only if its number is the one expected before and after
 * copying it, so a torn or overwritten event is skipped, never shown.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
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

int reset_log_init(struct reset_log *log)
{
	u32 size = READ_ONCE(reset_log_size);

	log->events = zns_vzalloc(ZNS_ALLOC_RESET_LOG,
				  array_size(size, sizeof(*log->events)));
	if (!log->events)
		return -ENOMEM;
	log->size = size;
	return 0;
}

void reset_log_free(struct reset_log *log)
{
	vfree(log->events);
}

/* What the events hold in pages (vmalloc's granularity). */
size_t reset_log_bytes(const struct reset_log *log)
{
	return PAGE_ALIGN(array_size(log->size, sizeof(*log->events)));
}

void reset_log_add(struct reset_log *log, u32 zone, u64 latency_ns,
		   u16 status, u32 fill)
{
	u64 seq = atomic64_inc_return(&log->head);
	struct reset_event *ev = event_slot(log, seq);

	WRITE_ONCE(ev->seq, 0);
	/* Readers must see seq 0 before any new field: pairs with smp_rmb(). */
	smp_wmb();
	ev->time_ns = ktime_get_real_ns();
	ev->latency_ns = min_t(u64, latency_ns, RESET_LATENCY_MAX);
	ev->status = status;
	ev->zone = zone;
	ev->fill = fill;
	/* Publish: the fields before seq; pairs with smp_load_acquire(). */
	smp_store_release(&ev->seq, seq);
}

static bool read_event(struct reset_log *log, u64 seq, struct reset_event *out)
{
	struct reset_event *ev = event_slot(log, seq);

	/* Fields after seq; pairs with smp_store_release() in the writer. */
	if (smp_load_acquire(&ev->seq) != seq)
		return false;
	*out = *ev;
	/* Copy complete before seq is checked again: pairs with smp_wmb(). */
	smp_rmb();
	return READ_ONCE(ev->seq) == seq;
}

int reset_log_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	struct reset_event ev;
	struct reset_log *log;
	bool select_all;
	u64 head, seq;

	seq_puts(m, "# seq time_ns zone latency_ns select_all status fill_sectors\n");
	rcu_read_lock();
	log = &rcu_dereference(ns->zones)->reset_log;
	head = atomic64_read(&log->head);
	seq = head > log->size ? head - log->size + 1 : 1;
	for (; seq <= head; seq++) {
		if (!read_event(log, seq, &ev))
			continue;
		select_all = ev.zone == U32_MAX;
		seq_printf(m, "%llu %llu %lld %llu %u %#x %lld\n", ev.seq,
			   ev.time_ns, select_all ? -1LL : (s64)ev.zone,
			   (u64)ev.latency_ns, select_all, (u16)ev.status,
			   ev.fill == ZNS_FILL_UNKNOWN ? -1LL : (s64)ev.fill);
	}
	rcu_read_unlock();
	return 0;
}
