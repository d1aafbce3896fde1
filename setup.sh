#!/usr/bin/env bash
# Sets up Hireloop on Debian 12: installs the packages that are missing (through sudo
# when not root), builds, then starts the app or runs every test.
#
#   ./setup.sh run [APP ARGS...]   build and start Hireloop (default database unless --db PATH)
#   ./setup.sh test                build with warnings as errors and run every test offscreen
#   ./setup.sh build               only install and build
#   ./setup.sh sanitize            build everything with ASan + UBSan (build-sanitize/) and run
#                                  every test; any sanitizer report fails it
#   ./setup.sh fuzz [SECONDS]      build the libFuzzer targets with clang (build-fuzz/) and run
#                                  each for SECONDS (default 60) from its seed corpus; a crash fails it
#   ./setup.sh bench [--sizes 1000,10000,100000] [--runs N] [--roles N] [--role-of largest|smallest]
#                                  build in Release (build-bench/) and run hireloop-bench at 1k, 10k and
#                                  100k candidates with the sqlite3 comparison; prints JSON lines and a
#                                  table (databases are cached in build-bench/bench-cache); --roles
#                                  spreads the demo over N roles, measured at the largest or smallest
#   ./setup.sh teambench [--clients N] [--seconds S] [--candidates N] [--server URI] [--json FILE]
#                                  build hireloop-teambench in Release (build-bench/) and run issue #17's
#                                  20 clients × 60 s against one PostgreSQL server (its own throwaway
#                                  cluster unless --server); exits non-zero when a correctness figure fails
#   ./setup.sh latencybench [--candidates N] [--rtt 0,20,100,150] [--jitter MS] [--json FILE]
#                                  build hireloop-latencybench in Release (build-bench/) and run issue #21's
#                                  scripted window session on a throwaway cluster behind the delay proxy,
#                                  once per round-trip time; prints JSON lines and a table
set -euo pipefail
cd "$(dirname "$0")"

mode=${1:-}
[ $# -gt 0 ] && shift
case "$mode" in
  run|test|build|sanitize|fuzz|bench|teambench|latencybench) ;;
  *) echo "usage: $0 run [APP ARGS...] | test | build | sanitize | fuzz [SECONDS] | bench [--sizes LIST] [--runs N] [--roles N] [--role-of largest|smallest] | teambench [--clients N] [--seconds S] [--server URI] | latencybench [--candidates N] [--rtt LIST]" >&2; exit 2 ;;
esac

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libqt6svg6 qt6-qpa-plugins libgl-dev
  qt6-charts-dev libqt6opengl6-dev poppler-utils fonts-dejavu-core sqlite3 libsqlite3-dev python3
  clang libclang-rt-14-dev clang-format ccache git
  libqt6sql6-psql postgresql-15
  qtkeychain-qt6-dev gnome-keyring libsecret-1-0 dbus
  desktop-file-utils appstream qt6-l10n-tools
  python3-icalendar
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ccache, when it is there, for every build: paths under this folder are hashed relative
# to it, so another clone of the project on this machine reuses the same compiled objects.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi

