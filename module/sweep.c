// SPDX-License-Identifier: GPL-2.0
/*
 * The sweep: soon after a select-all command completed, every zone of its
 * namespace applies it (life_select_all.c publishes it without a walk), in
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
	queue_delayed_work(zns_system_wq, &sweep_work, 1);
}

/*
 * The registry's stop hook: cancel the sweep and wait for a running one.
 * Sleeps; the probes are detached (nothing requests a sweep after it).
 */
static void sweep_stop(void)
{
	cancel_delayed_work_sync(&sweep_work);
}

static struct zns_table_worker sweep_worker = {
	.stop = sweep_stop,
};

/**
 * zns_sweep_init() - register the sweep with the registry, to be stopped
 * before the tables are freed
 *
 * Context: Process context, module init, before the probes attach; takes
 * zns_disks_lock.
 */
void zns_sweep_init(void)
{
	zns_disk_add_worker(&sweep_worker);
}
