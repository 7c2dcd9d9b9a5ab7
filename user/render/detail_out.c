// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat detail -o csv and -o json: the same figures as detail_text(),
 * for scripts. Latency percentiles are bucket bounds (p50_le_ns), the
 * maximum the module's exact one (max_exact false: a bound of it); a
 * status by name with its code beside it; sizes in bytes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../include/zns_stat.h"
#include "model/detail_model.h"
#include "lib/numbers.h"
#include "model/view.h"
#include "render/detail_out.h"
#include "render/json_out.h"
#include "source/columns.h"
#include "source/detail.h"

static const char * const dirs[] = { "read", "write" };

/* A log2 sizes bucket's upper bound (exclusive), as detail_text shows it. */
static uint64_t size_hi(uint64_t lo)
{
	return lo ? 2 * lo : 2;
}

static void csv_one(struct sbuf *b, const char *disk, const struct detail *d,
		    int part)
{
	const struct detail_count *c;
	const struct detail_reset *r;
	struct detail_lat f;
	int i, k;

	switch (part) {
	case 0:
		for (i = 0; i < ZNS_NR_OPS; i++)
			if (detail_lat_figures(d, zns_op_names[i], &f))
				sbuf_printf(b, "%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%d\n",
					    disk, zns_op_names[i], f.n, f.p50, f.p99, f.max, f.exact);
		break;
	case 1:
		for (i = 0; i < d->nr_counts; i++) {
			c = &d->counts[i];
			if (strcmp(c->file, "errors"))
				continue;
			sbuf_printf(b, "%s,%s,", disk, c->what);
			if (c->lo)	/* other_unlisted has no one code: empty */
				sbuf_printf(b, "0x%" PRIx64, c->lo);
			sbuf_printf(b, ",%s,%" PRIu64 "\n", c->op, c->n);
		}
		break;
	case 2:
		for (i = 0; i < d->nr_resets; i++) {
			char when[48];

			r = &d->resets[i];
			fmt_rfc3339_ns(when, sizeof(when), r->time_ns, 9);
			sbuf_printf(b, "%s,%" PRIu64 ",%s,%" PRIu64 ",", disk, r->seq,
				    when, r->time_ns);
			if (!r->select_all)	/* a select-all reset has no one zone */
				sbuf_printf(b, "%" PRId64, r->zone);
			sbuf_printf(b, ",%d,%" PRIu64 ",%s,0x%x,", r->select_all, r->lat_ns,
				    r->status ? status_key(r->status) : "success", r->status);
			if (r->fill >= 0)
				sbuf_printf(b, "%" PRId64, r->fill * 512);
			sbuf_printf(b, "\n");
		}
		break;
	default:
		for (k = 0; k < 2; k++)
			for (i = 0; i < d->nr_counts; i++) {
				c = &d->counts[i];
				if (strcmp(c->file, part == 3 ? "sizes" : "alignment") ||
				    strcmp(c->op, dirs[k]))
					continue;
				if (part == 3)
					sbuf_printf(b, "%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
						    disk, dirs[k], c->lo, size_hi(c->lo), c->n);
				else
					sbuf_printf(b, "%s,%s,%" PRIu64 ",%" PRIu64 "\n",
						    disk, dirs[k], c->lo, c->n);
			}
	}
}

void detail_csv(struct sbuf *b, char **disks, const struct detail *d, int n)
{
	static const char * const header[] = {
		"disk,op,commands,p50_le_ns,p99_le_ns,max_ns,max_exact",
		"disk,status,code,op,commands",
		"disk,seq,time,time_ns,zone,select_all,latency_ns,status,code,fill_bytes",
		"disk,direction,size_lo_bytes,size_hi_bytes,commands",
		"disk,direction,alignment_bytes,commands",
	};
	int part, i;

	/* one table per kind of figure, a blank line between them */
	for (part = 0; part < 5; part++) {
		sbuf_printf(b, "%s%s\n", part ? "\n" : "", header[part]);
		for (i = 0; i < n; i++)
			csv_one(b, disks[i], &d[i], part);
	}
}

static struct json_object *json_latency(const struct detail *d)
{
	struct json_object *o = json_object_new_object();
	struct detail_lat f;
	int i;

