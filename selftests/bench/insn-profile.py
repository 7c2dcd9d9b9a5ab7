#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""insn-profile.py - where a whole guest run's kernel instructions went: the
counts insn_plugin.c wrote at exit (its "tail" segment) named by the kernel's
System.map, by function and by the debug kernel's checkers.

  insn-profile.py SYSTEM_MAP COUNTS [TOP]

For instance, t94 on the debug kernel (selftests/guest/debug-kernel.sh prints
ZNS_KDIR; the plugin is built by make bench-insn, build/bench/insn_plugin.so):

  ZNS_QEMU_EXTRA="-smp 1 -plugin $PWD/build/bench/insn_plugin.so,out=/tmp/t94.txt" \\
      selftests/guest/debug-kernel.sh --test t94-zone-lifecycle
  selftests/bench/insn-profile.py "$ZNS_KDIR/System.map" /tmp/t94.txt

Module code (addresses above the kernel's image) is one line, "[modules]".
"""
import bisect
import collections
import re
import sys

# The debug kernel's checkers (guest/debug-kernel.config), by function name;
# the first that matches takes the function.
CHECKERS = [
    ("stack unwinding (KASAN's, kmemleak's, lockdep's stack traces)",
     r"unwind|orc|stack_access_ok|stack_trace|arch_stack_walk|kernel_text_address"
     r"|__module_address|mod_find|filter_irq_stacks|stack_depot|get_reg"
     r"|read_once_word_nocheck|__module_text_address"),
    ("lockdep (PROVE_LOCKING, PROVE_RCU)",
     r"lock_acquire|lock_release|mark_lock|lockdep|held_lock|mark_held|lock_is_held"
     r"|check_prev|validate_chain|lock_pin|lock_unpin|check_irq_usage|lock_chain"
     r"|lookup_chain|__bfs|in_lock_functions|rcu_read_lock_sched_held"
     r"|rcu_read_lock_held|rcu_read_lock_bh_held|trace_hardirqs"),
    ("KASAN", r"kasan|__asan"),
    ("kmemleak", r"kmemleak|scan_block|scan_should_stop|__lookup_object"
     r"|create_object|scan_gray|delete_object"),
    ("DEBUG_PREEMPT", r"check_preemption_disabled|preempt_count_add|preempt_count_sub"
     r"|this_cpu_preempt_check|debug_smp_processor_id"),
    ("debug objects", r"debug_object|debug_check_no_obj"),
    ("KFENCE", r"kfence"),
    ("UBSAN", r"ubsan"),
]
MODULES_START = 0xffffffffc0000000


def read_map(path):
    pairs = sorted((int(w[0], 16), w[2]) for w in (line.split() for line in open(path))
                   if len(w) >= 3 and w[1] in "tTwW")
    return [a for a, _ in pairs], [n for _, n in pairs]


def read_tail(path):
    """The counts after the line "tail": {address: count}."""
    counts, on = {}, False
    for line in open(path):
        if line.startswith("tail"):
            on = True
        elif line.startswith(("mark ", "end ")):
            on = False
        elif on:
            a, c = line.split()
            counts[int(a, 16)] = int(c)
    return counts


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: insn-profile.py SYSTEM_MAP COUNTS [TOP]")
    addrs, names = read_map(sys.argv[1])
    counts = read_tail(sys.argv[2])
    if not counts:
        sys.exit(f"insn-profile.py: no 'tail' counts in {sys.argv[2]} (did the guest exit?)")
    top = int(sys.argv[3]) if len(sys.argv) == 4 else 30
    funcs = collections.Counter()
    for a, c in counts.items():
        if a >= MODULES_START:
            funcs["[modules]"] += c
            continue
        i = bisect.bisect_right(addrs, a) - 1
        funcs[names[i] if i >= 0 else "?"] += c
    total = sum(funcs.values())
    groups = collections.Counter()
    for f, c in funcs.items():
        group = next((g for g, r in CHECKERS if re.search(r, f)), "the rest")
        groups[group] += c
    print(f"{total} kernel instructions")
    print("\nby checker:")
    for g, c in groups.most_common():
        print(f"  {100 * c / total:5.1f}%  {g}")
    print(f"\nthe {top} largest functions:")
    for f, c in funcs.most_common(top):
        print(f"  {100 * c / total:5.1f}%  {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
