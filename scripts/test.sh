#!/usr/bin/env bash
# `npm test`: the whole suite. Lint, types and the code's rules; unit and integration tests on
# PostgreSQL; end-to-end tests in Chromium against the production build. Independent phases run side
# by side on the two cores: each line of output starts with its phase's name, a table at the end
# gives each phase's outcome, wall time and CPU time, and the run fails if any phase failed.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-node.mjs
bash scripts/ensure-system-deps.sh

# Every test's temporary files (data directories, PostgreSQL clusters, uploads) go in one
# directory per run, removed when the run ends however it ends: a run writes over 1 GB
# there, and repeated runs would otherwise fill the disk. Runs killed outright (kill -9)
# leave theirs; the next run removes those whose process is gone.
scratch_parent=${TMPDIR:-/tmp}
for old in "$scratch_parent"/studio-test-*; do
  [ -d "$old" ] || continue
  pid=${old##*/studio-test-}
  pid=${pid%%-*}
  kill -0 "$pid" 2>/dev/null || rm -rf "$old"
done
scratch=$(mktemp -d "$scratch_parent/studio-test-$$-XXXXXX")
# As root the embedded PostgreSQL runs as the postgres user, who must pass through to its cluster.
chmod 711 "$scratch"
results=$(mktemp -d "$scratch_parent/studio-test-$$-results-XXXXXX")

# Each phase in the background is a process group of its own (job control), so that a run that
# ends early (a signal, an error here) ends every phase's processes before removing the scratch.
set -m
phases=()
stop_phases() {
  for pid in "${phases[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${phases[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$scratch" "$results"
}
trap stop_phases EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export TMPDIR=$scratch

# The CPU time of the processes this shell has waited for, in seconds (user + system), from `times`
# run in that shell (a command substitution would be another process, with no children yet).
cpu_seconds() {
  awk 'function secs(t) { split(t, p, /[ms]/); return p[1] * 60 + p[2] }
    NR == 2 { printf "%.0f", secs($1) + secs($2) }' "$1"
}

# phase NAME COMMAND…: runs the command with its output's lines prefixed by [NAME], and records its
# exit status, wall time and CPU time (its processes and theirs) for the table at the end.
phase() {
  local name=$1 started=$SECONDS status
  shift
  echo "[$name] started: $*"
  # A subshell, so that `times` counts this phase's processes only.
  (
    set +e +m
    "$@" 2>&1 | sed -u "s/^/[$name] /" | tee "$results/$name.log"
    status=${PIPESTATUS[0]}
    times >"$results/$name.times"
    echo "$status $((SECONDS - started)) $(cpu_seconds "$results/$name.times")" >"$results/$name"
  ) || true
  read -r status _ <"$results/$name" || status=1
  if [ "$status" -eq 0 ]; then echo "[$name] passed"; else echo "[$name] FAILED (exit $status)"; fi
}

# In the background, a process group of its own (its id is the job's pid); a phase's own
# background processes stay in it.
background() {
  "$@" &
  phases+=("$!")
}

checks() {
  phase lint npm run --silent lint
  phase types npm run --silent typecheck
  phase dependencies npm run --silent check:dependencies
  phase ways npm run --silent check:ways
}

# The first start from a private directory runs `npm ci` and a whole site: not beside the other
# vitest files, so that its disk and CPU do not slow the tests that time a server's start.
first_start=tests/integration/root-private-directory.test.ts

# The build, then the tests that run it. Playwright starts as vitest ends, beside the first start.
tests() {
  phase build node scripts/build-if-stale.ts
  read -r status _ <"$results/build"
  [ "$status" -eq 0 ] || return 0
  phase vitest vitest run --exclude "$first_start"
  phase first-start vitest run "$first_start" &
  phase e2e playwright test
  wait
}

# The checks need nothing but the sources: beside everything else from the start. The script
# itself only waits, so that a signal ends the run at once.
background checks
background tests
for pid in "${phases[@]}"; do wait "$pid" || true; done

echo
echo "== Phases (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-14s %-8s %10s %10s\n' phase outcome "wall (s)" "CPU (s)"
failed=0
for name in lint types dependencies ways build vitest first-start e2e; do
  if [ -f "$results/$name" ]; then
    read -r status wall cpu <"$results/$name"
    outcome=passed
    [ "$status" -eq 0 ] || { outcome=FAILED; failed=1; }
  else
    outcome="not run" wall=- cpu=-
    failed=1
  fi
  printf '%-14s %-8s %10s %10s\n' "$name" "$outcome" "$wall" "$cpu"
done
echo "total wall: $SECONDS s"
# A failed phase's failures again, last, where a reader of the log's tail (CI) sees them.
for name in vitest first-start e2e lint types dependencies ways build; do
  [ -f "$results/$name" ] && read -r status _ <"$results/$name" && [ "$status" -ne 0 ] || continue
  echo
  echo "== What failed in $name"
  grep -E 'FAIL |✘|×|[0-9]+\) \[|[0-9]+ failed|Error:|error TS|✖|expected' "$results/$name.log" | head -60 || true
done
exit "$failed"
