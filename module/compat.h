/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel-version difference zns_stat depends on, in one place, so the
 * rest of the module reads as if there were one kernel. Each wrapper names
 * the range it covers; see Documentation/zns_stat.rst for what was tested.
 */
#ifndef ZNS_STAT_COMPAT_H
#define ZNS_STAT_COMPAT_H

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/nvme.h>
#include <linux/version.h>

#define ZNS_KERNEL_RANGE(a, b, c, d, e, f)				\
	(LINUX_VERSION_CODE >= KERNEL_VERSION(a, b, c) &&		\
	 LINUX_VERSION_CODE < KERNEL_VERSION(d, e, f))

/* request_queue->disk and gendisk->diskseq appeared in 5.15. */
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 15, 0)
#error "zns_stat needs Linux 5.15 or newer"
#endif

static inline struct gendisk *zns_rq_disk(struct request *req)
{
	return req->q->disk;
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
 * The head of nvme_core's private struct nvme_request (drivers/nvme/host/
 * nvme.h), which is the request's pdu. It has kept this prefix since 5.14
 * ("genctr" was added after "result"); later fields moved, so nothing past
 * "status" is mirrored. probe.c checks the mirror at run time: its "cmd"
 * must equal the command the setup tracepoint passes, else status decoding
 * is switched off rather than reading garbage.
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

/* Status Code Type and Status Code, without the DNR/MORE/CRD bits. */
#define ZNS_NVME_STATUS_MASK	0x7ff

#endif /* ZNS_STAT_COMPAT_H */
