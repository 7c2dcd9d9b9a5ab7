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

/* Userspace builds define __maybe_unused (see the Makefile's USER_CFLAGS). */
#ifdef __KERNEL__
#include <linux/compiler.h>
#endif

/* The release: module, tool and dkms.conf all read it from here. */
#define ZNS_STAT_VERSION	"0.1.0"

/* Bumped when a column or key changes meaning; printed in "summary". */
#define ZNS_STAT_FORMAT_VERSION	1

#define ZNS_STAT_DEBUGFS_DIR	"zns_stat"

/*
 * Operations, in the order every per-operation table uses ("latency",
 * "errors" columns, histograms).
 */
enum zns_op_index {
	ZNS_OPI_READ,
	ZNS_OPI_WRITE,
	ZNS_OPI_APPEND,
	ZNS_OPI_RESET,
	ZNS_OPI_FINISH,
	ZNS_OPI_OPEN,
	ZNS_OPI_CLOSE,
	ZNS_OPI_WRITE_ZEROES,	/* moves the write pointer like a write */
	ZNS_NR_OPS
};

/*
 * Codes of the "errors" file and of the "resets" log beyond the NVMe status
 * (SCT << 8 | SC, at most 0x7ff). With status_source=block, or once the
 * module finds that it cannot read nvme_core's request on this kernel,
 * outcomes come from the block layer: a failure is ZNS_STATUS_BLOCK plus
 * its blk_status_t (0x80a: BLK_STS_IOERR), and an attempt that failed and
 * was retried, whose status the block layer never sees, is
 * ZNS_STATUS_RETRIED.
 */
#define ZNS_STATUS_BLOCK	0x800
#define ZNS_STATUS_RETRIED	0xfff

/*
 * The statuses the "errors" file names, in its row order; the tool shows
 * these names wherever it shows a status. Other codes are "other" (NVMe),
 * "block_status" (ZNS_STATUS_BLOCK + blk_status_t) or "failed_retried".
 */
enum zns_status_kind {
	ZNS_ST_ZONE_BOUNDARY,	/* 0x1b8..0x1bf, in code order */
	ZNS_ST_ZONE_FULL,
	ZNS_ST_ZONE_READ_ONLY,
	ZNS_ST_ZONE_OFFLINE,
	ZNS_ST_ZONE_INVALID_WRITE,
	ZNS_ST_TOO_MANY_ACTIVE,
	ZNS_ST_TOO_MANY_OPEN,
	ZNS_ST_INVALID_TRANSITION,
	ZNS_ST_HOST_PATH_ERROR,	/* 0x370 */
	ZNS_ST_HOST_ABORTED,	/* 0x371 */
	ZNS_NR_STATUS_KINDS
};

struct zns_status_name {
	const char *name;
	unsigned short code;	/* SCT << 8 | SC */
};

static const struct zns_status_name zns_status_names[ZNS_NR_STATUS_KINDS] __maybe_unused = {
	[ZNS_ST_ZONE_BOUNDARY] = { "zone_boundary_error", 0x1b8 },
	[ZNS_ST_ZONE_FULL] = { "zone_full", 0x1b9 },
	[ZNS_ST_ZONE_READ_ONLY] = { "zone_read_only", 0x1ba },
	[ZNS_ST_ZONE_OFFLINE] = { "zone_offline", 0x1bb },
	[ZNS_ST_ZONE_INVALID_WRITE] = { "zone_invalid_write", 0x1bc },
	[ZNS_ST_TOO_MANY_ACTIVE] = { "too_many_active_zones", 0x1bd },
	[ZNS_ST_TOO_MANY_OPEN] = { "too_many_open_zones", 0x1be },
	[ZNS_ST_INVALID_TRANSITION] = { "zone_invalid_transition", 0x1bf },
	[ZNS_ST_HOST_PATH_ERROR] = { "host_path_error", 0x370 },
	[ZNS_ST_HOST_ABORTED] = { "host_aborted", 0x371 },
};

