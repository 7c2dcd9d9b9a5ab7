// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the reset log (reset_log.c): writers that meet in one
 * slot when the ring wraps, interleaved step by step, and the "resets"
 * file read in pieces while the ring moves. reset_log.c and alloc.c are
 * compiled into this test module.
 */
#include "../alloc.c"	/* first: their pr_fmt */
#include "../reset_log.c"

#include <kunit/test.h>

/* A namespace whose table holds only a reset log of size events. */
static struct zns_ns *test_ns(struct kunit *test, u32 size)
{
	struct zns_ns *ns = kunit_kzalloc(test, sizeof(*ns), GFP_KERNEL);
	struct zone_table *tbl = kunit_kzalloc(test, sizeof(*tbl), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ns);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, tbl);
	tbl->reset_log.events = kunit_kcalloc(test, size, sizeof(struct reset_event),
					      GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, tbl->reset_log.events);
	tbl->reset_log.size = size;
	RCU_INIT_POINTER(ns->zones, tbl);
	return ns;
}

static struct reset_log *log_of(struct zns_ns *ns)
{
	return &rcu_dereference_protected(ns->zones, true)->reset_log;
}

/* What debugfs.c's "resets" gives the reader: select-all resets logged. */
static void test_catch_up(struct zone_table *tbl)
{
	zns_life_catch_up(tbl, false);
}

/* A reader of "resets" on ns, as seq_read() drives one. */
struct test_reader {
	struct seq_file m;
	struct resets_reader r;
	char buf[4096];
	loff_t pos;
};

static struct test_reader *new_reader(struct kunit *test, struct zns_ns *ns)
{
	struct test_reader *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	t->r.ns = ns;
	t->r.catch_up = test_catch_up;
	t->m.private = &t->r;
	t->m.buf = t->buf;
	t->m.size = sizeof(t->buf);
	return t;
}

/*
 * One read() of at most max records (a buffer that fills): start, show and
 * next, then stop. Returns the records shown.
 */
static int read_some(struct test_reader *t, int max)
{
	void *v;
	int n = 0;

	v = resets_start(&t->m, &t->pos);
	while (v && n < max) {
		resets_show(&t->m, v);
		n++;
		v = resets_next(&t->m, v, &t->pos);
	}
	resets_stop(&t->m, v);
	return n;
}

/* The seq column of every event line read so far, as "1 2 3". */
static const char *seqs_read(struct kunit *test, struct test_reader *t)
{
	char *out = kunit_kzalloc(test, 256, GFP_KERNEL);
	const char *line = t->buf;
	size_t len = 0;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, out);
	while (line < t->buf + t->m.count) {
		if (*line != '#')
			len += scnprintf(out + len, 256 - len, "%s%.*s",
					 len ? " " : "", (int)strcspn(line, " "),
					 line);
		line = strchrnul(line, '\n') + 1;
	}
	return out;
}

static void add(struct zns_ns *ns, u32 zone)
{
	zns_reset_log_add(log_of(ns), zone, 1000, 0, 8);
}

/*
 * Review finding 9: when the ring wraps, two writers meet in one slot. The
 * later one finds it claimed and gives its event up (counted lost); the
 * reader shows neither a claimed slot nor one holding an older event.
 */
static void writers_meet_in_a_slot(struct kunit *test)
{
	struct zns_ns *ns = test_ns(test, 2);
	struct reset_log *log = log_of(ns);
	struct test_reader *t;
	struct reset_event *ev;
	u64 first;

	first = atomic64_inc_return(&log->head);	/* writer A, slot 0 */
	ev = claim_slot(log, first);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	add(ns, 2);					/* seq 2, slot 1 */
	add(ns, 3);					/* seq 3, slot 0: A's */
	KUNIT_EXPECT_EQ(test, atomic64_read(&log->lost), 1);
	t = new_reader(test, ns);
	read_some(t, 100);
	KUNIT_EXPECT_STREQ(test, seqs_read(test, t), "2");
	fill_event(ev, 1, 1000, 0, 8, ktime_get_real_ns());	/* A ends, late */
	publish_event(ev, first);
	t = new_reader(test, ns);
	read_some(t, 100);
	KUNIT_EXPECT_STREQ(test, seqs_read(test, t), "2");
	add(ns, 4);					/* slot 1 */
	add(ns, 5);					/* slot 0 again */
	t = new_reader(test, ns);
	read_some(t, 100);
	KUNIT_EXPECT_STREQ(test, seqs_read(test, t), "4 5");
	KUNIT_EXPECT_EQ(test, atomic64_read(&log->lost), 1);
}

/* A slot holding a newer event is not written over by an older one. */
static void older_writer_gives_up(struct kunit *test)
{
	struct zns_ns *ns = test_ns(test, 2);
	struct reset_log *log = log_of(ns);
	struct test_reader *t;
	u64 late = atomic64_inc_return(&log->head);	/* seq 1, stalls */

	add(ns, 2);
	add(ns, 3);					/* slot 0 */
	KUNIT_EXPECT_NULL(test, claim_slot(log, late));
	KUNIT_EXPECT_EQ(test, atomic64_read(&log->lost), 1);
	t = new_reader(test, ns);
	read_some(t, 100);
	KUNIT_EXPECT_STREQ(test, seqs_read(test, t), "2 3");
}

/*
 * Review finding 6: "resets" is read in pieces, a few events a read(), the
 * RCU read lock held for one piece only. Events logged while it is read
 * are not shown (it ends at the head seen at the header), and events
 * overwritten between pieces are skipped: the seq column shows the gap.
 */
static void read_in_pieces(struct kunit *test)
{
	struct zns_ns *ns = test_ns(test, 4);
	struct test_reader *t;
	int i;

	for (i = 0; i < 6; i++)
		add(ns, i);				/* 3 4 5 6 kept */
	t = new_reader(test, ns);
	KUNIT_EXPECT_EQ(test, read_some(t, 2), 2);	/* header, 3 */
	KUNIT_EXPECT_EQ(test, read_some(t, 1), 1);	/* 4 */
	for (i = 0; i < 4; i++)
		add(ns, i);				/* 7 .. 10 */
	KUNIT_EXPECT_EQ(test, read_some(t, 100), 0);	/* 5, 6 gone; ends at 6 */
	KUNIT_EXPECT_STREQ(test, seqs_read(test, t), "3 4");
	KUNIT_EXPECT_EQ(test, strncmp(t->buf, "# seq ", 6), 0);

	t = new_reader(test, ns);
	KUNIT_EXPECT_EQ(test, read_some(t, 2), 2);	/* header, 7 */
	add(ns, 0);
	add(ns, 0);					/* 7, 8 overwritten */
	KUNIT_EXPECT_EQ(test, read_some(t, 100), 2);	/* 9, 10 */
	KUNIT_EXPECT_STREQ(test, seqs_read(test, t), "7 9 10");
}

static struct kunit_case reset_log_cases[] = {
	KUNIT_CASE(writers_meet_in_a_slot),
	KUNIT_CASE(older_writer_gives_up),
	KUNIT_CASE(read_in_pieces),
	{}
};

static struct kunit_suite reset_log_suite = {
	.name = "zns_stat_reset_log",
	.test_cases = reset_log_cases,
};

kunit_test_suite(reset_log_suite);
