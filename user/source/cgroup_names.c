// SPDX-License-Identifier: GPL-2.0
/*
 * Cgroup ids to paths. The module prints a zone's owner as a cgroup id,
 * which on 64-bit kernels is the inode number of the cgroup's directory in
 * the cgroup2 mount (kernfs), so a walk of the mount names every live
 * cgroup. The walk is done once per run, at the first id to name, and
 * kept sorted by inode: a table of 65536 zones asks for one id per zone,
 * on a machine that may have thousands of cgroups.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../include/zns_stat.h"
#include "lib/util.h"
#include "source/cgroup_names.h"

#define CGROUP_WALK_MAX	65536	/* directories: a bound on a machine of many containers */
#define ROOT_CGROUP_ID	1	/* cgroup2's root: its id on every boot (module/internal.h) */

struct cg_name {
	uint64_t ino;
	char *path;	/* from the mount's root: "/" for the root */
};

static struct cg_name *names;
static int nr_names, walked;
static size_t root_len;

const char *cgroup_root(void)
{
	const char *root = getenv("ZNS_STAT_CGROUPFS");

	return root && *root ? root : "/sys/fs/cgroup";
}

static int add_dir(const char *path, const struct stat *st, int type,
		   struct FTW *ftw)
{
	const char *rel = path + root_len;

	(void)ftw;
	if (type != FTW_D)
		return 0;
	if (nr_names == CGROUP_WALK_MAX ||
	    room_for_one(&names, nr_names, sizeof(*names)))
		return 1;	/* enough: the rest stay ids */
	names[nr_names].ino = st->st_ino;
	names[nr_names].path = strdup(*rel ? rel : "/");
	if (names[nr_names].path)
		nr_names++;
	return 0;
}

static int by_ino(const void *a, const void *b)
{
	const struct cg_name *x = a, *y = b;

	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

static void walk_once(void)
{
	const char *root = cgroup_root();

	if (walked)
		return;
	walked = 1;
	root_len = strlen(root);
	while (root_len > 1 && root[root_len - 1] == '/')
		root_len--;
	/* the physical tree, this mount only: no links followed */
	nftw(root, add_dir, 16, FTW_PHYS | FTW_MOUNT);
	if (nr_names)
		qsort(names, nr_names, sizeof(*names), by_ino);
}

static const char *path_of(uint64_t id)
{
	struct cg_name key = { .ino = id }, *found;

	walk_once();
	if (!nr_names)
		return NULL;
	found = bsearch(&key, names, nr_names, sizeof(*names), by_ino);
	return found ? found->path : NULL;
}

/* The sentinels' names: 1 when id is one. */
static int sentinel_name(uint64_t id, char *out, size_t n)
{
	switch (id) {
	case 0: snprintf(out, n, "none"); return 1;
	case ZNS_OWNER_ID_MIXED: snprintf(out, n, "mixed"); return 1;
	case ZNS_OWNER_ID_UNATTRIBUTED: snprintf(out, n, "unattributed"); return 1;
	case ZNS_OWNER_ID_OTHER: snprintf(out, n, "other"); return 1;
	}
	return 0;
}

int cgroup_owner_is_id(uint64_t id)
{
	char word[16];

	return !sentinel_name(id, word, sizeof(word));
}

void cgroup_owner_id_name(uint64_t id, char *out, size_t n)
{
	if (sentinel_name(id, out, n))
		return;
	if (id == ROOT_CGROUP_ID)
		snprintf(out, n, "/ (id 1)");
	else
		snprintf(out, n, "id %llu", (unsigned long long)id);
}

void cgroup_owner_name(uint64_t id, char *out, size_t n)
{
	const char *p;
	size_t len;

	if (sentinel_name(id, out, n))
		return;
	p = path_of(id);
	if (!p) {
		snprintf(out, n, "%llu", (unsigned long long)id);
		return;
	}
	len = strlen(p);
	if (len < n || n < 8)
		snprintf(out, n, "%s", p);
	else	/* the end names it: "...docker-1234.scope" */
		snprintf(out, n, "...%s", p + len - (n - 4));
}
