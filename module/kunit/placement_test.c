// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the pure parts of Flexible Data Placement (module/placement.h):
 * the placement a command names, a reclaim unit handle status, the row.
 */
#include <kunit/test.h>

#include "../placement.h"

static struct nvme_command write_cmd(u8 opcode, u16 control, u32 dsmgmt)
{
	struct nvme_command cmd = {};

	cmd.rw.opcode = opcode;
	cmd.rw.control = cpu_to_le16(control);
	cmd.rw.dsmgmt = cpu_to_le32(dsmgmt);
	return cmd;
}

/* As nvme-cli's "write -T 2 -S 3" traces: ctrl=0x20, dsmgmt=196608. */
static void placement_of_a_write(struct kunit *test)
{
	struct nvme_command cmd = write_cmd(nvme_cmd_write, 0x20, 3 << 16);
	u16 pid = 0xffff;

	KUNIT_EXPECT_TRUE(test, zns_placement_of(&cmd, &pid));
	KUNIT_EXPECT_EQ(test, pid, 3);
	/* FUA and other control bits beside the directive type */
	cmd = write_cmd(nvme_cmd_write, NVME_RW_FUA | 0x20, 0x7f0000 | 0x1234);
	KUNIT_EXPECT_TRUE(test, zns_placement_of(&cmd, &pid));
	KUNIT_EXPECT_EQ(test, pid, 0x7f);
	/* streams (type 1), none, a read with the same bits: no placement */
	cmd = write_cmd(nvme_cmd_write, 0x10, 3 << 16);
	KUNIT_EXPECT_FALSE(test, zns_placement_of(&cmd, &pid));
	cmd = write_cmd(nvme_cmd_write, 0, 0);
	KUNIT_EXPECT_FALSE(test, zns_placement_of(&cmd, &pid));
	cmd = write_cmd(nvme_cmd_read, 0x20, 3 << 16);
	KUNIT_EXPECT_FALSE(test, zns_placement_of(&cmd, &pid));
}

static void ruhs_parsed(struct kunit *test)
{
	u8 buf[ZNS_RUHS_HEADER + 3 * ZNS_RUHS_DESC] = {};
	u16 pids[4], ruhids[4];
	int i;

	buf[14] = 3;
	for (i = 0; i < 3; i++) {
		buf[ZNS_RUHS_HEADER + i * ZNS_RUHS_DESC] = i;		/* PID */
		buf[ZNS_RUHS_HEADER + i * ZNS_RUHS_DESC + 2] = i + 1;	/* RUHID */
		buf[ZNS_RUHS_HEADER + i * ZNS_RUHS_DESC + 3] = i ? 0 : 1;
	}
	KUNIT_EXPECT_EQ(test, zns_ruhs_parse(buf, sizeof(buf), pids, ruhids, 4), 3);
	KUNIT_EXPECT_EQ(test, pids[2], 2);
	KUNIT_EXPECT_EQ(test, ruhids[0], 0x101);
	KUNIT_EXPECT_EQ(test, ruhids[2], 3);
	/* more descriptors than room, than bytes; no header */
	KUNIT_EXPECT_EQ(test, zns_ruhs_parse(buf, sizeof(buf), pids, ruhids, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, zns_ruhs_parse(buf, sizeof(buf) - 1, pids, ruhids, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, zns_ruhs_parse(buf, 15, pids, ruhids, 4), -EINVAL);
	buf[14] = 0;
	KUNIT_EXPECT_EQ(test, zns_ruhs_parse(buf, ZNS_RUHS_HEADER, pids, ruhids, 4), 0);
}

static void rows(struct kunit *test)
{
	const u16 plain[] = { 0, 1, 2, 3 }, groups[] = { 0x100, 0x101, 7 };

	KUNIT_EXPECT_EQ(test, zns_placement_row(plain, 4, true, 2), 2);
	KUNIT_EXPECT_EQ(test, zns_placement_row(plain, 4, false, 2), 4);	/* none */
	KUNIT_EXPECT_EQ(test, zns_placement_row(plain, 4, true, 9), 5);	/* not listed */
	KUNIT_EXPECT_EQ(test, zns_placement_row(groups, 3, true, 0x101), 1);
	KUNIT_EXPECT_EQ(test, zns_placement_row(groups, 3, true, 7), 2);
	KUNIT_EXPECT_EQ(test, zns_placement_row(groups, 3, true, 1), 4);
	KUNIT_EXPECT_EQ(test, zns_placement_row(groups, 0, true, 0), 1);
}

/*
 * A command keeps its placement above ZNS_PLACEMENT_SHIFT and its own low
 * bits below, never running into the next row; at completion the code
 * becomes the table's row.
 */
static void sectors_carry_the_placement(struct kunit *test)
{
	struct zns_placement_ids ids = { .nr = 3, .pid = { 4, 0, 9 } };
	u64 top = BIT_ULL(ZNS_PLACEMENT_SHIFT);
	u64 s;

	s = zns_placement_sector(9, 4096, 8);
	KUNIT_EXPECT_EQ(test, s, 9 * top + 4096);
	KUNIT_EXPECT_EQ(test, zns_placement_row_sector(&ids, s), 2 * top + 4096);
	s = zns_placement_sector(0, top + 24, 8);	/* high bits dropped */
	KUNIT_EXPECT_EQ(test, zns_placement_row_sector(&ids, s), 1 * top + 24);
	s = zns_placement_sector(ZNS_PLACEMENT_NONE_CODE, 16, 8);
	KUNIT_EXPECT_EQ(test, zns_placement_row_sector(&ids, s), 3 * top + 16);
	s = zns_placement_sector(5, 16, 8);	/* not listed */
	KUNIT_EXPECT_EQ(test, zns_placement_row_sector(&ids, s), 4 * top + 16);
	/* a range that would reach the next row starts at the row's start */
	KUNIT_EXPECT_EQ(test, zns_placement_sector(4, top - 4, 8), 4 * top);
	KUNIT_EXPECT_EQ(test, zns_placement_sector(4, top - 8, 8), 5 * top - 8);
	/* a sector no probe makes: outside every table */
	s = (ZNS_PLACEMENT_NONE_CODE + 1ULL) * top;
	KUNIT_EXPECT_EQ(test, zns_placement_row_sector(&ids, s), U64_MAX);
}

static struct kunit_case placement_cases[] = {
	KUNIT_CASE(placement_of_a_write),
	KUNIT_CASE(ruhs_parsed),
	KUNIT_CASE(rows),
	KUNIT_CASE(sectors_carry_the_placement),
	{}
};

static struct kunit_suite placement_suite = {
	.name = "zns_stat_placement",
	.test_cases = placement_cases,
};

kunit_test_suite(placement_suite);
