/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns_stat internals (include/zns_stat.h is the contract with user space).
 * The data path, one stage after another (README.md's Layout):
 *
 *   attach: tp.c, mirror.c -> decode: probe.c
 *     -> look up: disk.c (paths), ns.c (namespaces), inflight.c (per-tag
 *        slots), early.c (commands before their namespace has a table)
 *     -> account: zone_table.c, errors.c, hist.c, cgroups.c, reset_log.c,
 *        life_state.h, life_move.c, life_select_all.c, life_seed.c,
 *        setup_failure.c
 *     -> show: debugfs.c, life_show.c -> zns-stat (user/)
 *
 * The workers beside it: discover.c and retire.c (set paths up, retire
 * them), seed.c (one zone report per new table), sweep.c (select-all
 * commands applied). alloc.c: allocations. Locks, contexts and lifetimes:
 * Documentation/zns_stat.rst, "Locks, contexts and lifetimes".
 */
#ifndef ZNS_STAT_INTERNAL_H
#define ZNS_STAT_INTERNAL_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/cache.h>
#include <linux/mutex.h>
#include <linux/nvme.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/types.h>

#include "../include/zns_stat.h"
#include "compat.h"
#include "placement.h"

/* A command's operation: NONE (0) marks a free in-flight slot. */
enum zns_op {
	ZNS_OP_NONE = 0,
	ZNS_OP_IGNORED,		/* a command we do not count (flush, report...) */
	ZNS_OP_READ,		/* READ..CLOSE in enum zns_op_index order */
	ZNS_OP_WRITE,
	ZNS_OP_APPEND,
	ZNS_OP_RESET,
	ZNS_OP_FINISH,
	ZNS_OP_OPEN,
	ZNS_OP_CLOSE,
	ZNS_OP_WRITE_ZEROES,
};

static inline unsigned int zns_op_index(u8 op)
{
	return op - ZNS_OP_READ;	/* enum zns_op_index */
}

/**
 * struct zns_cmd - A command decoded at setup, kept until its completion
 * @sector: first 512-byte sector targeted
 * @start_ns: ktime_get_ns() at setup
 * @tbl: the namespace's table at setup
 * @disk: the request's, at setup
 * @cgroup: its cgroup's id, 0: none (cgroups.c)
 * @nr_sectors: data length, 512-byte sectors
 * @retire_seq: zns_retire_seq before tbl was read
 * @table_gen: zone table generation seen at setup
 * @op: enum zns_op
 * @select_all: zone management on every zone
 * @ended: outcome from the block layer: attempt over
 * @report: a zone report (op IGNORED): life_seed.c reads it
 * @counting: its namespace counted ("devices")
 *
 * Also the in-flight slot: 56 bytes. A slot keeps the zone table and disk its
 * last command was set up for after the command completed, so that the next
 * command of that tag finds them without looking its disk up (probe.c): they
 * are trusted while retire_seq is zns_retire_seq.
 *
 * Context: Built on zns_probe_setup()'s stack and copied into the request's
 * in-flight slot (lock-free: only the request holding the tag writes it) or
 * into early.c's buffer (under zns_publish_lock); read at completion by the
 * completion probes. The probes run in any context up to hard IRQ, under
 * rcu_read_lock().
 */
struct zns_cmd {
	u64 sector;
	u64 start_ns;
	struct zone_table *tbl;
	const struct gendisk *disk;
	u64 cgroup;
	u32 nr_sectors;
	u32 retire_seq;
	u32 table_gen;
	u8 op;
	u8 select_all:1;
	u8 ended:1;
	u8 report:1;
	u8 counting:1;
};

/**
 * struct zns_done - How a command ended, read by the completion probe
 * @now_ns: ktime_get_ns() at completion
 * @result: completion result: where a zone append landed
 * @status: NVMe SCT << 8 | SC, 0 for success
 * @has_wait: wait_ns holds the block layer's queue wait
 * @wait_ns: request allocation to setup
 *
 * Context: On the completion probe's stack (hard IRQ, softirq or process
 * context); early.c copies it under zns_publish_lock.
 */
struct zns_done {
	u64 now_ns;
	u64 result;
	u16 status;
	bool has_wait;
	u64 wait_ns;
};

/* ZNS command-specific status codes 0x1b8..0x1bf, per zone. */
#define ZNS_SC_ZONE_FIRST	0x1b8
#define ZNS_NR_ZONE_ERRORS	8

/**
 * struct op_stat - One operation's counters in one zone
 * @count: completed commands
 * @lat_sum_ns: their latencies summed
 * @lat_min_ns: saturate at U32_MAX ns (4.29 s)
 * @lat_max_ns: saturates as @lat_min_ns
 *
 * Context: Atomics, updated by the completion probes in any context, read by
 * debugfs readers in process context.
 */
struct op_stat {
	atomic64_t count;
	atomic64_t lat_sum_ns;
	atomic_t lat_min_ns;
	atomic_t lat_max_ns;
};

/**
 * struct write_zeroes_stat - Write Zeroes, rare: no min/max per zone, to keep
 *   a zone in 256 bytes
 * @count: completed Write Zeroes commands
 * @sectors: their sectors
 * @lat_sum_ns: their latencies summed
 *
 * Context: As struct op_stat.
 */
struct write_zeroes_stat {
	atomic64_t count;
	atomic64_t sectors;
	atomic64_t lat_sum_ns;
};

/**
 * struct zone_life - A zone as the host drove it (life_*.c; its word: life.h)
 * @state: the lifecycle word, below
 * @changed_ns: ktime_get_ns() of the last condition change
 * @first_write_ns: of the first write after empty (both tagged)
 * @fill_sum: sectors written before each reset
 * @fill_min: fill + 1; 0: none yet
 * @fill_max: fill + 1
 * @fill_resets: resets whose fill was known
 * @finish_waste: sectors each finish left unwritten
 * @queue_wait_ns: allocation to setup, summed
 *
 * state packs what must change together, with one cmpxchg: written sectors
 * (bits 0-31), condition (enum zns_host_cond, bits 32-35), "written known"
 * (bit 36), the tags of the two times (bits 37-40, 41-44) and the select-all
 * commands it applied (45-52, modulo 256: struct life_pending).
 *
 * Context: Changed lock-free (@state by cmpxchg) by the completion probes,
 * which also read the zone reports that pass (any context up to hard IRQ),
 * by zns_life_catch_up() and by seed.c's worker (process context,
 * zns_disks_lock held); read by debugfs readers in process context.
 */
struct zone_life {
	atomic64_t state;
	u64 changed_ns;
	u64 first_write_ns;
	atomic64_t fill_sum;
	atomic_t fill_min;
	atomic_t fill_max;
	atomic_t fill_resets;
	atomic64_t finish_waste;
	atomic64_t queue_wait_ns;
};

/*
 * A zone's failed commands, one word changed by one cmpxchg: the count in
 * bits 0-39 (stops at 2^40 - 1, 1.1e12) and, to name the most frequent ZNS
 * error kind, a 3-bit count per kind (bits 40-63) that all halve when one
 * would pass 7: recent errors weigh more.
 */
#define ZNS_ERRORS_COUNT_BITS	40
#define ZNS_ERRORS_KIND_BITS	3

/**
 * struct zone_stat - One zone: 320 bytes, five cache lines (checked at build
 *   time); aligned, so that no two zones share a line
 * @op: per operation, read .. close
 * @sectors: sectors read, written, appended
 * @write_zeroes: Write Zeroes, counted apart
 * @errors: failed commands and their kinds (ZNS_ERRORS_COUNT_BITS)
 * @life: the zone as the host drove it
 * @root_written: sectors the root cgroup wrote
 *
 * Context: Atomics, updated lock-free by the completion probes in any
 * context up to hard IRQ; read by debugfs readers in process context, under
 * rcu_read_lock().
 */
struct zone_stat {
	struct op_stat op[ZNS_OPI_CLOSE + 1];
	atomic64_t sectors[ZNS_OPI_APPEND + 1];
	struct write_zeroes_stat write_zeroes;
	atomic64_t errors;
	struct zone_life life;
	atomic64_t root_written;
} ____cacheline_aligned;

/*
 * Per cgroup, per namespace (cgroups.c): entry 0 counts commands with no
 * cgroup, entry 1 those of cgroups the table had no room for, then one
 * entry per cgroup.
 */
#define CG_UNATTRIBUTED	0
#define CG_OTHER	1
#define CG_FIRST	2

/*
 * A zone's owner in its lifecycle word: none since its last reset, mixed,
 * or ZNS_OWNER_FIRST + the writer's entry.
 */
#define ZNS_OWNER_NONE		0
#define ZNS_OWNER_MIXED		1
#define ZNS_OWNER_FIRST		2
#define ZNS_OWNER_CODES		2048	/* 11 bits */

/* kernfs numbers the root of a cgroup hierarchy 1 (64-bit: id = inode) */
#define ZNS_ROOT_CGROUP_ID	1

/**
 * struct cgroup_op - One cgroup's counters for one operation
 * @commands: successful commands
 * @sectors: their sectors: read, write, append, write zeroes
 * @lat_sum_ns: latencies of the successful ones, summed
 * @errors: failed commands
 *
 * Context: Atomics, updated lock-free by the completion probes in any
 * context; read by debugfs readers.
 */
struct cgroup_op {
	atomic64_t commands;
	atomic64_t sectors;
	atomic64_t lat_sum_ns;
	atomic64_t errors;
};

/**
 * struct cgroup_stat - 256 bytes: each (cgroup, operation) in one cache line,
 *   no two cgroups'
 * @op: per operation
 *
 * Context: As struct cgroup_op.
 */
struct cgroup_stat {
	struct cgroup_op op[ZNS_NR_OPS];
};

/**
 * struct cgroup_table - One allocation: this header, the entries
 *   (line-aligned), then ids[] and bloom[] (cgroups.c)
 * @slots: cgroup entries, after CG_FIRST
 * @claimed: entries claimed: slots once full
 * @bloom_mask: words of bloom[], less one
 * @ids: entry e's cgroup id, 0: free (e < CG_FIRST: 0)
 * @bloom: bits of the claimed ids
 * @entry: CG_UNATTRIBUTED, CG_OTHER, then one per claimed cgroup
 *
 * Only claims write the header's line.
 *
 * Context: Entries are claimed and counted lock-free (cmpxchg on @ids) by
 * the completion probes in any context; allocated and freed with the zone
 * table, in process context under zns_disks_lock.
 */
struct cgroup_table {
	u32 slots;
	atomic_t claimed;
	u32 bloom_mask;
	atomic64_t *ids;
	atomic64_t *bloom;
	struct cgroup_stat entry[] ____cacheline_aligned;
};

/*
 * Per-CPU histograms of one namespace. Sizes and alignments: one
 * 512-byte-aligned block per operation, the buckets one command increments
 * in one page.
 */
#define ZNS_SIZE_BUCKETS	24	/* [512 << i, 512 << (i+1)) bytes */

/**
 * struct zns_op_hist - One operation's size and alignment histograms, on one
 * CPU
 * @size: commands by data length; read, write and append only
 * @align: commands by the alignment of their first byte
 *
 * Context: Per CPU: incremented by the completion probes with this_cpu ops
 * (any context), summed over CPUs by debugfs readers.
 */
struct zns_op_hist {
	u64 size[ZNS_SIZE_BUCKETS];
	u64 align[ZNS_SIZE_BUCKETS];
} __aligned(512);

/**
 * struct zns_hist - A namespace's size and alignment histograms, on one CPU
 * @op: per operation
 *
 * Context: As struct zns_op_hist.
 */
struct zns_hist {
	struct zns_op_hist op[ZNS_NR_OPS];
};

/*
 * Latency and queue wait, log-linear (as fio's and HdrHistogram's): exact
 * below 32 ns, then every power of two [2^k, 2^(k+1)) split in 16 buckets of
 * 2^(k - 4) ns, a 16th of the range's lower bound (fio keeps a 64th), up to
 * 2^36 ns (68.7 s), from where one bucket holds the rest. hist.h maps a
 * latency to its bucket. 529 buckets.
 */
#define ZNS_LAT_SUB_BITS	4
#define ZNS_LAT_SUB		BIT(ZNS_LAT_SUB_BITS)
#define ZNS_LAT_TOP_SHIFT	36	/* [2^36 ns, ...): the last bucket */
#define ZNS_LAT_BUCKETS		\
	(((ZNS_LAT_TOP_SHIFT - ZNS_LAT_SUB_BITS + 1) << ZNS_LAT_SUB_BITS) + 1)

/**
 * struct zns_lat_hist - One operation's, per CPU: 8480 bytes, one allocation
 *   per operation (a per-CPU allocation holds at most 32 KiB)
 * @lat_max: the largest latency seen on this CPU, ns
 * @queue_wait_max: the largest queue wait seen on this CPU, ns
 * @lat: latency buckets (hist.h)
 * @queue_wait: queue wait buckets
 *
 * The maxima are exact (ns, 0: none), kept per CPU: a command reads its CPU's
 * and writes it only when it is passed, with no line shared between CPUs.
 *
 * Context: Per CPU: written by the completion probes on their CPU (any
 * context), summed by debugfs readers in process context.
 */
struct zns_lat_hist {
	u64 lat_max;
	u64 queue_wait_max;
	u64 lat[ZNS_LAT_BUCKETS];
	u64 queue_wait[ZNS_LAT_BUCKETS];
};

/* Failed commands by status (zns_status_names) and operation. */
#define ZNS_OTHER_CODES		16

/**
 * struct status_table - Failed commands by status and operation
 * @known: the statuses zns_status_names names, per operation
 * @other: other status codes, one slot each while there is room
 * @other.code: the status code; 0: slot free
 * @other.count: its failed commands per operation
 * @unlisted: other codes, table full
 *
 * Context: Counted lock-free by the completion probes in any context (a slot
 * of @other is claimed by cmpxchg on its code); read by debugfs readers.
 */
struct status_table {
	atomic64_t known[ZNS_NR_STATUS_KINDS][ZNS_NR_OPS];
	struct {
		atomic_t code;
		atomic64_t count[ZNS_NR_OPS];
	} other[ZNS_OTHER_CODES];
	atomic64_t unlisted[ZNS_NR_OPS];
};

/* The most recent resets of one namespace, a ring of 32-byte events. */
#define ZNS_FILL_UNKNOWN	U32_MAX

/**
 * struct reset_event - One reset in the reset log
 * @seq: from 1; 0 while being written
 * @time_ns: CLOCK_REALTIME at completion
 * @latency_ns: its latency, ns (48 bits: 78 hours)
 * @status: its NVMe SCT << 8 | SC, 0 for success
 * @zone: the zone reset, U32_MAX: all (select-all)
 * @fill: sectors written before, or ZNS_FILL_UNKNOWN
 *
 * Context: Written lock-free by zns_reset_log_add_at() in any context up to
 * hard IRQ: a writer claims the slot by cmpxchg on @seq, fills it and
 * stores @seq last; readers (process context, under rcu_read_lock()) keep
 * an event only if @seq is the one expected before and after copying it.
 */
struct reset_event {
	u64 seq;
	u64 time_ns;
	u64 latency_ns:48;
	u64 status:16;
	u32 zone;
	u32 fill;
};

/**
 * struct reset_log - The events apart, so that a power-of-two ring is a
 *   power-of-two allocation
 * @head: events logged so far
 * @lost: given up: their slot was another writer's
 * @size: events in the ring, a power of two
 * @events: the ring
 *
 * Context: As struct reset_event: writers in any context, lock-free;
 * allocated and freed with the zone table in process context.
 */
struct reset_log {
	atomic64_t head;
	atomic64_t lost;
	u32 size;
	struct reset_event *events;
};

/*
 * A namespace's zone lifecycle (life_*.c), in its zone table: the zone
 * capacity and open/active limits, and what the zones' transitions add up
 * to. Zones of unknown condition count in no open or active figure.
 */
#define LIFE_CAP_VARIES	U32_MAX	/* zone_cap: reports disagreed */

/**
 * struct life_pending - A select-all command, published for the zones to apply
 *   (life_select_all.c): the zones open or active at once, the others when
 *   next touched or read, or by the sweep (sweep.c)
 * @now_ns: its completion
 * @real_ns: the same, CLOCK_REALTIME: its reset event
 * @latency_ns: its latency
 * @zone_cap: the capacities then: a fill's fraction
 * @last_zone_cap: and the last zone's
 * @fill: a reset's: the zones' fills as they apply it
 * @fill_unknown: a zone's fill was not known
 * @applied: zones that applied it, its effects counted
 * @opi: its operation (enum zns_op_index): reset, finish, open or close
 *
 * Context: Published under &life_ns.pending_lock (a raw spinlock, irqsave)
 * by the completion of a select-all command, any context; applied by each
 * zone lock-free, counted in @applied.
 */
struct life_pending {
	u64 now_ns;
	u64 real_ns;
	u64 latency_ns;
	u32 zone_cap;
	u32 last_zone_cap;
	atomic64_t fill;
	atomic_t fill_unknown;
	atomic_t applied;
	u8 opi;
};

/* At most this many select-all commands wait for a zone: then a walk. */
#define LIFE_PENDING	16

/**
 * struct life_ns - A namespace's zone lifecycle (life_*.c), in its zone
 * table
 * @zone_cap: sectors; 0 until the kernel or a report says
 * @last_zone_cap: of the last zone, which may be smaller
 * @max_open: queue limits, 0: none
 * @max_active: queue limit, 0: none
 * @open: zones open now
 * @active: open or closed
 * @open_peak: the most zones open at once
 * @active_peak: the most zones active at once
 * @open_limit_since: ktime_get_ns() at the limit, 0: below
 * @active_limit_since: as @open_limit_since, for max_active
 * @open_limit_ns: time spent at the limit, until since
 * @active_limit_ns: as @open_limit_ns, for max_active
 * @opens_over_limit: opened with max_open open for sure
 * @opens_maybe_over_limit: ... some the device may have closed
 * @imp_open: zones implicitly open in the host's view
 * @uncertain: of them, those the device may have closed
 * @seeding: seed.c's report in flight: reports do not seed
 * @seed_pending: seed.c's report queued or running
 * @seed_reports: seed.c's, under zns_disks_lock
 * @zones_seeded: zones seed.c set from its report
 * @zones_seed_raced: named by its report, moved meanwhile
 * @evicted_ns: ktime: the device may have closed a zone
 * @opened_ns: the last zone that became open
 * @fill: resets by the fraction of the zone written before
 * @fill_unknown: resets that did not know the fill
 * @select_all_unknown: zones of unknown condition it met
 * @fill_fraction_unknown: knew it, not the capacity
 * @reclaimed: sectors: the fills summed
 * @finish_waste: sectors
 * @finishes: whose waste was known
 * @finish_unknown: finishes whose waste was not known
 * @time_to_full: histogram: time from the first write to full
 * @time_open: histogram: time spent open
 * @time_to_full_ns: the samples summed: histograms' _sum
 * @time_open_ns: as @time_to_full_ns, for @time_open
 * @pending_lock: ... in turn
 * @pending_gen: select-all commands published
 * @pending_done: of them, those every zone applied
 * @select_all_walks: none could wait: applied in a walk
 * @pending: the select-all commands zones still apply, a ring
 *
 * Context: Counters are atomics changed lock-free by the completion probes
 * (any context); @pending_lock (raw, irqsave) serializes select-all
 * completions; the seed.c fields (@seed_pending, @seed_reports) are written
 * under zns_disks_lock in process context. Readers: debugfs, process
 * context.
 */
struct life_ns {
	u32 zone_cap;
	u32 last_zone_cap;
	u32 max_open;
	u32 max_active;
	atomic_t open;
	atomic_t active;
	atomic_t open_peak;
	atomic_t active_peak;
	atomic64_t open_limit_since;
	atomic64_t active_limit_since;
	atomic64_t open_limit_ns;
	atomic64_t active_limit_ns;
	atomic64_t opens_over_limit;
	atomic64_t opens_maybe_over_limit;
	atomic_t imp_open;
	atomic_t uncertain;
	atomic_t seeding;
	u32 seed_pending;
	u32 seed_reports;
	u32 zones_seeded;
	u32 zones_seed_raced;
	u64 evicted_ns;
	u64 opened_ns;
	atomic64_t fill[ZNS_FILL_BUCKETS];
	atomic64_t fill_unknown;
	atomic64_t select_all_unknown;
	atomic64_t fill_fraction_unknown;
	atomic64_t reclaimed;
	atomic64_t finish_waste;
	atomic64_t finishes;
	atomic64_t finish_unknown;
	atomic64_t time_to_full[ZNS_LIFE_BUCKETS];
	atomic64_t time_open[ZNS_LIFE_BUCKETS];
	atomic64_t time_to_full_ns;
	atomic64_t time_open_ns;
	/* written by select-all completions only */
	raw_spinlock_t pending_lock ____cacheline_aligned;
	u32 pending_gen;
	u32 pending_done;
	atomic64_t select_all_walks;
	struct life_pending pending[LIFE_PENDING];
};

/**
 * struct zone_table - Per-namespace counters, replaced as one when geometry
 *   changes or on clear
 * @nr_zones: zones in the namespace
 * @zone_sectors: zone size in 512-byte sectors, a power of 2
 * @lba_bytes: logical block size
 * @zone_shift: ilog2(zone_sectors)
 * @lba_shift: ilog2(lba_bytes) - SECTOR_SHIFT
 * @kind: enum zns_table_kind: zones, or placement rows
 * @gen: bumped on every geometry change
 * @instance: random, new with every table that is not a clear's
 * @generation: the clears that kept @instance (ns_clear())
 * @real_offset: CLOCK_REALTIME - ktime_get_ns() at creation
 * @hist: size and alignment histograms
 * @lat: latency and queue wait histograms, per operation
 * @rcu: frees the table after a grace period
 * @counters: enum zns_disk_counter: select-all commands, dropped
 * @status: failed commands by status
 * @reset_log: the most recent resets
 * @life: the zones' lifecycle, namespace-wide
 * @active_zones: bitmap: open or closed (life_move.c)
 * @cgroups: cgroups.c
 * @placement: a placement table's IDs (kind ZNS_KIND_PLACEMENT)
 * @unlisted_pids: a placement table's bitmap of the placement IDs outside
 *   @placement its commands named (row "unlisted"); NULL for zones
 * @zones: one struct zone_stat per zone (a placement table: per row)
 *
 * A placement table (a namespace with Flexible Data Placement) has a row
 * per placement ID, then "none" and "unlisted" (placement.h) where a zone
 * table has zones; its zone_shift is ZNS_PLACEMENT_SHIFT, its zone_sectors
 * and nr_zones' path view those of a conventional disk (0 zones). It has
 * no lifecycle, reset log or select-all commands.
 *
 * Its arrays are vmalloc'ed: page granularity, where kvmalloc would round a
 * large table up to a power of two pages or to 2 MiB huge pages.  Cache lines:
 * what every probe reads (geometry, gen, hist) shares none with what probes
 * write (counters, then the error table and the reset log). The zones start on
 * a line, and each zone fills five lines of its own (zone_table.c).
 *
 * Context: Allocated, published (&zns_ns.zones, RCU) and replaced in process
 * context under zns_disks_lock, freed after a grace period; the probes find
 * it under RCU and only count into it (atomics, per-CPU), in any context up
 * to hard IRQ.
 */
struct zone_table {
	u32 nr_zones;
	u32 zone_sectors;
	u32 lba_bytes;
	u8 zone_shift;
	u8 lba_shift;
	u8 kind;
	u32 gen;
	/*
	 * What summary shows readers so they know the counters started over:
	 * instance is random, new with every table that is not a clear's;
	 * generation counts the clears that kept it (ns_clear()).
	 */
	u64 instance;
	u64 generation;
	s64 real_offset;
	struct zns_hist __percpu *hist;
	struct zns_lat_hist __percpu *lat[ZNS_NR_OPS];
	struct rcu_head rcu;
	/* enum zns_disk_counter: select-all commands, dropped */
	atomic64_t counters[ZNS_DC_NR] ____cacheline_aligned;
	struct status_table status;
	struct reset_log reset_log;
	struct life_ns life;
	unsigned long *active_zones;
	struct cgroup_table *cgroups;
	struct zns_placement_ids placement;
	unsigned long *unlisted_pids;
	struct zone_stat zones[] ____cacheline_aligned;
};

/**
 * struct inflight_table - One slot per hardware queue tag: blk_mq_unique_tag()
 *   picks it
 * @nr_hw_queues: hardware queues of the tag set when allocated
 * @queue_depth: tags per hardware queue
 * @slots: one struct zns_cmd per (hardware queue, tag)
 *
 * Context: Slots written by the probes lock-free, under RCU, in any context;
 * a table is replaced (grown) under zns_disks_lock and freed after a grace
 * period (zns_inflight_free_table()).
 */
struct inflight_table {
	u32 nr_hw_queues;
	u32 queue_depth;
	struct zns_cmd slots[];
};

/**
 * struct inflight_set - The table of one tag set, shared by the disks that
 *   draw tags from it
 * @node: inflight.c's list
 * @tag_set: the key, never dereferenced
 * @users: zns_disks sharing it
 * @dir: its zns_inflight_dir entry, -1: none
 * @table: the slots, RCU
 * @rcu: frees the set after a grace period
 *
 * Context: Process context, under zns_disks_lock; the probes reach @table
 * under RCU only.
 */
struct inflight_set {
	struct list_head node;
	const void *tag_set;
	int users;
	int dir;
	struct inflight_table __rcu *table;
	struct rcu_head rcu;
};

/*
 * The tables by tag set, for the probes to find a request's slot without
 * looking its disk up: a few entries in the module's data, not a list.
 * Written under zns_disks_lock; a set that finds no free entry is reached
 * through its disks only.
 */
#define ZNS_INFLIGHT_DIR	8

/**
 * struct inflight_dir_entry - One tag set's in-flight table, for the probes
 * @tag_set: NULL: free
 * @table: its table, RCU
 *
 * Context: Written under zns_disks_lock (@tag_set with release after
 * @table); read by the probes under RCU (inflight_find()).
 */
struct inflight_dir_entry {
	const void *tag_set;
	struct inflight_table __rcu *table;
};

extern struct inflight_dir_entry zns_inflight_dir[ZNS_INFLIGHT_DIR];

/**
 * struct zns_geometry - What the probe read from a namespace, for the worker
 * @gendisk: with a reference, once queued
 * @diskseq: the disk's diskseq
 * @name: the disk's name
 * @nr_zones: zones of the disk
 * @zone_sectors: zone size, 512-byte sectors
 * @lba_bytes: logical block size
 * @tag_set: whose tags its requests carry
 * @nr_hw_queues: hardware queues of its tag set
 * @queue_depth: tags per hardware queue
 * @zone_cap: 0: unknown on this kernel
 * @last_zone_cap: capacity of the last zone, 0: unknown
 * @max_open: queue limit, 0: none
 * @max_active: queue limit, 0: none
 * @kind: ZNS_KIND_ZONES, or ZNS_KIND_PLACEMENT for a conventional disk
 *   whose commands name placements
 * @nsid: the namespace ID its commands carry
 * @placement: a placement table's IDs, filled by the worker (NULL from the
 *   probe)
 *
 * Context: Filled by the setup probe (zns_disk_geometry(), any context, no
 * allocation) and queued under zns_publish_lock; consumed by the discovery
 * worker in process context.
 */
struct zns_geometry {
	struct gendisk *gendisk;
	u64 diskseq;
	char name[DISK_NAME_LEN];
	u32 nr_zones;
	u32 zone_sectors;
	u32 lba_bytes;
	const void *tag_set;
	u32 nr_hw_queues;
	u32 queue_depth;
	u32 zone_cap;
	u32 last_zone_cap;
	u32 max_open;
	u32 max_active;
	u8 kind;
	u32 nsid;
	const struct zns_placement_ids *placement;
};

/**
 * struct zns_ns - A namespace as users know it: one directory in debugfs,
 *   named as in /sys/block
 * @node: zns_ns_list
 * @name: as in /sys/block; a multipath namespace's, not a path's
 * @zones: its zone table, RCU
 * @dir: its debugfs directory, or NULL
 * @nr_paths: zns_disks pointing here
 * @setup_failures: geometry changes without memory
 * @counting: named by the "devices" filter
 *
 * On a multipath subsystem its paths (nvmeXcYnZ) share it.
 *
 * Context: Created, changed and freed in process context under
 * zns_disks_lock; the probes read @zones under RCU and @counting with
 * READ_ONCE().
 */
struct zns_ns {
	struct list_head node;
	char name[DISK_NAME_LEN];
	struct zone_table __rcu *zones;
	struct dentry *dir;
	int nr_paths;
	u64 setup_failures;
	bool counting;
};

/**
 * struct zns_disk - A gendisk that carries requests: a namespace, or one path
 *   of it
 * @hash_node: zns_disk_hash, RCU
 * @dead_node: a retire list, after hash_node's removal
 * @gendisk: with a reference held
 * @diskseq: the gendisk's diskseq: the key with @gendisk
 * @name: the gendisk's
 * @ns: NULL: left out by "devices"
 * @inflight: its tag set's slots, or NULL
 * @nr_zones: zone geometry as last seen on this path
 * @zone_sectors: likewise
 * @lba_bytes: likewise
 * @table_gen: the zone table generation its commands count in
 * @seed_wanted: seed.c: a report for its new table
 *
 * Keyed by (gendisk, diskseq); holds a reference on the gendisk so that it can
 * tell when the disk is deleted, and its address is never reused meanwhile.
 *
 * Context: Looked up by the probes under RCU (zns_disk_lookup()); added and
 * removed in process context under zns_disks_lock, the hash written under
 * zns_publish_lock as well; freed after a grace period.
 */
struct zns_disk {
	struct hlist_node hash_node;
	struct hlist_node dead_node;
	struct gendisk *gendisk;
	u64 diskseq;
	char name[DISK_NAME_LEN];
	struct zns_ns *ns;
	struct inflight_set *inflight;
	/*
	 * The path's zone geometry as last seen, and the table generation
	 * its commands count in: the table's while they agree, an older one
	 * (so its commands are dropped) while the paths of a multipath
	 * namespace disagree, one rescanned and the other not yet.
	 */
	u32 nr_zones;
	u32 zone_sectors;
	u32 lba_bytes;
	u32 table_gen;
	bool seed_wanted;
};

/* Lock-free minimum and maximum; the 0 of a fresh table means "none yet". */
static inline void zns_update_min(atomic_t *min, u32 val)
{
	int old = atomic_read(min);

	while (!old || val < (u32)old)
		if (atomic_try_cmpxchg(min, &old, val))
			break;
}

static inline void zns_update_max(atomic_t *max, u32 val)
{
	int old = atomic_read(max);

	while (val > (u32)old)
		if (atomic_try_cmpxchg(max, &old, val))
			break;
}

/* alloc.c: every allocation, each at a site that tests can make fail */
enum zns_alloc_site {
	ZNS_ALLOC_DISK,
	ZNS_ALLOC_INFLIGHT,
	ZNS_ALLOC_NS,
	ZNS_ALLOC_ZONES,
	ZNS_ALLOC_HIST,
	ZNS_ALLOC_RESET_LOG,
	ZNS_ALLOC_SEED,		/* seed.c's report buffers */
	ZNS_ALLOC_PLACEMENT,	/* placement_read.c's status buffer */
	ZNS_NR_ALLOC_SITES
};

void *zns_kzalloc(enum zns_alloc_site site, size_t size);
void *zns_vzalloc(enum zns_alloc_site site, size_t size);
void __percpu *zns_alloc_percpu(enum zns_alloc_site site, size_t size,
				size_t align);

/* disk.c: the registry of the gendisks carrying tracked namespaces */
extern struct mutex zns_disks_lock;
extern raw_spinlock_t zns_publish_lock;
extern u32 zns_retire_seq;
void zns_retire_seq_bump(void);

/* Walked bucket by bucket under zns_disks_lock (discover.c), or RCU. */
#define ZNS_DISK_HASH_BITS	6
extern struct hlist_head zns_disk_hash[1 << ZNS_DISK_HASH_BITS];

/**
 * struct zns_table_worker - Work on the namespaces' tables, registered with
 * the registry (zns_disk_add_worker()) instead of called by name
 * @replaced: a namespace's table @old_tbl is being replaced by @new_tbl, not
 *   yet published; may be NULL
 * @new_table: @zd's namespace has a new table (discovery, clear, a geometry
 *   change); may be NULL
 * @stop: nothing is started from now on and running work is waited for;
 *   the other hooks may still be called and must do nothing; may be NULL
 * @node: in the registry's list, in the order registered
 *
 * Context: @replaced and @new_table: process context, zns_disks_lock held.
 * @stop: process context, may sleep, at module exit before every table is
 * freed; no lock held.
 */
struct zns_table_worker {
	void (*replaced)(struct zone_table *new_tbl,
			 const struct zone_table *old_tbl);
	void (*new_table)(struct zns_disk *zd);
	void (*stop)(void);
	struct list_head node;
};

/* A namespace's table, as the holder of zns_disks_lock sees it. */
static inline struct zone_table *ns_table(struct zns_ns *ns)
{
	return rcu_dereference_protected(ns->zones,
					 lockdep_is_held(&zns_disks_lock));
}

void zns_synchronize_probes(void);
struct zns_disk *zns_disk_lookup(const struct gendisk *gendisk, u64 diskseq);
void zns_disk_geometry(struct request *req, struct zns_geometry *geo);
#define ZNS_GEO_ZONES	BIT(0)	/* zone geometry: a new zone table */
#define ZNS_GEO_TAGS	BIT(1)	/* more tags: a new in-flight table */
unsigned int zns_disk_geometry_changed(struct zns_disk *zd,
				       struct request *req);

/* The request's disk has the table's zone geometry. */
/* The zones a path of the table's namespace has: a placement table's none. */
static inline u32 zns_table_disk_zones(const struct zone_table *tbl)
{
	return tbl->kind == ZNS_KIND_PLACEMENT ? 0 : tbl->nr_zones;
}

static inline bool zns_table_matches(const struct zone_table *tbl,
				     struct request *req)
{
	return zns_table_disk_zones(tbl) == zns_nr_zones(zns_rq_disk(req)) &&
	       tbl->zone_sectors == req->q->limits.chunk_sectors &&
	       tbl->lba_bytes == queue_logical_block_size(req->q);
}

u32 zns_disk_table_gen(struct zns_disk *zd, struct zone_table *tbl,
		       struct request *req, unsigned int changed);
void zns_disk_hash_add(struct zns_disk *zd);
void zns_disk_hash_del(struct zns_disk *zd);
bool zns_disk_next_seed(struct zns_disk **zd);
void zns_disk_each_table(void (*fn)(struct zone_table *tbl));
void zns_disk_add_worker(struct zns_table_worker *w);
void zns_disk_stop_workers(void);
void zns_disk_table_replaced(struct zone_table *new_tbl,
			     const struct zone_table *old_tbl);
void zns_disk_table_new(struct zns_disk *zd);
void zns_disk_ns_table_new(struct zns_ns *ns);

/* retire.c: disks deleted, replaced or left out, and the poll */
bool zns_disk_retire_deleted(void);
void zns_disk_retire_same_name(const char *disk_name);
void zns_disk_poll(void);
void zns_disk_poll_stop(void);
void zns_disk_retire_every(void);
void zns_disk_retire_left_out(void);

/* discover.c: the worker that sets disks up */
void zns_disk_discover(struct request *req, u32 nsid);
void zns_disk_flush_discovery(void);
void zns_disk_retire_all(void);
void zns_disk_exit(void);

/* ns.c: the tracked namespaces, under zns_disks_lock */
#define ZNS_DEVICES_MAX	16	/* names in the "devices" parameter */

/**
 * struct zns_ns_dirs - How a namespace is shown (debugfs.c)
 * @add: create the namespace's directory; returns it, or NULL
 * @remove: remove it, waiting for its readers
 *
 * Context: Both called in process context with zns_disks_lock held.
 */
struct zns_ns_dirs {
	struct dentry *(*add)(struct zns_ns *ns);
	void (*remove)(struct zns_ns *ns);
};

void zns_ns_register_dirs(const struct zns_ns_dirs *ops);
void zns_ns_name(const char *disk_name, char *name);
bool zns_ns_counted(const char *name);
struct zns_ns *zns_ns_get(const char *name, const struct zns_geometry *geo);
void zns_ns_put(struct zns_ns *ns, struct list_head *dead_ns);
void zns_ns_free_list(struct list_head *dead_ns);
int zns_ns_clear(const char *name);
void zns_ns_set_filter(const char * const *names, int nr);
void zns_ns_count(int *namespaces, int *paths);

/* inflight.c: per-tag slots, one table per tag set, under zns_disks_lock */
struct inflight_set *zns_inflight_get(const struct zns_geometry *geo);
void zns_inflight_put(struct inflight_set *set);
struct inflight_table *zns_inflight_grow(struct inflight_set *set,
					 const struct zns_geometry *geo);
void zns_inflight_free_table(struct inflight_table *table);
void zns_inflight_count(int *tables, size_t *bytes);
bool zns_inflight_moving(struct inflight_set *set, const struct gendisk *gendisk,
			 const struct zone_table *tbl, unsigned long *zones);
void zns_inflight_forget_all(void);

/* The request's slot, or NULL if its tag is outside the table. Hot path. */
static inline struct zns_cmd *inflight_table_slot(struct inflight_table *table,
						  struct request *req)
{
	/* blk_mq_unique_tag()'s parts, without the call */
	u32 hwq = req->mq_hctx->queue_num;
	u32 tag = req->tag;

	if (unlikely(hwq >= table->nr_hw_queues || tag >= table->queue_depth))
		return NULL;
	return &table->slots[hwq * table->queue_depth + tag];
}

static inline struct zns_cmd *inflight_slot(struct inflight_set *set,
					    struct request *req)
{
	return inflight_table_slot(rcu_dereference(set->table), req);
}

/*
 * The request's slot found by its tag set alone, or NULL. The entry may
 * change under the probe: a slot of another set's table is one that does
 * not name the request's disk. Hot path, under RCU.
 */
static inline struct zns_cmd *inflight_find(struct request *req)
{
	const void *tag_set = req->q->tag_set;
	struct inflight_table *table;
	unsigned int i;

	for (i = 0; i < ZNS_INFLIGHT_DIR; i++) {
		/* pairs with dir_add(): the tag set, then its table */
		if (smp_load_acquire(&zns_inflight_dir[i].tag_set) != tag_set)
			continue;
		table = rcu_dereference(zns_inflight_dir[i].table);
		return table ? inflight_table_slot(table, req) : NULL;
	}
	return NULL;
}

/* setup_failure.c: setups that found no memory, retried with backoff */
bool zns_setup_backing_off(const struct gendisk *gendisk, u64 diskseq);
void zns_setup_failed(const struct zns_geometry *geo);
void zns_setup_succeeded(const struct zns_geometry *geo);
void zns_setup_retry_now(void);
void zns_setup_failures_read(u64 *total, int *waiting);

/* zone_table.c: per-zone counters */
struct zone_table *zns_zone_table_alloc(const struct zns_geometry *geo, u32 gen);
void zns_zone_table_geometry(const struct zone_table *tbl,
			     struct zns_geometry *geo);
void zns_zone_table_free(struct zone_table *tbl);
size_t zns_zone_table_bytes(const struct zone_table *tbl);
void zns_zone_table_account(struct zone_table *tbl, const struct zns_cmd *cmd,
			    const struct zns_done *done, bool check_gen);
void zns_zone_table_dropped(struct zns_ns *ns);
bool zns_zone_table_cmd_moving(const struct zns_cmd *zc,
			       const struct zone_table *tbl,
			       unsigned long *zones);
void zns_zone_stat_values(struct zone_table *tbl, u32 zone, u64 *v);

/* hist.c: latency, size and alignment histograms */
int zns_hist_alloc(struct zone_table *tbl);
void zns_hist_free(struct zone_table *tbl);
size_t zns_hist_bytes(void);
u64 zns_hist_lat_max(struct zone_table *tbl, unsigned int opi);
int zns_hist_latency_show(struct seq_file *m, void *v);
int zns_hist_sizes_show(struct seq_file *m, void *v);
int zns_hist_alignment_show(struct seq_file *m, void *v);

/* errors.c: failed commands by NVMe status */
void zns_errors_count(struct zone_table *tbl, unsigned int opi, u16 status);
int zns_errors_show(struct seq_file *m, void *v);

/* reset_log.c: the most recent resets */
int zns_reset_log_init(struct reset_log *log);
void zns_reset_log_free(struct reset_log *log);
size_t zns_reset_log_bytes(const struct reset_log *log);
void zns_reset_log_add(struct reset_log *log, u32 zone, u64 latency_ns,
		       u16 status, u32 fill);
void zns_reset_log_add_at(struct reset_log *log, u32 zone, u64 latency_ns,
			  u16 status, u32 fill, u64 real_ns);
int zns_reset_log_open(struct inode *inode, struct file *file,
		       void (*catch_up)(struct zone_table *tbl));	/* "resets" */

/* cgroups.c: who issued each command, and whose data each zone holds */
u64 zns_request_cgroup(struct request *req);
int zns_cgroups_alloc(struct zone_table *tbl);
void zns_cgroups_free(struct zone_table *tbl);
size_t zns_cgroups_bytes(const struct zone_table *tbl);
u32 zns_cgroups_account(struct zone_table *tbl, const struct zns_cmd *zc,
			unsigned int opi, u16 status, u64 lat_ns);
u64 zns_cgroups_owner_id(struct zone_table *tbl, u32 code);
int zns_cgroups_show(struct seq_file *m, void *v);

/*
 * life_*.c: zones as the host drove them (life.h: the zone's word and what
 * the parts share). life_move.c: a command moves a zone.
 */
void zns_life_init(struct zone_table *tbl, const struct zns_geometry *geo);
u32 zns_life_done(struct zone_table *tbl, u32 zone, unsigned int opi,
		  const struct zns_cmd *zc, const struct zns_done *done, u32 owner);
void zns_life_failed(struct zone_table *tbl, u32 zone, unsigned int opi,
		     const struct zns_cmd *zc, const struct zns_done *done);
/* life_select_all.c: select-all commands, for every zone to apply */
bool zns_life_select_all(struct zone_table *tbl, unsigned int opi, u64 now_ns,
			 u64 latency_ns);
void zns_life_catch_up(struct zone_table *tbl, bool can_sleep);
/* life_seed.c: zone reports seed the zones not known */
int zns_life_seed(struct zone_table *tbl, u32 zone, unsigned int cond, u32 cap,
		  u64 wp_off, u64 expected, u64 now);
void zns_life_report(struct zone_table *tbl, struct request *req,
		     const struct zns_cmd *zc);
/* life_show.c: the lifecycle's figures */
void zns_life_values(struct zone_table *tbl, u32 zone, u64 *v);
u32 zns_life_owner(struct zone_table *tbl, u32 zone);
int zns_life_show(struct seq_file *m, void *v);
int zns_life_times_show(struct seq_file *m, void *v);
int zns_hist_queue_wait_show(struct seq_file *m, void *v);

/* seed.c: every zone's condition from one zone report, at discovery */
void zns_seed_init(void);

/* sweep.c: select-all commands applied to every zone, soon */
void zns_sweep_request(void);
void zns_sweep_init(void);

/* early.c: commands seen before their namespace was set up */
void zns_early_setup(struct request *req, const struct zns_cmd *cmd);
bool zns_early_done(struct request *req, const struct zns_done *done,
		    bool from_block);
bool zns_early_ended(struct request *req, bool keep);
void zns_early_drain(struct zns_disk *zd);
bool zns_early_moving(const struct gendisk *gendisk, u64 diskseq,
		      const struct zone_table *tbl, unsigned long *zones);
void zns_early_expire(void);
void zns_early_forget_all(void);
u64 zns_early_dropped(void);
void zns_early_count_dropped(void);

/* mirror.c: where outcomes come from */
enum zns_outcome_source {
	ZNS_OUTCOME_UNCHECKED = 0,	/* no setup seen yet */
	ZNS_OUTCOME_NVME,		/* nvme_core's request, checked */
	ZNS_OUTCOME_BAD,		/* neither: completions count as dropped */
	ZNS_OUTCOME_BLOCK,		/* block_rq_complete */
};

extern int zns_outcome_source;

/* enum zns_outcome_source: read by both probes on every command */
static inline int mirror_outcome_source(void)
{
	return READ_ONCE(zns_outcome_source);
}

bool zns_mirror_wants_block(void);
void zns_mirror_block_attached(bool ok);
void zns_mirror_init(struct work_struct *attach_block);
void zns_mirror_check(struct request *req, struct nvme_command *cmd);
void zns_mirror_read_done(struct request *req, struct zns_done *done);
void zns_mirror_block_done(struct request *req, ZNS_BLK_STATUS_ARG error,
			   struct zns_done *done);
const char *zns_mirror_status_decoding(void);

/* probe.c: the hot path */
void zns_probe_setup(void *data, struct request *req, struct nvme_command *cmd);
void zns_probe_done(void *data, struct request *req);
void zns_probe_block_done(void *data, struct request *req,
			  ZNS_BLK_STATUS_ARG error, unsigned int nr_bytes);
void zns_probe_bio_queue(void *data, struct bio *bio);

/* tp.c: attaching to nvme_core */
int zns_tp_init(void);
void zns_tp_exit(void);
bool zns_tp_attached(void);
bool zns_tp_enabled(void);

/* debugfs.c */
int zns_debugfs_init(void);
void zns_debugfs_exit(void);

/* placement_read.c: a namespace's placement IDs, from the device */
int zns_placement_read(struct request_queue *q, u32 nsid,
		       struct zns_placement_ids *ids);

#endif /* ZNS_STAT_INTERNAL_H */
