// SPDX-License-Identifier: GPL-2.0
/*
 * The module's own allocations, in one place, so that tests can make them
 * fail. With CONFIG_FAULT_INJECTION, as null_blk does, two parameters drive
 * the kernel's fault-injection framework (Documentation/fault-injection):
 *   fail_alloc=<interval>,<probability>,<space>,<times>
 *   fail_alloc_sites=<site>[,<site>...]   only these allocations ("" for all)
 * Sites: disk, inflight, ns, zones, hist, reset_log, seed, placement (enum
 * zns_alloc_site).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/types.h>
#include <linux/gfp.h>	/* before fault-inject.h, which needs gfp_t (6.1) */
#include <linux/fault-inject.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "internal.h"

#ifdef CONFIG_FAULT_INJECTION
static const char * const site_names[ZNS_NR_ALLOC_SITES] = {
	[ZNS_ALLOC_DISK] = "disk",
	[ZNS_ALLOC_INFLIGHT] = "inflight",
	[ZNS_ALLOC_NS] = "ns",
	[ZNS_ALLOC_ZONES] = "zones",
	[ZNS_ALLOC_HIST] = "hist",
	[ZNS_ALLOC_RESET_LOG] = "reset_log",
	[ZNS_ALLOC_SEED] = "seed",
	[ZNS_ALLOC_PLACEMENT] = "placement",
};

static DECLARE_FAULT_ATTR(fail_alloc_attr);
static char fail_alloc[64];
static unsigned long fail_sites;	/* bit per site; 0: every site */
static char fail_alloc_sites[128];

/* A parameter's value without the newline echo adds; -EINVAL if too long. */
static int param_value(char *buf, size_t size, const char *val)
{
	if (strscpy(buf, val, size) < 0)
		return -EINVAL;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int fail_alloc_set(const char *val, const struct kernel_param *kp)
{
	struct fault_attr attr = FAULT_ATTR_INITIALIZER;
	char buf[sizeof(fail_alloc)];

	if (param_value(buf, sizeof(buf), val) || !setup_fault_attr(&attr, buf))
		return -EINVAL;
	attr.verbose = 0;	/* no stack dump per failure: tests read the log */
	fail_alloc_attr = attr;
	strscpy(fail_alloc, buf, sizeof(fail_alloc));
	return 0;
}

static int fail_alloc_sites_set(const char *val, const struct kernel_param *kp)
{
	char buf[sizeof(fail_alloc_sites)], names[sizeof(buf)];
	char *cursor = names, *name;
	unsigned long sites = 0;
	int i;

	if (param_value(buf, sizeof(buf), val))
		return -EINVAL;
	strscpy(names, buf, sizeof(names));	/* strsep() cuts it up */
	while ((name = strsep(&cursor, ",")) && *buf) {
		i = match_string(site_names, ARRAY_SIZE(site_names), name);
		if (i < 0)
			return -EINVAL;
		sites |= BIT(i);
	}
	WRITE_ONCE(fail_sites, sites);
	strscpy(fail_alloc_sites, buf, sizeof(fail_alloc_sites));
	return 0;
}

static const struct kernel_param_ops fail_alloc_ops = {
	.set = fail_alloc_set,
	.get = param_get_string,
};

static struct kparam_string fail_alloc_str = {
	.maxlen = sizeof(fail_alloc),
	.string = fail_alloc,
};

module_param_cb(fail_alloc, &fail_alloc_ops, &fail_alloc_str, 0600);
MODULE_PARM_DESC(fail_alloc, "Fault injection of the module's allocations: <interval>,<probability>,<space>,<times>");

static const struct kernel_param_ops fail_alloc_sites_ops = {
	.set = fail_alloc_sites_set,
	.get = param_get_string,
};

static struct kparam_string fail_alloc_sites_str = {
	.maxlen = sizeof(fail_alloc_sites),
	.string = fail_alloc_sites,
};

module_param_cb(fail_alloc_sites, &fail_alloc_sites_ops,
		&fail_alloc_sites_str, 0600);
MODULE_PARM_DESC(fail_alloc_sites, "Allocations fail_alloc applies to: disk,inflight,ns,zones,hist,reset_log,seed (empty: all)");

static bool alloc_should_fail(enum zns_alloc_site site, size_t size)
{
	unsigned long sites = READ_ONCE(fail_sites);

	if (sites && !(sites & BIT(site)))
		return false;
	return should_fail(&fail_alloc_attr, size);
}
#else
static bool alloc_should_fail(enum zns_alloc_site site, size_t size)
{
	return false;
}
#endif

/**
 * zns_kzalloc() - kzalloc(GFP_KERNEL) at an allocation site tests can fail
 * @site: where the allocation is made (fail_alloc_sites)
 * @size: bytes
 *
 * Context: Process context; may sleep.
 * Return: zeroed memory for kfree(), or NULL.
 */
void *zns_kzalloc(enum zns_alloc_site site, size_t size)
{
	if (alloc_should_fail(site, size))
		return NULL;
	return kzalloc(size, GFP_KERNEL);
}

/**
 * zns_vzalloc() - vzalloc() at an allocation site tests can fail
 * @site: where the allocation is made (fail_alloc_sites)
 * @size: bytes
 *
 * Context: Process context; may sleep.
 * Return: zeroed memory for vfree(), or NULL.
 */
void *zns_vzalloc(enum zns_alloc_site site, size_t size)
{
	if (alloc_should_fail(site, size))
		return NULL;
	return vzalloc(size);
}

/**
 * zns_alloc_percpu() - __alloc_percpu() at an allocation site tests can fail
 * @site: where the allocation is made (fail_alloc_sites)
 * @size: bytes per CPU
 * @align: their alignment
 *
 * Context: Process context; may sleep.
 * Return: zeroed per-CPU memory for free_percpu(), or NULL.
 */
void __percpu *zns_alloc_percpu(enum zns_alloc_site site, size_t size,
				size_t align)
{
	if (alloc_should_fail(site, size))
		return NULL;
	return __alloc_percpu(size, align);
}
