// SPDX-License-Identifier: GPL-2.0
/*
 * Who issued each command: the cgroup its bio is charged to, read at setup
 * (blk-cgroup: with cgroup writeback, a buffered write's is the cgroup
 * that dirtied the page, not the flusher's), counted at completion in a
 * bounded table per namespace, and named by path only when "cgroups" is
 * read (a path can change; the id cannot).
 *
 * The table has cgroup_slots entries, claimed with cmpxchg from a hash of
 * the id and never freed while the table lives (a removed cgroup keeps its
 * entry: its counts stay its own, and its zones' owner code stays valid);
 * a cgroup that finds none free counts in "other". Commands with no cgroup
 * (passthrough, which carries no blkg) count in "unattributed".
 *
 * A zone's owner, the cgroup whose data it holds since its last reset (or
 * "mixed"), is an owner code in the zone's lifecycle word (life.h),
 * so that a write and a reset change it in the order they completed.
 */
#include <linux/blk-cgroup.h>
#include <linux/blkdev.h>
#include <linux/cgroup.h>
#include <linux/hash.h>
#include <linux/kstrtox.h>
#include <linux/log2.h>
#include <linux/moduleparam.h>
#include <linux/overflow.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "internal.h"

#define CGROUP_SLOTS_MAX	1024	/* owner codes are 11 bits */

static_assert(ZNS_OWNER_FIRST + CG_FIRST + CGROUP_SLOTS_MAX <= ZNS_OWNER_CODES,
	      "owner codes");

static unsigned int cgroup_slots = 32;

static int cgroup_slots_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n;
	int ret = kstrtouint(val, 0, &n);

	if (ret || n < 1 || n > CGROUP_SLOTS_MAX)
		return -EINVAL;
	WRITE_ONCE(cgroup_slots, n);
	return 0;
}

static const struct kernel_param_ops cgroup_slots_ops = {
	.set = cgroup_slots_set,
	.get = param_get_uint,
};
module_param_cb(cgroup_slots, &cgroup_slots_ops, &cgroup_slots, 0644);
MODULE_PARM_DESC(cgroup_slots,
		 "Cgroups counted apart per namespace in the \"cgroups\" file, then \"other\" (1..1024, default 32); applies to namespaces set up or cleared afterwards");

/**
 * zns_request_cgroup() - the cgroup a request is charged to
 * @req: the request
 *
 * The blkg holds its cgroup while the bio lives.
 *
 * Context: Any context up to hard IRQ (the setup probe); lock-free.
 * Return: the cgroup's id; 0: none (no bio, or a bio with no blkg:
 * passthrough).
 */
u64 zns_request_cgroup(struct request *req)
{
	struct cgroup_subsys_state *css;

	if (!req->bio)
		return 0;
	css = bio_blkcg_css(req->bio);
	return css ? cgroup_id(css->cgroup) : 0;
}

/*
 * Bloom words: at least two per entry (a power of two), so that a full
 * table's unknown cgroup finds its three bits all set by others in at most
 * about 1 case in 8,000 (half an id per word; KUnit's test measures it).
 */
static u32 bloom_words(u32 slots)
{
	return roundup_pow_of_two(2 * slots);
}

static size_t cgroups_size(u32 slots)
{
	return struct_size_t(struct cgroup_table, entry, CG_FIRST + slots) +
	       (CG_FIRST + slots) * sizeof(atomic64_t) +
	       bloom_words(slots) * sizeof(atomic64_t);
}

/**
 * zns_cgroups_alloc() - allocate a new table's cgroup table, of cgroup_slots
 * entries
 * @tbl: the zone table
 *
 * Context: Process context, may sleep; zns_disks_lock held (zone_table.c).
 * Return: 0, or -ENOMEM.
 */
