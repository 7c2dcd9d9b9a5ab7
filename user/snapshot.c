// SPDX-License-Identifier: GPL-2.0
/* Parsing /sys/kernel/debug/zns_stat/<disk>/zones. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ZNS_STAT_WANT_NAMES
#include "../include/zns_stat.h"
#include "snapshot.h"

const char *snapshot_root(void)
{
	const char *root = getenv("ZNS_STAT_DEBUGFS");

	return root && *root ? root : "/sys/kernel/debug/" ZNS_STAT_DEBUGFS_DIR;
}

static int debugfs_mounted(void)
{
	char line[512];
	FILE *f = fopen("/proc/mounts", "r");
	int found = 0;

	if (!f)
		return 1;	/* cannot tell: do not claim it is missing */
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, " /sys/kernel/debug debugfs ") != NULL;
	fclose(f);
	return found;
}

/* Why the module's directory is not there, in words a user can act on. */
static void explain_missing_root(const char *root, char *err, size_t errlen)
{
	if (access("/sys/kernel/debug", X_OK) != 0 && errno == EACCES)
		snprintf(err, errlen, "cannot read /sys/kernel/debug: permission denied, run as root");
	else if (!getenv("ZNS_STAT_DEBUGFS") && !debugfs_mounted())
		snprintf(err, errlen, "debugfs is not mounted: mount -t debugfs none /sys/kernel/debug");
	else
		snprintf(err, errlen, "%s not found: load the module with 'modprobe zns_stat'", root);
}

static char *read_file(const char *path, int *err_no)
{
	size_t len = 0, cap = 1 << 16;
	char *buf = malloc(cap + 1);
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f || !buf) {
		*err_no = errno;
		free(buf);
		if (f)
			fclose(f);
		return NULL;
	}
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			char *bigger = realloc(buf, 2 * cap + 1);

			if (!bigger) {
				*err_no = ENOMEM;
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	*err_no = ferror(f) ? errno : 0;
	fclose(f);
	if (*err_no) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

static int parse_header(char *line, struct snapshot *snap)
{
	char *save, *tok;

	if (strncmp(line, "# ", 2))
		return -1;
	for (tok = strtok_r(line + 2, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		if (snap->nr_columns == SNAPSHOT_MAX_COLUMNS)
			return -1;
		snap->columns[snap->nr_columns] = strdup(tok);
		if (!snap->columns[snap->nr_columns++])
			return -1;
	}
	return snap->nr_columns ? 0 : -1;
}

static int parse_row(char *line, struct snapshot *snap, uint64_t *row)
{
	char *p = line, *end;
	int i;

	for (i = 0; i < snap->nr_columns; i++) {
		if (*p < '0' || *p > '9')
			return -1;
		errno = 0;
		row[i] = strtoull(p, &end, 10);
		if (errno || (*end != ' ' && *end != '\0'))
			return -1;
		p = *end ? end + 1 : end;
	}
	return *p ? -1 : 0;
}

int snapshot_column(const struct snapshot *snap, const char *name)
{
	int i;

	for (i = 0; i < snap->nr_columns; i++)
		if (!strcmp(snap->columns[i], name))
			return i;
	return -1;
}

static int check_columns(const struct snapshot *snap)
{
	int i;

	if (snapshot_column(snap, "zone") != 0 ||
	    snapshot_column(snap, "start") != 1)
		return -1;
	for (i = 0; i < ZNS_ZC_NR; i++)
		if (snapshot_column(snap, zns_zone_counter_names[i]) < 0)
			return -1;
	return 0;
}

int snapshot_read(const char *disk, struct snapshot *snap, char *err,
		  size_t errlen)
{
	const char *root = snapshot_root();
	char path[4096], *buf, *line, *save;
	uint64_t cap = 0;
	struct stat st;
	int err_no;

	memset(snap, 0, sizeof(*snap));
	snprintf(snap->disk, sizeof(snap->disk), "%s", disk);
	if (stat(root, &st) != 0) {
		explain_missing_root(root, err, errlen);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s/zones", root, disk);
	buf = read_file(path, &err_no);
	if (!buf) {
		if (err_no == ENOENT)
			snprintf(err, errlen, "%s: not a tracked zoned namespace (see 'ls %s')", disk, root);
		else if (err_no == EACCES || err_no == EPERM)
			snprintf(err, errlen, "%s: permission denied: run as root", path);
		else
			snprintf(err, errlen, "%s: %s", path, strerror(err_no));
		return -1;
	}

	line = strtok_r(buf, "\n", &save);
	if (!line || parse_header(line, snap) || check_columns(snap))
		goto malformed;
	while ((line = strtok_r(NULL, "\n", &save))) {
		if (snap->nr_zones == cap) {
			uint64_t *v;

			cap = cap ? 2 * cap : 1024;
			v = realloc(snap->values,
				    cap * snap->nr_columns * sizeof(*v));
			if (!v)
				goto malformed;
			snap->values = v;
		}
		if (parse_row(line, snap,
			      snap->values + snap->nr_zones * snap->nr_columns))
			goto malformed;
		snap->nr_zones++;
	}
	free(buf);
	return 0;

malformed:
	free(buf);
	snapshot_free(snap);
	snprintf(err, errlen, "%s: unexpected content: is zns_stat the same version as this tool (%s)?",
		 path, ZNS_STAT_VERSION);
	return -1;
}

void snapshot_free(struct snapshot *snap)
{
	int i;

	for (i = 0; i < snap->nr_columns; i++)
		free(snap->columns[i]);
	free(snap->values);
	memset(snap, 0, sizeof(*snap));
}
