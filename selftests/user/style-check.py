#!/usr/bin/python3
# style-check.py TOOL FIXTURES: zns-stat speaks with one voice (issue 46), over
# the tool's own output, not a list of strings. Every view (main table, -r, -w,
# -i, detail, cgroups, lifecycle, ledger show, report's comparison, export,
# placement) in
# every format (table, CSV, JSON, Prometheus) on the fixtures
# (selftests/user/fixtures), and:
#   - every time is RFC 3339 in one form (UTC, "Z"; fractions where the
#     figure has them: a time beside its time_ns is exact to the nanosecond);
#   - CSV, JSON and Prometheus carry no sentinel number where a word is meant
#     (2^64 - 1 and its neighbours, 2^32 - 1, -1);
#   - JSON has no integer a reader would round (over 2^53), and 64-bit
#     identifiers (cgroup ids, times in ns) are strings whatever their value;
#   - a status code is one encoding everywhere (nvme-cli's "0x1bc": 0x and
#     lower-case hex without leading zeros; 0x0 for none);
#   - the same figure of one snapshot reads the same in the table (-r), CSV,
#     JSON and Prometheus: counts, the top error, the owner;
#   - --list-columns in the table's words, not the export's HELP text;
#   - -r has the disk in its first column, as lsblk -r has NAME; every
#     output ends with a newline;
#   - what people read (tables, the HTML pages and their figures) says the
#     namespace's counters in words, as the main title does ("1 reset of all
#     zones", not reset_all), and a count of 1 with its noun in the singular;
#   - every size and duration people read parses with one grammar per kind:
#     one word in a table ("16KiB", "10µs": at most 3 significant digits,
#     IEC sizes, ns/µs/ms/s), a space between number and unit only in a
#     sentence ("8 zones of 1 MiB"); no column named in a unit its cells do
#     not hold (read_lat_us "10.0", r_ms, read_sectors "1.98 MiB"); -b: sizes
#     in bytes, plain numbers;
#   - widths: every view for people fits a terminal of 80 and of 100 columns
#     (run under a pseudo-terminal), but -w (every column, as ps -w) and -r
#     (raw: the same as through a pipe); through a pipe nothing is cut (the
#     same text whatever COLUMNS says, no "to fit" note).
#   - the HTML pages list no row whose every value is 0 (they say under the
#     table how many they left out), and every figure says what a cell is.
# The fixtures' namespaces, and one of 4,096 zones made by scale-fixture.sh.
# Prints what is wrong, one line each; nothing when all is well.
import csv
import fcntl
import io
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import tempfile
import termios
from datetime import datetime, timezone

if len(sys.argv) != 3:
    sys.exit("usage: style-check.py TOOL FIXTURES")
tool, fx = sys.argv[1], os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
tmp = tempfile.mkdtemp()
# the fixtures' debugfs, and beside them a namespace of 4,096 zones
dbg = os.path.join(tmp, "debugfs")
os.mkdir(dbg)
for e in os.listdir(fx + "/debugfs"):
    os.symlink(os.path.join(fx, "debugfs", e), os.path.join(dbg, e))
subprocess.run(["bash", os.path.join(here, "scale-fixture.sh"), dbg, "4096", "z4096"],
               check=True)
# placement reads the fixture's raw NVMe log pages (ZNS_STAT_NVME_FIXTURE)
env = dict(os.environ, ZNS_STAT_DEBUGFS=dbg, ZNS_STAT_SYSFS=fx + "/sys",
           ZNS_STAT_DEV="/nonexistent", ZNS_STAT_NVME_FIXTURE=fx + "/nvme",
           COLUMNS="100", TZ="Europe/Berlin")
problems, seen = [], set()


def bad(what, msg):
    # once per view and field: zone 3's owner is zone 5's
    key = (what, re.sub(r"\[\d+\]|zone \S+ ", "", msg.split(" is ")[0].split(" reads ")[0]))
    if key not in seen and len(problems) < 200:
        seen.add(key)
        problems.append("%s: %s" % (what, msg))


def run(*args, columns="100"):
    p = subprocess.run([tool] + list(args), env=dict(env, COLUMNS=columns),
                       capture_output=True, text=True, timeout=60)
    what = "zns-stat " + " ".join(args).replace(fx + "/", "")
    if p.returncode:
        bad(what, "exit status %d: %s" % (p.returncode, p.stderr.strip()[:200]))
    elif p.stdout and not p.stdout.endswith("\n"):
        bad(what, "does not end with a newline")
    return what, p.stdout


RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z")
# anything that looks like a time of day or a date with one
LOOSE = re.compile(r"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}[0-9:.+\-Z]*|"
                   r"(?<![\dT:])\d{1,2}:\d{2}:\d{2}(\.\d+)?)")


def check_times(what, text):
    for m in LOOSE.finditer(text):
        tok = m.group(0)
        if not RFC3339.fullmatch(tok):
            bad(what, "time %r is not RFC 3339 (YYYY-MM-DDThh:mm:ss[.fff]Z)" % tok)
            return


SENTINELS = {str(2**64 - 1 - i) for i in range(4)} | {str(2**32 - 1), "-1"}


def check_sentinel(what, field, value):
    if str(value) in SENTINELS:
        bad(what, "%s is %s: a sentinel number where a word is meant" % (field, value))


HEX = re.compile(r"0x(0|[1-9a-f][0-9a-f]*)")


def check_code(what, field, value):
    if value in (None, ""):
        return
    if not isinstance(value, str) or not HEX.fullmatch(value):
        bad(what, "status code %s is %r, not 0x%%x (nvme-cli's encoding)" % (field, value))


def is_code_key(k):
    return k == "code" or k.endswith("_code")


def is_id_key(k):
    # (open_limit_time_ns and the like are durations, numbers)
    return k in ("id", "owner_cgroup", "cgroup_id", "time_ns", "host_cond_time_ns")


def rfc3339_ns(t):
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z", t)
    if not m:
        return None
    s = datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    return int(s.timestamp()) * 10**9 + int((m.group(2) or "").ljust(9, "0"))


def walk_json(what, o, path=""):
    if isinstance(o, dict):
        if isinstance(o.get("time"), str) and o.get("time_ns") is not None:
            if rfc3339_ns(o["time"]) != int(o["time_ns"]):
                bad(what, "%s.time %s is not time_ns %s" % (path, o["time"], o["time_ns"]))
        for k, v in o.items():
            p = path + "." + k
            if is_code_key(k) and "cond" not in k:
                check_code(what, p, v)
            if is_id_key(k) and v is not None and not isinstance(v, str):
                bad(what, "%s is %r: a 64-bit identifier, a string in JSON" % (p, v))
            walk_json(what, v, p)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            walk_json(what, v, "%s[%d]" % (path, i))
    elif isinstance(o, int) and not isinstance(o, bool):
        if abs(o) > 2**53:
            bad(what, "%s is %d: over 2^53, a JSON reader rounds it" % (path, o))
        check_sentinel(what, path, o)


def check_json(what, text):
    try:
        doc = json.loads(text)
    except ValueError as e:
        bad(what, "not JSON: %s" % e)
        return None
    walk_json(what, doc)
    return doc


def check_csv(what, text):
    blocks, rows = [], None
    for line in text.split("\n\n"):
        r = list(csv.reader(io.StringIO(line)))
        if not r:
            continue
        head = r[0]
        rows = [dict(zip(head, x)) for x in r[1:]]
        blocks.append(rows)
        for row in rows:
            for k, v in row.items():
                check_sentinel(what, k, v)
                if is_code_key(k) and "cond" not in k:
                    check_code(what, k, v)
    return blocks


PROM = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def check_prom(what, text):
    samples = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = PROM.match(line)
        if not m:
            bad(what, "not a Prometheus sample: %r" % line)
            continue
        labels = dict(LABEL.findall(m.group(3) or ""))
        check_sentinel(what, m.group(1), m.group(4))
        for k, v in labels.items():
            check_sentinel(what, "%s{%s}" % (m.group(1), k), v)
        if "status" in labels and "code" in labels:
            check_code(what, m.group(1) + "{code}", labels["code"])
        samples.append((m.group(1), labels, m.group(4)))
    return samples


# a page's table row of a named figure (not a zone's or an interval's) whose
# every value is 0 or absent: left out, and said under the table (item 7)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<t([hd])[^>]*>(.*?)</t\1>", re.S)
ZERO = re.compile(r"(0(\.0+)?( ?[^\d\s]+)?|-|none|)")


