#!/usr/bin/env bash
# npm run bench:browser → scripts/bench-browser.ts (needs Debian's chromium at /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "bench:browser needs chromium: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
exec node node_modules/tsx/dist/cli.mjs scripts/bench-browser.ts "$@"
