// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the cgroup table (cgroups.c): a full table answers
 * "other" for a cgroup without an entry without walking its slots, while
 * every cgroup with an entry is still found in it; commands count once,
 * in their cgroup's entry or in "other". cgroups.c is compiled into this
 * test module (its lookup is static); alloc.c comes with reset_log_test.c.
 */
#include "../cgroups.c"

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/prandom.h>

#define UNKNOWN_IDS	20000

/* A table of slots entries, as a namespace's setup or a clear makes it. */
static struct zone_table *test_table(struct kunit *test, u32 slots)
{
	struct zone_table *tbl = kunit_kzalloc(test, sizeof(*tbl), GFP_KERNEL);
	unsigned int saved = READ_ONCE(cgroup_slots);
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, tbl);
	WRITE_ONCE(cgroup_slots, slots);
	ret = zns_cgroups_alloc(tbl);
	WRITE_ONCE(cgroup_slots, saved);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, tbl->cgroups->slots, slots);
	return tbl;
}

/*
 * Ids as cgroup2 gives them (inode numbers: small, mostly consecutive),
 * then random ones: the first slots ids, from base, then the rest.
 */
static u64 test_id(struct rnd_state *rnd, u64 base, u32 i, u32 consecutive)
{
	if (i < consecutive)
		return base + i;
	return ((u64)prandom_u32_state(rnd) << 32 | prandom_u32_state(rnd)) | 1;
}

static void full_table(struct kunit *test, u32 slots)
{
	struct zone_table *tbl = test_table(test, slots);
	struct cgroup_table *cgt = tbl->cgroups;
	u32 i, e, looked, walked = 0, looked_all = 0;
	struct rnd_state rnd;
	u64 *ids, id;

	ids = kunit_kcalloc(test, slots, sizeof(*ids), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ids);
	prandom_seed_state(&rnd, 44 + slots);
	/* fill it: each new id claims an entry of its own */
	for (i = 0; i < slots; i++) {
		ids[i] = test_id(&rnd, 23, i, slots / 2 + 1);
		looked = 0;
		e = cgroup_lookup(cgt, ids[i], &looked);
		KUNIT_ASSERT_GE(test, e, CG_FIRST);
		KUNIT_ASSERT_LT(test, e, CG_FIRST + slots);
		KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&cgt->ids[e]), ids[i]);
		KUNIT_EXPECT_GE(test, looked, 1);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&cgt->claimed), slots);
	/* every claimed id is still found, in its entry */
	for (i = 0; i < slots; i++) {
		looked = 0;
		e = cgroup_lookup(cgt, ids[i], &looked);
		KUNIT_ASSERT_GE(test, e, CG_FIRST);
		KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&cgt->ids[e]), ids[i]);
		KUNIT_EXPECT_LE(test, looked, slots);
	}
	/*
	 * Unknown ids: "other", and (but for the Bloom filter's rare false
	 * positives) not one slot looked at. The old lookup walked all
	 * slots for each.
	 */
	for (i = 0; i < UNKNOWN_IDS; i++) {
		id = test_id(&rnd, 23 + slots, i, UNKNOWN_IDS / 2);
		looked = 0;
		KUNIT_EXPECT_EQ(test, cgroup_lookup(cgt, id, &looked), CG_OTHER);
		walked += looked > 0;
		looked_all += looked;
	}
	kunit_info(test, "%u slots: %u of %u unknown ids walked, %u slots looked at",
		   slots, walked, UNKNOWN_IDS, looked_all);
	/* at most 1 in 1,000 (measured: 1 in 8,000 or fewer) */
	KUNIT_EXPECT_LE(test, walked, UNKNOWN_IDS / 1000);
	KUNIT_EXPECT_LE(test, looked_all, walked * slots);
	KUNIT_EXPECT_EQ(test, atomic_read(&cgt->claimed), slots);
	/* and a claimed id is still found after all that */
	KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&cgt->ids[cgroup_entry(cgt, ids[0])]),
			ids[0]);
	zns_cgroups_free(tbl);
}

static void full_table_1(struct kunit *test)
{
	full_table(test, 1);
}

static void full_table_32(struct kunit *test)
{
	full_table(test, 32);
}

static void full_table_1024(struct kunit *test)
{
	full_table(test, CGROUP_SLOTS_MAX);
}