def check_zero_rows(what, page):
    for m in ROW.finditer(page):
        cells = [re.sub(r"<[^>]*>", "", c[1]).strip() for c in CELL.findall(m.group(1))]
        kinds = [c[0] for c in CELL.findall(m.group(1))]
        if len(cells) < 2 or "d" not in kinds[1:] or re.match(r"[\d.]", cells[0]):
            continue
        if all(ZERO.fullmatch(c) for c in cells[1:]):
            bad(what, "the page's row %r is all 0: left out, and said under its table"
                % " | ".join(cells))


# every figure of a page says what one of its cells is (one zone, 16 zones,
# zones x an interval), as its legend and footer count per cell (item 7)
FIGURE = re.compile(r'<figure id="([^"]*)">\s*<svg.*?</svg>', re.S)


def check_cells_said(what, page):
    for m in FIGURE.finditer(page):
        if "one cell = " not in m.group(0):
            bad(what, "figure %s does not say what a cell is ('one cell = ...')" % m.group(1))


# the module's names of the namespace counters, which prose says in words
KEYS = re.compile(r"\b(reset_all|finish_all|open_all|close_all|select_all_errors)\b")
NOUNS = ("zones", "folds", "intervals", "restarts", "resets", "commands", "rows",
         "columns", "cgroups", "errors", "finishes", "opens", "closes")
ONE = re.compile(r"(?<![\d.,:/x-])\b1 (%s)\b" % "|".join(NOUNS))


def check_words(what, text):
    m = KEYS.search(text)
    if m:
        bad(what, "says %s where the main title says it in words (%r)"
            % (m.group(1), text[max(0, m.start() - 30):m.end() + 10]))
    m = ONE.search(text)
    if m:
        bad(what, "says %r: 1 with a plural" % m.group(0))


SIZE_U = r"(?:B|KiB|MiB|GiB|TiB|PiB)"
DUR_U = r"(?:ns|µs|us|ms|s)"
NUM = r"\d+(?:\.\d+)?"
# a size or a duration with its unit: one word (a table's cell), or two (a sentence)
GLUED = re.compile(r"(?<![\w.\-/])(%s)(%s|%s)(/s)?(?!\w)" % (NUM, SIZE_U, DUR_U))
SPACED = re.compile(r"(?<![\w.\-/])(%s) (%s|%s)(/s)?(?!\w)" % (NUM, SIZE_U, DUR_U))
# sizes in other grammars: lsblk's "16K", SI "16KB", "4096 bytes", "2048 sectors"
OTHER_SIZE = re.compile(r"(?<![\w.\-/])\d+(?:\.\d+)?(?:[KMGTP]|[kKMGTP]B)\b|"
                        r"(?<![\w.\-/])\d+ (?:bytes|sectors)\b")
# a column or figure named in a unit its cell does not say: read_lat_us 10.0,
# r_ms 0.009; read_sectors 1.98 MiB (bytes under a name of sectors)
# (and a key of ns or sectors with its number in a sentence: time_open_sum_ns 12000000)
UNIT_NAME = re.compile(r"\b[a-z][a-z_]*_(?:us|ms)\b|\b\w+_sectors +\S*\d ?%s\b|"
                       r"\b[a-z][a-z_]*_(?:ns|sectors) \d+(?=[,;]|$)" % SIZE_U)


def sentence(line):
    # a title or a sentence, where "8 zones of 1 MiB" reads as words do
    return any(w in line for w in (", ", "; ", ": ", " of ", "<= "))


def canonical(num, unit):
    # fmt_scaled(): at most three significant digits, no trailing zero, and
    # below the next unit (1020KiB is 1020KiB, 1024KiB is 1MiB)
    if "." in num:
        whole, frac = num.split(".")
        return not frac.endswith("0") and len((whole + frac).lstrip("0")) <= 3
    return unit == "s" or int(num) < 1024


