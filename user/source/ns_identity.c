// SPDX-License-Identifier: GPL-2.0
/* A namespace's identity from sysfs (ns_identity.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/ns_identity.h"

static const char *sysfs_root(void)
{
	const char *root = getenv("ZNS_STAT_SYSFS");

	return root && *root ? root : "/sys";
}

/*
 * /sys/block/<disk>/<file>'s first line, blanks dropped (eui is printed as
 * spaced bytes, a serial padded), other odd bytes made '_'; 0 when there is
 * one with something other than zeros in it.
 */
static int sysfs_value(const char *disk, const char *file, char *out, size_t len)
{
	char path[4096], line[256], *o = out;
	int nonzero = 0;
	const char *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/block/%s/%s", sysfs_root(), disk, file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f))
		*line = '\0';
	fclose(f);
	for (p = line; *p && *p != '\n' && o + 1 < out + len; p++) {
		if (*p == ' ' || *p == '\t')
			continue;
		*o++ = isalnum((unsigned char)*p) || *p == '-' || *p == '.' ? *p : '_';
		nonzero |= isalnum((unsigned char)*p) && *p != '0';
	}
	*o = '\0';
	return nonzero ? 0 : -1;
}

int ns_identity(const char *disk, char *id, size_t len, char *err,
		size_t errlen)
{
	static const char * const ids[] = { "nguid", "eui", "uuid" };
	char v[256], nsid[32];
	size_t i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		if (!sysfs_value(disk, ids[i], v, sizeof(v))) {
			snprintf(id, len, "%s.%s", ids[i], v);
			return 0;
		}
	if (!sysfs_value(disk, "device/serial", v, sizeof(v)) &&
	    !sysfs_value(disk, "nsid", nsid, sizeof(nsid))) {
		snprintf(id, len, "serial.%s.nsid.%s", v, nsid);
		return 0;
	}
	snprintf(err, errlen, "%s: no identity in %s/block/%s (nguid, eui, uuid, or device/serial and nsid): not an NVMe namespace?",
		 disk, sysfs_root(), disk);
	return -1;
}