/* Until the last entry is claimed, a new cgroup claims a free one. */
static void claims_until_full(struct kunit *test)
{
	struct zone_table *tbl = test_table(test, 3);
	struct cgroup_table *cgt = tbl->cgroups;
	u32 looked = 0;

	/* ids whose hashes may collide: each still gets an entry */
	KUNIT_EXPECT_GE(test, cgroup_entry(cgt, 100), CG_FIRST);
	KUNIT_EXPECT_GE(test, cgroup_entry(cgt, 101), CG_FIRST);
	KUNIT_EXPECT_EQ(test, cgroup_entry(cgt, 0), CG_UNATTRIBUTED);
	KUNIT_EXPECT_EQ(test, atomic_read(&cgt->claimed), 2);
	KUNIT_EXPECT_GE(test, cgroup_lookup(cgt, 102, &looked), CG_FIRST);
	KUNIT_EXPECT_EQ(test, atomic_read(&cgt->claimed), 3);
	KUNIT_EXPECT_NE(test, cgroup_entry(cgt, 100), cgroup_entry(cgt, 101));
	KUNIT_EXPECT_NE(test, cgroup_entry(cgt, 101), cgroup_entry(cgt, 102));
	KUNIT_EXPECT_NE(test, cgroup_entry(cgt, 100), cgroup_entry(cgt, 102));
	KUNIT_EXPECT_EQ(test, cgroup_entry(cgt, 103), CG_OTHER);
	KUNIT_EXPECT_EQ(test, atomic_read(&cgt->claimed), 3);
	zns_cgroups_free(tbl);
}

static void account(struct zone_table *tbl, u64 cgroup, unsigned int opi,
		    u32 sectors, u16 status, u32 *owner)
{
	struct zns_cmd zc = { .cgroup = cgroup, .nr_sectors = sectors };

	*owner = zns_cgroups_account(tbl, &zc, opi, status, 1000);
}

/* One slot (t36's cgroup_slots=1): the second cgroup counts in "other". */
static void counts_exact_when_full(struct kunit *test)
{
	struct zone_table *tbl = test_table(test, 1);
	struct cgroup_table *cgt = tbl->cgroups;
	struct cgroup_op *w;
	u32 owner, i;

	for (i = 0; i < 3; i++) {
		account(tbl, 23, ZNS_OPI_WRITE, 8, 0, &owner);
		KUNIT_EXPECT_EQ(test, owner, ZNS_OWNER_FIRST + CG_FIRST);
		account(tbl, 43, ZNS_OPI_WRITE, 16, 0, &owner);
		KUNIT_EXPECT_EQ(test, owner, ZNS_OWNER_FIRST + CG_OTHER);
	}
	account(tbl, 43, ZNS_OPI_WRITE, 16, 0x4002, &owner);
	KUNIT_EXPECT_EQ(test, owner, 0);
	account(tbl, 0, ZNS_OPI_RESET, 0, 0, &owner);
	KUNIT_EXPECT_EQ(test, owner, 0);
	KUNIT_EXPECT_EQ(test, zns_cgroups_owner_id(tbl, ZNS_OWNER_FIRST + CG_FIRST), 23);
	w = &cgt->entry[CG_FIRST].op[ZNS_OPI_WRITE];
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->commands), 3);
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->sectors), 24);
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->lat_sum_ns), 3000);
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->errors), 0);
	w = &cgt->entry[CG_OTHER].op[ZNS_OPI_WRITE];
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->commands), 3);
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->sectors), 48);
	KUNIT_EXPECT_EQ(test, atomic64_read(&w->errors), 1);
	KUNIT_EXPECT_EQ(test,
			atomic64_read(&cgt->entry[CG_UNATTRIBUTED].op[ZNS_OPI_RESET].commands),
			1);
	zns_cgroups_free(tbl);
}

/* Two CPUs looking up the same new ids at once, in one table. */
#define RACE_SLOTS	16
#define RACE_IDS	(3 * RACE_SLOTS)

struct racer {
	struct cgroup_table *cgt;
	atomic_t *go;
	struct completion done;
	u32 entry[RACE_IDS];
};

