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
 *
 * Each probe first tries the request's in-flight slot alone (found by tag
 * set and tag): it names the disk and zone table of the tag's last command,
 * trusted while zns_retire_seq has not moved. Every page touched costs
 * (under QEMU TCG most of all), and this path skips the disk's hash
 * lookup, the namespace and the tag set. Anything else, a disk seen for the
 * first time, a geometry change, a stale slot, takes the full path.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/nvme.h>

#include "compat.h"
#include "internal.h"

/*
 * Set once the setup probe saw a write that names a placement (directive
 * type 2) on a conventional disk: from then on the probes look conventional
 * disks up too, since placement namespaces are found by their first such
 * write. Until then a conventional disk's command costs them one test.
 */
static bool placement_seen;

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
	zc->sector = 0;
	zc->nr_sectors = 0;
	zc->select_all = 0;
	zc->ended = 0;
	zc->report = 0;
	zc->counting = 0;

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
	case nvme_cmd_zone_mgmt_recv:	/* read by life_seed.c, not counted */
		zc->op = ZNS_OP_IGNORED;
		zc->report = cmd->zmr.zra == NVME_ZRA_ZONE_REPORT;
		zc->sector = lba_to_sector(cmd->zmr.slba, lba_shift);
		return;
	default:
		zc->op = ZNS_OP_IGNORED;
		return;
	}
	zc->sector = lba_to_sector(cmd->rw.slba, lba_shift);
	zc->nr_sectors = ((u32)le16_to_cpu(cmd->rw.length) + 1) << lba_shift;
}

/*
 * A command of a placement namespace (placement.h): what it names, kept in
 * its sector until its table places it at completion. It has reads, writes
 * and write zeroes; nothing else is counted.
 */
static void decode_placement(const struct nvme_command *cmd,
			     struct zns_cmd *zc)
{
	u16 pid;
	u32 code = zns_placement_of(cmd, &pid) ? pid : ZNS_PLACEMENT_NONE_CODE;

	if (zc->op != ZNS_OP_READ && zc->op != ZNS_OP_WRITE &&
	    zc->op != ZNS_OP_WRITE_ZEROES) {
		zc->op = ZNS_OP_IGNORED;
		zc->select_all = 0;
		zc->report = 0;
		return;
	}
	zc->sector = zns_placement_sector(code, zc->sector, zc->nr_sectors);
}

/*
 * Does the setup probe look at a conventional disk's command? Its own
 * first write naming a placement, or any command once the disk is tracked
 * (or left out). Before any such write was seen, one test; after, a hash
 * lookup for the other conventional disks.
 */
static bool placement_disk(const struct nvme_command *cmd,
			   struct gendisk *gendisk, bool *placed)
{
	u16 pid;
	bool known;

	*placed = zns_placement_of(cmd, &pid);
	if (*placed) {
		if (!READ_ONCE(placement_seen))
			WRITE_ONCE(placement_seen, true);
		return true;
	}
	if (!READ_ONCE(placement_seen))
		return false;
	rcu_read_lock();
	known = zns_disk_lookup(gendisk, gendisk->diskseq);
	rcu_read_unlock();
	return known;
}

/*
 * A request's disk when the completion probes look at it: a zoned
 * namespace's, or a conventional one's once placements were seen; NULL for
 * admin commands.
 */
static struct gendisk *counted_disk(struct request *req)
{
	struct gendisk *gendisk = zns_rq_disk(req);

	if (!gendisk)
		return NULL;
	return blk_queue_is_zoned(req->q) || READ_ONCE(placement_seen) ?
	       gendisk : NULL;
}

/*
 * Outcomes from the block layer: an attempt that ended (nvme_complete_rq)
 * and is set up again was retried, so it failed, with a status only
 * nvme_core saw.
 */
static void count_retried(struct zone_table *tbl, const struct zns_cmd *prev,
			  u64 now_ns)
{
	struct zns_done done = {
		.now_ns = now_ns,
		.status = ZNS_STATUS_RETRIED,
	};

	if (prev->op != ZNS_OP_NONE && prev->op != ZNS_OP_IGNORED)
		zns_zone_table_account(tbl, prev, &done, true);
}

/*
 * The common setup: the slot's last command was this disk's, counted, and
 * the disk still has the zone geometry of the table the slot names, whose
 * LBA size decodes the command. Under RCU; seq is zns_retire_seq, read
 * before anything the slot trusts.
 */
static __always_inline bool setup_from_slot(struct request *req,
					    const struct nvme_command *cmd,
					    struct gendisk *gendisk, u32 seq,
					    struct zns_cmd *zc)
{
	struct zns_cmd *slot = inflight_find(req);
	struct zone_table *tbl;

