// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat export: what -o prom shows per namespace, the latency histograms,
 * the errors by status and the zone lifecycle (and with --zones the per-zone
 * series), and with --ledger-dir the ledgers' lifetime totals, as one file
 * in node_exporter's textfile collector directory.
 * The file is replaced by rename(), so a scrape never sees half of it; in a
 * loop SIGINT and SIGTERM are only taken between two writes.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/args.h"
#include "cmd/export.h"
#include "lib/files.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "model/view.h"
#include "render/cgroups_out.h"
#include "render/lifecycle_out.h"
#include "render/prom_export.h"
#include "render/prom_ledger.h"
#include "source/cgroups.h"
#include "source/ledger_dir.h"
#include "source/placement_file.h"
#include "source/snapshot.h"
#include "source/zonereport.h"

/* DISK's file parsed by parse into a new buffer of size bytes; NULL if absent. */
static void *read_parsed(const char *disk, const char *file, size_t size,
			 int (*parse)(void *, char *), char *err, size_t errlen)
{
	char path[4096], *text;
	void *v;

	snprintf(path, sizeof(path), "%s/%s/%s", snapshot_root(), disk, file);
	text = slurp_file(path, NULL);
	if (!text)	/* a zns_stat without this file */
		return NULL;
	v = calloc(1, size);
	if (!v) {
		snprintf(err, errlen, "out of memory");
	} else if (parse(v, text)) {
		snprintf(err, errlen, "%s: unexpected content in its %s file", disk, file);
		free(v);
		v = NULL;
	}
	free(text);
	return v;
}

static int parse_lat(void *h, char *text)
{
	return lat_hist_parse(h, text);
}

static int parse_err(void *t, char *text)
{
	return err_table_parse(t, text);
}

struct collected {
	int n, nl;
	struct snapshot *snaps;
	struct lat_hist **lat;
	struct err_table **errs;
	struct life *life;
	int ncg;
	struct cg_table *cg;	/* the namespaces with a cgroups file */
	int *up;	/* per name asked for: read, and every file understood */
};

/*
 * Everything of the namespaces in names that can be read; each one's
 * problem goes to err (the last one wins), its up to 0.
 */
static void collect(struct collected *c, char **names, int nr, int zones,
		    char *err, size_t errlen)
{
	char why[512];
	int i, ret;

	for (i = 0; i < nr; i++) {
		struct snapshot *s = &c->snaps[c->n];

		if (snapshot_read(names[i], s, err, errlen))
			continue;
		c->up[i] = 1;
		if (zones)	/* zone condition where the device is readable */
			zonereport_add(s, why, sizeof(why));
		*why = '\0';
		c->lat[c->n] = read_parsed(names[i], "latency", sizeof(struct lat_hist),
					   parse_lat, why, sizeof(why));
		c->errs[c->n] = read_parsed(names[i], "errors", sizeof(struct err_table),
					    parse_err, why, sizeof(why));
		if (*why) {
			snprintf(err, errlen, "%s", why);
			c->up[i] = 0;
		}
		c->n++;
		/* files of zns_stat 0.2 on; before, no lifecycle series */
		if (!life_read(names[i], &c->life[c->nl], why, sizeof(why)))
			c->nl++;
		/* zns_stat 0.3 on; before, no per-cgroup series */
		ret = cg_table_read(names[i], &c->cg[c->ncg], why, sizeof(why));
		if (!ret) {
			c->ncg++;
		} else if (ret == -1) {
			snprintf(err, errlen, "%s", why);
			c->up[i] = 0;
		}
	}
}

static int collected_alloc(struct collected *c, int nr)
{
	int n = nr ? nr : 1;

	c->snaps = calloc(n, sizeof(*c->snaps));
	c->lat = calloc(n, sizeof(*c->lat));
	c->errs = calloc(n, sizeof(*c->errs));
	c->life = calloc(n, sizeof(*c->life));
	c->cg = calloc(n, sizeof(*c->cg));
	c->up = calloc(n, sizeof(*c->up));
	return c->snaps && c->lat && c->errs && c->life && c->cg && c->up ? 0 : -1;
}

static void collected_free(struct collected *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		snapshot_free(&c->snaps[i]);
		free(c->lat[i]);
		free(c->errs[i]);
	}
	free(c->snaps);
	free(c->lat);
	free(c->errs);
	for (i = 0; i < c->ncg; i++)
		cg_table_free(&c->cg[i]);
	free(c->life);
	free(c->cg);
	free(c->up);
}

/*
 * The health of the export: zns_stat_module_up, whether the module's
 * directory could be read at all, and one zns_stat_up per namespace, so a
 * namespace that cannot be read does not mark the others down.
 */
