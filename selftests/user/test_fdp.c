// SPDX-License-Identifier: GPL-2.0
/*
 * Flexible Data Placement: the decoders of Identify Namespace, logs 20h-23h
 * and the reclaim unit handle status on hand-built buffers (every field at
 * its offset, 128-bit counters' high halves, an empty event log, the most
 * descriptors), the events an interval adds, and the fixture read whole.
 */
#include "unit.h"

#include "model/placement_model.h"
#include "render/placement_out.h"
#include "source/fdp_log.h"
#include "source/fdp_state.h"

static void put(uint8_t *b, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		b[i] = v >> (8 * i);
}

static void id_ns_fields(void **state)
{
	uint8_t b[FDP_ID_NS_LEN] = { 0 };
	struct fdp_ns_id id;

	(void)state;
	put(b + 102, 0x1234, 2);
	b[26] = 2;			/* format 2 */
	b[128 + 2 * 4 + 2] = 12;
	b[128 + 0 * 4 + 2] = 9;		/* format 0: not the one */
	assert_int_equal(fdp_parse_id_ns(b, sizeof(b), &id), 0);
	assert_int_equal(id.endgid, 0x1234);
	assert_int_equal(id.lba_size, 4096);
	/* format 17: FLBAS bits 3:0 = 1, bits 6:5 = 1 */
	b[26] = 0x21;
	b[128 + 17 * 4 + 2] = 9;
	assert_int_equal(fdp_parse_id_ns(b, sizeof(b), &id), 0);
	assert_int_equal(id.lba_size, 512);
	assert_int_equal(fdp_parse_id_ns(b, 200, &id), -1);
	/* an LBA format of no size */
	b[26] = 3;
	assert_int_equal(fdp_parse_id_ns(b, sizeof(b), &id), -1);
}

static void configs_fields(void **state)
{
	uint8_t b[16 + 0x48 + 0x50] = { 0 }, *d0 = b + 16, *d1 = b + 16 + 0x48;
	struct fdp_config c;

	(void)state;
	put(b, 1, 2);			/* NUMFDPC 1: two configurations */
	put(b + 4, sizeof(b), 4);	/* LSZE */
	put(d0, 0x48, 2);
	d0[2] = 0x80;
	put(d0 + 8, 2, 2);
	put(d1, 0x50, 2);
	d1[2] = 0x83;			/* valid, RGIF 3 */
	put(d1 + 4, 0x01020304, 4);
	put(d1 + 8, 0x0506, 2);
	put(d1 + 10, 0x0708, 2);
	put(d1 + 12, 0x090a0b0c, 4);
	put(d1 + 16, 0x1122334455667788ULL, 8);
	put(d1 + 24, 0xa1b2c3d4, 4);
	assert_int_equal(fdp_configs_size(b, sizeof(b)), sizeof(b));
	assert_int_equal(fdp_configs_size(b, 8), 0);
	assert_int_equal(fdp_parse_config(b, sizeof(b), 0, &c), 0);
	assert_int_equal(c.nruh, 2);
	assert_int_equal(c.valid, 1);
	assert_int_equal(fdp_parse_config(b, sizeof(b), 1, &c), 0);
	assert_int_equal(c.valid, 1);
	assert_int_equal(c.rgif, 3);
	assert_int_equal(c.nrg, 0x01020304);
	assert_int_equal(c.nruh, 0x0506);
	assert_int_equal(c.maxpids, 0x0708);
	assert_int_equal(c.nnss, 0x090a0b0c);
	assert_true(c.runs == 0x1122334455667788ULL);
	assert_int_equal(c.erutl, 0xa1b2c3d4);
	/* no third configuration; the second cut off */
	assert_int_equal(fdp_parse_config(b, sizeof(b), 2, &c), -1);
	assert_int_equal(fdp_parse_config(b, 16 + 0x48 + 20, 1, &c), -1);
}

