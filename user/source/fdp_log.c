// SPDX-License-Identifier: GPL-2.0
/*
 * Flexible Data Placement's data buffers, decoded: every field little-endian
 * at its offset of the NVMe 2.0 specification (and TP4146), read byte by
 * byte so that neither alignment nor the host's byte order matters.
 */
#include <string.h>

#include "source/fdp_log.h"

static uint64_t le(const uint8_t *b, int bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | b[bytes];
	return v;
}

int fdp_parse_id_ns(const uint8_t *b, size_t len, struct fdp_ns_id *id)
{
	int flbas, lbads;

	if (len < 384)
		return -1;
	/* FLBAS bits 3:0 and, past 16 formats, bits 6:5 as bits 5:4 */
	flbas = (b[26] & 0xf) | ((b[26] >> 5 & 0x3) << 4);
	if (flbas > 63 || 128 + flbas * 4 + 4 > (int)len)
		return -1;
	lbads = b[128 + flbas * 4 + 2];
	id->endgid = le(b + 102, 2);
	/* below 9 (512 B) the format is not in use */
	id->lba_size = lbads >= 9 && lbads < 32 ? 1u << lbads : 0;
	return id->lba_size ? 0 : -1;
}

uint32_t fdp_configs_size(const uint8_t *b, size_t len)
{
	return len < FDP_CONFIGS_HDR ? 0 : le(b + 4, 4);
}

/*
 * The header: NUMFDPC (0's based) at 0, LSZE at 4; descriptors from 16, each
 * DS bytes long (at 0): FDPA at 2, NRG at 4, NRUH at 8, MAXPIDS at 10, NNSS
 * at 12, RUNS at 16, ERUTL at 24, then the handles' descriptors.
 */
int fdp_parse_config(const uint8_t *b, size_t len, int index,
		     struct fdp_config *c)
{
	size_t at = FDP_CONFIGS_HDR, ds;
	int i;

	if (len < FDP_CONFIGS_HDR || index > (int)le(b, 2))
		return -1;
	for (i = 0; ; i++) {
		if (at + 28 > len)
			return -1;
		ds = le(b + at, 2);
		if (ds < 28)
			return -1;
		if (i == index)
			break;
		at += ds;
	}
	b += at;
	c->valid = !!(b[2] & 0x80);
	c->rgif = b[2] & 0xf;
	c->nrg = le(b + 4, 4);
	c->nruh = le(b + 8, 2);
	c->maxpids = le(b + 10, 2);
	c->nnss = le(b + 12, 4);
	c->runs = le(b + 16, 8);
	c->erutl = le(b + 24, 4);
	return 0;
}

uint16_t fdp_usage_count(const uint8_t *b, size_t len)
{
	return len < FDP_USAGE_HDR ? 0 : le(b, 2);
}

int fdp_parse_usage(const uint8_t *b, size_t len, uint8_t *ruha, int max,
		    int *n)
{
	int nruh = fdp_usage_count(b, len), i;

	*n = 0;
	if (len < FDP_USAGE_HDR)
		return -1;
	for (i = 0; i < nruh && i < max; i++) {
		if (FDP_USAGE_HDR + (size_t)(i + 1) * FDP_USAGE_DESC > len)
			return -1;
		ruha[i] = b[FDP_USAGE_HDR + i * FDP_USAGE_DESC];
	}
	*n = i;
	return 0;
}

static void u128(const uint8_t *b, struct fdp_u128 *v)
{
	v->lo = le(b, 8);
	v->high = !!le(b + 8, 8);
}

int fdp_parse_stats(const uint8_t *b, size_t len, struct fdp_stats *s)
{
	if (len < 48)
		return -1;
	u128(b, &s->hbmw);
	u128(b + 16, &s->mbmw);
	u128(b + 32, &s->mbe);
	return 0;
}

/*
 * An event: FDPET at 0, FDPEF at 1, PID at 2, the timestamp at 4 (48 bits of
 * ms, then its attributes), NSID at 12, type specific 16-31, RGID at 32,
 * RUHID at 34.
 */
