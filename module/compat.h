/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel-version difference zns_stat depends on, in one place, so the
 * rest of the module reads as if there were one kernel. In the style of
 * LTTng-modules' wrappers: each wrapper names the range of each variant with
 * ZNS_KERNEL_RANGE(from, to), "to" excluded.
 *
 * Covered: 5.15 (request_queue->disk and gendisk->diskseq appear) to 7.2.
 * Built and run in a guest: Debian's 6.1, 6.1 PREEMPT_RT and 6.12; built: 6.1
 * and 6.12 cloud, 6.12 PREEMPT_RT, and Debian sid's newest (7.2: make check's
 * host checks; its guest suite in make check-sid); reviewed against the sources
 * only: 5.15, 6.6. Documentation/zns_stat.rst ("Kernel versions") has the table.
 *
 * Unchanged over the whole range, so used directly (checked in each source):
 * - tracepoint_probe_register/unregister(tp, probe, data), exported GPL;
 *   for_each_kernel_tracepoint(), register_tracepoint_module_notifier() and
 *   struct tp_module { list; mod; }; module->tracepoints_ptrs/num_tracepoints
 *   and tracepoint_ptr_deref() (relative references on x86-64 since 4.19);
 * - the probe prototypes: nvme_setup_cmd(struct request *, struct
 *   nvme_command *) and nvme_complete_rq(struct request *);
 * - struct nvme_command: common.opcode, rw.slba/length, zms.slba/zsa/
 *   select_all; nvme_cmd_zone_append, nvme_cmd_zone_mgmt_send, NVME_ZONE_*;
 * - blk_queue_is_zoned() (a zoned model up to 6.10, BLK_FEAT_ZONED from
 *   6.11: same call), q->limits.chunk_sectors (zone size), q->tag_set's
 *   nr_hw_queues and queue_depth, blk_mq_unique_tag() and its helpers,
 *   queue_logical_block_size(), blk_mq_rq_to_pdu();
 * - gendisk: diskseq, state bits GD_ADDED and GD_DEAD (5.15+), disk_to_dev(),
 *   put_disk();
 * - debugfs_create_dir/file, DEFINE_SHOW_ATTRIBUTE, seq_put_decimal_ull,
 *   kvzalloc/kvfree, struct_size, alloc_percpu, module_param_cb.
 *
 * The tracepoint read side changed, not its API: up to 6.12 probes run with
 * preemption disabled (sched-RCU); in a later release (7.2 checked) under
 * SRCU-fast, preemptible. The probes rely on neither: they take rcu_read_lock()
 * themselves, count per CPU with this_cpu_inc() (preemption-safe) and lock
 * with raw spinlocks and irqsave. tracepoint_synchronize_unregister() waits
 * for either kind of reader.
 */
#ifndef ZNS_STAT_COMPAT_H
#define ZNS_STAT_COMPAT_H

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/file.h>
#include <linux/nvme.h>
#include <linux/version.h>

#define ZNS_KERNEL_RANGE(a, b, c, d, e, f)				\
	(LINUX_VERSION_CODE >= KERNEL_VERSION(a, b, c) &&		\
	 LINUX_VERSION_CODE < KERNEL_VERSION(d, e, f))

/* request_queue->disk and gendisk->diskseq appeared in 5.15. */
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 15, 0)
#error "zns_stat needs Linux 5.15 or newer"
#endif

/* What dkms.conf's BUILD_EXCLUSIVE_CONFIG asks for, for builds without dkms. */
#ifndef CONFIG_TRACEPOINTS
#error "zns_stat needs CONFIG_TRACEPOINTS: it attaches to nvme_core's tracepoints"
#endif
#ifndef CONFIG_BLK_DEV_ZONED
#error "zns_stat needs CONFIG_BLK_DEV_ZONED: without it no namespace is zoned"
#endif
#ifndef CONFIG_DEBUG_FS
#error "zns_stat needs CONFIG_DEBUG_FS: its statistics are debugfs files"
#endif

