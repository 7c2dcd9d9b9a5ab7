/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zns_stat internals. The data path, one file per stage:
 *
 *   nvme_core tracepoints -> tp.c -> probe.c -> zns_disk.c / zone_table.c
 *        -> debugfs.c -> zns-stat (user/)
 *
 * early.c holds the commands seen before their namespace has a zone table.
 */
#ifndef ZNS_STAT_INTERNAL_H
#define ZNS_STAT_INTERNAL_H

#include <linux/atomic.h>
#include <linux/blkdev.h>
#include <linux/mutex.h>
#include <linux/nvme.h>
#include <linux/rculist.h>
#include <linux/types.h>

#include "../include/zns_stat.h"

enum zns_op {
	ZNS_OP_NONE = 0,	/* slot free: no setup seen */
	ZNS_OP_IGNORED,		/* a command we do not count (flush, report...) */
	ZNS_OP_READ,
	ZNS_OP_WRITE,
	ZNS_OP_APPEND,
	ZNS_OP_RESET,
	ZNS_OP_FINISH,
	ZNS_OP_OPEN,
	ZNS_OP_CLOSE,
};

/*
 * A command decoded at setup, kept until its completion. Also the in-flight
 * slot, so keep it small: 24 bytes.
 */
struct zns_cmd {
	u64 sector;		/* first 512-byte sector targeted */
	u64 start_ns;		/* ktime_get_ns() at setup */
	u32 nr_sectors;		/* data length, 512-byte sectors */
	u16 table_gen;		/* zone table generation seen at setup */
	u8 op;			/* enum zns_op */
	u8 select_all;		/* zone management on every zone */
};

struct zone_stat {
	atomic64_t c[ZNS_ZC_NR];	/* enum zns_zone_counter */
};

/* Per-namespace counters, replaced as one when geometry changes or on clear. */
struct zone_table {
	struct rcu_head rcu;
	u32 nr_zones;
	u32 zone_sectors;	/* zone size in 512-byte sectors, a power of 2 */
	u32 lba_bytes;
	u8 zone_shift;		/* ilog2(zone_sectors) */
	u16 gen;		/* bumped on every geometry change */
	atomic64_t c[ZNS_DC_NR];	/* enum zns_disk_counter */
	struct zone_stat zones[];
};

/* One slot per hardware queue tag: blk_mq_unique_tag() picks it. */
struct inflight_table {
	struct rcu_head rcu;
	u32 nr_hw_queues;
	u32 queue_depth;
	struct zns_cmd slots[];
};

/* What the probe read from a namespace; the worker never touches the disk. */
struct zns_geometry {
	const struct gendisk *gendisk;
	u64 diskseq;
	char name[DISK_NAME_LEN];
	u32 nr_zones;
	u32 zone_sectors;
	u32 lba_bytes;
	u32 nr_hw_queues;
	u32 queue_depth;
};

/*
 * A tracked namespace. Keyed by (gendisk, diskseq) so a recycled gendisk
 * pointer never aliases an old namespace; the gendisk is only compared,
 * never dereferenced outside a probe.
 */
struct zns_disk {
	struct hlist_node hash_node;
	const struct gendisk *gendisk;
	u64 diskseq;
	char name[DISK_NAME_LEN];
	struct zone_table __rcu *zones;
	struct inflight_table __rcu *inflight;
	struct dentry *dir;
};

/* zns_disk.c: the set of tracked namespaces */
extern struct mutex zns_disks_lock;
struct zns_disk *zns_disk_lookup(const struct gendisk *gendisk, u64 diskseq);
struct zns_cmd *zns_disk_slot(struct zns_disk *zd, struct request *req);
void zns_disk_geometry(struct request *req, struct zns_geometry *geo);
bool zns_disk_geometry_changed(struct zns_disk *zd, struct request *req);
void zns_disk_discover(const struct zns_geometry *geo);
void zns_disk_flush_discovery(void);
int zns_disk_clear(const char *name);
void zns_disk_retire_all(void);
int zns_disk_count(void);

/* zone_table.c: counters */
struct zone_table *zone_table_alloc(u32 nr_zones, u32 zone_sectors,
				    u32 lba_bytes, u16 gen);
void zone_table_account(struct zone_table *tbl, const struct zns_cmd *cmd,
			u16 status, u64 now_ns, bool check_gen);
void zone_table_dropped(struct zns_disk *zd);

/* early.c: commands seen before their namespace was set up */
extern raw_spinlock_t zns_publish_lock;
void early_setup(struct request *req, const struct zns_cmd *cmd);
bool early_done(struct request *req, u16 status, u64 now_ns);
void early_drain(struct zns_disk *zd);
void early_forget_all(void);
u64 early_dropped(void);
void early_count_dropped(void);

/* probe.c: the hot path */
void probe_setup(void *data, struct request *req, struct nvme_command *cmd);
void probe_done(void *data, struct request *req);
const char *probe_status_decoding(void);

/* tp.c: attaching to nvme_core */
int zns_tp_init(void);
void zns_tp_exit(void);
bool zns_tp_attached(void);

/* debugfs.c */
int zns_debugfs_init(void);
void zns_debugfs_exit(void);
struct dentry *zns_debugfs_add_disk(struct zns_disk *zd);

#endif /* ZNS_STAT_INTERNAL_H */
