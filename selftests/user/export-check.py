#!/usr/bin/python3
# export-check.py FIXTURE_ROOT SCRAPE DASHBOARD [LEDGER_DIR]: what node_exporter
# served from zns-stat export --zones [--ledger-dir LEDGER_DIR], against the
# fixture's debugfs files and ledgers (values computed here from the files,
# independently of the tool), and the Grafana dashboard's metric names against
# the names served. Prints problems only.
import json
import os
import re
import sys

from prometheus_client.parser import text_string_to_metric_families

if len(sys.argv) not in (4, 5) or sys.argv[1] in ("-h", "--help"):
    sys.exit("usage: export-check.py FIXTURE_ROOT SCRAPE DASHBOARD [LEDGER_DIR]")
root, scrape, dashboard = sys.argv[1:4]
ledger_dir = sys.argv[4] if len(sys.argv) > 4 else None
samples = {}
for fam in text_string_to_metric_families(open(scrape).read()):
    for s in fam.samples:
        samples[(s.name, tuple(sorted(s.labels.items())))] = s.value


def get(name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))))


def expect(name, want, **labels):
    got = get(name, **labels)
    if got is None or abs(got - want) > 1e-12 * max(1, abs(want)):
        print("%s%s: %s, the fixture says %s" % (name, labels, got, want))


def summary(disk):
    kv = {}
    for line in open(os.path.join(root, disk, "summary")):
        k, _, v = line.partition(":")
        kv[k.strip()] = v.strip()
    return kv


expect("zns_stat_module_up", 1)
expect("node_textfile_scrape_error", 0)
for disk in ("zns8", "zns8x"):
    expect("zns_stat_up", 1, disk=disk)
    s = summary(disk)
    expect("zns_reads_total", int(s["reads"]), disk=disk)
    expect("zns_writes_total", int(s["writes"]), disk=disk)
    expect("zns_write_bytes_total", int(s["write_sectors"]) * 512, disk=disk)
    expect("zns_append_bytes_total", int(s["append_sectors"]) * 512, disk=disk)
    lines = open(os.path.join(root, disk, "zones")).read().splitlines()
    cols = lines[0].lstrip("# ").split()
    for line in lines[1:]:
        row = dict(zip(cols, map(int, line.split())))
        zone = str(row["zone"])
        # (an owner is a state: a zone with only an owner has no series)
        if any(v for c, v in row.items() if c not in ("zone", "start", "owner_cgroup")):
            expect("zns_zone_writes_total", row["writes"], disk=disk, zone=zone)
            expect("zns_zone_write_bytes_total", row["write_sectors"] * 512, disk=disk, zone=zone)
            # the owner as labels (its path is this machine's: the id only; a
            # word, none or one of the module's sentinels, has no id label:
            # node_exporter serves it as id="", what Prometheus takes for none)
            owner = row.get("owner_cgroup")
            word = {0: "none", 2**64 - 1: "mixed", 2**64 - 2: "unattributed",
                    2**64 - 3: "other"}.get(owner)
            if "owner_cgroup" in row and not [
                    v for (name, labels), v in samples.items()
                    if name == "zns_zone_owner_info" and v == 1 and
                    dict(labels).get("disk") == disk and dict(labels).get("zone") == zone and
                    (dict(labels).get("id") == str(owner) if word is None else
                     not dict(labels).get("id") and dict(labels).get("owner") == word)]:
                print("zns_zone_owner_info{disk=%s,zone=%s}: no series of id %d"
                      % (disk, zone, row["owner_cgroup"]))
        elif get("zns_zone_writes_total", disk=disk, zone=zone) is not None:
            print("zone %s of %s has no activity, but series" % (zone, disk))

# nvme1n1 is a namespace with Flexible Data Placement: its placement file's rows
# (placement IDs, then none and unlisted)
expect("zns_stat_up", 1, disk="nvme1n1")
lines = open(os.path.join(root, "nvme1n1", "placement")).read().splitlines()
cols = lines[0].lstrip("# ").split()
for line in lines[1:]:
    row = dict(zip(cols, line.split()))
    # none and unlisted have no ruhid: node_exporter serves ruhid="" (none to Prometheus)
    labels = dict(disk="nvme1n1", pid=row["pid"], ruhid=row["ruhid"].replace("-", ""))
    expect("zns_placement_host_writes_total", int(row["writes"]), **labels)
    expect("zns_placement_host_bytes_total", int(row["write_sectors"]) * 512, **labels)
if len(lines) < 4 or lines[-2].split()[0] != "none" or lines[-1].split()[0] != "unlisted":
    print("the fixture's nvme1n1/placement has not its none and unlisted rows")

# zns8 has the latency, errors and lifecycle files
s = summary("zns8")
hist = {}
for line in open(os.path.join(root, "zns8", "latency")):
    if line.startswith("# max_ns "):
        _, _, op, ns = line.split()
        expect("zns_latency_max_seconds", int(ns) / 1e9, disk="zns8", op=op)
    if not line.startswith("#"):
        op, lo, hi, n = line.split()
        hist.setdefault(op, []).append((int(hi), int(n)))
