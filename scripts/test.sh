#!/usr/bin/env bash
# `npm test`: the whole suite. Types, unit and integration tests on PostgreSQL,
# then end-to-end tests in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-node.mjs
echo "== Lint and format (Biome)"
npm run --silent lint
bash scripts/ensure-system-deps.sh
echo "== Types"
npm run --silent typecheck
echo "== Dependency rules (dependency-cruiser)"
npm run --silent check:dependencies
echo "== One way for each step of a change (check:ways)"
npm run --silent check:ways
echo "== Production build"
node scripts/build-if-stale.ts
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
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export TMPDIR=$scratch

echo "== Unit and integration tests (vitest)"
# The first start from a private directory runs `npm ci` and a whole site: alone, after the
# rest, so its disk and CPU do not slow the tests that time a server's start.
first_start=tests/integration/root-private-directory.test.ts
vitest run --exclude "$first_start"
echo "== First start from a directory only its owner can enter (vitest)"
vitest run "$first_start"
echo "== End-to-end tests (Playwright, Chromium)"
playwright test
