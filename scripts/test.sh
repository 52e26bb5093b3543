#!/usr/bin/env bash
# Every test, from a fresh clone: installs what it needs (npm packages; Debian's chromium for the
# browser tests when it is missing and we are root), type-checks both configs, then runs vitest.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's chromium for the browser tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "!! /usr/bin/chromium is missing and cannot be installed here (need root + apt-get): browser tests will fail" >&2
  fi
fi

echo "== typecheck"
npx tsc --noEmit -p tsconfig.json
npx tsc --noEmit -p src/tsconfig.core.json

if [ "$#" -gt 0 ]; then
  npx vitest run "$@"
  exit
fi
# The real-browser tests run after the rest, so their timings do not compete with the
# property and golden tests for this machine's two cores.
mkdir -p test/artifacts
status=0
echo "== vitest: core + dom"
npx vitest run --project core --project dom --reporter=default --reporter=json --outputFile.json=test/artifacts/vitest-core.json || status=$?
echo "== vitest: browser (Debian chromium)"
npx vitest run --project browser --reporter=default --reporter=json --outputFile.json=test/artifacts/vitest-browser.json || status=$?

# One plain closing line for both runs: "tests: N passed, N failed".
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  for (const f of process.argv.slice(1)) {
    try { const r = JSON.parse(fs.readFileSync(f, "utf8")); passed += r.numPassedTests; failed += r.numFailedTests; }
    catch { failed += 1; console.error("no results in " + f); }
  }
  console.log("tests: " + passed + " passed, " + failed + " failed");
' test/artifacts/vitest-core.json test/artifacts/vitest-browser.json
exit "$status"
