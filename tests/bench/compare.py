#!/usr/bin/env python3
"""Runs hireloop-bench and does the same work with the sqlite3 shell on the same files,
then prints ours, sqlite3's and the ratio for each size, and the targets at 100k.

  compare.py --bench BUILD/tests/bench/hireloop-bench [--cache DIR] [--sizes 1000,10000,100000]
             [--runs N] [--only NAME,...] [--json FILE] [--markdown FILE]
             [--server postgresql://USER@HOST/postgres]

sqlite3's side:
  import   the same CSV file into the same tables with the same indexes, constraints
           and foreign keys as ours, in a WAL database with the pragmas ours sets
           (synchronous=FULL, foreign_keys, temp_store=MEMORY, secure_delete): .import
           into a temporary table, then one INSERT ... SELECT per table in one
           transaction, the normalization done in SQL. Per imported candidate both sides
           write 5 table rows (candidate, candidate_email, candidate_link, application,
           stage_event), the name and the email in the search index (candidate_search,
           FTS5 trigrams: ours through its triggers, sqlite3 in two bulk statements) and
           these 10 index entries:
             candidate_name (name)
             candidate_name_nocase (name COLLATE NOCASE; lower(name), id on PostgreSQL)
             candidate_email UNIQUE (normalized)     lower(trim(email)), as ContactNormalizer::email
             candidate_email_candidate (candidate_id, position, id, email)
             candidate_link UNIQUE (normalized)      lower(trim(url)) without "https://", as
                                                     ContactNormalizer::link for this file's
                                                     https://github.com/NAME links
             candidate_link_candidate (candidate_id)
             application UNIQUE (candidate_id, role_id)
             application_role_stage (role_id, stage_id, status)
             application_role (role_id, id)
             stage_event_application (application_id, at)
           Ours also reads the database's existing emails and links for the duplicate
           check and writes one audit entry; sqlite3 does neither, it trusts the file.
  summary  the statements of models/storage/debriefrepository.cpp (summary_sql), the
           same but for line breaks and the bound values (the role, the viewer: the
           hiring manager, person 1, as in the benchmark, and the time), on the same demo
           database, timed by .timer.
           They return rows that ours counts in C++ (sqlite3 prints them to /dev/null).

With --server (a PostgreSQL server whose login may create databases; the database the URI
names is where databases are created from, normally postgres), hireloop-bench also runs
its team-database measurements there (see bench.cpp), and psql does the same work:
  import   the same CSV file into the same five tables with the same indexes,
           constraints, foreign keys and triggers as Hireloop's schema on PostgreSQL
           (PG_IMPORT_SCHEMA, as migrations.cpp makes them there), in a database created
           afresh for each run (untimed, as the schema): \copy into a temporary table,
           then one INSERT ... SELECT per table in one transaction that also moves the id
           sequences past the rows, as ours does. psql's time is its whole process, as
           sqlite3's.
  summary  the same statements as for sqlite3 (PostgreSQL takes them as they are, as it
           takes Hireloop's), on the database hireloop-bench pushed the demo to
           (hireloop_bench_<n>), as psql's \timing reports them: from sending each
           statement until its rows are in psql's memory (printing them is not counted).
  Both run on the server, so the time of its processes is in neither side's CPU time:
  the PostgreSQL rows compare wall times only.
Only the standard library is used.
"""

import argparse
import json
import os
import re
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROLE = 1

