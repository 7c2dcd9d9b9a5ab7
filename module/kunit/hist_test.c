// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the latency buckets (hist.h): every latency falls in the
 * bucket whose bounds the "latency" and "queue_wait" files print, buckets
 * follow one another with no gap, and none is wider than a 16th of its
 * lower bound (exact below 32 ns), up to the last, open one.
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

static struct kunit_case hist_cases[] = {
	KUNIT_CASE(bucket_bounds),
	KUNIT_CASE(bucket_edges),
	KUNIT_CASE(every_latency),
	{}
};

static struct kunit_suite hist_suite = {
	.name = "zns_stat_hist",
	.test_cases = hist_cases,
};

kunit_test_suite(hist_suite);