	if (!slot || slot->disk != gendisk || slot->retire_seq != seq ||
	    slot->op != ZNS_OP_NONE || !slot->counting)
		return false;
	tbl = slot->tbl;
	if (unlikely(!zns_table_matches(tbl, req)))
		return false;
	decode_command(cmd, tbl->lba_shift, zc);
	if (unlikely(tbl->kind == ZNS_KIND_PLACEMENT))
		decode_placement(cmd, zc);
	zc->tbl = tbl;
	zc->disk = gendisk;
	zc->retire_seq = seq;
	zc->table_gen = tbl->gen;
	zc->counting = 1;
	*slot = *zc;
	return true;
}

/**
 * zns_probe_setup() - nvme_setup_cmd's probe: decode a command and stamp its
 * start
 * @data: the registration's data, unused (NULL)
 * @req: the request
 * @cmd: the command nvme_core has just built (again on every retry)
 *
 * The command goes to the request's in-flight slot. A disk not tracked yet,
 * or whose geometry changed, is queued for the worker, unless its last setup
 * found no memory and it is backing off: then its commands are dropped (and
 * counted so) without waiting in early.c. One set up after a zone geometry
 * change carries the next table generation: counted in the new table once
 * published, dropped by the old one. A conventional disk is looked at once
 * a write naming a placement was seen, and tracked from its own first one.
 *
 * Context: Any context up to hard IRQ: a tracepoint probe, preemption
 * disabled (up to 6.x) or preemptible under SRCU (7.x), no sleeping, no
 * allocation; takes rcu_read_lock(), and zns_publish_lock (raw, irqsave)
 * only on the slow paths (discovery, early.c).
 */
void zns_probe_setup(void *data, struct request *req, struct nvme_command *cmd)
{
	struct gendisk *gendisk = zns_rq_disk(req);
	bool backing_off = false, zoned, placed = false;
	unsigned int lba_shift, changed;
	struct zone_table *tbl;
	struct zns_disk *zd;
	struct zns_cmd *slot;
	struct zns_cmd zc zns_filled_before_use;	/* filled below */
	u32 seq;

	if (!gendisk)
		return;
	zoned = blk_queue_is_zoned(req->q);
	if (unlikely(!zoned) && !placement_disk(cmd, gendisk, &placed))
		return;

	zns_mirror_check(req, cmd);
	zc.cgroup = zns_request_cgroup(req);
	zc.start_ns = ktime_get_ns();

	rcu_read_lock();
	/* before the table: pairs with zns_retire_seq_bump() */
	seq = smp_load_acquire(&zns_retire_seq);
	if (likely(setup_from_slot(req, cmd, gendisk, seq, &zc)))
		goto unlock;
	lba_shift = ilog2(queue_logical_block_size(req->q)) - SECTOR_SHIFT;
	decode_command(cmd, lba_shift, &zc);
	if (unlikely(!zoned))
		decode_placement(cmd, &zc);
	zd = zns_disk_lookup(gendisk, gendisk->diskseq);
	/* left out by "devices", or conventional: no placement (yet) */
	if (unlikely(zd ? !zd->ns : !zoned && !placed))
		goto unlock;
	changed = zd ? zns_disk_geometry_changed(zd, req) : ZNS_GEO_ZONES;
	if (unlikely(changed)) {
		backing_off = zns_setup_backing_off(gendisk, gendisk->diskseq);
		if (!backing_off)
			zns_disk_discover(req, le32_to_cpu(cmd->common.nsid));
	}
	slot = zd ? inflight_slot(zd->inflight, req) : NULL;
	if (likely(slot)) {
		tbl = rcu_dereference(zd->ns->zones);
		if (unlikely(slot->ended))
			count_retried(tbl, slot, zc.start_ns);
		zc.table_gen = zns_disk_table_gen(zd, tbl, req, changed);
		zc.tbl = tbl;
		zc.disk = gendisk;
		zc.retire_seq = seq;
		zc.counting = READ_ONCE(zd->ns->counting);
		if (unlikely(!zc.counting)) {	/* "devices" */
			zc.op = ZNS_OP_IGNORED;
			zc.report = 0;
		}
		*slot = zc;
	} else if (zc.op != ZNS_OP_IGNORED && !backing_off) {
		zc.table_gen = 0;
		zns_early_setup(req, &zc);
	}
unlock:
	rcu_read_unlock();
}

/*
 * The tracked disk of a request and its in-flight slot; no slot for a disk
 * that "devices" left out. Under RCU.
 */
