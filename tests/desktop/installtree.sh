#!/bin/sh
# `cmake --install` into a throwaway DESTDIR: the binaries, the desktop entry, the icon and
# the metainfo land where the desktop looks for them, and the installed tree validates.
#   installtree.sh BUILD_DIR APP_ID SOURCE_DIR
set -u
build=$1 id=$2 src=$3
dest=$(mktemp -d /tmp/hireloop-install.XXXXXX) || exit 1
trap 'rm -rf "$dest"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

DESTDIR="$dest" cmake --install "$build" --prefix /usr >"$dest.log" 2>&1 || { cat "$dest.log" >&2; rm -f "$dest.log"; exit 1; }
rm -f "$dest.log"
root="$dest/usr"
for f in bin/hireloop bin/hireloop-cli; do
  [ -x "$root/$f" ] || fail "$f is not installed (or not executable)"
done
for f in "share/applications/$id.desktop" "share/icons/hicolor/scalable/apps/$id.svg" "share/metainfo/$id.metainfo.xml"; do
  [ -s "$root/$f" ] || fail "$f is not installed"
done
cmp -s "$root/share/icons/hicolor/scalable/apps/$id.svg" "$src/resources/icons/hireloop.svg" \
  || fail "the installed icon is not the application's icon"
grep -q "<svg" "$root/share/icons/hicolor/scalable/apps/$id.svg" || fail "the icon is not an SVG"
out=$(desktop-file-validate "$root/share/applications/$id.desktop" 2>&1) || fail "desktop-file-validate exited $?"
[ -z "$out" ] || fail "installed desktop file: $out"
# The installed tree as a whole: metainfo, the desktop entry it launches, the icon.
appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
# The Exec line's program is one the install put in bin/.
exec_bin=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$root/share/applications/$id.desktop")
[ -x "$root/bin/$exec_bin" ] || fail "Exec=$exec_bin is not an installed program"
exit $status
