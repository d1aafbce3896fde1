#!/usr/bin/env python3
"""Runs hireloop-bench and does the same work with the sqlite3 shell on the same files,
then prints ours, sqlite3's and the ratio for each size, and the targets at 100k.

  compare.py --bench BUILD/tests/bench/hireloop-bench [--cache DIR] [--sizes 1000,10000,100000]
             [--runs N] [--json FILE] [--markdown FILE]

sqlite3's side:
  import   .import of the same CSV file into a candidate-like table with the same
           indexes (a unique index on the normalized email and on the normalized profile
           link, an index on the name), in a WAL database with synchronous=FULL as ours.
  summary  the aggregate SQL of models/storage/debriefrepository.cpp (applications,
           ratings, recommendations, decisions) on the same demo database, as a hiring
           manager sees it (the visibility filter is true), its time from .timer.
Only the standard library is used.
"""

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROLE = 1

# models/storage/debriefrepository.cpp, with :role* = ROLE and the viewer a hiring
# manager (ScorecardRepository::visibleTo: :vkind = 'hiring_manager').
VISIBLE = ("('hiring_manager' = 'hiring_manager' OR k.interviewer_id = 0"
           " OR (k.status = 'submitted' AND ('hiring_manager' = 'coordinator' OR EXISTS ("
           "   SELECT 1 FROM interview minei JOIN scorecard mine ON mine.interview_id = minei.id"
           "   WHERE minei.application_id = i.application_id AND +mine.interviewer_id = 0"
           "   AND mine.status = 'submitted'))))")

SUMMARY_SQL = [
    f"""SELECT a.id, c.id, c.name,
 (SELECT e.email FROM candidate_email e WHERE e.candidate_id = c.id ORDER BY e.position, e.id LIMIT 1),
 a.stage_id, s.name, a.status, coalesce(sc.submitted, 0), coalesce(sc.expected, 0),
 coalesce(iv.n, 0), coalesce(iv.first, 0), coalesce(iv.last, 0)
 FROM application a JOIN candidate c ON c.id = a.candidate_id JOIN stage s ON s.id = a.stage_id
 LEFT JOIN (SELECT i.application_id AS app, count(*) AS n, min(i.starts_at) AS first, max(i.starts_at) AS last
   FROM interview i JOIN application a3 ON a3.id = i.application_id
   WHERE i.status <> 'cancelled' AND a3.role_id = {ROLE} GROUP BY i.application_id) iv ON iv.app = a.id
 LEFT JOIN (SELECT i.application_id AS app, sum(CASE WHEN k.status = 'submitted' THEN 1 ELSE 0 END) AS submitted,
   count(*) AS expected FROM scorecard k JOIN interview i ON i.id = k.interview_id
   JOIN application a2 ON a2.id = i.application_id
   WHERE k.status <> 'superseded' AND i.status <> 'cancelled' AND a2.role_id = {ROLE}
   GROUP BY i.application_id) sc ON sc.app = a.id
 WHERE a.role_id = {ROLE} ORDER BY a.id;""",
    f"""SELECT i.application_id, r.attribute_id, count(r.value), sum(r.value), min(r.value), max(r.value)
 FROM rating r JOIN scorecard k ON k.id = r.scorecard_id JOIN interview i ON i.id = k.interview_id
 JOIN application a ON a.id = i.application_id
 WHERE a.role_id = {ROLE} AND k.status = 'submitted' AND i.status <> 'cancelled'
 AND r.value IS NOT NULL AND {VISIBLE}
 GROUP BY i.application_id, r.attribute_id;""",
    f"""SELECT i.application_id, i.stage_id, k.overall, count(*)
 FROM scorecard k JOIN interview i ON i.id = k.interview_id
 JOIN application a ON a.id = i.application_id
 WHERE a.role_id = {ROLE} AND k.status = 'submitted' AND i.status <> 'cancelled' AND {VISIBLE}
 GROUP BY i.application_id, i.stage_id, k.overall;""",
    f"""SELECT d.id, d.application_id, d.outcome, d.rationale, d.dissent, coalesce(d.decided_by, 0),
 coalesce(p.name, ''), d.decided_at
 FROM decision d JOIN application a ON a.id = d.application_id LEFT JOIN person p ON p.id = d.decided_by
 WHERE a.role_id = {ROLE} AND ('hiring_manager' <> 'interviewer' OR EXISTS (
   SELECT 1 FROM interview mi JOIN scorecard m ON m.interview_id = mi.id
   WHERE mi.application_id = a.id AND +m.interviewer_id = 0 AND m.status = 'submitted'))
 ORDER BY d.application_id, d.decided_at, d.id;""",
]

IMPORT_SCHEMA = """PRAGMA journal_mode = WAL;
PRAGMA synchronous = FULL;
CREATE TABLE candidate (name TEXT NOT NULL CHECK (trim(name) <> ''), email TEXT NOT NULL CHECK (email LIKE '%_@_%'),
  phone TEXT NOT NULL DEFAULT '', location TEXT NOT NULL DEFAULT '', source TEXT NOT NULL DEFAULT '',
  github TEXT NOT NULL DEFAULT '');
CREATE INDEX candidate_name ON candidate (name);
CREATE UNIQUE INDEX candidate_email_normalized ON candidate (lower(trim(email)));
CREATE UNIQUE INDEX candidate_link_normalized ON candidate (lower(trim(github)));
"""

