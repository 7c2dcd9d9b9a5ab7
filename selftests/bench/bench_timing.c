// SPDX-License-Identifier: GPL-2.0
/*
 * bench_timing.c - the hot-path timer of the benchmark's debug build of
 * zns_stat (selftests/bench/timed.Kbuild; never part of the real module).
 *
 * That build compiles module/probe.c with
 * -Dzns_probe_setup=zns_timed_setup and -Dzns_probe_done=zns_timed_done, so
 * tp.c registers the two wrappers below on the tracepoints, and each wrapper
 * times the real probe with the TSC:
 *
 *   tracepoint -> zns_probe_setup() here: rdtsc, zns_timed_setup() = the
 *                 real zns_probe_setup() of module/probe.c, rdtsc
 *
 * Sums, counts and a histogram of the durations (25 ns buckets up to 20 us)
 * are per CPU (the probes run with preemption disabled). The histogram gives
 * medians, which a host that deschedules the emulated CPU mid-probe (other
 * guests on the machine) does not move; the sums give means, which it does.
 * Two knobs split the figures by path (both outside the timed region):
 * bench_class times only the commands of one operation (the in-flight
 * slot's op, enum zns_op: 2 read, 3 write, 4 append, 5 reset; 0 all), so
 * that a reset's completion, which appends to the reset log, is seen apart
 * from the writes around it. bench_path 0 leaves the probes alone; 1 reads
 * the request's slot before each call (so its lines are warm, as in 2), and
 * 2 also makes the slot's retire_seq stale, so that both probes take their
 * full path (the disk's hash lookup, namespace and tag set): 2 against 1 is
 * the price of the full path over the common one through the slot.
 *
 * Module parameters, in /sys/module/zns_stat/parameters/:
 *   bench_timing  read: "setup_calls=N setup_ns=N setup_med_ns=N done_calls=N
 *                 done_ns=N done_med_ns=N rdtsc_ns=F clock_ns=F atomic_ns=F
 *                 tsc_khz=N": ns totals and medians, with the timer's own
 *                 cost (rdtsc_ns per call) not yet subtracted, and what one
 *                 ktime_get_ns() and one atomic64_inc() cost here (measured
 *                 on read); write anything: zero the sums
 *   bench_layout  read: the sizes of the module's structures, in bytes
 *   bench_class   see above, 0644
 *   bench_path    see above, 0644
 * x86 (rdtsc_ordered(), tsc_khz), like the benchmark's guest; or User-Mode
 * Linux on x86_64 (selftests/bench/uml-native.sh), which has neither: there
 * the TSC is read with lfence; rdtsc (the host's CPU runs the code), and
 * tsc_khz is measured against ktime_get_ns() on every write of
 * bench_timing, which must come before timing (the histogram is in ns).
 * UML's histogram has 5 ns buckets (native speed), the guest's 25 ns.
 */
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#ifdef CONFIG_UML
#include <linux/delay.h>
#include <linux/timekeeping.h>
#else
#include <asm/msr.h>
#include <asm/tsc.h>
#endif

#include "module/internal.h"

#ifndef ZNS_BENCH_TIMING
#error "bench_timing.c belongs to the benchmark's timed build only"
#endif

void zns_timed_setup(void *data, struct request *req, struct nvme_command *cmd);
void zns_timed_done(void *data, struct request *req);

#ifdef CONFIG_UML
#define BUCKET_NS	5	/* a native CPU: the last bucket is 4 us and more */
#else
#define BUCKET_NS	25
#endif
#define NR_BUCKETS	800	/* the last one: 800 buckets and more */

struct bench_sums {
	u64 setup_calls, setup_cycles;
	u64 done_calls, done_cycles;
	u32 setup_hist[NR_BUCKETS];
	u32 done_hist[NR_BUCKETS];
};

static DEFINE_PER_CPU(struct bench_sums, bench_sums);

#ifdef CONFIG_UML
/* UML: the host's TSC, read in order, and its rate measured here. */
static unsigned int tsc_khz;

