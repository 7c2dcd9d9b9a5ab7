// SPDX-License-Identifier: GPL-2.0
/* Reading and parsing /sys/kernel/debug/zns_stat/<disk>/{zones,summary}. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../../include/zns_stat.h"
#include "lib/files.h"
#include "lib/numbers.h"
#include "lib/util.h"
#include "source/columns.h"
#include "source/snapshot.h"
#include "source/untracked.h"

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

int snapshot_parse_header(struct snapshot *snap, char *line)
{
	char *save, *tok;

	if (strncmp(line, "# ", 2))
		return -1;
	for (tok = strtok_r(line + 2, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		if (snap->nr_columns == SNAPSHOT_MAX_COLUMNS ||
		    snapshot_column(snap, tok) >= 0)
			return -1;
		snap->columns[snap->nr_columns] = strdup(tok);
		if (!snap->columns[snap->nr_columns++])
			return -1;
	}
	return 0;
}

int snapshot_parse_row(const char *line, int nr_columns, uint64_t *row)
{
	const char *p = line;
	int i;

	for (i = 0; i < nr_columns; i++) {
		p = scan_u64(p, &row[i]);
		if (!p || (*p != ' ' && *p != '\0'))
			return -1;
		if (*p)
			p++;
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

uint64_t snapshot_get(const struct snapshot *snap, uint64_t zone,
		      const char *name)
{
	int c = snapshot_column(snap, name);

	return c < 0 ? 0 : snapshot_row(snap, zone)[c];
}

uint64_t snapshot_total(const struct snapshot *snap, const char *name)
{
	int c = snapshot_column(snap, name);
	uint64_t z, sum = 0;

	if (c < 0)
		return 0;
	for (z = 0; z < snap->nr_zones; z++)
		sum += snapshot_row(snap, z)[c];
	return sum;
}

void snapshot_kinds(const struct snapshot *snap, unsigned char *kind)
{
	int i;

	for (i = 0; i < snap->nr_columns; i++)
		kind[i] = column_kind(snap->columns[i]);
}

int snapshot_row_active(const struct snapshot *snap, const unsigned char *kind,
			uint64_t zone)
{
	const uint64_t *row = snapshot_row(snap, zone);
	int i;

	for (i = 0; i < snap->nr_columns; i++)
		if ((kind[i] == COL_COUNTER || kind[i] == COL_EXTREMUM) && row[i])
			return 1;
	return 0;
}

int snapshot_zone_active(const struct snapshot *snap, uint64_t zone)
{
	unsigned char kind[SNAPSHOT_MAX_COLUMNS];

	snapshot_kinds(snap, kind);
	return snapshot_row_active(snap, kind, zone);
}

/* Rows must grow as they come: the zones file does not say how many. */
static int add_row(struct snapshot *snap, uint64_t *cap, char *line)
{
	if (snap->nr_zones == *cap) {
		uint64_t *v;

		*cap = *cap ? 2 * *cap : 1024;
		v = realloc(snap->values,
			    *cap * snap->nr_columns * sizeof(*v));
		if (!v)
			return -1;
		snap->values = v;
	}
	if (snapshot_parse_row(line, snap->nr_columns, snapshot_row(snap, snap->nr_zones)))
		return -1;
	snap->nr_zones++;
	return 0;
}

/* The next line of *p, NUL-terminated; NULL at the end. */
static char *next_line(char **p)
{
	char *line = *p, *nl;

	if (!*line)
		return NULL;
	nl = strchr(line, '\n');
	*p = nl ? nl + 1 : line + strlen(line);
	if (nl)
		*nl = '\0';
	return line;
}

static int bad_line(struct snapshot *snap, int nr, const char *line)
{
	snap->bad_line = nr;
	snprintf(snap->bad_text, sizeof(snap->bad_text), "%s", line);
	return -1;
}

