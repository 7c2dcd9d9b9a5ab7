// SPDX-License-Identifier: GPL-2.0
/*
 * zbench - the two benchmark workloads fio cannot issue, plus the CPU
 * accounting the benchmark reads around every workload.
 *
 *   zbench stat
 *       one line "busy=TICKS total=TICKS" from /proc/stat (all CPUs, USER_HZ):
 *       busy = user + nice + system + irq + softirq + steal
 *   zbench append DEV THREADS FIRST_ZONE NR_ZONES BS SECONDS
 *       THREADS threads append BS bytes at a time (NVMe Zone Append through
 *       the passthrough ioctl) into the same zones: they share one cursor, so
 *       consecutive appends of different threads land in one zone. When the
 *       NR_ZONES zones are full, one thread resets them (BLKRESETZONE) while
 *       the others wait, and the round starts again, until SECONDS passed.
 *   zbench reset DEV FIRST_ZONE NR_ZONES WRITES BS SECONDS
 *       one thread: WRITES writes of BS bytes fill a zone from its start, then
 *       the zone is reset; next zone; until SECONDS passed. Use small zones.
 *   zbench touch DEV BS
 *       after resetting every zone: in every zone, one write of BS bytes at its
 *       start and one read of it (so every zone has counters to show).
 *   zbench fmt FILE
 *       reads a zones file, then times formatting the same numbers again into
 *       4 KiB buffers with a plain digit loop: what formatting that text costs
 *       on this CPU without seq_file's per-number calls ("fmt_ms=").
 *
 * Every command is checked; a failed one ends the run with exit status 1.
 * Result (one line, the benchmark parses it):
 *   zbench mode=M ios=N data_ios=N resets=N seconds=S busy=TICKS total=TICKS
 * ios counts every command (data and resets); busy/total are the /proc/stat
 * deltas over exactly the timed loop.
 *
 * With ZBENCH_MARK=ID in the environment, every reading of /proc/stat (at
 * both ends of the timed loop, and zbench stat) also writes the line
 * "BENCH mark ID" to /dev/console: uml-native.sh's host side reads UML's
 * CPU time on the host there.
 *
 * Every such reading also executes "xchg %bx,%bx", a no-op that phase insn's
 * QEMU plugin (insn_plugin.c) takes as a mark: the kernel instructions of a
 * timed loop are those between its two marks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/blkzoned.h>
#include <linux/fs.h>
#include <linux/nvme_ioctl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define NVME_CMD_ZONE_APPEND	0x7d

struct cpu_ticks {
	unsigned long long busy, total;
};

static void die(const char *what)
{
	fprintf(stderr, "zbench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void mark(void)
{
	const char *id = getenv("ZBENCH_MARK");
	char line[128];
	int fd, n;

	__asm__ volatile("xchg %%bx, %%bx" ::: "memory");	/* insn_plugin.c */
	if (!id || !*id)
		return;
	n = snprintf(line, sizeof(line), "BENCH mark %s\n", id);
	fd = open("/dev/console", O_WRONLY | O_NOCTTY);
	if (fd < 0 || write(fd, line, n) != n)
		die("/dev/console");
	close(fd);
}

static void read_ticks(struct cpu_ticks *t)
{
	unsigned long long v[10] = { 0 };
	FILE *f = fopen("/proc/stat", "r");
	int i;

	mark();

	if (!f)
		die("/proc/stat");
	if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		   &v[8], &v[9]) < 8) {
		fprintf(stderr, "zbench: cannot parse /proc/stat\n");
		exit(1);
	}
	fclose(f);
	/* user nice system idle iowait irq softirq steal (guest in user) */
	t->busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
	t->total = 0;
	for (i = 0; i < 8; i++)
		t->total += v[i];
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

struct zdev {
	int fd;
	unsigned int nsid;
	unsigned int lba_bytes;
	uint64_t zone_sectors;
};

static void open_dev(struct zdev *d, const char *path)
{
	unsigned int zs;
	int nsid;

	d->fd = open(path, O_RDWR | O_DIRECT);
	if (d->fd < 0)
		die(path);
	if (ioctl(d->fd, BLKGETZONESZ, &zs) || !zs)
		die("BLKGETZONESZ (not a zoned device?)");
	d->zone_sectors = zs;
	if (ioctl(d->fd, BLKSSZGET, &d->lba_bytes))
		die("BLKSSZGET");
	nsid = ioctl(d->fd, NVME_IOCTL_ID);
	d->nsid = nsid > 0 ? nsid : 0;
}

static void reset_zones(struct zdev *d, uint64_t first, uint64_t n)
{
	struct blk_zone_range r = {
		.sector = first * d->zone_sectors,
		.nr_sectors = n * d->zone_sectors,
	};

	if (ioctl(d->fd, BLKRESETZONE, &r))
		die("BLKRESETZONE");
}

static void *buffer(size_t bs)
{
	void *buf;

	if (posix_memalign(&buf, 4096, bs))
		die("posix_memalign");
	memset(buf, 0x5a, bs);
	return buf;
}

