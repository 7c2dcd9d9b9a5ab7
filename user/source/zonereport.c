// SPDX-License-Identifier: GPL-2.0
/*
 * Zone state from the kernel's zone report (BLKREPORTZONE), so counters can be
 * read next to how full each zone is. The ioctl needs no library (libzbd).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/blkzoned.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "source/columns.h"
#include "source/snapshot.h"
#include "source/zonereport.h"

#define ZONES_PER_IOCTL	4096

/* Device nodes live in /dev; ZNS_STAT_DEV points tests elsewhere. */
static const char *dev_dir(void)
{
	const char *d = getenv("ZNS_STAT_DEV");

	return d && *d ? d : "/dev";
}

static int report(int fd, uint64_t nr, uint64_t *cond, uint64_t *wptr,
		  uint64_t *cap, uint64_t *starts)
{
	size_t size = sizeof(struct blk_zone_report) +
		      ZONES_PER_IOCTL * sizeof(struct blk_zone);
	struct blk_zone_report *rep = malloc(size);
	uint64_t done = 0, sector = 0;
	unsigned int i;

	if (!rep)
		return -1;
	while (done < nr) {
		memset(rep, 0, size);
		rep->sector = sector;
		rep->nr_zones = ZONES_PER_IOCTL;
		if (ioctl(fd, BLKREPORTZONE, rep) || !rep->nr_zones)
			break;
		for (i = 0; i < rep->nr_zones && done < nr; i++, done++) {
			const struct blk_zone *z = &rep->zones[i];

			starts[done] = z->start;
			cond[done] = z->cond;
			wptr[done] = z->cond == BLK_ZONE_COND_FULL ? z->len :
				     z->wp > z->start ? z->wp - z->start : 0;
#ifdef BLK_ZONE_REP_CAPACITY
			cap[done] = rep->flags & BLK_ZONE_REP_CAPACITY ?
				    z->capacity : z->len;
#else
			cap[done] = z->len;
#endif
			sector = z->start + z->len;
		}
	}
	free(rep);
	return done == nr ? 0 : -1;
}

int zonereport_add(struct snapshot *snap, char *why, size_t whylen)
{
	static const char * const names[] = { COL_COND, COL_WPTR, COL_CAP };
	const uint64_t *vals[3];
	uint64_t nr = snap->nr_zones, *buf, z;
	int start = snapshot_column(snap, "start");
	char path[256];
	int fd, ret = -1;

	if (snapshot_column(snap, COL_COND) >= 0)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", dev_dir(), snap->disk);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = calloc(4 * (nr ? nr : 1), sizeof(*buf));
	if (!buf) {
		snprintf(why, whylen, "out of memory");
		goto out;
	}
	if (report(fd, nr, buf, buf + nr, buf + 2 * nr, buf + 3 * nr)) {
		snprintf(why, whylen, "%s: zone report failed or has fewer zones than zns_stat", path);
		goto out;
	}
	vals[0] = buf;
	vals[1] = buf + nr;
	vals[2] = buf + 2 * nr;
	for (z = 0; z < nr; z++) {
		if (buf[3 * nr + z] != snapshot_row(snap, z)[start]) {
			snprintf(why, whylen, "%s: zone report and zns_stat disagree on zone %llu's start",
				 path, (unsigned long long)z);
			goto out;
		}
	}
	if (snapshot_insert_columns(snap, start + 1, 3, names, vals)) {
		snprintf(why, whylen, "out of memory");
		goto out;
	}
	ret = 0;
out:
	free(buf);
	close(fd);
	return ret;
}