int snapshot_parse_zones(struct snapshot *snap, char *text)
{
	int zone_col, start_col, nr = 1;
	char *line, head[48];
	uint64_t cap = 0;

	line = next_line(&text);
	if (!line)
		return bad_line(snap, 1, "");
	snprintf(head, sizeof(head), "%s", line);	/* parsing cuts it */
	if (snapshot_parse_header(snap, line))
		return bad_line(snap, 1, head);
	zone_col = snapshot_column(snap, "zone");
	start_col = snapshot_column(snap, "start");
	if (zone_col < 0 || start_col < 0)
		return bad_line(snap, 1, head);
	/* zones come in order from 0: anything else is not the module's file */
	while ((line = next_line(&text)))
		if (++nr, add_row(snap, &cap, line) ||
		    snapshot_row(snap, snap->nr_zones - 1)[zone_col] != snap->nr_zones - 1)
			return bad_line(snap, nr, line);
	return 0;
}

int snapshot_set_summary(struct snapshot *snap, const char *key,
			 const char *value)
{
	return kv_set(snap->summary, &snap->nr_summary, SNAPSHOT_MAX_KEYS, key,
		      value);
}

int snapshot_parse_summary(struct snapshot *snap, char *text)
{
	char *line, *colon;
	int nr = 0;

	while ((line = next_line(&text))) {
		nr++;
		colon = strstr(line, ": ");
		if (!colon || colon == line)
			return bad_line(snap, nr, line);
		*colon = '\0';
		if (snapshot_set_summary(snap, line, colon + 2)) {
			*colon = ':';
			return bad_line(snap, nr, line);
		}
	}
	return 0;
}

const char *snapshot_summary(const struct snapshot *snap, const char *key)
{
	return kv_get(snap->summary, snap->nr_summary, key);
}

int snapshot_summary_u64(const struct snapshot *snap, const char *key,
			 uint64_t *v)
{
	const char *s = snapshot_summary(snap, key);

	return s ? parse_u64(s, v) : -1;
}

/* After why a disk is not there, the ones that are: a typo is seen at once. */
int summary_disk_counter(const struct snapshot *s, const char *key)
{
	/* the totals of the zones' columns are shown with the zones */
	return snapshot_column(s, key) < 0 &&
	       summary_key_kind(key, snapshot_summary(s, key)) == ZNS_KEY_COUNTER;
}

static void name_tracked(char *err, size_t errlen)
{
	size_t len = strlen(err);
	char **names, why[256];
	int n, i;

	if (snapshot_list_disks(&names, &n, why, sizeof(why)))
		return;
	snprintf(err + len, errlen - len, n ? "; tracked:" : "; none is tracked");
	for (i = 0; i < n; i++) {
		len = strlen(err);
		snprintf(err + len, errlen - len, "%s %s", i ? "," : "", names[i]);
	}
	snapshot_free_names(names, n);
}

/* A placement namespace's directory: "placement" and no "zones". */
static int is_placement(const char *root, const char *disk)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s/zones", root, disk);
	if (access(path, F_OK) == 0)
		return 0;
	snprintf(path, sizeof(path), "%s/%s/placement", root, disk);
	return access(path, F_OK) == 0;
}

int snapshot_placement_said(const char *disk, char *err, size_t errlen)
{
	if (!is_placement(snapshot_root(), disk))
		return 0;
	snprintf(err, errlen, "%s: a namespace with Flexible Data Placement, not zoned: 'zns-stat placement %s'",
		 disk, disk);
	return 1;
}

/* One file of the disk's directory; -1 with a message for the user. */
static char *read_disk_file(const char *disk, const char *file, char *err,
			    size_t errlen)
{
	const char *root = snapshot_root();
	char path[4096];
	char *buf;

	snprintf(path, sizeof(path), "%s/%s/%s", root, disk, file);
	buf = slurp_file(path, NULL);
	if (buf)
		return buf;
	if (errno == ENOENT && !is_tracked(root, disk)) {
		explain_untracked(root, disk, err, errlen);
		name_tracked(err, errlen);
	}
	else if (errno == ENOENT && snapshot_placement_said(disk, err, errlen))
		;
	else if (errno == ENOENT)
		snprintf(err, errlen, "%s: no such file: a zns_stat module older than this tool", path);
	else if (errno == EACCES || errno == EPERM)
		snprintf(err, errlen, "%s: permission denied: run as root", path);
	else
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	return NULL;
}