/* append: shared state */
static struct zdev dev;
static uint64_t first_zone, nr_zones, slots_per_zone;
static size_t bs;
static double deadline;
static atomic_ullong cursor;		/* next slot of this round */
static atomic_ullong appends;
static atomic_int stop;
static unsigned long long zone_resets;	/* written by thread 0 only */
static pthread_barrier_t barrier;

static void append_one(void *buf, uint64_t zone)
{
	struct nvme_passthru_cmd cmd = {
		.opcode = NVME_CMD_ZONE_APPEND,
		.nsid = dev.nsid,
		.addr = (uintptr_t)buf,
		.data_len = bs,
	};
	uint64_t zslba = zone * dev.zone_sectors * 512 / dev.lba_bytes;
	int ret;

	cmd.cdw10 = zslba & 0xffffffff;
	cmd.cdw11 = zslba >> 32;
	cmd.cdw12 = bs / dev.lba_bytes - 1;
	ret = ioctl(dev.fd, NVME_IOCTL_IO_CMD, &cmd);
	if (ret < 0)
		die("zone append ioctl");
	if (ret > 0) {
		fprintf(stderr, "zbench: zone append to zone %llu: NVMe status %#x\n",
			(unsigned long long)zone, ret);
		exit(1);
	}
	atomic_fetch_add(&appends, 1);
}

static void *append_thread(void *arg)
{
	long id = (long)arg;
	void *buf = buffer(bs);
	uint64_t total = nr_zones * slots_per_zone;

	for (;;) {
		uint64_t slot;

		while ((slot = atomic_fetch_add(&cursor, 1)) < total)
			append_one(buf, first_zone + slot / slots_per_zone);
		pthread_barrier_wait(&barrier);	/* every append of the round done */
		if (id == 0) {
			if (now() >= deadline)
				atomic_store(&stop, 1);
			else {
				reset_zones(&dev, first_zone, nr_zones);
				zone_resets += nr_zones;
			}
			atomic_store(&cursor, 0);
		}
		pthread_barrier_wait(&barrier);
		if (atomic_load(&stop))
			break;
	}
	free(buf);
	return NULL;
}