/* The namespace of a request: req->q->disk from 5.15 (req->rq_disk until 5.16). */
static inline struct gendisk *zns_rq_disk(struct request *req)
{
	return req->q->disk;
}

/*
 * A reference that keeps the gendisk (not the driver) alive, so disk_live()
 * can be polled and the address is not reused. get_device() is an atomic
 * increment, safe in a probe. nvme's gendisks have no ->free_disk up to 6.1;
 * the last put happens at the latest when nvme_core goes away, before its
 * code is freed.
 */
static inline void zns_gendisk_get(struct gendisk *disk)
{
	get_device(disk_to_dev(disk));
}

static inline void zns_gendisk_put(struct gendisk *disk)
{
	put_disk(disk);
}

/*
 * Added and not yet deleted. Not disk_live(): hidden disks (multipath paths
 * nvmeXcYnZ) never get a hashed bdev inode, so it is always false for them.
 * del_gendisk() sets GD_DEAD.
 */
static inline bool zns_gendisk_live(struct gendisk *disk)
{
	return test_bit(GD_ADDED, &disk->state) &&
	       !test_bit(GD_DEAD, &disk->state);
}

/* Zone count: a queue field up to 5.19, a gendisk field from 6.0. */
static inline unsigned int zns_nr_zones(struct gendisk *disk)
{
#if ZNS_KERNEL_RANGE(5, 15, 0, 6, 0, 0)
	return blk_queue_nr_zones(disk->queue);
#else
	return disk->nr_zones;
#endif
}

/*
 * A zone's writable capacity: the gendisk keeps it from 6.10 (zone write
 * plugging) and the last zone's apart from 6.11; zns_stat reads both from
 * 6.11. Earlier, only zone reports say (0: unknown).
 */
static inline void zns_zone_capacity(struct gendisk *disk, u32 *cap, u32 *last)
{
#if ZNS_KERNEL_RANGE(5, 15, 0, 6, 11, 0)
	*cap = 0;
	*last = 0;
#else
	*cap = READ_ONCE(disk->zone_capacity);
	*last = READ_ONCE(disk->last_zone_capacity);
#endif
}

/*
 * The device's open and active zone limits (0: none): the queue's limits,
 * read through the bdev helpers from 5.19 (reviewed, not built, before 6.1).
 */
static inline unsigned int zns_max_open_zones(struct gendisk *disk)
{
#if ZNS_KERNEL_RANGE(5, 15, 0, 5, 19, 0)
	return queue_max_open_zones(disk->queue);
#else
	return bdev_max_open_zones(disk->part0);
#endif
}

static inline unsigned int zns_max_active_zones(struct gendisk *disk)
{
#if ZNS_KERNEL_RANGE(5, 15, 0, 5, 19, 0)
	return queue_max_active_zones(disk->queue);
#else
	return bdev_max_active_zones(disk->part0);
#endif
}

/*
 * The head of nvme_core's private struct nvme_request (drivers/nvme/host/
 * nvme.h), which is the request's pdu:
 *   up to 5.13  { cmd; result; retries; flags; status; ctrl; }
 *   5.14-7.2    { cmd; result; genctr; retries; flags; status; ... }
 * (6.3 added a multipath-only start_time after "status"; later fields moved,
 * so nothing past "status" is mirrored; 6.1, 6.12 and 7.2 checked.) mirror.c
 * checks every field at run time, on every setup (cmd, genctr through the
 * command id, retries and status), and takes outcomes from the block layer
 * once one does not match, rather than reading garbage.
 */
struct zns_nvme_request_head {
	struct nvme_command *cmd;
	union nvme_result result;
	u8 genctr;
	u8 retries;
	u8 flags;
	u16 status;	/* NVMe status field: DNR | MORE | CRD | SCT | SC */
};

static inline struct zns_nvme_request_head *zns_nvme_req(struct request *req)
{
	return blk_mq_rq_to_pdu(req);
}

