// SPDX-License-Identifier: GPL-2.0
/* The ledger's fold rule (ledger_fold.h): lifetime totals from the module's counters. */
#include <stdio.h>
#include <string.h>

#include "model/ledger_fold.h"
#include "source/counter_epoch.h"
#include "source/lifecycle.h"
#include "source/placement_file.h"
#include "source/snapshot.h"

int snapshot_geometry(const struct snapshot *s, uint64_t *nr_zones,
		      uint64_t *zone_sectors, uint64_t *lba_bytes)
{
	return snapshot_summary_u64(s, "nr_zones", nr_zones) ||
	       snapshot_summary_u64(s, "zone_sectors", zone_sectors) ||
	       snapshot_summary_u64(s, "lba_bytes", lba_bytes) ? -1 : 0;
}

/*
 * The reading's counters, columns resolved once; absent ones read 0, but
 * without a lifecycle its counters are not read at all (nr_ns: LN_LIFE).
 */
struct reading {
	int col[LC_NR], fill_min, fill_max, nr_ns;
	uint64_t ns[LN_NR];
};

static void resolve(const struct snapshot *s, const struct life *life,
		    struct reading *r)
{
	int i;

	for (i = 0; i < LC_NR; i++)
		r->col[i] = snapshot_column(s, ledger_counter_names[i]);
	r->fill_min = snapshot_column(s, "fill_min_sectors");
	r->fill_max = snapshot_column(s, "fill_max_sectors");
	for (i = 0; i < LN_LIFE; i++)
		if (snapshot_summary_u64(s, ledger_ns_names[i], &r->ns[i]))
			r->ns[i] = 0;
	r->nr_ns = life ? LN_NR : LN_LIFE;
	for (; i < r->nr_ns; i++)
		r->ns[i] = life_get(life, ledger_ns_names[i]);
}

static uint64_t cell(const struct snapshot *s, uint64_t zone, int col)
{
	return col < 0 ? 0 : snapshot_row(s, zone)[col];
}

/* Any counter below its base: the module's counters started over. */
static int went_backwards(const struct ledger *l, const struct snapshot *s,
			  const struct reading *r)
{
	uint64_t z;
	int i;

	for (i = 0; i < r->nr_ns; i++)
		if (r->ns[i] < l->ns_base[i])
			return 1;
	for (z = 0; z < l->nr_zones; z++)
		for (i = 0; i < LC_NR; i++)
			if (cell(s, z, r->col[i]) < l->zones[z].base[i])
				return 1;
	return 0;
}

static void fold_fill(struct ledger_zone *lz, const struct snapshot *s,
		      uint64_t z, const struct reading *r, uint64_t had)
{
	uint64_t lo, hi;

	if (!cell(s, z, r->col[LC_FILL_RESETS]) || r->fill_min < 0 || r->fill_max < 0)
		return;
	/* the module's extremes since its last restart: never below a lifetime's */
	lo = cell(s, z, r->fill_min);
	hi = cell(s, z, r->fill_max);
	if (!had || lo < lz->fill_min)
		lz->fill_min = lo;
	if (!had || hi > lz->fill_max)
		lz->fill_max = hi;
}

/* A fold's end, of either kind: what it was folded from, and when. */
static enum fold_result folded(struct ledger *l, const char *inst, uint64_t gen,
			       const char *disk, int64_t now, int same)
{
	snprintf(l->instance, sizeof(l->instance), "%s", inst);
	l->generation = gen;
	snprintf(l->disk, sizeof(l->disk), "%s", disk);
	if (!l->first_seen)
		l->first_seen = now;
	l->last_seen = now;
	l->folds++;
	if (!same)
		l->restarts++;
	return same ? FOLD_ADDED : FOLD_RESTARTED;
}

