#!/bin/sh
# The desktop entry and the AppStream metainfo as the desktop's own validators read them,
# and the id that names them used the same everywhere.
#   validatefiles.sh SOURCE_DIR APP_ID VERSION
set -u
src=$1 id=$2 version=$3
desktop="$src/resources/desktop/$id.desktop"
metainfo="$src/resources/desktop/$id.metainfo.xml"
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# desktop-file-validate prints errors, warnings and hints; any of them fails the test.
out=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate exited $?"
[ -z "$out" ] || fail "desktop-file-validate: $out"

# Errors and warnings fail appstreamcli itself; --strict fails on info-level issues too.
appstreamcli validate --no-net --strict "$metainfo" || fail "appstreamcli validate --strict"

grep -qx "Name=Hireloop" "$desktop" || fail "Name is not Hireloop"
grep -qx "Icon=$id" "$desktop" || fail "Icon is not $id"
grep -qx "Exec=hireloop %f" "$desktop" || fail "Exec does not start hireloop"
grep -q "<id>$id</id>" "$metainfo" || fail "metainfo id is not $id"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$metainfo" || fail "launchable is not $id.desktop"
grep -q "<release version=\"$version\"" "$metainfo" || fail "no release $version (the project's version) in the metainfo"
exit $status
