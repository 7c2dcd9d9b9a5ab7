// SPDX-License-Identifier: GPL-2.0
/*
 * Attaching the probes to nvme_core's tracepoints.
 *
 * nvme_setup_cmd and nvme_complete_rq are not exported, so they are found by
 * name, as LTTng-modules does: the tracepoint module notifier replays every
 * loaded module on registration and reports modules coming and going; a
 * built-in nvme_core is found among the kernel's own tracepoints.
 *
 * Lock order: tracepoint_module_list_mutex (held by the kernel around the
 * notifier) or the module parameter lock -> zns_tp_lock -> zns_disks_lock.
 * Never call (un)register_tracepoint_module_notifier() with zns_tp_lock held.
 * All of the module's locks: Documentation/zns_stat.rst, "Locks, contexts and
 * lifetimes".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kstrtox.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>

#include "internal.h"

#define NVME_CORE_MODULE	"nvme_core"

struct zns_tp {
	const char *name;
	void *probe;
	struct tracepoint *tp;
};

static struct zns_tp zns_tps[] = {
	{ .name = "nvme_complete_rq", .probe = zns_probe_done },
	{ .name = "nvme_setup_cmd", .probe = zns_probe_setup },
};

/* The block layer's completion: attached only for mirror.c's fallback. */
static struct tracepoint *block_tp;
static bool block_attached;
/* The block layer's submission: stamps bios from 6.9 (ZNS_STAMPS_BIOS). */
static struct tracepoint *bio_queue_tp;
static bool bio_queue_attached;

static DEFINE_MUTEX(zns_tp_lock);
static bool ready;		/* zns_tp_init() ran: parameters may act */
static bool enabled = true;	/* the "enabled" parameter */
static bool nvme_core_present;	/* zns_tps[] point into a live nvme_core */
static struct module *nvme_core_mod;	/* NULL when nvme_core is built in */
static bool attached;

/**
 * zns_tp_attached() - whether the probes are attached to nvme_core now
 * Context: Any context; no lock (a snapshot).
 * Return: true if attached.
 */
bool zns_tp_attached(void)
{
	return READ_ONCE(attached);
}

/**
 * zns_tp_enabled() - the "enabled" parameter
 * Context: Any context; no lock (a snapshot).
 * Return: its value.
 */
bool zns_tp_enabled(void)
{
	return READ_ONCE(enabled);
}

static void match_tracepoint(struct tracepoint *tp, void *priv)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(zns_tps); i++)
		if (!strcmp(tp->name, zns_tps[i].name))
			zns_tps[i].tp = tp;
}

static bool found_tracepoints(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(zns_tps); i++)
		if (!zns_tps[i].tp) {
			pr_err("tracepoint %s not found in %s\n",
			       zns_tps[i].name, NVME_CORE_MODULE);
			return false;
		}
	return true;
}

static void forget_tracepoints(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(zns_tps); i++)
		zns_tps[i].tp = NULL;
}

static void match_block_tracepoint(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "block_rq_complete"))
		block_tp = tp;
	else if (!strcmp(tp->name, "block_bio_queue"))
		bio_queue_tp = tp;
}

/* A probe of the block layer's, which zns_stat can do without; logged. */
static bool attach_block_layer_probe(struct tracepoint *tp, void *probe,
				     const char *without)
{
	int ret = tp ? tracepoint_probe_register(tp, probe, NULL) : -ENOENT;

	if (ret)
		pr_err("cannot attach to %s: %d: %s\n",
		       tp ? tp->name : "a block tracepoint", ret, without);
	return !ret;
}

/*
 * Where the kernel no longer stamps every bio. Without it queue waits
 * start at the request's allocation. Holds zns_tp_lock.
 */
static void attach_bio_queue_probe(void)
{
	if (!ZNS_STAMPS_BIOS || bio_queue_attached)
		return;
	bio_queue_attached =
		attach_block_layer_probe(bio_queue_tp, zns_probe_bio_queue,
					 "queue waits start at the request's allocation");
}

/* The caller waits for running probes. Holds zns_tp_lock. */
static void detach_bio_queue_probe(void)
{
	if (!bio_queue_attached)
		return;
	tracepoint_probe_unregister(bio_queue_tp, zns_probe_bio_queue, NULL);
	bio_queue_attached = false;
}

/* When outcomes are to come from the block layer. Holds zns_tp_lock. */
static void attach_block_probe(void)
{
	if (block_attached || !zns_mirror_wants_block())
		return;
	block_attached = attach_block_layer_probe(block_tp, zns_probe_block_done,
						  "completions count as dropped");
	zns_mirror_block_attached(block_attached);
}

/* The caller waits for running probes. Holds zns_tp_lock. */
static void detach_block_probe(void)
{
	if (!block_attached)
		return;
	tracepoint_probe_unregister(block_tp, zns_probe_block_done, NULL);
	block_attached = false;
}

/* The mirror failed its check (mirror.c): outcomes from the block layer. */
static void attach_block_work_fn(struct work_struct *work)
{
	mutex_lock(&zns_tp_lock);
	if (attached)
		attach_block_probe();
	mutex_unlock(&zns_tp_lock);
}

static DECLARE_WORK(attach_block_work, attach_block_work_fn);