enum fold_result ledger_fold(struct ledger *l, const struct snapshot *s,
			     const struct life *life, int64_t now)
{
	uint64_t nr, zs, lba, gen = 0, v, z;
	const char *inst = snapshot_summary(s, "instance");
	struct reading r;
	int i, same;

	if (snapshot_geometry(s, &nr, &zs, &lba) || nr != s->nr_zones)
		return FOLD_BAD;
	if (l->placement)
		return FOLD_GEOMETRY;
	if (nr != l->nr_zones || zs != l->zone_sectors || lba != l->lba_bytes)
		return FOLD_GEOMETRY;
	if (!inst)	/* a module without them: only going backwards tells */
		inst = "";
	if (snapshot_summary_u64(s, "generation", &gen))
		gen = 0;
	resolve(s, life, &r);
	same = l->folds && !strcmp(inst, l->instance) && gen == l->generation &&
	       !went_backwards(l, s, &r);
	for (i = 0; i < r.nr_ns; i++) {
		l->ns_total[i] += r.ns[i] - (same ? l->ns_base[i] : 0);
		l->ns_base[i] = r.ns[i];
	}
	/*
	 * No lifecycle read: nothing added. After a restart its counters began
	 * from 0 too, so the next one read is added whole.
	 */
	for (; i < LN_NR && !same; i++)
		l->ns_base[i] = 0;
	for (z = 0; z < nr; z++) {
		struct ledger_zone *lz = &l->zones[z];
		uint64_t had = lz->total[LC_FILL_RESETS];

		for (i = 0; i < LC_NR; i++) {
			v = cell(s, z, r.col[i]);
			lz->total[i] += v - (same ? lz->base[i] : 0);
			lz->base[i] = v;
		}
		fold_fill(lz, s, z, &r, had);
	}
	return folded(l, inst, gen, s->disk, now, same);
}

int ledger_placement_same(const struct ledger *l, const struct placement_file *pf)
{
	uint32_t r;

	if (!l->placement || (uint32_t)pf->nr_rows != l->nr_prows)
		return 0;
	for (r = 0; r < l->nr_prows; r++) {
		const struct placement_row *pr = &pf->rows[r];
		const struct ledger_prow *lr = &l->prows[r];

		if ((int)pr->kind != lr->kind ||
		    (pr->kind == PROW_PID && (pr->pid != lr->pid || pr->ruhid != lr->ruhid)))
			return 0;
	}
	return 1;
}

int ledger_placement_new(struct ledger *l, const char *identity,
			 const struct placement_file *pf)
{
	int r;

	if (ledger_init_placement(l, identity, pf->nr_rows))
		return -1;
	for (r = 0; r < pf->nr_rows; r++) {
		l->prows[r].kind = pf->rows[r].kind;
		l->prows[r].pid = pf->rows[r].pid;
		l->prows[r].ruhid = pf->rows[r].ruhid;
	}
	return 0;
}

enum fold_result ledger_fold_placement(struct ledger *l,
				       const struct placement_file *pf,
				       const struct counter_epoch *e,
				       const char *disk, int64_t now)
{
	uint64_t v[LP_NR];
	uint32_t r;
	int i, same, back = 0;

	if (!ledger_placement_same(l, pf))
		return FOLD_GEOMETRY;
	for (r = 0; r < l->nr_prows && !back; r++)
		for (i = 0; i < LP_NR; i++)
			back |= placement_file_get(pf, r, ledger_placement_names[i]) <
				l->prows[r].base[i];
	/* zoned namespaces' rule: the same instance and generation, nothing back */
	same = l->folds && !strcmp(e->instance, l->instance) &&
	       e->generation == l->generation && !back;
	for (r = 0; r < l->nr_prows; r++) {
		struct ledger_prow *lr = &l->prows[r];

		for (i = 0; i < LP_NR; i++) {
			v[i] = placement_file_get(pf, r, ledger_placement_names[i]);
			lr->total[i] += v[i] - (same ? lr->base[i] : 0);
			lr->base[i] = v[i];
		}
	}
	return folded(l, e->instance, e->generation, disk, now, same);
}
