/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench_localclock.h - forced into module/probe.c by the benchmark's
 * "localclock" timed build (build-timed.sh): the probes' ktime_get_ns() calls
 * become local_clock() (sched_clock: the TSC on x86, no clocksource read),
 * to measure what that change to the module would save.
 */
#include <linux/ktime.h>
#include <linux/sched/clock.h>

#define ktime_get_ns() local_clock()

#undef pr_fmt	/* probe.c defines its own */
