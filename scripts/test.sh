#!/usr/bin/env bash
# Every test, from a fresh clone: installs what it needs (npm packages; Debian's chromium for the
# browser tests when it is missing and we are root), runs vitest and type-checks both configs
# (alongside the 'browser' project, whose files leave the cores room).
# It always ends with one line, "tests: N passed, N failed", where "failed" counts everything that
# did not pass (see scripts/testSummary.ts), and exits nonzero exactly when that count is not 0.
# A failed step (npm ci, the typecheck) ends it with "tests: 0 passed, 1 failed".
# Goldens are only compared here; `npm run test:update-goldens` rewrites them.
# With arguments (`npm test -- <vitest args>`), it type-checks first and hands them to vitest as they are.
set -euo pipefail
cd "$(dirname "$0")/.."

closed=0
close_early() {
  local rc=$?
  if [ "$closed" = 0 ]; then
    echo "!! npm test stopped early (exit $rc)" >&2
    echo "tests: 0 passed, 1 failed"
    exit 1
  fi
}
trap close_early EXIT

if ! node scripts/depsInstalled.mjs; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
fi

apt_updated=0
apt_install() { # PACKAGE: install a Debian package quietly (apt-get update once per run)
  if [ "$apt_updated" = 0 ]; then apt-get update -qq || return 1; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's chromium for the browser tests"
    apt_install chromium || echo "!! installing chromium failed: browser tests will fail" >&2
  else
    echo "!! /usr/bin/chromium is missing and cannot be installed here (need root + apt-get): browser tests will fail" >&2
  fi
fi

# The snapshot test (test/kafka) runs `highway snapshot` against librdkafka's mock cluster, driven by
# Debian's python3-confluent-kafka (Debian's /usr/bin/python3, not a pyenv python on PATH).
if ! /usr/bin/python3 -c 'import confluent_kafka' >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's python3-confluent-kafka for the snapshot test"
    apt_install python3-confluent-kafka || echo "!! installing python3-confluent-kafka failed: the snapshot test will fail" >&2
  else
    echo "!! /usr/bin/python3 cannot import confluent_kafka and it cannot be installed here (need root + apt-get): the snapshot test will fail" >&2
  fi
fi

# Both configs at once (tsc is mostly one thread; this machine has two cores); 0 when both pass.
typecheck() {
  local rc=0 page
  npx tsc --noEmit -p tsconfig.json &
  page=$!
  npx tsc --noEmit -p src/tsconfig.core.json || rc=1
  wait "$page" || rc=1
  return "$rc"
}

if [ "$#" -gt 0 ]; then
  echo "== typecheck (at ${SECONDS} s)"
  if ! typecheck; then
    echo "!! typecheck failed: no tests were run" >&2
    exit 1 # close_early prints the closing line
  fi
  closed=1
  exec npx vitest run "$@"
fi

# The real-browser tests run after the rest, so their timings do not compete with the
# property and golden tests for this machine's two cores. Old reports are removed first: a run
# that crashes before writing its report must not be judged by the previous one.
out=test/artifacts
mkdir -p "$out"
rm -f "$out/vitest-core.json" "$out/vitest-kafka.json" "$out/vitest-browser.json" "$out/vitest-browser-alone.json"
core=0
echo "== vitest: core + dom, and their files that replace modules, isolated (at ${SECONDS} s)"
npx vitest run --project core --project core-isolated --project dom --project dom-isolated --reporter=default --reporter=json --outputFile.json="$out/vitest-core.json" || core=$?
kafka=0
echo "== vitest: kafka (highway snapshot against librdkafka's mock cluster) (at ${SECONDS} s)"
npx vitest run --project kafka --reporter=default --reporter=json --outputFile.json="$out/vitest-kafka.json" || kafka=$?
# The page both browser projects serve, built once here from this tree (their global setup,
# test/browser/globalSetup.ts, builds it itself when this did not succeed, or when run on its own).
echo "== building the page for the browser tests (at ${SECONDS} s)"
if node node_modules/vite/bin/vite.js build --outDir "$out/dist-browser" --emptyOutDir --logLevel warn; then
  export HIGHWAY_BROWSER_DIST="$PWD/$out/dist-browser"
else
  echo "!! building the page failed: the browser projects build it again and report why" >&2
fi
# The typecheck runs beside the 'browser' project: those files mostly wait on the page's simulated
# clock (about half a core of the two), measure nothing in wall clock, and leave tsc room, where
# before it the typecheck held up everything for ~30 s. A failed typecheck still ends the run with
# "tests: 0 passed, 1 failed", before the files that must run alone.
echo "== typecheck, in the background (at ${SECONDS} s)"
typecheck >"$out/typecheck.log" 2>&1 &
typecheck_pid=$!
browser=0
echo "== vitest: browser (Debian chromium), two files at a time (at ${SECONDS} s)"
npx vitest run --project browser --maxWorkers=2 --reporter=default --reporter=json --outputFile.json="$out/vitest-browser.json" || browser=$?
typecheck_rc=0
wait "$typecheck_pid" || typecheck_rc=$?
echo "== typecheck done (at ${SECONDS} s)"
cat "$out/typecheck.log"
if [ "$typecheck_rc" != 0 ]; then
  echo "!! typecheck failed: the tests' results do not count" >&2
  exit 1 # close_early prints the closing line
fi
alone=0
echo "== vitest: browser, the files that measure wall-clock time, one at a time (at ${SECONDS} s)"
npx vitest run --project browser-alone --reporter=default --reporter=json --outputFile.json="$out/vitest-browser-alone.json" || alone=$?

# The closing line, and an exit code that agrees with it, whatever happens to the summary itself.
summary_rc=0
summary=$(npx tsx scripts/testSummary.ts "core + dom=$core=$out/vitest-core.json" "kafka=$kafka=$out/vitest-kafka.json" "browser=$browser=$out/vitest-browser.json" "browser alone=$alone=$out/vitest-browser-alone.json") || summary_rc=$?
closed=1
if [[ "$summary" =~ ^tests:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
  passed=${BASH_REMATCH[1]}
  failed=${BASH_REMATCH[2]}
  if [ "$failed" = 0 ] && [ "$summary_rc" != 0 ]; then
    echo "!! the summary exited $summary_rc" >&2
    failed=1
  fi
else
  echo "!! the test summary could not be computed (exit $summary_rc): ${summary:-no output}" >&2
  passed=0
  failed=1
fi
echo "tests: $passed passed, $failed failed"
[ "$failed" = 0 ]
