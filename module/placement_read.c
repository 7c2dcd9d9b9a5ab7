// SPDX-License-Identifier: GPL-2.0
/*
 * The placement IDs of a namespace, asked of the device: a reclaim unit
 * handle status (I/O Management Receive, management operation 1) on the
 * namespace's own queue, from the discovery worker (process context, may
 * sleep), never from a probe. nvme_core's nvme_submit_sync_cmd() is taken
 * for the call only (symbol_get()), so that zns_stat never pins nvme_core:
 * both stay reloadable in either order. A passthrough request is quiet: a
 * namespace without FDP fails it without a line in the kernel log.
 */
#include <linux/module.h>
#include <linux/nvme.h>
#include <linux/slab.h>

#include "compat.h"
#include "internal.h"
#include "placement.h"

#define ZNS_OPC_IO_MGMT_RECV	0x12
#define ZNS_IOMR_RUH_STATUS	1

/**
 * zns_placement_read() - a namespace's placement IDs, from the device
 * @q: the namespace's request queue (a path's, blk-mq: a multipath head's
 *     queue takes no requests)
 * @nsid: its namespace ID
 * @ids: filled with up to ZNS_MAX_PIDS placement IDs, in the status' order,
 *   and their reclaim unit handles
 *
 * Return: 0, or a negative errno: -ENOENT with
 * nvme_core gone, -EIO when the device refused (no FDP on the namespace's
 * endurance group, or no I/O Management Receive), -EINVAL for a status that
 * does not hold what it announces, -ENODATA for one without placement IDs,
 * -ENOMEM.
 *
 * Context: Process context, may sleep (the discovery worker); no lock held
 * that the I/O path takes.
 */
int zns_placement_read(struct request_queue *q, u32 nsid,
		       struct zns_placement_ids *ids)
{
	int (*submit)(struct request_queue *q, struct nvme_command *cmd,
		      void *buf, unsigned int bufflen);
	size_t len = ZNS_RUHS_HEADER + ZNS_MAX_PIDS * ZNS_RUHS_DESC;
	struct nvme_command c = {};
	u8 *buf;
	int ret;

	buf = zns_kzalloc(ZNS_ALLOC_PLACEMENT, len);
	if (!buf)
		return -ENOMEM;
	c.common.opcode = ZNS_OPC_IO_MGMT_RECV;
	c.common.nsid = cpu_to_le32(nsid);
	c.common.cdw10 = cpu_to_le32(ZNS_IOMR_RUH_STATUS);
	c.common.cdw11 = cpu_to_le32(len / 4 - 1);	/* NUMD, 0's based */
	submit = symbol_get(nvme_submit_sync_cmd);
	if (!submit) {
		kfree(buf);
		return -ENOENT;
	}
	ret = submit(q, &c, buf, len);
	symbol_put(nvme_submit_sync_cmd);
	if (ret)	/* an NVMe status (> 0) or an errno */
		ret = ret > 0 ? -EIO : ret;
	else
		ret = zns_ruhs_parse(buf, len, ids->pid, ids->ruhid,
				     ZNS_MAX_PIDS);
	kfree(buf);
	if (ret < 0)
		return ret;
	ids->nr = ret;
	return ret ? 0 : -ENODATA;
}
