// SPDX-License-Identifier: GPL-2.0
/*
 * The sweep: soon after a select-all command completed, every zone of its
 * namespace applies it (lifecycle.c publishes it without a walk), in
 * process context, so that the ring has room for the next ones and a
 * select-all reset's event, its fill known, joins the reset log.
 */
#include <linux/workqueue.h>

#include "internal.h"

static void sweep_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(sweep_work, sweep_fn);

static void sweep_table(struct zone_table *tbl)
{
	zns_life_catch_up(tbl, false);	/* under RCU */
}

static void sweep_fn(struct work_struct *work)
{
	zns_disk_each_table(sweep_table);
}

/**
 * zns_sweep_request() - have every zone apply the published select-all
 * commands soon
 *
 * Description: From a completion: queued once however many come, a tick
 * later: a timer is cheaper to arm there than a worker to wake.
 *
 * Context: Any context up to hard IRQ; takes no lock of the module.
 */
void zns_sweep_request(void)
{
	queue_delayed_work(system_wq, &sweep_work, 1);
}

/**
 * zns_sweep_exit() - cancel the sweep and wait for a running one
 * Context: Process context, sleeps; the probes must be detached (nothing
 * requests a sweep after it).
 */
void zns_sweep_exit(void)
{
	cancel_delayed_work_sync(&sweep_work);
}
