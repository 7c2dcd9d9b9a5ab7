// SPDX-License-Identifier: GPL-2.0
/* The zone-by-owner map: colours per owner, mixed cells, the legend, no owner column. */
#include "unit.h"

#include "../../include/zns_stat.h"
#include "lib/sbuf.h"
#include "model/owner_map.h"
#include "render/owner_svg.h"
#include "render/report_html.h"
#include "source/cgroup_names.h"
#include "source/datafile.h"

#define MIXED	ZNS_OWNER_ID_MIXED
#define UNATTR	ZNS_OWNER_ID_UNATTRIBUTED
#define OTHER	ZNS_OWNER_ID_OTHER

static const char summary[] =
	"format_version: 1\ndisk: d\nnr_zones: 16\nzone_sectors: 2048\nlba_bytes: 512\n";

/* A snapshot of n zones whose owner_cgroup are owner[]. */
static void owners_snapshot(struct snapshot *s, const uint64_t *owner, int n)
{
	struct sbuf b = { 0 };
	int z;

	sbuf_printf(&b, "# zone start writes write_sectors owner_cgroup root_written_sectors\n");
	for (z = 0; z < n; z++)
		sbuf_printf(&b, "%d %d 1 8 %llu %d\n", z, z * 2048,
			    (unsigned long long)owner[z], owner[z] == 1 ? 8 : 0);
	snap_from_text(s, "d", b.s, summary);
	sbuf_free(&b);
}

/* The largest owners get the palette in order; ties by id; sentinels fixed. */
static void colour_per_owner(void **state)
{
	static const uint64_t owner[] = {
		43, 43, 43, 57, 57, 1, 0, MIXED, UNATTR, OTHER, 0, 57,
	};
	struct owner_map om;
	struct snapshot s;

	(void)state;
	owners_snapshot(&s, owner, 12);
	assert_int_equal(owner_map_build(&om, &s, 1, 12), 0);
	assert_int_equal(om.nr_owners, 3);
	/* 43 and 57 own 3 zones each: the lower id first */
	assert_int_equal(om.owners[0].id, 43);
	assert_int_equal(om.owners[1].id, 57);
	assert_int_equal(om.owners[2].id, 1);
	assert_string_equal(owner_colour(&om, 43), owner_palette[0]);
	assert_string_equal(owner_colour(&om, 57), owner_palette[1]);
	assert_string_equal(owner_colour(&om, 1), owner_palette[2]);
	assert_string_equal(owner_colour(&om, 0), OWNER_NONE_COLOUR);
	assert_string_equal(owner_colour(&om, MIXED), OWNER_MIXED_COLOUR);
	assert_string_equal(owner_colour(&om, UNATTR), OWNER_UNATTRIBUTED_COLOUR);
	assert_string_equal(owner_colour(&om, OTHER), OWNER_OTHER_COLOUR);
	/* one cell per zone: each cell its zone's owner */
	assert_int_equal(om.cell[3], 57);
	assert_int_equal(om.cell[7], MIXED);
	assert_int_equal(om.mixed_cells, 0);
	owner_map_free(&om);
	snapshot_free(&s);
}

/* Beyond the palette, the smallest owners share the rest's colour. */
static void more_owners_than_colours(void **state)
{
	uint64_t owner[16];
	struct owner_map om;
	struct snapshot s;
	int z;

	(void)state;
	/* ids 100..107 own 2, 2, ... and 108..109 none: 100 one zone more */
	for (z = 0; z < 16; z++)
		owner[z] = 100 + z / 2;
	owner[15] = 100;
	owners_snapshot(&s, owner, 16);
	assert_int_equal(owner_map_build(&om, &s, 1, 16), 0);
	assert_int_equal(om.nr_owners, 8);
	assert_int_equal(om.owners[0].id, 100);
	assert_string_equal(owner_colour(&om, 100), owner_palette[0]);
	assert_string_equal(owner_colour(&om, 106), owner_palette[6]);
	/* 107 (one zone left) is the eighth: the rest's */
	assert_string_equal(owner_colour(&om, 107), OWNER_REST_COLOUR);
	assert_int_equal(om.rest_zones, 1);
	owner_map_free(&om);
	snapshot_free(&s);
}

/* Cells of two zones: one owner (zones with none aside) or mixed. */
static void mixed_cell_rule(void **state)
{
	static const uint64_t owner[] = {
		43, 43,		/* one owner */
		43, 0,		/* one owner and an unwritten zone: the owner's */
		43, 57,		/* two owners: mixed */
		0, 0,		/* none */
		57, MIXED,	/* a mixed zone: mixed */
		UNATTR, UNATTR,	/* one sentinel is an owner too */
		UNATTR, 57,	/* and differs from a cgroup */
	};
	struct owner_map om;
	struct snapshot s;

	(void)state;
	owners_snapshot(&s, owner, 14);
	assert_int_equal(owner_map_build(&om, &s, 2, 7), 0);
	assert_int_equal(om.cell[0], 43);
	assert_int_equal(om.cell[1], 43);
	assert_int_equal(om.cell[2], MIXED);
	assert_int_equal(om.cell[3], 0);
	assert_int_equal(om.cell[4], MIXED);
	assert_int_equal(om.cell[5], UNATTR);
	assert_int_equal(om.cell[6], MIXED);
	assert_int_equal(om.mixed_cells, 3);
	/* zone counts stay per zone */
	assert_int_equal(om.mixed, 1);
	assert_int_equal(om.none, 3);
	assert_int_equal(om.unattributed, 3);
	owner_map_free(&om);
	snapshot_free(&s);
}