static int run_append(int argc, char **argv)
{
	struct cpu_ticks t0, t1;
	pthread_t *th;
	double start, secs;
	long i, threads;

	if (argc != 8)
		return 2;
	open_dev(&dev, argv[2]);
	threads = atol(argv[3]);
	first_zone = atoll(argv[4]);
	nr_zones = atoll(argv[5]);
	bs = atol(argv[6]);
	secs = atof(argv[7]);
	if (threads < 1 || !nr_zones || !bs || bs % dev.lba_bytes ||
	    (dev.zone_sectors * 512) % bs)
		return 2;
	slots_per_zone = dev.zone_sectors * 512 / bs;
	th = calloc(threads, sizeof(*th));
	pthread_barrier_init(&barrier, NULL, threads);

	reset_zones(&dev, first_zone, nr_zones);	/* not timed */
	read_ticks(&t0);
	start = now();
	deadline = start + secs;
	for (i = 0; i < threads; i++)
		if (pthread_create(&th[i], NULL, append_thread, (void *)i))
			die("pthread_create");
	for (i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	secs = now() - start;
	read_ticks(&t1);
	printf("zbench mode=append ios=%llu data_ios=%llu resets=%llu seconds=%.6f busy=%llu total=%llu\n",
	       atomic_load(&appends) + zone_resets, atomic_load(&appends),
	       zone_resets, secs, t1.busy - t0.busy, t1.total - t0.total);
	return 0;
}

static int run_reset(int argc, char **argv)
{
	unsigned long long writes = 0, resets = 0;
	uint64_t zone, nz, z0, w, nw;
	struct cpu_ticks t0, t1;
	double start, end, secs;
	void *buf;

	if (argc != 8)
		return 2;
	open_dev(&dev, argv[2]);
	z0 = atoll(argv[3]);
	nz = atoll(argv[4]);
	nw = atoll(argv[5]);
	bs = atol(argv[6]);
	secs = atof(argv[7]);
	if (!nz || !nw || !bs || bs % dev.lba_bytes ||
	    nw * bs > dev.zone_sectors * 512)
		return 2;
	buf = buffer(bs);
	reset_zones(&dev, z0, nz);	/* not timed */
	read_ticks(&t0);
	start = now();
	end = start + secs;
	for (zone = z0; now() < end; zone = zone + 1 < z0 + nz ? zone + 1 : z0) {
		off_t off = zone * dev.zone_sectors * 512;

		for (w = 0; w < nw; w++, off += bs) {
			if (pwrite(dev.fd, buf, bs, off) != (ssize_t)bs)
				die("pwrite");
			writes++;
		}
		reset_zones(&dev, zone, 1);
		resets++;
	}
	secs = now() - start;
	read_ticks(&t1);
	printf("zbench mode=reset ios=%llu data_ios=%llu resets=%llu seconds=%.6f busy=%llu total=%llu\n",
	       writes + resets, writes, resets, secs, t1.busy - t0.busy,
	       t1.total - t0.total);
	free(buf);
	return 0;
}

static int run_touch(int argc, char **argv)
{
	unsigned long long ios = 0;
	struct cpu_ticks t0, t1;
	uint64_t zone, nz, size;
	double start;
	void *buf;

	if (argc != 4)
		return 2;
	open_dev(&dev, argv[2]);
	bs = atol(argv[3]);
	if (!bs || bs % dev.lba_bytes || bs > dev.zone_sectors * 512)
		return 2;
	if (ioctl(dev.fd, BLKGETSIZE64, &size))
		die("BLKGETSIZE64");
	nz = size / (dev.zone_sectors * 512);
	buf = buffer(bs);
	reset_zones(&dev, 0, nz);
	read_ticks(&t0);
	start = now();
	for (zone = 0; zone < nz; zone++) {
		off_t off = zone * dev.zone_sectors * 512;

		if (pwrite(dev.fd, buf, bs, off) != (ssize_t)bs)
			die("pwrite");
		if (pread(dev.fd, buf, bs, off) != (ssize_t)bs)
			die("pread");
		ios += 2;
	}
	read_ticks(&t1);
	printf("zbench mode=touch ios=%llu data_ios=%llu resets=0 seconds=%.6f busy=%llu total=%llu\n",
	       ios, ios, now() - start, t1.busy - t0.busy, t1.total - t0.total);
	free(buf);
	return 0;
}

/* Digits of v at p, backwards from the end; returns the start. */
static char *put_u64(char *end, uint64_t v)
{
	do {
		*--end = '0' + v % 10;
		v /= 10;
	} while (v);
	return end;
}

static int run_fmt(int argc, char **argv)
{
	static char page[4096 + 1024];
	uint64_t *nums = NULL, sink = 0;
	size_t n = 0, cap = 0, i, lines = 0, out = 0, *line_end = NULL, lcap = 0;
	char *line = NULL;
	size_t len = 0;
	double start, secs;
	FILE *f;

	if (argc != 3)
		return 2;
	f = fopen(argv[2], "r");
	if (!f)
		die(argv[2]);
	while (getline(&line, &len, f) > 0) {
		char *p = line, *e;

		if (*p == '#')
			continue;
		for (;;) {
			uint64_t v = strtoull(p, &e, 10);

			if (e == p)
				break;
			if (n == cap) {
				cap = cap ? 2 * cap : 1 << 16;
				nums = realloc(nums, cap * sizeof(*nums));
			}
			nums[n++] = v;
			p = e;
		}
		if (lines == lcap) {
			lcap = lcap ? 2 * lcap : 1 << 12;
			line_end = realloc(line_end, lcap * sizeof(*line_end));
		}
		line_end[lines++] = n;
	}
	fclose(f);
	start = now();
	for (i = 0, n = 0; i < lines; i++) {
		char buf[64 * 21], *end = buf + sizeof(buf), *p = end;
		size_t k;

		for (k = line_end[i]; k > n; k--) {	/* backwards: the line's last number first */
			if (p != end)
				*--p = ' ';
			p = put_u64(p, nums[k - 1]);
		}
		n = line_end[i];
		if (out + (end - p) + 1 > 4096) {	/* a page full: "copy to user" */
			sink += page[out / 2];
			out = 0;
		}
		memcpy(page + out, p, end - p);
		out += end - p;
		page[out++] = '\n';
	}
	secs = now() - start;
	printf("zbench mode=fmt lines=%zu numbers=%zu fmt_ms=%.2f sink=%llu\n", lines, n,
	       secs * 1000, (unsigned long long)sink % 10);
	free(nums);
	free(line_end);
	free(line);
	return 0;
}

int main(int argc, char **argv)
{
	int ret = 2;

	if (argc >= 2 && !strcmp(argv[1], "stat")) {
		struct cpu_ticks t;

		read_ticks(&t);
		printf("busy=%llu total=%llu\n", t.busy, t.total);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "append"))
		ret = run_append(argc, argv);
	else if (argc >= 2 && !strcmp(argv[1], "reset"))
		ret = run_reset(argc, argv);
	else if (argc >= 2 && !strcmp(argv[1], "touch"))
		ret = run_touch(argc, argv);
	else if (argc >= 2 && !strcmp(argv[1], "fmt"))
		ret = run_fmt(argc, argv);
	if (ret == 2)
		fprintf(stderr,
			"usage: zbench stat\n"
			"       zbench append DEV THREADS FIRST_ZONE NR_ZONES BS SECONDS\n"
			"       zbench reset DEV FIRST_ZONE NR_ZONES WRITES BS SECONDS\n"
			"       zbench touch DEV BS\n"
			"       zbench fmt FILE\n");
	return ret;
}