int zns_cgroups_alloc(struct zone_table *tbl)
{
	unsigned int n = READ_ONCE(cgroup_slots);
	struct cgroup_table *cgt;

	cgt = zns_vzalloc(ZNS_ALLOC_ZONES, cgroups_size(n));
	if (!cgt)
		return -ENOMEM;
	cgt->slots = n;
	cgt->ids = (atomic64_t *)&cgt->entry[CG_FIRST + n];
	cgt->bloom = &cgt->ids[CG_FIRST + n];
	cgt->bloom_mask = bloom_words(n) - 1;
	tbl->cgroups = cgt;
	return 0;
}

/**
 * zns_cgroups_free() - free a table's cgroup table
 * @tbl: the zone table, which no probe or reader can see any more
 *
 * Context: Process context, may sleep.
 */
void zns_cgroups_free(struct zone_table *tbl)
{
	vfree(tbl->cgroups);
}

/**
 * zns_cgroups_bytes() - what a table's cgroup table holds in pages, for
 * status
 * @tbl: the zone table
 *
 * Context: Any context.
 * Return: bytes.
 */
size_t zns_cgroups_bytes(const struct zone_table *tbl)
{
	return PAGE_ALIGN(cgroups_size(tbl->cgroups->slots));
}

/*
 * A claimed id's bits: three in one word (one cache line to test), from
 * the low bits of the 32-bit hash; the entry comes from its high bits.
 */
static u64 bloom_bits(u32 h)
{
	return BIT_ULL(h >> 11 & 63) | BIT_ULL(h >> 17 & 63) |
	       BIT_ULL(h >> 23 & 63);
}

static bool bloom_has(struct cgroup_table *cgt, u32 h)
{
	u64 bits = bloom_bits(h);

	return (atomic64_read(&cgt->bloom[h & cgt->bloom_mask]) & bits) == bits;
}

/*
 * The entry of cgroup id, claimed if it has none and one is free; *looked:
 * plus the slots looked at (for KUnit; the compiler drops it here).
 *
 * A full table never frees an entry, so a cgroup whose bits are not all set
 * has none: "other" at once, where walking every slot (up to 1024 cache
 * lines) on each completion was the cost. Bounding the walk instead would
 * send cgroups to "other" while entries are free. A cgroup whose bits
 * others set (see bloom_words()) walks as before.
 *
 * Ordering: a claim sets its id's bits after its cmpxchg and then, behind a
 * full barrier, increments claimed. The increments are read-modify-writes
 * of one another, so a reader that reads claimed == slots (acquire) comes
 * after every claim's bits: a clear bit is never a claimed id. A count, not
 * a flag set by a walk that found no free slot: that would need the bits
 * set before the cmpxchg, and a claim lost on the last free slot would
 * leave its cgroup's bits set and that cgroup walking for good.
 */
static __always_inline u32 cgroup_lookup(struct cgroup_table *cgt, u64 id,
					 u32 *looked)
{
	u32 n = cgt->slots, h, i, at;
	atomic64_t *slot;
	u64 cur;

	if (!id)
		return CG_UNATTRIBUTED;
	h = hash_64(id, 32);
	if (atomic_read_acquire(&cgt->claimed) == n && !bloom_has(cgt, h))
		return CG_OTHER;
	at = reciprocal_scale(h, n);
	for (i = 0; i < n; i++) {
		(*looked)++;
		slot = &cgt->ids[CG_FIRST + at];
		cur = atomic64_read(slot);
		if (cur == id)
			return CG_FIRST + at;
		if (!cur) {
			if (atomic64_try_cmpxchg(slot, &cur, id)) {
				atomic64_or(bloom_bits(h),
					    &cgt->bloom[h & cgt->bloom_mask]);
				/* the bits before the count: see above */
				smp_mb__before_atomic();
				atomic_inc(&cgt->claimed);
				return CG_FIRST + at;
			}
			if (cur == id)	/* another CPU claimed it for id */
				return CG_FIRST + at;
		}
		if (++at == n)
			at = 0;
	}
	return CG_OTHER;
}