/*
 * "zones" columns after "zone" (index from 0) and "start" (first sector), in
 * print order: the foundation's columns first, then later additions.
 * Sector counters are in 512-byte sectors, latencies in nanoseconds from
 * setup to completion (0 when there was none). Commands count when they
 * complete successfully; a failed command counts only in "errors" of its
 * zone. top_zone_error: the zone's most frequent ZNS status code (SCT << 8 |
 * SC, e.g. 444 = 0x1bc zone_invalid_write), 0 when none. Write Zeroes
 * commands (write_zeroes: the command count; its sectors and latency sum)
 * have no per-zone min/max: the namespace's "latency" histogram has them.
 * A command whose range ends outside the table counts in no zone: it is
 * "dropped" in summary.
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
	ZNS_ZC_READ_LAT_MIN_NS,
	ZNS_ZC_READ_LAT_MAX_NS,
	ZNS_ZC_READ_LAT_SUM_NS,
	ZNS_ZC_WRITE_LAT_MIN_NS,
	ZNS_ZC_WRITE_LAT_MAX_NS,
	ZNS_ZC_WRITE_LAT_SUM_NS,
	ZNS_ZC_APPEND_LAT_MIN_NS,
	ZNS_ZC_APPEND_LAT_MAX_NS,
	ZNS_ZC_APPEND_LAT_SUM_NS,
	ZNS_ZC_FINISH_LAT_MIN_NS,
	ZNS_ZC_FINISH_LAT_MAX_NS,
	ZNS_ZC_FINISH_LAT_SUM_NS,
	ZNS_ZC_OPEN_LAT_MIN_NS,
	ZNS_ZC_OPEN_LAT_MAX_NS,
	ZNS_ZC_OPEN_LAT_SUM_NS,
	ZNS_ZC_CLOSE_LAT_MIN_NS,
	ZNS_ZC_CLOSE_LAT_MAX_NS,
	ZNS_ZC_CLOSE_LAT_SUM_NS,
	ZNS_ZC_TOP_ZONE_ERROR,
	ZNS_ZC_WRITE_ZEROES,
	ZNS_ZC_WRITE_ZEROES_SECTORS,
	ZNS_ZC_WRITE_ZEROES_LAT_SUM_NS,
	/* the zone's lifecycle, as the host's commands drove it */
	ZNS_ZC_HOST_COND,
	ZNS_ZC_HOST_WRITTEN_SECTORS,
	ZNS_ZC_HOST_WRITTEN_KNOWN,
	ZNS_ZC_HOST_COND_TIME_NS,
	ZNS_ZC_FILL_RESETS,
	ZNS_ZC_FILL_SUM_SECTORS,
	ZNS_ZC_FILL_MIN_SECTORS,
	ZNS_ZC_FILL_MAX_SECTORS,
	ZNS_ZC_FINISH_WASTE_SECTORS,
	ZNS_ZC_QUEUE_WAIT_SUM_NS,
	/*
	 * owner_cgroup: the id of the cgroup whose data the zone holds since
	 * its last reset (its cgroup2 directory's inode number), 0 for none,
	 * or one of ZNS_OWNER_ID_*; root_written_sectors: what the root
	 * cgroup (kernel threads, uncharged writeback) wrote to it.
	 */
	ZNS_ZC_OWNER_CGROUP,
	ZNS_ZC_ROOT_WRITTEN_SECTORS,
	ZNS_ZC_NR
};

/*
 * "placement": a namespace with Flexible Data Placement has this file in
 * its directory instead of "zones", "lifecycle", "lifetimes" and "resets".
 * A header "# pid ruhid" and the columns below (named as in "zones", of the
 * same units), then one line per row: the namespace's placement IDs in the
 * order its reclaim unit handle status lists them (pid and its reclaim unit
 * handle id), then "none -" (commands without a placement directive: reads,
 * writes without directive type 2, write zeroes), then "unlisted -" (writes
 * naming a placement ID the namespace does not have: a device may place
 * them anywhere, QEMU on placement ID 0, without telling). Counted from the
 * first write with a placement directive the module saw on the namespace.
 */
#define ZNS_PLACEMENT_NONE	"none"
#define ZNS_PLACEMENT_UNLISTED	"unlisted"