# models/storage/debriefrepository.cpp (DebriefRepository::rows and its reads), as
# hireloop-bench runs them: :role1 = ROLE, the viewer a hiring manager (person 1), for
# whom VisibilitySql writes each visibility condition as "1 = 1", and :now the time of the
# run (storage/scorecardsql.h: which scorecards are expected). Both SQLite and PostgreSQL
# take the same text, as they take Hireloop's.
def summary_sql(now, ROLE=ROLE, from_applications=False):
    """from_applications: the role holds under a quarter of the applications, and
    Hireloop reads it from its applications down the indexes (the joins reversed, no
    unary + on the role)."""
    def joined(*tables):
        return " CROSS JOIN ".join(reversed(tables) if from_applications else tables)
    plus = "" if from_applications else "+"
    return [
        f"SELECT (SELECT count(*) FROM application WHERE role_id = {ROLE}), (SELECT max(id) FROM application);",
        f"""SELECT a.id, c.id, c.name,
 (SELECT e.email FROM candidate_email e WHERE e.candidate_id = c.id ORDER BY e.position, e.id LIMIT 1),
 a.stage_id, a.status FROM application a CROSS JOIN candidate c
 WHERE c.id = a.candidate_id AND {plus}a.role_id = {ROLE} AND 1 = 1 ORDER BY a.id;""",
        f"""SELECT i.application_id, i.starts_at FROM {joined("interview i", "application a")}
 WHERE a.id = i.application_id AND a.role_id = {ROLE} AND i.status <> 'cancelled';""",
        f"""SELECT i.application_id, i.stage_id, k.status, k.overall, 1 = 1
 FROM {joined("scorecard k", "interview i", "application a")}
 WHERE i.id = k.interview_id AND a.id = i.application_id AND a.role_id = {ROLE}
 AND i.status <> 'cancelled' AND (k.status = 'submitted' OR (k.status = 'draft' AND k.revision = 1
 AND i.starts_at + i.duration_min * 60 <= {now}));""",
        f"""SELECT i.application_id, r.attribute_id, r.value
 FROM {joined("rating r", "scorecard k", "interview i", "application a")}
 WHERE k.id = r.scorecard_id AND i.id = k.interview_id AND a.id = i.application_id AND a.role_id = {ROLE}
 AND k.status = 'submitted' AND i.status <> 'cancelled' AND r.value IS NOT NULL AND 1 = 1;""",
        f"""SELECT d.id, d.application_id, d.outcome, d.rationale, d.dissent, coalesce(d.decided_by, 0),
 coalesce(p.name, ''), d.decided_at
 FROM {joined("decision d", "application a")} LEFT JOIN person p ON p.id = d.decided_by
 WHERE a.id = d.application_id AND a.role_id = {ROLE} AND 1 = 1
 ORDER BY d.application_id, d.decided_at, d.id;""",
    ]


# models/storage/migrations.cpp: the five tables an import writes, with their indexes
# and the search index over names and emails (migration 15, filled here in two bulk
# statements where Hireloop's triggers add each row), and stand-ins for the role, stage
# and person they refer to.
IMPORT_SCHEMA = """PRAGMA journal_mode = WAL;
CREATE TABLE role (id INTEGER PRIMARY KEY);
CREATE TABLE stage (id INTEGER PRIMARY KEY);
CREATE TABLE person (id INTEGER PRIMARY KEY);
INSERT INTO role VALUES (1);
INSERT INTO stage VALUES (1);
INSERT INTO person VALUES (1);
CREATE TABLE candidate (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (trim(name) <> ''),
  phone TEXT NOT NULL DEFAULT '', location TEXT NOT NULL DEFAULT '', source TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, anonymized_at BIGINT);
CREATE INDEX candidate_name ON candidate (name);
CREATE INDEX candidate_name_nocase ON candidate (name COLLATE NOCASE);
CREATE TABLE candidate_email (id INTEGER PRIMARY KEY,
  candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
  email TEXT NOT NULL CHECK (email LIKE '%_@_%'), normalized TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0);
CREATE INDEX candidate_email_candidate ON candidate_email (candidate_id, position, id, email);
CREATE VIRTUAL TABLE candidate_search USING fts5(text, content='', columnsize=0, detail=none, tokenize='trigram');
CREATE TABLE candidate_link (id INTEGER PRIMARY KEY,
  candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('scholar', 'github', 'orcid', 'arxiv', 'linkedin', 'website', 'other')),
  url TEXT NOT NULL CHECK (trim(url) <> ''), normalized TEXT NOT NULL UNIQUE);
CREATE INDEX candidate_link_candidate ON candidate_link (candidate_id);
CREATE TABLE application (id INTEGER PRIMARY KEY,
  candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
  stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'rejected', 'withdrawn', 'hired')),
  reason TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, stage_entered_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL, UNIQUE (candidate_id, role_id));
CREATE INDEX application_role_stage ON application (role_id, stage_id, status);
CREATE INDEX application_role ON application (role_id, id);
CREATE TABLE stage_event (id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  from_stage_id INTEGER REFERENCES stage (id) ON DELETE RESTRICT,
  to_stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
  from_status TEXT CHECK (from_status IS NULL OR from_status IN ('active', 'rejected', 'withdrawn', 'hired')),
  to_status TEXT NOT NULL CHECK (to_status IN ('active', 'rejected', 'withdrawn', 'hired')),
  at BIGINT NOT NULL, actor_id INTEGER REFERENCES person (id) ON DELETE SET NULL,
  reason TEXT NOT NULL DEFAULT '');
CREATE INDEX stage_event_application ON stage_event (application_id, at);
"""

