/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns_stat: what the kernel module and the zns-stat tool agree on.
 *
 * The debugfs files are the interface: names, column order and units live
 * here so both sides are built from one list. Userspace includes this file
 * too, so it uses nothing but the preprocessor.
 */
#ifndef ZNS_STAT_H
#define ZNS_STAT_H

/* The release: module, tool and dkms.conf all read it from here. */
#define ZNS_STAT_VERSION	"0.1.0"

/* Bumped when a column or key changes meaning; printed in "summary". */
#define ZNS_STAT_FORMAT_VERSION	1

#define ZNS_STAT_DEBUGFS_DIR	"zns_stat"

/*
 * Per-zone counters, in "zones" column order after "zone" (index from 0) and
 * "start" (first sector). Sector counters are in 512-byte sectors, latencies
 * in nanoseconds (0 when there was none). Commands count when they complete
 * successfully; a failed command counts only in "errors" of its zone.
 */
enum zns_zone_counter {
	ZNS_ZC_READS,
	ZNS_ZC_READ_SECTORS,
	ZNS_ZC_WRITES,
	ZNS_ZC_WRITE_SECTORS,
	ZNS_ZC_APPENDS,
	ZNS_ZC_APPEND_SECTORS,
	ZNS_ZC_RESETS,
	ZNS_ZC_RESET_LAT_MIN_NS,
	ZNS_ZC_RESET_LAT_MAX_NS,
	ZNS_ZC_RESET_LAT_SUM_NS,
	ZNS_ZC_FINISHES,
	ZNS_ZC_OPENS,
	ZNS_ZC_CLOSES,
	ZNS_ZC_ERRORS,
	ZNS_ZC_NR
};

/* Column and key names, for the one file on each side that prints or parses. */
#ifdef ZNS_STAT_WANT_NAMES
static const char * const zns_zone_counter_names[ZNS_ZC_NR] = {
	[ZNS_ZC_READS] = "reads",
	[ZNS_ZC_READ_SECTORS] = "read_sectors",
	[ZNS_ZC_WRITES] = "writes",
	[ZNS_ZC_WRITE_SECTORS] = "write_sectors",
	[ZNS_ZC_APPENDS] = "appends",
	[ZNS_ZC_APPEND_SECTORS] = "append_sectors",
	[ZNS_ZC_RESETS] = "resets",
	[ZNS_ZC_RESET_LAT_MIN_NS] = "reset_lat_min_ns",
	[ZNS_ZC_RESET_LAT_MAX_NS] = "reset_lat_max_ns",
	[ZNS_ZC_RESET_LAT_SUM_NS] = "reset_lat_sum_ns",
	[ZNS_ZC_FINISHES] = "finishes",
	[ZNS_ZC_OPENS] = "opens",
	[ZNS_ZC_CLOSES] = "closes",
	[ZNS_ZC_ERRORS] = "errors",
};
#endif

/*
 * Namespace-wide counters in "summary": select-all zone management commands
 * (counted here, not per zone), failed select-all commands, and commands
 * that could not be attributed to a zone.
 */
enum zns_disk_counter {
	ZNS_DC_RESET_ALL,
	ZNS_DC_FINISH_ALL,
	ZNS_DC_OPEN_ALL,
	ZNS_DC_CLOSE_ALL,
	ZNS_DC_SELECT_ALL_ERRORS,
	ZNS_DC_DROPPED,
	ZNS_DC_NR
};

#ifdef ZNS_STAT_WANT_NAMES
static const char * const zns_disk_counter_names[ZNS_DC_NR] = {
	[ZNS_DC_RESET_ALL] = "reset_all",
	[ZNS_DC_FINISH_ALL] = "finish_all",
	[ZNS_DC_OPEN_ALL] = "open_all",
	[ZNS_DC_CLOSE_ALL] = "close_all",
	[ZNS_DC_SELECT_ALL_ERRORS] = "select_all_errors",
	[ZNS_DC_DROPPED] = "dropped",
};
#endif

#endif /* ZNS_STAT_H */