def check_units(what, text, exact_bytes=False):
    for line in text.splitlines():
        for m in GLUED.finditer(line):
            if exact_bytes and re.fullmatch(SIZE_U, m.group(2)) and not m.group(3):
                bad(what, "-b: size %r is not in bytes" % m.group(0))
            elif not canonical(m.group(1), m.group(2)):
                bad(what, "size or duration %r: not 3 significant digits of its unit"
                    % m.group(0))
        for m in SPACED.finditer(line):
            if not sentence(line):
                bad(what, "size or duration %r in two words in a table (one: %s%s%s)"
                    % (m.group(0), m.group(1), m.group(2), m.group(3) or ""))
            elif not canonical(m.group(1), m.group(2)):
                bad(what, "size or duration %r: not 3 significant digits of its unit"
                    % m.group(0))
        m = OTHER_SIZE.search(line)
        if m:
            bad(what, "size %r in another grammar than 16KiB (or 8 zones of 1 MiB)"
                % m.group(0))
        m = UNIT_NAME.search(line)
        if m:
            bad(what, "%r: a name in a unit its cells do not say (the cell says its "
                "unit: read_lat 10µs, read_bytes 16KiB)" % m.group(0))


def check_table(what, text):
    check_words(what, text)
    check_units(what, text)
    # a status code in a table is 0x%x too (the detail's errors)
    for m in re.finditer(r"\b0x[0-9a-fA-F]+\b", text):
        tok = m.group(0)
        if len(tok) <= 6 and not HEX.fullmatch(tok):
            bad(what, "status code %r in the table, not 0x%%x" % tok)


def everywhere(what, text, fmt):
    check_times(what, text)
    if fmt == "json":
        return check_json(what, text)
    if fmt == "csv":
        return check_csv(what, text)
    if fmt == "prom":
        return check_prom(what, text)
    check_table(what, text)
    return text


disks = [d for d in sorted(os.listdir(dbg))
         if os.path.exists(os.path.join(dbg, d, "zones")) and d != "broken"]
FMTS = ("table", "csv", "json", "prom")

# the main table and its formats, each namespace alone and all together
for sel in [[d] for d in disks] + [disks]:
    out = {}
    for f in FMTS:
        what, text = run("-a", "-o", f, *sel)
        out[f] = everywhere(what, text, f)
    cols = "zone,reads,writes,resets,errors,top_zone_error"
    if out["json"] and all("owner_cgroup" in z for d in out["json"].get("disks", [])
                           for z in d.get("zones", [])):
        cols += ",owner_cgroup"
    for extra in (["-w"], ["-r"], ["-r", "-a", "--columns", cols]):
        what, text = run(*(extra + sel))
        everywhere(what, text, "table")
        if extra[0] == "-r":
            for line in text.splitlines()[:1]:
                if line.split()[:1] != ["disk"]:
                    bad(what, "-r's first column is %r, not disk (lsblk -r has NAME)"
                        % line.split()[:1])
    # the same figures in the table (-r), CSV, JSON and Prometheus
    raw = [l.split(None) for l in text.splitlines()]
    if raw and raw[0][:1] != ["disk"] and len(sel) == 1:	# reported above
        raw = [["disk"] + raw[0]] + [sel + r for r in raw[1:]]
    if not raw or raw[0][:1] != ["disk"]:
        continue
    head = raw[0]
    table = {}
    for r in raw[1:]:
        # the owner (last) may be a path with blanks
        r = r[:len(head) - 1] + [" ".join(r[len(head) - 1:])]
        row = dict(zip(head, r))
        table[(row["disk"], row["zone"])] = row
    csvrows = {(r["disk"], r["zone"]): r for b in (out["csv"] or []) for r in b}
    jsonrows = {}
    for d in (out["json"] or {}).get("disks", []):
        for z in d.get("zones", []):
            jsonrows[(d["disk"], str(z["zone"]))] = z
    prom = {}
    for name, labels, v in out["prom"] or []:
        key = (labels.get("disk"), labels.get("zone"))
        if name == "zns_zone_top_zone_error_info":
            prom.setdefault(key, {})["top_zone_error"] = labels.get("status")
        elif name == "zns_zone_owner_info":
            prom.setdefault(key, {})["owner"] = labels.get("owner")
        elif name.startswith("zns_zone_") and name.endswith("_total"):
            prom.setdefault(key, {})[name[9:-6]] = v
    for key, t in table.items():
        c, j, p = csvrows.get(key), jsonrows.get(key), prom.get(key, {})
        if c is None or j is None:
            bad("zns-stat %s" % " ".join(sel), "zone %s:%s in the table, not in CSV or JSON" % key)
            continue
        for col in ("reads", "writes", "resets", "errors"):
            forms = {"table": t.get(col), "csv": c.get(col), "json": str(j.get(col))}
            if col in p:
                forms["prom"] = p[col]
            if len(set(forms.values())) > 1:
                bad("zns-stat %s" % " ".join(sel), "zone %s:%s %s reads %s" % (key + (col, forms)))
        forms = {"table": t.get("top_zone_error"), "csv": c.get("top_zone_error"),
                 "json": j.get("top_zone_error")}
        if "top_zone_error" in p:
            forms["prom"] = p["top_zone_error"]
        if len(set(forms.values())) > 1:
            bad("zns-stat %s" % " ".join(sel), "zone %s:%s top_zone_error reads %s" % (key + (forms,)))
        if "owner_cgroup" in t:
            forms = {"table": t["owner_cgroup"], "csv": c.get("owner"), "json": j.get("owner")}
            if "owner" in p:
                forms["prom"] = p["owner"]
            if len(set(forms.values())) > 1:
                bad("zns-stat %s" % " ".join(sel), "zone %s:%s owner reads %s" % (key + (forms,)))

