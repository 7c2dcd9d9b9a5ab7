// SPDX-License-Identifier: GPL-2.0
/*
 * Where a command's outcome comes from: nvme_core's private request, read
 * through compat.h's mirror once every setup has found it consistent, or
 * the block layer's own completion (block_rq_complete) when it is not, or
 * when the status_source parameter asks for it.
 *
 * The mirror is checked on every setup, where nvme_setup_cmd has just built
 * the command: "cmd" must be the command the tracepoint passes, its command
 * id must be the genctr and tag nvme_cid() put there, and a first attempt
 * (retries 0) must have status 0, as nvme_clear_nvme_request() left it. The
 * first mismatch is sticky: status decoding stops, tp.c's work attaches the
 * block layer's probe, and until it is there completions count as dropped,
 * never as successes.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "internal.h"

int zns_outcome_source = ZNS_OUTCOME_UNCHECKED;	/* mirror_outcome_source() */
static bool source_forced;	/* status_source=block */

static int status_source_set(const char *val, const struct kernel_param *kp)
{
	if (sysfs_streq(val, "auto"))
		source_forced = false;
	else if (sysfs_streq(val, "block"))
		source_forced = true;
	else
		return -EINVAL;
	return 0;
}

static int status_source_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", source_forced ? "block" : "auto");
}

static const struct kernel_param_ops status_source_ops = {
	.set = status_source_set,
	.get = status_source_get,
};
module_param_cb(status_source, &status_source_ops, NULL, 0444);
MODULE_PARM_DESC(status_source, "Where outcomes come from: auto (nvme_core's request, checked; the block layer's completion if the check fails) or block (always the block layer's, for testing the fallback)");

/* tp.c's work that attaches the block layer's probe (zns_mirror_init()). */
static struct work_struct *attach_block_work;

/**
 * zns_mirror_init() - say what to schedule when the mirror fails its check
 * @attach_block: the work that attaches the block layer's probe; its owner
 *   (tp.c) cancels it once no probe runs
 *
 * Context: Process context, before any probe is attached.
 */
void zns_mirror_init(struct work_struct *attach_block)
{
	attach_block_work = attach_block;
}

/**
 * zns_mirror_wants_block() - whether outcomes are to come from the block
 * layer
 *
 * Description: At attach time a forced fallback (status_source=block) is
 * attached with the other probes, and so is one the check asked for.
 *
 * Context: Process context; zns_tp_lock held (tp.c).
 * Return: true if block_rq_complete needs its probe.
 */
bool zns_mirror_wants_block(void)
{
	return source_forced || READ_ONCE(zns_outcome_source) >= ZNS_OUTCOME_BAD;
}

/**
 * zns_mirror_block_attached() - block_rq_complete has its probe, or could
 * not get one
 * @ok: it has: outcomes come from the block layer from now on; else
 *   completions count as dropped
 *
 * Context: Process context; zns_tp_lock held (tp.c).
 */
void zns_mirror_block_attached(bool ok)
{
	WRITE_ONCE(zns_outcome_source, ok ? ZNS_OUTCOME_BLOCK : ZNS_OUTCOME_BAD);
}

static bool mirror_consistent(struct request *req, struct nvme_command *cmd)
{
	struct zns_nvme_request_head *nreq = zns_nvme_req(req);
	u16 cid = cmd->common.command_id;	/* opaque: CPU order */

	if (nreq->cmd != cmd)
		return false;
	if (cid != ((nreq->genctr & 0xf) << 12 | req->tag))
		return false;
	return nreq->retries || !nreq->status;
}

/**
 * zns_mirror_check() - check compat.h's mirror of nvme_core's request
 * @req: the request nvme_setup_cmd has just built the command of
 * @cmd: the command the tracepoint passes
 *
 * A few loads from the request's first cache line. The first mismatch is
 * sticky: status decoding stops and tp.c's work attaches the block
 * layer's probe.
 *
 * Context: Any context up to hard IRQ (the setup probe); lock-free.
 */
void zns_mirror_check(struct request *req, struct nvme_command *cmd)
{
	int source = READ_ONCE(zns_outcome_source);

	if (source >= ZNS_OUTCOME_BAD || mirror_consistent(req, cmd)) {
		if (source == ZNS_OUTCOME_UNCHECKED)
			WRITE_ONCE(zns_outcome_source, ZNS_OUTCOME_NVME);
		return;
	}
	if (cmpxchg(&zns_outcome_source, source, ZNS_OUTCOME_BAD) != source)
		return;
	pr_warn("nvme_request layout differs from this kernel's: outcomes from the block layer from now on\n");
	schedule_work(attach_block_work);
}

/**
 * zns_mirror_read_done() - when and how an attempt ended, from nvme_core's
 * request
 * @req: the request
 * @done: filled
 *
 * Context: Any context up to hard IRQ (the completion probe); lock-free.
 */
void zns_mirror_read_done(struct request *req, struct zns_done *done)
{
	struct zns_nvme_request_head *nreq = zns_nvme_req(req);

	done->now_ns = ktime_get_ns();
	done->has_wait = false;
	done->status = READ_ONCE(nreq->status) & ZNS_NVME_STATUS_MASK;
	done->result = le64_to_cpu(READ_ONCE(nreq->result.u64));
}

/**
 * zns_mirror_block_done() - when and how an attempt ended, from
 * block_rq_complete
 * @req: the request
 * @error: its blk_status_t
 * @done: filled: a failure as ZNS_STATUS_BLOCK + its blk_status_t, and where
 *   a block-layer zone append landed (nvme_core has moved the request's
 *   sector there), as an LBA like nvme's result
 *
 * Context: Any context up to hard IRQ (the block layer's completion probe);
 * lock-free.
 */
void zns_mirror_block_done(struct request *req, ZNS_BLK_STATUS_ARG error,
			   struct zns_done *done)
{
	done->now_ns = ktime_get_ns();
	done->has_wait = false;
	done->status = error ? ZNS_STATUS_BLOCK + zns_blk_status_code(error) : 0;
	done->result = 0;
	if (!error && req_op(req) == REQ_OP_ZONE_APPEND)
		done->result = blk_rq_pos(req) >>
			(ilog2(queue_logical_block_size(req->q)) - SECTOR_SHIFT);
}

/**
 * zns_mirror_status_decoding() - where outcomes come from, for "status"
 * Context: Any context; lock-free.
 * Return: "on", "block", "disabled" or "unchecked".
 */
const char *zns_mirror_status_decoding(void)
{
	switch (READ_ONCE(zns_outcome_source)) {
	case ZNS_OUTCOME_NVME:
		return "on";
	case ZNS_OUTCOME_BLOCK:
		return "block";
	case ZNS_OUTCOME_BAD:
		return "disabled";
	default:
		return "unchecked";
	}
}
