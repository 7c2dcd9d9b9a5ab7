// SPDX-License-Identifier: GPL-2.0
/*
 * zns-stat placement DISK: the device's own Flexible Data Placement figures
 * of an NVMe namespace (reclaim unit handles, the endurance group's bytes
 * written and erased, its events), read from the device itself, once or
 * every -i SEC (the changes of each interval, as the live view); beside
 * them, where the zns_stat module tracks the namespace, the host's writes
 * per placement ID as the module counted them.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/args.h"
#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "lib/util.h"
#include "render/placement_out.h"
#include "source/placement_file.h"
#include "source/untracked.h"

static void emit(struct sbuf *b)
{
	fwrite(b->s ? b->s : "", 1, b->len, stdout);
	fflush(stdout);
	sbuf_free(b);
}

/*
 * The module's figures of disk into h, tracked or why not; 1 when its file
 * is there but not understood (said on stderr, unless it is said already).
 */
static int host_read(const char *disk, struct placement_host *h, char *said,
		     size_t saidlen)
{
	struct placement_file pf;
	char err[512];
	int ret = placement_file_read(disk, &pf, err, sizeof(err));

	if (ret) {
		placement_host_untracked(h, err);
		if (ret > 0)
			return 0;
		if (strcmp(err, said))
			fprintf(stderr, "zns-stat: %s\n", err);
		snprintf(said, saidlen, "%s", err);
		return 1;
	}
	*said = '\0';
	ret = placement_host_of(&pf, h);
	placement_file_free(&pf);
	if (ret)
		fprintf(stderr, "zns-stat: out of memory\n");
	return !!ret;
}

static int once(const char *disk, enum out_format f)
{
	struct placement_host h;
	struct fdp_state s;
	struct sbuf b = { 0 };
	char err[512], said[512] = "";
	int ret;

	if (fdp_state_read(disk, &s, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	ret = host_read(disk, &h, said, sizeof(said));
	placement_format(&b, &s, &h, f);
	placement_host_free(&h);
	fdp_state_free(&s);
	emit(&b);
	return ret;
}

/*
 * Every seconds until count intervals (-1: until SIGINT or SIGTERM, taken
 * between two readings only): the first reading is the baseline. A reading
 * that fails is said and the next one tried against the same baseline.
 */
static int every(const char *disk, enum out_format f, double seconds,
		 long count)
{
	struct placement_host hbase, hnow, hd;
	struct fdp_state base, now;
	struct fdp_delta d;
	struct sbuf b = { 0 };
	char err[512], said[512] = "", hsaid[512] = "";
	sigset_t set;
	double next;
	long k;
	int ret = 0;

	if (fdp_state_read(disk, &base, err, sizeof(err))) {
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	/* the module's right after the device's: the same interval, near enough */
	ret |= host_read(disk, &hbase, hsaid, sizeof(hsaid));
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (f == FMT_JSON) {
		fputs(placement_json_open, stdout);
		fflush(stdout);
	}
	next = base.mono;
	for (k = 0; count < 0 || k < count; ) {
		next += seconds;
		if (next < now_mono() - seconds)	/* fell behind: no burst */
			next = now_mono();
		if (wait_until_signal(&set, next))
			break;
		if (fdp_state_read(disk, &now, err, sizeof(err))) {
			if (strcmp(err, said))
				fprintf(stderr, "zns-stat: %s\n", err);
			snprintf(said, sizeof(said), "%s", err);
			ret = 1;
			continue;
		}
		*said = '\0';
		ret |= host_read(disk, &hnow, hsaid, sizeof(hsaid));
		fdp_delta(&base, &now, &d);
		if (placement_host_delta(&hbase, &hnow, d.secs, &hd)) {
			fprintf(stderr, "zns-stat: out of memory\n");
			ret = 1;
		}
		placement_interval(&b, &now, &d, &hd, f, !k);
		emit(&b);
		placement_host_free(&hd);
		placement_host_free(&hbase);
		fdp_state_free(&base);
		base = now;
		hbase = hnow;
		k++;
	}
	if (f == FMT_JSON)
		fputs(placement_json_close, stdout);
	placement_host_free(&hbase);
	fdp_state_free(&base);
	return ret;
}

int cmd_placement(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "bytes", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	enum out_format f = FMT_TABLE;
	double seconds = 0, n = -1;
	int c;

	while ((c = getopt_long(argc, argv, ":i:n:o:bh", opts, NULL)) != -1) {
		switch (c) {
		case 'i':
			if (parse_num(optarg, 0, &seconds) || seconds < 0.01)
				return bad_usage("placement: -i wants seconds, at least 0.01");
			break;
		case 'n':
			if (parse_num(optarg, 1, &n) || n != (long)n)
				return bad_usage("placement: -n wants a whole number of intervals, at least 1");
			break;
		case 'o':
			if (out_format_parse(optarg, &f) || f == FMT_PROM)
				return bad_usage("placement: -o wants table, csv or json");
			break;
		case 'b': fmt_bytes_exact(1); break;
		case 'h': return CMD_HELP;
		default: return bad_option("placement: ", c, argv, NULL);
		}
	}
	if (optind == argc)
		return bad_usage("placement wants a DISK (an NVMe namespace with FDP, nvme1n1)");
	if (argc - optind > 1)
		return bad_usage("placement wants one DISK");
	if (n > 0 && !seconds)
		return bad_usage("placement: -n goes with -i");
	if (seconds)
		return every(disk_arg(argv[optind]), f, seconds, (long)n);
	return once(disk_arg(argv[optind]), f);
}
