// SPDX-License-Identifier: GPL-2.0
/*
 * In-flight slots: one per hardware-queue tag of a disk, where the setup
 * probe leaves a decoded command for its completion (blk_mq_unique_tag()
 * picks the slot). vmalloc'ed, replaced (RCU) when the tag set grows.
 */
#include <linux/overflow.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "internal.h"

struct inflight_table *inflight_alloc(u32 nr_hw_queues, u32 depth)
{
	struct inflight_table *inflight;

	inflight = zns_vzalloc(ZNS_ALLOC_INFLIGHT,
			       struct_size(inflight, slots,
					   (size_t)nr_hw_queues * depth));
	if (!inflight)
		return NULL;
	inflight->nr_hw_queues = nr_hw_queues;
	inflight->queue_depth = depth;
	return inflight;
}

void inflight_free(struct inflight_table *inflight)
{
	vfree(inflight);
}

static size_t inflight_slots(const struct inflight_table *inflight)
{
	return (size_t)inflight->nr_hw_queues * inflight->queue_depth;
}

/* As allocated (vmalloc: whole pages), for summary's memory_bytes. */
size_t inflight_bytes(const struct inflight_table *inflight)
{
	return PAGE_ALIGN(struct_size(inflight, slots, inflight_slots(inflight)));
}

/* Every slot free; the probes must be detached. */
void inflight_forget(struct inflight_table *inflight)
{
	memset(inflight->slots, 0,
	       array_size(inflight_slots(inflight), sizeof(*inflight->slots)));
}
