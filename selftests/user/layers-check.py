#!/usr/bin/env python3
"""zns-stat's files call each other in one direction only.

Each user/*/*.c and user/main.c is compiled alone; nm says which functions
it defines and which it calls from other files. Findings, one line each:
two or more files that call each other in a loop, and a file calling into
or including a header of a later layer (lib/ -> source/ -> model/ ->
render/ -> cmd/ -> main.c).
Prints nothing when the tool is layered. Usage: layers-check.py CC CFLAGS...
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from graph_cycles import cycles  # noqa: E402


LAYERS = ["lib", "source", "model", "render", "cmd", "main.c"]


def layer(path):
    part = path.split("/")[1]
    return LAYERS.index(part)


def later_includes(path):
    """The headers of later layers that path includes."""
    with open(path) as f:
        heads = re.findall(r'^#include "([a-z]+)/[^"]+"', f.read(), re.M)
    return sorted({h for h in heads if h in LAYERS and
                   LAYERS.index(h) > layer(path)})


def symbols(cc, cflags, src, tmp):
    obj = os.path.join(tmp, src.replace("/", "_") + ".o")
    subprocess.run([cc, *cflags, "-Iuser", "-c", "-o", obj, src], check=True)
    out = subprocess.run(["nm", obj], check=True, capture_output=True,
                         text=True).stdout
    defined, called = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TDBR":
            defined.add(f[2])
        elif len(f) == 2 and f[0] == "U":
            called.add(f[1])
    return defined, called


def main():
    cc, cflags = sys.argv[1], sys.argv[2:]
    files = sorted(glob.glob("user/*/*.c")) + ["user/main.c"]
    with tempfile.TemporaryDirectory() as tmp:
        syms = {f: symbols(cc, cflags, f, tmp) for f in files}
    owner = {s: f for f, (d, _) in syms.items() for s in d}
    graph = {f: {owner[s] for s in c if s in owner} - {f}
             for f, (_, c) in syms.items()}
    for scc in cycles(graph):
        print("files that call each other in a loop: " + " ".join(scc))
    for f in files:
        for g in sorted(graph[f]):
            if layer(g) > layer(f):
                why = sorted(s for s in syms[f][1] if owner.get(s) == g)
                print(f"{f} calls the later layer's {g}: {', '.join(why)}")
    for f in sorted(glob.glob("user/*/*.[ch]")):
        for h in later_includes(f):
            print(f"{f} includes a header of the later layer {h}/")


if __name__ == "__main__":
    main()
