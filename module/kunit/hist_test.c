// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the histograms' buckets (hist.h). Latency: every latency
 * falls in the bucket whose bounds the "latency" and "queue_wait" files
 * print, buckets follow one another with no gap, and none is wider than a
 * 16th of its lower bound (exact below 32 ns), up to the last, open one.
 * Sizes and alignments: bucket i holds [512 << i, 512 << (i + 1)) bytes,
 * the last one the rest.
 */
#include <kunit/test.h>
#include <linux/prandom.h>

#include "../hist.h"

/* Bounds in order, contiguous, within the promised width; both map back. */
static void bucket_bounds(struct kunit *test)
{
	unsigned int i;
	u64 lo, hi;

	KUNIT_EXPECT_EQ(test, hist_lat_lo(0), 0);
	for (i = 0; i < ZNS_LAT_BUCKETS; i++) {
		lo = hist_lat_lo(i);
		hi = hist_lat_hi(i);
		KUNIT_ASSERT_LE(test, lo, hi);
		KUNIT_EXPECT_EQ(test, hist_lat_bucket(lo), i);
		KUNIT_EXPECT_EQ(test, hist_lat_bucket(hi), i);
		if (i + 1 < ZNS_LAT_BUCKETS)
			KUNIT_EXPECT_EQ(test, hist_lat_lo(i + 1), hi + 1);
		if (lo < 2 * ZNS_LAT_SUB)
			KUNIT_EXPECT_EQ(test, hi, lo);
		else if (i < ZNS_LAT_BUCKETS - 1)
			KUNIT_EXPECT_LE(test, (hi - lo + 1) * ZNS_LAT_SUB, lo);
	}
	KUNIT_EXPECT_EQ(test, hist_lat_hi(ZNS_LAT_BUCKETS - 1), U64_MAX);
}

/* The edges: exact to 31 ns, 2^36 ns and beyond in the last bucket. */
static void bucket_edges(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(0), 0);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(31), 31);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(32), 32);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(33), 32);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(34), 33);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(1000), hist_lat_bucket(999));
	KUNIT_EXPECT_EQ(test, hist_lat_lo(hist_lat_bucket(1024)), 1024);
	KUNIT_EXPECT_EQ(test, hist_lat_hi(hist_lat_bucket(1024)), 1087);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket((1ULL << 36) - 1), ZNS_LAT_BUCKETS - 2);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(1ULL << 36), ZNS_LAT_BUCKETS - 1);
	KUNIT_EXPECT_EQ(test, hist_lat_bucket(U64_MAX), ZNS_LAT_BUCKETS - 1);
}

/* Every latency below 2^20 ns and random ones above: inside, monotone. */
static void every_latency(struct kunit *test)
{
	struct rnd_state rnd;
	unsigned int b, prev = 0, i;
	u64 ns;

	for (ns = 0; ns < (1 << 20); ns++) {
		b = hist_lat_bucket(ns);
		KUNIT_ASSERT_LT(test, b, ZNS_LAT_BUCKETS);
		KUNIT_ASSERT_LE(test, hist_lat_lo(b), ns);
		KUNIT_ASSERT_GE(test, hist_lat_hi(b), ns);
		KUNIT_ASSERT_GE(test, b, prev);
		prev = b;
	}
	prandom_seed_state(&rnd, 25);
	for (i = 0; i < 100000; i++) {
		ns = prandom_u32_state(&rnd) | (u64)prandom_u32_state(&rnd) << 32;
		ns >>= prandom_u32_state(&rnd) % 64;
		b = hist_lat_bucket(ns);
		KUNIT_ASSERT_LT(test, b, ZNS_LAT_BUCKETS);
		KUNIT_ASSERT_LE(test, hist_lat_lo(b), ns);
		KUNIT_ASSERT_GE(test, hist_lat_hi(b), ns);
		KUNIT_ASSERT_LE(test, hist_lat_bucket(ns - !!ns), b);
		KUNIT_ASSERT_GE(test, hist_lat_bucket(ns + (ns != U64_MAX)), b);
	}
}

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
	KUNIT_CASE(bucket_bounds),
	KUNIT_CASE(bucket_edges),
	KUNIT_CASE(every_latency),
	KUNIT_CASE(byte_buckets),
	KUNIT_CASE(alignment),
	{}
};

static struct kunit_suite hist_suite = {
	.name = "zns_stat_hist",
	.test_cases = hist_cases,
};

kunit_test_suite(hist_suite);