/**
 * nvme_submit_sync_cmd() - nvme_core's synchronous command on a queue
 * @q: the queue (a namespace path's, blk-mq)
 * @cmd: the command
 * @buf: data in or out
 * @bufflen: its length
 *
 * Declared in drivers/nvme/host/nvme.h (the same from 4.x to 7.2), exported
 * GPL but in no public header: placement_read.c takes it with symbol_get()
 * for one call at a time, so that zns_stat never pins nvme_core.
 *
 * Context: Process context, sleeps.
 * Return: 0, an NVMe status (> 0) or a negative errno.
 */
int nvme_submit_sync_cmd(struct request_queue *q, struct nvme_command *cmd,
			 void *buf, unsigned int bufflen);

/*
 * block_rq_complete(rq, error, nr_bytes), the fallback's source of outcomes:
 * error is an errno up to 5.15, a blk_status_t from 5.16 (6.1, 6.12 and
 * 7.2 headers checked: the probe is registered by name, so no build checks it).
 */
#if ZNS_KERNEL_RANGE(5, 15, 0, 5, 16, 0)
#define ZNS_BLK_STATUS_ARG	int

static inline u8 zns_blk_status_code(int error)
{
	return (__force u8)errno_to_blk_status(error);
}
#else
#define ZNS_BLK_STATUS_ARG	blk_status_t

static inline u8 zns_blk_status_code(blk_status_t error)
{
	return (__force u8)error;
}
#endif

/*
 * A disk opened for reading by seed.c, so that its driver stays: a block
 * device up to 6.7 (an fmode_t up to 6.4, a blk_mode_t and holder from
 * 6.5), a bdev_handle in 6.8, a file from 6.9. 6.1, 6.12 and 7.2 built;
 * 6.6 and 6.8 reviewed against their sources only.
 */
struct zns_bdev_ref {
#if ZNS_KERNEL_RANGE(5, 15, 0, 6, 8, 0)
	struct block_device *bdev;
#elif ZNS_KERNEL_RANGE(6, 8, 0, 6, 9, 0)
	struct bdev_handle *handle;
#else
	struct file *file;
#endif
};

/* The opened block device, or an ERR_PTR. */
static inline struct block_device *zns_bdev_open(dev_t dev,
						 struct zns_bdev_ref *ref)
{
#if ZNS_KERNEL_RANGE(5, 15, 0, 6, 5, 0)
	ref->bdev = blkdev_get_by_dev(dev, FMODE_READ, NULL);
	return ref->bdev;
#elif ZNS_KERNEL_RANGE(6, 5, 0, 6, 8, 0)
	ref->bdev = blkdev_get_by_dev(dev, BLK_OPEN_READ, NULL, NULL);
	return ref->bdev;
#elif ZNS_KERNEL_RANGE(6, 8, 0, 6, 9, 0)
	ref->handle = bdev_open_by_dev(dev, BLK_OPEN_READ, NULL, NULL);
	return IS_ERR(ref->handle) ? ERR_CAST(ref->handle) : ref->handle->bdev;
#else
	ref->file = bdev_file_open_by_dev(dev, BLK_OPEN_READ, NULL, NULL);
	return IS_ERR(ref->file) ? ERR_CAST(ref->file) : file_bdev(ref->file);
#endif
}

static inline void zns_bdev_close(struct zns_bdev_ref *ref)
{
#if ZNS_KERNEL_RANGE(5, 15, 0, 6, 5, 0)
	blkdev_put(ref->bdev, FMODE_READ);
#elif ZNS_KERNEL_RANGE(6, 5, 0, 6, 8, 0)
	blkdev_put(ref->bdev, NULL);
#elif ZNS_KERNEL_RANGE(6, 8, 0, 6, 9, 0)
	bdev_release(ref->handle);
#else
	fput(ref->file);
#endif
}

