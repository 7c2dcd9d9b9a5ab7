/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NVMe Flexible Data Placement (TP4146, NVMe 2.0): what the device answers,
 * decoded from the raw bytes of its data buffers. Pure functions of the
 * bytes (the unit tests hand-build them); nvme_passthru.c reads them.
 */
#ifndef ZNS_STAT_FDP_LOG_H
#define ZNS_STAT_FDP_LOG_H

#include <stddef.h>
#include <stdint.h>

/* Sizes of the fixed parts (bytes). */
#define FDP_ID_NS_LEN		4096
#define FDP_CONFIGS_HDR		16	/* log 20h: NUMFDPC, VER, LSZE */
#define FDP_USAGE_HDR		8	/* log 21h: NRUH */
#define FDP_USAGE_DESC		8
#define FDP_STATS_LEN		64	/* log 22h: HBMW, MBMW, MBE, reserved */
#define FDP_EVENTS_HDR		64	/* log 23h: NEVENTS */
#define FDP_EVENT_LEN		64
#define FDP_EVENTS_MAX		63	/* a log of 4 KiB, as nvme-cli reads it */
#define FDP_EVENTS_LEN		(FDP_EVENTS_HDR + FDP_EVENTS_MAX * FDP_EVENT_LEN)
#define FDP_RUHS_HDR		16	/* I/O Management Receive MO 1: NRUHSD */
#define FDP_RUHS_DESC		32

/* Identify Namespace (CNS 0): what placement needs of it. */
struct fdp_ns_id {
	uint16_t endgid;	/* bytes 103:102; 0: no endurance group */
	uint32_t lba_size;	/* 2^LBADS of the format FLBAS selects */
};

/* One FDP configuration descriptor of log 20h. */
struct fdp_config {
	int valid;		/* FDPA bit 7 */
	int rgif;		/* FDPA bits 3:0: reclaim group bits of a placement ID */
	uint32_t nrg;		/* reclaim groups */
	uint16_t nruh;		/* reclaim unit handles */
	uint16_t maxpids;	/* 0's based */
	uint32_t nnss;
	uint64_t runs;		/* reclaim unit size, bytes */
	uint32_t erutl;		/* estimated reclaim unit time limit, s (0: none) */
};

/* A 128-bit little-endian counter of log 22h, as its low 64 bits. */
struct fdp_u128 {
	uint64_t lo;
	int high;		/* the upper 64 bits are not 0: lo is not the value */
};

struct fdp_stats {
	struct fdp_u128 hbmw, mbmw, mbe;
};

/* Log 23h: one event; flags FDPEF. */
#define FDP_EF_PIV	0x1	/* placement identifier valid */
#define FDP_EF_NSIDV	0x2	/* namespace identifier valid */
#define FDP_EF_LV	0x4	/* location (RGID, RUHID) valid */

struct fdp_event {
	uint8_t type;
	uint8_t flags;
	uint16_t pid;
	uint64_t ts_ms;		/* the timestamp's 48 bits of milliseconds */
	uint8_t ts_origin;	/* its attributes' bits 3:1: 1 = set by the host */
	uint32_t nsid;
	uint16_t rgid;
	uint8_t ruhid;
	int host;		/* from the host events (LSP bit 0), else the controller's */
	uint8_t raw[FDP_EVENT_LEN];	/* to tell one event from another */
};

/* I/O Management Receive MO 1: one reclaim unit handle status descriptor. */
struct fdp_ruhs {
	uint16_t pid;
	uint16_t ruhid;
	uint32_t earutr;	/* estimated active RU time remaining, s */
	uint64_t ruamw;		/* reclaim unit available media writes, blocks */
};

/* Reclaim unit handle attributes of log 21h. */
enum { FDP_RUHA_UNUSED, FDP_RUHA_HOST, FDP_RUHA_CONTROLLER };

/*
 * Each returns 0, or -1 when len is too short for what the bytes say they
 * hold (a descriptor cut off). Counts beyond a buffer are not read past it.
 */
int fdp_parse_id_ns(const uint8_t *b, size_t len, struct fdp_ns_id *id);
/* The log's size (LSZE) from its header; 0 when len is too short. */
uint32_t fdp_configs_size(const uint8_t *b, size_t len);
/* Configuration index of log 20h (the FDP feature's FDPCIDX). */
int fdp_parse_config(const uint8_t *b, size_t len, int index,
		     struct fdp_config *c);
/* Handles NRUH of log 21h from its header. */
uint16_t fdp_usage_count(const uint8_t *b, size_t len);
/* ruha[i] for each of the n handles the buffer holds (at most max). */
int fdp_parse_usage(const uint8_t *b, size_t len, uint8_t *ruha, int max,
		    int *n);
int fdp_parse_stats(const uint8_t *b, size_t len, struct fdp_stats *s);
/*
 * The events of log 23h into ev (at most max), oldest first as the log
 * holds them; *n the number decoded, *nevents what the header says.
 */
int fdp_parse_events(const uint8_t *b, size_t len, int host,
		     struct fdp_event *ev, int max, int *n, uint32_t *nevents);
/* NRUHSD from the status header. */
uint16_t fdp_ruhs_count(const uint8_t *b, size_t len);
int fdp_parse_ruhs(const uint8_t *b, size_t len, struct fdp_ruhs *d, int max,
		   int *n);

/* Names: "reclaim unit not fully written", "host specified"... */
const char *fdp_event_name(uint8_t type);
/* The same as a key: "ru_not_fully_written"; NULL for a type without a name. */
const char *fdp_event_key(uint8_t type);
const char *fdp_ruha_name(uint8_t ruha);

#endif
