import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
// Made once by the runner; its workers load this file again and inherit the variable.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "e2e-data-")));

/**
 * The longest spec files, longest first (seconds of their tests in a quiet CI-like run, two
 * workers), started before the others so that the run does not end with one of them in one worker
 * while the other has nothing left to do. Playwright takes files in alphabetical order within a
 * project: these are a project of their own, listed first.
 */
const LONGEST_SPECS = [
  "reviews.spec.ts", // 100
  "articles.spec.ts", // 80, most of it waiting for the time it scheduled
  "site-content.spec.ts", // 73
  "review-mail-durability.spec.ts", // 58
  "admin.spec.ts", // 57
  "admin-recipes.spec.ts", // 53
  "one-of-everything.spec.ts", // 47
  "narrow-screens.spec.ts", // 41
  "accessibility.spec.ts", // 37
  "home.spec.ts", // 36
  "booking-waiting-list.spec.ts", // 30
].map((file) => `**/${file}`);
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: "tests/e2e",
  // One migrated cluster per run, copied for each server a spec starts (decision 51).
  globalSetup: "./tests/support/e2e-global-setup.ts",
  // Spec files run side by side in two workers, the tests of one file in order in one worker (they
  // share the servers its beforeAll starts). Each file starts its servers on free ports with data
  // directories of their own, so two files share nothing but the read-only server below (decision 50).
  // Two: one per core (E2E_WORKERS overrides; 1 to debug).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A new data directory starts its own PostgreSQL cluster (initdb), slow on a busy machine.
  timeout: 60_000,
  // An assertion waits up to 10 s for its signal: CI's fresh machine answers slower than this one.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./tests/support/failure-context-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: chromiumLaunchOptions,
    // Here a failed test keeps its trace: each action with the page's DOM, network and console,
    // without the screencast (a sixth of the run's time). CI keeps only the output, where the failure
    // reporter prints the page, so a trace there is recorded for nobody: re-run the spec here for one.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
  },
  // Desktop by default; layout and accessibility specs also set the phone viewport (tests/support/viewports.ts).
  projects: [
    { name: "chromium-longest", testMatch: LONGEST_SPECS, use: desktop },
    { name: "chromium", testIgnore: LONGEST_SPECS, use: desktop },
  ],
  webServer: {
    // The production server on a fresh data directory (npm test builds first).
    command: "node scripts/build-if-stale.ts && exec node build/server/start.js",
    url: `http://localhost:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    // A kill would leave the server's PostgreSQL running.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Two server processes: the pages must work whichever one answers.
      WEB_CONCURRENCY: "2",
      E2E_DATA_DIR: dataDir,
    },
  },
});
