#!/usr/bin/env python3
"""zns_stat's module files call each other in one direction only (issue 45).

Reads the objects of a module build (DIR/module/*.o, the files Kbuild links
into zns_stat.ko): each symbol one object uses (nm: U) and another defines
is an arrow from the first file to the second. Prints one line per circle,
the files in it and each arrow between them with its symbols; nothing when
the arrows form no cycle. A call through a function pointer or a static
inline of a header is no arrow: registration is how a lower file calls up.
Usage: module-circles.py DIR
"""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from graph_cycles import cycles  # noqa: E402



def symbols(obj):
    """(defined, used) global symbols of one object."""
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRG":
            defined.add(parts[2])
    return defined, used


def arrows(objs):
    """{file: {file it calls: {symbols}}}"""
    owner, uses = {}, {}
    for obj in objs:
        name = os.path.basename(obj)[:-2]
        defined, uses[name] = symbols(obj)
        for sym in defined:
            owner[sym] = name
    graph = {name: {} for name in uses}
    for name, used in uses.items():
        for sym in used:
            to = owner.get(sym)
            if to and to != name:
                graph[name].setdefault(to, set()).add(sym)
    return graph


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: module-circles.py DIR (a module build's tree)")
    objs = sorted(glob.glob(os.path.join(sys.argv[1], "module", "*.o")))
    if not objs:
        sys.exit(f"module-circles.py: no module/*.o under {sys.argv[1]}")
    graph = arrows(objs)
    for comp in cycles(graph):
        calls = [f"{a} -> {b} ({' '.join(sorted(graph[a][b]))})"
                 for a in comp for b in sorted(graph[a]) if b in comp]
        print(f"circle of {', '.join(f'{c}.c' for c in comp)}: "
              + "; ".join(calls))


if __name__ == "__main__":
    main()