static __always_inline u64 rdtsc_ordered(void)
{
	u32 lo, hi;

	asm volatile("lfence; rdtsc" : "=a" (lo), "=d" (hi) :: "memory");
	return (u64)hi << 32 | lo;
}

/* TSC cycles over 20 ms of ktime_get_ns() (the host's CLOCK_MONOTONIC). */
static void tsc_calibrate(void)
{
	u64 t0, c0, t1, c1;

	t0 = ktime_get_ns();
	c0 = rdtsc_ordered();
	do {
		t1 = ktime_get_ns();
		c1 = rdtsc_ordered();
	} while (t1 - t0 < 20 * NSEC_PER_MSEC);
	WRITE_ONCE(tsc_khz, div64_u64((c1 - c0) * 1000000ULL, t1 - t0));
}
#else
static void tsc_calibrate(void)
{
}
#endif

static int bench_class;	/* enum zns_op; 0: every command */
module_param(bench_class, int, 0644);
MODULE_PARM_DESC(bench_class, "benchmark build: time only this op (enum zns_op), 0 all");

static int bench_path;	/* 1: the slot read first; 2: and made stale */
module_param(bench_path, int, 0644);
MODULE_PARM_DESC(bench_path, "benchmark build: 1 reads the slot first, 2 also makes it stale (full path)");

/*
 * Before a probe (untimed): the op of the request's slot, and with
 * bench_path 2 the slot made stale, so the probe does not trust it.
 */
static int slot_prepare(struct request *req)
{
	struct zns_cmd *slot;
	int op = ZNS_OP_NONE;

	rcu_read_lock();
	slot = inflight_find(req);
	if (slot) {
		op = slot->op;
		if (READ_ONCE(bench_path) == 2)
			slot->retire_seq = READ_ONCE(zns_retire_seq) - 1;
	}
	rcu_read_unlock();
	return op;
}

/* After a setup (untimed): the op it decoded into the slot. */
static int slot_op(struct request *req)
{
	struct zns_cmd *slot;
	int op;

	rcu_read_lock();
	slot = inflight_find(req);
	op = slot ? slot->op : ZNS_OP_NONE;
	rcu_read_unlock();
	return op;
}

static u64 cycles_to_ns(u64 cycles)
{
	return tsc_khz ? div64_u64(cycles * 1000000ULL, tsc_khz) : 0;
}

static unsigned int bucket(u64 cycles)
{
	return min_t(u64, cycles_to_ns(cycles) / BUCKET_NS, NR_BUCKETS - 1);
}

void zns_probe_setup(void *data, struct request *req, struct nvme_command *cmd)
{
	int class = READ_ONCE(bench_class);
	u64 t0, d;

	if (class || READ_ONCE(bench_path))
		slot_prepare(req);
	t0 = rdtsc_ordered();
	zns_timed_setup(data, req, cmd);
	d = rdtsc_ordered() - t0;
	if (class && slot_op(req) != class)
		return;
	this_cpu_add(bench_sums.setup_cycles, d);
	this_cpu_inc(bench_sums.setup_calls);
	this_cpu_inc(bench_sums.setup_hist[bucket(d)]);
}

void zns_probe_done(void *data, struct request *req)
{
	int class = READ_ONCE(bench_class), op = ZNS_OP_NONE;
	u64 t0, d;

	if (class || READ_ONCE(bench_path))
		op = slot_prepare(req);
	t0 = rdtsc_ordered();
	zns_timed_done(data, req);
	d = rdtsc_ordered() - t0;
	if (class && op != class)
		return;
	this_cpu_add(bench_sums.done_cycles, d);
	this_cpu_inc(bench_sums.done_calls);
	this_cpu_inc(bench_sums.done_hist[bucket(d)]);
}

/* The median of a histogram summed over every CPU, in ns (bucket middle). */
static u64 hist_median(size_t offset, u64 calls)
{
	u64 seen = 0;
	int i, cpu;

	if (!calls)
		return 0;
	for (i = 0; i < NR_BUCKETS; i++) {
		for_each_possible_cpu(cpu)
			seen += ((u32 *)((char *)per_cpu_ptr(&bench_sums, cpu) + offset))[i];
		if (2 * seen >= calls)
			break;
	}
	return (u64)i * BUCKET_NS + BUCKET_NS / 2;
}