int fdp_parse_events(const uint8_t *b, size_t len, int host,
		     struct fdp_event *ev, int max, int *n, uint32_t *nevents)
{
	int i;

	*n = 0;
	*nevents = 0;
	if (len < FDP_EVENTS_HDR)
		return -1;
	*nevents = le(b, 4);
	for (i = 0; i < (int)*nevents && i < max; i++) {
		const uint8_t *e = b + FDP_EVENTS_HDR + (size_t)i * FDP_EVENT_LEN;

		if (FDP_EVENTS_HDR + (size_t)(i + 1) * FDP_EVENT_LEN > len)
			break;	/* more than the buffer: the first ones */
		ev[i].type = e[0];
		ev[i].flags = e[1];
		ev[i].pid = le(e + 2, 2);
		ev[i].ts_ms = le(e + 4, 6);
		ev[i].ts_origin = e[10] >> 1 & 0x7;
		ev[i].nsid = le(e + 12, 4);
		ev[i].rgid = le(e + 32, 2);
		ev[i].ruhid = e[34];
		ev[i].host = host;
		memcpy(ev[i].raw, e, FDP_EVENT_LEN);
	}
	*n = i;
	return 0;
}

uint16_t fdp_ruhs_count(const uint8_t *b, size_t len)
{
	return len < FDP_RUHS_HDR ? 0 : le(b + 14, 2);
}

/* NRUHSD at 14; descriptors from 16: PID 0, RUHID 2, EARUTR 4, RUAMW 8. */
int fdp_parse_ruhs(const uint8_t *b, size_t len, struct fdp_ruhs *d, int max,
		   int *n)
{
	int nd = fdp_ruhs_count(b, len), i;

	*n = 0;
	if (len < FDP_RUHS_HDR)
		return -1;
	for (i = 0; i < nd && i < max; i++) {
		const uint8_t *e = b + FDP_RUHS_HDR + (size_t)i * FDP_RUHS_DESC;

		/* the last one's reserved bytes may be cut (nvme-cli asks so) */
		if (FDP_RUHS_HDR + (size_t)i * FDP_RUHS_DESC + 16 > len)
			return -1;
		d[i].pid = le(e, 2);
		d[i].ruhid = le(e + 2, 2);
		d[i].earutr = le(e + 4, 4);
		d[i].ruamw = le(e + 8, 8);
	}
	*n = i;
	return 0;
}

static const struct {
	uint8_t type;
	const char *name, *key;
} event_types[] = {
	{ 0x00, "reclaim unit not fully written", "ru_not_fully_written" },
	{ 0x01, "reclaim unit time limit exceeded", "ru_time_limit_exceeded" },
	{ 0x02, "controller reset modified handles", "ctrl_reset_modified_ruhs" },
	{ 0x03, "invalid placement identifier", "invalid_placement_id" },
	{ 0x80, "media reallocated", "media_reallocated" },
	{ 0x81, "implicitly modified handle", "implicitly_modified_ruh" },
};

const char *fdp_event_name(uint8_t type)
{
	unsigned int i;

	for (i = 0; i < sizeof(event_types) / sizeof(event_types[0]); i++)
		if (event_types[i].type == type)
			return event_types[i].name;
	return type & 0x80 ? "other controller event" : "other host event";
}

const char *fdp_event_key(uint8_t type)
{
	unsigned int i;

	for (i = 0; i < sizeof(event_types) / sizeof(event_types[0]); i++)
		if (event_types[i].type == type)
			return event_types[i].key;
	return NULL;
}

const char *fdp_ruha_name(uint8_t ruha)
{
	switch (ruha) {
	case FDP_RUHA_UNUSED: return "unused";
	case FDP_RUHA_HOST: return "host specified";
	case FDP_RUHA_CONTROLLER: return "controller specified";
	default: return "reserved";
	}
}