# --list-columns says what the table holds, in the table's words (not the
# export's HELP: no labels, no sectors "in bytes")
for d in disks:
    what, text = run("--list-columns", d)
    for w in ("label", "(in bytes)", "Sectors"):
        if w in text:
            bad(what, "says %r: the Prometheus HELP, not the table's words" % w)

# the live view: one interval in every format
for f in FMTS:
    what, text = run("-i", "1", "-n", "1", "-o", f, *disks)
    everywhere(what, text, f)

# detail, cgroups, lifecycle of the namespaces that have their files
for d in disks:
    for cmd, files, fmts in (("detail", "resets", ("table", "csv", "json")),
                             ("cgroups", "cgroups", FMTS),
                             ("lifecycle", "lifecycle", FMTS)):
        if not os.path.exists(os.path.join(dbg, d, files)):
            continue
        for f in fmts:
            what, text = run(cmd, "-o", f, d)
            got = everywhere(what, text, f)
            if cmd != "cgroups" or not got:
                continue
            # (unattributed), (other), (mixed) are words: no id (the module's 0)
            if f == "csv":
                rows = [r for b in got for r in b]
            elif f == "json":
                rows = [r for x in got.get("disks", []) for r in x.get("cgroups", [])]
            elif f == "prom":
                rows = [dict(path=l.get("cgroup", ""), id=l.get("id")) for _, l, _ in got]
            else:
                rows = []
            for r in rows:
                if str(r.get("path", "")).startswith("(") and r.get("id") not in ("", None):
                    bad(what, "%s has id %r: a word, not a cgroup" % (r["path"], r["id"]))

# placement: the device's FDP figures, once and per interval
for f in ("table", "csv", "json"):
    for extra in ([], ["-i", "0.05", "-n", "2"]):
        what, text = run("placement", *extra, "-o", f, "nvme1n1")
        everywhere(what, text, f)

# ledger show of every ledger the fixtures have
ledgers = [os.path.join(fx, "ledger-dir", l) for l in sorted(os.listdir(fx + "/ledger-dir"))
           if not l.startswith(".")]
ledgers += [os.path.join(fx, "ledger", l) for l in ("good.ledger", "good-v2.ledger")]
for path in ledgers:
    for f in ("table", "csv", "json"):
        what, text = run("ledger", "show", path, "--state-dir", fx + "/ledger-dir", "-o", f)
        everywhere(what, text, f)

# the report's comparison, and its page (times only)
runs = [fx + "/runs/a.dat", fx + "/runs/b.dat"]
for f in ("table", "csv", "json"):
    what, text = run("report", *runs, "-o", f)
    everywhere(what, text, f)
# a run with intervals: the report's over-time figures too
with open(runs[0]) as f, open(os.path.join(tmp, "ticks.dat"), "w") as t:
    t.write(re.sub(r"(?m)^zones: ", "tick: 30.000 0:24:0:0 1:0:16:0\ntick: 60.000 1:0:0:1\nzones: ",
                   f.read()))
for r in runs + [os.path.join(tmp, "ticks.dat")]:
    what, text = run("report", r, "-f", "-")
    # the page's text: no tags, no style sheet or script
    prose = re.sub(r"<(style|script)[^>]*>.*?</\1>|<[^>]*>", " ", text, flags=re.S)
    check_times(what, prose)
    check_words(what, prose)
    check_zero_rows(what, text)
    check_cells_said(what, text)
