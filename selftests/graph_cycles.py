# graph_cycles.py: the cycles of a graph of files, for the two checks that
# forbid them (module-circles.py on the module's objects, user/layers-check.py
# on the tool's files).


def cycles(graph):
    """Strongly connected components of more than one node (Tarjan), each
    sorted; graph maps a node to the nodes it points to (every node a key)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found
