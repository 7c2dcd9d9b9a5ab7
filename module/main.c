// SPDX-License-Identifier: GPL-2.0
/*
 * zns_stat: per-zone statistics of zoned NVMe namespaces, from nvme_core's
 * tracepoints, in debugfs. See Documentation/zns_stat.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "internal.h"

/* A disk name: letters, digits, '_' and '-', shorter than DISK_NAME_LEN. */
static bool valid_name(const char *name)
{
	size_t i, len = strlen(name);

	if (!len || len >= DISK_NAME_LEN)
		return false;
	for (i = 0; i < len; i++)
		if (!isalnum(name[i]) && name[i] != '_' && name[i] != '-')
			return false;
	return true;
}

/* A parameter's value without the newline echo adds. */
static int param_copy(char *buf, size_t size, const char *val)
{
	size_t len = strcspn(val, "\n");

	if (len >= size || (val[len] && val[len + 1]))
		return -EINVAL;
	memcpy(buf, val, len);
	buf[len] = '\0';
	return 0;
}

/*
 * "clear": write a disk name (or "all") to zero its counters. A module
 * parameter rather than a debugfs file, so it works under kernel lockdown.
 */
static int clear_set(const char *val, const struct kernel_param *kp)
{
	char name[DISK_NAME_LEN];

	if (param_copy(name, sizeof(name), val) || !valid_name(name))
		return -EINVAL;
	return zns_ns_clear(name);
}

static const struct kernel_param_ops clear_ops = {
	.set = clear_set,
};
module_param_cb(clear, &clear_ops, NULL, 0200);
MODULE_PARM_DESC(clear, "Write a disk name (e.g. nvme0n2) or \"all\" to zero its counters");

/* "devices": the namespaces to count, comma-separated; empty for all. */
static char devices[ZNS_DEVICES_MAX * DISK_NAME_LEN];

static int devices_set(const char *val, const struct kernel_param *kp)
{
	char buf[sizeof(devices)], *cursor = buf, *name;
	const char *names[ZNS_DEVICES_MAX];
	int nr = 0;

	if (param_copy(buf, sizeof(buf), val))
		return -EINVAL;
	while ((name = strsep(&cursor, ",")) && *buf) {
		if (nr == ZNS_DEVICES_MAX || !valid_name(name))
			return -EINVAL;
		names[nr++] = name;
	}
	zns_ns_set_filter(names, nr);
	zns_disk_retire_left_out();
	param_copy(devices, sizeof(devices), val);
	return 0;
}

static int devices_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", devices);
}

static const struct kernel_param_ops devices_ops = {
	.set = devices_set,
	.get = devices_get,
};
module_param_cb(devices, &devices_ops, NULL, 0644);
MODULE_PARM_DESC(devices, "Namespaces to count, comma-separated (e.g. nvme0n1,nvme1n1); empty: all");

static int __init zns_stat_init(void)
{
	int ret;

	ret = zns_debugfs_init();
	if (ret) {
		pr_err("cannot create debugfs directory: %d\n", ret);
		return ret;
	}
	/* before the probes: the registry stops them at zns_disk_exit() */
	zns_seed_init();
	zns_sweep_init();
	ret = zns_tp_init();
	if (ret) {
		zns_disk_exit();
		zns_debugfs_exit();
	}
	return ret;
}

static void __exit zns_stat_exit(void)
{
	zns_tp_exit();
	zns_disk_exit();
	zns_debugfs_exit();
}

module_init(zns_stat_init);
module_exit(zns_stat_exit);

MODULE_DESCRIPTION("Per-zone statistics of zoned NVMe namespaces");
MODULE_LICENSE("GPL");
MODULE_VERSION(ZNS_STAT_VERSION);