static struct zns_cmd *request_slot(struct request *req,
				    struct gendisk *gendisk,
				    struct zns_disk **zd)
{
	*zd = zns_disk_lookup(gendisk, gendisk->diskseq);
	return *zd && (*zd)->ns ? inflight_slot((*zd)->inflight, req) : NULL;
}

/* A block-layer request's operation, as decode_command() names it. */
static u8 request_op(const struct request *req)
{
	switch (req_op(req)) {
	case REQ_OP_READ:
		return ZNS_OP_READ;
	case REQ_OP_WRITE:
		return ZNS_OP_WRITE;
	case REQ_OP_ZONE_APPEND:
		return ZNS_OP_APPEND;
	case REQ_OP_WRITE_ZEROES:
		return ZNS_OP_WRITE_ZEROES;
	case REQ_OP_ZONE_RESET:
	case REQ_OP_ZONE_RESET_ALL:
		return ZNS_OP_RESET;
	case REQ_OP_ZONE_FINISH:
		return ZNS_OP_FINISH;
	case REQ_OP_ZONE_OPEN:
		return ZNS_OP_OPEN;
	case REQ_OP_ZONE_CLOSE:
		return ZNS_OP_CLOSE;
	default:
		return ZNS_OP_IGNORED;
	}
}

/*
 * The command of a request whose setup was not seen. nvme_host_path_error()
 * completes requests that were never set up (a controller that is not live),
 * and their PDU still holds an earlier request's NVMe command: a passthrough
 * request's own was copied in when it was built, and a block-layer request
 * says itself what it does and where.
 */
static void request_command(struct request *req, struct zns_cmd *zc)
{
	struct nvme_command none = {};	/* a block request's: no placement */
	unsigned int lba_shift;

	zc->cgroup = zns_request_cgroup(req);
	if (blk_rq_is_passthrough(req)) {
		lba_shift = ilog2(queue_logical_block_size(req->q)) -
			    SECTOR_SHIFT;
		decode_command(zns_nvme_req(req)->cmd, lba_shift, zc);
		if (!blk_queue_is_zoned(req->q))
			decode_placement(zns_nvme_req(req)->cmd, zc);
		return;
	}
	zc->op = request_op(req);
	zc->select_all = req_op(req) == REQ_OP_ZONE_RESET_ALL;
	zc->ended = 0;
	zc->report = 0;
	zc->sector = blk_rq_pos(req);
	zc->nr_sectors = blk_rq_sectors(req);
	if (!blk_queue_is_zoned(req->q))
		decode_placement(&none, zc);
}

/*
 * Was this slot set up for this request? A request set up and then failed
 * before it was sent (nvme_prep_rq()) leaves its slot behind, which must
 * not be charged with a later request of that tag that had no setup. A
 * block-layer request's position is the SLBA its command carries; a zone
 * append's is its zone's start until nvme_end_req_zoned() moves it to
 * where the data landed, which block_rq_complete sees: any position in
 * the slot's zone is its own (zones are a power of 2 of sectors). A
 * placement namespace's slot keeps its position below its placement.
 */
static bool slot_of_request(const struct zns_cmd *slot, struct request *req)
{
	if (slot->op == ZNS_OP_NONE)
		return false;
	if (slot->op == ZNS_OP_IGNORED || blk_rq_is_passthrough(req))
		return true;
	if (slot->op == ZNS_OP_APPEND)
		return blk_rq_pos(req) - slot->sector <
		       req->q->limits.chunk_sectors;
	if (likely(slot->sector == blk_rq_pos(req)))
		return true;
	return !blk_queue_is_zoned(req->q) &&
	       zns_placement_sector(slot->sector >> ZNS_PLACEMENT_SHIFT,
				    blk_rq_pos(req), slot->nr_sectors) ==
	       slot->sector;
}

/*
 * A completion that matched no setup. A failure counts as an error of the
 * zone its request names (host path errors: never set up, never sent);
 * anything else is dropped, if it would have counted. done is NULL when
 * nvme_core's request cannot be read.
 */