what, text = run("report", *runs, "-f", "-")
check_zero_rows(what, text)
check_cells_said(what, text)
for path in ledgers[:3]:
    what, text = run("ledger", "report", path, "-f", "-")
    prose = re.sub(r"<(style|script)[^>]*>.*?</\1>|<[^>]*>", " ", text, flags=re.S)
    check_times(what, prose)
    check_words(what, prose)
    check_zero_rows(what, text)
    check_cells_said(what, text)

# the export, with the zones and the ledgers
what, _ = run("export", "--textfile-dir", tmp, "--zones", "--ledger-dir", fx + "/ledger-dir")
try:
    everywhere(what, open(os.path.join(tmp, "zns_stat.prom")).read(), "prom")
except OSError as e:
    bad(what, str(e))


def run_pty(args, cols):
    """args under a pseudo-terminal of cols columns: its stdout, as a person sees it"""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, cols, 0, 0))
    attrs = termios.tcgetattr(slave)
    attrs[1] &= ~termios.ONLCR	# "\n", not "\r\n"
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    p = subprocess.Popen([tool] + args, env=dict(env, COLUMNS=str(cols)),
                         stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.DEVNULL)
    os.close(slave)
    out = b""
    while select.select([master], [], [], 60)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:	# EIO: the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    rc = p.wait(timeout=60)
    return out.decode("utf-8", "replace"), rc


def no_times(text):
    # the live view's time lines differ from run to run
    return re.sub(r"\d{4}-\d{2}-\d{2}T[0-9:.]+Z", "T", text)


ledger_args = [["ledger", "show", l, "--state-dir", fx + "/ledger-dir"] for l in ledgers]
views = [[d] for d in disks] + [["-a", d] for d in disks] + [disks]
views += [["-i", "0.05", "-n", "1"] + disks]
for d in disks:
    for cmd, files in (("detail", "resets"), ("cgroups", "cgroups"), ("lifecycle", "lifecycle")):
        if os.path.exists(os.path.join(dbg, d, files)):
            views.append([cmd, d])
views += ledger_args + [a + ["-a"] for a in ledger_args]
views += [["report"] + runs + ["-o", "table"]]
views += [["placement", "nvme1n1"], ["placement", "-i", "0.05", "-n", "1", "nvme1n1"]]
for args in views:
    what = "zns-stat " + " ".join(args).replace(fx + "/", "")
    for cols in (80, 100):
        text, rc = run_pty(args, cols)
        if rc:
            bad(what, "exit status %d on a terminal" % rc)
        long = [l for l in text.splitlines() if len(l) > cols]
        if long:
            bad(what, "at %d columns on a terminal: %d lines wider, %d characters: %r"
                % (cols, len(long), len(long[0]), long[0][:100]))
    # through a pipe nothing is cut: COLUMNS says nothing there
    _, t80 = run(*args, columns="80")
    _, t100 = run(*args, columns="100")
    if no_times(t80) != no_times(t100):
        bad(what, "through a pipe, COLUMNS=80 and COLUMNS=100 differ: a pipe gets every column")
    if " to fit " in t80:
        bad(what, "through a pipe, says it left columns out to fit")
# -r and -w are not fitted: on a terminal what a pipe gets
for d in disks:
    for opt in ("-r", "-w"):
        what, piped = run(opt, d)
        text, _ = run_pty([opt, d], 80)
        if text != piped:
            bad(what, "on a terminal of 80 not what a pipe gets (%s is every column)" % opt)

# -b: every size of a table in bytes (rates and titles keep their words)
bviews = [["-b", "-a", d] for d in disks] + [["-b", "-r", d] for d in disks]
for d in disks:
    for cmd, files in (("detail", "resets"), ("cgroups", "cgroups")):
        if os.path.exists(os.path.join(dbg, d, files)):
            bviews.append([cmd, "-b", d])
bviews += [a + ["-b"] for a in ledger_args]
bviews += [["report", "-b"] + runs + ["-o", "table"]]
bviews += [["placement", "-b", "nvme1n1"], ["placement", "-b", "-i", "0.05", "-n", "1", "nvme1n1"]]
for args in bviews:
    what, text = run(*args)
    check_units(what, text, exact_bytes=True)

for p in problems:
    print(p)