/*
 * When a bio was submitted, in ktime_get_ns() terms; 0: no stamp (the
 * caller then takes the request's allocation, rq->start_time_ns). Needs
 * CONFIG_BLK_CGROUP (Debian: y) on every kernel.
 * - up to 6.17: submit_bio_noacct_nocheck() stamps every bio's bi_issue
 *   (blkcg_bio_issue_init()) in its low 51 bits, right before it traces
 *   block_bio_queue. 6.1 has the helpers in linux/blk_types.h; 6.12 keeps
 *   them in block/ (private), same encoding: the mask is ours, checked
 *   against the kernel's where it is public. Up to 6.8 the stamp is
 *   ktime_get_ns(); from 6.9 ("block: cache current nsec time in struct
 *   blk_plug") it is blk_time_get_ns(), the plug's cached
 *   time: every bio a task submits in one plug (io_submit() of several, a
 *   file system's writeback) carries the first one's time.
 * - from 6.18 ("block: cleanup bio_issue", 1733e8887483, and the next two
 *   commits): bi_issue became u64 issue_time_ns, stamped in
 *   blk_mq_submit_bio(), after the queue was entered and the bio split,
 *   and only on a queue with QUEUE_FLAG_BIO_ISSUE_TIME (blk-iolatency's;
 *   Debian's 7.2 does not build it). bio_init() zeroes it.
 * From 6.9 zns_stat stamps each bio itself from block_bio_queue
 * (zns_bio_stamp()), with ktime_get_ns(), where 6.8 and earlier do: the
 * wait starts at the bio's own submission on every kernel (sid's 7.2.13
 * waited up to 1.2 ms a zone before the kernel's own stamp). Only
 * blk-iolatency reads the time: up to 6.17 it then sees the bio's own
 * submission rather than its plug's first (the size bits are kept); from
 * 6.18, where it is on, it stamps again.
 * probe.c's queue_wait() masks the difference to 51 bits: right for both.
 */
#define ZNS_BIO_ISSUE_TIME_MASK	GENMASK_ULL(50, 0)
#ifdef BIO_ISSUE_TIME_MASK
static_assert(BIO_ISSUE_TIME_MASK == ZNS_BIO_ISSUE_TIME_MASK, "bi_issue's time bits");
#endif

static inline u64 zns_bio_issue_ns(const struct bio *bio)
{
#ifndef CONFIG_BLK_CGROUP
	return 0;
#elif ZNS_KERNEL_RANGE(5, 15, 0, 6, 18, 0)
	return bio->bi_issue.value & ZNS_BIO_ISSUE_TIME_MASK;
#else
	return bio->issue_time_ns;
#endif
}

/* zns_stat stamps bios itself (zns_probe_bio_queue()): from 6.9, above. */
#define ZNS_STAMPS_BIOS	(IS_ENABLED(CONFIG_BLK_CGROUP) &&		\
			 !ZNS_KERNEL_RANGE(5, 15, 0, 6, 9, 0))

static inline void zns_bio_stamp(struct bio *bio, u64 now_ns)
{
#if !defined(CONFIG_BLK_CGROUP) || ZNS_KERNEL_RANGE(5, 15, 0, 6, 9, 0)
#elif ZNS_KERNEL_RANGE(6, 9, 0, 6, 18, 0)
	bio->bi_issue.value = (bio->bi_issue.value & ~ZNS_BIO_ISSUE_TIME_MASK) |
			      (now_ns & ZNS_BIO_ISSUE_TIME_MASK);
#else
	bio->issue_time_ns = now_ns;
#endif
}

/* Status Code Type and Status Code, without the DNR/MORE/CRD bits. */
#define ZNS_NVME_STATUS_MASK	0x7ff

/*
 * A local the hot path fills before reading it, left out of
 * CONFIG_INIT_STACK_ALL_ZERO (Debian's kernels): zeroing a struct on every
 * probe call costs a rep stos each (make bench-insn). GCC 12+ and Clang
 * know the attribute; older compilers zero nothing anyway.
 */
#if __has_attribute(__uninitialized__)
#define zns_filled_before_use	__attribute__((__uninitialized__))
#else
#define zns_filled_before_use
#endif

/*
 * The per-CPU system workqueue the workers use: system_percpu_wq from 6.17
 * (system_wq stays, deprecated: 7.x logs "enqueued on deprecated
 * workqueue" for each work item queued on it), system_wq before.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
#define zns_system_wq	system_percpu_wq
#else
#define zns_system_wq	system_wq
#endif

#endif /* ZNS_STAT_COMPAT_H */
