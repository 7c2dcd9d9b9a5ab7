#!/usr/bin/env python3
"""report.py RESULTS - the tables of the zns_stat benchmark (bench.sh).

RESULTS holds the guest's "BENCH key=value ..." lines and bench.sh's "HOST"
lines. Medians over rounds; ratios B/A and C/A are taken per round (the
configurations of one round ran back to back), then their median is shown.
CPU per I/O: /proc/stat busy ticks of all CPUs over the timed part of a run,
divided by the run's I/Os (commands, resets included).
"""
import statistics
import sys
from collections import defaultdict

WORKLOADS = ["rr1", "rr32", "seqw", "append", "reset"]
TITLES = {
    "rr1": "4 KiB random read, QD1",
    "rr32": "4 KiB random read, QD32",
    "seqw": "sequential zone writes, 4 KiB",
    "append": "zone append, 4 threads, same zones",
    "reset": "fill 64 KiB zone (4 x 16 KiB), reset",
}
QD = {"rr1": 1, "rr32": 32, "seqw": 1, "append": 4, "reset": 1}
TARGET_IOPS = 0.98      # B within 2% of A
TARGET_CPU = 0.25       # zns_stat's hot path at most 1/4 of seed.bt's (issue 15)
STRETCH_CPU = 0.10      # and the stretch goal
TARGET_BYTES = 320      # zone_stat, a multiple of 64 (issue 28: one zone, 5 cache lines)
TARGET_READ_MS = 100    # zones of 65536 zones
TARGET_CI = 0.01        # phase cpu: the median B/A known within +-1% (issue 27)
TARGET_MINUTES = 20     # phase cpu: within 20 minutes


def scale_tools(recs, host, p):
    """ZNS_BENCH_TOOL_BASE: the base commit's zns-stat against this tree's,
    interleaved on the same namespace; the ratio new/base per pair, then
    its median."""
    runs = defaultdict(list)
    for r in recs:
        if r.get("phase") == "scale" and r.get("tool") in ("base", "new"):
            runs[(r["what"], r.get("rep"), r["tool"])].append(float(r["ms"]))
    if not runs:
        return
    p("  zns-stat of %s (base) and of this tree (new), interleaved (ms, median; ratio new/base per pair):"
      % host.get("base_tool", "?"))
    for what, title in (("tool_all", "zns-stat --all"),
                        ("tool_record", "zns-stat record -d 1 (with figures)")):
        reps = sorted({k[1] for k in runs if k[0] == what})
        base = [runs[(what, k, "base")][0] for k in reps if (what, k, "base") in runs]
        new = [runs[(what, k, "new")][0] for k in reps if (what, k, "new") in runs]
        ratios = [runs[(what, k, "new")][0] / runs[(what, k, "base")][0] for k in reps
                  if (what, k, "new") in runs and (what, k, "base") in runs
                  and runs[(what, k, "base")][0] > 0]
        if not base or not new:
            continue
        p("    %-36s base %8.0f  new %8.0f  new/base %.3f  (base %s; new %s)" % (
            title, med(base), med(new), med(ratios) if ratios else float("nan"),
            " ".join("%.0f" % x for x in base), " ".join("%.0f" % x for x in new)))


def parse(path):
    recs, host, notes = [], {}, []
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("bench: "):
            notes.append(line[7:])
            continue
        kind, _, rest = line.partition(" ")
        if kind not in ("BENCH", "HOST"):
            continue
        kv = {}
        for word in rest.split():
            k, eq, v = word.partition("=")
            if eq:
                kv[k] = v
        if kind == "HOST":
            host.update(kv)
        else:
            recs.append(kv)
    return recs, host, notes


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def inner(xs):
    """2nd lowest and 2nd highest of xs (all of them when fewer than 4)."""
    xs = sorted(xs)
    return (xs[1], xs[-2]) if len(xs) >= 4 else (xs[0], xs[-1])


def median_ci(xs):
    """About 95% confidence interval of the median, by order statistics:
    the k-th lowest and k-th highest, k = (n - 1.96 sqrt(n)) / 2 (at least 1)."""
    xs = sorted(xs)
    k = max(int((len(xs) - 1.96 * len(xs) ** 0.5) / 2), 1)
    return xs[k - 1], xs[-k]


def iops_verdict(lo, hi, more):
    """B/A >= TARGET_IOPS judged on the median's CI lo..hi; more: what would narrow it."""
    ci = "the median's 95%% CI %.3f..%.3f" % (lo, hi)
    if lo >= TARGET_IOPS:
        return "met (%s is above %.2f)" % (ci, TARGET_IOPS)
    if hi < TARGET_IOPS:
        return "MISSED (%s is below %.2f)" % (ci, TARGET_IOPS)
    return "NOT RESOLVED (%s holds %.2f: more %s)" % (ci, TARGET_IOPS, more)


def fmt(x, spec="{:.0f}"):
    return "-" if x is None else spec.format(x)


