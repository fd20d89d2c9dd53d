#!/usr/bin/env bash
# The suites of `npm test`, after its build: the parallel suites (unit, api, service, system, browser in two Jest
# workers) and the resilience drills side by side. The drills still run one at a time, in band, in their own Jest
# (their timing is the point: they wait on restarts, timeouts and drains, which the waits scale with the machine);
# running them beside the parallel suites rather than after them uses the time they spend waiting. Both must pass.
set -u
cd "$(dirname "$0")/.."

# The drills' own Jest makes its worker database from TEST_DATABASE_URL like the parallel one does: a name of its own,
# so neither drops the other's (`<name>_drills_w1` against `<name>_w1`, `<name>_w2`).
drills_env=()
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  drills_env=(TEST_DATABASE_URL="${TEST_DATABASE_URL%/*}/${TEST_DATABASE_URL##*/}_drills")
fi

drills_log=$(mktemp -t okb-drills-XXXXXX.log)
started=$(date +%s)
env "${drills_env[@]}" npm run test:drills --silent >"$drills_log" 2>&1 &
drills=$!

npm run test:parallel --silent
parallel_status=$?
echo "test:parallel ended ($parallel_status) after $(( $(date +%s) - started )) s; waiting for the drills"

wait "$drills"
drills_status=$?
echo "=== test:drills (run beside test:parallel; $drills_status after $(( $(date +%s) - started )) s) ==="
cat "$drills_log"
rm -f "$drills_log"

[ "$parallel_status" -eq 0 ] && [ "$drills_status" -eq 0 ]
