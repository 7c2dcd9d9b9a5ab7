// SPDX-License-Identifier: GPL-2.0
/*
 * The hot path: the two probes on nvme_core's tracepoints.
 *
 * nvme_setup_cmd fires when a command is built (again on every retry), so it
 * decodes the command and stamps the start time into the request's in-flight
 * slot. nvme_complete_rq fires once per attempt, on the normal and on the
 * batched completion path, so counting happens there, with the status.
 *
 * Both may run in hard interrupt context, with preemption disabled (up to
 * 6.x) or preemptible under SRCU (7.x): no sleeping, no allocation, only
 * atomics and per-CPU increments on the hot path, under their own
 * rcu_read_lock(). The only lock, in early.c, is taken for namespaces that
 * have no zone table yet.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/nvme.h>

#include "compat.h"
#include "internal.h"

enum status_mirror {
	MIRROR_UNCHECKED = 0,
	MIRROR_GOOD,
	MIRROR_BAD,
};

static int status_mirror = MIRROR_UNCHECKED;

/* Runs on every setup: one load and a compare, and sticky once bad. */
static void check_status_mirror(struct request *req, struct nvme_command *cmd)
{
	int state = READ_ONCE(status_mirror);

	if (state == MIRROR_BAD)
		return;
	if (zns_nvme_req(req)->cmd == cmd) {
		if (state == MIRROR_UNCHECKED)
			WRITE_ONCE(status_mirror, MIRROR_GOOD);
		return;
	}
	WRITE_ONCE(status_mirror, MIRROR_BAD);
	pr_warn("nvme_request layout differs from this kernel's: completion status decoding disabled, every command counts as successful\n");
}

/* Status and result of a completing request; 0 when not readable safely. */
static void request_done(struct request *req, struct zns_done *done)
{
	struct zns_nvme_request_head *nreq = zns_nvme_req(req);

	done->now_ns = ktime_get_ns();
	done->status = 0;
	done->result = 0;
	if (READ_ONCE(status_mirror) != MIRROR_GOOD)
		return;
	done->status = READ_ONCE(nreq->status) & ZNS_NVME_STATUS_MASK;
	done->result = le64_to_cpu(READ_ONCE(nreq->result.u64));
}

const char *probe_status_decoding(void)
{
	switch (READ_ONCE(status_mirror)) {
	case MIRROR_GOOD:
		return "on";
	case MIRROR_BAD:
		return "disabled";
	default:
		return "unchecked";
	}
}

static u8 decode_zone_mgmt(const struct nvme_command *cmd)
{
	switch (cmd->zms.zsa) {
	case NVME_ZONE_RESET:
		return ZNS_OP_RESET;
	case NVME_ZONE_FINISH:
		return ZNS_OP_FINISH;
	case NVME_ZONE_OPEN:
		return ZNS_OP_OPEN;
	case NVME_ZONE_CLOSE:
		return ZNS_OP_CLOSE;
	default:	/* offline, set descriptor extension */
		return ZNS_OP_IGNORED;
	}
}

/*
 * An SLBA in 512-byte sectors. One no namespace can hold (it would overflow)
 * becomes U64_MAX, outside every zone table, rather than wrap into a zone.
 */
static u64 lba_to_sector(__le64 slba, unsigned int lba_shift)
{
	u64 lba = le64_to_cpu(slba);

	return lba > (U64_MAX >> lba_shift) ? U64_MAX : lba << lba_shift;
}

/*
 * Decode from the NVMe command itself, so block-layer requests and
 * passthrough (nvme-cli, io_uring on /dev/ng*) look the same. LBAs become
 * 512-byte sectors: lba_shift is log2(LBA size) - 9.
 */
static void decode_command(const struct nvme_command *cmd,
			   unsigned int lba_shift, struct zns_cmd *zc)
{
	zc->nr_sectors = 0;
	zc->select_all = 0;

	switch (cmd->common.opcode) {
	case nvme_cmd_read:
		zc->op = ZNS_OP_READ;
		break;
	case nvme_cmd_write:
		zc->op = ZNS_OP_WRITE;
		break;
	case nvme_cmd_zone_append:
		zc->op = ZNS_OP_APPEND;
		break;
	case nvme_cmd_write_zeroes:
		zc->op = ZNS_OP_WRITE_ZEROES;
		break;
	case nvme_cmd_zone_mgmt_send:
		zc->op = decode_zone_mgmt(cmd);
		zc->select_all = cmd->zms.select_all & 1;
		zc->sector = lba_to_sector(cmd->zms.slba, lba_shift);
		return;
	default:
		zc->op = ZNS_OP_IGNORED;
		return;
	}
	zc->sector = lba_to_sector(cmd->rw.slba, lba_shift);
	zc->nr_sectors = ((u32)le16_to_cpu(cmd->rw.length) + 1) << lba_shift;
}