/* The legend: each owner's colour, name and zones; the rest; the sentinels. */
static void legend_counts(void **state)
{
	uint64_t owner[16];
	struct sbuf b = { 0 };
	struct snapshot s;
	int z;

	(void)state;
	for (z = 0; z < 16; z++)
		owner[z] = z < 6 ? 43 : 100 + z;	/* 43: 6 zones, 109..115 1 each */
	owner[6] = 1;
	owner[7] = MIXED;
	owner[8] = 0;
	owners_snapshot(&s, owner, 16);
	owner_map_svg(&b, &s, cgroup_owner_id_name, "d: owners", NULL, NULL);
	assert_non_null(strstr(b.s, "fill=\"#e69f00\" stroke=\"#666\" stroke-width=\"0.5\"/>\n<text x=\""));
	assert_non_null(strstr(b.s, ">id 43: 6 zones</text>"));
	assert_non_null(strstr(b.s, ">/ (id 1): 1 zone</text>"));
	/* 7 cgroups of one zone: 5 get a colour, 2 share the rest's */
	assert_non_null(strstr(b.s, ">id 113: 1 zone</text>"));
	assert_null(strstr(b.s, ">id 114: 1 zone</text>"));
	assert_non_null(strstr(b.s, "fill=\"" OWNER_REST_COLOUR "\" stroke=\"#666\" stroke-width=\"0.5\"/>\n<text x=\""));
	assert_non_null(strstr(b.s, ">2 other owners: 2 zones</text>"));
	assert_non_null(strstr(b.s, ">mixed: 1 zone</text>"));
	assert_non_null(strstr(b.s, ">no owner since reset: 1 zone</text>"));
	assert_null(strstr(b.s, "unattributed:"));	/* none: not in the legend */
	/* a cell per zone: its owner in its tooltip and colour */
	assert_non_null(strstr(b.s, "fill=\"#e69f00\"><title>zone 0: id 43</title>"));
	assert_non_null(strstr(b.s, "fill=\"#000000\"><title>zone 7: mixed</title>"));
	assert_non_null(strstr(b.s, "fill=\"#cccccc\"><title>zone 8: no owner</title>"));
	assert_non_null(strstr(b.s, "15 of 16 zones have an owner; 9 cgroups; most: id 43 (6)"));
	sbuf_free(&b);
	snapshot_free(&s);
}

/* A data file of 4 zones, with an owner_cgroup column or without. */
static void run(struct datafile *df, int owners)
{
	struct sbuf b = { 0 };
	char err[512];

	sbuf_printf(&b, "zns-stat data 2\ndevice: d\nnr_zones: 4\nzone_sectors: 2048\n"
		    "lba_bytes: 512\nstart_time: 2026-01-02T03:04:05Z\n"
		    "start_epoch: 1767323045.000\nend_epoch: 1767323055.000\n"
		    "duration_s: 10.000\ncomment: run\nzones: 4\n"
		    "# zone start writes write_sectors%s\n", owners ? " owner_cgroup" : "");
	sbuf_printf(&b, owners ? "0 0 1 8 43\n1 2048 1 8 43\n2 4096 0 0 0\n3 6144 1 8 1\n# end\n" :
		    "0 0 1 8\n1 2048 1 8\n2 4096 0 0\n3 6144 1 8\n# end\n");
	if (datafile_parse("t.dat", b.s, df, err, sizeof(err)))
		fail_msg("%s", err);
	sbuf_free(&b);
}

/* The report has the figure when the zones have owners, and says nothing else. */
static void figure_left_out_without_owners(void **state)
{
	struct datafile df;
	struct sbuf b = { 0 };
	struct snapshot s;
	static const char zones[] = "# zone start writes write_sectors\n0 0 1 8\n";

	(void)state;
	snap_from_text(&s, "d", zones, summary);
	owner_map_svg(&b, &s, cgroup_owner_id_name, "d: owners", NULL, NULL);
	assert_int_equal(b.len, 0);
	snapshot_free(&s);

	run(&df, 0);
	report_html(&b, &df, "runs/x.dat");
	assert_null(strstr(b.s, "owner"));	/* no figure, and the page says nothing of it */
	sbuf_free(&b);
	datafile_free(&df);

	run(&df, 1);
	report_html(&b, &df, "runs/x.dat");
	assert_non_null(strstr(b.s, "<figure id=\"owners\">\n<svg"));
	assert_non_null(strstr(b.s, ">id 43: 2 zones</text>"));
	assert_non_null(strstr(b.s, "owners by cgroup id: a data file keeps no paths"));
	assert_non_null(strstr(b.s, "; in the owner map, no owner since the zone's reset."));
	sbuf_free(&b);
	datafile_free(&df);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(colour_per_owner),
		cmocka_unit_test(more_owners_than_colours),
		cmocka_unit_test(mixed_cell_rule),
		cmocka_unit_test(legend_counts),
		cmocka_unit_test(figure_left_out_without_owners),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
