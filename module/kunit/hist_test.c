// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the size and alignment histograms' buckets (hist.h):
 * bucket i holds [512 << i, 512 << (i + 1)) bytes, the last one the rest.
 * (The latency buckets are left to their own tests.)
 */
#include "../hist.h"

#include <kunit/test.h>

static void byte_buckets(struct kunit *test)
{
	unsigned int i;

	KUNIT_EXPECT_EQ(test, hist_byte_bucket(0), 0);
	KUNIT_EXPECT_EQ(test, hist_byte_bucket(1), 0);
	KUNIT_EXPECT_EQ(test, hist_byte_bucket(511), 0);
	for (i = 0; i < ZNS_SIZE_BUCKETS - 1; i++) {
		KUNIT_EXPECT_EQ(test, hist_byte_bucket(512ULL << i), i);
		KUNIT_EXPECT_EQ(test, hist_byte_bucket((1024ULL << i) - 1), i);
	}
	KUNIT_EXPECT_EQ(test, hist_byte_bucket(512ULL << (ZNS_SIZE_BUCKETS - 1)),
			ZNS_SIZE_BUCKETS - 1);
	KUNIT_EXPECT_EQ(test, hist_byte_bucket(U64_MAX), ZNS_SIZE_BUCKETS - 1);
}

/* The largest power of two dividing both the offset and the length. */
static void alignment(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, hist_alignment_bytes(0, 4096), 4096);
	KUNIT_EXPECT_EQ(test, hist_alignment_bytes(4096, 4096), 4096);
	KUNIT_EXPECT_EQ(test, hist_alignment_bytes(8192, 4096), 4096);
	KUNIT_EXPECT_EQ(test, hist_alignment_bytes(1 << 20, 1 << 20), 1 << 20);
	KUNIT_EXPECT_EQ(test, hist_alignment_bytes(512, 1 << 20), 512);
	KUNIT_EXPECT_EQ(test, hist_alignment_bytes(3 * 4096, 8192), 4096);
	/* a 512-byte write at 4 KiB + 512: in the first bucket */
	KUNIT_EXPECT_EQ(test,
			hist_byte_bucket(hist_alignment_bytes(4608, 512)), 0);
}

static struct kunit_case hist_cases[] = {
	KUNIT_CASE(byte_buckets),
	KUNIT_CASE(alignment),
	{}
};

static struct kunit_suite hist_suite = {
	.name = "zns_stat_hist",
	.test_cases = hist_cases,
};

kunit_test_suite(hist_suite);
