#!/bin/sh
# The hireloop_ts target extracts the user-visible strings: the .ts file is there after it
# and holds strings a user reads in the window.
#   translations.sh BUILD_DIR TS_FILE
set -u
build=$1 ts=$2
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

cmake --build "$build" --target hireloop_ts || exit 1
[ -s "$ts" ] || { echo "FAIL: $ts was not written" >&2; exit 1; }
grep -q '<TS version="[0-9.]*" language="en"' "$ts" || fail "not a TS file for en"
for text in "Record Decision" "Schedule Interview" "&amp;Candidates"; do
  grep -q "<source>$text</source>" "$ts" || fail "\"$text\" was not extracted"
done
count=$(grep -c "<source>" "$ts")
[ "$count" -ge 500 ] || fail "only $count strings extracted"
echo "$count strings in $ts"
exit $status