/* A zoned namespace's request, or NULL for admin and conventional ones. */
static struct gendisk *zoned_disk(struct request *req)
{
	struct gendisk *gendisk = zns_rq_disk(req);

	if (!gendisk || !blk_queue_is_zoned(req->q))
		return NULL;
	return gendisk;
}

/*
 * A disk not tracked yet, or whose geometry changed, is queued for the
 * worker, unless its last setup found no memory and it is backing off: then
 * its commands are dropped (and counted so) without waiting in early.c. One
 * set up after a zone geometry change carries the next table generation:
 * counted in the new table once published, dropped by the old one.
 */
void probe_setup(void *data, struct request *req, struct nvme_command *cmd)
{
	struct gendisk *gendisk = zoned_disk(req);
	unsigned int lba_shift, changed;
	struct zone_table *tbl;
	bool backing_off = false;
	struct zns_disk *zd;
	struct zns_cmd *slot;
	struct zns_cmd zc;

	if (!gendisk)
		return;

	check_status_mirror(req, cmd);
	lba_shift = ilog2(queue_logical_block_size(req->q)) - SECTOR_SHIFT;
	decode_command(cmd, lba_shift, &zc);
	zc.start_ns = ktime_get_ns();

	rcu_read_lock();
	zd = zns_disk_lookup(gendisk, gendisk->diskseq);
	changed = zd ? zns_disk_geometry_changed(zd, req) : ZNS_GEO_ZONES;
	if (unlikely(changed)) {
		backing_off = setup_backing_off(gendisk, gendisk->diskseq);
		if (!backing_off)
			zns_disk_discover(req);
	}
	slot = zd ? inflight_slot(rcu_dereference(zd->inflight), req) : NULL;
	if (likely(slot)) {
		tbl = rcu_dereference(zd->ns->zones);
		zc.table_gen = tbl->gen + !!(changed & ZNS_GEO_ZONES);
		if (unlikely(!READ_ONCE(zd->ns->counting)))	/* "devices" */
			zc.op = ZNS_OP_IGNORED;
		*slot = zc;
	} else if (zc.op != ZNS_OP_IGNORED && !backing_off) {
		zc.table_gen = 0;
		early_setup(req, &zc);
	}
	rcu_read_unlock();
}

/* Would this completion have been counted? Used to tell drops from noise. */
static bool counted_opcode(struct request *req)
{
	struct nvme_command *cmd;
	struct zns_cmd zc;

	if (READ_ONCE(status_mirror) != MIRROR_GOOD)
		return true;	/* cannot tell: count it as dropped */
	cmd = zns_nvme_req(req)->cmd;
	decode_command(cmd, 0, &zc);
	return zc.op != ZNS_OP_IGNORED;
}

void probe_done(void *data, struct request *req)
{
	struct gendisk *gendisk = zoned_disk(req);
	struct zns_disk *zd;
	struct zns_cmd *slot;
	struct zns_done done;
	struct zns_cmd zc;

	if (!gendisk)
		return;

	request_done(req, &done);

	rcu_read_lock();
	zd = zns_disk_lookup(gendisk, gendisk->diskseq);
	slot = zd ? inflight_slot(rcu_dereference(zd->inflight), req) : NULL;
	if (likely(slot && slot->op != ZNS_OP_NONE)) {
		zc = *slot;
		slot->op = ZNS_OP_NONE;
		if (zc.op != ZNS_OP_IGNORED)
			zone_table_account(rcu_dereference(zd->ns->zones), &zc,
					   &done, true);
	} else if (!early_done(req, &done) && counted_opcode(req)) {
		if (!zd)
			early_count_dropped();
		else if (READ_ONCE(zd->ns->counting))
			zone_table_dropped(zd->ns);
	}
	rcu_read_unlock();
}