static void up_series(struct sbuf *b, int module_up, char **names, int nr,
		      const int *up, char **pnames, int np, const int *pup)
{
	int i;

	sbuf_printf(b, "# HELP zns_stat_module_up 1 when zns-stat found the zns_stat module's debugfs directory (module loaded, debugfs mounted, run as root).\n"
		    "# TYPE zns_stat_module_up gauge\nzns_stat_module_up %d\n", module_up);
	if (!nr && !np)
		return;
	sbuf_printf(b, "# HELP zns_stat_up 1 when zns-stat read the namespace from the zns_stat module's debugfs files, 0 when it could not or did not understand one.\n"
		    "# TYPE zns_stat_up gauge\n");
	for (i = 0; i < nr; i++)
		sbuf_printf(b, "zns_stat_up{disk=\"%s\"} %d\n", names[i], up[i]);
	for (i = 0; i < np; i++)
		sbuf_printf(b, "zns_stat_up{disk=\"%s\"} %d\n", pnames[i], pup[i]);
}

/*
 * The namespaces with Flexible Data Placement: their placement files into
 * h[], the ones read first (how many: the return), up[] per name.
 */
static int collect_placement(char **pnames, int np, struct placement_host *h,
			     char **read, int *up, char *err, size_t errlen)
{
	struct placement_file pf;
	char why[512];
	int i, n = 0;

	for (i = 0; i < np; i++) {
		if (placement_file_read(pnames[i], &pf, why, sizeof(why))) {
			snprintf(err, errlen, "%s", why);
			continue;
		}
		if (!placement_host_of(&pf, &h[n])) {
			read[n++] = pnames[i];
			up[i] = 1;
		} else {
			snprintf(err, errlen, "out of memory");
		}
		placement_file_free(&pf);
	}
	return n;
}

/*
 * The DISKs named, split: zoned ones (or not there: said as such) into
 * names, those the module keeps as placement namespaces into pnames.
 */
static int split_named(const struct export_opts *o, char ***names, int *nr,
		       char ***pnames, int *np)
{
	int i;

	*names = calloc(o->nr_disks + 1, sizeof(**names));
	*pnames = calloc(o->nr_disks + 1, sizeof(**pnames));
	*nr = *np = 0;
	if (!*names || !*pnames)
		return -1;
	for (i = 0; i < o->nr_disks; i++) {
		if (placement_file_exists(o->disks[i]))
			(*pnames)[(*np)++] = o->disks[i];
		else
			(*names)[(*nr)++] = o->disks[i];
	}
	return 0;
}

/*
 * The lifetime series of the ledgers in o->ledger_dir (of the DISKs named,
 * by the name each had when last folded); read, never written: the ledger
 * process owns them. A file it cannot read is said in err, and left out.
 */
static void ledger_series(struct sbuf *b, const struct export_opts *o,
			  char *err, size_t errlen)
{
	struct ledger *l;
	int n, i, j, k = 0;

	if (ledger_dir_read(o->ledger_dir, &l, &n, err, errlen))
		return;
	for (i = 0; i < n; i++) {
		for (j = 0; o->disks && j < o->nr_disks; j++)
			if (!strcmp(o->disks[j], l[i].disk))
				break;
		/* a placement namespace's ledger has no series yet */
		if ((o->disks && j == o->nr_disks) || l[i].placement)
			ledger_free(&l[i]);
		else
			l[k++] = l[i];
	}
	prom_ledger(b, l, k, o->zones, o->max_zones);
	ledger_dir_free(l, k);
}