def like_for_like(p, runs):
    """D (like.bt) and A0 (iostats off) beside A and B, ratios per round."""
    rows = []
    for wl in WORKLOADS:
        a = runs.get((wl, "A"), {})
        cols = {c: runs.get((wl, c), {}) for c in ("A0", "B", "D")}
        if not a or not (cols["D"] or cols["A0"]):
            continue

        def ratio(c):
            r = sorted(set(a) & set(cols[c]))
            return med([cols[c][i][0] / a[i][0] for i in r]) if r else None

        def added(c):
            r = sorted(set(a) & set(cols[c]))
            return med([(cols[c][i][1] - a[i][1]) / 1000 for i in r]) if r else None
        b, d, a0 = added("B"), added("D"), added("A0")
        rows.append("%-7s %9s %9s %9s %7s %7s %7s  %8s %8s %8s %7s" % (
            wl, fmt(med(v[0] for v in cols["A0"].values())),
            fmt(med(v[0] for v in cols["D"].values())), fmt(med(v[0] for v in a.values())),
            fmt(ratio("A0"), "{:.3f}"), fmt(ratio("B"), "{:.3f}"), fmt(ratio("D"), "{:.3f}"),
            fmt(-a0 if a0 is not None else None, "{:+.1f}"), fmt(b, "{:+.1f}"),
            fmt(d, "{:+.1f}"), fmt(b / d, "{:.2f}") if b is not None and d else "-"))
    if not rows:
        return
    p("")
    p("1b. Like for like: D = like.bt (zns_stat's work in bpftrace, same tracepoints);")
    p("    A0 = untraced with queue/iostats 0 (the block layer's own per-I/O statistics off)")
    p("%-7s %9s %9s %9s %7s %7s %7s  %8s %8s %8s %7s" % (
        "wl", "IOPS A0", "IOPS D", "IOPS A", "A0/A", "B/A", "D/A",
        "A-A0", "B-A", "D-A", "(B-A)/"))
    p("%-7s %9s %9s %9s %7s %7s %7s  %8s %8s %8s %7s" % (
        "", "", "", "", "", "", "", "us/IO", "us/IO", "us/IO", "(D-A)"))
    for r in rows:
        p(r)