static int race(void *arg)
{
	struct racer *r = arg;
	u32 i;

	atomic_inc(r->go);
	while (atomic_read(r->go) < 2)
		cpu_relax();
	for (i = 0; i < RACE_IDS; i++)
		r->entry[i] = cgroup_entry(r->cgt, 1000 + i);
	complete(&r->done);
	return 0;
}

/*
 * Both see one entry per id (a claim lost to the other CPU for the same id
 * finds it), or both "other": never an entry for one and "other" for the
 * other, which a reader missing a claimed id's bits would give.
 */
static void claims_race(struct kunit *test)
{
	struct racer *r = kunit_kcalloc(test, 2, sizeof(*r), GFP_KERNEL);
	struct task_struct *t;
	atomic_t go;
	u32 round, i, j, claimed;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, r);
	for (round = 0; round < 200; round++) {
		struct zone_table *tbl = test_table(test, RACE_SLOTS);

		atomic_set(&go, 0);
		for (j = 0; j < 2; j++) {
			r[j].cgt = tbl->cgroups;
			r[j].go = &go;
			init_completion(&r[j].done);
			t = kthread_run(race, &r[j], "zns_cg_race%u", j);
			if (IS_ERR(t)) {
				atomic_inc(&go);	/* the other one runs alone */
				complete(&r[j].done);
			}
			KUNIT_EXPECT_FALSE(test, IS_ERR(t));
		}
		for (j = 0; j < 2; j++)
			wait_for_completion(&r[j].done);
		KUNIT_ASSERT_EQ(test, atomic_read(&go), 2);
		claimed = 0;
		for (i = 0; i < RACE_IDS; i++) {
			KUNIT_ASSERT_EQ_MSG(test, r[0].entry[i], r[1].entry[i],
					    "round %u id %u", round, 1000 + i);
			KUNIT_ASSERT_EQ(test, cgroup_entry(tbl->cgroups, 1000 + i),
					r[0].entry[i]);
			claimed += r[0].entry[i] != CG_OTHER;
		}
		KUNIT_EXPECT_EQ(test, claimed, RACE_SLOTS);
		KUNIT_EXPECT_EQ(test, atomic_read(&tbl->cgroups->claimed), RACE_SLOTS);
		zns_cgroups_free(tbl);
	}
}

/* Each (cgroup, operation) in one cache line, no cgroup's line shared. */
static void layout(struct kunit *test)
{
	struct zone_table *tbl = test_table(test, 5);
	struct cgroup_table *cgt = tbl->cgroups;
	unsigned long first, last;
	u32 e, opi;

	for (e = 0; e < CG_FIRST + 5; e++)
		for (opi = 0; opi < ZNS_NR_OPS; opi++) {
			first = (unsigned long)&cgt->entry[e].op[opi];
			last = first + sizeof(struct cgroup_op) - 1;
			KUNIT_EXPECT_EQ(test, first / SMP_CACHE_BYTES,
					last / SMP_CACHE_BYTES);
		}
	KUNIT_EXPECT_EQ(test, (unsigned long)cgt->entry % SMP_CACHE_BYTES, 0);
	KUNIT_EXPECT_EQ(test, sizeof(struct cgroup_stat) % SMP_CACHE_BYTES, 0);
	/* the ids and the filter lie inside the allocation, after the entries */
	KUNIT_EXPECT_PTR_EQ(test, (void *)cgt->ids, (void *)&cgt->entry[CG_FIRST + 5]);
	KUNIT_EXPECT_LE(test, (unsigned long)&cgt->bloom[cgt->bloom_mask + 1] -
			(unsigned long)cgt, cgroups_size(5));
	KUNIT_EXPECT_EQ(test, cgt->bloom_mask + 1, 16);
	zns_cgroups_free(tbl);
}

static struct kunit_case cgroups_cases[] = {
	KUNIT_CASE(full_table_1),
	KUNIT_CASE(full_table_32),
	KUNIT_CASE(full_table_1024),
	KUNIT_CASE(claims_until_full),
	KUNIT_CASE(counts_exact_when_full),
	KUNIT_CASE(claims_race),
	KUNIT_CASE(layout),
	{}
};

static struct kunit_suite cgroups_suite = {
	.name = "zns_stat_cgroups",
	.test_cases = cgroups_cases,
};

kunit_test_suite(cgroups_suite);