static void count_unmatched(struct request *req, struct zns_disk *zd,
			    const struct zns_done *done)
{
	struct zns_cmd zc;

	if (mirror_outcome_source() != ZNS_OUTCOME_NVME) {
		/*
		 * nvme_core's request cannot be read: a block-layer request
		 * says what it is (a flush is not counted, nor dropped); a
		 * passthrough one cannot tell: it counts as dropped.
		 */
		if (!blk_rq_is_passthrough(req) &&
		    request_op(req) == ZNS_OP_IGNORED)
			return;
		done = NULL;
		zc.op = ZNS_OP_NONE;
	} else {
		request_command(req, &zc);
		if (zc.op == ZNS_OP_IGNORED)
			return;
	}
	if (!zd) {
		/* a conventional disk's: only a write naming a placement */
		if (blk_queue_is_zoned(req->q) ||
		    (zc.op == ZNS_OP_WRITE && zc.sector >> ZNS_PLACEMENT_SHIFT !=
		     ZNS_PLACEMENT_NONE_CODE))
			zns_early_count_dropped();
	} else if (zd->ns && READ_ONCE(zd->ns->counting)) {
		if (done && done->status) {
			zc.start_ns = done->now_ns;	/* latency unknown: 0 */
			zns_zone_table_account(rcu_dereference(zd->ns->zones), &zc,
					       done, false);
		} else {
			zns_zone_table_dropped(zd->ns);
		}
	}
}

/*
 * nvme_complete_rq when nvme_core's request cannot be read: with the block
 * layer's probe attached the attempt is marked over and its outcome comes
 * from block_rq_complete (or from its retry's setup); without, it is
 * dropped rather than counted as a success.
 */
static void attempt_ended(struct request *req, struct gendisk *gendisk,
			  bool from_block)
{
	struct zns_disk *zd;
	struct zns_cmd *slot;

	rcu_read_lock();
	slot = request_slot(req, gendisk, &zd);
	if (slot && slot_of_request(slot, req)) {
		if (from_block) {
			slot->ended = 1;
		} else {
			if (slot->op != ZNS_OP_IGNORED)
				zns_zone_table_dropped(zd->ns);
			slot->op = ZNS_OP_NONE;
		}
	} else if (!zns_early_ended(req, from_block)) {
		if (slot)
			slot->op = ZNS_OP_NONE;	/* another request's, stale */
		count_unmatched(req, zd, NULL);
	}
	rcu_read_unlock();
}

/*
 * How long a block-layer request waited before its setup: from its first
 * bio's submission, where the block layer (from 6.9 zns_probe_bio_queue())
 * stamped it (the wait in a zone write plug, 6.10+, comes before any
 * request exists), else from the request's allocation (stamped only when
 * something needs the time: I/O statistics, a scheduler). Passthrough commands are left out, and so
 * are retried ones: before this attempt's setup lie their earlier
 * attempts. nvme_core's request is readable (outcomes from it).
 */
static void queue_wait(struct request *req, const struct zns_cmd *zc,
		       struct zns_done *done)
{
	u64 from = req->start_time_ns;
	u64 issue = req->bio ? zns_bio_issue_ns(req->bio) : 0;
	u64 since;

	if (issue) {	/* 51 bits of ktime_get_ns(): waits below 13 days */
		since = (zc->start_ns - issue) & ZNS_BIO_ISSUE_TIME_MASK;
		if (since < BIT_ULL(50))
			from = zc->start_ns - since;
	}
	done->has_wait = from && !blk_rq_is_passthrough(req) &&
			 !READ_ONCE(zns_nvme_req(req)->retries);
	done->wait_ns = zc->start_ns > from ? zc->start_ns - from : 0;
}

/**
 * zns_probe_bio_queue() - block_bio_queue's probe: stamp a zoned disk's bio
 * @data: the registration's data, unused (NULL)
 * @bio: the bio submitted
 *
 * Attached from 6.9 only (compat.h, ZNS_STAMPS_BIOS): a bio's submission
 * stamp, where earlier kernels take it, for the queue wait. Every zoned
 * disk's bio: a multipath head's bios go on to a path's queue.
 *
 * Context: Wherever bios are submitted; a tracepoint probe: lock-free, no
 * sleeping, no allocation.
 */
void zns_probe_bio_queue(void *data, struct bio *bio)
{
	if (bdev_is_zoned(bio->bi_bdev))
		zns_bio_stamp(bio, ktime_get_ns());
}

/* A zone report seeds the zones zns_stat does not know (life_seed.c). */
static void report_done(struct zone_table *tbl, struct request *req,
			const struct zns_cmd *zc)
{
	if (zc->table_gen == tbl->gen)
		zns_life_report(tbl, req, zc);
}

/*
 * The common completion: the slot was set up for this request, and what it
 * names is still there. Under RCU.
 */
static __always_inline bool done_from_slot(struct request *req,
					   struct gendisk *gendisk,
					   struct zns_done *done)
{
	struct zns_cmd *slot;
	struct zns_cmd zc zns_filled_before_use;	/* a copy of the slot */
	u32 seq;