def cpu_phase(recs, tick_ns, p, uml=False, host=None):
    """Phase cpu: A0, A, B and D on the CPU-bound namespace, rounds with the
    order reversed every round. Per round and workload the ratios B/A, A0/A
    and D/A and the CPU per I/O differences; their medians with the median's
    ~95% CI. Returns {wl: verdict inputs} for the targets.
    uml: the same rounds in User-Mode Linux (uml-native.sh, ZNS_UML_MODE=ab),
    whose one CPU does all the work: CPU per command = the host CPU time of
    UML's cgroup over the run's timed part (the "hostcpu" readings at its two
    marks) / its commands, in ns, and IOPS = commands per second of that CPU
    time (the elapsed time counts what else ran on UML's host CPU); without
    the readings, the run's elapsed time."""
    marks = defaultdict(list)   # mark -> host CPU time readings, ns
    for r in recs:
        if r.get("phase") == "hostcpu" and r.get("usage_ns", "").isdigit():
            marks[r["mark"]].append(int(r["usage_ns"]))
    runs = defaultdict(dict)    # (wl, cfg) -> round -> (iops, cpu_ns per I/O)
    elapsed = defaultdict(dict)  # the same, IOPS by elapsed time (UML)
    host_cpu = 0
    env = next((r for r in recs if r.get("phase") == "cpu_env"), {})
    # -icount shift=0 (bench.sh): the guest's time is its one vCPU's
    # instructions, 1 ns each, so a run's time per command is instructions
    # per command (an idle vCPU skips to its next timer: little idle is left)
    icount = env.get("clock") == "icount"
    for r in recs:
        if r.get("phase") == "cpu" and "wl" in r:
            ios, secs = int(r["ios"]), float(r["seconds"])
            cpu_ns = secs * 1e9 if icount else int(r["busy"]) * tick_ns
            m = marks.get(r.get("mark"), [])
            if uml:
                cpu_ns = secs * 1e9
                elapsed[(r["wl"], r["cfg"])][int(r["round"])] = ios / secs
                if len(m) >= 2 and m[-1] > m[0]:
                    cpu_ns, secs = m[-1] - m[0], (m[-1] - m[0]) / 1e9
                    host_cpu += 1
            runs[(r["wl"], r["cfg"])][int(r["round"])] = (ios / secs, cpu_ns / max(ios, 1))
    if not runs:
        return {}
    unit, div, spec = ("ns", 1, "{:+.0f}") if uml else ("us", 1000, "{:+.2f}")
    if icount:
        unit, div, spec = ("instructions", 1, "{:+.0f}")
    done = next((r for r in recs if r.get("phase") == "done" and r.get("name") == "cpu"), {})
    counted = next((r for r in recs if r.get("phase") == "cpu_counted"), None)
    starts = [int(r["bpftrace_start_ms"]) for r in recs
              if r.get("phase") == "cpu" and "bpftrace_start_ms" in r]
    minutes = int(done["ms"]) / 60000 if "ms" in done else None
    guest_minutes = minutes
    if icount:  # the verdict's minutes are the host's: the whole -icount boot
        boot_s = (host or {}).get("icount_boot_s", "")
        minutes = int(boot_s) / 60 if boot_s.isdigit() else None
    p("1d. CPU-bound substrate (%s): a zoned null_blk without data, exported by nvmet,"
      % ("in UML" if uml else "phase cpu"))
    p("    reached through nvme-%s as %s (%s zones of %s sectors, %s B LBAs); %s in %s"
      % (env.get("transport", "?"), env.get("disk", "?"), env.get("zones", "?"),
         env.get("zone_sectors", "?"), env.get("lba", "?"),
         env.get("configs", "A0,A,B,D").replace(",", " "), env.get("rounds", "?")))
    if uml:
        p("    rounds of %s s runs, A0 A B back to back per workload, the order reversed every"
          % env.get("seconds", "?"))
        p("    round; zns_stat (its normal build) loaded throughout, enabled=0 (probes")
        p("    unregistered) in A0 and A; the rounds took %s min. IOPS: commands per second of"
          % fmt(minutes, "{:.1f}"))
        p("    %s (%d of %d runs). Per round:" % (
            "UML's CPU time on the host (its cgroup)" if host_cpu else "elapsed time",
            host_cpu, sum(len(v) for v in runs.values())))
    elif icount:
        p("    rounds of %s s runs of guest time, which counts instructions (QEMU -icount"
          % env.get("seconds", "?"))
        p("    shift=0, one vCPU: 1 ns per instruction, the host's load cannot move it), A0 A B")
        p("    back to back per workload, the order reversed every round; the phase took %s min"
          % fmt(guest_minutes, "{:.1f}"))
        p("    of guest time, its boot %s min of the host's. IOPS: commands per 10^9"
          % fmt(minutes, "{:.1f}"))
        p("    instructions. Per round:")
    else:
        p("    rounds of %s s runs (guest idle: %s), A0 A B back to back per workload, the order"
          % (env.get("seconds", "?"), env.get("idle") or "halt"))
        p("    reversed every round, D in a block; the phase took %s min. Per round:"
          % fmt(minutes, "{:.1f}"))
    p("    IOPS ratios and CPU per I/O differences; their median and the median's ~95% CI")
    p("%-7s %6s %9s  %-22s %-22s %-22s" % ("wl", "rounds", "IOPS A", "B/A (95% CI)",
                                           "A0/A (95% CI)", "D/A (95% CI)"))

    def paired(wl, c, f):
        a, x = runs.get((wl, "A"), {}), runs.get((wl, c), {})
        return [f(x[i], a[i]) for i in sorted(set(a) & set(x))]

    def with_ci(xs, spec="{:.3f}"):
        if not xs:
            return "-"
        lo, hi = median_ci(xs)
        return "%s %s..%s" % (spec.format(med(xs)), spec.format(lo), spec.format(hi))

    verdict = {}
    detail = []
    for wl in WORKLOADS:
        a = runs.get((wl, "A"), {})
        if not a:
            continue
        ratio = {c: paired(wl, c, lambda x, y: x[0] / y[0]) for c in ("B", "A0", "D")}
        p("%-7s %6d %9.0f  %-22s %-22s %-22s" % (
            wl, len(a), med(v[0] for v in a.values()), with_ci(ratio["B"]),
            with_ci(ratio["A0"]), with_ci(ratio["D"])))
        # CPU per I/O (us, or ns in UML): B-A, A-A0, D-A per round
        ba = paired(wl, "B", lambda x, y: (x[1] - y[1]) / div)
        aa0 = [-v for v in paired(wl, "A0", lambda x, y: (x[1] - y[1]) / div)]
        da = paired(wl, "D", lambda x, y: (x[1] - y[1]) / div)
        # zns_stat's added CPU against the block layer's accounting, per round
        b_, a_, a0_ = runs.get((wl, "B"), {}), a, runs.get((wl, "A0"), {})
        rr = sorted(set(b_) & set(a_) & set(a0_))
        excess = [((b_[i][1] - a_[i][1]) - (a_[i][1] - a0_[i][1])) / div for i in rr]
        excess_half = [((b_[i][1] - a_[i][1]) - (a_[i][1] - a0_[i][1]) / 2) / div for i in rr]
        verdict[wl] = dict(ba=ratio["B"], excess=excess, excess_half=excess_half,
                           mba=med(ba), maa0=med(aa0), unit=unit, spec=spec)
        detail.append("%-7s %8s  %-20s %-20s %-20s %9s %9s" % (
            wl, fmt(med(v[1] / div for v in a.values()), "{:.1f}" if div > 1 else "{:.0f}"),
            with_ci(aa0, spec), with_ci(ba, spec), with_ci(da, spec),
            fmt(med(ba) / med(aa0), "{:.2f}") if ba and aa0 and med(aa0) else "-",
            fmt(med(ba) / med(da), "{:.2f}") if ba and da and med(da) else "-"))
    if uml:
        p("CPU per command (ns; %s / the run's commands: UML's one CPU does all"
          % ("UML's host CPU time over the run" if host_cpu else "the run's elapsed time"))
        p("the work, %s of it busy in UML's /proc/stat over the runs), per-round differences,"
          % busy_share(recs))
        p("median and ~95% CI (D: not possible in UML, which has no BPF on tracepoints):")
    elif icount:
        p("CPU per I/O (instructions: the run's guest time / I/Os), per-round differences,")
        p("median and ~95% CI:")
    else:
        p("CPU per I/O (us; busy ticks of all CPUs / I/Os), per-round differences, median and ~95% CI:")
    p("%-7s %8s  %-20s %-20s %-20s %9s %9s" % ("wl", "cpu A", "A-A0 (iostats)", "B-A (zns_stat)",
                                              "D-A (like.bt)", "(B-A)/", "(B-A)/"))
    p("%-7s %8s  %-20s %-20s %-20s %9s %9s" % ("", "", "", "", "", "(A-A0)", "(D-A)"))
    for line in detail:
        p(line)
    p("per-round IOPS ratios B/A:")
    for wl in verdict:
        p("  %-7s %s" % (wl, " ".join("%.3f" % x for x in verdict[wl]["ba"])))
    if uml and host_cpu:
        p("the same by elapsed time (what else ran on UML's host CPU counts), B/A and A0/A:")
        for wl in WORKLOADS:
            a, b, a0 = (elapsed.get((wl, c), {}) for c in ("A", "B", "A0"))
            xb = [b[i] / a[i] for i in sorted(set(a) & set(b))]
            x0 = [a0[i] / a[i] for i in sorted(set(a) & set(a0))]
            if xb:
                p("  %-7s B/A %s   A0/A %s" % (wl, with_ci(xb), with_ci(x0)))
    if starts:
        p("bpftrace start-up: median %.1f s (%d starts)" % (med(starts) / 1000, len(starts)))
    if uml:
        moved = [int(r["counted"]) for r in recs if r.get("phase") == "cpu"
                 and r.get("cfg") != "B" and "counted" in r]
        if moved:
            p("zns_stat's counts over the A0 and A runs (probes detached): %d commands in %d runs"
              % (sum(moved), len(moved)))
    if counted and uml:
        n = sum(int(counted.get(k, 0)) for k in ("reads", "writes", "appends", "resets"))
        p("zns_stat counted in the B runs: %d commands (%s); issued: %s by the workloads,"
          " + %s resets by blkzone after seqw, + 256 resets preparing each of %s zbench reset"
          " runs = %d; errors=%s dropped_untracked=%s" % (
              n, " ".join("%s=%s" % (k, counted.get(k)) for k in
                          ("reads", "writes", "appends", "resets")),
              counted.get("b_ios"), counted.get("b_blkzone_resets"), counted.get("b_reset_runs"),
              int(counted.get("b_ios", 0)) + int(counted.get("b_blkzone_resets", 0))
              + 256 * int(counted.get("b_reset_runs", 0)),
              counted.get("errors"), counted.get("dropped_untracked")))
    elif counted:
        p("zns_stat counted on %s (B runs and the warm-up): %s" % (
            counted.get("disk"), " ".join("%s=%s" % (k, v) for k, v in counted.items()
                                         if k not in ("phase", "disk"))))
    p("")
    for v in verdict.values():
        v["minutes"] = minutes
    return verdict


