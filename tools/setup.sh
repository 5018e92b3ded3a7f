#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian machine: system packages
# (chromium for the browser tests, graphviz for the flowcharts), a virtual environment
# in .venv/ and the Python packages. Safe to run again.
#
# --bench also installs what only the benchmarks use: Debian's nodejs and npm, and in
# bench/node_modules/ the npm packages of bench/package.json (Lighthouse, workbox-build).
# The build and the tests need no Node.
set -euo pipefail
cd "$(dirname "$0")/.."

bench=0
[ "${1:-}" = "--bench" ] && bench=1

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v dot >/dev/null 2>&1 || need+=(graphviz)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ "$bench" = 1 ]; then
  command -v node >/dev/null 2>&1 || need+=(nodejs)
  command -v npm >/dev/null 2>&1 || need+=(npm)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}"
fi

PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
if [ "$bench" = 1 ]; then
  # exact versions in bench/package.json; no lock file is written (the tree stays clean)
  npm install --prefix bench --no-package-lock --no-audit --no-fund --loglevel=error
  echo "setup: bench tools installed in bench/node_modules"
fi
echo "setup: done (.venv ready, bridgelaw installed)"
