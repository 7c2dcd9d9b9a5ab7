/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NVMe commands through the kernel's passthrough ioctls on a namespace's
 * block device (what nvme-cli issues): Identify, Get Features, Get Log Page
 * on the admin queue, I/O Management Receive on an I/O queue. Needs root
 * (CAP_SYS_ADMIN). ZNS_STAT_NVME_FIXTURE=DIR answers from DIR/DISK/ files
 * of raw bytes instead (see nvme_passthru.c), for the tool's checks.
 */
#ifndef ZNS_STAT_NVME_PASSTHRU_H
#define ZNS_STAT_NVME_PASSTHRU_H

#include <stddef.h>
#include <stdint.h>

struct nvme_dev {
	int fd;			/* -1 with a fixture */
	char dir[4096];		/* the fixture's DIR/DISK, or "" */
	char disk[64];
	uint32_t nsid;
};

/* NVMe status codes (SCT, SC; without DNR and More) the tool names. */
#define NVME_SC_MASK		0x7ff
#define NVME_SC_INVALID_FIELD	0x002
#define NVME_SC_FDP_DISABLED	0x029

/*
 * Open the namespace DISK (nvme1n1) and ask its NSID. 0; else err says why
 * in a line ("nvme9n9: no such block device", "sda: not an NVMe namespace",
 * "nvme1n1: ... needs root") and -1.
 */
int nvme_dev_open(const char *disk, struct nvme_dev *d, char *err,
		  size_t errlen);
void nvme_dev_close(struct nvme_dev *d);

/*
 * Each: 0, the command's NVMe status (> 0, as the kernel returns it: with
 * DNR 0x4000), or -errno when the ioctl failed.
 */
int nvme_identify_ns(struct nvme_dev *d, void *buf, uint32_t len);
int nvme_get_features(struct nvme_dev *d, uint8_t fid, uint32_t cdw11,
		      uint32_t *result);
/* Log page lid with LSP lsp and LSI lsi (an endurance group), nsid 0. */
int nvme_get_log(struct nvme_dev *d, uint8_t lid, uint8_t lsp, uint16_t lsi,
		 void *buf, uint32_t len);
/* I/O Management Receive (opcode 12h), management operation mo. */
int nvme_io_mgmt_recv(struct nvme_dev *d, uint8_t mo, void *buf, uint32_t len);

#endif
