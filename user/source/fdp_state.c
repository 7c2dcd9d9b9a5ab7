// SPDX-License-Identifier: GPL-2.0
/*
 * One reading of a namespace's FDP state: Identify Namespace (its endurance
 * group, its LBA size), the FDP feature of that group (enabled, which
 * configuration), logs 20h-23h of the group and the namespace's reclaim
 * unit handle status. Variable-sized answers are read twice, the header
 * first, as nvme-cli does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/util.h"
#include "source/fdp_state.h"
#include "source/nvme_passthru.h"

#define FID_FDP		0x1d
#define LID_CONFIGS	0x20
#define LID_USAGE	0x21
#define LID_STATS	0x22
#define LID_EVENTS	0x23
#define MO_RUH_STATUS	1

static const char not_enabled[] = "FDP is not enabled on this namespace's endurance group";

/* A command that did not succeed, in one line; always -1. */
static int failed(int ret, const char *disk, const char *what, char *err,
		  size_t errlen)
{
	if (ret == -EACCES || ret == -EPERM)
		snprintf(err, errlen, "%s: reading the device's placement logs needs root (%s: %s)",
			 disk, what, strerror(-ret));
	else if (ret < 0)
		snprintf(err, errlen, "%s: %s: %s", disk, what, strerror(-ret));
	else if ((ret & NVME_SC_MASK) == NVME_SC_FDP_DISABLED ||
		 (ret & NVME_SC_MASK) == NVME_SC_INVALID_FIELD)
		snprintf(err, errlen, "%s: %s (%s: NVMe status 0x%x)", disk, not_enabled,
			 what, ret);
	else
		snprintf(err, errlen, "%s: %s failed: NVMe status 0x%x", disk, what, ret);
	return -1;
}

/* A log of the group whose size its header says: read whole into *buf. */
static int read_sized_log(struct nvme_dev *d, uint8_t lid, uint16_t lsi,
			  size_t hdr, size_t (*size)(const uint8_t *b),
			  uint8_t **buf, size_t *len)
{
	uint8_t head[FDP_CONFIGS_HDR] = { 0 };
	int ret = nvme_get_log(d, lid, 0, lsi, head, hdr);

	if (ret)
		return ret;
	*len = (size(head) + 3) & ~(size_t)3;
	if (*len < hdr)
		*len = hdr;
	*buf = calloc(1, *len);
	if (!*buf)
		return -ENOMEM;
	return nvme_get_log(d, lid, 0, lsi, *buf, *len);
}

static size_t configs_len(const uint8_t *b)
{
	size_t n = fdp_configs_size(b, FDP_CONFIGS_HDR);

	/* at most 64 KiB: a log of more is not one this tool can trust */
	return n > 65536 ? 65536 : n;
}

static size_t usage_len(const uint8_t *b)
{
	return FDP_USAGE_HDR + (size_t)fdp_usage_count(b, FDP_USAGE_HDR) * FDP_USAGE_DESC;
}

static int read_config(struct nvme_dev *d, struct fdp_state *s, char *err,
		       size_t errlen)
{
	uint8_t *b = NULL;
	size_t len = 0;
	int ret = read_sized_log(d, LID_CONFIGS, s->endgid, FDP_CONFIGS_HDR,
				 configs_len, &b, &len);

	if (ret) {
		free(b);
		return failed(ret, s->disk, "Get Log Page 20h", err, errlen);
	}
	s->have_config = !fdp_parse_config(b, len, s->config_index, &s->config);
	free(b);
	return 0;
}

static int read_usage(struct nvme_dev *d, struct fdp_state *s, char *err,
		      size_t errlen)
{
	uint8_t *b = NULL;
	size_t len = 0;
	int ret = read_sized_log(d, LID_USAGE, s->endgid, FDP_USAGE_HDR,
				 usage_len, &b, &len);

	if (!ret) {
		int n = fdp_usage_count(b, len);

		s->ruha = calloc(n ? n : 1, 1);
		if (!s->ruha)
			ret = -ENOMEM;
		else if (fdp_parse_usage(b, len, s->ruha, n, &s->nr_ruha))
			ret = -EPROTO;
	}
	free(b);
	return ret ? failed(ret, s->disk, "Get Log Page 21h",
			    err, errlen) : 0;
}