def busy_share(recs):
    """UML's busy ticks over its total ticks, over every run of phase cpu."""
    busy = sum(int(r.get("busy", 0)) for r in recs if r.get("phase") == "cpu")
    total = sum(int(r.get("total", 0)) for r in recs if r.get("phase") == "cpu")
    return "%.1f%%" % (100.0 * busy / total) if total else "?"


def cpu_targets(cpu, p, where="phase cpu"):
    """The verdicts of issue 27 on the CPU-bound substrate."""
    if not cpu:
        return
    minutes = next(iter(cpu.values()))["minutes"]
    p("  on the CPU-bound substrate (%s, %s min):" % (where, fmt(minutes, "{:.1f}")))
    few = {wl for wl, v in cpu.items() if len(v["ba"]) < 5}
    if few:
        p("    (%s: fewer than 5 rounds, whose lowest and highest are no 95%% interval of the"
          " median: NOT RESOLVED)" % " ".join(sorted(few)))
    for wl, v in cpu.items():
        if not v["ba"]:
            continue
        m = med(v["ba"])
        lo, hi = median_ci(v["ba"])
        half = max(m - lo, hi - m)
        p("    B/A known within +-1%%, %-7s median %.3f, CI %.3f..%.3f (+-%.1f%%): %s"
          % (wl, m, lo, hi, 100 * half, "NOT RESOLVED (too few rounds)" if wl in few else
             "met" if half <= TARGET_CI else "MISSED (more rounds or a quieter host)"))
    for wl, v in cpu.items():
        if not v["ba"]:
            continue
        m = med(v["ba"])
        lo, hi = median_ci(v["ba"])
        s = iops_verdict(lo, hi, "rounds") if wl not in few else "NOT RESOLVED (too few rounds)"
        p("    B/A >= %.2f, %-7s median %.3f of %d rounds: %s" % (TARGET_IOPS, wl, m, len(v["ba"]), s))
    for key, what in (("excess", "<= the block layer's accounting (A-A0)"),
                      ("excess_half", "<= half of it (stretch)")):
        for wl, v in cpu.items():
            xs = v[key]
            if not xs:
                continue
            lo, hi = median_ci(xs)
            if wl in few:
                s = "NOT RESOLVED (too few rounds)"
            elif hi <= 0:
                s = "met"
            elif lo > 0:
                s = "MISSED"
            else:
                s = "NOT RESOLVED (noise)"
            sp = v.get("spec", "{:+.2f}")
            p("    added CPU per command %s, %-7s B-A %s vs A-A0 %s %s/IO; per round"
              " (B-A)-%s(A-A0) median %s, CI %s..%s: %s"
              % (what, wl, fmt(v["mba"], sp), fmt(v["maa0"], sp), v.get("unit", "us"),
                 "" if key == "excess" else "1/2 ", sp.format(med(xs)), sp.format(lo),
                 sp.format(hi), s))
    if minutes is not None:
        p("    within %d minutes: the phase took %.1f min: %s" % (
            TARGET_MINUTES, minutes, "met" if minutes <= TARGET_MINUTES else "MISSED"))


