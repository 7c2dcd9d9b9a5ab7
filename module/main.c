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

#include "zns_stat.h"

/*
 * "clear": write a disk name (or "all") to zero its counters. A module
 * parameter rather than a debugfs file, so it works under kernel lockdown.
 */
static int clear_set(const char *val, const struct kernel_param *kp)
{
	char name[DISK_NAME_LEN];
	size_t len;
	int i;

	strscpy(name, val, sizeof(name));
	len = strlen(name);
	if (len && name[len - 1] == '\n')	/* from echo */
		name[--len] = '\0';
	if (!len || strlen(val) > len + 1)
		return -EINVAL;
	for (i = 0; i < len; i++)
		if (!isalnum(name[i]) && name[i] != '_' && name[i] != '-')
			return -EINVAL;
	return zns_disk_clear(name);
}

static const struct kernel_param_ops clear_ops = {
	.set = clear_set,
};
module_param_cb(clear, &clear_ops, NULL, 0200);
MODULE_PARM_DESC(clear, "Write a disk name (e.g. nvme0n2) or \"all\" to zero its counters");

static int __init zns_stat_init(void)
{
	int ret;

	ret = zns_debugfs_init();
	if (ret) {
		pr_err("cannot create debugfs directory: %d\n", ret);
		return ret;
	}
	ret = zns_tp_init();
	if (ret) {
		zns_disk_retire_all();
		zns_debugfs_exit();
	}
	return ret;
}

static void __exit zns_stat_exit(void)
{
	zns_tp_exit();
	zns_disk_retire_all();
	zns_debugfs_exit();
}

module_init(zns_stat_init);
module_exit(zns_stat_exit);

MODULE_DESCRIPTION("Per-zone statistics of zoned NVMe namespaces");
MODULE_LICENSE("GPL");
MODULE_VERSION(ZNS_STAT_VERSION);
