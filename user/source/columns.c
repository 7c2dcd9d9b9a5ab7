// SPDX-License-Identifier: GPL-2.0
/* What a column is, from its name. */
#include <stdio.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "source/columns.h"

static int has_token(const char *name, const char *tok)
{
	size_t n = strlen(tok);
	const char *p;

	for (p = strstr(name, tok); p; p = strstr(p + 1, tok))
		if ((p == name || p[-1] == '_') && (p[n] == '\0' || p[n] == '_'))
			return 1;
	return 0;
}

static int ends_with(const char *name, const char *suffix)
{
	size_t n = strlen(name), k = strlen(suffix);

	return n > k && !strcmp(name + n - k, suffix);
}

enum column_kind column_kind(const char *name)
{
	if (!strcmp(name, "zone") || !strcmp(name, "start"))
		return COL_ID;
	if (!strcmp(name, COL_COND) || !strcmp(name, COL_WPTR) ||
	    !strcmp(name, COL_CAP) || !strncmp(name, "host_", 5) ||
	    !strcmp(name, COL_OWNER))
		return COL_STATE;
	if (has_token(name, "min") || has_token(name, "max"))
		return COL_EXTREMUM;
	if (!strncmp(name, "top_", 4) || ends_with(name, "_bytes") ||
	    ends_with(name, "_size"))
		return COL_GAUGE;
	return COL_COUNTER;
}

int summary_key_kind(const char *key, const char *value)
{
	size_t i;

	if (!value || *value < '0' || *value > '9')
		return ZNS_KEY_STATE;
	for (i = 0; i < sizeof(zns_summary_keys) / sizeof(zns_summary_keys[0]); i++)
		if (!strcmp(key, zns_summary_keys[i].name))
			return zns_summary_keys[i].kind;
	for (i = 0; i < ZNS_DC_NR; i++)
		if (!strcmp(key, zns_disk_counter_names[i]))
			return ZNS_KEY_COUNTER;
	switch (column_kind(key)) {
	case COL_COUNTER:
		return ZNS_KEY_COUNTER;
	case COL_EXTREMUM:
		return ZNS_KEY_EXTREMUM;
	default:
		return ZNS_KEY_STATE;
	}
}

const char *status_key(uint64_t code)
{
	int i;

	if (!code)
		return "none";
	for (i = 0; i < ZNS_NR_STATUS_KINDS; i++)
		if (code == zns_status_names[i].code)
			return zns_status_names[i].name;
	if (code == ZNS_STATUS_RETRIED)
		return "failed_retried";
	return code >= ZNS_STATUS_BLOCK ? "block_status" : "other";
}

const char *status_name(uint64_t code, char *buf, int buflen)
{
	const char *key = status_key(code);

	if (!code)
		return key;	/* "none", as every format says it */
	if (strcmp(key, "other") && strcmp(key, "block_status"))
		return key;
	/* a name shared by many codes: the code tells them apart */
	snprintf(buf, buflen, "%s %#llx", key, (unsigned long long)code);
	return buf;
}

int column_is_status(const char *name)
{
	return !strcmp(name, "top_zone_error");
}

int column_unit(const char *name)
{
	size_t n = strlen(name);

	if (!strcmp(name, "start") || !strcmp(name, COL_WPTR) ||
	    !strcmp(name, COL_CAP) ||
	    (n > 8 && !strcmp(name + n - 8, "_sectors")))
		return UNIT_SECTORS;
	if (n > 3 && !strcmp(name + n - 3, "_ns"))
		return UNIT_NS;
	return 0;
}