static void stamp(struct snapshot *snap)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snap->epoch = ts.tv_sec + ts.tv_nsec / 1e9;
	snap->mono = now_mono();
}

/*
 * Zones before summary: a clear between the two reads leaves a summary
 * total below its zones' sum (counters only grow between two reads). Such
 * a snapshot would be taken for a clear, and the next one for a second.
 */
static int straddles_clear(const struct snapshot *snap)
{
	uint64_t z, sum, total;
	int i;

	for (i = 0; i < snap->nr_columns; i++) {
		if (column_kind(snap->columns[i]) != COL_COUNTER ||
		    snapshot_summary_u64(snap, snap->columns[i], &total))
			continue;
		for (sum = 0, z = 0; z < snap->nr_zones; z++)
			sum += snapshot_row(snap, z)[i];
		if (total < sum)
			return 1;
	}
	return 0;
}

static int snapshot_read_once(const char *disk, struct snapshot *snap,
			      char *err, size_t errlen);

int snapshot_read(const char *disk, struct snapshot *snap, char *err,
		  size_t errlen)
{
	int tries = 3, ret;

	while ((ret = snapshot_read_once(disk, snap, err, errlen)) == 0 &&
	       --tries && straddles_clear(snap))
		snapshot_free(snap);
	return ret;
}

static int snapshot_read_once(const char *disk, struct snapshot *snap,
			      char *err, size_t errlen)
{
	const char *root = snapshot_root();
	char *zones, *summary = NULL;
	uint64_t version, nr;
	struct stat st;
	const char *bad = "zones";
	static int warned;

	memset(snap, 0, sizeof(*snap));
	snprintf(snap->disk, sizeof(snap->disk), "%s", disk);
	if (stat(root, &st) != 0) {
		explain_missing_root(root, err, errlen);
		return -1;
	}
	stamp(snap);
	zones = read_disk_file(disk, "zones", err, errlen);
	if (!zones)
		return -1;
	summary = read_disk_file(disk, "summary", err, errlen);
	if (!summary) {
		free(zones);
		return -1;
	}
	if (snapshot_parse_zones(snap, zones))
		goto malformed;
	bad = "summary";
	if (snapshot_parse_summary(snap, summary) ||
	    snapshot_summary_u64(snap, "format_version", &version))
		goto malformed;
	/* A namespace whose geometry changed between the two reads. */
	if (snapshot_summary_u64(snap, "nr_zones", &nr) || nr != snap->nr_zones) {
		snprintf(err, errlen, "%s: zones and summary disagree on the zone count (geometry changed while reading?): try again",
			 disk);
		goto fail;
	}
	if (version > ZNS_STAT_FORMAT_VERSION && !warned++)
		fprintf(stderr, "zns-stat: warning: zns_stat format_version %llu is newer than this tool's %d: columns are shown as they are\n",
			(unsigned long long)version, ZNS_STAT_FORMAT_VERSION);
	free(zones);
	free(summary);
	return 0;

malformed:
	if (snap->bad_line)
		snprintf(err, errlen, "%s/%s/%s: line %d: unexpected content '%s'",
			 root, disk, bad, snap->bad_line, snap->bad_text);
	else
		snprintf(err, errlen, "%s/%s/%s: no format_version line", root, disk, bad);
fail:
	free(zones);
	free(summary);
	snapshot_free(snap);
	return -1;
}

