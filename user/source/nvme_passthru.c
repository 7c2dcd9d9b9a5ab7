// SPDX-License-Identifier: GPL-2.0
/*
 * NVMe passthrough on a namespace's block device (linux/nvme_ioctl.h), the
 * dwords as nvme-cli 2.3 sends them for the FDP commands. With
 * ZNS_STAT_NVME_FIXTURE=DIR every command reads a file of DIR/DISK instead:
 * nsid (4 bytes), id-ns, features-1d (the result, 4 bytes), log-20,
 * log-21, log-22, log-23 (controller events), log-23-host, ruh-status;
 * each the raw little-endian bytes the device would return. A missing file
 * answers Invalid Field (0x4002), as a controller without the feature; no
 * nsid file: not an NVMe namespace; no DISK directory: no such device.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/nvme_ioctl.h>

#include "source/nvme_passthru.h"

#define NVME_OP_GET_LOG		0x02
#define NVME_OP_IDENTIFY	0x06
#define NVME_OP_GET_FEATURES	0x0a
#define NVME_OP_IO_MGMT_RECV	0x12
#define FIXTURE_INVALID_FIELD	(0x4000 | NVME_SC_INVALID_FIELD)

/* The fixture's file name of the command; its bytes into buf (0-filled). */
static int fixture(struct nvme_dev *d, const char *name, void *buf,
		   uint32_t len)
{
	char path[4200];
	FILE *f;
	size_t got;

	snprintf(path, sizeof(path), "%s/%s", d->dir, name);
	f = fopen(path, "rb");
	if (!f)
		return errno == ENOENT ? FIXTURE_INVALID_FIELD : -errno;
	memset(buf, 0, len);
	got = fread(buf, 1, len, f);
	fclose(f);
	(void)got;
	return 0;
}

static const char *open_why(int e)
{
	return e == EACCES || e == EPERM ? "needs root" : NULL;
}

int nvme_dev_open(const char *disk, struct nvme_dev *d, char *err,
		  size_t errlen)
{
	const char *fx = getenv("ZNS_STAT_NVME_FIXTURE");
	char path[4200];
	uint8_t nsid[4];
	int ret;

	memset(d, 0, sizeof(*d));
	d->fd = -1;
	snprintf(d->disk, sizeof(d->disk), "%s", disk);
	if (fx && *fx) {
		snprintf(d->dir, sizeof(d->dir), "%s/%s", fx, disk);
		if (access(d->dir, F_OK)) {
			snprintf(err, errlen, "%s: no such block device", disk);
			return -1;
		}
		if (fixture(d, "nsid", nsid, sizeof(nsid))) {
			snprintf(err, errlen, "%s: not an NVMe namespace", disk);
			return -1;
		}
		d->nsid = nsid[0] | nsid[1] << 8 | nsid[2] << 16 | (uint32_t)nsid[3] << 24;
		return 0;
	}
	snprintf(path, sizeof(path), "/dev/%s", disk);
	d->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (d->fd < 0) {
		int e = errno;

		if (e == ENOENT || e == ENXIO || e == ENODEV)
			snprintf(err, errlen, "%s: no such block device", disk);
		else if (open_why(e))
			snprintf(err, errlen, "%s: reading the device's placement logs needs root (%s: %s)",
				 disk, path, strerror(e));
		else
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -1;
	}
	ret = ioctl(d->fd, NVME_IOCTL_ID);
	if (ret <= 0) {
		/* ENOTTY: not nvme's ioctl; 0: a controller's device, no namespace */
		snprintf(err, errlen, "%s: not an NVMe namespace", disk);
		nvme_dev_close(d);
		return -1;
	}
	d->nsid = ret;
	return 0;
}

void nvme_dev_close(struct nvme_dev *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

static int passthru(struct nvme_dev *d, unsigned long req,
		    struct nvme_passthru_cmd *c, uint32_t *result)
{
	int ret = ioctl(d->fd, req, c);

	if (ret < 0)
		return -errno;
	if (result)
		*result = c->result;
	return ret;
}

int nvme_identify_ns(struct nvme_dev *d, void *buf, uint32_t len)
{
	struct nvme_passthru_cmd c = {
		.opcode = NVME_OP_IDENTIFY, .nsid = d->nsid,
		.addr = (uintptr_t)buf, .data_len = len, .cdw10 = 0,	/* CNS 0 */
	};

	if (*d->dir)
		return fixture(d, "id-ns", buf, len);
	return passthru(d, NVME_IOCTL_ADMIN_CMD, &c, NULL);
}

int nvme_get_features(struct nvme_dev *d, uint8_t fid, uint32_t cdw11,
		      uint32_t *result)
{
	struct nvme_passthru_cmd c = {
		.opcode = NVME_OP_GET_FEATURES, .cdw10 = fid, .cdw11 = cdw11,
	};
	char name[32];
	uint8_t r[4];
	int ret;

	if (*d->dir) {
		snprintf(name, sizeof(name), "features-%x", fid);
		ret = fixture(d, name, r, sizeof(r));
		*result = r[0] | r[1] << 8 | r[2] << 16 | (uint32_t)r[3] << 24;
		return ret;
	}
	return passthru(d, NVME_IOCTL_ADMIN_CMD, &c, result);
}

/* CDW10: LID, LSP (bits 14:8), NUMDL; CDW11: NUMDU, LSI (bits 31:16). */
int nvme_get_log(struct nvme_dev *d, uint8_t lid, uint8_t lsp, uint16_t lsi,
		 void *buf, uint32_t len)
{
	uint32_t numd = len / 4 - 1;
	struct nvme_passthru_cmd c = {
		.opcode = NVME_OP_GET_LOG, .nsid = 0,
		.addr = (uintptr_t)buf, .data_len = len,
		.cdw10 = lid | (uint32_t)(lsp & 0x7f) << 8 | (numd & 0xffff) << 16,
		.cdw11 = numd >> 16 | (uint32_t)lsi << 16,
	};
	char name[32];

	if (*d->dir) {
		snprintf(name, sizeof(name), "log-%x%s", lid, lsp & 1 ? "-host" : "");
		return fixture(d, name, buf, len);
	}
	return passthru(d, NVME_IOCTL_ADMIN_CMD, &c, NULL);
}

/* CDW10: MO (bits 7:0), MOS 0; CDW11: NUMD, 0's based. */
int nvme_io_mgmt_recv(struct nvme_dev *d, uint8_t mo, void *buf, uint32_t len)
{
	struct nvme_passthru_cmd c = {
		.opcode = NVME_OP_IO_MGMT_RECV, .nsid = d->nsid,
		.addr = (uintptr_t)buf, .data_len = len,
		.cdw10 = mo, .cdw11 = len / 4 - 1,
	};

	if (*d->dir)
		return fixture(d, mo == 1 ? "ruh-status" : "io-mgmt-recv", buf, len);
	return passthru(d, NVME_IOCTL_IO_CMD, &c, NULL);
}