static void usage_fields(void **state)
{
	uint8_t b[8 + 3 * 8] = { 0 }, ruha[8];
	int n;

	(void)state;
	put(b, 3, 2);
	b[8] = FDP_RUHA_UNUSED;
	b[16] = FDP_RUHA_HOST;
	b[17] = 0xff;			/* reserved: not read */
	b[24] = FDP_RUHA_CONTROLLER;
	assert_int_equal(fdp_usage_count(b, sizeof(b)), 3);
	assert_int_equal(fdp_parse_usage(b, sizeof(b), ruha, 8, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(ruha[0], FDP_RUHA_UNUSED);
	assert_int_equal(ruha[1], FDP_RUHA_HOST);
	assert_int_equal(ruha[2], FDP_RUHA_CONTROLLER);
	assert_string_equal(fdp_ruha_name(ruha[1]), "host specified");
	assert_string_equal(fdp_ruha_name(ruha[2]), "controller specified");
	assert_string_equal(fdp_ruha_name(ruha[0]), "unused");
	/* at most max; a descriptor cut off */
	assert_int_equal(fdp_parse_usage(b, sizeof(b), ruha, 2, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(fdp_parse_usage(b, sizeof(b) - 1, ruha, 8, &n), -1);
}

static void stats_128_bits(void **state)
{
	uint8_t b[FDP_STATS_LEN] = { 0 };
	struct fdp_stats s;

	(void)state;
	put(b, 0x0102030405060708ULL, 8);
	put(b + 16, 0xfffffffffffffffeULL, 8);
	put(b + 24, 1, 8);		/* MBMW past 2^64 */
	put(b + 32, 42, 8);
	b[47] = 0x80;			/* MBE: only the top bit of the high half */
	b[48] = 0xff;			/* reserved */
	assert_int_equal(fdp_parse_stats(b, sizeof(b), &s), 0);
	assert_true(s.hbmw.lo == 0x0102030405060708ULL);
	assert_false(s.hbmw.high);
	assert_true(s.mbmw.lo == 0xfffffffffffffffeULL);
	assert_true(s.mbmw.high);
	assert_int_equal(s.mbe.lo, 42);
	assert_true(s.mbe.high);
	assert_int_equal(fdp_parse_stats(b, 40, &s), -1);
}

static void event_at(uint8_t *e, int i)
{
	e[0] = i & 1 ? 0x81 : 0x00;
	e[1] = FDP_EF_PIV | FDP_EF_NSIDV | FDP_EF_LV;
	put(e + 2, 0xbe00 + i, 2);
	put(e + 4, 0xabcdef012345ULL + i, 6);
	e[10] = 0x2 | 0x1;		/* origin 1 (host), synch */
	e[11] = 0xee;			/* reserved */
	put(e + 12, 0xdead0000 + i, 4);
	memset(e + 16, 0x55, 16);	/* type specific */
	put(e + 32, 0x4300 + i, 2);
	e[34] = i;
	memset(e + 35, 0x77, 29);
}

static void events_fields(void **state)
{
	static uint8_t b[FDP_EVENTS_LEN];
	struct fdp_event ev[FDP_EVENTS_MAX];
	uint32_t total;
	int i, n;

	(void)state;
	/* empty */
	memset(b, 0, sizeof(b));
	assert_int_equal(fdp_parse_events(b, sizeof(b), 1, ev, FDP_EVENTS_MAX, &n, &total), 0);
	assert_int_equal(n, 0);
	assert_int_equal(total, 0);
	/* full: 63 events, and a header that says more than the buffer holds */
	put(b, 70, 4);
	for (i = 0; i < FDP_EVENTS_MAX; i++)
		event_at(b + FDP_EVENTS_HDR + i * FDP_EVENT_LEN, i);
	assert_int_equal(fdp_parse_events(b, sizeof(b), 0, ev, FDP_EVENTS_MAX, &n, &total), 0);
	assert_int_equal(n, FDP_EVENTS_MAX);
	assert_int_equal(total, 70);
	for (i = 0; i < FDP_EVENTS_MAX; i += FDP_EVENTS_MAX - 1) {
		assert_int_equal(ev[i].type, i & 1 ? 0x81 : 0);
		assert_int_equal(ev[i].flags, 7);
		assert_int_equal(ev[i].pid, 0xbe00 + i);
		assert_true(ev[i].ts_ms == 0xabcdef012345ULL + i);
		assert_int_equal(ev[i].ts_origin, 1);
		assert_int_equal(ev[i].nsid, 0xdead0000 + i);
		assert_int_equal(ev[i].rgid, 0x4300 + i);
		assert_int_equal(ev[i].ruhid, i);
		assert_int_equal(ev[i].host, 0);
	}
	assert_string_equal(fdp_event_name(0x00), "reclaim unit not fully written");
	assert_string_equal(fdp_event_name(0x81), "implicitly modified handle");
	assert_string_equal(fdp_event_key(0x03), "invalid_placement_id");
	assert_null(fdp_event_key(0x42));
	/* a buffer of 2 events: the first 2 */
	assert_int_equal(fdp_parse_events(b, FDP_EVENTS_HDR + 2 * FDP_EVENT_LEN + 10, 1, ev,
					  FDP_EVENTS_MAX, &n, &total), 0);
	assert_int_equal(n, 2);
	assert_int_equal(ev[1].host, 1);
	assert_int_equal(fdp_parse_events(b, 10, 0, ev, FDP_EVENTS_MAX, &n, &total), -1);
}

static void ruhs_most_descriptors(void **state)
{
	enum { MAX = 128 };
	static uint8_t b[FDP_RUHS_HDR + MAX * FDP_RUHS_DESC];
	struct fdp_ruhs d[MAX];
	int i, n;

	(void)state;
	memset(b, 0xcc, 14);		/* reserved */
	put(b + 14, MAX, 2);
	for (i = 0; i < MAX; i++) {
		uint8_t *e = b + FDP_RUHS_HDR + i * FDP_RUHS_DESC;

		put(e, i, 2);
		put(e + 2, 1000 + i, 2);
		put(e + 4, 0x10000 + i, 4);
		put(e + 8, 0x8000000000000000ULL + i, 8);
		memset(e + 16, 0xdd, 16);
	}
	assert_int_equal(fdp_ruhs_count(b, sizeof(b)), MAX);
	assert_int_equal(fdp_parse_ruhs(b, sizeof(b), d, MAX, &n), 0);
	assert_int_equal(n, MAX);
	for (i = 0; i < MAX; i += MAX - 1) {
		assert_int_equal(d[i].pid, i);
		assert_int_equal(d[i].ruhid, 1000 + i);
		assert_int_equal(d[i].earutr, 0x10000 + i);
		assert_true(d[i].ruamw == 0x8000000000000000ULL + i);
	}
	/* the last one's reserved bytes cut (as nvme-cli 2.3 asks): fine */
	assert_int_equal(fdp_parse_ruhs(b, sizeof(b) - 16, d, MAX, &n), 0);
	assert_int_equal(n, MAX);
	assert_int_equal(fdp_parse_ruhs(b, sizeof(b) - 17, d, MAX, &n), -1);
	/* none */
	put(b + 14, 0, 2);
	assert_int_equal(fdp_parse_ruhs(b, FDP_RUHS_HDR, d, MAX, &n), 0);
	assert_int_equal(n, 0);
}

static struct fdp_event ev(int tag)
{
	struct fdp_event e = { .type = 0 };

	memset(e.raw, tag, sizeof(e.raw));
	return e;
}

static void events_an_interval_adds(void **state)
{
	struct fdp_event a[3] = { ev(1), ev(2), ev(3) };
	struct fdp_event grown[5] = { ev(1), ev(2), ev(3), ev(4), ev(5) };
	struct fdp_event wrapped[3] = { ev(3), ev(4), ev(5) };
	struct fdp_event other[2] = { ev(7), ev(8) };

	(void)state;
	assert_int_equal(fdp_events_after(a, 3, grown, 5), 2);
	assert_int_equal(fdp_events_after(a, 3, a, 3), 0);
	assert_int_equal(fdp_events_after(a, 3, wrapped, 3), 2);
	assert_int_equal(fdp_events_after(a, 3, other, 2), 2);
	assert_int_equal(fdp_events_after(a, 0, a, 3), 3);
	assert_int_equal(fdp_events_after(a, 3, a, 0), 0);
}

static void delta_and_waf(void **state)
{
	struct fdp_event e[3] = { ev(1), ev(2), ev(3) };
	struct fdp_state a = { .mono = 10 }, b = { .mono = 12 };
	struct fdp_delta d;

	(void)state;
	a.stats.hbmw.lo = 1000;
	a.stats.mbmw.lo = 1500;
	b.stats.hbmw.lo = 5096;
	b.stats.mbmw.lo = 9692;
	a.events = e;
	a.nr_events = 1;		/* one controller event */
	b.events = e;
	b.nr_events = 3;		/* and two host events */
	b.nr_host_events = 2;
	fdp_delta(&a, &b, &d);
	assert_int_equal(d.hbmw, 4096);
	assert_int_equal(d.mbmw, 8192);
	assert_int_equal(d.mbe, 0);
	assert_false(d.fell);
	assert_true(d.secs == 2);
	assert_int_equal(d.new_events[0], 0);
	assert_int_equal(d.new_events[1], 2);
	assert_true(fdp_waf(d.mbmw, d.hbmw) == 2.0);
	assert_true(fdp_waf(5, 0) < 0);
	/* a counter that went down */
	b.stats.mbmw.lo = 1;
	fdp_delta(&a, &b, &d);
	assert_true(d.fell);
}

static void fixture_read_and_json(void **state)
{
	struct placement_host h;
	struct fdp_state s;
	struct sbuf b = { 0 };
	char err[512];

	(void)state;
	placement_host_untracked(&h, "the zns_stat module is not loaded");
	setenv("ZNS_STAT_NVME_FIXTURE", "fixtures/nvme", 1);
	assert_int_equal(fdp_state_read("nvme1n1", &s, err, sizeof(err)), 0);
	assert_int_equal(s.nsid, 1);
	assert_int_equal(s.endgid, 1);
	assert_int_equal(s.lba_size, 4096);
	assert_true(s.have_config);
	assert_int_equal(s.config.nruh, 8);
	assert_true(s.config.runs == 1048576);
	assert_int_equal(s.nr_ruhs, 6);
	assert_int_equal(s.ruhs[5].ruamw, 17);
	assert_int_equal(s.nr_ruha, 8);
	assert_int_equal(s.nr_events, 8);
	assert_int_equal(s.nr_host_events, 7);
	placement_format(&b, &s, &h, FMT_JSON);
	assert_non_null(strstr(b.s, "\"host_bytes_written\": 3186688"));
	assert_non_null(strstr(b.s, "\"media_bytes_written\": 4235264"));
	assert_non_null(strstr(b.s, "\"waf\": 1.329"));
	assert_non_null(strstr(b.s, "\"ruamw_bytes\": 69632"));
	assert_non_null(strstr(b.s, "\"absent_reason\": \"the zns_stat module is not loaded\""));
	assert_non_null(strstr(b.s, "\"host_bytes\": null"));
	sbuf_free(&b);
	fdp_state_free(&s);
	assert_int_equal(fdp_state_read("nvme0n1", &s, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nvme0n1: FDP is not enabled on this namespace's endurance group"));
	assert_int_equal(fdp_state_read("sda", &s, err, sizeof(err)), -1);
	assert_string_equal(err, "sda: not an NVMe namespace");
	assert_int_equal(fdp_state_read("nvme7n7", &s, err, sizeof(err)), -1);
	assert_string_equal(err, "nvme7n7: no such block device");
	unsetenv("ZNS_STAT_NVME_FIXTURE");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(id_ns_fields),
		cmocka_unit_test(configs_fields),
		cmocka_unit_test(usage_fields),
		cmocka_unit_test(stats_128_bits),
		cmocka_unit_test(events_fields),
		cmocka_unit_test(ruhs_most_descriptors),
		cmocka_unit_test(events_an_interval_adds),
		cmocka_unit_test(delta_and_waf),
		cmocka_unit_test(fixture_read_and_json),
	};

	return cmocka_run_group_tests_name("fdp", tests, NULL, NULL);
}