static const struct {
	const char *name, *help;
} helps[] = {
	{ "zone", "Zone index, from 0." },
	{ "start", "First sector of the zone." },
	{ COL_COND, "Zone condition from the zone report: 0 not write pointer, 1 empty, 2 implicitly open, 3 explicitly open, 4 closed, 13 read-only, 14 full, 15 offline." },
	{ COL_WPTR, "Write pointer, from the zone start." },
	{ COL_CAP, "Writable capacity of the zone." },
	{ "reads", "Successful read commands starting in the zone." },
	{ "read_sectors", "Data read in the zone." },
	{ "writes", "Successful write commands." },
	{ "write_sectors", "Data written by write commands." },
	{ "appends", "Successful zone append commands." },
	{ "append_sectors", "Data appended." },
	{ "resets", "Successful resets of the zone (not select-all)." },
	{ "reset_lat_min_ns", "Shortest reset, setup to completion (0: none)." },
	{ "reset_lat_max_ns", "Longest reset, setup to completion (0: none)." },
	{ "reset_lat_sum_ns", "Sum of reset latencies." },
	{ "finishes", "Successful finish commands." },
	{ "opens", "Successful explicit opens." },
	{ "closes", "Successful closes." },
	{ "errors", "Commands on the zone that completed with an error." },
	{ "write_zeroes", "Successful Write Zeroes commands." },
	{ "write_zeroes_sectors", "Zeroes written by Write Zeroes commands." },
	{ "top_zone_error", "Most frequent ZNS status of the zone's errors, recent ones weighing more: its name (zone_invalid_write; none when none) and code (SCT << 8 | SC, 0x1bc) as labels." },
	{ "reset_all", "Successful resets of all zones (a select-all command each)." },
	{ "finish_all", "Successful finishes of all zones (a select-all command each)." },
	{ "open_all", "Successful opens of all zones (a select-all command each)." },
	{ "close_all", "Successful closes of all zones (a select-all command each)." },
	{ "select_all_errors", "Select-all commands that completed with an error." },
	{ "dropped", "Commands that could not be attributed to a zone." },
	{ "paths", "Controller paths to the namespace now (multipath: more than 1)." },
	{ "counting", "1 while the namespace is counted, 0 when the devices parameter leaves it out." },
	{ "setup_failures", "Geometry changes whose new tables could not be allocated." },
	{ "reset_log_entries", "Resets logged in the resets file since the last clear." },
	{ "reset_log_overwritten", "Logged resets overwritten by newer ones." },
	{ "reset_log_lost", "Resets not logged: the ring wrapped onto a slot another reset was still being written into." },
	{ "host_cond", "Zone condition as the host's commands drove it, in the codes of cond; 0 while unknown." },
	{ "host_written_sectors", "Sectors written since the last reset, as the host's commands say (valid when host_written_known is 1)." },
	{ "host_written_known", "1 when host_written_sectors is known." },
	{ "host_cond_time_ns", "When host_cond last changed, CLOCK_REALTIME (0: never seen)." },
	{ "fill_resets", "Resets whose fill (sectors written before) was known." },
	{ "fill_sum_sectors", "Fill at reset, summed over fill_resets resets." },
	{ "fill_min_sectors", "Smallest fill at reset (valid when fill_resets > 0)." },
	{ "fill_max_sectors", "Largest fill at reset." },
	{ "finish_waste_sectors", "Capacity finishes left unwritten." },
	{ "queue_wait_sum_ns", "Time the zone's block-layer commands waited from allocation to setup, summed." },
	{ "owner_cgroup", "The cgroup whose data the zone holds since its last reset, as labels: owner, its path (none: not written since; mixed: two or more cgroups; unattributed: passthrough; other: the module's cgroup table was full; the id when no cgroup2 directory has it now), and id, the cgroup's id (inode of its cgroup2 directory), only when a cgroup owns it." },
	{ "root_written_sectors", "Sectors the root cgroup wrote (kernel threads: filesystem GC and relocation, uncharged writeback)." },
};

const char *column_help(const char *name)
{
	static char generic[160];
	const char *lat = strstr(name, "_lat_");
	size_t i;

	for (i = 0; i < sizeof(helps) / sizeof(helps[0]); i++)
		if (!strcmp(helps[i].name, name))
			return helps[i].help;
	/* every operation's latency columns follow one pattern */
	if (lat && (!strcmp(lat, "_lat_min_ns") || !strcmp(lat, "_lat_max_ns") ||
		    !strcmp(lat, "_lat_sum_ns"))) {
		snprintf(generic, sizeof(generic), "%s %.*s latency, setup to completion%s.",
			 lat[5] == 'm' ? (lat[6] == 'i' ? "Shortest" : "Longest") : "Sum of",
			 (int)(lat - name), name, lat[5] == 's' ? "" : " (0: none)");
		return generic;
	}
	return NULL;
}

const char *zone_cond_name(uint64_t cond)
{
	switch (cond) {
	case 0x0: return "not_wp";
	case 0x1: return "empty";
	case 0x2: return "imp_open";
	case 0x3: return "exp_open";
	case 0x4: return "closed";
	case 0xd: return "readonly";
	case 0xe: return "full";
	case 0xf: return "offline";
	default: return "unknown";
	}
}

int latency_count_column(const char *name, char *out, int outlen)
{
	const char *lat = strstr(name, "_lat_sum_ns");
	int n;

	if (!lat || lat[11] != '\0' || lat == name)
		return -1;
	n = lat - name;
	/* write_zeroes (a plural already) -> write_zeroes */
	if (n >= 2 && !strncmp(name + n - 2, "es", 2)) {
		snprintf(out, outlen, "%.*s", n, name);
		return 0;
	}
	/* finish -> finishes, reset -> resets */
	snprintf(out, outlen, "%.*s%s", n, name,
		 n && (name[n - 1] == 's' || name[n - 1] == 'h') ? "es" : "s");
	return 0;
}

static int column_index(const char * const *columns, int nr, const char *name)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(columns[i], name))
			return i;
	return -1;
}

int op_groups(const char * const *columns, int nr, struct op_group *g, int max)
{
	char name[160];
	int i, n = 0, op_len;

	for (i = 0; i < nr && n < max; i++) {
		if (latency_count_column(columns[i], name, sizeof(name)))
			continue;
		g[n].count = column_index(columns, nr, name);
		if (g[n].count < 0)
			continue;
		/* "read" -> "read_sectors", "write_zeroes" -> "write_zeroes_sectors" */
		op_len = strstr(columns[i], "_lat_sum_ns") - columns[i];
		snprintf(g[n].op, sizeof(g[n].op), "%.*s", op_len, columns[i]);
		snprintf(name, sizeof(name), "%s_sectors", g[n].op);
		g[n].sectors = column_index(columns, nr, name);
		g[n].lat_sum = i;
		snprintf(name, sizeof(name), "%s_lat_min_ns", g[n].op);
		g[n].lat_min = column_index(columns, nr, name);
		snprintf(name, sizeof(name), "%s_lat_max_ns", g[n].op);
		g[n].lat_max = column_index(columns, nr, name);
		n++;
	}
	return n;
}

const struct op_group *op_group_of(const struct op_group *g, int n, int col)
{
	int i;

	for (i = 0; col >= 0 && i < n; i++)
		if (g[i].count == col || g[i].sectors == col || g[i].lat_sum == col ||
		    g[i].lat_min == col || g[i].lat_max == col)
			return &g[i];
	return NULL;
}