	for (i = 0; i < ZNS_NR_OPS; i++) {
		struct json_object *op;

		if (!detail_lat_figures(d, zns_op_names[i], &f))
			continue;
		op = json_object_new_object();
		json_set(op, "commands", json_object_new_uint64(f.n));
		json_set(op, "p50_le_ns", json_object_new_uint64(f.p50));
		json_set(op, "p99_le_ns", json_object_new_uint64(f.p99));
		json_set(op, "max_ns", json_object_new_uint64(f.max));
		json_set(op, "max_exact", json_object_new_boolean(f.exact));
		json_set(o, zns_op_names[i], op);
	}
	return o;
}

static struct json_object *json_errors(const struct detail *d)
{
	struct json_object *a = json_object_new_array();
	const struct detail_count *c;
	int i;

	for (i = 0; i < d->nr_counts; i++) {
		struct json_object *e;

		c = &d->counts[i];
		if (strcmp(c->file, "errors"))
			continue;
		e = json_object_new_object();
		json_set(e, "status", json_object_new_string(c->what));
		json_set(e, "code", c->lo ? json_code(c->lo) : NULL);
		json_set(e, "op", json_object_new_string(c->op));
		json_set(e, "commands", json_object_new_uint64(c->n));
		json_object_array_add(a, e);
	}
	return a;
}

static struct json_object *json_resets(const struct detail *d)
{
	struct json_object *a = json_object_new_array();
	const struct detail_reset *r;
	char when[64];
	int i;

	for (i = 0; i < d->nr_resets; i++) {
		struct json_object *e = json_object_new_object();

		r = &d->resets[i];
		json_set(e, "seq", json_object_new_uint64(r->seq));
		/* to the ns, as time_ns has it */
		fmt_rfc3339_ns(when, sizeof(when), r->time_ns, 9);
		json_set(e, "time", json_object_new_string(when));
		json_set(e, "time_ns", json_id(r->time_ns));
		/* a select-all reset has no one zone */
		json_set(e, "zone", r->select_all ? NULL : json_object_new_int64(r->zone));
		json_set(e, "select_all", json_object_new_boolean(r->select_all));
		json_set(e, "latency_ns", json_object_new_uint64(r->lat_ns));
		json_set(e, "status", json_object_new_string(r->status ?
			 status_key(r->status) : "success"));
		json_set(e, "code", json_code(r->status));
		json_set(e, "fill_bytes", r->fill < 0 ? NULL :
			 json_object_new_uint64((uint64_t)r->fill * 512));
		json_object_array_add(a, e);
	}
	return a;
}

/* {"read": [{"lo_bytes", "hi_bytes", "commands"}], "write": [...]} */
static struct json_object *json_hist(const struct detail *d, const char *file)
{
	struct json_object *o = json_object_new_object();
	const struct detail_count *c;
	int i, k;

	for (k = 0; k < 2; k++) {
		struct json_object *a = json_object_new_array();

		for (i = 0; i < d->nr_counts; i++) {
			struct json_object *e;

			c = &d->counts[i];
			if (strcmp(c->file, file) || strcmp(c->op, dirs[k]))
				continue;
			e = json_object_new_object();
			if (!strcmp(file, "sizes")) {
				json_set(e, "lo_bytes", json_object_new_uint64(c->lo));
				json_set(e, "hi_bytes", json_object_new_uint64(size_hi(c->lo)));
			} else {
				json_set(e, "alignment_bytes", json_object_new_uint64(c->lo));
			}
			json_set(e, "commands", json_object_new_uint64(c->n));
			json_object_array_add(a, e);
		}
		json_set(o, dirs[k], a);
	}
	return o;
}

void detail_json(struct sbuf *b, char **disks, const struct detail *d, int n)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	int i;

	json_set(doc, "version", json_object_new_string(ZNS_STAT_VERSION));
	for (i = 0; i < n; i++) {
		struct json_object *o = json_object_new_object();

		json_set(o, "disk", json_object_new_string(disks[i]));
		json_set(o, "latency", json_latency(&d[i]));
		json_set(o, "errors", json_errors(&d[i]));
		json_set(o, "resets", json_resets(&d[i]));
		json_set(o, "sizes", json_hist(&d[i], "sizes"));
		json_set(o, "alignment", json_hist(&d[i], "alignment"));
		json_object_array_add(arr, o);
	}
	json_set(doc, "disks", arr);
	json_write(b, doc, 1);
	sbuf_printf(b, "\n");
}