# The import itself, timed: per connection pragmas as ours, then the file.
IMPORT_SCRIPT = """PRAGMA foreign_keys = ON;
PRAGMA synchronous = FULL;
PRAGMA temp_store = MEMORY;
PRAGMA secure_delete = ON;
CREATE TEMP TABLE import_csv (name TEXT, email TEXT, phone TEXT, location TEXT, source TEXT, github TEXT);
.import --csv --skip 1 --schema temp '{csv}' import_csv
BEGIN IMMEDIATE;
INSERT INTO candidate (id, name, phone, location, source, created_at)
  SELECT rowid, trim(name), trim(phone), trim(location), trim(source), 1717200000 FROM temp.import_csv;
INSERT INTO candidate_email (candidate_id, email, normalized, position)
  SELECT rowid, trim(email), lower(trim(email)), 0 FROM temp.import_csv;
INSERT INTO candidate_search (rowid, text) SELECT id * 2, name FROM candidate;
INSERT INTO candidate_search (rowid, text) SELECT id * 2 + 1, email FROM candidate_email;
INSERT INTO candidate_link (candidate_id, kind, url, normalized)
  SELECT rowid, 'github', trim(github), lower(replace(trim(github), 'https://', '')) FROM temp.import_csv;
INSERT INTO application (id, candidate_id, role_id, stage_id, status, created_at, stage_entered_at, updated_at)
  SELECT rowid, rowid, 1, 1, 'active', 1717200000, 1717200000, 1717200000 FROM temp.import_csv;
INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id, reason)
  SELECT id, NULL, stage_id, NULL, status, created_at, 1, '' FROM application;
COMMIT;
SELECT count(*) FROM stage_event;
"""

