#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""insn-report.py - phase insn's tables: the kernel instructions per command
of each workload under A0 (no iostats), A (untraced), B (zns_stat), C
(seed.bt) and D (like.bt); each tracer's own code and all the code that ran
only with it, per command, and their ratios; zns_stat's own, exact, by
function and by source line.

Inputs (bench.sh passes them): results.txt ("BENCH phase=insn ..." lines:
each run's commands and its segment of the counts), insn.txt (insn_plugin.c:
"mark N" then "ADDRESS COUNT" lines, the counts between marks N-1 and N),
the guest's module symbols (the guest's code symbols ("ZSYM ADDRESS NAME [MODULE]",
from /proc/kallsyms: Debian's System.map is a stub) and zns_stat.ko
(addr2line).
"""
import argparse
import bisect
import collections
import re
import subprocess
import sys


# Below this a run's own fixed work shows per command (a loaded host: at 30
# commands, rr1's own code read 743 instructions instead of 620).
FEW_COMMANDS = 200


def kv(line):
    return dict(w.split("=", 1) for w in line.split() if "=" in w)


def read_results(path):
    runs, env = [], {}
    for line in open(path):
        if line.startswith("BENCH phase=insn "):
            runs.append(kv(line))
        elif line.startswith("BENCH phase=insn_env "):
            env = kv(line)
    return runs, env


def read_counts(path):
    """{segment: {address: count}} and the plugin's closing line."""
    segs, cur, end = {}, None, ""
    for line in open(path):
        if line.startswith("mark "):
            cur = segs.setdefault(int(line.split()[1]), {})
        elif line.startswith("end "):
            end = line.strip()
        elif line.startswith("tail"):
            cur = {}	# after the last mark: no run's
        elif cur is not None:
            a, c = line.split()
            cur[int(a, 16)] = int(c)
    return segs, end


class Symbols:
    def __init__(self, syms):
        pairs = []
        for line in open(syms):
            w = line.split()
            pairs.append((int(w[1], 16), " ".join(w[2:4])))
        pairs.sort()
        self.addrs = [a for a, _ in pairs]
        self.names = [n for _, n in pairs]

    def name(self, addr):
        i = bisect.bisect_right(self.addrs, addr) - 1
        return self.names[i] if i >= 0 else "?"


def by_function(counts, syms):
    out = collections.Counter()
    for a, c in counts.items():
        out[syms.name(a)] += c
    return out


def lines_of(ko, text_base, addrs):
    """{address: "file:line (function)"} for zns_stat's .text, innermost inline first."""
    offs = [a - text_base for a in addrs]
    if not offs:
        return {}
    try:
        res = subprocess.run(["addr2line", "-f", "-i", "-a", "-j", ".text", "-e", ko]
                             + [hex(o) for o in offs], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"# addr2line failed: {e}", file=sys.stderr)
        return {}
    out, cur, i = {}, None, 0
    while i < len(res):
        if res[i].startswith("0x"):
            cur = int(res[i], 16) + text_base
            i += 1
            continue
        func, loc = res[i], res[i + 1] if i + 1 < len(res) else "?"
        if cur is not None and cur not in out:	# the innermost frame only
            loc = re.sub(r" \(discriminator \d+\)", "", loc.split("/")[-1])
            out[cur] = f"{loc} ({func})"
        i += 2
    return out


def own_code(cfg):
    """The module a tracer's own code is in: zns_stat's, or the BPF programs'."""
    return "[zns_stat]" if cfg == "B" else "[bpf]"


def tracer_only(per, wl, cfg, syms):
    """{function: instructions per command} of the functions that ran in cfg's
    run of wl and in neither untraced one (A0, A): the tracer's own code, its
    probes' dispatch and what only it calls."""
    untraced = set()
    for c in ("A0", "A"):
        untraced.update(syms.name(a) for a in per[(wl, c)][1])
    n, counts = per[(wl, cfg)]
    out = collections.Counter()
    for a, c in counts.items():
        f = syms.name(a)
        if f not in untraced:
            out[f] += c / max(n, 1)
    return out


def tracer_table(per, wls, syms):
    print()
    print("Each tracer's cost in instructions per command: its own code (zns_stat's")
    print("module; the BPF programs' JIT code), and all the code that ran with it")
    print("and in neither untraced run (its own, its probes' dispatch: the")
    print("tracepoint's iterator, perf's tracepoint handler or the kprobe; BPF's")
    print("helpers and maps). Functions the untraced runs also ran (ktime_get, RCU,")
    print("the allocator) are left out for every tracer alike: a lower bound.")
    print()
    print(f"{'workload':9} {'own: B':>7} {'C':>6} {'D':>6}   {'only: B':>8} {'C':>6} {'D':>6}"
          f"   {'B/C':>5} {'B/D':>5}")
    tops = []
    for wl in wls:
        own, only = {}, {}
        for cfg in ("B", "C", "D"):
            n, counts = per[(wl, cfg)]
            own[cfg] = sum(c for a, c in counts.items()
                           if syms.name(a).endswith(own_code(cfg))) / max(n, 1)
            fn = tracer_only(per, wl, cfg, syms)
            only[cfg] = sum(fn.values())
            tops.append((wl, cfg, fn))
        print(f"{wl:9} {own['B']:7.0f} {own['C']:6.0f} {own['D']:6.0f}   {only['B']:8.0f} "
              f"{only['C']:6.0f} {only['D']:6.0f}   {only['B'] / max(only['C'], 1):5.2f} "
              f"{only['B'] / max(only['D'], 1):5.2f}")
    print()
    print("The code that ran only with each tracer, its largest functions per command:")
    for wl, cfg, fn in tops:
        top = ", ".join(f"{re.sub(r'bpf_prog_[0-9a-f]+_', 'bpf:', name).replace(' [', '[')} {c:.0f}"
                        for name, c in fn.most_common(6))
        print(f"  {wl} {cfg}: {top}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", required=True)
    ap.add_argument("--counts", required=True)
    ap.add_argument("--syms", required=True)
    ap.add_argument("--module")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()

    runs, env = read_results(args.results)
    segs, end = read_counts(args.counts)
    if not runs:
        sys.exit("insn-report.py: no 'BENCH phase=insn' lines in " + args.results)
    want = 2 * int(env.get("runs", 0))
    m = re.search(r"marks=(\d+)", end)
    if not m or int(m.group(1)) != want:
        sys.exit(f"insn-report.py: the plugin saw {m.group(1) if m else 'no'} marks, "
                 f"the guest made {want} (2 per run): segments would not match runs")
    syms = Symbols(args.syms)

    per = {}	# (wl, cfg) -> (commands, {address: count})
    for r in runs:
        per[(r["wl"], r["cfg"])] = (int(r["ios"]), segs.get(int(r["segment"]), {}))
    wls = list(dict.fromkeys(r["wl"] for r in runs))

    print("Kernel instructions per command (phase insn, QEMU plugin, one vCPU); "
          f"transport {env.get('transport', '?')}; {end}")
    few = sorted(f"{wl} {c} {n}" for (wl, c), (n, _) in per.items() if n < FEW_COMMANDS)
    if few:
        print(f"WARNING: runs of fewer than {FEW_COMMANDS} commands ({', '.join(few)}): "
              "work done once per run (timers, work items) weighs on every figure "
              "per command; run it on a quiet host")
    print()
    print(f"{'workload':9} {'commands A0/A/B':>22} {'A0':>8} {'A':>8} {'B':>8} "
          f"{'A-A0':>7} {'B-A':>7} {'zns_stat':>8}")
    for wl in wls:
        n = {c: per[(wl, c)][0] for c in ("A0", "A", "B")}
        tot = {c: sum(per[(wl, c)][1].values()) / max(n[c], 1) for c in n}
        own = sum(c for a, c in per[(wl, "B")][1].items()
                  if syms.name(a).endswith("[zns_stat]")) / max(n["B"], 1)
        print(f"{wl:9} {n['A0']:>6}/{n['A']:>6}/{n['B']:>6}   {tot['A0']:8.0f} {tot['A']:8.0f} "
              f"{tot['B']:8.0f} {tot['A'] - tot['A0']:+7.0f} {tot['B'] - tot['A']:+7.0f} {own:8.0f}")
    print()
    print("A0, A, B: every kernel instruction of a run, per command. Each run")
    print("also holds fio's or zbench's start and end, and what the kernel did")
    print("meanwhile, for a few hundred commands: these columns move by thousands")
    print("from run to run. zns_stat: its own code's instructions per command in")
    print("B, exact (what it calls, ktime_get() and RCU, not included: phase hot).")
    if all((wl, c) in per for wl in wls for c in ("C", "D")):
        tracer_table(per, wls, syms)

    text_base = int(env["zns_text"], 16) if env.get("zns_text") else 0
    for wl in wls:
        nB, cB = per[(wl, "B")]
        own = [a for a in cB if syms.name(a).endswith("[zns_stat]")]
        where = lines_of(args.module, text_base, own) if args.module and text_base else {}
        funcs, lines = collections.Counter(), collections.Counter()
        for a in own:
            loc = where.get(a, syms.name(a))
            lines[loc] += cB[a]
            funcs[loc.rsplit("(", 1)[-1].rstrip(")")] += cB[a]
        print()
        print(f"== {wl}: zns_stat in B, {sum(funcs.values()) / nB:.0f} instructions per command,")
        print("   by function (innermost inline) | by source line")
        f_rows = funcs.most_common(args.top)
        l_rows = lines.most_common(args.top)
        for i in range(max(len(f_rows), len(l_rows))):
            left = f"{f_rows[i][1] / nB:7.1f}  {f_rows[i][0]}" if i < len(f_rows) else ""
            right = f"{l_rows[i][1] / nB:7.1f}  {l_rows[i][0]}" if i < len(l_rows) else ""
            print(f"  {left:38} | {right}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