static u32 cgroup_entry(struct cgroup_table *cgt, u64 id)
{
	u32 looked = 0;

	return cgroup_lookup(cgt, id, &looked);
}

static bool has_sectors(unsigned int opi)
{
	return opi <= ZNS_OPI_APPEND || opi == ZNS_OPI_WRITE_ZEROES;
}

/**
 * zns_cgroups_account() - count one completed command for its cgroup
 * @tbl: the namespace's table
 * @zc: the command; its cgroup claims an entry if it has none (cmpxchg),
 *   else counts in "other"
 * @opi: its operation (enum zns_op_index)
 * @status: its status, 0 for success
 * @lat_ns: its latency
 *
 * Context: Any context up to hard IRQ (the completion probes; the discovery
 * worker for early.c's commands); lock-free.
 * Return: the owner code a successful write, append or write zeroes gives
 * its zone, 0 otherwise.
 */
u32 zns_cgroups_account(struct zone_table *tbl, const struct zns_cmd *zc,
			unsigned int opi, u16 status, u64 lat_ns)
{
	u32 e = cgroup_entry(tbl->cgroups, zc->cgroup);
	struct cgroup_op *c = &tbl->cgroups->entry[e].op[opi];

	if (status) {
		atomic64_inc(&c->errors);
		return 0;
	}
	atomic64_inc(&c->commands);
	atomic64_add(lat_ns, &c->lat_sum_ns);
	if (!has_sectors(opi))
		return 0;
	atomic64_add(zc->nr_sectors, &c->sectors);
	return opi == ZNS_OPI_READ ? 0 : ZNS_OWNER_FIRST + e;
}

/**
 * zns_cgroups_owner_id() - what "zones" prints as a zone's owner
 * @tbl: the namespace's table
 * @code: the owner code in the zone's lifecycle word (ZNS_OWNER_*)
 *
 * Context: Any context; rcu_read_lock() held (or @tbl otherwise kept alive).
 * Return: the cgroup's id, 0 for none, or one of include/zns_stat.h's
 * ZNS_OWNER_ID_* values.
 */
u64 zns_cgroups_owner_id(struct zone_table *tbl, u32 code)
{
	switch (code) {
	case ZNS_OWNER_NONE:
		return 0;
	case ZNS_OWNER_MIXED:
		return ZNS_OWNER_ID_MIXED;
	case ZNS_OWNER_FIRST + CG_UNATTRIBUTED:
		return ZNS_OWNER_ID_UNATTRIBUTED;
	case ZNS_OWNER_FIRST + CG_OTHER:
		return ZNS_OWNER_ID_OTHER;
	default:
		if (code - ZNS_OWNER_FIRST >= CG_FIRST + tbl->cgroups->slots)
			return ZNS_OWNER_ID_OTHER;	/* cannot be */
		return atomic64_read(&tbl->cgroups->ids[code - ZNS_OWNER_FIRST]);
	}
}

/* One row of "cgroups", copied under RCU, printed after. */
struct cgroup_row {
	u64 id;
	u64 v[ZNS_NR_OPS][4];	/* commands, sectors, lat_sum_ns, errors */
	u64 zones;
};

static const char * const cgroup_op_fields[4] = {
	"commands", "sectors", "lat_sum_ns", "errors",
};