# The same five tables on PostgreSQL, as migrations.cpp makes them there (identity ids;
# lower(name) for the case-insensitive name order; stage_event's reverts_id, its partial
# unique index and its triggers, of which the one BEFORE INSERT fires its WHEN for each
# row), and the trigram indexes of names and emails: 12 index entries per candidate
# besides the primary keys. hireloop_refuse and
# hireloop_revert_mirrors stand in for Hireloop's functions (the import fires neither),
# role, stage and person for the rows they refer to.
PG_IMPORT_SCHEMA = """SET client_min_messages = warning;
CREATE FUNCTION hireloop_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN RAISE EXCEPTION '%', TG_ARGV[0]; END $$;
CREATE FUNCTION hireloop_revert_mirrors() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TABLE role (id INTEGER PRIMARY KEY);
CREATE TABLE stage (id INTEGER PRIMARY KEY);
CREATE TABLE person (id INTEGER PRIMARY KEY);
INSERT INTO role VALUES (1);
INSERT INTO stage VALUES (1);
INSERT INTO person VALUES (1);
CREATE TABLE candidate (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name TEXT NOT NULL CHECK (trim(name) <> ''), phone TEXT NOT NULL DEFAULT '', location TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '', notes TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, anonymized_at BIGINT);
CREATE INDEX candidate_name ON candidate (name);
CREATE INDEX candidate_name_nocase ON candidate (lower(name), id);
CREATE TABLE candidate_email (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
  email TEXT NOT NULL CHECK (email LIKE '%_@_%'), normalized TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0);
CREATE INDEX candidate_email_candidate ON candidate_email (candidate_id, position, id, email);
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX candidate_name_trigram ON candidate USING gin (name gin_trgm_ops);
CREATE INDEX candidate_email_trigram ON candidate_email USING gin (email gin_trgm_ops);
CREATE TABLE candidate_link (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('scholar', 'github', 'orcid', 'arxiv', 'linkedin', 'website', 'other')),
  url TEXT NOT NULL CHECK (trim(url) <> ''), normalized TEXT NOT NULL UNIQUE);
CREATE INDEX candidate_link_candidate ON candidate_link (candidate_id);
CREATE TABLE application (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
  stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'rejected', 'withdrawn', 'hired')),
  reason TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, stage_entered_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL, UNIQUE (candidate_id, role_id));
CREATE INDEX application_role_stage ON application (role_id, stage_id, status);
CREATE INDEX application_role ON application (role_id, id);
CREATE TABLE stage_event (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  from_stage_id INTEGER REFERENCES stage (id) ON DELETE RESTRICT,
  to_stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
  from_status TEXT CHECK (from_status IS NULL OR from_status IN ('active', 'rejected', 'withdrawn', 'hired')),
  to_status TEXT NOT NULL CHECK (to_status IN ('active', 'rejected', 'withdrawn', 'hired')),
  at BIGINT NOT NULL, actor_id INTEGER REFERENCES person (id) ON DELETE SET NULL,
  reason TEXT NOT NULL DEFAULT '', reverts_id INTEGER REFERENCES stage_event (id) ON DELETE CASCADE);
CREATE INDEX stage_event_application ON stage_event (application_id, at);
CREATE UNIQUE INDEX stage_event_reverts ON stage_event (reverts_id) WHERE reverts_id IS NOT NULL;
CREATE TRIGGER stage_event_append_only BEFORE UPDATE OF application_id, from_stage_id, to_stage_id, from_status,
  to_status, at, actor_id, reverts_id ON stage_event
  FOR EACH ROW EXECUTE FUNCTION hireloop_refuse('stage history is append-only');
CREATE TRIGGER stage_event_reason_erase_only BEFORE UPDATE OF reason ON stage_event
  FOR EACH ROW WHEN (NEW.reason <> '') EXECUTE FUNCTION hireloop_refuse('a stage event''s reason can only be erased');
CREATE TRIGGER stage_event_revert_mirrors BEFORE INSERT ON stage_event
  FOR EACH ROW WHEN (NEW.reverts_id IS NOT NULL) EXECUTE FUNCTION hireloop_revert_mirrors();
"""

# The import itself, timed: the file into a temporary table, then in one transaction
# with Hireloop's write lock (an advisory lock on 0x484C5031) the rows, numbered in file
# order, and the id sequences moved past them (Database::noteExplicitIds).
PG_IMPORT_SCRIPT = """CREATE TEMP TABLE import_csv (n INTEGER GENERATED ALWAYS AS IDENTITY, name TEXT, email TEXT,
  phone TEXT, location TEXT, source TEXT, github TEXT);
\\copy import_csv (name, email, phone, location, source, github) FROM '{csv}' WITH (FORMAT csv, HEADER true)
BEGIN;
SELECT pg_advisory_xact_lock(1212960817);
INSERT INTO candidate (id, name, phone, location, source, created_at)
  SELECT n, trim(name), trim(phone), trim(location), trim(source), 1717200000 FROM import_csv;
INSERT INTO candidate_email (candidate_id, email, normalized, position)
  SELECT n, trim(email), lower(trim(email)), 0 FROM import_csv;
INSERT INTO candidate_link (candidate_id, kind, url, normalized)
  SELECT n, 'github', trim(github), lower(replace(trim(github), 'https://', '')) FROM import_csv;
INSERT INTO application (id, candidate_id, role_id, stage_id, status, created_at, stage_entered_at, updated_at)
  SELECT n, n, 1, 1, 'active', 1717200000, 1717200000, 1717200000 FROM import_csv;
INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id, reason)
  SELECT id, NULL, stage_id, NULL, status, created_at, 1, '' FROM application;
SELECT setval(pg_get_serial_sequence('candidate', 'id'), (SELECT max(id) FROM candidate));
SELECT setval(pg_get_serial_sequence('application', 'id'), (SELECT max(id) FROM application));
COMMIT;
SELECT count(*) FROM stage_event;
"""

