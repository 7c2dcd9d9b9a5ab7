// SPDX-License-Identifier: GPL-2.0
/* Why a namespace is not tracked, in words a user can act on (untracked.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source/untracked.h"

static const char *sysfs_root(void)
{
	const char *root = getenv("ZNS_STAT_SYSFS");

	return root && *root ? root : "/sys";
}

const char *disk_arg(const char *arg)
{
	return strncmp(arg, "/dev/", 5) ? arg : arg + 5;
}

/* First line of a sysfs file, without its newline; "" if unreadable. */
static void sysfs_line(const char *path, char *out, size_t outlen)
{
	FILE *f = fopen(path, "r");

	*out = '\0';
	if (!f)
		return;
	if (!fgets(out, outlen, f))
		*out = '\0';
	out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* queue/zoned of the disk: "host-managed", "none", or "" (no such disk). */
static void disk_zoned(const char *disk, char *out, size_t outlen)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/block/%s/queue/zoned", sysfs_root(), disk);
	sysfs_line(path, out, outlen);
}

int is_tracked(const char *root, const char *disk)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, disk);
	return access(path, F_OK) == 0;
}

static int is_zoned_nvme(const char *disk)
{
	char zoned[64];

	if (strncmp(disk, "nvme", 4))
		return 0;
	disk_zoned(disk, zoned, sizeof(zoned));
	return *zoned && strcmp(zoned, "none");
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

int untracked_zoned(const char *root, struct sbuf *b)
{
	char path[4096], *names[256];
	struct dirent *de;
	int n = 0, i;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/block", sysfs_root());
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((de = readdir(dir)) && n < 256)
		if (de->d_name[0] != '.' && is_zoned_nvme(de->d_name) &&
		    !is_tracked(root, de->d_name) && (names[n] = strdup(de->d_name)))
			n++;
	closedir(dir);
	qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		sbuf_printf(b, " %s", names[i]);
		free(names[i]);
	}
	return n;
}

/* The devices parameter, if it names namespaces and leaves DISK out. */
static int left_out(const char *disk, char *devices, size_t len)
{
	char path[4096], *tok, *save, copy[512];

	snprintf(path, sizeof(path), "%s/module/zns_stat/parameters/devices", sysfs_root());
	sysfs_line(path, devices, len);
	if (!*devices)
		return 0;
	snprintf(copy, sizeof(copy), "%s", devices);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strcmp(tok, disk))
			return 0;
	return 1;
}

void explain_untracked(const char *root, const char *disk, char *err,
		       size_t errlen)
{
	char zoned[64], devices[512];

	(void)root;
	disk_zoned(disk, zoned, sizeof(zoned));
	if (!*zoned)
		snprintf(err, errlen, "%s: no such block device", disk);
	else if (!strcmp(zoned, "none"))
		snprintf(err, errlen, "%s: not a zoned block device (queue/zoned is none)", disk);
	else if (strncmp(disk, "nvme", 4))
		snprintf(err, errlen, "%s: not an NVMe namespace: zns_stat follows the NVMe driver only",
			 disk);
	else if (left_out(disk, devices, sizeof(devices)))
		snprintf(err, errlen, "%s: left out by the module's devices parameter (devices=%s)",
			 disk, devices);
	else
		snprintf(err, errlen, "%s: not tracked yet: zns_stat tracks a namespace from its first command after it loads; any command will do, e.g. 'blkzone report -c 1 /dev/%s'",
			 disk, disk);
}

void explain_none_tracked(const char *root, char *out, size_t outlen)
{
	struct sbuf b = { 0 };
	int n = untracked_zoned(root, &b);

	if (n && !b.oom)
		snprintf(out, outlen, "no zoned namespace tracked yet: zns_stat tracks a namespace from its first command after it loads; not tracked yet:%s (any command will do, e.g. 'blkzone report -c 1 /dev/%.*s')",
			 b.s, (int)strcspn(b.s + 1, " "), b.s + 1);
	else
		snprintf(out, outlen, "no zoned namespace tracked yet, and %s/block has no zoned NVMe namespace",
			 sysfs_root());
	sbuf_free(&b);
}