# What the comparison and the targets are about: bench name -> (label, target at 100k).
ROWS = [
    ("import_csv", "import of a candidates CSV", "<= 2x sqlite3"),
    ("debrief_summary", "debrief summary, every application", "<= 1.5x sqlite3"),
    ("export_summary_csv", "summary CSV export", "<= 1000 ms"),
    ("open_first_screen", "open + first screen of the candidates", "<= 100 ms"),
    ("filter_keystroke", "one filter keystroke", "<= 16 ms"),
    ("sort_score", "sort by weighted score", "<= 100 ms"),
    ("gui_cold_start", "GUI cold start to first paint", "<= 1000 ms"),
    ("gui_peak_rss", "GUI peak RSS (MB)", "<= 200 MB"),
    ("import_gui_lateness", "GUI timer's worst lateness, import", "<= 16 ms"),
]


def run_sqlite(db, script, readonly=False):
    args = ["sqlite3", "-batch"] + (["-readonly"] if readonly else []) + [db]
    return subprocess.run(args, input=script, capture_output=True, text=True, check=True)


def children_cpu_ms():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (u.ru_utime + u.ru_stime) * 1000


def sqlite_import_ms(csv, runs, workdir):
    """Median wall and CPU milliseconds of the sqlite3 shell's .import, and the rows."""
    times, cpu = [], []
    for _ in range(runs):
        db = os.path.join(workdir, "sqlite-import.sqlite")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        run_sqlite(db, IMPORT_SCHEMA)
        start, start_cpu = time.perf_counter(), children_cpu_ms()
        out = run_sqlite(db, f".import --csv --skip 1 '{csv}' candidate\nSELECT count(*) FROM candidate;\n")
        times.append((time.perf_counter() - start) * 1000)
        cpu.append(children_cpu_ms() - start_cpu)
        rows = int(out.stdout.strip().splitlines()[-1])
    return statistics.median(times), statistics.median(cpu), rows


def sqlite_summary_ms(db, runs):
    """Median wall and CPU milliseconds of the summary SQL, as sqlite3's .timer reports them."""
    times, cpu = [], []
    script = ".timer on\n.output /dev/null\n" + "\n".join(SUMMARY_SQL) + "\n"
    for _ in range(runs):
        out = run_sqlite(db, script, readonly=True)
        timed = re.findall(r"Run Time: real ([0-9.]+) user ([0-9.]+) sys ([0-9.]+)", out.stdout + out.stderr)
        if len(timed) != len(SUMMARY_SQL):
            sys.exit("compare: sqlite3 did not time every summary query:\n" + out.stdout + out.stderr)
        times.append(sum(float(t[0]) for t in timed) * 1000)
        cpu.append(sum(float(t[1]) + float(t[2]) for t in timed) * 1000)
    return statistics.median(times), statistics.median(cpu)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bench", required=True)
    p.add_argument("--cache", default="bench-cache")
    p.add_argument("--sizes", default="1000,10000,100000")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", help="also write the benchmark's JSON lines here")
    p.add_argument("--markdown", help="also write the table here")
    a = p.parse_args()
    if not shutil.which("sqlite3"):
        sys.exit("compare: the sqlite3 shell is needed (apt-get install sqlite3)")
    cache = os.path.abspath(a.cache)
    sizes = [int(s) for s in a.sizes.split(",") if s]

    ours = {}
    lines = []
    proc = subprocess.Popen([a.bench, "--cache", cache, "--sizes", a.sizes, "--runs", str(a.runs)],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        print(line, end="", flush=True)
        lines.append(line)
        m = json.loads(line)
        ours[(m["name"], m["candidates"])] = m
        if m["name"] == "gui_cold_start":
            ours[("gui_peak_rss", m["candidates"])] = {"median_ms": m.get("gui_peak_rss_mb")}
    if proc.wait() != 0:
        sys.exit("compare: hireloop-bench failed")
    if a.json:
        with open(a.json, "w") as f:
            f.writelines(lines)

    theirs = {}
    with tempfile.TemporaryDirectory(dir=cache) as work:
        for n in sizes:
            ms, cpu, rows = sqlite_import_ms(os.path.join(cache, f"import-{n}.csv"), a.runs, work)
            theirs[("import_csv", n)] = (ms, cpu)
            print(json.dumps({"name": "sqlite3_import", "candidates": n, "median_ms": round(ms, 2),
                              "cpu_median_ms": round(cpu, 2), "rows": rows}), flush=True)
            ms, cpu = sqlite_summary_ms(os.path.join(cache, f"demo-{n}.sqlite"), a.runs)
            theirs[("debrief_summary", n)] = (ms, cpu)
            print(json.dumps({"name": "sqlite3_summary", "candidates": n, "median_ms": round(ms, 2),
                              "cpu_median_ms": round(cpu, 2)}), flush=True)

    def fmt(v):
        return "–" if v is None else (f"{v:.0f}" if v >= 100 else f"{v:.1f}")

    # Wall-clock medians; where sqlite3 does the same work, the CPU-time ratio follows in
    # brackets (on a machine shared with other work the wall time swings, the CPU time less).
    header = "| measurement (median ms) | " + " | ".join(
        f"{n // 1000}k ours | {n // 1000}k sqlite3 | {n // 1000}k ratio (cpu)" for n in sizes) + " | target at 100k |"
    table = [header, "|" + "---|" * (2 + 3 * len(sizes))]
    for key, label, target in ROWS:
        cells = []
        for n in sizes:
            m = ours.get((key, n), {})
            o, ocpu = m.get("median_ms"), m.get("cpu_median_ms")
            t, tcpu = theirs.get((key, n), (None, None))
            ratio = f"{o / t:.2f}×" if o is not None and t else "–"
            if ocpu is not None and tcpu:
                ratio += f" ({ocpu / tcpu:.2f}×)"
            cells += [fmt(o), fmt(t), ratio]
        table.append(f"| {label} | " + " | ".join(cells) + f" | {target} |")
    print()
    print("\n".join(table))
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("\n".join(table) + "\n")


if __name__ == "__main__":
    main()