# Every test under AddressSanitizer (leaks too) and UndefinedBehaviorSanitizer. ASan and
# LSan reports go to files as well as failing the program that made them, so one in a child
# process (the CLI the tests run) or in a test that expected a failure is still seen. GCC's
# UBSan runtime, linked beside ASan's, writes to stderr only (it ignores log_path): every
# UBSan report ends its program at once with exit code 86, which fails the test, or the
# test that started that program (they check the exact exit code).
if [ "$mode" = sanitize ]; then
  build=${HIRELOOP_SANITIZE_DIR:-build-sanitize}
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIRELOOP_SANITIZE=ON "${launcher[@]}" >/dev/null
  cmake --build "$build" --parallel "$(nproc)"
  reports="$(cd "$build" && pwd)/sanitizer-reports"
  rm -rf "$reports" && mkdir -p "$reports"
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86:log_path=$reports/asan:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86:log_path=$reports/ubsan"
  export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0"
  status=0
  (cd "$build" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)") || status=$?
  if [ -n "$(ls -A "$reports")" ]; then
    echo "Sanitizer reports:" >&2
    for f in "$reports"/*; do echo "== $f" >&2; cat "$f" >&2; done
    exit 1
  fi
  [ "$status" -eq 0 ] || exit "$status"
  echo "Sanitizers: every test passed with no AddressSanitizer, LeakSanitizer or UndefinedBehaviorSanitizer report"
  exit 0
fi

# Each fuzz target for a while from its seeds (tests/fuzz/corpus/<target>, kept as they
# are: new inputs go to a working corpus in the build folder). A crash leaves the input
# in build-fuzz/artifacts/; copy it to tests/fuzz/regressions/<target>/ once it is fixed.
if [ "$mode" = fuzz ]; then
  seconds=${1:-60}
  build=${HIRELOOP_FUZZ_DIR:-build-fuzz}
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIRELOOP_FUZZ=ON "${launcher[@]}" >/dev/null
  targets=(postingparser csvreader csvimport)
  cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]/#/fuzz_}"
  mkdir -p "$build/artifacts"
  export ASAN_OPTIONS="detect_leaks=1"
  export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  for t in "${targets[@]}"; do
    work="$build/corpus/$t"
    mkdir -p "$work"
    log="$build/fuzz_$t.log"
    if ! QT_QPA_PLATFORM=offscreen "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -print_final_stats=1 \
         -timeout=20 -rss_limit_mb=2048 -artifact_prefix="$build/artifacts/$t-" "$work" "tests/fuzz/corpus/$t" \
         >"$log" 2>&1; then
      tail -n 60 "$log" >&2
      echo "fuzz_$t: CRASH (input in $build/artifacts/; make it a regression: tests/fuzz/regressions/$t/)" >&2
      exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz_$t: ${runs:-?} executions in $seconds s, no crash ($(ls "$work" | wc -l) inputs in the working corpus)"
  done
  exit 0
fi

# The benchmark and its sqlite3 comparison, in a Release build of its own.
if [ "$mode" = bench ]; then
  build=${HIRELOOP_BENCH_DIR:-build-bench}
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
  cmake --build "$build" --parallel "$(nproc)" --target hireloop hireloop-bench
  exec python3 tests/bench/compare.py --bench "$build/tests/bench/hireloop-bench" --cache "$build/bench-cache" \
    --json "$build/bench.jsonl" --markdown "$build/bench.md" "$@"
fi

# Issue #17's many-client run (no lost updates, live windows), in the same Release build.
if [ "$mode" = teambench ]; then
  build=${HIRELOOP_BENCH_DIR:-build-bench}
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
  cmake --build "$build" --parallel "$(nproc)" --target hireloop-teambench
  exec "$build/tests/bench/hireloop-teambench" "$@"
fi

# Issue #21's latency lab: the window behind the delay proxy, in the same Release build.
if [ "$mode" = latencybench ]; then
  build=${HIRELOOP_BENCH_DIR:-build-bench}
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
  cmake --build "$build" --parallel "$(nproc)" --target hireloop-latencybench
  exec "$build/tests/bench/hireloop-latencybench" "$@"
fi

# The house style (.clang-format, close to Qt's) holds in every C++ file of the project;
# `git ls-files '*.cpp' '*.h' | xargs clang-format -i` applies it.
if [ "$mode" = test ] && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  if ! git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror; then
    echo "The files above are not in the house style: git ls-files '*.cpp' '*.h' | xargs clang-format -i" >&2
    exit 1
  fi
fi

build=${HIRELOOP_BUILD_DIR:-build}
werror=OFF
[ "$mode" = test ] && werror=ON
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIRELOOP_WERROR=$werror "${launcher[@]}" >/dev/null
cmake --build "$build" --parallel "$(nproc)"

case "$mode" in
  run) exec "$build/app/hireloop" "$@" ;;
  test)
    cd "$build"
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)"
    ;;
esac