for op, buckets in hist.items():
    total = sum(n for _, n in buckets)
    expect("zns_latency_seconds_count", total, disk="zns8", op=op)
    expect("zns_latency_seconds_bucket", total, disk="zns8", op=op, le="+Inf")
    for le_ns in (2047, 16383, 32767, 131071):
        want = sum(n for hi, n in buckets if hi <= le_ns)
        got = [v for (name, labels), v in samples.items()
               if name == "zns_latency_seconds_bucket" and dict(labels).get("disk") == "zns8" and
               dict(labels).get("op") == op and float(dict(labels)["le"]) == le_ns / 1e9]
        if got != [want]:
            print("zns_latency_seconds_bucket{disk=zns8,op=%s,le=%gs}: %s, the fixture says %d"
                  % (op, le_ns / 1e9, got, want))
    expect("zns_latency_seconds_sum", int(s[op + "_lat_sum_ns"]) / 1e9, disk="zns8", op=op)
lines = open(os.path.join(root, "zns8", "errors")).read().splitlines()
ops = lines[0].split()[3:]
for line in lines[1:]:
    f = line.split()
    # the row of many codes (other_unlisted, 0 in the file) has no one code: ""
    code = f[1] if int(f[1], 0) else ""
    for op, n in zip(ops, f[2:]):
        expect("zns_command_errors_total", int(n), disk="zns8", status=f[0], code=code, op=op)
life = dict(line.split() for line in open(os.path.join(root, "zns8", "lifecycle")))
expect("zns_lifecycle_finish_waste_bytes_total", int(life["finish_waste_sectors"]) * 512, disk="zns8")
expect("zns_lifecycle_open_zones", int(life["open_zones"]), disk="zns8")
expect("zns_lifecycle_resets_fill_total", int(life["resets_fill_100pct"]), disk="zns8", fill_pct="100")
# time to full and time open: histograms served as such (issue 12)
times = {}
for line in open(os.path.join(root, "zns8", "lifetimes")):
    if not line.startswith("#"):
        what, _, _, n = line.split()
        times[what] = times.get(what, 0) + int(n)
expect("zns_lifecycle_time_to_full_seconds_count", times["to_full"], disk="zns8")
expect("zns_lifecycle_time_open_seconds_count", times["open"], disk="zns8")
expect("zns_lifecycle_time_open_seconds_sum", int(life["time_open_sum_ns"]) / 1e9, disk="zns8")

# zns8 has a cgroups file: per cgroup and operation, bytes and seconds; the
# path (seq_escape's \ooo undone) a label; rows that counted nothing left out
lines = open(os.path.join(root, "zns8", "cgroups")).read().splitlines()
cols = lines[0].lstrip("# ").split()[2:]
for line in lines[1:]:
    f = line.split(" ")
    cg = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), f[1])
    row = dict(zip(cols, map(int, f[2:])))
    counted = any(v for c, v in row.items() if c != "zones_owned")
    # (unattributed), (other), (mixed): id 0 in the file, no id label (id="")
    labels = dict(disk="zns8", cgroup=cg, id=f[0] if f[0] != "0" else "")
    if not counted:
        if get("zns_cgroup_commands_total", op="write", **labels) is not None:
            print("cgroup %s counted nothing, but has series" % cg)
        if row["zones_owned"]:
            expect("zns_cgroup_zones_owned", row["zones_owned"], **labels)
        continue
    expect("zns_cgroup_zones_owned", row["zones_owned"], **labels)
    for op in ("read", "write", "append"):
        if row[op + "_commands"] or row[op + "_errors"]:
            expect("zns_cgroup_commands_total", row[op + "_commands"], op=op, **labels)
            expect("zns_cgroup_bytes_total", row[op + "_sectors"] * 512, op=op, **labels)
            expect("zns_cgroup_latency_seconds_total", row[op + "_lat_sum_ns"] / 1e9, op=op, **labels)
            expect("zns_cgroup_errors_total", row[op + "_errors"], op=op, **labels)

# the ledgers' lifetime totals: each current DIR/<identity>.ledger (not a
# temporary, not one kept of an older geometry), summed over its zones, and
# per zone for every zone with lifetime activity (the fixture has fewer than
# --max-zones)
def ledger(path):
    lines = open(path).read().splitlines()
    kv = dict(line.split(": ", 1) for line in lines[1:12])
    # version 1: the summary's 6 namespace counters; 2: the lifecycle's too
    head = next(i for i, line in enumerate(lines) if line.startswith("# zone "))
    ns = {f[1]: int(f[2]) for f in (line.split() for line in lines[12:head])}
    cols = lines[head].lstrip("# ").split()
    zones = [dict(zip(cols, map(int, line.split()))) for line in lines[head + 1:-1]]
    return kv, ns, zones