	/* before trusting the slot's table: pairs with zns_retire_seq_bump() */
	seq = smp_load_acquire(&zns_retire_seq);
	slot = inflight_find(req);
	if (!slot || slot->disk != gendisk || slot->retire_seq != seq ||
	    !slot_of_request(slot, req))
		return false;
	zc = *slot;
	slot->op = ZNS_OP_NONE;
	if (likely(zc.op != ZNS_OP_IGNORED)) {
		queue_wait(req, &zc, done);
		zns_zone_table_account(zc.tbl, &zc, done, true);
	} else if (zc.report && !done->status) {
		report_done(zc.tbl, req, &zc);
	}
	return true;
}

/**
 * zns_probe_done() - nvme_complete_rq's probe: count an attempt by its
 * outcome
 * @data: the registration's data, unused (NULL)
 * @req: the request
 *
 * Once per attempt, on the normal and the batched completion path; the
 * outcome is read from nvme_core's request (mirror.c), unless it comes from
 * the block layer.
 *
 * Context: Any context up to hard IRQ: a tracepoint probe, preemption
 * disabled (up to 6.x) or preemptible under SRCU (7.x), no sleeping, no
 * allocation; takes rcu_read_lock(), and zns_publish_lock (raw, irqsave)
 * only while early.c holds commands.
 */
void zns_probe_done(void *data, struct request *req)
{
	int source = mirror_outcome_source();
	struct gendisk *gendisk;
	struct zns_disk *zd;
	struct zns_cmd *slot;
	struct zns_done done zns_filled_before_use;	/* zns_mirror_read_done() */
	struct zns_cmd zc zns_filled_before_use;	/* a copy of the slot */

	gendisk = counted_disk(req);
	if (!gendisk)
		return;
	if (unlikely(source >= ZNS_OUTCOME_BAD)) {
		attempt_ended(req, gendisk, source == ZNS_OUTCOME_BLOCK);
		return;
	}

	zns_mirror_read_done(req, &done);

	rcu_read_lock();
	if (likely(done_from_slot(req, gendisk, &done)))
		goto unlock;
	slot = request_slot(req, gendisk, &zd);
	if (likely(slot && slot_of_request(slot, req))) {
		zc = *slot;
		slot->op = ZNS_OP_NONE;
		if (likely(zc.op != ZNS_OP_IGNORED)) {
			queue_wait(req, &zc, &done);
			zns_zone_table_account(rcu_dereference(zd->ns->zones), &zc,
					       &done, true);
		} else if (zc.report && !done.status) {
			report_done(rcu_dereference(zd->ns->zones), req, &zc);
		}
	} else if (!zns_early_done(req, &done, false)) {
		if (slot)
			slot->op = ZNS_OP_NONE;	/* another request's, stale */
		count_unmatched(req, zd, &done);
	}
unlock:
	rcu_read_unlock();
}

/**
 * zns_probe_block_done() - block_rq_complete's probe: the outcome from the
 * block layer
 * @data: the registration's data, unused (NULL)
 * @req: the request
 * @error: its blk_status_t
 * @nr_bytes: unused
 *
 * Attached only while outcomes come from the block layer: it fires for every
 * block device, once per request, after nvme_complete_rq. An attempt that
 * never reached the device (no nvme_complete_rq) is not counted, as with
 * nvme_core's outcomes. A data request that ends without its bios was failed
 * over by multipath to another path: this attempt failed.
 *
 * Context: Any context up to hard IRQ: a tracepoint probe, preemption
 * disabled (up to 6.x) or preemptible under SRCU (7.x), no sleeping, no
 * allocation; takes rcu_read_lock(), and zns_publish_lock (raw, irqsave)
 * only while early.c holds commands.
 */
void zns_probe_block_done(void *data, struct request *req,
			  ZNS_BLK_STATUS_ARG error, unsigned int nr_bytes)
{
	struct gendisk *gendisk;
	struct zns_disk *zd;
	struct zns_cmd *slot;
	struct zns_done done;
	struct zns_cmd zc;

	gendisk = counted_disk(req);
	if (!gendisk || mirror_outcome_source() != ZNS_OUTCOME_BLOCK)
		return;

	zns_mirror_block_done(req, error, &done);
	if (!done.status && !req->bio && !blk_rq_is_passthrough(req))
		done.status = ZNS_STATUS_RETRIED;

	rcu_read_lock();
	slot = request_slot(req, gendisk, &zd);
	if (slot && slot_of_request(slot, req)) {
		zc = *slot;
		slot->op = ZNS_OP_NONE;
		slot->ended = 0;
		if (zc.ended && zc.op != ZNS_OP_IGNORED)
			zns_zone_table_account(rcu_dereference(zd->ns->zones), &zc,
					       &done, true);
	} else {
		zns_early_done(req, &done, true);
	}
	rcu_read_unlock();
}