static void copy_rows(struct zone_table *tbl, struct cgroup_row *rows,
		      u32 nr_rows)
{
	struct cgroup_table *cgt = tbl->cgroups;
	unsigned int opi;
	u32 e, zone, code;

	for (e = 0; e < nr_rows; e++) {
		struct cgroup_op *c = cgt->entry[e].op;

		rows[e].id = atomic64_read(&cgt->ids[e]);
		for (opi = 0; opi < ZNS_NR_OPS; opi++) {
			rows[e].v[opi][0] = atomic64_read(&c[opi].commands);
			rows[e].v[opi][1] = atomic64_read(&c[opi].sectors);
			rows[e].v[opi][2] = atomic64_read(&c[opi].lat_sum_ns);
			rows[e].v[opi][3] = atomic64_read(&c[opi].errors);
		}
	}
	/* the last row: zones of mixed data */
	for (zone = 0; zone < tbl->nr_zones; zone++) {
		code = zns_life_owner(tbl, zone);
		if (code == ZNS_OWNER_MIXED)
			rows[nr_rows].zones++;
		else if (code >= ZNS_OWNER_FIRST &&
			 code - ZNS_OWNER_FIRST < nr_rows)
			rows[code - ZNS_OWNER_FIRST].zones++;
	}
}

/* A cgroup's path as it is now, or what became of the cgroup. */
static void show_path(struct seq_file *m, u64 id, char *buf)
{
	struct cgroup *cgrp = cgroup_get_from_id(id);

	if (IS_ERR(cgrp)) {
		seq_puts(m, "(removed)");
		return;
	}
	if (cgroup_path(cgrp, buf, PATH_MAX) < 0)
		seq_puts(m, "(unknown)");
	else
		seq_escape(m, buf, " \t\n\\");
	cgroup_put(cgrp);
}

/* label: the name of a row that is no cgroup; NULL: the row's cgroup path */
static void show_row(struct seq_file *m, const struct cgroup_row *row,
		     const char *label, char *buf)
{
	unsigned int opi, f;

	seq_printf(m, "%llu ", row->id);
	if (label)
		seq_puts(m, label);
	else
		show_path(m, row->id, buf);
	for (opi = 0; opi < ZNS_NR_OPS; opi++)
		for (f = 0; f < 4; f++)
			if (f != 1 || has_sectors(opi))
				seq_printf(m, " %llu", row->v[opi][f]);
	seq_printf(m, " %llu\n", row->zones);
}

/**
 * zns_cgroups_show() - the "cgroups" file
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * One row per cgroup that issued a command, then unattributed, other and
 * mixed (its only figure: zones). The rows are copied under RCU; paths are
 * resolved after, out of RCU: cgroup_path() takes a mutex.
 *
 * Context: Process context, may sleep (allocates, GFP_KERNEL); takes
 * rcu_read_lock() to copy.
 * Return: 0, or -ENOMEM.
 */
int zns_cgroups_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	struct cgroup_row *rows = NULL;
	struct zone_table *tbl;
	u32 nr = 0, e, want;
	unsigned int opi, f;
	char *buf;

	seq_puts(m, "# id path");
	for (opi = 0; opi < ZNS_NR_OPS; opi++)
		for (f = 0; f < 4; f++)
			if (f != 1 || has_sectors(opi))
				seq_printf(m, " %s_%s", zns_op_names[opi],
					   cgroup_op_fields[f]);
	seq_puts(m, " zones_owned\n");

	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	for (;;) {
		rcu_read_lock();
		tbl = rcu_dereference(ns->zones);
		want = CG_FIRST + tbl->cgroups->slots;
		if (rows && nr == want) {
			zns_life_catch_up(tbl, false);
			copy_rows(tbl, rows, nr);
			rcu_read_unlock();
			break;
		}
		rcu_read_unlock();
		kvfree(rows);	/* a clear changed the size meanwhile */
		nr = want;
		rows = kvcalloc(nr + 1, sizeof(*rows), GFP_KERNEL);
		if (!rows || !buf) {
			kvfree(rows);
			kfree(buf);
			return -ENOMEM;
		}
	}
	for (e = CG_FIRST; e < nr; e++)
		if (rows[e].id)
			show_row(m, &rows[e], NULL, buf);
	show_row(m, &rows[CG_UNATTRIBUTED], "(unattributed)", buf);
	show_row(m, &rows[CG_OTHER], "(other)", buf);
	show_row(m, &rows[nr], "(mixed)", buf);
	kvfree(rows);
	kfree(buf);
	return 0;
}