# a namespace counter's series: base units, the fill buckets one family
def ns_expect(c, v, **labels):
    pct = re.fullmatch(r"resets_fill_(\d+)pct", c)
    if pct:
        expect("zns_ledger_resets_fill_total", v, fill_pct=pct.group(1), **labels)
    elif c.endswith("_ns"):
        expect("zns_ledger_%s_seconds_total" % re.sub(r"(_sum)?_ns$", "", c), v / 1e9, **labels)
    elif c.endswith("_sectors"):
        expect("zns_ledger_%s_bytes_total" % c[:-len("_sectors")], v * 512, **labels)
    else:
        expect("zns_ledger_%s_total" % c, v, **labels)


if ledger_dir:
    found = 0
    for name in sorted(os.listdir(ledger_dir)):
        if name.startswith(".") or not name.endswith(".ledger"):
            continue
        kv, ns, zones = ledger(os.path.join(ledger_dir, name))
        if name != kv["identity"] + ".ledger":  # kept of an older geometry
            continue
        found += 1
        labels = dict(disk=kv["disk"], identity=kv["identity"])
        for op, c in (("read", "reads"), ("write", "writes"), ("append", "appends"),
                      ("write_zeroes", "write_zeroes")):
            expect("zns_ledger_commands_total", sum(z[c] for z in zones), op=op, **labels)
            expect("zns_ledger_bytes_total", sum(z[op + "_sectors"] for z in zones) * 512,
                   op=op, **labels)
        for c in ("resets", "finishes", "opens", "closes", "errors", "fill_resets"):
            expect("zns_ledger_%s_total" % c, sum(z[c] for z in zones), **labels)
        expect("zns_ledger_reset_fill_bytes_total", sum(z["fill_sum_sectors"] for z in zones) * 512, **labels)
        for c, v in ns.items():
            ns_expect(c, v, **labels)
        if len(ns) == 6:  # version 1: no lifecycle totals kept, served as 0
            expect("zns_ledger_time_open_seconds_total", 0, **labels)
        expect("zns_ledger_folds_total", int(kv["folds"]), **labels)
        expect("zns_ledger_restarts_total", int(kv["restarts"]), **labels)
        expect("zns_ledger_last_fold_timestamp_seconds", int(kv["last_seen"]), **labels)
        for z in zones:
            zl = dict(zone=str(z["zone"]), **labels)
            if any(v for c, v in z.items() if c != "zone"):
                expect("zns_ledger_zone_resets_total", z["resets"], **zl)
                expect("zns_ledger_zone_bytes_total", z["write_sectors"] * 512, op="write", **zl)
                expect("zns_ledger_zone_errors_total", z["errors"], **zl)
            elif get("zns_ledger_zone_resets_total", **zl) is not None:
                print("ledger zone %s of %s has no lifetime activity, but series" % (zl["zone"], kv["disk"]))
    folds = [labels for (name, labels) in samples if name == "zns_ledger_folds_total"]
    if len(folds) != found:
        print("zns_ledger_folds_total: %d series, %d current ledgers in %s" % (len(folds), found, ledger_dir))

# the dashboard: JSON, and every metric its queries use is served
served = {name for name, _ in samples}
d = json.load(open(dashboard))
exprs = []


def walk(v):
    if isinstance(v, dict):
        for k, x in v.items():
            if k in ("expr", "query", "definition") and isinstance(x, str):
                exprs.append(x)
            else:
                walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)


walk(d)
used = set()
for e in exprs:
    e = re.sub(r'"[^"]*"', '""', e)	# label values are not names
    used |= set(re.findall(r"\b((?:zns|node)_[a-z0-9_]+)\b", e))
for name in sorted(used - served):
    print("dashboard: %s is not served" % name)
# every per-cgroup, lifetime and placement series and the zones' owners have a panel
for name in sorted(n for n in served if n.startswith(("zns_cgroup_", "zns_ledger_", "zns_placement_")) or
                   n == "zns_zone_owner_info"):
    if name not in used:
        print("dashboard: no panel of %s" % name)
if "zns_zone_owner_info" not in served:
    print("dashboard: the fixture serves no zns_zone_owner_info")
if ledger_dir and "zns_ledger_zone_resets_total" not in served:
    print("dashboard: the fixture serves no zns_ledger_zone_resets_total")
if len(used) < 20 or not any("histogram_quantile" in e for e in exprs):
    print("dashboard: only %d metrics, or no histogram_quantile" % len(used))
if not any(p.get("type") == "heatmap" for p in d["panels"]):
    print("dashboard: no heatmap panel")
# the exact max everywhere "max" is shown: a quantile is a bucket's bound
if "zns_latency_max_seconds" not in used:
    print("dashboard: no panel of the exact latency maximum")
for p in d["panels"]:
    quantile = any("histogram_quantile" in t.get("expr", "") for t in p.get("targets", []))
    if quantile and "max" in p.get("options", {}).get("legend", {}).get("calcs", []):
        print("dashboard: %s: a bucket bound's legend says max" % p["title"])