/* Register every probe or none. Caller holds zns_tp_lock. */
static void attach_probes(void)
{
	int i, ret;

	/* Slots left by completions missed while detached must not match. */
	zns_inflight_forget_all();
	attach_block_probe();
	attach_bio_queue_probe();
	for (i = 0; i < ARRAY_SIZE(zns_tps); i++) {
		ret = tracepoint_probe_register(zns_tps[i].tp,
						zns_tps[i].probe, NULL);
		if (ret) {
			pr_err("cannot attach to %s: %d\n", zns_tps[i].name,
			       ret);
			goto unregister;
		}
	}
	WRITE_ONCE(attached, true);
	pr_info("attached to %s\n", NVME_CORE_MODULE);
	return;

unregister:
	while (--i >= 0)
		tracepoint_probe_unregister(zns_tps[i].tp, zns_tps[i].probe,
					    NULL);
	detach_bio_queue_probe();
	detach_block_probe();
	tracepoint_synchronize_unregister();
}

/* Mirror of attach_probes(); after it no probe runs. Holds zns_tp_lock. */
static void detach_probes(void)
{
	int i;

	for (i = ARRAY_SIZE(zns_tps) - 1; i >= 0; i--)
		tracepoint_probe_unregister(zns_tps[i].tp, zns_tps[i].probe,
					    NULL);
	detach_bio_queue_probe();
	detach_block_probe();
	tracepoint_synchronize_unregister();
	WRITE_ONCE(attached, false);
	zns_early_forget_all();
	zns_disk_flush_discovery();
	pr_info("detached from %s\n", NVME_CORE_MODULE);
}

/* Attached exactly when enabled and nvme_core is there. */
static void update_attachment(void)
{
	bool want = ready && enabled && nvme_core_present;

	lockdep_assert_held(&zns_tp_lock);
	if (want && !attached)
		attach_probes();
	else if (!want && attached)
		detach_probes();
}

static void module_coming(struct module *mod)
{
	unsigned int i;

	if (strcmp(mod->name, NVME_CORE_MODULE))
		return;
	mutex_lock(&zns_tp_lock);
	for (i = 0; i < mod->num_tracepoints; i++)
		match_tracepoint(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]),
				 NULL);
	if (found_tracepoints()) {
		nvme_core_mod = mod;
		nvme_core_present = true;
		update_attachment();
	} else {
		forget_tracepoints();
	}
	mutex_unlock(&zns_tp_lock);
}

/* nvme_core's namespaces are all gone: so are their statistics. */
static void module_going(struct module *mod)
{
	mutex_lock(&zns_tp_lock);
	if (nvme_core_present && nvme_core_mod == mod) {
		nvme_core_present = false;
		update_attachment();
		forget_tracepoints();
		nvme_core_mod = NULL;
		zns_disk_retire_all();
	}
	mutex_unlock(&zns_tp_lock);
}

static int tp_module_notify(struct notifier_block *nb, unsigned long val,
			    void *data)
{
	struct tp_module *tp_mod = data;

	if (val == MODULE_STATE_COMING)
		module_coming(tp_mod->mod);
	else if (val == MODULE_STATE_GOING)
		module_going(tp_mod->mod);
	return NOTIFY_OK;
}

static struct notifier_block tp_module_nb = {
	.notifier_call = tp_module_notify,
};

/*
 * "enabled": 0 unregisters the probes, so the NVMe path pays nothing; 1
 * registers them again. Counters are kept. Works before and after load.
 */
static int enabled_set(const char *val, const struct kernel_param *kp)
{
	bool on;

	if (kstrtobool(val, &on))
		return -EINVAL;
	mutex_lock(&zns_tp_lock);
	WRITE_ONCE(enabled, on);
	update_attachment();
	mutex_unlock(&zns_tp_lock);
	return 0;
}

static const struct kernel_param_ops enabled_ops = {
	.set = enabled_set,
	.get = param_get_bool,
};
module_param_cb(enabled, &enabled_ops, &enabled, 0644);
MODULE_PARM_DESC(enabled, "Count (1, default) or detach the probes and pay nothing (0); counters are kept");

/**
 * zns_tp_init() - attach to nvme_core's tracepoints, now or when it loads
 * Context: Process context, module init; takes zns_tp_lock and the kernel's
 * tracepoint locks.
 * Return: 0, or the error of register_tracepoint_module_notifier() (then
 * nothing stays attached).
 */
int zns_tp_init(void)
{
	int ret;

	zns_mirror_init(&attach_block_work);
	mutex_lock(&zns_tp_lock);
	ready = true;
	/* nvme_core built in: its tracepoints are the kernel's own. */
	for_each_kernel_tracepoint(match_tracepoint, NULL);
	for_each_kernel_tracepoint(match_block_tracepoint, NULL);
	if (zns_tps[0].tp || zns_tps[1].tp) {
		nvme_core_present = found_tracepoints();
		update_attachment();
	}
	mutex_unlock(&zns_tp_lock);

	/* nvme_core as a module: now (replayed) or whenever it loads. */
	ret = register_tracepoint_module_notifier(&tp_module_nb);
	if (ret) {
		pr_err("cannot watch for %s: %d\n", NVME_CORE_MODULE, ret);
		zns_tp_exit();
	}
	if (!zns_tp_attached())
		pr_info("not attached yet: waiting for %s or enabled=1\n",
			NVME_CORE_MODULE);
	return ret;
}

/**
 * zns_tp_exit() - detach every probe and stop watching for nvme_core
 *
 * Description: After it no probe runs.
 *
 * Context: Process context, sleeps; takes zns_tp_lock; zns_disks_lock must
 * not be held.
 */
void zns_tp_exit(void)
{
	/* Replays MODULE_STATE_GOING for every module, detaching from nvme_core. */
	unregister_tracepoint_module_notifier(&tp_module_nb);
	mutex_lock(&zns_tp_lock);
	ready = false;
	update_attachment();
	mutex_unlock(&zns_tp_lock);
	/* No probe runs now: none schedules it again. It takes zns_tp_lock. */
	cancel_work_sync(&attach_block_work);
}