static const unsigned char zns_placement_columns[] __maybe_unused = {
	ZNS_ZC_WRITES,
	ZNS_ZC_WRITE_SECTORS,
	ZNS_ZC_WRITE_LAT_MIN_NS,
	ZNS_ZC_WRITE_LAT_MAX_NS,
	ZNS_ZC_WRITE_LAT_SUM_NS,
	ZNS_ZC_READS,
	ZNS_ZC_READ_SECTORS,
	ZNS_ZC_READ_LAT_MIN_NS,
	ZNS_ZC_READ_LAT_MAX_NS,
	ZNS_ZC_READ_LAT_SUM_NS,
	ZNS_ZC_WRITE_ZEROES,
	ZNS_ZC_WRITE_ZEROES_SECTORS,
	ZNS_ZC_WRITE_ZEROES_LAT_SUM_NS,
	ZNS_ZC_ERRORS,
	ZNS_ZC_QUEUE_WAIT_SUM_NS,
};

/* owner_cgroup values that are no cgroup's id */
#define ZNS_OWNER_ID_MIXED		0xffffffffffffffffULL	/* two or more wrote */
#define ZNS_OWNER_ID_UNATTRIBUTED	0xfffffffffffffffeULL	/* passthrough */
#define ZNS_OWNER_ID_OTHER		0xfffffffffffffffdULL	/* table full */

/* Names, for the files that print (module) or parse (tool) them. */
static const char * const zns_op_names[ZNS_NR_OPS] __maybe_unused = {
	[ZNS_OPI_READ] = "read",
	[ZNS_OPI_WRITE] = "write",
	[ZNS_OPI_APPEND] = "append",
	[ZNS_OPI_RESET] = "reset",
	[ZNS_OPI_FINISH] = "finish",
	[ZNS_OPI_OPEN] = "open",
	[ZNS_OPI_CLOSE] = "close",
	[ZNS_OPI_WRITE_ZEROES] = "write_zeroes",
};

static const char * const zns_zone_counter_names[ZNS_ZC_NR] __maybe_unused = {
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
	[ZNS_ZC_READ_LAT_MIN_NS] = "read_lat_min_ns",
	[ZNS_ZC_READ_LAT_MAX_NS] = "read_lat_max_ns",
	[ZNS_ZC_READ_LAT_SUM_NS] = "read_lat_sum_ns",
	[ZNS_ZC_WRITE_LAT_MIN_NS] = "write_lat_min_ns",
	[ZNS_ZC_WRITE_LAT_MAX_NS] = "write_lat_max_ns",
	[ZNS_ZC_WRITE_LAT_SUM_NS] = "write_lat_sum_ns",
	[ZNS_ZC_APPEND_LAT_MIN_NS] = "append_lat_min_ns",
	[ZNS_ZC_APPEND_LAT_MAX_NS] = "append_lat_max_ns",
	[ZNS_ZC_APPEND_LAT_SUM_NS] = "append_lat_sum_ns",
	[ZNS_ZC_FINISH_LAT_MIN_NS] = "finish_lat_min_ns",
	[ZNS_ZC_FINISH_LAT_MAX_NS] = "finish_lat_max_ns",
	[ZNS_ZC_FINISH_LAT_SUM_NS] = "finish_lat_sum_ns",
	[ZNS_ZC_OPEN_LAT_MIN_NS] = "open_lat_min_ns",
	[ZNS_ZC_OPEN_LAT_MAX_NS] = "open_lat_max_ns",
	[ZNS_ZC_OPEN_LAT_SUM_NS] = "open_lat_sum_ns",
	[ZNS_ZC_CLOSE_LAT_MIN_NS] = "close_lat_min_ns",
	[ZNS_ZC_CLOSE_LAT_MAX_NS] = "close_lat_max_ns",
	[ZNS_ZC_CLOSE_LAT_SUM_NS] = "close_lat_sum_ns",
	[ZNS_ZC_TOP_ZONE_ERROR] = "top_zone_error",
	[ZNS_ZC_WRITE_ZEROES] = "write_zeroes",
	[ZNS_ZC_WRITE_ZEROES_SECTORS] = "write_zeroes_sectors",
	[ZNS_ZC_WRITE_ZEROES_LAT_SUM_NS] = "write_zeroes_lat_sum_ns",
	[ZNS_ZC_HOST_COND] = "host_cond",
	[ZNS_ZC_HOST_WRITTEN_SECTORS] = "host_written_sectors",
	[ZNS_ZC_HOST_WRITTEN_KNOWN] = "host_written_known",
	[ZNS_ZC_HOST_COND_TIME_NS] = "host_cond_time_ns",
	[ZNS_ZC_FILL_RESETS] = "fill_resets",
	[ZNS_ZC_FILL_SUM_SECTORS] = "fill_sum_sectors",
	[ZNS_ZC_FILL_MIN_SECTORS] = "fill_min_sectors",
	[ZNS_ZC_FILL_MAX_SECTORS] = "fill_max_sectors",
	[ZNS_ZC_FINISH_WASTE_SECTORS] = "finish_waste_sectors",
	[ZNS_ZC_QUEUE_WAIT_SUM_NS] = "queue_wait_sum_ns",
	[ZNS_ZC_OWNER_CGROUP] = "owner_cgroup",
	[ZNS_ZC_ROOT_WRITTEN_SECTORS] = "root_written_sectors",
};