void snapshot_free_names(char **names, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* The namespaces of one kind: zoned (placement 0) or with placement (1). */
static int list_disks(int placement, char ***names, int *nr, char *err,
		      size_t errlen)
{
	const char *root = snapshot_root();
	char **v = NULL;
	struct dirent *de;
	int n = 0;
	DIR *dir;

	*names = NULL;
	*nr = 0;
	dir = opendir(root);
	if (!dir) {
		if (errno == EACCES)
			snprintf(err, errlen, "%s: permission denied: run as root", root);
		else
			explain_missing_root(root, err, errlen);
		return -1;
	}
	while ((de = readdir(dir))) {
		char **bigger;

		if (de->d_type != DT_DIR || de->d_name[0] == '.' ||
		    is_placement(root, de->d_name) != placement)
			continue;
		bigger = realloc(v, (n + 1) * sizeof(*v));
		if (!bigger || !(bigger[n] = strdup(de->d_name))) {
			free(bigger ? bigger : v);
			closedir(dir);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		v = bigger;
		n++;
	}
	closedir(dir);
	if (n)
		qsort(v, n, sizeof(*v), cmp_names);
	*names = v;
	*nr = n;
	return 0;
}

int snapshot_list_disks(char ***names, int *nr, char *err, size_t errlen)
{
	return list_disks(0, names, nr, err, errlen);
}

int snapshot_list_placement(char ***names, int *nr, char *err, size_t errlen)
{
	return list_disks(1, names, nr, err, errlen);
}

int snapshot_insert_columns(struct snapshot *snap, int pos, int n,
			    const char * const *names, const uint64_t * const *vals)
{
	int nc = snap->nr_columns + n, i, j;
	char *copy[SNAPSHOT_MAX_COLUMNS] = { 0 };
	uint64_t *v, z;

	if (n < 1 || nc > SNAPSHOT_MAX_COLUMNS)
		return -1;
	for (j = 0; j < n; j++)
		if (snapshot_column(snap, names[j]) >= 0)
			return -1;
	/* one copy of the rows for all n (65536 zones: 20 MB each time) */
	v = malloc((snap->nr_zones ? snap->nr_zones : 1) * nc * sizeof(*v));
	for (j = 0; v && j < n; j++)
		if (!(copy[j] = strdup(names[j])))
			break;
	if (!v || j < n) {
		for (j = 0; j < n; j++)
			free(copy[j]);
		free(v);
		return -1;
	}
	for (z = 0; z < snap->nr_zones; z++) {
		const uint64_t *old = snapshot_row(snap, z);
		uint64_t *row = v + z * nc;

		memcpy(row, old, pos * sizeof(*v));
		for (j = 0; j < n; j++)
			row[pos + j] = vals[j][z];
		memcpy(row + pos + n, old + pos,
		       (snap->nr_columns - pos) * sizeof(*v));
	}
	for (i = snap->nr_columns - 1; i >= pos; i--)
		snap->columns[i + n] = snap->columns[i];
	for (j = 0; j < n; j++)
		snap->columns[pos + j] = copy[j];
	free(snap->values);
	snap->values = v;
	snap->nr_columns = nc;
	return 0;
}

int snapshot_init_like(struct snapshot *dst, const struct snapshot *src)
{
	int i;

	memset(dst, 0, sizeof(*dst));
	memcpy(dst->disk, src->disk, sizeof(dst->disk));
	for (i = 0; i < src->nr_columns; i++) {
		dst->columns[i] = strdup(src->columns[i]);
		if (!dst->columns[i])
			goto fail;
		dst->nr_columns++;
	}
	dst->nr_zones = src->nr_zones;
	dst->values = calloc(src->nr_zones ? src->nr_zones : 1,
			     src->nr_columns * sizeof(uint64_t));
	if (!dst->values)
		goto fail;
	return 0;
fail:
	snapshot_free(dst);
	return -1;
}

void snapshot_free(struct snapshot *snap)
{
	int i;

	for (i = 0; i < snap->nr_columns; i++)
		free(snap->columns[i]);
	kv_free(snap->summary, snap->nr_summary);
	free(snap->values);
	memset(snap, 0, sizeof(*snap));
}