# What the comparison and the targets are about: bench name -> (label, target at 100k).
ROWS = [
    ("import_csv", "import of a candidates CSV", "<= 1.3x sqlite3"),
    ("debrief_summary", "debrief summary, every application", "<= 1.1x sqlite3"),
    ("export_summary_csv", "summary CSV export", "<= 500 ms"),
    ("open_first_screen", "open + first screen of the candidates", "<= 100 ms"),
    ("filter_keystroke", "one filter keystroke", "<= 16 ms"),
    ("search_all_roles", "one keystroke searching all roles", "<= 33 ms at 1M"),
    ("sort_score", "sort by weighted score", "<= 100 ms"),
    ("gui_cold_start", "GUI cold start to first paint", "<= 300 ms"),
    ("gui_peak_rss", "GUI peak RSS at first paint (MB)", "-"),
    ("gui_all_rows", "GUI: every row of the role in the pane", "-"),
    ("gui_all_rows_resident", "GUI resident memory, every row loaded (MB)", "<= 100 MB"),
    ("gui_all_rows_rss", "GUI peak RSS, loading every row (MB)", "-"),
    ("export_summary_pdf", "PDF debrief packet, every page (one run)", "–"),
    ("pdf_pages_per_s", "PDF packet pages per second", ">= 50"),
    ("pdf_peak_rss", "PDF packet peak RSS (MB)", "<= 300 MB"),
    ("import_gui_lateness", "GUI timer's worst lateness, import", "<= 16 ms"),
    ("load_gui_lateness", "GUI timer's worst lateness, rows loading", "<= 16 ms"),
]

# The same on the team database (--server): bench name -> (label, target at 100k).
PG_ROWS = [
    ("import_csv", "import of a candidates CSV", "<= 2x psql \\copy"),
    ("debrief_summary", "debrief summary, every application", "<= 1.5x psql"),
    ("open_first_screen", "open + first screen of the candidates", "<= 150 ms"),
    ("open_all_rows", "... every row in (on a worker thread)", "-"),
    ("load_gui_lateness", "GUI timer's worst lateness, rows loading", "<= 16 ms"),
]


def pg_uri(server, database):
    """The --server URI naming another database (login, host, socket folder kept)."""
    u = urllib.parse.urlsplit(server)
    return urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + database, u.query, u.fragment))


def run_psql(uri, script):
    """psql without ~/.psqlrc, stopping at the first error, rows as bare values."""
    out = subprocess.run(["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-d", uri],
                         input=script, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"compare: psql failed on {uri}:\n{out.stderr}")
    return out


def recreate_pg_database(server, name):
    run_psql(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE);\n"
                     f"CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8';\n")


def psql_import_ms(server, csv, n, runs):
    """Median wall milliseconds of psql's \\copy and the INSERTs, and the rows. Each run
    into a database of its own, made with the tables before the clock starts."""
    name = f"hireloop_bench_psql_import_{n}"
    uri = pg_uri(server, name)
    times = []
    try:
        for _ in range(runs):
            recreate_pg_database(server, name)
            run_psql(uri, PG_IMPORT_SCHEMA)
            start = time.perf_counter()
            out = run_psql(uri, PG_IMPORT_SCRIPT.format(csv=csv.replace("'", "''")))
            times.append((time.perf_counter() - start) * 1000)
            rows = int(out.stdout.strip().splitlines()[-1])
    finally:
        run_psql(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE);\n")
    return statistics.median(times), rows