/*
 * What one thing costs here, in ps: 0 an empty rdtsc_ordered() (the timer
 * itself), 1 ktime_get_ns() (the module reads the clock at setup and at
 * completion), 2 atomic64_inc(). The mean of 100 in a row, the lowest of 20
 * such batches: a batch the host preempted says nothing about the cost.
 */
static atomic64_t calib_counter;

static u64 cost_ps(int what)
{
	u64 t0, t1, best = U64_MAX;
	int batch, i;

	for (batch = 0; batch < 20; batch++) {
		preempt_disable();
		t0 = rdtsc_ordered();
		for (i = 0; i < 100; i++) {
			if (what == 0) {
				t1 = rdtsc_ordered();
				barrier_data(&t1);
			} else if (what == 1) {
				t1 = ktime_get_ns();
				barrier_data(&t1);
			} else {
				atomic64_inc(&calib_counter);
			}
		}
		t1 = rdtsc_ordered();
		preempt_enable();
		best = min(best, t1 - t0);
	}
	/* cycles * 1e6 / tsc_khz = ns for 100 calls; * 1000 / 100 = ps per call */
	return tsc_khz ? div64_u64(best * 10000000ULL, tsc_khz) : 0;
}

static int timing_get(char *buf, const struct kernel_param *kp)
{
	u64 ps = cost_ps(0), clock_ps = cost_ps(1), atomic_ps = cost_ps(2);
	struct bench_sums t = { 0 };
	int cpu;

	for_each_possible_cpu(cpu) {
		struct bench_sums *s = per_cpu_ptr(&bench_sums, cpu);

		t.setup_calls += READ_ONCE(s->setup_calls);
		t.setup_cycles += READ_ONCE(s->setup_cycles);
		t.done_calls += READ_ONCE(s->done_calls);
		t.done_cycles += READ_ONCE(s->done_cycles);
	}
	return sysfs_emit(buf, "setup_calls=%llu setup_ns=%llu setup_med_ns=%llu done_calls=%llu done_ns=%llu done_med_ns=%llu rdtsc_ns=%llu.%03llu clock_ns=%llu.%03llu atomic_ns=%llu.%03llu tsc_khz=%u\n",
			  t.setup_calls, cycles_to_ns(t.setup_cycles),
			  hist_median(offsetof(struct bench_sums, setup_hist), t.setup_calls),
			  t.done_calls, cycles_to_ns(t.done_cycles),
			  hist_median(offsetof(struct bench_sums, done_hist), t.done_calls),
			  ps / 1000, ps % 1000, clock_ps / 1000, clock_ps % 1000,
			  atomic_ps / 1000, atomic_ps % 1000, tsc_khz);
}

static int timing_set(const char *val, const struct kernel_param *kp)
{
	int cpu;

	tsc_calibrate();
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&bench_sums, cpu), 0, sizeof(struct bench_sums));
	return 0;
}

static const struct kernel_param_ops timing_ops = {
	.get = timing_get,
	.set = timing_set,
};
module_param_cb(bench_timing, &timing_ops, NULL, 0644);
MODULE_PARM_DESC(bench_timing, "benchmark build: probe time sums; write to zero");

static int layout_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "zone_stat=%zu zone_table=%zu inflight_table=%zu zns_cmd=%zu zns_disk=%zu\n",
			  sizeof(struct zone_stat), sizeof(struct zone_table),
			  sizeof(struct inflight_table), sizeof(struct zns_cmd),
			  sizeof(struct zns_disk));
}

static const struct kernel_param_ops layout_ops = {
	.get = layout_get,
};
module_param_cb(bench_layout, &layout_ops, NULL, 0444);
MODULE_PARM_DESC(bench_layout, "benchmark build: structure sizes in bytes");