def uml_main(recs, host, env, p):
    """uml-native.sh's mode ab: phase cpu's A/B comparison in User-Mode Linux."""
    p("zns_stat on a CPU-bound substrate in User-Mode Linux (make bench-native-ab): the kernel's")
    p("code runs natively on one host CPU; relative figures (A0/A, B/A, per-command differences)")
    p("  UML: kernel %s, %s CPU, %s; %s s per run, %s rounds" % (
        env.get("kernel"), env.get("cpus"), env.get("fio"), env.get("seconds"),
        env.get("rounds")))
    p("  host: %s, %s cores, UML pinned to CPU %s; load average before %s, after %s;"
      " commit %s (%s files changed)" % (
          host.get("cpu", "?").replace("_", " "), host.get("cores"), host.get("pinned"),
          host.get("load_before"), host.get("load_after"), host.get("commit"),
          host.get("dirty")))
    p("")
    cpu = cpu_phase(recs, 0, p, uml=True)
    p("Targets (issue 27)")
    cpu_targets(cpu, p, "UML")
    p("rmmod zns_stat afterwards: %s" % host.get("rmmod", "?"))


def main():
    recs, host, notes = parse(sys.argv[1])
    env = next((r for r in recs if r.get("phase") == "env"), {})
    tick_ns = 1e9 / float(env.get("hz", 100))
    out = []
    p = out.append
    if env.get("substrate") == "uml":
        uml_main(recs, host, env, p)
        print("\n".join(out))
        return

    p("zns_stat benchmark (QEMU TCG: software-emulated CPU and NVMe; relative figures only)")
    p("  guest: kernel %s, %s vCPUs, clocksource %s, bpftrace %s, %s; %s s per run, %s rounds"
      % (env.get("kernel"), env.get("cpus"), env.get("clocksource"), env.get("bpftrace"),
         env.get("fio"), env.get("seconds"), env.get("rounds")))
    p("  host: %s, %s cores, QEMU %s; load average before %s, after %s; commit %s (%s files changed)"
      % (host.get("cpu", "?").replace("_", " "), host.get("cores"), host.get("qemu"),
         host.get("load_before"), host.get("load_after"), host.get("commit"), host.get("dirty")))
    end = next((r for r in recs if r.get("phase") == "end"), None)
    if end:
        p("  guest load average at the end: %s" % end.get("loadavg"))
    p("")

    # ---- rounds
    runs = defaultdict(dict)    # (wl, cfg) -> round -> (iops, cpu_ns)
    for r in recs:
        if r.get("phase") == "rounds" and "wl" in r:
            ios, secs = int(r["ios"]), float(r["seconds"])
            runs[(r["wl"], r["cfg"])][int(r["round"])] = (
                ios / secs, int(r["busy"]) * tick_ns / ios)
    starts = [int(r["bpftrace_start_ms"]) for r in recs
              if r.get("phase") == "rounds" and "bpftrace_start_ms" in r]
    verdict = {}
    if runs:
        p("1. Throughput and CPU per I/O (medians over rounds; ratios per round, then median)")
        p("%-7s %9s %9s %9s %7s %7s  %8s %8s %8s  %8s %8s %7s"
          % ("wl", "IOPS A", "IOPS B", "IOPS C", "B/A", "C/A",
             "cpu A", "cpu B", "cpu C", "B-A", "C-A", "(B-A)/"))
        p("%-7s %9s %9s %9s %7s %7s  %8s %8s %8s  %8s %8s %7s"
          % ("", "", "", "", "", "", "us/IO", "us/IO", "us/IO", "us/IO", "us/IO", "(C-A)"))
        detail = []
        for wl in WORKLOADS:
            a, b, c = runs.get((wl, "A"), {}), runs.get((wl, "B"), {}), runs.get((wl, "C"), {})
            if not a:
                continue
            rb = sorted(set(a) & set(b))
            rc = sorted(set(a) & set(c))
            ba = [b[i][0] / a[i][0] for i in rb]
            ca = [c[i][0] / a[i][0] for i in rc]
            dba = [(b[i][1] - a[i][1]) / 1000 for i in rb]
            dca = [(c[i][1] - a[i][1]) / 1000 for i in rc]
            mba, mca, mdb, mdc = med(ba), med(ca), med(dba), med(dca)
            share = mdb / mdc if mdb is not None and mdc else None
            verdict[wl] = (mba, share, mdb, mdc, ba, dba, dca)
            p("%-7s %9s %9s %9s %7s %7s  %8s %8s %8s  %8s %8s %7s"
              % (wl, fmt(med(v[0] for v in a.values())), fmt(med(v[0] for v in b.values())),
                 fmt(med(v[0] for v in c.values())), fmt(mba, "{:.3f}"), fmt(mca, "{:.3f}"),
                 fmt(med(v[1] / 1000 for v in a.values()), "{:.1f}"),
                 fmt(med(v[1] / 1000 for v in b.values()), "{:.1f}"),
                 fmt(med(v[1] / 1000 for v in c.values()), "{:.1f}"),
                 fmt(mdb, "{:+.1f}"), fmt(mdc, "{:+.1f}"), fmt(share, "{:.2f}")))
            detail.append("  %-7s B/A %s | C/A %s" % (
                wl, " ".join("%.3f" % x for x in ba), " ".join("%.3f" % x for x in ca)))
        p("per-round IOPS ratios:")
        out.extend(detail)
        like_for_like(p, runs)
        if starts:
            p("bpftrace start-up in the guest: median %.1f s (%s runs)"
              % (med(starts) / 1000, len(starts)))
        p("")

    # ---- A/B interleaved
    ab = defaultdict(dict)      # wl -> round -> {cfg: iops}
    for r in recs:
        if r.get("phase") == "ab":
            ab[r["wl"]].setdefault(int(r["round"]), {})[r["cfg"]] = (
                int(r["ios"]) / float(r["seconds"]))
    ab_verdict = {}
    if ab:
        p("1c. A and B interleaved run by run (zns_stat loaded; probes detached for A, attached")
        p("    for B; pairs A B, B A, ...): IOPS B/A per pair, its median and the median's ~95%")
        p("    confidence interval (order statistics)")
        p("%-7s %6s %9s %9s %7s %15s  %s" % ("wl", "pairs", "IOPS A", "IOPS B", "B/A",
                                             "95% CI", "per pair"))
        for wl in WORKLOADS:
            pairs = [v for _, v in sorted(ab.get(wl, {}).items()) if "A" in v and "B" in v]
            if not pairs:
                continue
            ratios = [v["B"] / v["A"] for v in pairs]
            lo, hi = median_ci(ratios)
            ab_verdict[wl] = (med(ratios), lo, hi, len(ratios))
            p("%-7s %6d %9.0f %9.0f %7.3f %7.3f..%.3f  %s" % (
                wl, len(pairs), med(v["A"] for v in pairs), med(v["B"] for v in pairs),
                med(ratios), lo, hi, " ".join("%.3f" % x for x in ratios)))
        p("")

    # ---- CPU-bound substrate
    cpu = cpu_phase(recs, tick_ns, p, host=host)

    # ---- hot path
    hot = [r for r in recs if r.get("phase") == "hot"]
    direct = {}
    if hot:
        p("2. Hot path per command, measured directly (ns)")
        p("   zns_stat: TSC around both probes in a timed build (bench_timing.c), the timer's")
        p("   own cost subtracted; mean (sum/calls) and median (25 ns histogram) per call.")
        p("   seed.bt: BPF program run time (kernel.bpf_stats_enabled) per I/O, a mean; it")
        p("   leaves out the kprobe machinery around the program.")
        p("   build: 'ktime' = the module as it is; 'local' = its probes reading local_clock()")
        p("   where module/probe.c calls ktime_get_ns() (bench_localclock.h)")
        p("%-7s %-5s %-5s %7s %7s %7s %7s %8s %8s  %10s %7s %7s" % (
            "wl", "build", "clock", "setup", "setup", "done", "done", "total", "total",
            "seed.bt", "ratio", "cmds") + "  %9s %6s" % ("like.bt", "ratio"))
        p("%-7s %-5s %-5s %7s %7s %7s %7s %8s %8s  %10s %7s %7s" % (
            "", "", "", "mean", "median", "mean", "median", "mean", "median",
            "mean/IO", "means", "/IO") + "  %9s %6s" % ("mean/IO", "means"))
        bpf = {r["wl"]: r for r in hot if r.get("cfg") == "bpf"}
        like = {r["wl"]: r for r in hot if r.get("cfg") == "bpf_like"}
        # the timer's cost: the median of every calibration of the run (one
        # calibration the host preempted must not be subtracted from a row)
        timer_ns = med(float(r["rdtsc_ns"]) for r in hot if "rdtsc_ns" in r) or 0
        first_clock = next((r["clock"] for r in hot if r.get("cfg") == "timed"), None)
        calib = []
        for r in hot:
            if r.get("cfg") not in ("timed", "timed_localclock"):
                continue
            build = "ktime" if r["cfg"] == "timed" else "local"
            wl, t = r["wl"], timer_ns
            sc, dc = int(r["setup_calls"]), int(r["done_calls"])
            s = int(r["setup_ns"]) / sc - t if sc else None
            d = int(r["done_ns"]) / dc - t if dc else None
            sm = int(r["setup_med_ns"]) - t if sc and "setup_med_ns" in r else None
            dm = int(r["done_med_ns"]) - t if dc and "done_med_ns" in r else None
            tot = (s or 0) + (d or 0)
            totm = sm + dm if sm is not None and dm is not None else None
            bns = lns = None
            first = r["clock"] == first_clock and build == "ktime"
            if first and wl in bpf and int(bpf[wl]["ios"]):
                bns = int(bpf[wl].get("bpf_ns", 0)) / int(bpf[wl]["ios"])
            if first and wl in like and int(like[wl]["ios"]):
                lns = int(like[wl].get("bpf_ns", 0)) / int(like[wl]["ios"])
            if first:
                direct[wl] = (tot, totm, bns, lns)
            if "clock_ns" in r and build == "ktime":
                calib.append((r["clock"], float(r["clock_ns"]), float(r["atomic_ns"]), t))
            p("%-7s %-5s %-5s %7s %7s %7s %7s %8s %8s  %10s %7s %7s" % (
                wl, build, r["clock"], fmt(s), fmt(sm), fmt(d), fmt(dm), fmt(tot), fmt(totm),
                fmt(bns), fmt(tot / bns, "{:.2f}") if bns else "",
                fmt(sc / max(int(r["ios"]), 1), "{:.2f}"))
              + "  %9s %6s" % (fmt(lns), fmt(tot / lns, "{:.2f}") if lns else ""))
        for clock in dict.fromkeys(c[0] for c in calib):
            v = [c for c in calib if c[0] == clock]
            p("   %s: one ktime_get_ns() %.0f ns, one atomic64_inc() %.0f ns, the timer %.1f ns"
              " (medians of %d calibrations)" % (clock, med(c[1] for c in v), med(c[2] for c in v),
                                               med(c[3] for c in v), len(v)))
        cov = next((r for r in recs if r.get("phase") == "coverage"), None)
        if cov:
            p("seed.bt coverage (every workload, 2 s each): %s I/Os; kprobe nvme_setup_cmd fired %s"
              " times, kprobe nvme_complete_rq %s times; resets counted %s, reset latencies"
              " recorded %s" % (cov.get("ios"), cov.get("setups"), cov.get("completions") or 0,
                                cov.get("resets_counted"), cov.get("reset_latencies")))
        p("")

    # ---- hot path of this tree against a base commit (phase hotab)
    hab = [r for r in recs if r.get("phase") == "hotab"]
    if hab:
        p("2b. Hot path of this tree (new) against commit %s (base), timed builds interleaved"
          % host.get("base", "?"))
        p("   round by round (base new, new base, ...); medians per run (25 ns histogram), the"
          " timer's")
        p("   cost subtracted; new/base per round, its median and the median's ~95% CI")
        p("%-7s %6s %13s %13s %13s %7s %13s  %s" % (
            "wl", "rounds", "setup b/n", "done b/n", "total b/n", "n/b", "95% CI", "per round n/b"))

        def run_ns(r):
            t = float(r.get("rdtsc_ns", 0))
            if not int(r.get("setup_calls", 0)) or not int(r.get("done_calls", 0)):
                return None
            return (int(r["setup_med_ns"]) - t, int(r["done_med_ns"]) - t)

        for wl in dict.fromkeys(r["wl"] for r in hab):
            by = defaultdict(dict)
            for r in hab:
                if r["wl"] == wl and run_ns(r):
                    by[r["round"]][r["build"]] = run_ns(r)
            pairs = [v for _, v in sorted(by.items(), key=lambda kv: int(kv[0]))
                     if "base" in v and "new" in v]
            if not pairs:
                continue
            ratios = [sum(v["new"]) / sum(v["base"]) for v in pairs]
            lo, hi = median_ci(ratios)

            def both(i):
                return "%5.0f/%-5.0f" % (med(v["base"][i] for v in pairs),
                                         med(v["new"][i] for v in pairs))
            p("%-7s %6d %13s %13s %13s %7.3f %6.3f..%-5.3f  %s" % (
                wl, len(pairs), both(0), both(1),
                "%5.0f/%-5.0f" % (med(sum(v["base"]) for v in pairs),
                                  med(sum(v["new"]) for v in pairs)),
                med(ratios), lo, hi, " ".join("%.2f" % x for x in ratios)))
        p("")

    # ---- memory
    mem = [r for r in recs if r.get("phase") == "memory"]
    lay = next((r for r in recs if r.get("phase") == "layout"), None)
    per_zone = None
    if mem:
        p("3. Memory per namespace (guest /proc/meminfo deltas when a namespace is first tracked)")
        p("%8s %10s %10s %10s %10s %12s %10s  %s" % (
            "zones", "slab", "vmalloc", "percpu", "total", "MemFree drop", "B/zone", "summary"))
        tot = {}
        for r in mem:
            n = int(r["zones"])
            t = int(r["slab"]) + int(r["vmalloc"]) + int(r["percpu"])
            tot[n] = t
            summ = " ".join("%s=%s" % (k[8:], v) for k, v in r.items() if k.startswith("summary_"))
            p("%8d %10s %10s %10s %10d %12s %10.1f  %s" % (
                n, r["slab"], r["vmalloc"], r["percpu"], t, r["memfree_drop"], t / n, summ or "-"))
        ns = sorted(tot)
        if len(ns) >= 2:
            per_zone = (tot[ns[-1]] - tot[ns[-2]]) / (ns[-1] - ns[-2])
            fixed = tot[ns[0]] - per_zone * ns[0]
            p("marginal cost per zone (%d vs %d zones): %.1f B; fixed per namespace: ~%.0f B"
              % (ns[-1], ns[-2], per_zone, fixed))
        if lay:
            p("structure sizes (bytes): %s" % " ".join(
                "%s=%s" % (k, v) for k, v in lay.items() if k != "phase"))
        p("")

    # ---- scale
    sc = defaultdict(list)
    for r in recs:
        if r.get("phase") == "scale" and "ms" in r and "tool" not in r:
            sc[r["what"]].append(float(r["ms"]))
    read_ms = None
    if sc:
        p("4. Scale: 65536 zones (median of repetitions, ms, guest wall time)")
        for what, v in sc.items():
            p("  %-24s %10.1f   (min %.1f, max %.1f, n=%d)" % (what, med(v), min(v), max(v), len(v)))
        size = next((r for r in recs if r.get("what") == "zones_dd"), None)
        if size:
            p("  zones file: %s bytes, %s lines" % (size.get("bytes"), size.get("lines")))
        figs = next((r for r in recs if r.get("what") == "heatmap_files"), None)
        if figs:
            p("  heatmaps: %s SVG files, %s bytes" % (figs.get("n"), figs.get("bytes")))
        read_ms = med(sc.get("zones_dd", [])) 
        scale_tools(recs, host, p)
        for what in ("zones", "zns-stat"):
            tag = "perf %s: " % what
            perf = [n[len(tag):] for n in notes if n.startswith(tag)]
            if perf:
                p("  where %s spends its time (perf, cpu-clock samples):"
                  % ("reading zones" if what == "zones" else "zns-stat --all"))
                out.extend("    " + x.rstrip(" -") for x in perf)
        p("")

    # ---- select-all reset
    sa = defaultdict(list)
    for r in recs:
        if r.get("phase") == "selectall" and r.get("done_calls") == "1":
            sa[(int(r["zones"]), r.get("met", "open"))].append(int(r["done_ns"]) / 1000.0)
    if sa:
        p("4b. A select-all reset's completion (timed build: the probe's time, us; median of repetitions)")
        p("    met: the zones it finds, every one open (applied in the completion) or full (applied later)")
        p("%8s %6s %12s %12s %12s %4s %12s" % ("zones", "met", "median", "min", "max", "n", "ns/zone"))
        for n, met in sorted(sa):
            v = sa[(n, met)]
            p("%8d %6s %12.1f %12.1f %12.1f %4d %12.1f" % (n, met, med(v), min(v), max(v), len(v),
                                                           med(v) * 1000.0 / n))
        p("")

    rt = defaultdict(list)
    for r in recs:
        if r.get("phase") == "rtlat":
            rt[r["met"]].append((int(r["irq_max_ns"]) / 1000.0, int(r["thread_max_ns"]) / 1000.0))
    if rt:
        p("4c. Timer latency (timerlat, every CPU) around one select-all reset of 65536 zones, us")
        p("    met: the zones it finds (open: applied in the completion; full: published); none: no reset")
        p("%6s %14s %14s %14s %14s %4s" % ("met", "irq median", "irq max", "thread median", "thread max", "n"))
        for met in ("none", "open", "full"):
            if met in rt:
                irq = [v[0] for v in rt[met]]
                thr = [v[1] for v in rt[met]]
                p("%6s %14.1f %14.1f %14.1f %14.1f %4d" % (met, med(irq), max(irq), med(thr), max(thr), len(irq)))
        p("")

    # ---- targets
    p("5. Targets")
    p("  (a verdict needs the noise below the target: with 5 rounds, the inner range of the")
    p("   per-round values, 2nd lowest to 2nd highest, must be narrower than the margin)")
    for wl, (mba, share, mdb, mdc, ba, dba, dca) in verdict.items():
        if mba is None:
            continue
        lo, hi = inner(ba)
        if hi - lo > 2 * (1 - TARGET_IOPS):
            v = "NOT RESOLVED (noise: per-round B/A %.2f..%.2f)" % (lo, hi)
        else:
            v = "met" if mba >= TARGET_IOPS else "MISSED"
        p("  IOPS within 2%% of untraced, %-7s median B/A %.3f: %s" % (wl, mba, v))
    for wl, (m, lo, hi, n) in ab_verdict.items():
        v = iops_verdict(lo, hi, "pairs")
        p("  IOPS within 2%% of untraced, interleaved, %-7s median B/A %.3f of %d pairs: %s"
          % (wl, m, n, v))
    for wl, (mba, share, mdb, mdc, ba, dba, dca) in verdict.items():
        if share is None:
            continue
        lo, hi = inner(dba)
        if mdc <= 0 or hi - lo > TARGET_CPU * mdc:
            v = "NOT RESOLVED (noise: per-round B-A %+.1f..%+.1f us/IO)" % (lo, hi)
        else:
            v = "met" if share <= TARGET_CPU else "MISSED"
        p("  added CPU <= 1/4 of bpftrace's (accounting), %-7s %+.1f vs %+.1f us/IO: %s"
          % (wl, mdb, mdc, v))
    for wl, (tot, totm, bns, lns) in direct.items():
        if bns and totm is not None:
            r = totm / bns
            p("  hot path <= 1/4 of seed.bt's program (direct), %-7s zns_stat median %.0f ns"
              " (mean %.0f) vs seed.bt mean %.0f ns = %.2f: %s%s"
              % (wl, totm, tot, bns, r, "met" if r <= TARGET_CPU else "MISSED",
                 " (stretch 1/10: met)" if r <= STRETCH_CPU else ""))
        if lns and totm is not None:
            p("  like for like, %-7s zns_stat median %.0f ns vs like.bt's program mean %.0f ns"
              " = %.2f" % (wl, totm, lns, totm / lns))
    for wl, (tot, totm, bns, lns) in direct.items():
        a = runs.get((wl, "A"), {})
        cpu_a = med(v[1] for v in a.values())
        iops_a = med(v[0] for v in a.values())
        if cpu_a and iops_a and totm is not None:
            p("  estimated IOPS cost of zns_stat from its hot path, %-7s %s ns (median) per I/O:"
              " %.2f%% if latency-bound (x IOPS / queue depth %d), %.1f%% if CPU-bound (/ %.1f us"
              " untraced CPU per I/O)" % (wl, fmt(totm), 100 * totm * iops_a / 1e9 / QD[wl],
                                         QD[wl], 100 * totm / cpu_a, cpu_a / 1000))
    if per_zone is not None:
        zs = next((int(r[k]) for r in ([lay] if lay else []) + mem
                   for k in ("zone_stat", "summary_zone_stat_bytes") if r.get(k)), None)
        p("  zone_stat <= %d bytes and a multiple of 64: %s; %.1f B/zone measured (with"
          " vmalloc's page array and the active-zone bitmap): %s"
          % (TARGET_BYTES, "%d B" % zs if zs else "size unknown", per_zone,
             "met" if zs and zs <= TARGET_BYTES and zs % 64 == 0 else "MISSED"))
    if read_ms is not None:
        p("  reading zones of 65536 zones < 100 ms: %.1f ms: %s"
          % (read_ms, "met" if read_ms < TARGET_READ_MS else "MISSED"))
    cpu_targets(cpu, p)
    print("\n".join(out))


if __name__ == "__main__":
    main()