int export_format(struct sbuf *b, const struct export_opts *o, char *err,
		  size_t errlen)
{
	struct view_opts vo = { .max_zones = o->max_zones };
	struct collected c = { 0 };
	struct placement_host *ph = NULL;
	char **names = NULL, **pnames = NULL, **pread = NULL;
	int nr = 0, np = 0, npr = 0, module_up = 1, ret, i, *pup = NULL;

	*err = '\0';
	if (o->disks) {
		if (split_named(o, &names, &nr, &pnames, &np))
			goto oom;
	} else if (snapshot_list_disks(&names, &nr, err, errlen)) {
		names = NULL;
		nr = 0;
		module_up = 0;
	} else if (snapshot_list_placement(&pnames, &np, err, errlen)) {
		pnames = NULL;
		np = 0;
	}
	ph = calloc(np + 1, sizeof(*ph));
	pread = calloc(np + 1, sizeof(*pread));
	pup = calloc(np + 1, sizeof(*pup));
	if (!ph || !pread || !pup || collected_alloc(&c, nr))
		goto oom;
	collect(&c, names, nr, o->zones, err, errlen);
	npr = collect_placement(pnames, np, ph, pread, pup, err, errlen);
	/* a namespace named on the command line that is not there: the module may be */
	if (o->disks && !c.n && !npr && access(snapshot_root(), X_OK))
		module_up = 0;
	up_series(b, module_up, names, nr, c.up, pnames, np, pup);
	output_prom_disks(b, c.snaps, c.n);
	prom_latency(b, c.snaps, c.lat, c.n);
	prom_errors(b, c.snaps, c.errs, c.n);
	if (c.nl)
		life_format(b, c.life, c.nl, FMT_PROM);
	if (c.ncg)
		prom_cgroups(b, c.cg, c.ncg);
	prom_placement(b, ph, pread, npr);
	if (o->zones)
		output_prom_zones(b, c.snaps, c.n, &vo);
	if (o->ledger_dir)
		ledger_series(b, o, err, errlen);
	/* serving what it can: fine while any namespace (or none asked) was read */
	ret = module_up && (c.n || npr || !(nr + np)) ? c.n + npr : -1;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
	ret = -1;
out:
	collected_free(&c);
	for (i = 0; i < npr; i++)
		placement_host_free(&ph[i]);
	free(ph);
	free(pread);
	free(pup);
	if (o->disks) {
		free(names);
		free(pnames);
	} else {
		snapshot_free_names(names, nr);
		snapshot_free_names(pnames, np);
	}
	return ret;
}

/* What one write needs, and the problem last told. */
struct export_tick {
	const struct export_opts *o;
	char path[4096], tmpl[4096], last[1024];
};

static int export_once(void *arg)
{
	struct export_tick *t = arg;
	struct sbuf b = { 0 };
	char err[1024];
	int ret;

	ret = export_format(&b, t->o, err, sizeof(err)) < 0;
	if (b.oom) {
		snprintf(err, sizeof(err), "out of memory");
		ret = 1;
	} else if (write_file_atomic_tmp(t->path, t->tmpl, b.s, b.len, err,
					 sizeof(err))) {
		ret = 1;
	}
	sbuf_free(&b);
	/*
	 * In a loop, a problem is told when it starts, not every time;
	 * a namespace's problem is told though the others were written.
	 */
	if (*err && (t->o->seconds <= 0 || strcmp(err, t->last)))
		fprintf(stderr, "zns-stat: %s\n", err);
	snprintf(t->last, sizeof(t->last), "%s", err);
	return ret;
}

int export_run(const struct export_opts *o)
{
	struct export_tick t = { .o = o };

	if (usable_dir(o->dir, W_OK | X_OK, "export: --textfile-dir") ||
	    (o->ledger_dir &&
	     usable_dir(o->ledger_dir, R_OK | X_OK, "export: --ledger-dir")))
		return 1;
	snprintf(t.path, sizeof(t.path), "%s/%s", o->dir, EXPORT_FILE);
	snprintf(t.tmpl, sizeof(t.tmpl), "%s/.%s.tmpXXXXXX", o->dir, EXPORT_FILE);
	return run_every(o->seconds, export_once, &t);
}

int cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "textfile-dir", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "zones", no_argument, NULL, 'z' },
		{ "max-zones", required_argument, NULL, 'm' },
		{ "ledger-dir", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct export_opts o = { .max_zones = PROM_DEFAULT_MAX_ZONES };
	int c, max_zones_set = 0;
	char what[256];
	double v;

	opterr = 0;	/* one line for the journal: ours */
	while ((c = getopt_long(argc, argv, "d:i:zm:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': o.dir = optarg; break;
		case 'i':
			/* (a year at most: no NaN, no infinity) */
			if (parse_num(optarg, 0.1, &o.seconds) || !(o.seconds <= 31536000))
				return bad_usage("export: --interval wants a number of seconds (0.1 or more)");
			break;
		case 'z': o.zones = 1; break;
		case 'L': o.ledger_dir = optarg; break;
		case 'm':
			if (parse_num(optarg, 0, &v) || v != (long)v)
				return bad_usage("export: --max-zones wants a number of zones");
			o.max_zones = (long)v;
			max_zones_set = 1;
			break;
		case 'h': return CMD_HELP;
		default:
			snprintf(what, sizeof(what), "export: unknown option, or no value, in '%.200s'",
				 argv[optind - 1]);
			return bad_usage(what);
		}
	}
	if (!o.dir || !*o.dir)
		return bad_usage("export wants --textfile-dir DIR");
	if (max_zones_set && !o.zones)
		return bad_usage("export: --max-zones needs --zones");
	if (optind < argc) {
		o.nr_disks = argc - optind;
		o.disks = disk_args(argv + optind, o.nr_disks);
	}
	return export_run(&o);
}
