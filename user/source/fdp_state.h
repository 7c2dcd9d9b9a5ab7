/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A namespace's Flexible Data Placement state as the device reports it at
 * one moment: its placement handles' status, the endurance group's
 * statistics and events. Read through nvme_passthru.c, decoded by fdp_log.c.
 */
#ifndef ZNS_STAT_FDP_STATE_H
#define ZNS_STAT_FDP_STATE_H

#include <stddef.h>

#include "source/fdp_log.h"

struct fdp_state {
	char disk[64];
	uint32_t nsid;
	uint16_t endgid;
	uint32_t lba_size;
	int config_index;		/* the FDP feature's FDPCIDX */
	int have_config;		/* log 20h had that descriptor */
	struct fdp_config config;
	uint8_t *ruha;			/* log 21h: the attribute of each handle */
	int nr_ruha;
	struct fdp_ruhs *ruhs;		/* the namespace's placement IDs */
	int nr_ruhs;
	struct fdp_stats stats;		/* log 22h */
	struct fdp_event *events;	/* log 23h: the controller's, then the host's */
	int nr_events;
	int nr_host_events;		/* of them, from the host events */
	double epoch, mono;		/* when read (after the last command) */
};

/*
 * The state of namespace disk; 0, or -1 with err one line: the device's
 * (no such block device, not an NVMe namespace, needs root), "FDP is not
 * enabled on this namespace's endurance group", or a command's status.
 */
int fdp_state_read(const char *disk, struct fdp_state *s, char *err,
		   size_t errlen);
void fdp_state_free(struct fdp_state *s);

#endif