/*
 * host_cond: a zone's condition as the host's commands drove it, in the
 * codes of the zone report (blkzone's cond), 0 while zns_stat cannot know
 * it (a zone written before it loaded, or after a write it did not expect
 * failed). host_written_sectors: sectors written since the last reset,
 * valid when host_written_known is 1. host_cond_time_ns: CLOCK_REALTIME of
 * the last change (0: none seen). fill_*: the host_written_sectors of each
 * successful reset that knew them (select-all resets included), in fill_resets
 * resets; finish_waste_sectors: capacity each finish left unwritten;
 * queue_wait_sum_ns: for the zone's successful block-layer commands, the
 * time from the request's allocation to its setup.
 */
enum zns_host_cond {
	ZNS_HOST_UNKNOWN = 0x0,
	ZNS_HOST_EMPTY = 0x1,
	ZNS_HOST_IMP_OPEN = 0x2,
	ZNS_HOST_EXP_OPEN = 0x3,
	ZNS_HOST_CLOSED = 0x4,
	ZNS_HOST_FULL = 0xe,
};

/* "lifecycle": fill at reset in tenths of the zone capacity, 0 alone. */
#define ZNS_FILL_BUCKETS	11
/* "lifecycle": time to full and time open, [2^i, 2^(i+1)) microseconds. */
#define ZNS_LIFE_BUCKETS	40

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

static const char * const zns_disk_counter_names[ZNS_DC_NR] __maybe_unused = {
	[ZNS_DC_RESET_ALL] = "reset_all",
	[ZNS_DC_FINISH_ALL] = "finish_all",
	[ZNS_DC_OPEN_ALL] = "open_all",
	[ZNS_DC_CLOSE_ALL] = "close_all",
	[ZNS_DC_SELECT_ALL_ERRORS] = "select_all_errors",
	[ZNS_DC_DROPPED] = "dropped",
};

/*
 * What each "summary" key is, for readers that subtract two reads: a
 * counter (differences make sense), a state (a setting, the geometry, a
 * level: never subtracted) or an extremum. The keys below, then the disk
 * counters (counters), then the namespace's totals, named like their
 * "zones" columns and of the same kind as those columns.
 */
enum zns_key_kind {
	ZNS_KEY_COUNTER,
	ZNS_KEY_STATE,
	ZNS_KEY_EXTREMUM,
};

struct zns_summary_key {
	const char *name;
	enum zns_key_kind kind;
};

static const struct zns_summary_key zns_summary_keys[] __maybe_unused = {
	{ "format_version", ZNS_KEY_STATE },
	{ "disk", ZNS_KEY_STATE },
	{ "paths", ZNS_KEY_STATE },		/* controllers' paths now */
	{ "counting", ZNS_KEY_STATE },		/* 0 or 1: the devices parameter */
	{ "instance", ZNS_KEY_STATE },		/* 0x and 16 hex digits: which table */
	{ "generation", ZNS_KEY_STATE },	/* clears of that table */
	{ "nr_zones", ZNS_KEY_STATE },
	{ "zone_sectors", ZNS_KEY_STATE },
	{ "lba_bytes", ZNS_KEY_STATE },
	{ "status_decoding", ZNS_KEY_STATE },
	{ "memory_bytes", ZNS_KEY_STATE },
	{ "zone_stat_bytes", ZNS_KEY_STATE },
	{ "setup_failures", ZNS_KEY_COUNTER },
	{ "reset_log_size", ZNS_KEY_STATE },
	{ "reset_log_entries", ZNS_KEY_COUNTER },
	{ "reset_log_overwritten", ZNS_KEY_COUNTER },
	{ "reset_log_lost", ZNS_KEY_COUNTER },
};

#endif /* ZNS_STAT_H */
