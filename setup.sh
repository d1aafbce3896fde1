#!/usr/bin/env bash
# Sets up Hireloop on Debian 12: installs the packages that are missing (through sudo
# when not root), builds, then starts the app or runs every test.
#
#   ./setup.sh run [APP ARGS...]   build and start Hireloop (default database unless --db PATH)
#   ./setup.sh test                build with warnings as errors and run every test offscreen
#   ./setup.sh build               only install and build
set -euo pipefail
cd "$(dirname "$0")"

mode=${1:-}
[ $# -gt 0 ] && shift
case "$mode" in
  run|test|build) ;;
  *) echo "usage: $0 run [APP ARGS...] | test | build" >&2; exit 2 ;;
esac

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libqt6svg6 qt6-qpa-plugins libgl-dev
  qt6-charts-dev libqt6opengl6-dev poppler-utils fonts-dejavu-core sqlite3
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

build=${HIRELOOP_BUILD_DIR:-build}
werror=OFF
[ "$mode" = test ] && werror=ON
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIRELOOP_WERROR=$werror >/dev/null
cmake --build "$build" --parallel "$(nproc)"

case "$mode" in
  run) exec "$build/app/hireloop" "$@" ;;
  test)
    cd "$build"
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)"
    ;;
esac
