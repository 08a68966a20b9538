#!/usr/bin/env bash
# `npm test`: the whole suite. Types, unit and integration tests on PostgreSQL,
# then end-to-end tests in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-node.mjs
bash scripts/ensure-system-deps.sh
echo "== Types"
npm run --silent typecheck
echo "== Production build"
node scripts/build-if-stale.ts
echo "== Unit and integration tests (vitest)"
vitest run
echo "== End-to-end tests (Playwright, Chromium)"
playwright test