def psql_summary_ms(server, n, runs):
    """Median wall milliseconds of the summary SQL on the pushed demo, as psql's \\timing
    reports them: one session that runs the statements runs times, as hireloop-bench
    reads the summary runs times over one connection."""
    sql = summary_sql(int(time.time()))
    script = "\\timing on\n\\o /dev/null\n" + "\n".join(sql * runs) + "\n"
    out = run_psql(pg_uri(server, f"hireloop_bench_{n}"), script)
    timed = [float(t) for t in re.findall(r"^Time: ([0-9.]+) ms", out.stdout, re.M)]
    if len(timed) != len(sql) * runs:
        sys.exit("compare: psql did not time every summary query:\n" + out.stdout + out.stderr)
    return statistics.median(sum(timed[i:i + len(sql)]) for i in range(0, len(timed), len(sql)))


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
        out = run_sqlite(db, IMPORT_SCRIPT.format(csv=csv))
        times.append((time.perf_counter() - start) * 1000)
        cpu.append(children_cpu_ms() - start_cpu)
        rows = int(out.stdout.strip().splitlines()[-1])
    return statistics.median(times), statistics.median(cpu), rows


def sqlite_summary_ms(db, runs, role=ROLE):
    """Median wall and CPU milliseconds of the summary SQL, as sqlite3's .timer reports them."""
    times, cpu = [], []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
        count, last = c.execute("SELECT (SELECT count(*) FROM application WHERE role_id = ?),"
                                " (SELECT max(id) FROM application)", (role,)).fetchone()
    sql = summary_sql(int(time.time()), role, count * 4 < (last or 0))
    script = ".timer on\n.output /dev/null\n" + "\n".join(sql) + "\n"
    for _ in range(runs):
        out = run_sqlite(db, script, readonly=True)
        timed = re.findall(r"Run Time: real ([0-9.]+) user ([0-9.]+) sys ([0-9.]+)", out.stdout + out.stderr)
        if len(timed) != len(sql):
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
    p.add_argument("--only", help="these measurements only (hireloop-bench names, comma-separated)")
    p.add_argument("--json", help="also write the benchmark's JSON lines here")
    p.add_argument("--markdown", help="also write the table here")
    p.add_argument("--server", help="also on this PostgreSQL server (postgresql://USER@HOST/postgres), "
                                    "against psql")
    p.add_argument("--roles", type=int, default=1, help="the demo spread over this many roles")
    p.add_argument("--role-of", choices=["largest", "smallest"], default="largest",
                   help="measure the largest role (the first) or the smallest (the last added)")
    a = p.parse_args()
    if not shutil.which("sqlite3"):
        sys.exit("compare: the sqlite3 shell is needed (apt-get install sqlite3)")
    if a.server and not shutil.which("psql"):
        sys.exit("compare: psql is needed for --server (apt-get install postgresql-client)")
    cache = os.path.abspath(a.cache)
    sizes = [int(s) for s in a.sizes.split(",") if s]

    ours = {}
    lines = []
    only = [o for o in (a.only or "").split(",") if o]
    proc = subprocess.Popen([a.bench, "--cache", cache, "--sizes", a.sizes, "--runs", str(a.runs)]
                            + (["--only", ",".join(only)] if only else [])
                            + (["--server", a.server] if a.server else [])
                            + ["--roles", str(a.roles), "--role-of", a.role_of],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        print(line, end="", flush=True)
        lines.append(line)
        m = json.loads(line)
        backend = m.get("backend", "sqlite")
        ours[(m["name"], m["candidates"], backend)] = m
        if m["name"] in ("gui_cold_start", "gui_all_rows"):
            rss = "gui_peak_rss" if m["name"] == "gui_cold_start" else "gui_all_rows_rss"
            ours[(rss, m["candidates"], backend)] = {"median_ms": m.get("gui_peak_rss_mb")}
            if "gui_resident_mb" in m:
                ours[("gui_all_rows_resident", m["candidates"], backend)] = {"median_ms": m["gui_resident_mb"]}
        if m["name"] == "export_summary_pdf":
            ours[("pdf_pages_per_s", m["candidates"], backend)] = {"median_ms": m.get("pages_per_s")}
            ours[("pdf_peak_rss", m["candidates"], backend)] = {"median_ms": m.get("peak_rss_mb")}
    if proc.wait() != 0:
        sys.exit("compare: hireloop-bench failed")
    if a.json:
        with open(a.json, "w") as f:
            f.writelines(lines)

    theirs = {}
    with tempfile.TemporaryDirectory(dir=cache) as work:
        for n in sizes:
            if only and "import_csv" not in only:
                break
            ms, cpu, rows = sqlite_import_ms(os.path.join(cache, f"import-{n}.csv"), a.runs, work)
            theirs[("import_csv", n)] = (ms, cpu)
            print(json.dumps({"name": "sqlite3_import", "candidates": n, "median_ms": round(ms, 2),
                              "cpu_median_ms": round(cpu, 2), "rows": rows}), flush=True)
        for n in sizes:
            if only and "debrief_summary" not in only:
                break
            demo = f"demo-{n}.sqlite" if a.roles == 1 else f"demo-{n}-r{a.roles}.sqlite"
            ms, cpu = sqlite_summary_ms(os.path.join(cache, demo), a.runs,
                                        a.roles if a.role_of == "smallest" else ROLE)
            theirs[("debrief_summary", n)] = (ms, cpu)
            print(json.dumps({"name": "sqlite3_summary", "candidates": n, "median_ms": round(ms, 2),
                              "cpu_median_ms": round(cpu, 2)}), flush=True)
    for n in sizes if a.server else []:
        if only and "import_csv" not in only:
            break
        ms, rows = psql_import_ms(a.server, os.path.join(cache, f"import-{n}.csv"), n, a.runs)
        theirs[("import_csv", n, "postgresql")] = (ms, None)
        print(json.dumps({"name": "psql_import", "candidates": n, "median_ms": round(ms, 2), "rows": rows}),
              flush=True)
    for n in sizes if a.server else []:
        if only and "debrief_summary" not in only:
            break
        ms = psql_summary_ms(a.server, n, a.runs)
        theirs[("debrief_summary", n, "postgresql")] = (ms, None)
        print(json.dumps({"name": "psql_summary", "candidates": n, "median_ms": round(ms, 2)}), flush=True)

    def fmt(v):
        return "–" if v is None else (f"{v:.0f}" if v >= 100 else f"{v:.1f}")

    # Wall-clock medians; where sqlite3 does the same work, the CPU-time ratio follows in
    # brackets (on a machine shared with other work the wall time swings, the CPU time less).
    # On the server the work is the server's processes', in neither CPU time: wall only.
    def make_table(rows, backend, baseline):
        header = "| measurement (median ms) | " + " | ".join(
            f"{n // 1000}k ours | {n // 1000}k {baseline} | {n // 1000}k ratio"
            + (" (cpu)" if backend == "sqlite" else "") for n in sizes) + " | target at 100k |"
        table = [header, "|" + "---|" * (2 + 3 * len(sizes))]
        for key, label, target in rows:
            derived = {"gui_peak_rss": "gui_cold_start", "gui_all_rows_rss": "gui_all_rows",
                       "gui_all_rows_resident": "gui_all_rows",
                       "pdf_pages_per_s": "export_summary_pdf",
                       "pdf_peak_rss": "export_summary_pdf"}
            if only and key not in only and derived.get(key) not in only:
                continue
            cells = []
            for n in sizes:
                m = ours.get((key, n, backend), {})
                o, ocpu = m.get("median_ms"), m.get("cpu_median_ms")
                t, tcpu = theirs.get((key, n) if backend == "sqlite" else (key, n, backend), (None, None))
                ratio = f"{o / t:.2f}×" if o is not None and t else "–"
                if ocpu is not None and tcpu:
                    ratio += f" ({ocpu / tcpu:.2f}×)"
                cells += [fmt(o), fmt(t), ratio]
            table.append(f"| {label} | " + " | ".join(cells) + f" | {target} |")
        return table

    table = make_table(ROWS, "sqlite", "sqlite3")
    if a.server:
        table += ["", "On PostgreSQL (the team database, over its socket):", ""]
        table += make_table(PG_ROWS, "postgresql", "psql")
    print()
    print("\n".join(table))
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("\n".join(table) + "\n")


if __name__ == "__main__":
    main()