static int read_events(struct nvme_dev *d, struct fdp_state *s, char *err,
		       size_t errlen)
{
	uint8_t *b = malloc(FDP_EVENTS_LEN);
	uint32_t total;
	int host, n, ret = 0;

	s->events = calloc(2 * FDP_EVENTS_MAX, sizeof(*s->events));
	if (!b || !s->events) {
		free(b);
		return failed(-ENOMEM, s->disk, "events", err, errlen);
	}
	for (host = 0; host < 2 && !ret; host++) {
		ret = nvme_get_log(d, LID_EVENTS, host, s->endgid, b, FDP_EVENTS_LEN);
		if (!ret && fdp_parse_events(b, FDP_EVENTS_LEN, host,
					     s->events + s->nr_events,
					     FDP_EVENTS_MAX, &n, &total))
			ret = -EPROTO;
		if (ret)
			break;
		s->nr_events += n;
		if (host)
			s->nr_host_events = n;
	}
	free(b);
	return ret ? failed(ret, s->disk, host ? "Get Log Page 23h, host events" :
			    "Get Log Page 23h", err, errlen) : 0;
}

static int read_ruhs(struct nvme_dev *d, struct fdp_state *s, char *err,
		     size_t errlen)
{
	uint8_t head[FDP_RUHS_HDR], *b = NULL;
	size_t len;
	int ret = nvme_io_mgmt_recv(d, MO_RUH_STATUS, head, sizeof(head)), n = 0;

	if (!ret) {
		n = fdp_ruhs_count(head, sizeof(head));
		len = FDP_RUHS_HDR + (size_t)n * FDP_RUHS_DESC;
		b = calloc(1, len);
		s->ruhs = calloc(n ? n : 1, sizeof(*s->ruhs));
		if (!b || !s->ruhs)
			ret = -ENOMEM;
		else
			ret = nvme_io_mgmt_recv(d, MO_RUH_STATUS, b, len);
		if (!ret && fdp_parse_ruhs(b, len, s->ruhs, n, &s->nr_ruhs))
			ret = -EPROTO;
	}
	free(b);
	return ret ? failed(ret, s->disk, "I/O Management Receive",
			    err, errlen) : 0;
}

int fdp_state_read(const char *disk, struct fdp_state *s, char *err,
		   size_t errlen)
{
	uint8_t *id = calloc(1, FDP_ID_NS_LEN), st[FDP_STATS_LEN];
	struct fdp_ns_id nid;
	struct nvme_dev d;
	struct timespec ts;
	uint32_t fdp;
	int ret = -1, r;

	memset(s, 0, sizeof(*s));
	snprintf(s->disk, sizeof(s->disk), "%s", disk);
	if (!id) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (nvme_dev_open(disk, &d, err, errlen)) {
		free(id);
		return -1;
	}
	s->nsid = d.nsid;
	r = nvme_identify_ns(&d, id, FDP_ID_NS_LEN);
	if (r) {
		failed(r, disk, "Identify Namespace", err, errlen);
		goto out;
	}
	if (fdp_parse_id_ns(id, FDP_ID_NS_LEN, &nid)) {
		snprintf(err, errlen, "%s: Identify Namespace: no LBA format", disk);
		goto out;
	}
	s->endgid = nid.endgid;
	s->lba_size = nid.lba_size;
	if (!s->endgid) {	/* no endurance group: no FDP */
		snprintf(err, errlen, "%s: %s (the namespace has no endurance group)", disk,
			 not_enabled);
		goto out;
	}
	r = nvme_get_features(&d, FID_FDP, s->endgid, &fdp);
	if (r) {
		failed(r, disk, "Get Features 1Dh", err, errlen);
		goto out;
	}
	if (!(fdp & 1)) {
		snprintf(err, errlen, "%s: %s (FDPE 0)", disk, not_enabled);
		goto out;
	}
	s->config_index = fdp >> 8 & 0xff;
	if (read_config(&d, s, err, errlen) || read_usage(&d, s, err, errlen))
		goto out;
	r = nvme_get_log(&d, LID_STATS, 0, s->endgid, st, sizeof(st));
	if (r || fdp_parse_stats(st, sizeof(st), &s->stats)) {
		failed(r ? r : -EPROTO, disk, "Get Log Page 22h", err, errlen);
		goto out;
	}
	if (read_events(&d, s, err, errlen) || read_ruhs(&d, s, err, errlen))
		goto out;
	clock_gettime(CLOCK_REALTIME, &ts);
	s->epoch = ts.tv_sec + ts.tv_nsec / 1e9;
	s->mono = now_mono();
	ret = 0;
out:
	nvme_dev_close(&d);
	free(id);
	if (ret)
		fdp_state_free(s);
	return ret;
}

void fdp_state_free(struct fdp_state *s)
{
	free(s->ruha);
	free(s->ruhs);
	free(s->events);
	s->ruha = NULL;
	s->ruhs = NULL;
	s->events = NULL;
	s->nr_ruha = s->nr_ruhs = s->nr_events = s->nr_host_events = 0;
}
